import { defineAction } from '../../action';
import { answerContract, CHAINID_PARAM } from '../../contract-module';

export default defineAction({
  module: 'contract',
  action: 'verifysourcecode',
  summary: 'Queues a verification (solc compiles the sources on a worker and compares): answers a guid for checkverifystatus.',
  params: [
    { name: 'contractaddress', kind: 'address', required: true, description: 'The deployed contract.' },
    { name: 'sourceCode', kind: 'text', required: true, description: 'The source (single file) or a standard JSON input.' },
    { name: 'codeformat', kind: { oneOf: ['solidity-single-file', 'solidity-standard-json-input'] }, description: 'Default solidity-single-file.' },
    { name: 'contractname', kind: 'text', required: true, description: 'path:Name for a standard JSON input, the name for a single file.' },
    { name: 'compilerversion', kind: 'text', required: true, description: "solc's long version, as v0.8.37+commit.a2f4bc8f." },
    { name: 'constructorArguements', kind: 'text', description: 'ABI-encoded constructor arguments (hex; Etherscan\'s spelling).' },
    { name: 'optimizationUsed', kind: { oneOf: ['0', '1'] }, description: 'Single file: whether the optimizer ran.' },
    { name: 'runs', kind: 'decimal', description: 'Single file: optimizer runs (default 200).' },
    { name: 'evmversion', kind: 'text', description: 'Single file: the EVM version, or default.' },
    CHAINID_PARAM,
  ],
  methods: ['POST'],
  zone: { from: 'none' },
  rateLimit: 'node-work',
  cache: 'none',
  envelope: 'etherscan',
  example: {
    contractaddress: '0x0000000000000000000000000000000000000000', codeformat: 'solidity-standard-json-input',
    contractname: 'contracts/Token.sol:Token', compilerversion: 'v0.8.37+commit.a2f4bc8f', sourceCode: '{…}',
  },
  handle: answerContract,
});
