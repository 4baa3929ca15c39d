/**
 * Everything the address page shows, read from the zone that owns the address.
 *
 * Round trips: with "latest", the first batch reads the head header (to pin the block number:
 * reading state at "latest" in several calls could straddle a new block and verify a proof
 * against the wrong root) together with the pool entries; the second batch reads balance, nonce,
 * code, proof and storage all at that pinned number. With an explicit block number everything
 * goes in one batch. Each read fails on its own: the page shows what did come back.
 *
 * Shared by concurrent viewers (lib/server/cache/coalesce.ts): the head header and the pool
 * entries while a read is in flight (they move at any time), the state at the pinned block, with
 * its proof verified, for two seconds by the block's hash (the same block, the same state): many
 * viewers of one address cost the node one proof per block, not one each.
 */
import type { Hash, Hex } from 'viem';
import type { Chain } from '@/lib/protocol/chains';
import type { AccountProof, Address, Header } from '@/lib/rpc/domain';
import { describeFailure, isUnserved } from '@/lib/server/node/node-errors';
import type { ChainClient } from '@/lib/rpc/client';
import type { AsOf } from '@/lib/routes/params/address-params';
import { checkAccount, checkStorage, type ProofVerdict, type StorageVerdict } from '@/lib/checks/account-proof';
import { answerReport, check, type AnswerCheck, type AnswerReport } from '@/lib/checks/answer';
import { describeOutcome, proven } from '@/lib/checks/proof-outcome';
import { checkHeaderAnswer } from '@/lib/checks/block-answer';
import { coalesceShared } from '@/lib/server/cache/coalesce';
import { getPoolFrom, type PoolFrom } from './pool-from';

export type Read<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly unserved: boolean; readonly message: string };

function read<T>(r: PromiseSettledResult<T>): Read<T> {
  if (r.status === 'fulfilled') return { ok: true, value: r.value };
  return { ok: false, unserved: isUnserved(r.reason), message: describeFailure(r.reason) };
}

export type PoolEntries = PoolFrom;

export interface AddressState {
  readonly zone: Chain;
  readonly address: Address;
  /** The header of the "as of" block; its stateRoot is what the proof is verified against. */
  readonly header: Header;
  readonly balance: Read<bigint>;
  readonly nonce: Read<bigint>;
  readonly code: Read<Hex>;
  readonly proof: Read<AccountProof>;
  readonly verdict?: ProofVerdict;
  readonly storage?: {
    readonly slot: Hash;
    readonly value: Read<Hex>;
    readonly verdict?: StorageVerdict;
  };
  readonly pool: Read<PoolEntries>;
  /** The "as of" header checked against the question (its height, its location in the zone). */
  readonly answers: AnswerReport;
}

export type AddressLoad =
  | { readonly kind: 'ok'; readonly state: AddressState }
  /** The requested block does not exist (yet): the tip is given when known. */
  | { readonly kind: 'no-block'; readonly requested: bigint; readonly tip?: bigint }
  | { readonly kind: 'error'; readonly message: string };

/** The proof and the plain answers as answer checks, for the page's one banner. */
function proofAnswers(verdict: ProofVerdict, header: Header): AnswerCheck[] {
  const where = `the stateRoot of block #${header.number[2]}`;
  if (!proven(verdict.outcome)) {
    return [check('account proof', `a proof against ${where} (${header.stateRoot})`, describeOutcome(verdict.outcome, `against ${where}`), false)];
  }
  return verdict.consistency.map((c) => check(c.label, 'the value the proof commits to', c.detail, c.ok));
}

export async function loadAddress(client: ChainClient, address: Address, asOf: AsOf, slot: Hash | undefined): Promise<AddressLoad> {
  const zone = client.chain.name;
  const poolPromise = coalesceShared(`pool-from:${zone}:${address.toLowerCase()}`, 0, () => getPoolFrom(client, address));
  let header: Header | null;
  try {
    header = await coalesceShared(`address-header:${zone}:${asOf}`, 0, async () => (await client.getHeaderByNumber({ blockNumber: asOf })) as Header | null);
  } catch (error) {
    poolPromise.catch(() => undefined);
    return { kind: 'error', message: describeFailure(error) };
  }
  if (!header) {
    poolPromise.catch(() => undefined);
    const tip = await client.getBlockNumber().catch(() => undefined);
    return { kind: 'no-block', requested: asOf === 'latest' ? 0n : asOf, tip };
  }

  const pinned = header;
  const key = `address-state:${zone}:${pinned.hash}:${address.toLowerCase()}:${slot ?? ''}`;
  const [{ state, verdict, storage }, pool] = await Promise.all([
    coalesceShared(key, 2_000, () => stateAt(client, address, pinned, slot)),
    poolPromise.then((value) => ({ status: 'fulfilled', value }) as const, (reason: unknown) => ({ status: 'rejected', reason }) as const),
  ]);
  const poolRead = read(pool);
  const answers = answerReport([
    ...checkHeaderAnswer(client.chain, asOf === 'latest' ? 'latest' : { kind: 'number', number: asOf }, header),
    ...(verdict ? proofAnswers(verdict, header) : []),
  ]);
  return {
    kind: 'ok',
    state: {
      zone: client.chain,
      address,
      header,
      ...state,
      verdict,
      storage,
      pool: poolRead,
      answers,
    },
  };
}

/** Balance, nonce, code, proof (and a slot) at the pinned block, one batch; the proof verified against its stateRoot. */
async function stateAt(client: ChainClient, address: Address, header: Header, slot: Hash | undefined) {
  const blockTag = header.number[2];
  const [balance, nonce, code, proof, storageValue] = await Promise.allSettled([
    client.getBalance({ address, blockTag }),
    client.getTransactionCount({ address, blockTag }),
    client.getCode({ address, blockTag }),
    client.getProof({ address, storageKeys: slot ? [slot] : [], blockTag }),
    slot ? client.getStorageAt({ address, position: slot, blockTag }) : Promise.resolve(undefined),
  ]);
  const state = {
    balance: read(balance),
    nonce: read(nonce),
    code: read(code),
    proof: read(proof),
  };
  const verdict = state.proof.ok
    ? checkAccount(header.stateRoot, state.proof.value, {
        balance: state.balance.ok ? state.balance.value : undefined,
        nonce: state.nonce.ok ? state.nonce.value : undefined,
        code: state.code.ok ? state.code.value : undefined,
      })
    : undefined;
  let storage: AddressState['storage'];
  if (slot) {
    const value = read(storageValue) as Read<Hex>;
    storage = {
      slot,
      value,
      verdict: state.proof.ok ? checkStorage(state.proof.value, slot, value.ok ? value.value : undefined) : undefined,
    };
  }
  return { state, verdict, storage };
}
