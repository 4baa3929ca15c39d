import { BaseError } from 'viem';
import { describe, expect, test } from 'vitest';
import { errorText } from './error-text';

describe('errorText', () => {
  test("viem's errors lose their footer (details, docs, Version: viem@…)", () => {
    const error = new BaseError('Invalid RLP prefix', { details: 'byte 0xff' });
    expect(error.message).toContain('Version: viem@');
    expect(errorText(error)).toBe('Invalid RLP prefix');
  });
  test('other errors keep their message up to the first blank line', () => {
    expect(errorText(new Error('one line'))).toBe('one line');
    expect(errorText(new Error('first\nsecond\n\nVersion: viem@2'))).toBe('first\nsecond');
    expect(errorText('plain')).toBe('plain');
  });
});
