/**
 * The opaque cursor of an approvals page: the (block number, transaction index, log index, chain)
 * key of the last approval served, with its own `g1` prefix (page-cursor.ts), so no other list
 * accepts its token.
 */
import { cursorCodec } from './page-cursor';

export const approvalCursor = cursorCodec('g1', ['index', 'logIndex']);
