/**
 * The method table of one chain's endpoint: every method of spec §4.2–4.7 in the configured
 * namespace, plus getTransactionReceipt. Zone-only methods (state, transactions, txpool) answer
 * on a prime or region port with go-quai's own refusal ("… call can only be made in zone chain"),
 * txpool_* and debug_* answer "method not found" unless enabled, as on a default real node.
 *
 * The handlers live in `methods/`, one file per area; this composes them into the dispatch.
 */
import { methodNotFound } from './errors';
import { Params } from './params';
import type { Dispatch } from './server';
import { blockMethods } from './methods/blocks';
import { chainInfoMethods } from './methods/chain-info';
import { methodContext, type ChainEndpointContext, type Handlers } from './methods/context';
import { debugMethods } from './methods/debug';
import { netMethods } from './methods/net';
import { stateMethods } from './methods/state';
import { transactionMethods } from './methods/transactions';
import { txpoolMethods } from './methods/txpool';
import { traceMethods } from './methods/trace';

export function createDispatch(endpoint: ChainEndpointContext): Dispatch {
  const c = methodContext(endpoint);
  /** `<namespace>_<name>`, keyed by name. */
  const namespaced: Handlers = { ...chainInfoMethods(c), ...stateMethods(c), ...blockMethods(c), ...transactionMethods(c) };
  /** Methods outside the namespace, keyed by their full name. */
  const global: Handlers = { ...txpoolMethods(c), ...netMethods(c), ...debugMethods(c), ...traceMethods(c) };

  const prefix = `${endpoint.options.namespace}_`;
  return async (method, params) => {
    const [table, name] = method.startsWith(prefix) ? [namespaced, method.slice(prefix.length)] : [global, method];
    // hasOwn: "quai_constructor" or "quai_toString" must not reach Object.prototype.
    const handler = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!handler) throw methodNotFound(method);
    return handler(new Params(params));
  };
}
