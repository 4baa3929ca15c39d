/** Every migration, in order. Append only: an applied migration never changes. */
import { migration as history } from './001-history';
import { migration as tokenTransfers } from './002-token-transfers';
import { migration as etxJourneys } from './003-etx-journeys';
import { migration as tokensAndRereads } from './004-tokens-and-rereads';
import { migration as dailyStats } from './005-daily-stats';
import { migration as advanceCursor } from './006-advance-cursor';
import { migration as verifiedContracts } from './007-verified-contracts';
import { migration as internalTransfers } from './008-internal-transfers';
import { migration as traceCursor } from './009-trace-cursor';
import { migration as tokenApprovals } from './010-token-approvals';
import { migration as indexCommits } from './011-index-commits';
import { migration as verifyQueue } from './012-verify-queue';
import { migration as sourceMapsAndInnerReverts } from './013-source-maps-and-inner-reverts';
import { migration as minedBlocksAndLogs } from './014-mined-blocks-and-logs';
import { migration as blockMiner } from './015-block-miner';
import { migration as minersFromMinedBlocks } from './016-miners-from-mined-blocks';
import { migration as bytecodeMatching } from './017-bytecode-matching';
import { migration as untracedBlocks } from './018-untraced-blocks';
import { migration as searchAndNonces } from './019-search-and-nonces';
import { migration as blockFactsAndReorgs } from './020-block-facts-and-reorgs';
import { migration as browseLists } from './021-browse-lists';
import { migration as balances } from './022-balances';
import { migration as chainStats } from './023-chain-stats';

export interface Migration {
  readonly id: number;
  readonly name: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  history, tokenTransfers, etxJourneys, tokensAndRereads, dailyStats, advanceCursor, verifiedContracts, internalTransfers, traceCursor, tokenApprovals, indexCommits, verifyQueue, sourceMapsAndInnerReverts,
  minedBlocksAndLogs, blockMiner, minersFromMinedBlocks, bytecodeMatching, untracedBlocks, searchAndNonces, blockFactsAndReorgs,
  browseLists, balances, chainStats,
];

/**
 * The schema of an index written before any derivation beyond the history (tests build one to
 * upgrade): migration 1, with the cursor function (6) that this code's writer calls, the
 * blocks' miner column (15) and figures (20) that it writes, and the record of reorgs its
 * rollbacks keep (20).
 */
export const HISTORY_ONLY_SCHEMA: readonly Migration[] = [history, advanceCursor, blockMiner, blockFactsAndReorgs];
