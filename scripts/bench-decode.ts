/**
 * `npm run bench:decode`: how fast lib/decode is on one core, the figure an indexer that decodes
 * every log of every block needs. Pure CPU, no node: logs and calldata are encoded with viem
 * (a mix of ERC-20 and ERC-721 transfers, ERC-1155 batches, unknown events and malformed logs).
 * Prints logs (or calls) per second and the time for the whole set, single-threaded.
 * Then the bytecode analysis of unverified contracts: per contract, p50/p99/max.
 * Flags: --logs (default 100000), --calls (default 100000).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem';
import { decodeCall } from '../lib/decode/calls';
import { decodeLog, type LogInput } from '../lib/decode/events';
import { tokenTransfersOf } from '../lib/decode/token-transfers';
import { codeFunctions } from '../lib/contracts/bytecode/analyze';
import { codeAbi } from '../lib/contracts/bytecode/functions';
import { SHIPPED_BOOK } from '../lib/decode/signature-db/book';

const { values } = parseArgs({ options: { logs: { type: 'string', default: '100000' }, calls: { type: 'string', default: '100000' } } });
const LOGS = Number(values.logs);
const CALLS = Number(values.calls);

const ABI = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'function transfer(address to, uint256 value)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const NFT = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)']);
/** Topics of a fully specified event (encodeEventTopics types them as optional). */
const topics = (t: readonly (Hex | Hex[] | null)[]): Hex[] => t as Hex[];
const address = (i: number): Address => `0x${(i + 1).toString(16).padStart(40, '0')}` as Address;

function sampleLog(i: number): LogInput {
  const token = address(i % 50);
  switch (i % 5) {
    case 0:
    case 1:
      return { address: token, topics: topics(encodeEventTopics({ abi: ABI, eventName: 'Transfer', args: { from: address(i), to: address(i + 1) } })), data: encodeAbiParameters([{ type: 'uint256' }], [BigInt(i)]) };
    case 2:
      return { address: token, topics: topics(encodeEventTopics({ abi: NFT, eventName: 'Transfer', args: { from: address(i), to: address(i + 1), tokenId: BigInt(i) } })), data: '0x' };
    case 3:
      return {
        address: token,
        topics: topics(encodeEventTopics({ abi: ABI, eventName: 'TransferBatch', args: { operator: address(i), from: address(i), to: address(i + 1) } })),
        data: encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n, 2n, 3n], [4n, 5n, 6n]]),
      };
    default:
      // Half unknown events, half a Transfer with the data cut short.
      return i % 10 === 4
        ? { address: token, topics: [`0x${'ab'.repeat(32)}`], data: '0x' }
        : { address: token, topics: topics(encodeEventTopics({ abi: ABI, eventName: 'Transfer', args: { from: address(i), to: address(i + 1) } })), data: '0x01' };
  }
}

function sampleCall(i: number): Hex {
  if (i % 3 === 0) return encodeFunctionData({ abi: ABI, functionName: 'transfer', args: [address(i), BigInt(i)] });
  if (i % 3 === 1) return encodeFunctionData({ abi: ABI, functionName: 'swapExactTokensForTokens', args: [1n, 2n, [address(1), address(2)], address(i), 3n] });
  return `0xdeadbeef${'00'.repeat(32)}`;
}

function time<T>(label: string, count: number, unit: string, run: () => T): T {
  const start = performance.now();
  const result = run();
  const ms = performance.now() - start;
  console.log(`${label}: ${Math.round((count / ms) * 1000).toLocaleString('en')} ${unit}/s (${count.toLocaleString('en')} in ${ms.toFixed(1)} ms)`);
  return result;
}

const logs = Array.from({ length: LOGS }, (_, i) => sampleLog(i));
const calls = Array.from({ length: CALLS }, (_, i) => sampleCall(i));
// Warm up the JIT and the selector tables so the figures are steady-state.
for (let i = 0; i < 2000; i++) decodeLog(logs[i % logs.length]!);

// Every sample log names new holders, so the first pass checksums each address (a keccak each);
// the second finds them memoised, as on a real chain where tokens and holders recur.
const decoded = time('decodeLog, every address new', LOGS, 'logs', () => logs.map(decodeLog).filter((d) => d.decoded).length);
console.log(`  ${decoded.toLocaleString('en')} decoded, ${(LOGS - decoded).toLocaleString('en')} raw (unknown or malformed)`);
time('decodeLog, addresses seen before', LOGS, 'logs', () => logs.map(decodeLog).length);
const transfers = time('tokenTransfersOf, addresses seen before', LOGS, 'logs', () => tokenTransfersOf(logs).length);
console.log(`  ${transfers.toLocaleString('en')} token transfers`);
time('decodeCall', CALLS, 'calls', () => calls.map((c) => decodeCall(c)).length);

// Bytecode analysis (lib/contracts/bytecode): each contract's functions read from its runtime code by evmole
// and named from the shipped signature database, as a page does the first time it meets a code
// hash (later pages find it cached). The contracts: every deployable artifact of the registry
// packages the database is built from (OpenZeppelin, Uniswap v2/v3) with runtime code.
const artifacts = [
  ['@openzeppelin/contracts', 'build/contracts'],
  ['@uniswap/v2-core', 'build'],
  ['@uniswap/v2-periphery', 'build'],
  ['@uniswap/v3-core', 'artifacts/contracts'],
  ['@uniswap/v3-periphery', 'artifacts/contracts'],
] as const;
function* runtimeCodes(dir: string): Generator<Hex> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      yield* runtimeCodes(path);
      continue;
    }
    if (!name.endsWith('.json') || name.endsWith('.dbg.json')) continue;
    const json = JSON.parse(readFileSync(path, 'utf8')) as { deployedBytecode?: unknown; evm?: { deployedBytecode?: { object?: unknown } } };
    const raw = typeof json.deployedBytecode === 'string' ? json.deployedBytecode : json.evm?.deployedBytecode?.object;
    if (typeof raw !== 'string') continue;
    const hex = raw.startsWith('0x') ? raw.slice(2) : raw;
    // Unlinked libraries' placeholders are not code; a contract without code is an interface.
    if (hex.length < 200 || hex.includes('__')) continue;
    yield `0x${hex}`;
  }
}
const codes = [...new Set(artifacts.flatMap(([pkg, dir]) => [...runtimeCodes(join('node_modules', pkg, dir))]))];
if (codes.length > 0) {
  codeAbi(codeFunctions(codes[0]!), SHIPPED_BOOK);
  const perContract: number[] = [];
  let functions = 0;
  let named = 0;
  for (const code of codes) {
    const start = performance.now();
    const read = codeAbi(codeFunctions(code), SHIPPED_BOOK);
    perContract.push(performance.now() - start);
    functions += read.functions.length;
    named += read.named.length;
  }
  perContract.sort((a, b) => a - b);
  const at = (q: number) => perContract[Math.min(perContract.length - 1, Math.floor(q * perContract.length))]!.toFixed(1);
  const bytes = codes.map((c) => (c.length - 2) / 2).sort((a, b) => a - b);
  console.log(
    `bytecode analysis (evmole + signature database): ${codes.length} contracts of ${bytes[0]}–${bytes[bytes.length - 1]} bytes, ` +
      `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${perContract[perContract.length - 1]!.toFixed(1)} ms per contract; ${functions} functions, ${named} named`,
  );
}
