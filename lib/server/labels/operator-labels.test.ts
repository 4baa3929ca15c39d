import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/lib/ops/config';
import { operatorAbiOf, operatorLabelOf, operatorLabels, operatorLabelsIn } from './operator-labels';
import { PAGE_SIZE, searchOperatorLabels } from './search-operator-labels';

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

describe('what a page is sent of the operator’s labels', () => {
  const path = join(dir, 'lookups.json');
  const TOKEN = '0x2222222222222222222222222222222222222222';
  writeFileSync(
    path,
    JSON.stringify({
      version: 1,
      labels: [
        { address: '0x1111111111111111111111111111111111111111', label: 'Bridge' },
        { address: TOKEN, label: 'Token', abi: 'function transfer(address to, uint256 amount)' },
        ...Array.from({ length: 120 }, (_, i) => ({ address: `0x${(i + 1).toString(16).padStart(8, '0')}${'ab'.repeat(16)}`, label: `Generated ${i + 1}` })),
      ],
    }),
  );
  const env = { STRATA_LABELS: path };

  it('one address’s label in any case, its ABI apart', () => {
    expect(operatorLabelOf(TOKEN.toUpperCase().replace('0X', '0x'), env)).toBe('Token');
    expect(operatorLabelOf(`0x${'33'.repeat(20)}`, env)).toBeUndefined();
    expect(operatorAbiOf(TOKEN, env)).toBe('function transfer(address to, uint256 amount)');
    expect(operatorAbiOf(null, env)).toBeUndefined();
  });

  it('the labels (or none) of the addresses inside a value handed to a client component, and no others', () => {
    const snapshot = { blocks: [{ miner: TOKEN, hash: `0x${'ff'.repeat(32)}` }], txs: [{ from: `0x${'33'.repeat(20)}`, to: '0x1111111111111111111111111111111111111111' }], n: 7 };
    expect(operatorLabelsIn(snapshot, env)).toEqual({ [TOKEN]: 'Token', [`0x${'33'.repeat(20)}`]: null, '0x1111111111111111111111111111111111111111': 'Bridge' });
  });

  it('the manager page: a page of a search by name or address, in the file’s order', () => {
    const first = searchOperatorLabels('', 1, env);
    expect(first).toMatchObject({ page: 1, pages: Math.ceil(122 / PAGE_SIZE), total: 122 });
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.rows[1]).toEqual({ address: TOKEN, label: 'Token', hasAbi: true });
    expect(searchOperatorLabels('generated 12', 1, env).rows.map((r) => r.label)).toEqual(['Generated 12', 'Generated 120']);
    expect(searchOperatorLabels('0x2222', 1, env).rows.map((r) => r.label)).toEqual(['Token']);
    expect(searchOperatorLabels('', 99, env).page).toBe(Math.ceil(122 / PAGE_SIZE));
    expect(searchOperatorLabels('nothing like it', 1, env)).toMatchObject({ total: 0, page: 1, pages: 1, rows: [] });
  });
});
