/**
 * Which solc builds this explorer can compile with, from the environment (README, "Verify your
 * contract"; a bad value throws a ConfigError naming the variable):
 *
 *   STRATA_SOLC_DIR            a directory of official soljson builds (`soljson-v0.8.19+commit.7dd6d404.js`,
 *                              as binaries.soliditylang.org names them); read only
 *   STRATA_SOLC_DOWNLOAD       on (default) or off: download a missing build from the official list,
 *                              once, its sha256 checked against the list, into STRATA_SOLC_CACHE
 *   STRATA_SOLC_CACHE          where downloaded builds are kept (default .strata/solc)
 *   STRATA_SOLC_LIST_URL       the release list's base URL (default https://binaries.soliditylang.org/bin)
 *   STRATA_VERIFY_TIMEOUT_MS   a compilation's time limit (default 60000)
 *
 * The npm-installed solc (a dependency) always works offline.
 */
import { ConfigError } from '@/lib/ops/config';

export interface CompilerConfig {
  readonly solcDir: string | null;
  readonly download: boolean;
  readonly cacheDir: string;
  readonly listUrl: string;
  readonly timeoutMs: number;
}

type Env = Readonly<Record<string, string | undefined>>;

export function loadCompilerConfig(env: Env = process.env): CompilerConfig {
  const download = env.STRATA_SOLC_DOWNLOAD?.trim().toLowerCase() || 'on';
  if (download !== 'on' && download !== 'off') throw new ConfigError('STRATA_SOLC_DOWNLOAD', `must be on or off, got "${download}"`);
  const listUrl = env.STRATA_SOLC_LIST_URL?.trim() || 'https://binaries.soliditylang.org/bin';
  if (!/^https?:\/\//.test(listUrl)) throw new ConfigError('STRATA_SOLC_LIST_URL', 'must be an http(s) URL');
  const rawTimeout = env.STRATA_VERIFY_TIMEOUT_MS?.trim() || '60000';
  const timeoutMs = Number(rawTimeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100) throw new ConfigError('STRATA_VERIFY_TIMEOUT_MS', `must be a whole number of milliseconds ≥ 100, got "${rawTimeout}"`);
  return {
    solcDir: env.STRATA_SOLC_DIR?.trim() || null,
    download: download === 'on',
    cacheDir: env.STRATA_SOLC_CACHE?.trim() || '.strata/solc',
    listUrl: listUrl.replace(/\/$/, ''),
    timeoutMs,
  };
}

