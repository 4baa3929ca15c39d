/**
 * `npm run devnet`: run the devnet until SIGINT/SIGTERM. Prints each chain's URL and the dev
 * accounts (keys are public knowledge, see accounts.ts). `--help` lists the flags.
 */
import { parseArgs } from 'node:util';
import { formatDevAccounts } from './accounts';
import { DEFAULTS, startDevnet, type DevnetOptions } from './index';

const HELP = `Usage: npm run devnet -- [flags]

  --host <addr>           interface to listen on (default ${DEFAULTS.host})
  --port-offset <n>       added to every go-quai default port (default ${DEFAULTS.portOffset})
  --topology <RxZ>        regions x zones per region, 1..3 each (default ${DEFAULTS.topology};
                          1x1 = prime + cyprus + cyprus1)
  --namespace <name>      JSON-RPC method namespace (default ${DEFAULTS.namespace})
  --chain-id <n>          chain id of all chains (default ${DEFAULTS.chainId})
  --block-time <ms>       target time between blocks of one zone (default ${DEFAULTS.blockTimeMs})
  --region-target <n>     zone blocks per region block (default ${DEFAULTS.entropyTargets.region}; real network 21)
  --prime-target <n>      zone blocks per prime block (default ${DEFAULTS.entropyTargets.prime}; real network 441)
  --no-traffic            do not generate transactions (traffic is on by default here)
  --traffic-rate <n>      transactions per second per zone (default ${DEFAULTS.trafficRate})
  --data-dir <path>       persist chain and state; a restart with the same path continues
  --syncing               quai_syncing answers true
  --no-txpool             txpool_* answer "method not found", like a default go-quai node
  --no-debug              debug_* answer "method not found"
  --no-trace              debug_trace* answer "method not found", like a go-quai node without the tracer package
  --no-pc-tracer          no lastPcTracer (the devnet's own tracer): the callTracer, prestateTracer and struct logger a go-quai node has
  --base-fee-floor <wei>  lowest base fee (default ${DEFAULTS.baseFeeFloor}, 1 gwei like the real network)
  --uncle-rate <p>        probability a block gets a competing sibling (default ${DEFAULTS.uncleRate})
  --help                  this text
`;

function fail(message: string): never {
  console.error(`devnet: ${message}\n\n${HELP}`);
  process.exit(2);
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) fail(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function bigint(name: string, value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) fail(`--${name} must be an integer, got "${value}"`);
  return BigInt(value);
}

function parse(argv: string[]): DevnetOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' }, 'port-offset': { type: 'string' }, topology: { type: 'string' },
        namespace: { type: 'string' }, 'chain-id': { type: 'string' }, 'block-time': { type: 'string' },
        'region-target': { type: 'string' }, 'prime-target': { type: 'string' },
        traffic: { type: 'boolean' }, 'no-traffic': { type: 'boolean' }, 'traffic-rate': { type: 'string' },
        'data-dir': { type: 'string' }, syncing: { type: 'boolean' }, 'no-txpool': { type: 'boolean' },
        'no-debug': { type: 'boolean' }, 'no-trace': { type: 'boolean' }, 'no-pc-tracer': { type: 'boolean' }, 'base-fee-floor': { type: 'string' }, 'uncle-rate': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const v = parsed.values;
  if (v.help) {
    console.log(HELP);
    return undefined;
  }
  const region = integer('region-target', v['region-target']) ?? DEFAULTS.entropyTargets.region;
  const prime = integer('prime-target', v['prime-target']) ?? DEFAULTS.entropyTargets.prime;
  if (region < 2 || prime < 2) fail('--region-target and --prime-target must be at least 2');
  const uncleRate = v['uncle-rate'] === undefined ? undefined : Number(v['uncle-rate']);
  if (uncleRate !== undefined && !(uncleRate >= 0 && uncleRate <= 1)) fail(`--uncle-rate must be in 0..1, got "${v['uncle-rate']}"`);
  const trafficRate = v['traffic-rate'] === undefined ? undefined : Number(v['traffic-rate']);
  if (trafficRate !== undefined && !(trafficRate > 0)) fail(`--traffic-rate must be positive, got "${v['traffic-rate']}"`);
  return {
    host: v.host,
    portOffset: integer('port-offset', v['port-offset']),
    topology: v.topology,
    namespace: v.namespace,
    chainId: bigint('chain-id', v['chain-id']),
    blockTimeMs: integer('block-time', v['block-time']),
    entropyTargets: { region, prime },
    traffic: !v['no-traffic'],
    trafficRate,
    dataDir: v['data-dir'],
    syncing: v.syncing ?? false,
    serveTxpool: !v['no-txpool'],
    serveDebug: !v['no-debug'],
    serveTrace: !v['no-trace'],
    servePcTracer: !v['no-pc-tracer'],
    baseFeeFloor: bigint('base-fee-floor', v['base-fee-floor']),
    uncleRate,
  };
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  if (!options) return;
  const devnet = await startDevnet({ ...options, log: (line) => console.log(line) }).catch((error: unknown) => {
    console.error(`devnet: could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  console.log(`devnet: ${devnet.topology.name} network, chain id ${devnet.chainId}, namespace ${devnet.namespace}_`);
  for (const chain of devnet.chains) console.log(`  ${chain.name.padEnd(8)} ${chain.url}`);
  console.log('dev accounts (zone, address, private key; public test keys, never use them elsewhere):');
  console.log(formatDevAccounts(devnet.accounts));

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`devnet: ${signal}, stopping…`);
    // A stuck close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 5000).unref();
    devnet.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
