/**
 * For tests: one dev account that sends, deploys and waits over HTTP (the project's RPC client),
 * owning its nonces (tests start the devnet without traffic, so nobody else sends from it).
 */
import type { Address, Hex } from 'viem';
import type { ChainName } from '@/lib/protocol/chains';
import { signTransaction } from '@/lib/protocol/transaction';
import type { ChainClient } from '@/lib/rpc/client';
import type { Hash, Receipt, Transaction } from '@/lib/rpc/domain';
import type { DevAccount } from '../accounts';
import { nextInZoneCreateNonce } from '../contracts';
import type { Devnet } from '../index';

const GWEI = 1_000_000_000n;

export interface Sender {
  readonly account: DevAccount;
  /** `gas` defaults to 2 000 000. */
  send(to: Address | null, data: Hex, value?: bigint, gas?: bigint): Promise<Hash>;
  mined(hash: Hash): Promise<{ tx: Transaction; receipt: Receipt }>;
  /** Deploys at the account's next in-zone CREATE nonce (self-transfers spend the nonces before it). */
  deploy(data: Hex): Promise<{ address: Address; receipt: Receipt }>;
  /** A type 2 transaction to an address of another zone (it emits an ETX); not waited for. */
  sendEtx(to: Address, value: bigint): Promise<Hash>;
  /** Sends and waits for the receipt; throws when the transaction reverted. */
  run(to: Address, data: Hex, value?: bigint): Promise<{ tx: Transaction; receipt: Receipt }>;
}

export async function createSender(devnet: Devnet, zone: ChainName, client: ChainClient, account: DevAccount): Promise<Sender> {
  let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const sender: Sender = {
    account,
    async send(to, data, value = 0n, gas = 2_000_000n) {
      const raw = await signTransaction(
        { type: 0, chainId: devnet.chainId, nonce: nonce++, gasTipCap: GWEI, gasFeeCap: 20n * GWEI, gas, to, value, data, accessList: [] },
        account.privateKey,
      );
      return client.sendRawTransaction({ serializedTransaction: raw });
    },
    async sendEtx(to, value) {
      const raw = await signTransaction(
        {
          type: 2, chainId: devnet.chainId, nonce: nonce++, gasTipCap: GWEI, gasFeeCap: 20n * GWEI, gas: 30_000n, to, value, data: '0x', accessList: [],
          etxGasLimit: 21_000n, etxGasPrice: 20n * GWEI, etxGasTip: GWEI, etxData: '0x', etxAccessList: [],
        },
        account.privateKey,
      );
      return client.sendRawTransaction({ serializedTransaction: raw });
    },
    async mined(hash) {
      for (let i = 0; i < 300; i++) {
        const receipt = await client.getTransactionReceipt({ hash });
        if (receipt) {
          const tx = await client.getTransactionByHash({ hash });
          if (!tx) throw new Error(`${hash} has a receipt but no transaction`);
          return { tx, receipt };
        }
        devnet.mineNow(zone);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`${hash} was not mined`);
    },
    async deploy(data) {
      const target = nextInZoneCreateNonce(account.address, nonce, zone);
      while (nonce < target.nonce) await sender.send(account.address, '0x');
      const { receipt } = await sender.mined(await sender.send(null, data));
      if (receipt.status !== 'success') throw new Error('deployment reverted');
      return { address: target.address, receipt };
    },
    async run(to, data, value = 0n) {
      const result = await sender.mined(await sender.send(to, data, value));
      if (result.receipt.status !== 'success') throw new Error(`call to ${to} reverted`);
      return result;
    },
  };
  return sender;
}
