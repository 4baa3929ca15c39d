/**
 * For tests: a devnet on ports no other suite holds. Test files run two at a time (and beside
 * other people's suites), each with a devnet of its own, so a fixed or merely random offset
 * collides now and then (CI saw EADDRINUSE on 29430). This picks a random offset and, when a port
 * is taken, tries another: the outcome does not depend on who else is listening.
 *
 * Offsets 20000–23999 put every chain port (8512–8678 plus the offset) in 28512–32677: below
 * Linux's ephemeral range (32768–60999), whose ports outgoing connections take without asking,
 * and apart from the e2e suite's spare devnets (e2e/support/ports.ts: 20546–21010 by default).
 */
import { startDevnet, type Devnet, type DevnetOptions } from '../index';

const FIRST_OFFSET = 20_000;
const OFFSETS = 4_000;
const ATTEMPTS = 8;

export function randomTestOffset(): number {
  return FIRST_OFFSET + Math.floor(Math.random() * OFFSETS);
}

export function isPortInUse(error: unknown): boolean {
  return error instanceof Error && /EADDRINUSE/.test(error.message);
}

/** startDevnet at a random free offset (`options.portOffset` is ignored). */
export async function startDevnetOnFreePorts(options: Omit<DevnetOptions, 'portOffset'> = {}): Promise<Devnet> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevnet({ ...options, portOffset: randomTestOffset() });
    } catch (error) {
      if (attempt >= ATTEMPTS || !isPortInUse(error)) throw error;
    }
  }
}
