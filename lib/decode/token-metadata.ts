/**
 * A token's name, symbol, decimals and total supply: the calldata to ask for them and the
 * reading of the answers. Pure and browser-safe; the loader (lib/server/token/) does the calls.
 *
 * Answers are read leniently, because real tokens differ: `name`/`symbol` as an ABI string, or as
 * a bytes32 with trailing zeros (early tokens such as MKR); `decimals` as any uint up to 255. An
 * answer that fits neither is "not answered" (null), never an error.
 */
import { decodeAbiParameters, encodeFunctionData, hexToString, parseAbi, size, trim, type Hex } from 'viem';

const METADATA_ABI = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
]);

export const TOKEN_CALLS = {
  name: encodeFunctionData({ abi: METADATA_ABI, functionName: 'name' }),
  symbol: encodeFunctionData({ abi: METADATA_ABI, functionName: 'symbol' }),
  decimals: encodeFunctionData({ abi: METADATA_ABI, functionName: 'decimals' }),
  totalSupply: encodeFunctionData({ abi: METADATA_ABI, functionName: 'totalSupply' }),
} as const;

/** Printable text only: a token's name is chain data, drawn as text, never trusted to be tidy. */
function printable(text: string): string | null {
  const cleaned = text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned.length > 0 && cleaned.length <= 100 ? cleaned : null;
}

/** A `name()`/`symbol()` answer: an ABI string, or a bytes32 string; null otherwise. */
export function readTokenString(answer: Hex): string | null {
  if (size(answer) === 32) {
    try {
      return printable(hexToString(trim(answer, { dir: 'right' })));
    } catch {
      return null;
    }
  }
  try {
    const [text] = decodeAbiParameters([{ type: 'string' }], answer);
    return printable(text);
  } catch {
    return null;
  }
}

/** A `decimals()` answer: a uint up to 255 in one word; null otherwise. */
export function readTokenDecimals(answer: Hex): number | null {
  if (size(answer) !== 32) return null;
  const value = BigInt(answer);
  return value <= 255n ? Number(value) : null;
}

/** A `totalSupply()` answer: one uint256 word; null otherwise. */
export function readTokenUint(answer: Hex): bigint | null {
  return size(answer) === 32 ? BigInt(answer) : null;
}

const BALANCE_ABI = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
]);

/** `balanceOf(owner)`: ERC-20's amount, ERC-721's count of tokens owned. */
export function balanceOfCall(owner: Hex): Hex {
  return encodeFunctionData({ abi: [BALANCE_ABI[0]], functionName: 'balanceOf', args: [owner] });
}

/** ERC-1155's `balanceOf(owner, id)`: the amount of one id. */
export function balanceOfIdCall(owner: Hex, id: bigint): Hex {
  return encodeFunctionData({ abi: [BALANCE_ABI[1]], functionName: 'balanceOf', args: [owner, id] });
}

/** ERC-165's supportsInterface for ERC-721 (interface id 0x80ac58cd). */
export const ERC721_INTERFACE_CALL: Hex = encodeFunctionData({
  abi: parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)']),
  functionName: 'supportsInterface',
  args: ['0x80ac58cd'],
});

/** ERC-165's supportsInterface for ERC-1155 (interface id 0xd9b67a26). */
export const ERC1155_INTERFACE_CALL: Hex = encodeFunctionData({
  abi: parseAbi(['function supportsInterface(bytes4 interfaceId) view returns (bool)']),
  functionName: 'supportsInterface',
  args: ['0xd9b67a26'],
});

/** A bool answer: one word, 0 or 1; null otherwise. */
export function readBool(answer: Hex): boolean | null {
  if (size(answer) !== 32) return null;
  const value = BigInt(answer);
  return value === 1n ? true : value === 0n ? false : null;
}
