/**
 * module=proxy: each action is one of the zone's `quai_*` methods, asked through the typed client's
 * transport and parser (lib/rpc), so a malformed answer is refused there (502 naming the chain and
 * field); the parsed value is then checked against the question as the pages check theirs
 * (lib/checks), and the node's own JSON is passed on in JSON-RPC's envelope, as Etherscan does.
 */
import { getChain, type ChainName } from '@/lib/protocol/chains';
import type { AnswerCheck } from '@/lib/checks/answer';
import { methodName } from '@/lib/rpc/client';
import type { ChainClient } from '@/lib/rpc/client';
import type { CachePolicy } from '@/lib/routes/cache-policy';
import type { ActionRateClass, EtherscanAction, EtherscanContext, EtherscanRequest, ParamSpec, ZoneSource } from './action';
import { bad, rpcResult, type EtherscanAnswer } from './envelope';

export interface NodeAnswer<T> {
  /** The node's JSON, as it sent it. */
  readonly raw: unknown;
  /** The same, parsed into the domain type (the parser has refused anything malformed). */
  readonly value: T;
}

/** `quai_<name>(params)` on the client's zone: the raw JSON and its parse. */
export function askNode<T>(client: ChainClient, name: string, params: readonly unknown[], parse: (raw: unknown) => T): Promise<NodeAnswer<T>> {
  return client.transport.request(methodName(client, name), params, (raw) => ({ raw, value: parse(raw) }));
}

/** The client of the request's zone (the dispatcher has made sure the zone is named and served). */
export function zoneClient(request: EtherscanRequest, ctx: EtherscanContext): ChainClient {
  const client = request.zone === undefined ? undefined : ctx.client(request.zone);
  if (!client) throw new Error(`no node serves ${request.zone ?? 'this request'}`);
  return client;
}

/** The client of the request's zone for code the caller chooses: gas-capped, in the zone's lane of node work. */
export function workClient(request: EtherscanRequest, ctx: EtherscanContext): ChainClient {
  const client = request.zone === undefined ? undefined : ctx.work(request.zone);
  if (!client) throw new Error(`no node serves ${request.zone ?? 'this request'}`);
  return client;
}

/** The node's answer in JSON-RPC's envelope when every check holds; a 502 naming the first that failed. */
export function checkedAnswer(zone: ChainName, checks: readonly AnswerCheck[], raw: unknown): EtherscanAnswer {
  const failed = checks.find((c) => !c.ok);
  if (!failed) return rpcResult(raw);
  return bad(`the ${getChain(zone).label} node's answer fails its check: ${failed.field} is ${failed.got}, expected ${failed.expected}${failed.note ? ` (${failed.note})` : ''}`, 502);
}

export const TAG_PARAM: ParamSpec = { name: 'tag', kind: 'tag', description: 'The block: latest (default), earliest, pending, or its number in hex.' };

/** The call object's parameters, as Etherscan's GET and quais' POST send them (gasLimit is quais' name for gas). */
export const CALL_PARAMS: readonly ParamSpec[] = [
  { name: 'to', kind: 'address', description: 'The contract (absent for a creation).' },
  { name: 'from', kind: 'address', description: 'The caller.' },
  { name: 'data', kind: 'hex', description: 'The call data.' },
  { name: 'value', kind: 'quantity', description: 'Wei sent, in hex.' },
  { name: 'gas', kind: 'quantity', description: 'Gas limit, in hex.' },
  { name: 'gasLimit', kind: 'quantity', description: 'Gas limit, in hex (quais spells it so).' },
  { name: 'gasPrice', kind: 'quantity', description: 'In hex.' },
  { name: 'maxFeePerGas', kind: 'quantity', description: 'In hex.' },
  { name: 'maxPriorityFeePerGas', kind: 'quantity', description: 'In hex.' },
];

interface ProxyDefinition {
  readonly action: string;
  readonly summary: string;
  readonly params: readonly ParamSpec[];
  readonly cache: CachePolicy;
  readonly example: Readonly<Record<string, string>>;
  readonly zone?: ZoneSource;
  readonly methods?: readonly ('GET' | 'POST')[];
  readonly rateLimit?: ActionRateClass;
  readonly handle: EtherscanAction['handle'];
}

/** A module=proxy action: JSON-RPC's envelope, GET, the zone named by the caller unless said otherwise. */
export function proxyAction(d: ProxyDefinition): EtherscanAction {
  return {
    module: 'proxy', envelope: 'jsonrpc', zone: d.zone ?? { from: 'zone' }, methods: d.methods ?? ['GET'], rateLimit: d.rateLimit ?? 'none',
    action: d.action, summary: d.summary, params: d.params, cache: d.cache, example: d.example, handle: d.handle,
  };
}
