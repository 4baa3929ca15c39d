/**
 * Standard events decoded from a log: one plain function, `decodeLog(log)`, that returns a typed
 * event or says why the log stays raw. Pure and browser-safe: the transaction page and a future
 * indexer call the same code.
 *
 * Which events: ERC-20 and ERC-721 Transfer/Approval, ApprovalForAll (ERC-721 and ERC-1155),
 * ERC-1155 TransferSingle/TransferBatch/URI, WETH's Deposit/Withdrawal, Ownable's
 * OwnershipTransferred, EIP-1967's Upgraded and AdminChanged. Topic hashes are computed from the
 * signatures with keccak (viem's toEventSelector), never copied.
 *
 * ERC-20 and ERC-721 Transfer (and Approval) share topic0, because the signature string ignores
 * `indexed`. They differ by shape: ERC-20 indexes two arguments (3 topics, the amount in data),
 * ERC-721 three (4 topics, empty data). So a candidate matches only when the log's topic count is
 * its indexed-argument count + 1, and its data then decodes strictly.
 */
import { decodeAbiParameters, isAddress, parseAbiItem, toEventSelector, type AbiEvent, type Address, type Hex } from 'viem';
import { canonicalType, stringifyValue, type DecodedArgument } from './abi';
import { checksummed } from './checksum';

/** What decodeLog needs of a log: a receipt's log, or an indexer's row. */
export interface LogInput {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

/** The typed arguments of each standard event, by its key. */
export interface EventArgs {
  'erc20-transfer': { from: Address; to: Address; value: bigint };
  'erc721-transfer': { from: Address; to: Address; tokenId: bigint };
  'erc20-approval': { owner: Address; spender: Address; value: bigint };
  'erc721-approval': { owner: Address; approved: Address; tokenId: bigint };
  'approval-for-all': { owner: Address; operator: Address; approved: boolean };
  'erc1155-transfer-single': { operator: Address; from: Address; to: Address; id: bigint; value: bigint };
  'erc1155-transfer-batch': { operator: Address; from: Address; to: Address; ids: readonly bigint[]; values: readonly bigint[] };
  'erc1155-uri': { value: string; id: bigint };
  'weth-deposit': { dst: Address; wad: bigint };
  'weth-withdrawal': { src: Address; wad: bigint };
  'ownership-transferred': { previousOwner: Address; newOwner: Address };
  'eip1967-upgraded': { implementation: Address };
  'eip1967-admin-changed': { previousAdmin: Address; newAdmin: Address };
}

export type EventKey = keyof EventArgs;

interface EventDefinition<K extends EventKey = EventKey> {
  readonly key: K;
  /** Which standard the reader would name: "ERC-20", "ERC-721 / ERC-1155"… */
  readonly standard: string;
  readonly item: AbiEvent;
  /** e.g. `Transfer(address,address,uint256)` */
  readonly signature: string;
  readonly indexedCount: number;
}

function define<K extends EventKey>(key: K, standard: string, text: string): EventDefinition<K> {
  const item = parseAbiItem(text) as AbiEvent;
  return {
    key, standard, item,
    signature: `${item.name}(${item.inputs.map(canonicalType).join(',')})`,
    indexedCount: item.inputs.filter((p) => p.indexed).length,
  };
}

/** The table. Each line is a signature as the standard writes it; nothing else is hand-written. */
export const STANDARD_EVENTS: readonly EventDefinition[] = [
  define('erc20-transfer', 'ERC-20', 'event Transfer(address indexed from, address indexed to, uint256 value)'),
  define('erc721-transfer', 'ERC-721', 'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'),
  define('erc20-approval', 'ERC-20', 'event Approval(address indexed owner, address indexed spender, uint256 value)'),
  define('erc721-approval', 'ERC-721', 'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)'),
  define('approval-for-all', 'ERC-721 / ERC-1155', 'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)'),
  define('erc1155-transfer-single', 'ERC-1155', 'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'),
  define('erc1155-transfer-batch', 'ERC-1155', 'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)'),
  define('erc1155-uri', 'ERC-1155', 'event URI(string value, uint256 indexed id)'),
  define('weth-deposit', 'WETH', 'event Deposit(address indexed dst, uint256 wad)'),
  define('weth-withdrawal', 'WETH', 'event Withdrawal(address indexed src, uint256 wad)'),
  define('ownership-transferred', 'Ownable', 'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)'),
  define('eip1967-upgraded', 'EIP-1967', 'event Upgraded(address indexed implementation)'),
  define('eip1967-admin-changed', 'EIP-1967', 'event AdminChanged(address previousAdmin, address newAdmin)'),
];

/** topic0 → the definitions sharing it (two for Transfer and Approval). */
const BY_TOPIC = new Map<Hex, EventDefinition[]>();
/** Each event's topic0 (its signature's hash), lowercase. */
const TOPIC_OF = new Map<EventKey, Hex>();
for (const def of STANDARD_EVENTS) {
  const topic = toEventSelector(def.item);
  BY_TOPIC.set(topic, [...(BY_TOPIC.get(topic) ?? []), def]);
  TOPIC_OF.set(def.key, topic);
}

/** The topic0 of a standard event (lowercase hex): a caller after one kind of event skips other logs without decoding them. */
export function eventTopic(key: EventKey): Hex {
  return TOPIC_OF.get(key) as Hex;
}


/** A decoded standard event. `args` is typed by `key`; `display` is the same as text, in order. */
export type StandardEvent = {
  [K in EventKey]: {
    readonly key: K;
    readonly standard: string;
    readonly name: string;
    /** e.g. `Transfer(address,address,uint256)` */
    readonly signature: string;
    /** The contract that emitted it. */
    readonly address: Address;
    readonly args: EventArgs[K];
    readonly display: readonly (DecodedArgument & { readonly indexed: boolean })[];
  };
}[EventKey];

export type DecodedLog =
  | { readonly decoded: true; readonly event: StandardEvent }
  /** Not a standard event, or malformed: shown as topics and data, with the reason. */
  | { readonly decoded: false; readonly reason: string };

function raw(reason: string): DecodedLog {
  return { decoded: false, reason };
}

/** An address topic: 12 zero bytes, then the address (anything else is not an ABI-encoded address). */
function topicAddress(word: Hex): Address {
  if (word.length !== 66 || !/^0x0{24}/i.test(word)) throw new Error(`topic ${word} is not an ABI-encoded address`);
  return checksummed(`0x${word.slice(26)}`);
}

/**
 * Decodes a log whose topic count already fits `def`: each indexed argument from its topic, the
 * others from the data, strictly (short data throws). Written with decodeAbiParameters rather
 * than viem's decodeEventLog, which hashes the event signature again on every call: this runs
 * once per log of every block an indexer reads (npm run bench:decode).
 */
function decodeArgs(def: EventDefinition, log: LogInput): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  let topic = 1;
  const unindexed = def.item.inputs.filter((p) => !p.indexed);
  for (const p of def.item.inputs) {
    if (!p.indexed) continue;
    // The table indexes only static types (address, uint256), which a topic holds as one word.
    const word = log.topics[topic++]!;
    values[p.name ?? ''] = p.type === 'address' ? topicAddress(word) : decodeAbiParameters([p], word)[0];
  }
  if (unindexed.length > 0) {
    const decoded = decodeAbiParameters(unindexed, log.data);
    unindexed.forEach((p, i) => {
      values[p.name ?? ''] = decoded[i];
    });
  }
  return values;
}

