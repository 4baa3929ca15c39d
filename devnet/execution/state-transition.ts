/**
 * One transaction's state transition, as go-quai's state_transition.go (go-ethereum's, plus ETXs):
 * pre-checks (nonce, fee cap ≥ base fee, intrinsic gas, balance ≥ gas·feeCap + value), buy gas at
 * the effective price, run the EVM (call or creation), refund unused gas (and up to 1/5 of gas used
 * as the storage refund, EIP-3529), pay the tip to the miner, burn the base fee, delete touched
 * empty accounts (EIP-161).
 *
 * A type 2 transaction to another zone does not run the EVM here: its value leaves the sender and
 * travels as a type 1 ETX (built by the caller from the returned `etxValue`), to be credited in the
 * destination zone. It pays intrinsic gas like a plain transfer.
 */
import { Account, bytesToHex, hexToBytes } from '@ethereumjs/util';
import type { EVM } from '@ethereumjs/evm';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import type { Address, Hex } from 'viem';
import type { BlockContext, LogRecord, TxRecord } from './api';
import { ethAddress, evmBlock, warmUp } from './evm-env';
import { effectiveGasPrice } from './fees';
import { StrataError } from '@/lib/protocol/errors';

/** The transaction cannot be included in this block at all (state untouched). */
export class InvalidTransactionError extends StrataError {
  override name = 'InvalidTransactionError';
}

export interface TransitionResult {
  readonly status: 0 | 1;
  readonly gasUsed: bigint;
  readonly effectiveGasPrice: bigint;
  readonly contractAddress: Address | null;
  readonly logs: readonly LogRecord[];
  /** The error the EVM stopped with, if any ("revert", "out of gas", ...). */
  readonly error?: string;
  readonly returnValue: Hex;
}

export interface TransitionInput {
  readonly tx: TxRecord;
  readonly intrinsicGas: bigint;
  /** True for a type 2 transaction whose `to` is in another zone: no EVM run, value leaves with the ETX. */
  readonly crossZone: boolean;
}

const MAX_REFUND_QUOTIENT = 5n; // EIP-3529

