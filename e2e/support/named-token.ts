/**
 * A token whose name the test chooses, for pages that must draw a hostile name safely
 * (e2e/pages/bidi.spec.ts). DevToken's name is a constant of its compiled code, so instead this is a
 * few hand-assembled bytes: every call answers the same ABI-encoded string (name() and symbol()
 * read it; decimals() and the rest read nothing from 96 bytes), and the constructor emits one
 * ERC-20 Transfer of 100 raw units from 0x0 to the deployer, so the deployment's transaction page
 * lists the token under "Tokens moved".
 */
import { encodeAbiParameters, keccak256, stringToBytes, type Address, type Hex } from 'viem';
import type { ChainName } from '../../lib/protocol/chains';
import { deployContractTx, type TestAccount } from './chain-actions';

const TRANSFER_TOPIC = keccak256(stringToBytes('Transfer(address,address,uint256)')).slice(2);

function push2(n: number): string {
  if (n > 0xffff) throw new Error(`${n} does not fit PUSH2`);
  return `61${n.toString(16).padStart(4, '0')}`;
}

/** CODECOPY `length` bytes from code offset `from` to memory 0, then RETURN them. */
function returnCode(from: number, length: number): string {
  return `${push2(length)}${push2(from)}600039${push2(length)}6000f3`;
}
const RETURN_CODE_BYTES = 15;

/** Creation code of the constant-answer token: the Transfer log, then the runtime below it. */
export function namedTokenInitCode(name: string): Hex {
  const answer = encodeAbiParameters([{ type: 'string' }], [name]).slice(2);
  const runtime = returnCode(RETURN_CODE_BYTES, answer.length / 2) + answer;
  // mem[0] = 100; LOG3(mem[0..32], Transfer, from 0x0, to CALLER).
  const log = `6064600052` + `33` + `6000` + `7f${TRANSFER_TOPIC}` + `6020` + `6000` + `a3`;
  const prefixBytes = log.length / 2 + RETURN_CODE_BYTES;
  return `0x${log}${returnCode(prefixBytes, runtime.length / 2)}${runtime}`;
}

/** Deploys a token named (and symbolled) `name` from `deployer` into `zone`: its address and the deployment's hash. */
export function deployNamedToken(url: string, zone: ChainName, deployer: TestAccount, name: string): Promise<{ address: Address; hash: Hex }> {
  return deployContractTx(url, zone, deployer, namedTokenInitCode(name));
}
