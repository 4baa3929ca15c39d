import { estimateSeconds, readCountdown } from '@/lib/network/block-countdown';
import { defineAction } from '../../action';
import { none, ok } from '../../envelope';
import { param } from '../../params';
import { zoneClient } from '../../proxy';

export default defineAction({
  module: 'block',
  action: 'getblockcountdown',
  summary: "How long until the zone mines a block: the blocks remaining times the zone's average block time over its last 100 blocks (from the node's headers), in seconds. A block already mined: NOTOK, \"Error! Block number already pass\", as Etherscan answers.",
  params: [{ name: 'blockno', kind: 'decimal', required: true, description: 'The block number to count down to.' }],
  methods: ['GET'],
  zone: { from: 'zone' },
  rateLimit: 'none',
  cache: 'per-tip',
  envelope: 'etherscan',
  example: { blockno: '100000000' },
  async handle(request, ctx) {
    const countdown = await readCountdown(zoneClient(request, ctx), BigInt(param(request.params, 'blockno')!));
    if (countdown.kind === 'passed') return none('NOTOK', 'Error! Block number already pass');
    return ok({
      CurrentBlock: countdown.current.toString(),
      CountdownBlock: countdown.target.toString(),
      RemainingBlock: countdown.remaining.toString(),
      EstimateTimeInSec: estimateSeconds(countdown.estimateTenths),
    });
  },
});
