import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config';

describe('loadConfig', () => {
  it('defaults to all 13 chains on 127.0.0.1 with go-quai default ports and the quai namespace', () => {
    const config = loadConfig({});
    expect(config.chains).toHaveLength(13);
    expect(config.chains.find((c) => c.chain.name === 'cyprus1')?.url).toBe('http://127.0.0.1:8610');
    expect(config.chains.find((c) => c.chain.name === 'prime')?.url).toBe('http://127.0.0.1:8546');
    expect(config.namespace).toBe('quai');
    expect(config.expectedChainId).toBeUndefined();
    expect(config.broadcastEnabled).toBe(true);
    expect(config.callGasCap).toBe(2_000_000n);
    expect(config.nodeWorkInFlight).toBe(4);
  });

  it('reads the gas cap and the node-work lane, refusing what cannot be one', () => {
    const config = loadConfig({ STRATA_CALL_GAS_CAP: '500000', STRATA_NODE_WORK_IN_FLIGHT: '2' });
    expect(config.callGasCap).toBe(500_000n);
    expect(config.nodeWorkInFlight).toBe(2);
    expect(() => loadConfig({ STRATA_CALL_GAS_CAP: '20000' })).toThrow(/STRATA_CALL_GAS_CAP/);
    expect(() => loadConfig({ STRATA_CALL_GAS_CAP: '1e6' })).toThrow(/STRATA_CALL_GAS_CAP/);
    expect(() => loadConfig({ STRATA_NODE_WORK_IN_FLIGHT: '0' })).toThrow(/STRATA_NODE_WORK_IN_FLIGHT/);
  });

  it('uses one host with the default port map, and per-chain overrides', () => {
    const config = loadConfig({
      STRATA_NODE_HOST: 'node.example',
      STRATA_RPC_PAXOS2: 'https://user:secret@rpc.example/paxos2',
    });
    expect(config.chains.find((c) => c.chain.name === 'hydra1')?.url).toBe('http://node.example:8614');
    expect(config.chains.find((c) => c.chain.name === 'paxos2')?.url).toBe('https://user:secret@rpc.example/paxos2');
  });

  it('serves a subset of chains, in registry order', () => {
    const config = loadConfig({ STRATA_CHAINS: 'cyprus1, prime,Cyprus' });
    expect(config.chains.map((c) => c.chain.name)).toEqual(['prime', 'cyprus', 'cyprus1']);
  });

  it('reads namespace, chain id, timeout and the broadcast switch', () => {
    const config = loadConfig({
      STRATA_RPC_NAMESPACE: 'svc', STRATA_CHAIN_ID: '9000', STRATA_RPC_TIMEOUT_MS: '2500', STRATA_BROADCAST: 'off',
    });
    expect(config.namespace).toBe('svc');
    expect(config.expectedChainId).toBe(9000n);
    expect(config.timeoutMs).toBe(2500);
    expect(config.broadcastEnabled).toBe(false);
    expect(loadConfig({ STRATA_CHAIN_ID: '0x539' }).expectedChainId).toBe(1337n);
  });

  it("reads where the operator publishes evidence checkpoints (none by default)", () => {
    expect(loadConfig({}).checkpointsUrl).toBeUndefined();
    expect(loadConfig({ STRATA_CHECKPOINTS_URL: 'https://example.org/checkpoints' }).checkpointsUrl).toBe('https://example.org/checkpoints');
  });

  const bad: Array<[Record<string, string>, string]> = [
    [{ STRATA_CHAINS: 'prime,atlantis' }, 'STRATA_CHAINS'],
    [{ STRATA_RPC_CYPRUS1: 'not a url' }, 'STRATA_RPC_CYPRUS1'],
    [{ STRATA_RPC_CYPRUS1: 'ftp://x:1' }, 'STRATA_RPC_CYPRUS1'],
    [{ STRATA_RPC_NAMESPACE: 'Quai_' }, 'STRATA_RPC_NAMESPACE'],
    [{ STRATA_CHAIN_ID: 'nine thousand' }, 'STRATA_CHAIN_ID'],
    [{ STRATA_RPC_TIMEOUT_MS: '-5' }, 'STRATA_RPC_TIMEOUT_MS'],
    [{ STRATA_BROADCAST: 'maybe' }, 'STRATA_BROADCAST'],
    [{ STRATA_CHECKPOINTS_URL: 'javascript:alert(1)' }, 'STRATA_CHECKPOINTS_URL'],
    [{ STRATA_NODE_SCHEME: 'gopher' }, 'STRATA_NODE_SCHEME'],
    [{ STRATA_NODE_HOST: 'bad host/name' }, 'STRATA_NODE_HOST'],
  ];
  it.each(bad)('rejects %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });

  it('never puts credentials of a bad URL in the message', () => {
    try {
      loadConfig({ STRATA_RPC_HYDRA1: 'https://user:hunter2@' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });
});

describe('redactUrl', () => {
  it('strips user, password and query', () => {
    expect(redactUrl('https://alice:pw@node.example:8610/rpc?key=abc')).toBe('https://node.example:8610/rpc?…');
    expect(redactUrl('http://127.0.0.1:8610')).toBe('http://127.0.0.1:8610');
  });
});
