/**
 * --data-dir persistence of the chain: a meta file (what genesis was made with) and one JSON line
 * per sealed zone block (header, hash and body). On start the lines are replayed through the
 * same Network.commit that mined them, which rebuilds region and prime chains, manifests and the
 * ETX queues exactly; the execution layer persists its own state trie beside them.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hex } from 'viem';
import type { ChainName } from '@/lib/protocol/chains';
import type { HeaderFields } from '@/lib/protocol/header';
import type { BlockParts, Network } from './network';

export interface ChainMeta {
  readonly version: 1;
  readonly topology: string;
  readonly chainId: string;
  readonly genesisDifficulty: string;
  readonly entropyTargets: { region: number; prime: number };
  readonly baseFeeFloor: string;
}

interface BlockLine {
  readonly zone: ChainName;
  readonly hash: Hex;
  readonly header: HeaderFields;
  readonly parts: BlockParts;
  readonly sealedAtMs: number;
}

const replacer = (_key: string, value: unknown): unknown => (typeof value === 'bigint' ? { $big: value.toString() } : value);
const reviver = (_key: string, value: unknown): unknown =>
  typeof value === 'object' && value !== null && '$big' in value && typeof (value as { $big: unknown }).$big === 'string'
    ? BigInt((value as { $big: string }).$big)
    : value;

export class ChainPersistence {
  private readonly blocksFile: string;
  private readonly metaFile: string;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.blocksFile = join(dir, 'blocks.jsonl');
    this.metaFile = join(dir, 'chain.json');
  }

  /** The stored meta, or `fresh` written as the meta of a new data directory. */
  meta(fresh: ChainMeta): ChainMeta {
    if (existsSync(this.metaFile)) {
      const stored = JSON.parse(readFileSync(this.metaFile, 'utf8')) as ChainMeta;
      for (const key of ['topology', 'chainId'] as const) {
        if (stored[key] !== fresh[key]) {
          throw new Error(`data dir ${this.dir} holds a ${key} ${stored[key]} chain, not ${fresh[key]}: use another --data-dir`);
        }
      }
      return stored;
    }
    writeFileSync(this.metaFile, `${JSON.stringify(fresh, null, 2)}\n`);
    return fresh;
  }

  /** Replay stored blocks into `network`; returns how many. */
  replay(network: Network): number {
    if (!existsSync(this.blocksFile)) return 0;
    let count = 0;
    const lines = readFileSync(this.blocksFile, 'utf8').split('\n');
    const kept: string[] = [];
    for (const line of lines) {
      if (line.trim() === '') continue;
      let parsed: BlockLine;
      try {
        parsed = JSON.parse(line, reviver) as BlockLine;
      } catch {
        // A torn last line from a crash: drop it so new blocks append after the last whole one.
        writeFileSync(this.blocksFile, kept.map((l) => `${l}\n`).join(''));
        break;
      }
      network.commit(parsed.zone, parsed.header, parsed.hash, parsed.parts, parsed.sealedAtMs);
      kept.push(line);
      count++;
    }
    return count;
  }

  /** Start appending every newly sealed block. */
  attach(network: Network): void {
    network.onSealed((block, parts) => {
      const line: BlockLine = { zone: block.producer, hash: block.hash, header: block.header, parts, sealedAtMs: block.sealedAtMs };
      appendFileSync(this.blocksFile, `${JSON.stringify(line, replacer)}\n`);
    });
  }
}
