import { defineAction } from '../../action';
import { answerContract } from '../../contract-module';

export default defineAction({
  module: 'contract',
  action: 'checkverifystatus',
  summary: 'The state of a verification: Pending in queue, Pass - Verified, Already Verified, or Fail with the reason.',
  params: [{ name: 'guid', kind: 'text', required: true, description: 'What verifysourcecode answered.' }],
  methods: ['GET', 'POST'],
  zone: { from: 'none' },
  rateLimit: 'none',
  cache: 'none',
  envelope: 'etherscan',
  example: { guid: '00000000-0000-0000-0000-000000000000' },
  handle: answerContract,
});
