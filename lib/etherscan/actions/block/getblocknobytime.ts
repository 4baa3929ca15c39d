import { defineAction } from '../../action';
import { none, ok } from '../../envelope';
import { param } from '../../params';
import { zoneClient } from '../../proxy';

export default defineAction({
  module: 'block',
  action: 'getblocknobytime',
  summary: "The zone's block closest to a Unix time: the last at or before it (closest=before) or the first at or after it (after), found by bisecting the node's headers.",
  params: [
    { name: 'timestamp', kind: 'timestamp', required: true, description: 'Unix time in seconds.' },
    { name: 'closest', kind: { oneOf: ['before', 'after'] }, required: true, description: 'before or after.' },
  ],
  methods: ['GET'],
  zone: { from: 'zone' },
  rateLimit: 'none',
  cache: 'per-tip',
  envelope: 'etherscan',
  example: { timestamp: '1700000000', closest: 'before' },
  async handle(request, ctx) {
    const client = zoneClient(request, ctx);
    const target = BigInt(param(request.params, 'timestamp')!);
    const before = param(request.params, 'closest') === 'before';
    const timeOf = async (n: bigint): Promise<bigint> => {
      const header = await client.getHeaderByNumber({ blockNumber: n });
      if (!header) throw new Error(`the node has no header ${n} below its tip`);
      return header.timestamp;
    };
    const tip = await client.getBlockNumber();
    // The first block whose time is after the target (before) or at or after it (after): tip + 1 when none is.
    let lo = 0n;
    let hi = tip + 1n;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      const t = await timeOf(mid);
      if (before ? t > target : t >= target) hi = mid;
      else lo = mid + 1n;
    }
    const found = before ? lo - 1n : lo;
    if (found < 0n || found > tip) return none('NOTOK', 'Error! No closest block found');
    return ok(found.toString());
  },
});
