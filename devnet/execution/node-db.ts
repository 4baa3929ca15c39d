/**
 * The trie node store behind a zone's state: every node of every state root ever committed, keyed
 * by hash, never pruned, so any past block's state stays readable and provable.
 *
 * In memory by default. With a file, every new entry is appended (key, value) to a binary log that
 * is replayed at start: trie nodes and code are content-addressed and never deleted, so an
 * append-only log is a complete and crash-tolerant copy (a torn last record is ignored).
 */
import { appendFile, mkdir, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MapDB, type BatchDBOp } from '@ethereumjs/util';

type Value = string | Uint8Array;

const TAG_BYTES = 0;
const TAG_STRING = 1;

export class NodeDB extends MapDB<string, Value> {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  private constructor(readonly file: string | undefined, database?: Map<string, Value>) {
    super(database);
  }

  /** An in-memory store, or one loaded from (and appending to) `file`. */
  static async open(file?: string): Promise<NodeDB> {
    if (!file) return new NodeDB(undefined);
    await mkdir(dirname(file), { recursive: true });
    let data: Uint8Array;
    try {
      data = new Uint8Array(await readFile(file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new NodeDB(file);
      throw err;
    }
    const { map, validLength } = decodeLog(data);
    // Cut a torn tail off so that the next append starts on a record boundary.
    if (validLength < data.length) await truncate(file, validLength);
    return new NodeDB(file, map);
  }

  override async put(key: string, val: Value): Promise<void> {
    if (this.file && !this._database.has(key)) this.record(key, val);
    this._database.set(key, val);
  }

  /**
   * ethereumjs gives each storage trie a "shallow copy" of the store; MapDB's copy would share the
   * map but bypass the log, losing storage nodes on restart. The same object is the honest copy.
   */
  override shallowCopy(): NodeDB {
    return this;
  }

  override async del(): Promise<void> {
    // Never delete: old roots must stay readable (nothing prunes, see the module comment).
  }

  override async batch(ops: BatchDBOp<string, Value>[]): Promise<void> {
    for (const op of ops) if (op.type === 'put') await this.put(op.key, op.value);
  }

  /** Number of entries and their total size in bytes (for debug_chaindbProperty-like reports). */
  stats(): { entries: number; bytes: number } {
    let bytes = 0;
    for (const [k, v] of this._database) bytes += k.length / 2 + (typeof v === 'string' ? v.length / 2 : v.length);
    return { entries: this._database.size, bytes };
  }

  /** Append everything written since the last flush to the file (no-op in memory). */
  async flush(): Promise<void> {
    if (!this.file || this.pending.length === 0) return;
    const out = new Uint8Array(this.pendingBytes);
    let offset = 0;
    for (const chunk of this.pending) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    this.pending = [];
    this.pendingBytes = 0;
    await appendFile(this.file, out);
  }

  private record(key: string, val: Value): void {
    const k = new TextEncoder().encode(key);
    const isString = typeof val === 'string';
    const v = isString ? new TextEncoder().encode(val) : val;
    const rec = new Uint8Array(9 + k.length + v.length);
    const view = new DataView(rec.buffer);
    rec[0] = isString ? TAG_STRING : TAG_BYTES;
    view.setUint32(1, k.length);
    rec.set(k, 5);
    view.setUint32(5 + k.length, v.length);
    rec.set(v, 9 + k.length);
    this.pending.push(rec);
    this.pendingBytes += rec.length;
  }
}

function decodeLog(data: Uint8Array): { map: Map<string, Value>; validLength: number } {
  const map = new Map<string, Value>();
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const decoder = new TextDecoder();
  let at = 0;
  while (at + 9 <= data.length) {
    const tag = data[at];
    const kLen = view.getUint32(at + 1);
    if (at + 9 + kLen > data.length) break;
    const key = decoder.decode(data.subarray(at + 5, at + 5 + kLen));
    const vLen = view.getUint32(at + 5 + kLen);
    const vStart = at + 9 + kLen;
    if (vStart + vLen > data.length) break; // torn tail from a crash: drop it
    const raw = data.slice(vStart, vStart + vLen);
    map.set(key, tag === TAG_STRING ? decoder.decode(raw) : raw);
    at = vStart + vLen;
  }
  return { map, validLength: at };
}
