import { describe, expect, it } from 'vitest';
import { readStoredLabels, serializeLabelFile } from './label-entry';
import { parseLabelFile } from './label-file';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('readStoredLabels (the reader’s own labels, read on every page)', () => {
  it('reads back what serializeLabelFile wrote, as parseLabelFile does', () => {
    const text = serializeLabelFile([{ address: TOKEN, label: 'DevToken', abi: 'function transfer(address,uint256)' }, { address: `0x${'11'.repeat(20)}`, label: 'Alice' }]);
    const full = parseLabelFile(text);
    expect(full.ok).toBe(true);
    expect(readStoredLabels(text)).toEqual(full.ok ? full.labels : []);
  });

  it('reads anything malformed as no labels', () => {
    expect(readStoredLabels('not json')).toEqual([]);
    expect(readStoredLabels(JSON.stringify({ version: 2, labels: [] }))).toEqual([]);
    expect(readStoredLabels(JSON.stringify({ version: 1, labels: [{ address: '0x12', label: 'short' }] }))).toEqual([]);
    expect(readStoredLabels(JSON.stringify({ version: 1, labels: [{ address: TOKEN, label: '   ' }] }))).toEqual([]);
    expect(readStoredLabels(JSON.stringify({ version: 1, labels: [{ address: TOKEN, label: 'x', abi: 7 }] }))).toEqual([]);
  });
});
