/**
 * The opaque cursor of a token-transfer page: the (block number, transaction index, log index,
 * item, chain) key of the last row served, with its own `t1` prefix (page-cursor.ts), so neither
 * the history nor the internal transfers accept its token.
 */
import { cursorCodec } from './page-cursor';

export const transferCursor = cursorCodec('t1', ['index', 'logIndex', 'item']);
