#!/usr/bin/env node
/**
 * `npm run verify-bundle -- <file>` and the package's `strata-verify-bundle` bin (`npx
 * strata-verify-bundle <file>` where Strata is installed): checks an evidence bundle offline with
 * the verifier the browser runs (lib/evidence/verify-bundle.ts). Plain JavaScript that loads the
 * TypeScript through tsx (a dependency), with this package's tsconfig so its `@/` paths resolve
 * from any working directory: nothing to build first, and the command runs the very source the
 * explorer's worker is bundled from.
 */
import { tsImport } from 'tsx/esm/api';

const tsconfig = new URL('../tsconfig.json', import.meta.url);
const { main } = await tsImport('./verify-bundle-cli.ts', { parentURL: import.meta.url, tsconfig: decodeURIComponent(tsconfig.pathname) });
process.exitCode = await main(process.argv.slice(2));
