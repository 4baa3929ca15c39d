/** Parser for `quai_feeHistory` (spec §2.8). */
import type { FeeHistory } from '../domain';
import { array, field, finiteNumber, object, optional, quantity } from './fields';

export function parseFeeHistory(value: unknown, path = 'feeHistory'): FeeHistory {
  const r = object(value, path);
  return {
    oldestBlock: field(r, path, 'oldestBlock', quantity),
    baseFeePerGas: field(r, path, 'baseFeePerGas', (v, p) => array(v, p, quantity)),
    // gasUsedRatio is the one field of JSON numbers, not Quantities (spec §2.1 notes).
    gasUsedRatio: field(r, path, 'gasUsedRatio', (v, p) => array(v, p, finiteNumber)),
    reward: field(r, path, 'reward', optional((v, p) => array(v, p, (row, q) => array(row, q, quantity)))),
  };
}
