/**
 * `/sourcify`: Sourcify's verification API (lib/contracts/sourcify.ts) feeding the same verification
 * store as Etherscan's `/api`: a submission is a verification job like `verifysourcecode`'s
 * (queued within the same bounds, compiled on the same worker thread, stored in the same table),
 * so a contract verified either way is verified everywhere. Sourcify answers a verification
 * synchronously, so the answer waits for the job's verdict (at most the compiler's time limit).
 */
import { getAddress, type Address } from 'viem';
import { jobStatus, verifiedMatch } from '@/lib/index/contracts/verify-store';
import { parseCheckQuery, parseSourcifyRequest, SOURCIFY_NOT_FOUND, SOURCIFY_STATUS } from '@/lib/contracts/sourcify';
import { submitVerification } from './verify-jobs';
import { verifyContext, type VerifyContext } from './verify-context';

export interface SourcifyOptions {
  /** Tests hand theirs; the process's otherwise. */
  readonly context?: VerifyContext;
  /** This network's chain id. */
  readonly chainId: () => Promise<bigint | null>;
}

export interface SourcifyAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

const error = (message: string, status = 400): SourcifyAnswer => ({ status, body: { error: message } });

/** How often the job's row is read while the answer waits. */
const POLL_MS = 150;

async function context(options: SourcifyOptions): Promise<VerifyContext | string> {
  const ctx = options.context ?? (await verifyContext());
  return 'reason' in ctx ? ctx.reason : ctx;
}

/** `POST /sourcify`: the verdict as Sourcify gives it (`result[0].status` perfect or partial), or `{ error }`. */
export async function sourcifyVerify(body: unknown, client: string, options: SourcifyOptions): Promise<SourcifyAnswer> {
  const parsed = parseSourcifyRequest(body);
  if (typeof parsed === 'string') return error(parsed);
  const ours = await options.chainId();
  if (ours !== null && BigInt(parsed.chain) !== ours) return error(`chain ${parsed.chain} is not this network's (${ours})`);
  const ctx = await context(options);
  if (typeof ctx === 'string') return error(ctx, 503);
  const outcome = await submitVerification(parsed.submission, ctx, client);
  switch (outcome.kind) {
    case 'no-code':
      return error(outcome.message, 404);
    case 'too-large':
      return error(outcome.message, 413);
    case 'busy':
      return { status: outcome.scope === 'client' ? 429 : 503, body: { error: outcome.message }, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } };
    case 'unavailable':
      return error(outcome.reason, 503);
    case 'queued':
      break;
  }
  const deadline = Date.now() + ctx.compilers.timeoutMs + 30_000;
  for (;;) {
    const status = await jobStatus(ctx.db, outcome.guid);
    if (!status) return error('the verification job was lost', 500);
    if (status.state === 'fail') return error(status.reason ?? status.result, 400);
    if (status.state === 'pass' || status.state === 'already') {
      const kind = status.matchKind ?? (await verifiedMatch(ctx.db, parsed.submission.address)) ?? 'full';
      const address = getAddress(parsed.submission.address);
      return { status: 200, body: { result: [{ address, chainId: parsed.chain, status: SOURCIFY_STATUS[kind], libraryMap: {} }] } };
    }
    if (Date.now() > deadline) return error(`the verification (job ${outcome.guid}) is still running; ask check-all-by-addresses later`, 504);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** `GET /sourcify/check-all-by-addresses` (and the older check-by-addresses, `all` false): each address's match on this chain. */
export async function sourcifyCheck(search: URLSearchParams, options: SourcifyOptions, all = true): Promise<SourcifyAnswer> {
  const parsed = parseCheckQuery(search);
  if (typeof parsed === 'string') return error(parsed);
  const ours = await options.chainId();
  const ctx = await context(options);
  if (typeof ctx === 'string') return error(ctx, 503);
  const chainId = ours?.toString() ?? parsed.chainIds[0]!;
  const asked = parsed.chainIds.includes(chainId);
  const answers = await Promise.all(
    parsed.addresses.map(async (a: Address) => {
      const address = getAddress(a);
      const kind = asked ? await verifiedMatch(ctx.db, a) : null;
      if (!kind) return { address, status: SOURCIFY_NOT_FOUND };
      const status = SOURCIFY_STATUS[kind];
      return all ? { address, chainIds: [{ chainId, status }] } : { address, status, chainIds: [chainId] };
    }),
  );
  return { status: 200, body: answers };
}
