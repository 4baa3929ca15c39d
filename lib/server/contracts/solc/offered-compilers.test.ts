import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import solc from 'solc';
import { offeredCompilers } from './offered-compilers';

const saved = process.env.STRATA_SOLC_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.STRATA_SOLC_DIR;
  else process.env.STRATA_SOLC_DIR = saved;
});

describe('offeredCompilers', () => {
  it('offers the installed solc by its long version and the builds in STRATA_SOLC_DIR, newest first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-solc-dir-'));
    // Names are what is read: the files need not be real builds for the list.
    writeFileSync(join(dir, 'soljson-v0.8.19+commit.7dd6d404.js'), '');
    writeFileSync(join(dir, 'soljson-v0.7.6+commit.7338295f.js'), '');
    writeFileSync(join(dir, 'notes.txt'), '');
    process.env.STRATA_SOLC_DIR = dir;
    const installed = `v${solc.version().replace(/\.Emscripten.*$/, '')}`;
    expect(await offeredCompilers()).toEqual([installed, 'v0.8.19+commit.7dd6d404', 'v0.7.6+commit.7338295f']);
  });
});
