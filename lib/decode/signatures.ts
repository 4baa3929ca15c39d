/**
 * The function-signature table: the calls a reader meets most (ERC-20, ERC-721, ERC-1155, permit,
 * WETH, multicall, Uniswap-style routers, Ownable and proxy administration), written as the
 * standards and contracts declare them. Selectors are computed from these strings with keccak
 * (lib/decode/calls.ts), never copied from a list, so a typo here cannot hide behind a right hex.
 *
 * Where two standards share a signature (ERC-20 and ERC-721 `transferFrom(address,address,uint256)`,
 * `approve(address,uint256)`), one line serves both and the argument names say so.
 */
export const FUNCTION_SIGNATURES: readonly string[] = [
  // ERC-20 (and EIP-2612 permit)
  'function transfer(address to, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 valueOrTokenId) returns (bool)',
  'function approve(address spender, uint256 valueOrTokenId) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function increaseAllowance(address spender, uint256 addedValue) returns (bool)',
  'function decreaseAllowance(address spender, uint256 subtractedValue) returns (bool)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function nonces(address owner) view returns (uint256)',
  'function mint(address to, uint256 valueOrTokenId)',
  'function burn(uint256 valueOrTokenId)',
  // ERC-721
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  // ERC-1155
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function balanceOfBatch(address[] accounts, uint256[] ids) view returns (uint256[])',
  'function uri(uint256 id) view returns (string)',
  'function mint(address to, uint256 id, uint256 value, bytes data)',
  'function mintBatch(address to, uint256[] ids, uint256[] values, bytes data)',
  // WETH
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  // Multicall (OpenZeppelin, Uniswap V3 periphery, Multicall3)
  'function multicall(bytes[] data) returns (bytes[] results)',
  'function multicall(uint256 deadline, bytes[] data) returns (bytes[] results)',
  'function aggregate((address target, bytes callData)[] calls) returns (uint256 blockNumber, bytes[] returnData)',
  'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls) returns ((bool success, bytes returnData)[] returnData)',
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) returns ((bool success, bytes returnData)[] returnData)',
  // Uniswap V2-style routers
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)',
  'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256 amountToken, uint256 amountETH)',
  // Uniswap V3 SwapRouter
  'function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)',
  'function exactInput((bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)',
  // Ownable
  'function owner() view returns (address)',
  'function transferOwnership(address newOwner)',
  'function renounceOwnership()',
  // Proxies (EIP-1967 transparent and UUPS) and OpenZeppelin's ProxyAdmin
  'function upgradeTo(address newImplementation)',
  'function upgradeToAndCall(address newImplementation, bytes data) payable',
  'function changeAdmin(address newAdmin)',
  'function admin() view returns (address)',
  'function implementation() view returns (address)',
  'function upgradeAndCall(address proxy, address implementation, bytes data) payable',
  'function getProxyImplementation(address proxy) view returns (address)',
  'function getProxyAdmin(address proxy) view returns (address)',
  'function changeProxyAdmin(address proxy, address newAdmin)',
];
