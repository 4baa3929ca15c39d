/**
 * The token-transfer derivation: one token_transfers row per movement the receipt's logs show
 * (tokenTransfersOf, the decoder the transaction page uses) and one address_token_transfers row
 * per party. Rows go in as column arrays (`unnest`), as the history's do.
 */
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address } from '@/lib/rpc/domain';
import { byteaParam } from '../../drivers/sql';
import type { Derivation } from '../../engine/derivation';

export const ROLE_TOKEN_SENDER = 1;
export const ROLE_TOKEN_RECIPIENT = 2;

export const STANDARD_CODE: Readonly<Record<TokenStandard, number>> = { 'ERC-20': 20, 'ERC-721': 721, 'ERC-1155': 1155 };

// Typed column arrays after the chain (one per window), as the history's (history.ts).
const INSERT_TRANSFERS = `
  INSERT INTO token_transfers (chain, block_number, tx_index, log_index, item, standard, token, sender, recipient, amount, token_id)
  SELECT $1, * FROM unnest($2::bigint[], $3::integer[], $4::integer[], $5::integer[], $6::smallint[], $7::bytea[], $8::bytea[],
                           $9::bytea[], $10::numeric[], $11::numeric[])`;

const INSERT_PARTIES = `
  INSERT INTO address_token_transfers (address, block_number, tx_index, log_index, item, chain, role)
  SELECT address, block_number, tx_index, log_index, item, $1, role
    FROM unnest($2::bytea[], $3::bigint[], $4::integer[], $5::integer[], $6::integer[], $7::smallint[])
      AS u(address, block_number, tx_index, log_index, item, role)`;

/** Each party of a transfer with its roles (a transfer to oneself is one row with both bits). */
function partiesOf(from: Address, to: Address): Map<string, number> {
  const roles = new Map<string, number>([[from.toLowerCase(), ROLE_TOKEN_SENDER]]);
  const key = to.toLowerCase();
  roles.set(key, (roles.get(key) ?? 0) | ROLE_TOKEN_RECIPIENT);
  return roles;
}

export const tokenTransferDerivation: Derivation = {
  name: 'token-transfers',
  since: 2,
  // The parties' rows are found through the transfers they point at, as the history's are through transactions.
  tables: [
    { name: 'token_transfers', rows: 'of-block' },
    {
      name: 'address_token_transfers', rows: 'of-parties', parent: 'token_transfers',
      addresses: ['sender', 'recipient'], key: ['block_number', 'tx_index', 'log_index', 'item', 'chain'],
    },
  ],

  async write(tx, blocks) {
    const chain = blocks[0]?.chain;
    const [numbers, indexes, logs, items, standards, tokens, senders, recipients, amounts, ids] =
      Array.from({ length: 10 }, (): unknown[] => []) as [unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[]];
    const [parties, partyNumbers, partyIndexes, partyLogs, partyItems, roles] =
      Array.from({ length: 6 }, (): unknown[] => []) as [unknown[], unknown[], unknown[], unknown[], unknown[], unknown[]];
    for (const block of blocks) {
      const number = block.number.toString();
      for (const t of block.transactions) {
        // An ERC-1155 batch is one log and several rows: `item` numbers them within their log.
        const itemsOfLog = new Map<number, number>();
        for (const transfer of t.tokenTransfers) {
          const item = itemsOfLog.get(transfer.logPosition) ?? 0;
          itemsOfLog.set(transfer.logPosition, item + 1);
          numbers.push(number);
          indexes.push(t.index);
          logs.push(transfer.logPosition);
          items.push(item);
          standards.push(STANDARD_CODE[transfer.standard]);
          tokens.push(byteaParam(transfer.token));
          senders.push(byteaParam(transfer.from));
          recipients.push(byteaParam(transfer.to));
          amounts.push(transfer.amount.toString());
          ids.push(transfer.tokenId === null ? null : transfer.tokenId.toString());
          for (const [address, role] of partiesOf(transfer.from, transfer.to)) {
            parties.push(byteaParam(address));
            partyNumbers.push(number);
            partyIndexes.push(t.index);
            partyLogs.push(transfer.logPosition);
            partyItems.push(item);
            roles.push(role);
          }
        }
      }
    }
    if (!chain || numbers.length === 0) return;
    await tx.query(INSERT_TRANSFERS, [chain, numbers, indexes, logs, items, standards, tokens, senders, recipients, amounts, ids]);
    await tx.query(INSERT_PARTIES, [chain, parties, partyNumbers, partyIndexes, partyLogs, partyItems, roles]);
  },
};
