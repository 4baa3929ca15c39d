/**
 * One verification job, start to verdict: compile the submitted input on a worker thread, read
 * the contract's creation (the index's contract_creations, then the transaction's input from the
 * node) and its code, match them (lib/contracts/bytecode-match.ts), and store a match. Every failure
 * says why in `reason`; clients get the strings they match in `result`.
 */
import type { Abi, AbiParameter } from 'viem';
import { contractCreations } from '@/lib/index/readers/contract-creation-reader';
import { saveVerified, verifiedMatch, type ClaimedJob, type VerdictRow } from '@/lib/index/contracts/verify-store';
import { matchContract, type CompiledContract } from '@/lib/contracts/bytecode-match';
import type { SourceMaps } from '@/lib/contracts/source-map';
import { constructorInputs } from '@/lib/contracts/constructor-args';
import { skeletonOf } from '@/lib/contracts/similar-code';
import { abiLines } from '@/lib/decode/signature-db/abi-lines';
import { checkStandardJson, compileRequest } from '@/lib/contracts/standard-json';
import { VERIFY_RESULT } from '@/lib/contracts/types';
import { compileOnWorker } from './solc/solc-thread';
import type { VerifyContext } from './verify-context';

const fail = (reason: string): VerdictRow => ({ state: 'fail', result: VERIFY_RESULT.fail, matchKind: null, reason });

/** The result string of a compiler this explorer cannot load: clients show it as the reason. */
export const compilerUnavailable = (version: string, reason: string): string => `Compiler version ${version} is not available: ${reason}`;

interface SolcContract {
  abi?: unknown;
  storageLayout?: unknown;
  evm?: {
    bytecode?: { object?: string; sourceMap?: string };
    deployedBytecode?: { object?: string; sourceMap?: string; immutableReferences?: Record<string, { start: number; length: number }[]> };
  };
}
interface SolcOutput {
  errors?: { severity?: string; formattedMessage?: string; message?: string }[];
  sources?: Record<string, { id?: number }>;
  contracts?: Record<string, Record<string, SolcContract>>;
}

/** The source maps of a compiled contract with the paths of solc's file ids; null when solc gave none (a build too old to). */
function sourceMapsOf(output: SolcOutput, contract: SolcContract): SourceMaps | null {
  const sources: string[] = [];
  for (const [path, s] of Object.entries(output.sources ?? {})) if (typeof s.id === 'number' && s.id >= 0 && s.id < 10_000) sources[s.id] = path;
  const code = (part: { object?: string; sourceMap?: string } | undefined) =>
    typeof part?.object === 'string' && typeof part.sourceMap === 'string' && part.sourceMap !== '' ? { bytecode: part.object, sourceMap: part.sourceMap } : null;
  const runtime = code(contract.evm?.deployedBytecode);
  const creation = code(contract.evm?.bytecode);
  if (!runtime && !creation) return null;
  // A file id no source names stays a hole: its lines are generated code.
  return { sources: Array.from(sources, (p) => p ?? ''), runtime, creation };
}

