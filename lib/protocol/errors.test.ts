import { describe, expect, it } from 'vitest';
import { ConfigError } from '@/lib/ops/config';
import { StrataError } from './errors';
import { errorText } from '@/lib/text/error-text';
import { InvalidResponseError } from '@/lib/rpc/errors';

describe('StrataError', () => {
  it('behavior: the message stays, shortMessage is its first line', () => {
    const error = new StrataError('first line\nsecond line');
    expect(error.message).toBe('first line\nsecond line');
    expect(error.shortMessage).toBe('first line');
  });

  it('behavior: a cause only when one is given, as a plain Error', () => {
    expect('cause' in new StrataError('x')).toBe(false);
    const cause = new Error('under');
    expect(new StrataError('x', { cause }).cause).toBe(cause);
  });

  it('behavior: the project errors are members, and keep their own class and name', () => {
    const config = new ConfigError('STRATA_CHAINS', 'unknown chain');
    expect(config).toBeInstanceOf(StrataError);
    expect(config).toBeInstanceOf(ConfigError);
    expect(config.name).toBe('ConfigError');
    expect(errorText(config)).toBe('STRATA_CHAINS: unknown chain');
    const rpc = new InvalidResponseError({ chain: 'cyprus1', url: 'http://localhost:9200', field: 'block.hash', reason: 'expected 32-byte hash' });
    expect(rpc).toBeInstanceOf(StrataError);
    expect(rpc.shortMessage).toBe('Invalid response from the cyprus1 node: expected 32-byte hash');
    expect(rpc.message.startsWith(`${rpc.shortMessage}\n`)).toBe(true);
  });
});
