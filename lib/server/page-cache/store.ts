/**
 * The page cache's one store: kept answers in this process's memory (lru-cache, bounded by their
 * size, the least recently served dropped first), and with REDIS_URL the fleet's copies beside it
 * (./fleet.ts). One copy per URL: a copy is kept for one variant of its URL (a tips snapshot, an
 * index version, a digest of the data shown; '' for what never changes), and the copy of a newer
 * variant replaces the older one. A copy's compressed bodies (brotli, gzip) are kept beside it,
 * counted in the same bound and dropped with it.
 *
 * One single-flight: lru-cache's fetch() shares a load in flight with every request for the same
 * key, however many arrive: a render of a URL and variant, a compression of a copy. An answer
 * over the limit for one copy (./render.ts) is still handed to every request that waited for it,
 * only not kept.
 */
import { LRUCache } from 'lru-cache';
import { answerSize, compress, plainBody, type Answer, type ContentEncoding } from './answer';
import { maxAnswerBytes, type RenderResult } from './render';

export interface CopyKey {
  /** The canonical URL (./plan.ts). */
  readonly url: string;
  /** What this copy was rendered for ('' for an answer that never changes). */
  readonly variant: string;
}

/** How a request was answered: from a kept copy, from a render another request started, or by its own render. */
export type Outcome = 'hit' | 'shared' | 'rendered';

export interface Fetched {
  readonly answer: Answer | undefined;
  readonly outcome: Outcome;
}

type Loader = () => Promise<RenderResult>;

const SEPARATOR = '\n';
const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];
const idOf = (key: CopyKey) => `${key.url}${SEPARATOR}${key.variant}`;
const urlOf = (id: string) => id.slice(0, id.lastIndexOf(SEPARATOR));
const encodedId = (id: string, encoding: ContentEncoding) => `${id}${SEPARATOR}${SEPARATOR}${encoding}`;

export class AnswerStore {
  private readonly copies: LRUCache<string, Answer, Loader>;
  /** Each URL's kept copy: a newer variant's copy replaces it. */
  private readonly current = new Map<string, string>();

  constructor(capacityBytes: number, maxEntryBytes = maxAnswerBytes()) {
    this.copies = new LRUCache<string, Answer, Loader>({
      maxSize: capacityBytes,
      sizeCalculation: answerSize,
      // An answer over the limit for one copy is handed to its waiters but not kept.
      maxEntrySize: Math.min(capacityBytes, maxEntryBytes + answerSize({ status: 200, etag: '', storedAt: 0 })),
      fetchMethod: async (_id, _stale, { context }) => {
        const result = await context();
        return result.kind === 'not-kept' ? undefined : result.answer;
      },
      // After the store's own bookkeeping: a copy that goes takes its compressed bodies with it.
      disposeAfter: (answer, id, reason) => {
        if (answer.encoding || reason === 'set') return;
        const url = urlOf(id);
        if (this.current.get(url) === id) this.current.delete(url);
        for (const encoding of ENCODINGS) this.copies.delete(encodedId(id, encoding));
      },
    });
  }

  /** This process's copy, without rendering: marks it most recently used. */
  peek(key: CopyKey): Answer | undefined {
    return this.copies.get(idOf(key));
  }

  /** Keeps a copy made elsewhere (another instance's, read from Redis). */
  keep(key: CopyKey, answer: Answer): void {
    const id = idOf(key);
    for (const encoding of ENCODINGS) this.copies.delete(encodedId(id, encoding));
    this.copies.set(id, answer);
    this.replaced(key.url, id);
  }

  /** The copy for `key`: kept, in flight (shared), or rendered now by `load`. */
  async fetch(key: CopyKey, load: Loader): Promise<Fetched> {
    const id = idOf(key);
    const status: LRUCache.Status<string, Answer, Loader> = {};
    const answer = await this.copies.fetch(id, { context: load, status });
    if (status.fetch === 'hit') return { answer, outcome: 'hit' };
    if (answer && this.copies.has(id)) this.replaced(key.url, id);
    return { answer, outcome: status.fetch === 'inflight' ? 'shared' : 'rendered' };
  }

  /**
   * The kept copy `answer` of `key` in `encoding`: made once (quickly: brotli 4, gzip 6) and
   * shared, then, for a copy served for long (`thorough`: a durable page), made again better in
   * the background (brotli 9, gzip 9). Undefined for an answer the store does not keep (over the
   * limit, or already gone): it is sent as it is.
   */
  async encoded(key: CopyKey, answer: Answer, encoding: ContentEncoding, thorough: boolean): Promise<Buffer | undefined> {
    if (encoding === 'gzip' && answer.gzipped) return answer.gzipped;
    const id = idOf(key);
    if (this.copies.peek(id) !== answer) return undefined;
    const status: LRUCache.Status<string, Answer, Loader> = {};
    const made = await this.copies.fetch(encodedId(id, encoding), {
      status,
      context: async () => ({ kind: 'kept', answer: { ...answer, body: await compress(await plainBody(answer), encoding), gzipped: undefined, encoding } }),
    });
    if (made && thorough && status.fetch === 'miss') {
      // Better ratio for the many later hits; a failure keeps the quick copy.
      void plainBody(answer)
        .then((raw) => compress(raw, encoding, true))
        .then((better) => {
          if (this.copies.peek(id) === answer) this.copies.set(encodedId(id, encoding), { ...made, body: better });
        })
        .catch(() => undefined);
    }
    return made?.body;
  }

  /** The URLs this process holds a copy of. */
  urls(): string[] {
    return [...this.current.keys()];
  }

  /** Copies kept (compressed bodies included). */
  get size(): number {
    return this.copies.size;
  }

  /** `id` is now `url`'s copy: the copy of another variant goes. */
  private replaced(url: string, id: string): void {
    const previous = this.current.get(url);
    this.current.set(url, id);
    if (previous !== undefined && previous !== id) this.copies.delete(previous);
  }
}
