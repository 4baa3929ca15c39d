/**
 * The command line of the evidence verifier (launched by ./verify-bundle.mjs): reads a bundle
 * from a file (or `-` for standard input), runs verifyBundle with no network, prints every check
 * and returns the exit code: 0 when no check fails, 1 when one does (named on the last line),
 * 2 when the file cannot be read or the arguments are wrong.
 *
 *   strata-verify-bundle <file> [--checkpoint <header hash>] [--chain-id <id>] [--json]
 *
 * The report starts by saying whether the bundle is anchored (a checkpoint the headers reach) or
 * checked only against itself; `--chain-id` insists on a network (a bundle of another fails),
 * otherwise the network is the one the bundle names, its rules from the verifier's own table.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Hash } from 'viem';
import { formatReport } from '@/lib/evidence/report';
import { verifyBundle } from '@/lib/evidence/verify-bundle';

const USAGE = 'usage: strata-verify-bundle <bundle.json | -> [--checkpoint <header hash>] [--chain-id <id>] [--json]';

export async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { checkpoint: { type: 'string' }, 'chain-id': { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [file] = positionals;
  if (positionals.length !== 1 || !file) {
    console.error(USAGE);
    return 2;
  }
  if (values.checkpoint !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(values.checkpoint)) {
    console.error(`--checkpoint: expected a 32-byte header hash (0x and 64 hex digits), got ${JSON.stringify(values.checkpoint)}`);
    return 2;
  }
  const chainIdText = values['chain-id'];
  if (chainIdText !== undefined && !/^(0x[0-9a-fA-F]+|\d+)$/.test(chainIdText)) {
    console.error(`--chain-id: expected a decimal or 0x-hex chain id (1337, 9000…), got ${JSON.stringify(chainIdText)}`);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8'));
  } catch (error) {
    console.error(`cannot read ${file === '-' ? 'standard input' : file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const report = await verifyBundle(json, {
    checkpoint: values.checkpoint as Hash | undefined,
    ...(chainIdText !== undefined ? { chainId: BigInt(chainIdText) } : {}),
  });
  console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
  return report.verdict === 'checked' ? 0 : 1;
}
