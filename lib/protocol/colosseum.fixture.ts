/**
 * Real data from a go-quai v0.11 colosseum node (extraData reads "v0.11.0 go-quai go1.20.6 linux"),
 * as printed in Quai Network's public JSON-RPC docs (quai_getHeaderByHash, quai_getBlockByNumber and
 * quai_getProof examples). Test-only. These headers carry no mixHash in JSON (v0.11 had none).
 */
import type { Hex } from 'viem';
import type { HeaderFields } from './header';

type RealBlock = HeaderFields & { readonly hash: Hex; readonly order?: 0 | 1 | 2; readonly totalEntropy?: bigint };

const common = {
  sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
  miner: '0x05795ed14cdb744781b50d8061a00f42c2124f93',
  extraData: '0xdf8776302e31312e3087676f2d7175616988676f312e32302e36856c696e7578',
  gasLimit: 0x4c4b400n,
  baseFeePerGas: 1n,
  location: '0x0000',
  mixHash: `0x${'00'.repeat(32)}`,
} as const;

/** quai_getHeaderByHash example (zone cyprus1, number [0x11, 0x7f, 0x2b5]). */
export const HEADER_0x2b5: RealBlock = {
  ...common,
  hash: '0x0000085526a97d1b4e1613e3aa7dd01f9cef01525d242a42f203355e8c7dfcb6',
  difficulty: 0x16d317n,
  extRollupRoot: '0xaa43773538ebb8494ee7d895d87c114304bc69306c888da2fb40d45d639b2d79',
  extTransactionsRoot: '0xcde1249dcffdb0ecca318d39cf08a4384767c4956f1b0f323d4ed8dbf50a7b53',
  gasUsed: 0x252ba0n,
  manifestHash: [
    '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    '0x4b4e182d76c7a56ca896e8021bb9e1d339498cef5e0f36c0b78efd49406357b1',
    '0x6bdf6d340cce48815db7c19c4d1ea2dcddb235ab09b05a8914748c98af7432cf',
  ],
  nonce: '0x29c868751a5ec0fc',
  number: [0x11n, 0x7fn, 0x2b5n],
  parentDeltaS: [0n, 0x7582f1cd923e1b7e34dn, 0x5980ead1726f9d7639n],
  parentEntropy: [0x1c8a963601e57daef58ddn, 0x1b12cce80621f70c0af16n, 0x1b1864f6b3391e05e254fn],
  parentHash: [
    '0x0000022550f6aeb9f4db37d54b159bc0812916f246a74909e1b9ce7616d5dd7f',
    '0x000007c122e2cf197cf507062ad9ce285de7273a853226116d38f47466f4c3ad',
    '0x000006a97da5e1cf29f92dbb83df5568132dc9e962106c1fc343d313fc250f46',
  ],
  receiptsRoot: '0x2db04a8f2dcb99b453f3941bdc522d0fcc6cc1e0dd76a8f21d55e97bd1c3804a',
  stateRoot: '0x0082f4c0ff72f767dedc1da8033c756ed72c3a8baa0f9b4d7f7bfe9d587d82d4',
  timestamp: 0x64c7fb18n,
  transactionsRoot: '0x50806865e11d4eb8deecba6cd8b926b7d9c9b85497d78476687ca5577d93d4a2',
};

/** quai_getBlockByNumber example (zone cyprus1, number [0x9, 0x43, 0x15e]), with order and totalEntropy. */
export const BLOCK_0x15e: RealBlock = {
  ...common,
  hash: '0x0000023ee6f37ecaa871f52068e6c020b899d6bafc6efa7a6ce11a062bd2db2e',
  order: 2,
  totalEntropy: 0xc5cca1261d7817679ecdn,
  difficulty: 0x195a93n,
  extRollupRoot: '0x246f5df00f42ea6c6b3ce50709c1a5ed01effd053be9fd55c8e7a01a5fdd0e75',
  extTransactionsRoot: '0xc9b954a741c868ee033c7a769470f71779326a46bd654c8248a9a684b03f60f7',
  gasUsed: 0x2e248n,
  manifestHash: [
    '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
    '0x89850f64186b9da266bc7675ffc919b348f05e0fde66039d8edcaaa33b527024',
    '0xfcedd8bed59b82a4d43507d15f1e36661644784369c7543d76216fe501222b5c',
  ],
  nonce: '0x77bbf39f5610b167',
  number: [0x9n, 0x43n, 0x15en],
  parentDeltaS: [0n, 0x5f74cf155fd3b35cae7n, 0x45b983cac85b6d849an],
  parentEntropy: [0xdbafb89c01f36e7178f9n, 0xc570126e27f3a630caa3n, 0xc5b5cbf1f2bc019e4f3dn],
  parentHash: [
    '0x000004c76cbf7feb9a14344238c3a32010695100130cc699f44eec051999b2d0',
    '0x000002e68ba4766a7fd55f233c676e35b330f168b657a0895264535ac30d652e',
    '0x0000024ccfb37a6e7ba09a3541c6c1e614e64809cc1b742acad2451e22764d6c',
  ],
  receiptsRoot: '0x943ec93fea96d218dbba1f5efb16af09488339c75ee733412c74375972bd9694',
  stateRoot: '0x4dcd52b88572709f4f07cfcd80c14b19a26e42d30fdacfb8da74b587a1248114',
  timestamp: 0x64c7df3bn,
  transactionsRoot: '0xbeb22d0d3169d16dfae20eba72d013a5f21566328298cd5e9a53177197b66f3d',
};

/**
 * quai_getProof example: account 0x7f0d…a842 with balance 0. The leaf under branch slot 5 belongs
 * to another account (its path 0x5380c7b7… diverges from keccak256(address) = 0x5417fb61…), so this
 * is a proof of absence. The docs give no state root; it is keccak256(accountProof[0]).
 */
export const PROOF_EXAMPLE = {
  address: '0x7f0d15c7faae65896648c8273b6d7e43f58fa842',
  accountProof: [
    '0xf8518080808080a0c330e7e9f2c4d26b65d6a75253887c5aaf97e0f8d4fca55b9c1b4d258acf69b78080808080808080a0eaa68ff161bff8212a577807d9d5031f7298825a42777c9837dad04d377595d68080',
    '0xf870a03380c7b7ae81a58eb98d9c78de4a1fd7fd9535fc953ed2be602daaa41767312ab84df84b808706943fdbce684ba056e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421a0c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
  ],
  balance: 0n,
  codeHash: '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
  nonce: 0n,
  storageHash: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421',
  storageProof: [{ key: '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421', value: 0n, proof: [] }],
} as const;
