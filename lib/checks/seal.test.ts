import { describe, expect, it } from 'vitest';
import { sampleHeader } from '@/lib/protocol/header.fixture';
import { mineNonce } from '@/lib/protocol/pow';
import type { Header, Uncle } from '@/lib/rpc/domain';
import { checkSeal } from './seal';

// A header sealed by the codec's own miner at a low difficulty, then shaped as the RPC client
// returns it: the check must get back to "verified" from the JSON-side fields alone.
const mined = mineNonce(sampleHeader({ difficulty: 64n }), { maxIterations: 100_000 });
if (!mined) throw new Error('fixture: no nonce found');
const header: Header = { ...mined.header, hash: mined.hash };

describe('checkSeal', () => {
  it('verifies a correctly sealed header', () => {
    const verdict = checkSeal(header);
    expect(verdict.status).toBe('verified');
    if (verdict.status === 'verified') expect(verdict.recomputedHash).toBe(mined.hash);
  });

  it('still verifies without mixHash, which is outside the seal', () => {
    const { mixHash: _omit, ...rest } = header;
    expect(checkSeal(rest).status).toBe('verified');
  });

  it('cannot verify when a sealed field differs from what was mined', () => {
    const verdict = checkSeal({ ...header, gasUsed: header.gasUsed + 1n });
    expect(verdict.status).toBe('unverifiable');
  });

  it('says when the node sent null hashes (uncles)', () => {
    const uncle: Uncle = { ...header, manifestHash: null };
    const verdict = checkSeal(uncle);
    expect(verdict.status).toBe('unverifiable');
    if (verdict.status === 'unverifiable') expect(verdict.reason).toContain('null parent or manifest hashes');
  });

  it('accepts an uncle whose arrays are present', () => {
    const uncle: Uncle = { ...header };
    expect(checkSeal(uncle).status).toBe('verified');
  });
});
