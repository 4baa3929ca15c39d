/**
 * The layer rule's other half (the import half is `npm run lint:layers`, .dependency-cruiser.cjs,
 * and ESLint's no-restricted-imports in eslint.config.mjs): loaders and verdicts live in lib/, so
 * no module named like one may sit under components/, where the index, the API and tests could not
 * reach it without React; lib/'s rooms are the ones the layer table places, at most 20; and
 * process-wide state has one holder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const { libLayers } = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { libLayers: string[][] };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const LOADER_OR_CHECK = /^(load-.*|.*-check|check-.*)\.tsx?$/;

describe('layers', () => {
  it('keeps loader and check modules out of components/', () => {
    const misplaced = filesUnder('components').filter((file) => LOADER_OR_CHECK.test(path.basename(file)) && !file.endsWith('.test.ts'));
    expect(misplaced).toEqual([]);
  });

  it('gives every room of lib/ a layer, and keeps lib/ to at most 20 rooms', () => {
    const rooms = readdirSync('lib', { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(rooms).toEqual(libLayers.flat().sort());
    expect(rooms.length).toBeLessThanOrEqual(20);
    const loose = readdirSync('lib').filter((name) => !rooms.includes(name) && !name.endsWith('.test.ts'));
    expect(loose).toEqual([]);
  });

  it('holds process-wide state in one place: Symbol.for is written in lib/ops/process-wide.ts alone', () => {
    const written = ['app', 'components', 'lib']
      .flatMap(filesUnder)
      .concat(['server.ts', 'proxy.ts', 'instrumentation.ts'])
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
      .filter((file) => readFileSync(file, 'utf8').includes('Symbol.for('));
    expect(written).toEqual([path.join('lib', 'ops', 'process-wide.ts')]);
  });

  it('recognises the names it forbids', () => {
    expect(['load-block.ts', 'pow-check.ts', 'check-proof.ts'].every((name) => LOADER_OR_CHECK.test(name))).toBe(true);
    expect(LOADER_OR_CHECK.test('PowCheck.tsx')).toBe(false);
  });
});
