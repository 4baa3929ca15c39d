import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '@/lib/ops/config';
import { createNetworkReaders } from '@/lib/server/node/clients';
import { probeNode } from './health';

// A node that accepts connections and never answers (black-holed, overloaded).
let silent: Server;
let port = 0;
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

describe('probeNode', () => {
  test('a node that never answers is down after the timeout, not hanging', async () => {
    const config = loadConfig({ STRATA_CHAINS: 'cyprus1', STRATA_RPC_CYPRUS1: `http://127.0.0.1:${port}`, STRATA_RPC_TIMEOUT_MS: '300' });
    const started = Date.now();
    const health = await probeNode(createNetworkReaders(config).all);
    expect(health.ok).toBe(false);
    expect(!health.ok && health.reason).toMatch(/did not answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test('a closed port is down at once', async () => {
    const config = loadConfig({ STRATA_CHAINS: 'prime', STRATA_RPC_PRIME: 'http://127.0.0.1:9' });
    const health = await probeNode(createNetworkReaders(config).all);
    expect(health.ok).toBe(false);
    expect(!health.ok && health.reason).toMatch(/could not be reached/);
  });
});
