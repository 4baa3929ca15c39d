/**
 * The token-transfer derivation: one token_transfers row per movement the receipt's logs show
 * (tokenTransfersOf, the decoder the transaction page uses) and one address_token_transfers row
 * per party. Rows go in as column arrays (`unnest`), as the history's do.
 */
import type { TokenStandard } from '@/lib/decode/token-transfers';
import type { Address } from '@/lib/rpc/domain';
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';

export const ROLE_TOKEN_SENDER = 1;
export const ROLE_TOKEN_RECIPIENT = 2;

export const STANDARD_CODE: Readonly<Record<TokenStandard, number>> = { 'ERC-20': 20, 'ERC-721': 721, 'ERC-1155': 1155 };

const INSERT_TRANSFERS = `
  INSERT INTO token_transfers (chain, block_number, tx_index, log_index, item, standard, token, sender, recipient, amount, token_id)
  SELECT chain, block_number::bigint, tx_index::integer, log_index::integer, item::integer, standard::smallint, decode(token, 'hex'),
         decode(sender, 'hex'), decode(recipient, 'hex'), amount::numeric, token_id::numeric
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                $10::text[], $11::text[])
      AS u(chain, block_number, tx_index, log_index, item, standard, token, sender, recipient, amount, token_id)`;

const INSERT_PARTIES = `
  INSERT INTO address_token_transfers (address, block_number, tx_index, log_index, item, chain, role)
  SELECT decode(address, 'hex'), block_number::bigint, tx_index::integer, log_index::integer, item::integer, chain, role::smallint
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
      AS u(address, block_number, tx_index, log_index, item, chain, role)`;

/** Each party of a transfer with its roles (a transfer to oneself is one row with both bits). */
function parties(from: Address, to: Address): Map<string, number> {
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
    const rows: (string | null)[][] = [];
    const partyRows: (string | null)[][] = [];
    for (const block of blocks) {
      for (const t of block.transactions) {
        // An ERC-1155 batch is one log and several rows: `item` numbers them within their log.
        const items = new Map<number, number>();
        for (const transfer of t.tokenTransfers) {
          const item = items.get(transfer.logPosition) ?? 0;
          items.set(transfer.logPosition, item + 1);
          const key = [text(block.number), text(t.index), text(transfer.logPosition), text(item)];
          rows.push([
            block.chain, ...key, text(STANDARD_CODE[transfer.standard]), hexParam(transfer.token), hexParam(transfer.from),
            hexParam(transfer.to), text(transfer.amount), text(transfer.tokenId),
          ]);
          for (const [address, role] of parties(transfer.from, transfer.to)) partyRows.push([hexParam(address), ...key, block.chain, text(role)]);
        }
      }
    }
    if (rows.length === 0) return;
    await tx.query(INSERT_TRANSFERS, columns(rows, 11));
    await tx.query(INSERT_PARTIES, columns(partyRows, 7));
  },
};
