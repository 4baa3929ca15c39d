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
import { zoneOf, type ChainName } from '@/lib/protocol/chains';
import {
  DevMultiAbi, DevMultiBytecode, DevNftAbi, DevNftBytecode, DevProxyAbi, DevProxyBytecode, DevTokenAbi, DevTokenBytecode,
  DevWrappedAbi, DevWrappedBytecode, RawLoggerAbi, RawLoggerBytecode, StoreAbi, StoreBytecode,
  DevForwarderAbi, DevForwarderBytecode, DevFactoryAbi, DevFactoryBytecode, ReverterAbi, ReverterBytecode, VaultAbi, VaultBytecode,
  RevertLabAbi, RevertLabBytecode, RevertRelayAbi, RevertRelayBytecode,
} from './artifacts';

export { DevMultiAbi, DevNftAbi, DevProxyAbi, DevTokenAbi, DevWrappedAbi, RawLoggerAbi, StoreAbi, DevForwarderAbi, DevFactoryAbi, ReverterAbi, VaultAbi, RevertLabAbi, RevertRelayAbi };

/** EIP-1967's storage slots: keccak256 of the label, minus one (DevProxy.sol checks the same). */
export const EIP1967_SLOTS = {
  implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  admin: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103',
} as const satisfies Record<string, Hex>;

/** Storage slots of DevToken (see DevToken.sol). */
export const DEV_TOKEN_SLOTS = { totalSupply: 0n, balanceOfMapping: 1n, allowanceMapping: 2n } as const;

export function devTokenDeployData(supply: bigint): Hex {
  return concatHex([DevTokenBytecode, encodeAbiParameters([{ type: 'uint256' }], [supply])]);
}

export function devNftDeployData(): Hex {
  return DevNftBytecode;
}

export function devMultiDeployData(): Hex {
  return DevMultiBytecode;
}

export function devWrappedDeployData(): Hex {
  return DevWrappedBytecode;
}

export function rawLoggerDeployData(): Hex {
  return RawLoggerBytecode;
}

/** Contracts for traces: a forwarder of value, a factory of vaults, a vault, a reverter. */
export const TRACE_CONTRACTS = {
  forwarder: DevForwarderBytecode,
  factory: DevFactoryBytecode,
  vault: VaultBytecode,
  reverter: ReverterBytecode,
} as const satisfies Record<string, Hex>;

/**
 * Contracts that fail in every way a transaction can (RevertLab.sol, with its errors in
 * LabErrors.sol): the lab and the relay that calls it, passing a failure on or catching it.
 */
export const REVERT_CONTRACTS = {
  lab: RevertLabBytecode,
  relay: RevertRelayBytecode,
} as const satisfies Record<string, Hex>;

/** DevForwarder.forward(to): the value sent goes on to `to`. */
export function forwardData(to: Address): Hex {
  return encodeFunctionData({ abi: DevForwarderAbi, functionName: 'forward', args: [to] });
}

/** An EIP-1967 proxy delegating to `implementation`, administered by `admin`. */
export function devProxyDeployData(implementation: Address, admin: Address): Hex {
  return concatHex([DevProxyBytecode, encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [implementation, admin])]);
}

export function storeDeployData(initial: bigint): Hex {
  return concatHex([StoreBytecode, encodeAbiParameters([{ type: 'uint256' }], [initial])]);
}

export function tokenTransferData(to: Address, value: bigint): Hex {
  return encodeFunctionData({ abi: DevTokenAbi, functionName: 'transfer', args: [to, value] });
}

export function nftMintData(to: Address, tokenId: bigint): Hex {
  return encodeFunctionData({ abi: DevNftAbi, functionName: 'mint', args: [to, tokenId] });
}

export function multiMintData(to: Address, id: bigint, value: bigint): Hex {
  return encodeFunctionData({ abi: DevMultiAbi, functionName: 'mint', args: [to, id, value, '0x'] });
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

/** What the traffic generator deploys in each zone at start, in this order. */
export const START_CONTRACTS = ['token', 'nft', 'multi', 'proxy', 'forwarder'] as const;
export type StartContract = (typeof START_CONTRACTS)[number];

/**
 * Where a zone's start contracts are when `deployer` (the zone's first dev account) deploys them
 * from `fromNonce` (0 on a fresh devnet): each at the next in-zone CREATE nonce. Deterministic, so
 * the explorer's default devnet labels and the tests know the addresses without asking.
 */
export function startContractAddresses(deployer: Address, zone: ChainName, fromNonce = 0n): Record<StartContract, { nonce: bigint; address: Address }> {
  const out: Partial<Record<StartContract, { nonce: bigint; address: Address }>> = {};
  let nonce = fromNonce;
  for (const kind of START_CONTRACTS) {
    const next = nextInZoneCreateNonce(deployer, nonce, zone);
    out[kind] = next;
    nonce = next.nonce + 1n;
  }
  return out as Record<StartContract, { nonce: bigint; address: Address }>;
}