export async function applyTransaction(
  sm: MerkleStateManager,
  evm: EVM,
  ctx: BlockContext,
  gasLeftInBlock: bigint,
  { tx, intrinsicGas, crossZone }: TransitionInput,
): Promise<TransitionResult> {
  const from = ethAddress(tx.from);
  const account = (await sm.getAccount(from)) ?? new Account();
  if (account.nonce !== tx.nonce) {
    throw new InvalidTransactionError(`nonce ${account.nonce > tx.nonce ? 'too low' : 'too high'}: address ${tx.from}, tx: ${tx.nonce} state: ${account.nonce}`);
  }
  if (tx.gas > gasLeftInBlock) throw new InvalidTransactionError('gas limit reached');
  if (tx.gasFeeCap < ctx.baseFee) {
    throw new InvalidTransactionError(`max fee per gas less than block base fee: address ${tx.from}, maxFeePerGas: ${tx.gasFeeCap} baseFee: ${ctx.baseFee}`);
  }
  if (tx.gas < intrinsicGas) throw new InvalidTransactionError(`intrinsic gas too low: have ${tx.gas}, want ${intrinsicGas}`);
  const maxCost = tx.gas * tx.gasFeeCap + tx.value;
  if (account.balance < maxCost) {
    throw new InvalidTransactionError(`insufficient funds for gas * price + value: address ${tx.from} have ${account.balance} want ${maxCost}`);
  }

  const price = effectiveGasPrice(tx.gasTipCap, tx.gasFeeCap, ctx.baseFee);
  const tip = price - ctx.baseFee;
  await sm.checkpoint();
  try {
    warmUp(evm, tx.from, tx.to, ctx.miner, tx.accessList);
    // Buy all the gas up front at the effective price (the fee-cap check above is geth's).
    account.balance -= tx.gas * price;
    await evm.journal.putAccount(from, account);

    let gasUsed: bigint;
    let status: 0 | 1 = 1;
    let error: string | undefined;
    let contractAddress: Address | null = null;
    let logs: LogRecord[] = [];
    let returnValue: Hex = '0x';
    if (crossZone) {
      account.nonce += 1n;
      account.balance -= tx.value;
      await evm.journal.putAccount(from, account);
      gasUsed = intrinsicGas;
    } else {
      const result = await evm.runCall({
        block: evmBlock(ctx),
        gasPrice: price,
        origin: from,
        caller: from,
        gasLimit: tx.gas - intrinsicGas,
        to: tx.to ? ethAddress(tx.to) : undefined,
        value: tx.value,
        data: hexToBytes(tx.data),
      });
      const exec = result.execResult;
      gasUsed = intrinsicGas + exec.executionGasUsed;
      const refund = exec.gasRefund ?? 0n;
      gasUsed -= refund < gasUsed / MAX_REFUND_QUOTIENT ? refund : gasUsed / MAX_REFUND_QUOTIENT;
      returnValue = bytesToHex(exec.returnValue);
      if (exec.exceptionError) {
        status = 0;
        error = exec.exceptionError.error;
      } else {
        if (!tx.to && result.createdAddress) contractAddress = result.createdAddress.toString() as Address;
        logs = (exec.logs ?? []).map(([address, topics, data]) => ({
          address: bytesToHex(address) as Address,
          topics: topics.map((t) => bytesToHex(t)),
          data: bytesToHex(data),
        }));
      }
      for (const addr of exec.selfdestruct?.keys() ?? []) await evm.journal.deleteAccount(ethAddress(addr));
    }

    // Refund the unused gas, pay the tip; the base fee part is burned by not crediting it anywhere.
    const sender = (await sm.getAccount(from)) ?? new Account();
    sender.balance += (tx.gas - gasUsed) * price;
    await evm.journal.putAccount(from, sender);
    const minerAddress = ethAddress(ctx.miner);
    const miner = (await sm.getAccount(minerAddress)) ?? new Account();
    miner.balance += gasUsed * tip;
    await evm.journal.putAccount(minerAddress, miner);

    await evm.journal.cleanup();
    await sm.commit();
    return { status, gasUsed, effectiveGasPrice: price, contractAddress, logs, error, returnValue };
  } catch (err) {
    await sm.revert();
    throw err;
  }
}

/**
 * Credit an inbound ETX: the value goes to the recipient. If the recipient is a contract, its code
 * runs with the ETX's data and gas limit (paid for in the origin zone); if that call fails, the
 * value is still credited, so an ETX is never lost.
 */
export async function applyInboundEtx(
  sm: MerkleStateManager,
  evm: EVM,
  ctx: BlockContext,
  etx: { to: Address; value: bigint; data: Hex; gas: bigint; sender: Address; gasFeeCap: bigint },
): Promise<{ ran: boolean; error?: string }> {
  const to = ethAddress(etx.to);
  await sm.checkpoint();
  try {
    const code = await sm.getCode(to);
    if (code.length > 0) {
      warmUp(evm, etx.sender, etx.to, ctx.miner);
      const result = await evm.runCall({
        block: evmBlock(ctx),
        gasPrice: 0n,
        caller: ethAddress(etx.sender),
        origin: ethAddress(etx.sender),
        gasLimit: etx.gas,
        to,
        value: etx.value,
        data: hexToBytes(etx.data),
        skipBalance: true,
        skipNonceIncrement: true,
      });
      const error = result.execResult.exceptionError?.error;
      if (!error) {
        // skipBalance minted `value` to the foreign sender and the call moved it on; drop the
        // (now empty) foreign account so nothing of another zone's address space lingers here.
        await evm.journal.cleanup();
        await sm.commit();
        return { ran: true };
      }
      evm.journal.cleanJournal();
      await sm.revert();
      await sm.checkpoint();
      await credit(sm, to, etx.value);
      await sm.commit();
      return { ran: true, error };
    }
    await credit(sm, to, etx.value);
    await sm.commit();
    return { ran: false };
  } catch (err) {
    await sm.revert();
    throw err;
  }
}

async function credit(sm: MerkleStateManager, to: ReturnType<typeof ethAddress>, value: bigint): Promise<void> {
  const account = (await sm.getAccount(to)) ?? new Account();
  account.balance += value;
  await sm.putAccount(to, account);
}
