import { describe, expect, it } from 'vitest';
import { parseLabelFile, serializeLabelFile, checkLabel, MAX_LABEL_LENGTH } from './label-file';

const A = '0x00d3ae0b4f6c4d1d6a0f1a3c1b1e0a2f3c4d5e6f';

describe('label files', () => {
  it('round-trips: serialize then parse gives the same entries, addresses checksummed', () => {
    const labels = [
      { address: '0x00D3Ae0B4F6C4d1d6a0F1A3C1B1E0a2F3C4D5E6F' as const, label: 'Treasury' },
      { address: '0x1111111111111111111111111111111111111111' as const, label: 'Token', abi: 'function transfer(address to, uint256 value)' },
    ];
    const parsed = parseLabelFile(serializeLabelFile(labels));
    expect(parsed).toEqual({ ok: true, labels });
  });

  it('a later entry for the same address wins', () => {
    const text = JSON.stringify({ version: 1, labels: [{ address: A, label: 'old' }, { address: A.toUpperCase().replace('0X', '0x'), label: 'new' }] });
    const parsed = parseLabelFile(text);
    expect(parsed.ok && parsed.labels.map((l) => l.label)).toEqual(['new']);
  });

  it('says what is wrong, naming the entry', () => {
    expect(parseLabelFile('{')).toMatchObject({ ok: false, error: expect.stringMatching(/^Not JSON/) });
    expect(parseLabelFile('[]')).toMatchObject({ ok: false, error: expect.stringContaining('"labels" array') });
    expect(parseLabelFile('{"version":2,"labels":[]}')).toMatchObject({ ok: false, error: expect.stringContaining('Unknown version 2') });
    expect(parseLabelFile('{"version":1,"labels":[{"address":"0x12","label":"x"}]}')).toEqual({ ok: false, error: 'entry 0: "address" is not a 20-byte hex address' });
    expect(parseLabelFile(JSON.stringify({ version: 1, labels: [{ address: A, label: '  ' }] }))).toEqual({ ok: false, error: 'entry 0: A label cannot be empty.' });
    expect(parseLabelFile(JSON.stringify({ version: 1, labels: [{ address: A, label: 'x', abi: 'function (' }] }))).toMatchObject({ ok: false, error: expect.stringMatching(/^entry 0: Could not read the signatures/) });
  });

  it('labels are trimmed, stripped of control characters and bounded', () => {
    expect(checkLabel('  a\u0000b  ')).toEqual({ ok: true, label: 'ab' });
    expect(checkLabel('x'.repeat(MAX_LABEL_LENGTH + 1)).ok).toBe(false);
  });
});
