import { defineAction } from '../../action';
import { answerContract, CHAINID_PARAM } from '../../contract-module';

export default defineAction({
  module: 'contract',
  action: 'getcontractcreation',
  summary: 'Who created each contract and in which transaction, from the index.',
  params: [{ name: 'contractaddresses', kind: 'text', required: true, description: '1 to 5 addresses, comma-separated.' }, CHAINID_PARAM],
  methods: ['GET'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'per-index-version',
  envelope: 'etherscan',
  example: { contractaddresses: '0x0000000000000000000000000000000000000000' },
  handle: answerContract,
});
