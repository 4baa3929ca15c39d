/**
 * Transactions for the e2e specs of the address, txpool, fees, network and broadcast pages:
 * fresh in-zone accounts funded from a dev account, signed sends, contract deployment, waiting.
 *
 * Why fresh accounts: the devnet's traffic generator sends from the dev accounts all the time, so
 * a test that signed from them directly would race it for nonces. Each test derives its own key
 * (unique per run), receives one funding transfer from a dev account (retried if traffic took the
 * nonce first), and from then on owns its nonces.
 */
import { keccak256, stringToBytes, type Address, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { zoneOf, type ChainName } from '../../lib/protocol/chains';
import { signTransaction, type SignableTransaction } from '../../lib/protocol/transaction';
import { devAccountsOf } from '../../devnet/accounts';
import { devTokenDeployData, nextInZoneCreateNonce } from '../../devnet/contracts';
import { rpc } from './rpc';

export const GWEI = 1_000_000_000n;
export const QUAI = 10n ** 18n;
const CHAIN_ID = 1337n;

export interface TestAccount {
  readonly privateKey: Hex;
  readonly address: Address;
}

/** A key whose address lies in `zone`, unique to this label and run. */
export function freshAccount(zone: ChainName, label: string): TestAccount {
  const run = `${Date.now()}-${Math.random()}`;
  for (let i = 0; ; i++) {
    const privateKey = keccak256(stringToBytes(`strata-e2e-${label}-${run}-${i}`));
    const address = privateKeyToAddress(privateKey);
    if (zoneOf(address).name === zone) return { privateKey, address };
  }
}

export async function nonceOf(url: string, address: Address, tag: 'latest' | 'pending' = 'pending'): Promise<bigint> {
  return BigInt(await rpc<string>(url, 'quai_getTransactionCount', [address, tag]));
}

export async function balanceOf(url: string, address: Address): Promise<bigint> {
  return BigInt(await rpc<string>(url, 'quai_getBalance', [address, 'latest']));
}

type TxFields = Omit<Extract<SignableTransaction, { type: 0 }>, 'type' | 'chainId' | 'nonce' | 'gasTipCap' | 'gasFeeCap' | 'accessList'> &
  Partial<Pick<SignableTransaction, 'gasTipCap' | 'gasFeeCap'>>;

/** Signs a type 0 transaction at an explicit nonce. */
export function signAt(account: TestAccount, nonce: bigint, fields: TxFields): Promise<Hex> {
  return signTransaction(
    {
      type: 0,
      chainId: CHAIN_ID,
      nonce,
      gasTipCap: fields.gasTipCap ?? 2n * GWEI,
      gasFeeCap: fields.gasFeeCap ?? 50n * GWEI,
      gas: fields.gas,
      to: fields.to,
      value: fields.value,
      data: fields.data,
      accessList: [],
    },
    account.privateKey,
  );
}

export async function sendRaw(url: string, raw: Hex): Promise<Hex> {
  return rpc<Hex>(url, 'quai_sendRawTransaction', [raw]);
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function waitForReceipt(url: string, hash: Hex, timeoutMs = 60_000): Promise<{ status: string; blockNumber: string }> {
  return waitFor(`receipt of ${hash}`, () => rpc<{ status: string; blockNumber: string } | null>(url, 'quai_getTransactionReceipt', [hash]), timeoutMs);
}

/** Sends `value` from the zone's second dev account to `to`, retrying when traffic used the nonce first. */
export async function fundFromDev(url: string, zone: ChainName, to: Address, value: bigint): Promise<Hex> {
  const dev = devAccountsOf(zone)[1] ?? devAccountsOf(zone)[0];
  if (!dev) throw new Error(`no dev account in ${zone}`);
  let lastError: unknown;
  for (let attempt = 0; attempt < 8; attempt++) {
    try {
      const nonce = await nonceOf(url, dev.address);
      // A generous tip: if traffic's transaction holds this nonce, ours replaces it (≥10% bump).
      const raw = await signAt(dev, nonce, { to, value, gas: 21_000n, data: '0x', gasTipCap: (20n + BigInt(attempt) * 10n) * GWEI, gasFeeCap: 500n * GWEI });
      const hash = await sendRaw(url, raw);
      // Mined, or replaced: another sender's transaction at this nonce (a replacement with a
      // higher tip) never gives ours a receipt, so its being mined is the signal to send again.
      const receipt = await waitFor(`receipt of ${hash}, or its nonce taken`, async () => {
        const mined = await rpc<{ status: string } | null>(url, 'quai_getTransactionReceipt', [hash]);
        if (mined) return { mined };
        if ((await nonceOf(url, dev.address, 'latest')) <= nonce) return undefined;
        // Past our nonce: mined in the block just read, or not at all.
        return { mined: await rpc<{ status: string } | null>(url, 'quai_getTransactionReceipt', [hash]) };
      });
      if (!receipt.mined) throw new Error(`${hash} was replaced at nonce ${nonce}`);
      return hash;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 400));
    }
  }
  throw new Error(`could not fund ${to}: ${String(lastError)}`);
}

