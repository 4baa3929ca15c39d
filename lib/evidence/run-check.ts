/**
 * "Check in this browser", the part that runs in the worker: fetch the explorer's bundle (or
 * gather one from the reader's own node), verify it, and say how long each took. Browser-safe;
 * the worker (components/evidence/evidence.worker.ts) only wires messages to it.
 */
import type { Address, Hash } from 'viem';
import { getChain, isChainName } from '@/lib/protocol/chains';
import { buildAddressBundle, buildBlockBundle, buildTxBundle } from './build-bundle';
import { jsonRpcSource } from './json-rpc-source';
import type { EvidenceReport } from './report';
import { verifyBundle } from './verify-bundle';

export type EvidenceTarget =
  | { readonly kind: 'tx'; readonly chain: string; readonly hash: Hash }
  | { readonly kind: 'block'; readonly chain: string; readonly hash: Hash }
  | { readonly kind: 'address'; readonly chain: string; readonly address: Address; readonly block?: string; readonly slots: readonly Hash[] };

export interface CheckRequest {
  readonly target: EvidenceTarget;
  /** The explorer's bundle URL (absolute, its query carrying the checkpoint), or the reader's node's URL for the target's chain. */
  readonly from: { readonly explorer: string } | { readonly node: string };
  /** The reader's pinned header hash. */
  readonly checkpoint?: Hash;
}

export type CheckResult =
  | {
      readonly ok: true;
      readonly report: EvidenceReport;
      readonly source: 'explorer' | 'node';
      /** The bundle's size as JSON text. */
      readonly bundleBytes: number;
      readonly fetchMs: number;
      /** verifyBundle alone. */
      readonly verifyMs: number;
      /** The newest header the bundle carries (offered to pin as a checkpoint). */
      readonly newest?: { readonly hash: string; readonly number: string };
    }
  | { readonly ok: false; readonly error: string };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function fromExplorer(url: string): Promise<{ json: unknown; bytes: number }> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const text = await response.text();
  if (!response.ok) {
    let reason = `HTTP ${response.status}`;
    try {
      const body = JSON.parse(text) as { error?: unknown };
      if (typeof body.error === 'string') reason = body.error;
    } catch {
      // not JSON: the status says it
    }
    throw new Error(`The explorer gave no bundle: ${reason}`);
  }
  return { json: JSON.parse(text), bytes: text.length };
}

async function fromNode(url: string, target: EvidenceTarget, checkpoint: Hash | undefined): Promise<{ json: unknown; bytes: number }> {
  if (!isChainName(target.chain)) throw new Error(`unknown chain ${target.chain}`);
  const chain = getChain(target.chain);
  const source = jsonRpcSource(url);
  const built =
    target.kind === 'tx'
      ? await buildTxBundle(source, { chain, hash: target.hash, checkpoint })
      : target.kind === 'block'
        ? await buildBlockBundle(source, { chain, hash: target.hash, checkpoint })
        : await buildAddressBundle(source, { chain, address: target.address, block: target.block ? BigInt(target.block) : undefined, slots: target.slots, checkpoint });
  const text = JSON.stringify(built.bundle);
  return { json: built.bundle, bytes: text.length };
}

function newestOf(json: unknown): { hash: string; number: string } | undefined {
  const items = (json as { headers?: { items?: unknown } } | null)?.headers?.items;
  if (!Array.isArray(items)) return undefined;
  const last = items[items.length - 1] as { hash?: unknown; number?: unknown } | undefined;
  const numbers = Array.isArray(last?.number) ? last.number : [];
  const number = numbers[numbers.length - 1];
  return typeof last?.hash === 'string' && typeof number === 'string' ? { hash: last.hash, number: BigInt(number).toString() } : undefined;
}

export async function runCheck(request: CheckRequest): Promise<CheckResult> {
  const started = performance.now();
  let got: { json: unknown; bytes: number };
  try {
    got = 'explorer' in request.from ? await fromExplorer(request.from.explorer) : await fromNode(request.from.node, request.target, request.checkpoint);
  } catch (error) {
    return { ok: false, error: message(error) };
  }
  const fetched = performance.now();
  const report = await verifyBundle(got.json, { checkpoint: request.checkpoint });
  const verifyMs = performance.now() - fetched;
  const newest = newestOf(got.json);
  return {
    ok: true,
    report,
    source: 'explorer' in request.from ? 'explorer' : 'node',
    bundleBytes: got.bytes,
    fetchMs: fetched - started,
    verifyMs,
    ...(newest ? { newest } : {}),
  };
}
