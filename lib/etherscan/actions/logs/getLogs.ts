import { numberToHex, type Hash } from 'viem';
import { logsOf } from '@/lib/index/readers/log-reader';
import { defineAction, type ParamSpec } from '../../action';
import { bad, none, ok } from '../../envelope';
import { PAGE_PARAMS, pageOf } from '../../paging';
import { addressParam, hashParam, param, tagParam } from '../../params';

const TOPICS = [0, 1, 2, 3] as const;
const PAIRS = TOPICS.flatMap((i) => TOPICS.filter((j) => j > i).map((j) => [i, j] as const));

const TOPIC_PARAMS: readonly ParamSpec[] = [
  ...TOPICS.map((i): ParamSpec => ({ name: `topic${i}`, kind: 'hash', description: `Topic ${i} must be this 32-byte value.` })),
  ...PAIRS.map(([i, j]): ParamSpec => ({ name: `topic${i}_${j}_opr`, kind: { oneOf: ['and', 'or'] }, description: `How topic${j}'s condition joins topic${i}'s (default and).` })),
];

const hex = (n: bigint | number | null): string => (n === null ? '' : numberToHex(n));

export default defineAction({
  module: 'logs',
  action: 'getLogs',
  summary: "The zone's event logs in a block range (from the index), by emitter and topics; topic conditions join left to right, each to the one before by its topicX_Y_opr. Numbers in hex, as Etherscan's.",
  params: [
    { name: 'address', kind: 'address', description: 'Only logs this contract emitted (names the zone).' },
    { name: 'fromBlock', kind: 'tag', description: 'The first block (decimal or hex; default 0).' },
    { name: 'toBlock', kind: 'tag', description: 'The last block (decimal, hex or latest, the default).' },
    ...TOPIC_PARAMS,
    ...PAGE_PARAMS,
  ],
  methods: ['GET'],
  zone: { from: 'address', params: ['address'] },
  rateLimit: 'none',
  cache: 'per-index-version',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000', fromBlock: '0', toBlock: 'latest', topic0: `0x${'00'.repeat(32)}` },
  async handle(request, ctx) {
    const page = pageOf(request.params, 1000);
    if (typeof page === 'string') return bad(page);
    const index = await ctx.index();
    if (!index.ready) return bad(index.reason, 503);
    const chain = request.zone!;
    const tipRow = (await index.db.query('SELECT number::text AS number FROM index_cursor WHERE chain = $1', [chain]))[0];
    const tip = tipRow && typeof tipRow.number === 'string' ? BigInt(tipRow.number) : -1n;
    const bound = (name: string, fallback: bigint): bigint => {
      const tag = tagParam(request.params, name, fallback === 0n ? 'earliest' : 'latest');
      return tag === 'earliest' ? 0n : tag === 'latest' || tag === 'pending' ? tip : tag;
    };
    const fromBlock = bound('fromBlock', 0n);
    const toBlock = bound('toBlock', tip);
    const present = TOPICS.filter((i) => param(request.params, `topic${i}`) !== undefined);
    const topics = present.map((position) => ({ position, value: hashParam(request.params, `topic${position}`)! as Hash }));
    const joins = present.map((j, k) => (k === 0 ? 'and' : param(request.params, `topic${present[k - 1]}_${j}_opr`) === 'or' ? 'or' : 'and'));
    const items = await logsOf(index.db, { chain, fromBlock, toBlock, address: addressParam(request.params, 'address'), topics, joins, ...page });
    if (items.length === 0) return none('No records found');
    return ok(
      items.map((l) => ({
        address: l.address, topics: l.topics, data: l.data, blockNumber: hex(l.blockNumber), blockHash: l.blockHash, timeStamp: hex(l.timestamp),
        gasPrice: hex(l.gasPrice), gasUsed: hex(l.gasUsed), logIndex: hex(l.logIndex), transactionHash: l.transactionHash, transactionIndex: hex(l.transactionIndex),
      })),
    );
  },
});
