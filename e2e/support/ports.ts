/**
 * Ports for the servers a spec starts itself (a second explorer, a devnet of its own), so that
 * several people's suites can run on one machine:
 *
 *   freePort()          a port the OS says is free right now (listen on 0, read it, close)
 *   devnetOffset(span)  STRATA_E2E_SPARE_OFFSET (or a random offset in 30000–33990 when unset),
 *                       plus a random multiple of 10 below `span`, for a 1x1 devnet
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
  const base = process.env.STRATA_E2E_SPARE_OFFSET ? Number(process.env.STRATA_E2E_SPARE_OFFSET) : 30_000;
  return base + Math.floor(Math.random() * (span / 10)) * 10;
}
