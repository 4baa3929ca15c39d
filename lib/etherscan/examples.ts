/** A working example URL per action, for /api-docs and docs/api.md: the per-zone base when the action runs on a zone. */
import type { EtherscanActionMeta } from './action';

export function exampleUrl(a: EtherscanActionMeta, zone = 'cyprus1'): string {
  const query = new URLSearchParams({ module: a.module, action: a.action, ...a.example }).toString().replace(/%2C/g, ',');
  return a.zone.from === 'zone' ? `/chain/${zone}/api?${query}` : `/api?${query}`;
}

/** Where an action's zone comes from, in a few words. */
export function zoneNote(a: EtherscanActionMeta): string {
  if (a.zone.from === 'zone') return 'needs a zone';
  if (a.zone.from === 'address') return `zone from ${a.zone.params.join(' or ')}`;
  return 'any base';
}
