/** Parsers for the small results: sync status, node location, net_version. */
import type { NodeLocation, SyncStatus } from '../domain';
import { array, fail, object, quantity, string, type Reader } from './fields';

/** `quai_syncing`: false, true, or (geth style) an object of quantity fields. */
export const parseSyncStatus: Reader<SyncStatus> = (value, path) => {
  if (typeof value === 'boolean') return value;
  const r = object(value, path);
  const progress: Record<string, bigint> = {};
  for (const [key, v] of Object.entries(r)) progress[key] = quantity(v, `${path}.${key}`);
  return progress;
};

/** `quai_nodeLocation`: [region, zone] as quantities ([region] on a region node, [] on prime). */
export const parseNodeLocation: Reader<NodeLocation> = (value, path) => {
  const entries = array(value, path, (v, p) => {
    const n = quantity(v, p);
    if (n > 255n) fail(p, 'a location byte (0..255)', v);
    return Number(n);
  });
  const [region, zone] = entries;
  if (entries.length > 2) fail(path, 'at most 2 entries [region, zone]', value);
  if (region === undefined) return [];
  return zone === undefined ? [region] : [region, zone];
};

/** `net_version`: a string of decimal digits (some nodes send a JSON integer). */
export const parseNetVersion: Reader<string> = (value, path) => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  const s = string(value, path);
  if (!/^[0-9]+$/.test(s)) fail(path, 'a network id in decimal digits', value);
  return s;
};
