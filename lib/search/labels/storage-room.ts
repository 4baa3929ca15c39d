/**
 * Why the browser would not keep the reader's labels, for the message a refused save or import
 * shows. Local storage holds about 5 MB per site in Chromium whatever `navigator.storage.estimate()`
 * says, so what fits is measured: the labels stored now plus the room a probe value can still
 * take. Sizes count characters of the stored text (what the quota counts), shown as MB: for a
 * label file, about its size on disk.
 */
import { errorText } from '@/lib/text/error-text';

export interface StorageRefusal {
  /** Characters the labels needed. */
  readonly needed: number;
  /** Characters the labels could have had; undefined when the refusal was not the quota. */
  readonly fits?: number;
  /** The browser's words when it was not the quota (storage disabled). */
  readonly reason?: string;
}

const PROBE_KEY = 'strata-labels-room-probe';
/** The probe stops when it knows the room to this many characters: the message says "about". */
const PROBE_RESOLUTION = 50_000;

function isQuotaError(error: unknown): boolean {
  // Chromium and WebKit name it QuotaExceededError; older Firefox NS_ERROR_DOM_QUOTA_REACHED.
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22);
}

/** The refusal of storing `text` where `previous` (the labels kept now) was. */
export function storageRefusal(text: string, previous: string | null, error: unknown): StorageRefusal {
  if (!isQuotaError(error)) return { needed: text.length, reason: errorText(error) };
  return { needed: text.length, fits: (previous?.length ?? 0) + roomLeft(text.length) };
}

/** The longest value (below `limit` characters) local storage still takes, by halving. */
function roomLeft(limit: number): number {
  let fits = 0;
  let refused = limit;
  try {
    while (refused - fits > PROBE_RESOLUTION) {
      const size = Math.floor((fits + refused) / 2);
      if (stores(size)) fits = size;
      else refused = size;
    }
  } finally {
    try {
      window.localStorage.removeItem(PROBE_KEY);
    } catch {
      // storage went away mid-probe: nothing was left behind that it kept
    }
  }
  return fits;
}

function stores(size: number): boolean {
  try {
    window.localStorage.setItem(PROBE_KEY, 'x'.repeat(size));
    return true;
  } catch {
    return false;
  }
}

function megabytes(chars: number): string {
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}

/** "need 12.3 MB of browser storage; about 5.2 MB fits", or the browser's reason. */
export function refusalText(refusal: StorageRefusal): string {
  if (refusal.fits === undefined) return `could not be kept: the browser refused its storage (${refusal.reason ?? 'no reason given'})`;
  return `need ${megabytes(refusal.needed)} of browser storage; about ${megabytes(refusal.fits)} fits`;
}
