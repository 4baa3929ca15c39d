import { describe, expect, it } from 'vitest';
import { mkdtemp, rm, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NodeDB } from './node-db';

describe('NodeDB', () => {
  it('persists entries through flush and reload, ignores deletes, and drops a torn tail', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'strata-nodedb-'));
    try {
      const file = join(dir, 'state.bin');
      const db = await NodeDB.open(file);
      await db.put('aa', new Uint8Array([1, 2, 3]));
      await db.batch([{ type: 'put', key: 'bb', value: 'cafe' }, { type: 'del', key: 'aa' }]);
      await db.flush();
      await appendFile(file, new Uint8Array([0, 0, 0, 0, 9, 1])); // half a record, as after a crash
      const again = await NodeDB.open(file);
      expect(await again.get('aa')).toEqual(new Uint8Array([1, 2, 3]));
      expect(await again.get('bb')).toBe('cafe');
      expect(again.stats().entries).toBe(2);
      // Appending after the repaired tail still reads back.
      await again.put('cc', new Uint8Array([7]));
      await again.flush();
      const third = await NodeDB.open(file);
      expect(await third.get('cc')).toEqual(new Uint8Array([7]));
      expect(third.stats().entries).toBe(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
