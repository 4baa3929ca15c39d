import { defineAction } from '../../action';
import { ok } from '../../envelope';
import { feeOracle } from '../../fee-oracle';
import { bigintParam } from '../../params';
import { zoneClient } from '../../proxy';

export default defineAction({
  module: 'gastracker',
  action: 'gasestimate',
  summary: "Seconds until a transaction paying gasprice (wei) is likely mined: the zone's mean block time × 1 (≥ Fast), 2 (≥ Propose), 3 (≥ Safe), 6 (≥ the next base fee); below the base fee it waits for the fee to fall (NOTOK).",
  params: [{ name: 'gasprice', kind: 'decimal', required: true, description: 'The price per gas, in wei.' }],
  methods: ['GET'],
  zone: { from: 'zone' },
  rateLimit: 'none',
  cache: 'per-tip',
  envelope: 'etherscan',
  example: { gasprice: '2000000000' },
  async handle(request, ctx) {
    const price = bigintParam(request.params, 'gasprice')!;
    const o = await feeOracle(zoneClient(request, ctx));
    const blocks = price >= o.fast ? 1 : price >= o.propose ? 2 : price >= o.safe ? 3 : price >= o.nextBaseFee ? 6 : null;
    if (blocks === null) return { status: 200, body: { status: '0', message: 'NOTOK', result: `Error! ${price} wei is below the next base fee (${o.nextBaseFee} wei)` } };
    return ok(String(Math.round(blocks * (o.blockSeconds ?? 0))));
  },
});
