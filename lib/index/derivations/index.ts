/**
 * The index's derivations, the one list the engine is handed (lib/index/writer.ts for the writer,
 * lib/index/open-index.ts for the migrations): written in this order, rolled back in reverse.
 * A new derivation is a file in this folder (its tables, node reads, write, and a rollback only
 * for rows its tables' declarations cannot remove) and a line here, after the migration that
 * creates its tables (docs/indexer.md, "Adding a derivation").
 *
 * Internal transfers read traces from the node: they declare the trace pass, which writes them
 * behind the others (engine/trace-pass/); the rest are written by the block pass.
 * Token stats and daily stats come after the rows they count: their rollbacks read the
 * token_transfers, transactions and etx_origins rows the others then delete. Block facts follow
 * the mined blocks, whose uncles their re-read completes. Balances (the balance pass,
 * engine/balance-pass/) come last for the same reason: their rollback reads the history rows of
 * the blocks it takes back.
 */
import type { Derivation } from '../engine/derivation';
import { blockFactsDerivation } from './block-facts';
import { contractCreationDerivation } from './contract-creations';
import { balancesDerivation } from './balances';
import { chainStatsDerivation } from './chain-stats';
import { dailyStatsDerivation } from './daily-stats';
import { etxOriginDerivation } from './etx-origins';
import { historyDerivation } from './history';
import { internalTransferDerivation } from './internal-transfers';
import { logsDerivation } from './logs';
import { minedBlocksDerivation } from './mined-blocks';
import { newAddressesDerivation } from './new-addresses';
import { tokenApprovalDerivation } from './tokens/token-approvals';
import { tokenStatsDerivation } from './tokens/token-stats';
import { tokenTransferDerivation } from './tokens/token-transfers';
import { tokensDerivation } from './tokens/tokens';

export const DERIVATIONS: readonly Derivation[] = [
  historyDerivation, tokenTransferDerivation, tokensDerivation, etxOriginDerivation, contractCreationDerivation, internalTransferDerivation,
  minedBlocksDerivation, logsDerivation, tokenApprovalDerivation, blockFactsDerivation, tokenStatsDerivation, chainStatsDerivation, newAddressesDerivation,
  dailyStatsDerivation, balancesDerivation,
];
