/**
 * What the verifier says: one entry per check, by name, with what the bundle claims (`expected`)
 * and what the verifier recomputed from the committed data (`found`). A check either holds
 * (`pass`), does not (`fail`), or cannot be made from what the bundle holds (`unchecked`, with the
 * reason): nothing is skipped silently. Pure and browser-safe; the browser panel and the command
 * line draw the same report.
 */

export type CheckStatus = 'pass' | 'fail' | 'unchecked';

export interface EvidenceCheck {
  /** Stable names (docs/api.md): `header hash`, `seal`, `parent links`, `work`, `checkpoint`, … */
  readonly name: string;
  readonly status: CheckStatus;
  /** What the bundle claims (the node's field, the header's root). */
  readonly expected: string;
  /** What the verifier recomputed, or why it could not. */
  readonly found: string;
  /** What was checked, or why it matters, or why it cannot be checked here. */
  readonly detail?: string;
}

/**
 * What ties the bundle to the network's chain, said before any check: a checkpoint the reader
 * gave and the headers reach, or nothing (a bundle consistent only with itself).
 */
export interface Anchor {
  readonly anchored: boolean;
  /** One paragraph: what the anchor establishes, or what its absence leaves open. */
  readonly text: string;
}

export interface EvidenceReport {
  /** `checked`: no check failed (some may be unchecked, each saying why); `failed`: at least one failed. */
  readonly verdict: 'checked' | 'failed';
  /** One line naming what was checked: "transaction 0x… in block #12 of Cyprus 1". */
  readonly subject: string;
  readonly anchor: Anchor;
  readonly checks: readonly EvidenceCheck[];
  readonly failed: readonly EvidenceCheck[];
  readonly unchecked: readonly EvidenceCheck[];
}

export function pass(name: string, expected: string, found: string, detail?: string): EvidenceCheck {
  return detail === undefined ? { name, status: 'pass', expected, found } : { name, status: 'pass', expected, found, detail };
}

export function fail(name: string, expected: string, found: string, detail?: string): EvidenceCheck {
  return detail === undefined ? { name, status: 'fail', expected, found } : { name, status: 'fail', expected, found, detail };
}

export function unchecked(name: string, why: string, expected = '—'): EvidenceCheck {
  return { name, status: 'unchecked', expected, found: 'not checked', detail: why };
}

/** A condition of a check: when `ok` is false the check fails with this expectation and finding. */
export interface Condition {
  readonly ok: boolean;
  readonly expected: string;
  readonly found: string;
  readonly detail?: string;
}

/**
 * One check made of several conditions: it fails on the first that does not hold (naming it),
 * and passes with `summary` when all do.
 */
export function allOf(name: string, conditions: readonly Condition[], summary: Omit<Condition, 'ok'>): EvidenceCheck {
  const broken = conditions.find((c) => !c.ok);
  if (broken) return fail(name, broken.expected, broken.found, broken.detail);
  return pass(name, summary.expected, summary.found, summary.detail);
}

export function report(subject: string, checks: readonly EvidenceCheck[], anchor: Anchor): EvidenceReport {
  const failed = checks.filter((c) => c.status === 'fail');
  return { verdict: failed.length > 0 ? 'failed' : 'checked', subject, anchor, checks, failed, unchecked: checks.filter((c) => c.status === 'unchecked') };
}

const MARK: Readonly<Record<CheckStatus, string>> = { pass: '✓', fail: '✗', unchecked: '–' };

/** The report as lines of text (the command line's output). */
export function formatReport(r: EvidenceReport): string {
  const lines = [r.subject, '', `${r.anchor.anchored ? 'Anchored' : 'NOT ANCHORED'}: ${r.anchor.text}`, ''];
  for (const c of r.checks) {
    lines.push(`${MARK[c.status]} ${c.name}: ${c.status === 'unchecked' ? 'not checked' : c.status === 'pass' ? 'holds' : 'FAILS'}`);
    if (c.status !== 'unchecked') {
      lines.push(`    expected: ${c.expected}`, `    found:    ${c.found}`);
    }
    if (c.detail) lines.push(`    ${c.detail}`);
  }
  lines.push('');
  const held = r.checks.filter((c) => c.status === 'pass').length;
  const notChecked = r.unchecked.length ? `; ${r.unchecked.length} could not be checked (said above)` : '';
  lines.push(
    r.verdict === 'checked'
      ? `Checked: ${held} checks hold${notChecked}.`
      : `Failed: ${r.failed.map((c) => c.name).join(', ')}.`,
  );
  return lines.join('\n');
}
