import { formatGwei } from 'viem';
import { defineAction } from '../../action';
import { ok } from '../../envelope';
import { feeOracle } from '../../fee-oracle';
import { zoneClient } from '../../proxy';

export default defineAction({
  module: 'gastracker',
  action: 'gasoracle',
  summary: "Safe, Propose and Fast gas prices in gwei (the next base fee plus the 25th/50th/75th percentile tip of the zone's recent blocks), suggestBaseFee and gasUsedRatio.",
  params: [],
  methods: ['GET'],
  zone: { from: 'zone' },
  rateLimit: 'none',
  cache: 'per-tip',
  envelope: 'etherscan',
  example: {},
  async handle(request, ctx) {
    const o = await feeOracle(zoneClient(request, ctx));
    return ok({
      LastBlock: o.lastBlock.toString(),
      SafeGasPrice: formatGwei(o.safe),
      ProposeGasPrice: formatGwei(o.propose),
      FastGasPrice: formatGwei(o.fast),
      suggestBaseFee: formatGwei(o.nextBaseFee),
      gasUsedRatio: o.gasUsedRatio.join(','),
    });
  },
});