function tryDecode(def: EventDefinition, log: LogInput): StandardEvent | string {
  try {
    const values = decodeArgs(def, log);
    return {
      key: def.key,
      standard: def.standard,
      name: def.item.name,
      signature: def.signature,
      address: checksummed(log.address),
      // Safe: every input of this exact ABI item was decoded strictly, so the shape is EventArgs[key].
      args: values as never,
      display: def.item.inputs.map((p) => ({
        name: p.name ?? '',
        type: canonicalType(p),
        value: stringifyValue(values[p.name ?? '']),
        indexed: p.indexed === true,
      })),
    } as StandardEvent;
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    return `${def.signature}: the data does not decode (${message})`;
  }
}

/** A log as a standard event, or raw with the reason. Never throws. */
export function decodeLog(log: LogInput): DecodedLog {
  if (!isAddress(log.address, { strict: false })) return raw(`The emitter ${String(log.address)} is not an address.`);
  const topic0 = log.topics[0]?.toLowerCase() as Hex | undefined;
  if (!topic0) return raw('No topics: an anonymous event, which has no signature to recognise.');
  const candidates = BY_TOPIC.get(topic0);
  if (!candidates) return raw('Not a standard event this explorer knows (topic0 is its signature hash).');
  const shaped = candidates.filter((def) => def.indexedCount + 1 === log.topics.length);
  if (shaped.length === 0) {
    const expected = candidates.map((def) => `${def.standard} has ${def.indexedCount + 1}`).join(', ');
    return raw(`topic0 is ${candidates[0]!.item.name}, but the log has ${log.topics.length} topics (${expected}): malformed, shown raw.`);
  }
  const failures: string[] = [];
  for (const def of shaped) {
    const result = tryDecode(def, log);
    if (typeof result !== 'string') return { decoded: true, event: result };
    failures.push(result);
  }
  return raw(`${failures.join('; ')}: malformed, shown raw.`);
}