/** The named contract of solc's output, or why there is none. */
export function compiledOf(outputText: string, contractName: string): { compiled: CompiledContract; abi: Abi; sourceMaps: SourceMaps | null; storageLayout: string | null } | string {
  let output: SolcOutput;
  try {
    output = JSON.parse(outputText) as SolcOutput;
  } catch {
    return 'the compiler answered something that is not JSON';
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    return `the sources do not compile: ${errors.slice(0, 3).map((e) => (e.formattedMessage ?? e.message ?? '').trim()).join('\n')}`;
  }
  const cut = contractName.lastIndexOf(':');
  const path = contractName.slice(0, cut);
  const name = contractName.slice(cut + 1);
  const contract = output.contracts?.[path]?.[name];
  if (!contract) {
    const known = Object.entries(output.contracts ?? {}).flatMap(([p, cs]) => Object.keys(cs).map((n) => `${p}:${n}`));
    return `there is no contract ${contractName} in the sources (compiled: ${known.slice(0, 20).join(', ') || 'none'})`;
  }
  const creation = contract.evm?.bytecode?.object;
  const runtime = contract.evm?.deployedBytecode?.object;
  if (typeof creation !== 'string' || typeof runtime !== 'string' || !Array.isArray(contract.abi)) {
    return `the compiler gave no bytecode or ABI for ${contractName}`;
  }
  const abi = contract.abi as Abi;
  const inputs: readonly AbiParameter[] = constructorInputs(abi);
  return {
    abi,
    compiled: { creation, runtime, immutableReferences: contract.evm?.deployedBytecode?.immutableReferences ?? {}, constructorInputs: inputs },
    sourceMaps: sourceMapsOf(output, contract),
    // An older solc without the output gives none: its slots are then named by the standards alone.
    storageLayout: contract.storageLayout && typeof contract.storageLayout === 'object' ? JSON.stringify(contract.storageLayout) : null,
  };
}

export async function runJob(ctx: VerifyContext, job: ClaimedJob): Promise<VerdictRow> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(job.input);
  } catch {
    return fail('the stored input is not JSON');
  }
  const input = checkStandardJson(parsed);
  if (typeof input === 'string') return fail(input);
  if ((await verifiedMatch(ctx.db, job.address)) === 'full') {
    return { state: 'already', result: VERIFY_RESULT.already, matchKind: null, reason: `${job.address} is already verified (full match)` };
  }

  const [creation] = await contractCreations(ctx.db, [job.address]);
  if (!creation) {
    return fail(
      `the index has no creation transaction for ${job.address}: it was created by a contract (not indexed without traces), or its block is not indexed yet`,
    );
  }
  const node = ctx.node(job.chain);
  const chainReads = Promise.all([node.getCode(job.address), node.transactionInput(creation.txHash)]);
  chainReads.catch(() => undefined); // awaited below; not an unhandled rejection while the compiler runs
  const result = await compileOnWorker(job.compilerVersion, JSON.stringify(compileRequest(input)), ctx.compilers);
  if (result.kind === 'unavailable') {
    const reason = compilerUnavailable(job.compilerVersion, result.reason);
    return { state: 'fail', result: reason, matchKind: null, reason };
  }
  if (result.kind === 'failed') return fail(result.reason);
  const found = compiledOf(result.output, job.contractName);
  if (typeof found === 'string') return fail(found);

  const [runtime, creationInput] = await chainReads;
  if (runtime === '0x') return fail(`there is no code at ${job.address} any more`);
  if (!creationInput) return fail(`the node does not know the creation transaction ${creation.txHash}`);
  const verdict = matchContract(found.compiled, { creationInput, runtime }, job.constructorArgs);
  if (!verdict.ok) return fail(verdict.reason);

  const skeleton = skeletonOf(found.compiled.runtime, found.compiled.immutableReferences);
  await saveVerified(ctx.db, {
    address: job.address,
    chain: job.chain,
    matchKind: verdict.matchKind,
    compilerVersion: job.compilerVersion,
    contractName: job.contractName,
    input: JSON.stringify(input),
    abi: JSON.stringify(found.abi),
    sourceMaps: found.sourceMaps ? JSON.stringify(found.sourceMaps) : null,
    storageLayout: found.storageLayout,
    skeleton: { ...skeleton, immutableRefs: JSON.stringify(found.compiled.immutableReferences) },
    constructorArgs: verdict.constructorArguments,
    salt: verdict.salt,
    creationTx: creation.txHash,
    creator: creation.creator,
    creationBlock: creation.blockNumber,
    jobGuid: job.guid,
  }, abiLines(found.abi));
  return { state: 'pass', result: VERIFY_RESULT.pass, matchKind: verdict.matchKind, reason: null };
}

