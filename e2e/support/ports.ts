/**
 * Ports for the servers a spec starts itself (a second explorer, a devnet of its own), so that
 * several people's suites can run on one machine:
 *
 *   freePort()          a port the OS says is free right now (listen on 0, read it, close)
 *   devnetOffset(span)  STRATA_E2E_SPARE_OFFSET (12000 when unset), plus `span` times the worker's
 *                       slot (Playwright's TEST_PARALLEL_INDEX), plus a random multiple of 10 below
 *                       `span`, for a 1x1 devnet: two workers never draw the same ports
 *
 * The default keeps a spare devnet's ports (8546–8610 plus the offset: 20546–21400 with two workers) below Linux's
 * ephemeral range (32768–60999), and apart from the vitest suites' offsets (20000–28999). Inside the
 * ephemeral range, freePort()'s picks and the local ends of outgoing connections could already hold
 * a devnet's port: CI saw EADDRINUSE on 38800 with the old default of 30000.
 */
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function devnetOffset(span = 400): number {
  const base = process.env.STRATA_E2E_SPARE_OFFSET ? Number(process.env.STRATA_E2E_SPARE_OFFSET) : 12_000;
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return base + slot * span + Math.floor(Math.random() * (span / 10)) * 10;
}
