/**
 * How server.ts is told where to listen, as `next start` is: `-p <port>` / `--port`, `-H <host>` /
 * `--hostname`, else PORT and HOSTNAME (the standalone build's variables), else 3000 on every
 * interface; `--dev` serves a development build (Next compiles on demand, no page cache).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface ServerOptions {
  readonly port: number;
  readonly hostname: string | undefined;
  readonly dev: boolean;
}

export function serverOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ServerOptions {
  let port = env.PORT;
  let hostname = env.HOSTNAME;
  let dev = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-p' || arg === '--port') port = argv[++i];
    else if (arg?.startsWith('--port=')) port = arg.slice('--port='.length);
    else if (arg === '-H' || arg === '--hostname') hostname = argv[++i];
    else if (arg?.startsWith('--hostname=')) hostname = arg.slice('--hostname='.length);
    else if (arg === '--dev') dev = true;
    else throw new Error(`unknown argument ${arg} (server.ts takes -p <port>, -H <host> and --dev)`);
  }
  const number = Number(port ?? 3000);
  if (!Number.isInteger(number) || number < 0 || number > 65_535) throw new Error(`"${port}" is not a TCP port`);
  return { port: number, hostname: hostname || undefined, dev };
}

/**
 * The app's directory (where .next is): beside the server in the standalone folder, where its
 * server.js is; two levels up from the bundle in a repository (.next/strata/server.mjs); or the
 * directory of server.ts itself when run from source.
 */
export function appDirOf(serverFile: string): string {
  const here = dirname(serverFile);
  if (existsSync(join(here, '.next'))) return here;
  const repository = join(here, '..', '..');
  return existsSync(join(repository, 'package.json')) && existsSync(join(repository, 'next.config.mjs')) ? repository : here;
}
