/**
 * The ABIs of a contract nobody verified, read from what the chain holds, in the order a reader
 * of Etherscan or Blockscout expects them:
 *
 * 1. a minimal proxy (EIP-1167, ERC-7511): the implementation written in its code;
 * 2. an EIP-1967 beacon proxy: the beacon in its proven beacon slot, the implementation as the
 *    beacon's implementation() answers (a call: the node's word, said so);
 * 3. an EIP-2535 Diamond: the facets its loupe (facets()) names, each for its selectors;
 * 4. a similar match: the verified source of a contract whose runtime code is this one's but for
 *    the metadata hash;
 * 5. else its own functions read from its runtime code, named from the signature database.
 *
 * The code that runs is read by the implementation's or facet's verified source when there is one,
 * else from its runtime code. The code read at `at` must hash to the code hash its account proof
 * proves against the block's state root; code that does not is not followed (the node's word is
 * never taken for what an address runs). Calls (the beacon's, the loupe's) go through the
 * read-contract helper (lib/server/contracts/call-contract.ts), as a reader's own calls do.
 */
import { decodeAbiParameters, type Abi, type Address, type Hex } from 'viem';
import { zoneOf } from '@/lib/protocol/chains';
import { checkProvenCode, slotAddress, type ProvenCode } from '@/lib/checks/proven-code';
import { EIP1967 } from '@/lib/checks/proxy-slots';
import { codeAbi } from '@/lib/contracts/bytecode/functions';
import { minimalProxyOf } from '@/lib/contracts/bytecode/minimal-proxy';
import { canDelegateCall } from '@/lib/contracts/bytecode/opcodes';
import type { ProxyVia, VerifiedAbi } from '@/lib/contracts/verified-abi';
import { functionSelector } from '@/lib/decode/function-selector';
import { callContract } from '@/lib/server/contracts/call-contract';
import { verifiedContractOf, type VerifiedContract } from '@/lib/server/contracts/verified-source';
import { getClients } from '@/lib/server/node/clients';
import { loadSignatureBook } from '@/lib/server/signatures/load-signature-book';
import { analyseCode } from './code-analysis';
import { similarVerifiedTo } from './similar-match';

/** The block code is read and proven at. */
export interface CodeAt {
  readonly number: bigint;
  readonly stateRoot: Hex;
}

/** A facet of a Diamond as its loupe names it. */
export interface Facet {
  readonly address: Address;
  readonly selectors: readonly Hex[];
}

/** What kind of proxy the code is, for the page to say (beside the EIP-1967 slots it already proves). */
export type CodeProxy =
  | { readonly standard: 'EIP-1167' | 'ERC-7511'; readonly implementation: Address }
  | { readonly standard: 'beacon'; readonly beacon: Address; readonly implementation: Address | null; readonly problem: string | null }
  | { readonly standard: 'diamond'; readonly facets: readonly Facet[] };

export interface CodeReading {
  /** Whether the code read hashes to the code hash proven at the block (else nothing here was followed). */
  readonly proven: ProvenCode;
  readonly bytes: number;
  readonly proxy: CodeProxy | null;
  /** A verified contract whose code is this one's but for the metadata hash. */
  readonly similar: VerifiedContract | null;
  /** The ABIs to read, write and decode with, in order; empty when nothing was read. */
  readonly abis: readonly VerifiedAbi[];
}

const FACETS_CALL: Hex = '0x7a0ed627'; // facets()
const IMPLEMENTATION_CALL: Hex = '0x5c60da1b'; // implementation()
/** Facets of a Diamond followed at most (each is one more code read). */
const MAX_FACETS = 32;

async function ask(to: Address, data: Hex, block: bigint): Promise<Hex | null> {
  const answer = await callContract({ to, data, block });
  if (answer.kind !== 'answered' || answer.response.result === undefined) return null;
  return answer.response.result;
}

function decodeFacets(data: Hex): Facet[] | null {
  try {
    const [facets] = decodeAbiParameters([{ type: 'tuple[]', components: [{ name: 'facetAddress', type: 'address' }, { name: 'functionSelectors', type: 'bytes4[]' }] }], data);
    return facets.map((f) => ({ address: f.facetAddress, selectors: f.functionSelectors.map((s) => s.toLowerCase() as Hex) }));
  } catch {
    return null;
  }
}

