/**
 * Human formatting of numbers, amounts, ratios, durations and times. Pure functions, shared by
 * server and client components, so the same value reads the same everywhere.
 *
 * Amounts are bigint wei; they go through viem's formatEther/formatGwei/formatUnits (exact decimal
 * conversion) and are then grouped and trimmed here — never through floating point.
 */
import { formatUnits } from 'viem';

const GROUP = /\B(?=(\d{3})+(?!\d))/g;

/** An integer with thousands separators: 1234567n → "1,234,567". */
export function formatInteger(value: bigint | number): string {
  const n = typeof value === 'bigint' ? value : BigInt(Math.trunc(value));
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().replace(GROUP, ',');
  return negative ? `-${digits}` : digits;
}

/**
 * A decimal string (as viem returns: "1234.5678") grouped and cut to at most `maxDecimals`
 * fraction digits, rounding toward zero. Trailing zeros are dropped. When a non-zero value
 * would show as 0, it says "<0.0…01" instead of lying.
 */
export function formatDecimalString(decimal: string, maxDecimals = 6): string {
  const negative = decimal.startsWith('-');
  const abs = negative ? decimal.slice(1) : decimal;
  const [whole = '0', fraction = ''] = abs.split('.');
  const cut = fraction.slice(0, maxDecimals).replace(/0+$/, '');
  const grouped = whole.replace(GROUP, ',');
  if (whole === '0' && cut === '' && /[1-9]/.test(fraction)) {
    return `${negative ? '>-' : '<'}0.${'0'.repeat(Math.max(0, maxDecimals - 1))}1`;
  }
  const body = cut ? `${grouped}.${cut}` : grouped;
  return negative && body !== '0' ? `-${body}` : body;
}

/** Wei as QUAI (18 decimals): 1500000000000000000n → "1.5 QUAI". */
export function formatQuai(wei: bigint, maxDecimals = 6): string {
  return `${formatDecimalString(formatUnits(wei, 18), maxDecimals)} QUAI`;
}

/** Wei as gwei (9 decimals): 1000000000n → "1 gwei". */
export function formatGweiAmount(wei: bigint, maxDecimals = 4): string {
  return `${formatDecimalString(formatUnits(wei, 9), maxDecimals)} gwei`;
}

/**
 * A token amount in the token's own decimals: (1234500000000000000000n, 18) → "1,234.5". Exact
 * digits up to `maxDecimals`, like formatQuai; the caller adds the symbol.
 */
export function formatTokenAmount(amount: bigint, decimals: number, maxDecimals = 6): string {
  return formatDecimalString(formatUnits(amount, decimals), maxDecimals);
}

/** A count with its noun, singular or plural: (1, "confirmation") → "1 confirmation". */
export function plural(count: bigint | number, singular: string, pluralForm = `${singular}s`): string {
  const one = typeof count === 'bigint' ? count === 1n : count === 1;
  return `${formatInteger(count)} ${one ? singular : pluralForm}`;
}

/** Wei with separators and its unit: 1000n → "1,000 wei". */
export function formatWei(wei: bigint): string {
  return `${formatInteger(wei)} wei`;
}

/**
 * A ratio as a percentage with one decimal. Takes numerator and denominator as bigint so gas
 * figures don't lose precision: (15000000n, 30000000n) → "50.0%". A zero denominator gives "—".
 */
export function formatPercent(numerator: bigint, denominator: bigint, decimals = 1): string {
  if (denominator === 0n) return '—';
  const scale = 10n ** BigInt(decimals);
  // Round half up on the scaled integer.
  const scaled = (numerator * 100n * scale * 2n + denominator) / (denominator * 2n);
  const whole = scaled / scale;
  const frac = (scaled % scale).toString().padStart(decimals, '0');
  return decimals > 0 ? `${whole}.${frac}%` : `${whole}%`;
}

/** A fraction (0..1, as the node's gasUsedRatio) as a percentage: 0.5 → "50.0%". */
export function formatFraction(fraction: number, decimals = 1): string {
  if (!Number.isFinite(fraction)) return '—';
  return `${(fraction * 100).toFixed(decimals)}%`;
}

/**
 * A duration in milliseconds, to the precision that matters: 850 → "850 ms", 1500 → "1.5 s",
 * 95_000 → "1 min 35 s", 7_200_000 → "2 h", 90_000_000 → "1 d 1 h".
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
  if (abs < 10_000) return `${sign}${(Math.round(abs / 100) / 10).toString()} s`;
  const totalSeconds = Math.round(abs / 1000);
  if (totalSeconds < 60) return `${sign}${totalSeconds} s`;
  const units: Array<[string, number]> = [['d', 86_400], ['h', 3600], ['min', 60], ['s', 1]];
  const parts: string[] = [];
  let rest = totalSeconds;
  for (const [label, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${label}`);
    if (parts.length === 2) break;
  }
  // The two most significant units are enough to read a duration at a glance.
  return sign + parts.join(' ');
}

/** How long ago a unix timestamp (seconds) was, relative to `nowMs`: "12 s ago", "3 min ago". */
export function formatAge(timestampSeconds: bigint | number, nowMs: number): string {
  const diffMs = nowMs - Number(timestampSeconds) * 1000;
  // A timestamp counts whole seconds, so its age does too: "1 s ago", never "1.8 s ago".
  const whole = (ms: number): string => formatDuration(Math.floor(ms / 1000) * 1000);
  if (diffMs < -1000) return `in ${whole(-diffMs)}`;
  if (diffMs < 1000) return 'just now';
  return `${whole(diffMs)} ago`;
}

/** A unix timestamp (seconds) as ISO-like UTC: "2026-11-22 00:10:05 UTC". */
export function formatUtc(timestampSeconds: bigint | number): string {
  const date = new Date(Number(timestampSeconds) * 1000);
  if (Number.isNaN(date.getTime())) return '—';
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * One formatter for every call: `toLocaleString(locale, options)` builds a new Intl.DateTimeFormat
 * each time, and an address's History tab (an Age per row) spent 14 % of its server CPU doing so
 * (npm run profile:pages, docs/performance.md).
 */
let localFormat: Intl.DateTimeFormat | undefined;

/** A unix timestamp (seconds) in the reader's local time zone (browser) or the server's. */
export function formatLocal(timestampSeconds: bigint | number): string {
  const date = new Date(Number(timestampSeconds) * 1000);
  if (Number.isNaN(date.getTime())) return '—';
  localFormat ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric', month: 'short', day: 'numeric',
    hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short',
  });
  return localFormat.format(date);
}

/** A long hex value shortened around an ellipsis: "0x1234…cdef" (keeps 0x + `head` and `tail`). */
export function shortenHex(hex: string, head = 6, tail = 4): string {
  if (hex.length <= 2 + head + tail + 1) return hex;
  return `${hex.slice(0, 2 + head)}…${hex.slice(-tail)}`;
}

/** A byte count: 1536 → "1.5 KiB". */
export function formatBytes(bytes: bigint | number): string {
  const n = Number(bytes);
  if (!Number.isFinite(n)) return '—';
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

