/**
 * Spec §4.3, accounts and state: zone-only reads at a block's state root (the pending block's
 * for "pending"), `call` and `estimateGas`, and `sendRawTransaction` into the zone's pool.
 */
import type { CallRequest } from '../../execution/api';
import { invalidParam, RpcError } from '../errors';
import { q } from '../format';
import { Params } from '../params';
import { stateAt } from '../resolve';
import type { Handlers, MethodContext } from './context';

/** Argument 0's call object, its fields checked as one argument's (an error names `transaction`). Shared with debug_traceCall. */
export function callRequest(p: Params): CallRequest {
  const o = p.object(0, 'transaction');
  const field = (name: string): unknown => o[name];
  const sub = new Params([field('from'), field('to'), field('gas'), field('gasPrice') ?? field('maxFeePerGas'), field('value'), field('data') ?? field('input')]);
  const wrap = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      // Re-label the nested field's error as argument 0's.
      if (error instanceof RpcError) throw invalidParam(0, 'transaction', error.message.replace(/^invalid argument \d+ /, ''));
      throw error;
    }
  };
  return wrap(() => ({
    ...(sub.has(0) ? { from: sub.address(0, 'from') } : {}),
    ...(sub.has(1) ? { to: sub.address(1, 'to') } : { to: null }),
    ...(sub.has(2) ? { gas: sub.quantity(2, 'gas') } : {}),
    ...(sub.has(3) ? { gasPrice: sub.quantity(3, 'gasPrice') } : {}),
    ...(sub.has(4) ? { value: sub.quantity(4, 'value') } : {}),
    ...(sub.has(5) ? { data: sub.data(5, 'data') } : {}),
  }));
}

export function stateMethods({ endpoint, store, zone, inScope }: MethodContext): Handlers {
  const pending = () => endpoint.miner?.pending;
  return {
    getBalance: async (p) => {
      const ex = zone('getBalance');
      const address = inScope(p.atMost(2).address(0));
      const view = stateAt(store, p.blockTag(1, 'blockNumber', 'latest'), pending());
      return q(await ex.getBalance(view.stateRoot, address));
    },
    getProof: async (p) => {
      const ex = zone('getProof');
      const address = inScope(p.atMost(3).address(0));
      const keys = p.array(1, 'storageKeys').map((key, i) => p.slot(1, `storageKeys[${i}]`, key));
      const view = stateAt(store, p.blockTag(2, 'blockNumber', 'latest'), pending());
      const proof = await ex.getProof(view.stateRoot, address, keys);
      return {
        address: proof.address, accountProof: [...proof.accountProof], balance: q(proof.balance),
        codeHash: proof.codeHash, nonce: q(proof.nonce), storageHash: proof.storageHash,
        storageProof: proof.storageProof.map((s) => ({ key: s.key, value: q(s.value), proof: [...s.proof] })),
      };
    },
    getCode: async (p) => {
      const ex = zone('getCode');
      const address = inScope(p.atMost(2).address(0));
      const view = stateAt(store, p.blockTag(1, 'blockNumber', 'latest'), pending());
      return ex.getCode(view.stateRoot, address);
    },
    getStorageAt: async (p) => {
      const ex = zone('getStorageAt');
      const address = inScope(p.atMost(3).address(0));
      const slot = p.slot(1, 'position');
      const view = stateAt(store, p.blockTag(2, 'blockNumber', 'latest'), pending());
      return ex.getStorageAt(view.stateRoot, address, slot);
    },
    getTransactionCount: async (p) => {
      const ex = zone('getTransactionCount');
      const address = inScope(p.atMost(2).address(0));
      const tag = p.blockTag(1, 'blockNumber', 'latest');
      if (tag === 'pending') return q(await ex.pendingNonce(store.head.header.stateRoot, address));
      const view = stateAt(store, tag, undefined);
      return q(await ex.getNonce(view.stateRoot, address));
    },
    call: async (p) => {
      const ex = zone('call');
      p.atMost(2);
      const request = callRequest(p);
      const view = stateAt(store, p.blockTag(1, 'blockNumber', 'latest'), pending());
      return ex.call(view.stateRoot, view.context, request);
    },
    estimateGas: async (p) => {
      const ex = zone('estimateGas');
      p.atMost(2);
      const request = callRequest(p);
      // Like geth, estimate on top of the pending state by default.
      const view = stateAt(store, p.blockTag(1, 'blockNumber', 'pending'), pending());
      return q(await ex.estimateGas(view.stateRoot, view.context, request));
    },
    sendRawTransaction: async (p) => {
      const ex = zone('sendRawTransaction');
      return ex.addRawTransaction(p.atMost(1).data(0, 'transactionData'));
    },
  };
}
