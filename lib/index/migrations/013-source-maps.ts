/**
 * Migration 13: what a verified contract's compile says about its code's lines. `source_maps`
 * holds solc's source maps of the creation and runtime code with the bytecode they index and the
 * source paths by solc's file id (lib/verify/source-map.ts `SourceMaps`, as JSON text), so a
 * failing frame's program counter is read as `path:line` without compiling again. Contracts
 * verified before this migration have none (NULL): their lines are unknown until verified again.
 */
export const migration = {
  id: 13,
  name: 'source-maps',
  sql: `
ALTER TABLE verified_contracts ADD COLUMN source_maps text;
`,
} as const;
