/** Every receipt's logs (migration 14): Etherscan's getLogs reads them by block range, address and topics. */
import { columns, hexParam, text } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';

const INSERT_LOGS = `
  INSERT INTO logs (chain, block_number, log_index, tx_index, address, topic0, topic1, topic2, topic3, data)
  SELECT chain, block_number::bigint, log_index::integer, tx_index::integer, decode(address, 'hex'), decode(topic0, 'hex'),
         decode(topic1, 'hex'), decode(topic2, 'hex'), decode(topic3, 'hex'), decode(data, 'hex')
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
      AS u(chain, block_number, log_index, tx_index, address, topic0, topic1, topic2, topic3, data)`;

export const logsDerivation: Derivation = {
  name: 'logs',
  since: 14,
  tables: [{ name: 'logs', rows: 'of-block' }],

  async write(tx, blocks) {
    const rows = blocks.flatMap((block) =>
      block.transactions.flatMap((t) =>
        t.logs.map((log) => [
          block.chain, text(block.number), text(log.logIndex), text(t.index), hexParam(log.address),
          ...[0, 1, 2, 3].map((i) => hexParam(log.topics[i] ?? null)), hexParam(log.data),
        ]),
      ),
    );
    if (rows.length > 0) await tx.query(INSERT_LOGS, columns(rows, 10));
  },
};
