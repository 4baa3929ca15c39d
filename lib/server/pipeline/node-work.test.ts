import { describe, expect, test } from 'vitest';
import { isNodeWorkRoute } from './node-work';

describe('node work', () => {
  test('which routes are limited', () => {
    expect(isNodeWorkRoute('GET', '/search')).toBe(true);
    expect(isNodeWorkRoute('POST', '/api/broadcast')).toBe(true);
    expect(isNodeWorkRoute('POST', '/api/address/0x00000000000000000000000000000000000000aa/call')).toBe(true);
    expect(isNodeWorkRoute('POST', '/api/v1/simulate')).toBe(true);
    expect(isNodeWorkRoute('GET', '/api/v1/address/0x00000000000000000000000000000000000000aa/approvals')).toBe(true);
    expect(isNodeWorkRoute('GET', '/address/0x00000000000000000000000000000000000000aa', new URLSearchParams('tab=approvals'))).toBe(true);
    expect(isNodeWorkRoute('GET', '/address/0x00000000000000000000000000000000000000aa', new URLSearchParams('tab=tokens'))).toBe(false);
    expect(isNodeWorkRoute('GET', '/address/0x00000000000000000000000000000000000000aa')).toBe(false);
    for (const action of ['tokenbalance', 'balancemulti']) expect(isNodeWorkRoute('GET', '/api', new URLSearchParams(`module=account&action=${action}`)), action).toBe(true);
    expect(isNodeWorkRoute('GET', '/api', new URLSearchParams('module=account&action=balance'))).toBe(false);
    expect(isNodeWorkRoute('GET', '/api/tips')).toBe(false);
    expect(isNodeWorkRoute('GET', '/chain/cyprus1')).toBe(false);
  });
});
