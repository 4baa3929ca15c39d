/**
 * An evidence bundle as the API answers it: the JSON, `immutable` once final (its headers end at
 * a fixed, deep height) and `no-store` before; a bundle that cannot be made is a JSON error with
 * the status its reason calls for (404 unknown, 400 a checkpoint out of reach, 409 pending or off
 * the node's chain, 503 a node down, 502 a node answer that cannot be read, naming chain and field).
 */
import { EvidenceError, type EvidenceProblem } from '@/lib/evidence/build-bundle';
import type { JsonAnswer } from '@/lib/routes/resolver';
import { describeFailure, isNodeDown } from '@/lib/server/node/node-errors';
import type { LoadedEvidence } from './load-evidence';

const STATUS: Readonly<Record<EvidenceProblem, number>> = { 'not-found': 404, 'bad-request': 400, conflict: 409, unavailable: 503 };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Told apart by name: route handlers and the clients that throw are bundled apart (lib/server/node/node-errors.ts). */
const named = (error: unknown, name: string) => error instanceof Error && error.name === name;

export async function evidenceAnswer(load: () => Promise<LoadedEvidence>): Promise<JsonAnswer> {
  try {
    const { built, final } = await load();
    return { status: 200, body: built.bundle, headers: { 'Cache-Control': final ? IMMUTABLE : 'no-store' } };
  } catch (error) {
    if (error instanceof EvidenceError || named(error, 'EvidenceError')) {
      return { status: STATUS[(error as EvidenceError).problem] ?? 500, body: { error: describeFailure(error) } };
    }
    if (isNodeDown(error)) return { status: 503, body: { error: describeFailure(error) }, headers: { 'Retry-After': '5' } };
    if (named(error, 'InvalidResponseError')) return { status: 502, body: { error: describeFailure(error) } };
    throw error;
  }
}

export function badRequest(error: string): JsonAnswer {
  return { status: 400, body: { error } };
}
