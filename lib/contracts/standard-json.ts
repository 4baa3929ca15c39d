/**
 * solc's standard JSON input as clients submit it: read strictly (a malformed one is refused with
 * what is wrong, never passed to the compiler), made from one pasted file (Etherscan's
 * `solidity-single-file`), and read back for display (sources, the settings that shape bytecode).
 * Browser-safe and pure.
 */
import { isAddress, type Address } from 'viem';
import type { CompilerSettings, SourceFile, StandardJsonInput } from './types';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The input, or why it cannot be one. `urls` sources (files to fetch) are refused: only contents verify. */
export function parseStandardJson(text: string): StandardJsonInput | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'sourceCode is not valid JSON (codeformat solidity-standard-json-input expects solc standard JSON input)';
  }
  return checkStandardJson(value);
}

export function checkStandardJson(value: unknown): StandardJsonInput | string {
  if (!isRecord(value)) return 'the standard JSON input must be an object';
  if (value.language !== undefined && value.language !== 'Solidity') return `language "${String(value.language)}" is not supported (only Solidity)`;
  if (!isRecord(value.sources) || Object.keys(value.sources).length === 0) return 'the standard JSON input has no sources';
  const sources: Record<string, { content: string }> = {};
  for (const [path, source] of Object.entries(value.sources)) {
    if (!isRecord(source) || typeof source.content !== 'string') return `source "${path}" has no content (only inline contents can be verified)`;
    sources[path] = { content: source.content };
  }
  const settings = value.settings === undefined ? {} : value.settings;
  if (!isRecord(settings)) return 'settings must be an object';
  const libraries = settings.libraries;
  if (libraries !== undefined) {
    if (!isRecord(libraries)) return 'settings.libraries must be an object';
    for (const [file, names] of Object.entries(libraries)) {
      if (!isRecord(names)) return `settings.libraries["${file}"] must be an object`;
      for (const [name, address] of Object.entries(names)) {
        if (typeof address !== 'string' || !isAddress(address, { strict: false })) return `library ${file}:${name} has no valid address`;
      }
    }
  }
  return { language: 'Solidity', sources, settings };
}

export interface SingleFileOptions {
  readonly path: string;
  readonly content: string;
  readonly optimizer: boolean;
  readonly runs: number;
  readonly evmVersion: string | null;
  /** Library name → address (Etherscan's libraryname1/libraryaddress1 … pairs). */
  readonly libraries: Readonly<Record<string, Address>>;
}

/** A pasted file as the standard JSON input solc compiles (the path is the contract name's). */
export function singleFileInput(o: SingleFileOptions): StandardJsonInput {
  return {
    language: 'Solidity',
    sources: { [o.path]: { content: o.content } },
    settings: {
      optimizer: { enabled: o.optimizer, runs: o.runs },
      ...(o.evmVersion ? { evmVersion: o.evmVersion } : {}),
      ...(Object.keys(o.libraries).length > 0 ? { libraries: { [o.path]: o.libraries } } : {}),
    },
  };
}

export function sourcesOf(input: StandardJsonInput): SourceFile[] {
  return Object.entries(input.sources).map(([path, s]) => ({ path, content: s.content }));
}

/** The settings that shape the bytecode, with solc's defaults where the input names none. */
export function settingsOf(input: StandardJsonInput): CompilerSettings {
  const s = input.settings;
  const optimizer = isRecord(s.optimizer) ? s.optimizer : {};
  const libraries: Record<string, Record<string, Address>> = {};
  if (isRecord(s.libraries)) {
    for (const [file, names] of Object.entries(s.libraries)) {
      if (!isRecord(names)) continue;
      libraries[file] = Object.fromEntries(Object.entries(names).filter((e): e is [string, Address] => typeof e[1] === 'string'));
    }
  }
  return {
    optimizer: { enabled: optimizer.enabled === true, runs: typeof optimizer.runs === 'number' ? optimizer.runs : 200 },
    evmVersion: typeof s.evmVersion === 'string' ? s.evmVersion : null,
    viaIR: s.viaIR === true,
    libraries,
    remappings: Array.isArray(s.remappings) ? s.remappings.filter((r): r is string => typeof r === 'string') : [],
  };
}

/**
 * The input as solc is asked to compile it: the client's settings with the outputs the matcher
 * reads, the source maps a failing frame's line is read with (lib/contracts/source-map.ts) and the
 * storage layout the State changes tab names slots with (lib/contracts/storage-layout.ts);
 * every other output selection dropped: it costs compile time and changes nothing.
 */
export function compileRequest(input: StandardJsonInput): StandardJsonInput {
  const { outputSelection: _ignored, ...settings } = input.settings;
  void _ignored;
  return {
    ...input,
    settings: {
      ...settings,
      outputSelection: {
        '*': { '*': ['abi', 'evm.bytecode.object', 'evm.bytecode.linkReferences', 'evm.bytecode.sourceMap', 'evm.deployedBytecode.object',
          'evm.deployedBytecode.linkReferences', 'evm.deployedBytecode.immutableReferences', 'evm.deployedBytecode.sourceMap', 'storageLayout'] },
      },
    },
  };
}
