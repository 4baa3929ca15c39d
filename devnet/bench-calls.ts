/**
 * How long one `call` of a contract that burns all its gas holds the devnet, per kind of loop and
 * gas: the call's time as a client sees it, and the longest the devnet process's event loop went
 * without a turn meanwhile (a timer every millisecond, in the same process), which is how long
 * every other request to the devnet, on any chain, waited. Prints figures, asserts nothing.
 *
 *   npm run bench:devnet-calls                      # gas 1 000 000, 2 000 000 (the explorer's cap), 30 000 000
 *   npm run bench:devnet-calls -- --gas 2000000     # one gas only
 *
 * Each loop is a few hand-assembled opcodes, the most expensive a caller could pick per unit of gas
 * on the devnet's ethereumjs EVM: a bare JUMP loop, ADDMOD, KECCAK256 of a word, a warm SLOAD, a
 * warm BALANCE, and a STATICCALL to the identity precompile.
 */
import { concatHex, type Hex } from 'viem';
import { devAccountsOf } from './accounts';
import { startDevnetOnFreePorts } from './test-support/free-ports';
import { createSender } from './test-support/sender';
import { createChainClient } from '@/lib/rpc/client';

const LOOPS: Readonly<Record<string, Hex>> = {
  jump: '0x5b600056', // JUMPDEST PUSH1 0 JUMP
  addmod: '0x5b600160026003085060005600', // ADDMOD(1, 2, 3), POP
  keccak: '0x5b60206000205060005600', // KECCAK256(mem[0..32]), POP
  sload: '0x5b6000545060005600', // SLOAD(0), POP
  balance: '0x5b30315060005600', // BALANCE(ADDRESS), POP
  staticcall: '0x5b6000600060006000600461fffffa5060005600', // STATICCALL(gas - 6, identity, …), POP
};

/** Creation code returning `runtime`. */
function deployData(runtime: Hex): Hex {
  const length = (runtime.length - 2) / 2;
  return concatHex([`0x61${length.toString(16).padStart(4, '0')}80600c6000396000f3`, runtime]);
}

function longestStall(): { stop(): number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}

const gasArg = process.argv.indexOf('--gas');
const gases = gasArg > 0 ? [BigInt(process.argv[gasArg + 1] ?? '2000000')] : [1_000_000n, 2_000_000n, 30_000_000n];

const devnet = await startDevnetOnFreePorts({ topology: '1x1', blockTimeMs: 1_000 });
try {
  const zone = 'cyprus1';
  const client = createChainClient({ chain: zone, url: devnet.urlOf(zone), timeoutMs: 600_000, batch: false });
  const sender = await createSender(devnet, zone, client, devAccountsOf(zone)[0]!);
  console.log(`one call of a contract that loops until its gas is gone, on a 1x1 devnet (cyprus1), ${new Date().toISOString()}`);
  for (const [name, runtime] of Object.entries(LOOPS)) {
    const { address } = await sender.deploy(deployData(runtime));
    for (const gas of gases) {
      const stall = longestStall();
      const started = performance.now();
      const outcome = await client.call({ request: { to: address, data: '0x', gas } }).then(
        () => 'returned',
        (error: Error) => error.message.split('\n')[0],
      );
      const ms = performance.now() - started;
      console.log(`${name.padEnd(10)} gas ${gas.toString().padStart(10)}: ${ms.toFixed(0).padStart(7)} ms, event loop held ${stall.stop().toFixed(0).padStart(7)} ms (${outcome})`);
    }
  }
} finally {
  await devnet.stop();
}