/**
 * Sends `value` from `sender` to `to` in another zone (a type 2, which emits one ETX) and waits for
 * it to be mined: its hash, the number of its block and the hash of the ETX it emitted.
 */
export async function sendCrossZone(url: string, sender: TestAccount, to: Address, value = 10n ** 15n): Promise<{ hash: Hex; blockNumber: string; etx: Hex }> {
  const raw = await signTransaction(
    {
      type: 2, chainId: CHAIN_ID, nonce: await nonceOf(url, sender.address), gasTipCap: 2n * GWEI, gasFeeCap: 50n * GWEI, gas: 60_000n, to, value,
      data: '0x', accessList: [], etxGasLimit: 21_000n, etxGasPrice: 50n * GWEI, etxGasTip: GWEI, etxData: '0x', etxAccessList: [],
    },
    sender.privateKey,
  );
  const hash = await sendRaw(url, raw);
  const { blockNumber } = await waitForReceipt(url, hash);
  const receipt = await rpc<{ etxs: { hash: Hex }[] }>(url, 'quai_getTransactionReceipt', [hash]);
  const etx = receipt.etxs[0]?.hash;
  if (!etx) throw new Error(`${hash} emitted no ETX`);
  return { hash, blockNumber, etx };
}

/** A funded fresh account in `zone`. */
export async function fundedAccount(url: string, zone: ChainName, label: string, value = 10n * QUAI): Promise<TestAccount> {
  const account = freshAccount(zone, label);
  await fundFromDev(url, zone, account.address, value);
  return account;
}

/**
 * Deploys `data` from `deployer` so that the contract lands in `zone` (a contract address's zone
 * depends on the deployer's nonce): spends the nonces before an in-zone one on self-transfers.
 */
export async function deployContract(url: string, zone: ChainName, deployer: TestAccount, data: Hex): Promise<Address> {
  return (await deployContractTx(url, zone, deployer, data)).address;
}

/** deployContract, also giving the creating transaction's hash. */
export async function deployContractTx(url: string, zone: ChainName, deployer: TestAccount, data: Hex): Promise<{ address: Address; hash: Hex }> {
  const start = await nonceOf(url, deployer.address);
  const { nonce, address } = nextInZoneCreateNonce(deployer.address, start, zone);
  for (let n = start; n < nonce; n++) {
    await sendRaw(url, await signAt(deployer, n, { to: deployer.address, value: 0n, gas: 21_000n, data: '0x' }));
  }
  const hash = await sendRaw(url, await signAt(deployer, nonce, { to: null, value: 0n, gas: 2_000_000n, data }));
  const receipt = await waitForReceipt(url, hash, 90_000);
  if (receipt.status !== '0x1') throw new Error(`deployment reverted (${hash})`);
  await waitFor('contract code', async () => (await rpc<string>(url, 'quai_getCode', [address, 'latest'])) !== '0x');
  return { address, hash };
}

/** Deploys DevToken from `deployer` into `zone` (deployContract). */
export function deployToken(url: string, zone: ChainName, deployer: TestAccount, supply: bigint): Promise<Address> {
  return deployContract(url, zone, deployer, devTokenDeployData(supply));
}
