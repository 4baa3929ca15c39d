/**
 * `/api?module=contract&…`: Etherscan's contract module answered from the verification tables,
 * the index's contract creations and the zone's node, for the contract actions of
 * lib/etherscan/registry.ts (through the EtherscanContext). Every answer is Etherscan's envelope
 * with HTTP 200 when the clients expect to read it (hardhat-verify refuses any other status before
 * it reads the message), 400 for malformed input, 413 for an input over the limit, 429 with
 * Retry-After when the client has its share of the verification queue waiting already, 503 without
 * an index or when the queue is full (with Retry-After).
 */
import type { Address } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import { similarIn } from '@/lib/server/contracts/similar-match';
import { notOk, type Envelope } from '@/lib/history/etherscan';
import type { AnswerKeep } from '@/lib/etherscan/envelope';
import { contractCreations } from '@/lib/index/readers/contract-creation-reader';
import { readVerified } from '@/lib/index/contracts/verify-store';
import { NOT_VERIFIED, parseContractRequest, sourceCodeEntry, type ContractRequest } from '@/lib/contracts/etherscan-contract';
import { verifiedContractOf } from './load-verified';
import { submitVerification, verificationStatus } from './verify-jobs';
import { verifyContext, type VerifyContext, type VerifyContextOrReason } from './verify-context';

export interface ContractApiOptions {
  /** Tests hand theirs; the process's otherwise. */
  readonly context?: VerifyContext;
  /** This network's chain id, which a `chainid` parameter must name. */
  readonly chainId: () => Promise<bigint | null>;
}

export interface ApiAnswer {
  readonly status: number;
  readonly body: Envelope & { readonly reason?: string };
  /** Beside Content-Type: Retry-After on a 429 or a 503 of a full queue. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether the page cache may keep it (lib/etherscan/envelope.ts): what the tables hold; never a failure. */
  readonly keep?: AnswerKeep;
}

const ok = (result: unknown, message = 'OK'): ApiAnswer => ({ status: 200, body: { status: '1', message, result }, keep: 'found' });
const bad = (message: string, status = 400): ApiAnswer => ({ status, body: notOk(message) });

/** The verified row of the contract whose code `address`'s is but for the metadata hash, or null. */
async function similarTwin(address: Address, ctx: VerifyContext) {
  let code;
  try {
    code = await ctx.node(zoneOf(address).name).getCode(address);
  } catch {
    return null;
  }
  const twin = await similarIn(ctx.db, address, code);
  return twin ? readVerified(ctx.db, twin) : null;
}

async function answer(request: ContractRequest, ctx: VerifyContext, client: string): Promise<ApiAnswer> {
  switch (request.action) {
    case 'verifysourcecode': {
      const outcome = await submitVerification(request.submission, ctx, client);
      switch (outcome.kind) {
        case 'queued':
          return ok(outcome.guid);
        case 'no-code':
          return { status: 200, body: { status: '0', message: 'NOTOK', result: outcome.message } };
        case 'too-large':
          return bad(outcome.message, 413);
        case 'busy':
          // Etherscan's own rate-limit answer, without the "Error!" of a malformed request.
          return {
            status: outcome.scope === 'client' ? 429 : 503,
            body: { status: '0', message: 'NOTOK', result: outcome.message },
            headers: { 'Retry-After': String(outcome.retryAfterSeconds) },
          };
        case 'unavailable':
          return bad(outcome.reason, 503);
      }
    }
    case 'checkverifystatus': {
      const outcome = await verificationStatus(request.guid, ctx);
      if (outcome.kind === 'unknown') return { status: 200, body: { status: '0', message: 'NOTOK', result: 'Unknown UID' } };
      if (outcome.kind === 'unavailable') return bad(outcome.reason, 503);
      const s = outcome.status;
      const good = s.state === 'pass' || s.state === 'already';
      return {
        status: 200,
        body: { status: good ? '1' : '0', message: good ? 'OK' : 'NOTOK', result: s.result, ...(s.reason ? { reason: s.reason } : {}) },
      };
    }
    case 'getsourcecode': {
      const row = await readVerified(ctx.db, request.address);
      if (row) return ok([sourceCodeEntry(verifiedContractOf(row))]);
      // Etherscan's similar match: the source of a verified contract whose code is this one's but for the metadata hash.
      const twin = await similarTwin(request.address, ctx);
      return ok([twin ? { ...sourceCodeEntry(verifiedContractOf(twin)), SimilarMatch: twin.address } : sourceCodeEntry(null)]);
    }
    case 'getabi': {
      const row = await readVerified(ctx.db, request.address);
      return row ? ok(row.abi) : { status: 200, body: { status: '0', message: 'NOTOK', result: NOT_VERIFIED } };
    }
    case 'getcontractcreation': {
      const rows = await contractCreations(ctx.db, request.addresses);
      const byAddress = new Map(rows.map((r) => [r.address, r]));
      const found = request.addresses.flatMap((a: Address) => {
        const r = byAddress.get(a);
        return r ? [{ contractAddress: r.address, contractCreator: r.creator, txHash: r.txHash, blockNumber: r.blockNumber.toString(), chain: r.chain }] : [];
      });
      return found.length > 0 ? ok(found) : { status: 200, body: { status: '0', message: 'No data found', result: [] }, keep: 'empty' };
    }
  }
}

/**
 * The answer to module=contract's parameters (query and form body merged), as lib/etherscan's
 * contract actions ask it; `client` is who asks (the rate limit's client key), for the queue's bounds.
 */
export async function contractAnswer(form: URLSearchParams, method: string, client: string, options: ContractApiOptions): Promise<ApiAnswer> {
  if (form.get('module') !== 'contract') return bad(`module "${(form.get('module') ?? '').slice(0, 40)}" is not supported here (module=contract)`);
  const chainid = form.get('chainid')?.trim();
  if (chainid) {
    if (!/^\d{1,20}$/.test(chainid)) return bad('chainid must be a decimal chain id');
    const ours = await options.chainId();
    if (ours !== null && BigInt(chainid) !== ours) return bad(`chainid ${chainid} is not this network's (${ours})`);
  }
  const parsed = parseContractRequest(form, method);
  if (typeof parsed === 'string') return bad(parsed);
  const ctx: VerifyContextOrReason = options.context ?? (await verifyContext());
  if ('reason' in ctx) return bad(ctx.reason, 503);
  try {
    return await answer(parsed, ctx, client);
  } catch (error) {
    return bad(`the index did not answer: ${(error as Error).message}`, 503);
  }
}
