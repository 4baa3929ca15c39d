/**
 * The shared shape of "does the node's answer fit the question": each check names the field, what
 * the question implies and what the node said. A failed check never hides the data: pages show
 * what the node sent beside the verdict, and one banner at the top when any check failed.
 */

export interface AnswerCheck {
  /** The field of the answer that was checked, as the reader sees it (e.g. "number[2]", "hash"). */
  readonly field: string;
  /** What the question implies the field must be. */
  readonly expected: string;
  /** What the node answered. */
  readonly got: string;
  readonly ok: boolean;
  /** Why it matters or the likely cause, when the bare values do not say it. */
  readonly note?: string;
}

export interface AnswerReport {
  readonly checks: readonly AnswerCheck[];
  /** The checks that failed: the node answered something else. */
  readonly failed: readonly AnswerCheck[];
}

export function answerReport(checks: readonly AnswerCheck[]): AnswerReport {
  return { checks, failed: checks.filter((c) => !c.ok) };
}

/** Joins several reports (e.g. the transaction's and its receipt's) into one for the page banner. */
export function mergeReports(...reports: readonly (AnswerReport | undefined)[]): AnswerReport {
  return answerReport(reports.flatMap((r) => r?.checks ?? []));
}

export function check(field: string, expected: string, got: string, ok: boolean, note?: string): AnswerCheck {
  return note === undefined ? { field, expected, got, ok } : { field, expected, got, ok, note };
}

export const sameHex = (a: string | null | undefined, b: string | null | undefined): boolean =>
  typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/** The same checks with `prefix` before each field (e.g. "block hash", "Cyprus 1 number[2]"), to merge reports of several answers. */
export function prefixed(report: AnswerReport, prefix: string): AnswerReport {
  return answerReport(report.checks.map((c) => ({ ...c, field: `${prefix} ${c.field}` })));
}

/** The first failed check on `field`, for drawing a verdict beside that field. */
export function failedOn(report: AnswerReport | undefined, field: string): AnswerCheck | undefined {
  return report?.failed.find((c) => c.field === field);
}