/** The ABI of the code at `address` as `via` runs it: its verified source, else read from its code (`only` these selectors). */
async function abiOfCode(address: Address, via: ProxyVia, at: CodeAt, only?: ReadonlySet<string>): Promise<VerifiedAbi | null> {
  const verified = await verifiedContractOf(address);
  if (verified.state === 'verified') {
    const abi: Abi = only
      ? verified.contract.abi.filter((item) => item.type !== 'function' || only.has(selectorOfItem(item)))
      : verified.contract.abi;
    return { abi, origin: { kind: 'delegate', via, address, matchKind: verified.contract.matchKind, block: at.number.toString() } };
  }
  const client = getClients().get(zoneOf(address).name);
  if (!client) return null;
  const code = await client.getCode({ address, blockTag: at.number });
  if (code === '0x') return null;
  return bytecodeAbi(address, code, via, only);
}

async function bytecodeAbi(address: Address, code: Hex, via: ProxyVia | null, only?: ReadonlySet<string>): Promise<VerifiedAbi | null> {
  const { functions } = analyseCode(code);
  const wanted = only ? functions.filter((f) => only.has(f.selector)) : functions;
  if (wanted.length === 0) return null;
  const book = await loadSignatureBook({ function: wanted.map((f) => f.selector) });
  const read = codeAbi(wanted, book);
  return {
    abi: read.functions,
    origin: { kind: 'bytecode', address, via, named: read.named.length, total: read.functions.length, guessed: read.guessed },
  };
}

function selectorOfItem(item: Abi[number]): string {
  return item.type === 'function' ? functionSelector(item) : '';
}

async function diamondOf(address: Address, at: CodeAt): Promise<{ proxy: CodeProxy; abis: VerifiedAbi[] } | null> {
  const answer = await ask(address, FACETS_CALL, at.number).catch(() => null);
  const facets = answer ? decodeFacets(answer) : null;
  if (!facets || facets.length === 0) return null;
  const via: ProxyVia = { standard: 'diamond', proxy: address };
  const abis = await Promise.all(
    facets.slice(0, MAX_FACETS).map((f) => abiOfCode(f.address, via, at, new Set(f.selectors)).catch(() => null)),
  );
  return { proxy: { standard: 'diamond', facets }, abis: abis.filter((a): a is VerifiedAbi => a !== null) };
}

/** Reads the code at `address` (block `at`) and what it runs; null without code or a node for its zone. */
export async function loadCodeReading(address: Address, at: CodeAt): Promise<CodeReading | null> {
  const client = getClients().get(zoneOf(address).name);
  if (!client) return null;
  const [code, proof] = await Promise.all([
    client.getCode({ address, blockTag: at.number }),
    client.getProof({ address, storageKeys: [EIP1967.beacon], blockTag: at.number }).catch(() => null),
  ]);
  if (code === '0x') return null;
  const bytes = (code.length - 2) / 2;
  const proven: ProvenCode = proof ? checkProvenCode(at.stateRoot, proof, code) : { ok: false, reason: 'the node gave no account proof (getProof)' };
  if (!proven.ok) return { proven, bytes, proxy: null, similar: null, abis: [] };

  const clone = minimalProxyOf(code);
  if (clone) {
    const via: ProxyVia = { standard: clone.kind, proxy: address };
    const abi = await abiOfCode(clone.implementation, via, at).catch(() => null);
    return { proven, bytes, proxy: { standard: clone.kind, implementation: clone.implementation }, similar: null, abis: abi ? [abi] : [] };
  }

  const beacon = slotAddress(proven, EIP1967.beacon);
  if (beacon) {
    const answer = await ask(beacon, IMPLEMENTATION_CALL, at.number).catch(() => null);
    let implementation: Address | null = null;
    try {
      implementation = answer ? decodeAbiParameters([{ type: 'address' }], answer)[0] : null;
    } catch {
      implementation = null;
    }
    const problem = implementation ? null : `the beacon ${beacon} did not answer implementation() with an address`;
    const abi = implementation ? await abiOfCode(implementation, { standard: 'beacon', proxy: address, beacon }, at).catch(() => null) : null;
    return { proven, bytes, proxy: { standard: 'beacon', beacon, implementation, problem }, similar: null, abis: abi ? [abi] : [] };
  }

  if (canDelegateCall(code)) {
    const diamond = await diamondOf(address, at);
    if (diamond) return { proven, bytes, proxy: diamond.proxy, similar: null, abis: diamond.abis };
  }

  const twin = await similarVerifiedTo(address, code);
  const similar = twin ? await verifiedContractOf(twin) : null;
  if (similar?.state === 'verified') {
    return { proven, bytes, proxy: null, similar: similar.contract, abis: [{ abi: similar.contract.abi, origin: { kind: 'similar', address: twin!, matchKind: similar.contract.matchKind } }] };
  }
  const own = await bytecodeAbi(address, code, null);
  return { proven, bytes, proxy: null, similar: null, abis: own ? [own] : [] };
}
