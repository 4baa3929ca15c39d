import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/lib/config';
import { operatorLabels } from './operator-labels';

const dir = mkdtempSync(join(tmpdir(), 'strata-labels-'));

describe('operatorLabels (STRATA_LABELS)', () => {
  it('none without the variable; the file\'s entries with it', () => {
    expect(operatorLabels({})).toEqual([]);
    const path = join(dir, 'good.json');
    writeFileSync(path, JSON.stringify({ version: 1, labels: [{ address: '0x1111111111111111111111111111111111111111', label: 'Bridge' }] }));
    expect(operatorLabels({ STRATA_LABELS: path })).toEqual([{ address: '0x1111111111111111111111111111111111111111', label: 'Bridge' }]);
  });

  it('a missing or malformed file is a ConfigError naming the variable and the entry', () => {
    expect(() => operatorLabels({ STRATA_LABELS: join(dir, 'missing.json') })).toThrow(ConfigError);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ version: 1, labels: [{ address: 'nope', label: 'x' }] }));
    expect(() => operatorLabels({ STRATA_LABELS: bad })).toThrow(`STRATA_LABELS: ${bad}: entry 0: "address" is not a 20-byte hex address`);
  });
});
