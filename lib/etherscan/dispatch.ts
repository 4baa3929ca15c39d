/**
 * One `/api` request from its URL to its answer: the query (and a POST's form body) → the action
 * of ./registry.ts → its method, parameters and zone checked → its handler → a node's failure
 * turned into Etherscan's envelope (503 down, 502 an answer that fails its checks, JSON-RPC's
 * error object for a proxy call the node refused). Never a 500: whatever is thrown is answered.
 *
 * The zone: `/chain/<zone>/api` (pathZone) or `&chain=<zone>`; an action about an address takes
 * its zone from the address's first byte (./action.ts, ZoneSource).
 */
import { isZoneName, zoneOf, ZONES, type ChainName } from '@/lib/protocol/chains';
import { readFormBody } from '@/lib/http/read-form';
import { CLIENT_HEADER } from '@/lib/http/rate-limit';
import type { EtherscanAction, EtherscanContext } from './action';
import { bad, rpcError, type EtherscanAnswer } from './envelope';
import { param, paramsProblem } from './params';
import { findEtherscanAction, ETHERSCAN_ACTIONS } from './registry';

/**
 * A form body larger than this is refused with 413 before it is read: verifysourcecode's standard
 * JSON input may be 3.5 MB (lib/server/contracts/queue-config.ts, MAX_INPUT_BYTES), and URL encoding
 * makes sources longer (a new line is %0A); the input's own size is checked once decoded.
 */
export const ETHERSCAN_BODY_LIMIT = 8 * 1024 * 1024;

const ZONE_LIST = ZONES.map((z) => z.name).join(', ');
const MODULES = [...new Set(ETHERSCAN_ACTIONS.map((a) => a.module))];

function hasName(error: unknown, ...names: string[]): boolean {
  return error instanceof Error && names.includes(error.name);
}

/** How to name a zone, for the 400 of an action that needs one. */
export function zoneHint(module: string, action: string): string {
  return `module=${module}&action=${action} needs a zone: call /chain/<zone>/api or add &chain=<zone> (zones: ${ZONE_LIST})`;
}

type ZoneOutcome = { readonly zone: ChainName | undefined } | { readonly problem: string };

function zoneOfRequest(action: EtherscanAction, params: URLSearchParams, named: ChainName | undefined): ZoneOutcome {
  const source = action.zone;
  if (source.from === 'none') return { zone: named };
  if (source.from === 'address') {
    const name = source.params.find((p) => param(params, p) !== undefined);
    if (name !== undefined) {
      const owner = zoneOf(param(params, name)!).name;
      if (named !== undefined && named !== owner) return { problem: `${name} ${param(params, name)} belongs to ${owner}, not ${named}` };
      return { zone: owner };
    }
  }
  return named === undefined ? { problem: zoneHint(action.module, action.action) } : { zone: named };
}

/** The answer to a `/api` request (`pathZone`: the zone of `/chain/<zone>/api`): its query, and a POST's form body. */
export async function answerEtherscan(request: Request, ctx: EtherscanContext, pathZone?: string): Promise<EtherscanAnswer> {
  const method = request.method === 'POST' ? 'POST' : request.method === 'GET' || request.method === 'HEAD' ? 'GET' : undefined;
  if (!method) return bad(`method ${request.method} is not supported (GET, or POST with a form body)`, 405);
  const params = new URL(request.url).searchParams;
  if (method === 'POST') {
    const body = await readFormBody(request, ETHERSCAN_BODY_LIMIT);
    if (!body.ok) return bad(body.error, body.status);
    for (const [k, v] of body.form) params.set(k, v);
  }
  // The client as the server saw it (lib/server/request-path/client-address.ts sets this header on every request).
  return answerEtherscanParams(method, params, request.headers.get(CLIENT_HEADER) ?? 'unknown', ctx, pathZone);
}

/**
 * The answer to `params` (the query, and a POST's form body merged) asked by `client` (the rate
 * limit's client key): the GET of the route's resolver (lib/server/etherscan/resolve-etherscan.ts),
 * and every POST through answerEtherscan.
 */
export async function answerEtherscanParams(method: 'GET' | 'POST', params: URLSearchParams, client: string, ctx: EtherscanContext, pathZone?: string): Promise<EtherscanAnswer> {
  const chainParam = param(params, 'chain');
  for (const named of [pathZone, chainParam]) {
    if (named !== undefined && !isZoneName(named)) return bad(`"${named.slice(0, 40)}" is not a zone (zones: ${ZONE_LIST})`);
  }
  if (pathZone !== undefined && chainParam !== undefined && pathZone !== chainParam) {
    return bad(`chain=${chainParam} contradicts the base /chain/${pathZone}/api`);
  }
  const named = (pathZone ?? chainParam) as ChainName | undefined;

  const action = findEtherscanAction(params);
  if (!action) {
    const module = params.get('module') ?? '';
    if (!MODULES.includes(module)) return bad(`Missing Or invalid Module name (modules: ${MODULES.join(', ')})`);
    const actions = ETHERSCAN_ACTIONS.filter((a) => a.module === module).map((a) => a.action);
    return bad(`Missing Or invalid Action name (module=${module} has ${actions.join(', ')})`);
  }
  if (!action.methods.includes(method)) return bad(`module=${action.module}&action=${action.action} takes ${action.methods.join(' or ')}`, 405);
  const problem = paramsProblem(action.params, params);
  if (problem) return bad(problem);
  const zone = zoneOfRequest(action, params, named);
  if ('problem' in zone) return bad(zone.problem);
  if (zone.zone !== undefined && action.zone.from !== 'none' && !ctx.client(zone.zone)) {
    return bad(`${zone.zone} is not served by this explorer (it serves ${ctx.configuredZones.join(', ')})`);
  }
  try {
    return await action.handle({ params, method, zone: zone.zone, client }, ctx);
  } catch (error) {
    return failure(action, error);
  }
}

/** A thrown failure as Etherscan's envelope: the node's refusal of a proxy call is its JSON-RPC error. */
function failure(action: EtherscanAction, error: unknown): EtherscanAnswer {
  const message = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : String(error);
  if (hasName(error, 'NodeBusyError')) {
    // The zone's lane of node work is full (lib/rpc/work-lane.ts): come back when a slot is likely free.
    return { ...bad(message, 503), headers: { 'Retry-After': String((error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 1) } };
  }
  if (hasName(error, 'NodeUnreachableError', 'RpcTimeoutError', 'HttpStatusError')) return bad(message, 503);
  if (hasName(error, 'JsonRpcError', 'MethodNotFoundError')) {
    const rpc = error as Error & { code: number; rpcMessage: string; data: unknown };
    if (action.envelope === 'jsonrpc') return rpcError(rpc.code, rpc.rpcMessage, rpc.data);
    return bad(`the node refused: ${rpc.rpcMessage}`, 502);
  }
  // A malformed answer names its chain and field (lib/rpc/errors.ts); anything else is still answered.
  return bad(message, 502);
}
