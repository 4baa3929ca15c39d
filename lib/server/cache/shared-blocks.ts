/**
 * Blocks by hash shared by the fleet (REDIS_URL): the node's raw answer to
 * `getBlockByHash(hash, full)` is kept in Redis, so a block one instance read is not asked of
 * the node again by the others. Each instance still keeps its parsed copies in process
 * (lib/server/node/lookup.ts's LRU, in front of this); without REDIS_URL this is the plain node request.
 *
 * The raw answer is stored, not the parsed block: every instance parses it with the same
 * parser as a node answer (so a copy from an older build is checked like any answer), and JSON
 * has no bigints. Only an answer that is the block asked for is kept (a node answering with
 * another block must not pin it under this hash); a copy that no longer parses is ignored and
 * the node asked. A block by hash never changes, so copies only expire to bound Redis' memory.
 */
import { methodName, type RpcClient } from '@/lib/rpc/core';
import type { Block, Hash } from '@/lib/rpc/domain';
import { parseBlock } from '@/lib/rpc/parse/block';
import { recordCacheLookup } from '@/lib/ops/metrics';
import { sharedRedis, tryRedis } from '@/lib/ops/redis';

/** A week, like the kept immutable pages (lib/server/page-cache/fleet.ts). */
const TTL_SECONDS = 7 * 24 * 3600;
/** Larger answers (blocks with thousands of full transactions) are not shared. */
const MAX_SHARED_BYTES = 2 * 1024 * 1024;

export function sharedBlockKey(client: RpcClient, hash: Hash, full: boolean): string {
  return `strata:rpc:${client.chain.name}:getBlockByHash:${full ? 'full' : 'hashes'}:${hash.toLowerCase()}`;
}

export function sharedBlockByHash(client: RpcClient, hash: Hash, full: false): Promise<Block<'hashes'> | null>;
export function sharedBlockByHash(client: RpcClient, hash: Hash, full: true): Promise<Block<'full'> | null>;
export async function sharedBlockByHash(client: RpcClient, hash: Hash, full: boolean): Promise<Block<'hashes'> | Block<'full'> | null> {
  const parse = (raw: unknown) => (raw === null ? null : parseBlock(raw, 'block', { detail: full ? 'full' : 'hashes' }));
  const method = methodName(client, 'getBlockByHash');
  if (!sharedRedis()) return client.transport.request(method, [hash, full], parse);

  const key = sharedBlockKey(client, hash, full);
  const isAsked = (block: Block<'hashes'> | Block<'full'> | null) => block !== null && block.hash.toLowerCase() === hash.toLowerCase();
  const text = await tryRedis((r) => r.get(key));
  recordCacheLookup('shared-block-by-hash', Boolean(text));
  if (text) {
    try {
      const block = parse(JSON.parse(text));
      if (isAsked(block)) return block;
    } catch {
      // Unreadable copy: ask the node, whose answer replaces it.
    }
  }
  let raw: unknown;
  const block = await client.transport.request(method, [hash, full], (answer) => {
    raw = answer;
    return parse(answer);
  });
  if (isAsked(block)) {
    const json = JSON.stringify(raw);
    if (json.length <= MAX_SHARED_BYTES) await tryRedis((r) => r.set(key, json, 'EX', TTL_SECONDS));
  }
  return block;
}
