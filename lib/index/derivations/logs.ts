/** Every receipt's logs (migration 14): Etherscan's getLogs reads them by block range, address and topics. */
import { byteaParam } from '../drivers/sql';
import type { Derivation } from '../engine/derivation';

// Typed column arrays after the chain (one per window), as the history's (history.ts).
const INSERT_LOGS = `
  INSERT INTO logs (chain, block_number, log_index, tx_index, address, topic0, topic1, topic2, topic3, data)
  SELECT $1, * FROM unnest($2::bigint[], $3::integer[], $4::integer[], $5::bytea[], $6::bytea[], $7::bytea[], $8::bytea[], $9::bytea[],
                           $10::bytea[])`;

export const logsDerivation: Derivation = {
  name: 'logs',
  since: 14,
  tables: [{ name: 'logs', rows: 'of-block' }],

  async write(tx, blocks) {
    const chain = blocks[0]?.chain;
    const columns = Array.from({ length: 9 }, (): unknown[] => []) as [unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[], unknown[]];
    const [numbers, logIndexes, txIndexes, addresses, topic0, topic1, topic2, topic3, data] = columns;
    for (const block of blocks) {
      const number = block.number.toString();
      for (const t of block.transactions) {
        for (const log of t.logs) {
          numbers.push(number);
          logIndexes.push(log.logIndex);
          txIndexes.push(t.index);
          addresses.push(byteaParam(log.address));
          topic0.push(byteaParam(log.topics[0] ?? null));
          topic1.push(byteaParam(log.topics[1] ?? null));
          topic2.push(byteaParam(log.topics[2] ?? null));
          topic3.push(byteaParam(log.topics[3] ?? null));
          data.push(byteaParam(log.data));
        }
      }
    }
    if (chain && numbers.length > 0) await tx.query(INSERT_LOGS, [chain, ...columns]);
  },
};
