/**
 * The devnet's contracts: creation data, calldata helpers and the storage slots tests read.
 *
 * Contract addresses follow Ethereum's CREATE rule, keccak256(rlp([sender, nonce]))[12:], so the
 * first byte — hence the zone the contract lands in — depends on the deployer's nonce. A contract
 * is only reachable through its own zone's RPC port ("address is not in scope" elsewhere), so
 * deployers pick an in-zone nonce with `nextInZoneCreateNonce` and spend the nonces before it on
 * ordinary transfers.
 */
import { encodeAbiParameters, encodeFunctionData, getContractAddress, keccak256, concatHex, type Address, type Hex } from 'viem';
import { zoneOf, type ChainName } from '@/lib/chains';
import { DevTokenAbi, DevTokenBytecode, StoreAbi, StoreBytecode } from './artifacts';

export { DevTokenAbi, StoreAbi };

/** Storage slots of DevToken (see DevToken.sol). */
export const DEV_TOKEN_SLOTS = { totalSupply: 0n, balanceOfMapping: 1n, allowanceMapping: 2n } as const;

export function devTokenDeployData(supply: bigint): Hex {
  return concatHex([DevTokenBytecode, encodeAbiParameters([{ type: 'uint256' }], [supply])]);
}

export function storeDeployData(initial: bigint): Hex {
  return concatHex([StoreBytecode, encodeAbiParameters([{ type: 'uint256' }], [initial])]);
}

export function tokenTransferData(to: Address, value: bigint): Hex {
  return encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [to, value] });
}

export function storeSetData(value: bigint): Hex {
  return encodeFunctionData({ abi: StoreAbi, functionName: 'set', args: [value] });
}

/** The storage slot of DevToken.balanceOf[holder]: keccak256(abi.encode(holder, 1)). */
export function tokenBalanceSlot(holder: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, DEV_TOKEN_SLOTS.balanceOfMapping]));
}

/** The first nonce ≥ `from` at which `deployer`'s CREATE address falls in `zone`. */
export function nextInZoneCreateNonce(deployer: Address, from: bigint, zone: ChainName): { nonce: bigint; address: Address } {
  for (let nonce = from; ; nonce++) {
    const address = getContractAddress({ from: deployer, nonce });
    if (zoneOf(address).name === zone) return { nonce, address };
  }
}
