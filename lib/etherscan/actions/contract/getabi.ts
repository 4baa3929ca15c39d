import { defineAction } from '../../action';
import { answerContract, CHAINID_PARAM } from '../../contract-module';

export default defineAction({
  module: 'contract',
  action: 'getabi',
  summary: "A verified contract's ABI (JSON text), or NOTOK when it is not verified.",
  params: [{ name: 'address', kind: 'text', required: true, description: 'The contract.' }, CHAINID_PARAM],
  methods: ['GET'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'none',
  envelope: 'etherscan',
  example: { address: '0x0000000000000000000000000000000000000000' },
  handle: answerContract,
});
