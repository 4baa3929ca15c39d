import { describe, expect, test } from 'vitest';
import { matchRoute } from '@/lib/routes/match';
import { isNodeWorkRoute } from './node-work';

describe('node work', () => {
  test('which routes are limited', () => {
    expect(isNodeWorkRoute('GET', matchRoute('/search')?.route)).toBe(true);
    expect(isNodeWorkRoute('POST', matchRoute('/api/broadcast')?.route)).toBe(true);
    expect(isNodeWorkRoute('POST', matchRoute('/api/address/0x00000000000000000000000000000000000000aa/call')?.route)).toBe(true);
    expect(isNodeWorkRoute('POST', matchRoute('/api/v1/simulate')?.route)).toBe(true);
    expect(isNodeWorkRoute('GET', matchRoute('/api/v1/address/0x00000000000000000000000000000000000000aa/approvals')?.route)).toBe(true);
    expect(isNodeWorkRoute('GET', matchRoute('/address/0x00000000000000000000000000000000000000aa')?.route, new URLSearchParams('tab=approvals'))).toBe(true);
    expect(isNodeWorkRoute('GET', matchRoute('/address/0x00000000000000000000000000000000000000aa')?.route, new URLSearchParams('tab=tokens'))).toBe(false);
    expect(isNodeWorkRoute('GET', matchRoute('/address/0x00000000000000000000000000000000000000aa')?.route)).toBe(false);
    for (const action of ['tokenbalance', 'balancemulti']) expect(isNodeWorkRoute('GET', matchRoute('/api')?.route, new URLSearchParams(`module=account&action=${action}`)), action).toBe(true);
    expect(isNodeWorkRoute('GET', matchRoute('/api')?.route, new URLSearchParams('module=account&action=balance'))).toBe(false);
    expect(isNodeWorkRoute('GET', matchRoute('/api/tips')?.route)).toBe(false);
    expect(isNodeWorkRoute('GET', matchRoute('/chain/cyprus1')?.route)).toBe(false);
  });
});
