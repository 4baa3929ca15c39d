/**
 * The layer rule's other half (the import half is ESLint's no-restricted-imports in
 * eslint.config.mjs): loaders and verdicts live in lib/, so no module named like one may sit
 * under components/, where the index, the API and tests could not reach it without React.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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

  it('recognises the names it forbids', () => {
    expect(['load-block.ts', 'pow-check.ts', 'check-proof.ts'].every((name) => LOADER_OR_CHECK.test(name))).toBe(true);
    expect(LOADER_OR_CHECK.test('PowCheck.tsx')).toBe(false);
  });
});
