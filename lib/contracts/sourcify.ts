/**
 * Sourcify's verification API as @nomicfoundation/hardhat-verify's Sourcify client speaks it
 * (its internal/sourcify.ts): `POST <base>` with JSON `{ address, chain, files, chosenContract? }`,
 * `files` holding `metadata.json` (solc's metadata of the contract) and every source file by the
 * path the metadata names; `GET <base>/check-all-by-addresses?addresses=&chainIds=`. The metadata
 * says everything a standard JSON input needs (compiler, settings, the contract in
 * `settings.compilationTarget`, each source's keccak256), so a submission becomes the same
 * verification job as Etherscan's `verifysourcecode`. Pure and browser-safe.
 */
import { isAddress, keccak256, stringToBytes, type Address } from 'viem';
import { COMPILER_VERSION_PATTERN } from './compiler-version';
import { checkStandardJson } from './standard-json';
import type { MatchKind, VerifySubmission } from './types';

/** Sourcify's words for a match (hardhat-verify's ContractStatus). */
export const SOURCIFY_STATUS: Record<MatchKind, 'perfect' | 'partial'> = { full: 'perfect', partial: 'partial' };
export const SOURCIFY_NOT_FOUND = 'false';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SourcifyRequest {
  readonly submission: VerifySubmission;
  /** The chain id the client named (decimal text). */
  readonly chain: string;
}

/** The request, or what is wrong with it (Sourcify's `{ error }` answer). */
export function parseSourcifyRequest(body: unknown): SourcifyRequest | string {
  if (!isRecord(body)) return 'the body must be a JSON object with address, chain and files';
  const address = typeof body.address === 'string' ? body.address.trim() : '';
  if (!isAddress(address, { strict: false })) return 'address is missing or is not an address';
  const chain = typeof body.chain === 'string' || typeof body.chain === 'number' ? String(body.chain).trim() : '';
  if (!/^\d{1,20}$/.test(chain)) return 'chain must be a decimal chain id';
  if (!isRecord(body.files)) return 'files must be an object of file names and contents, metadata.json among them';
  const files: Record<string, string> = {};
  for (const [name, content] of Object.entries(body.files)) {
    if (typeof content !== 'string') return `file ${name.slice(0, 80)} has no text content`;
    files[name] = content;
  }
  const metadataName = Object.keys(files).find((n) => n === 'metadata.json' || n.endsWith('/metadata.json'));
  if (!metadataName) return 'files has no metadata.json (the metadata solc writes beside the contract)';
  let metadata: unknown;
  try {
    metadata = JSON.parse(files[metadataName]!);
  } catch {
    return 'metadata.json is not JSON';
  }
  if (!isRecord(metadata)) return 'metadata.json is not an object';
  if (metadata.language !== 'Solidity') return `metadata.json's language ${JSON.stringify(metadata.language)} is not supported (only Solidity)`;
  const compiler = isRecord(metadata.compiler) && typeof metadata.compiler.version === 'string' ? `v${metadata.compiler.version}` : '';
  if (!COMPILER_VERSION_PATTERN.test(compiler)) return `metadata.json names no solc long version (compiler.version, as 0.8.37+commit.a2f4bc8f)`;
  if (!isRecord(metadata.settings)) return 'metadata.json has no settings';
  const { compilationTarget, libraries, ...settings } = metadata.settings;
  if (!isRecord(compilationTarget) || Object.keys(compilationTarget).length !== 1) return 'metadata.json names no contract (settings.compilationTarget)';
  const [targetPath, targetName] = Object.entries(compilationTarget)[0]!;
  if (typeof targetName !== 'string') return 'settings.compilationTarget must map the source path to the contract name';
  if (!isRecord(metadata.sources)) return 'metadata.json has no sources';

  // Each source the metadata names, from the files sent: by its path, else by its file name; its hash the metadata's.
  const byBase = new Map(Object.entries(files).map(([name, content]) => [name.slice(name.lastIndexOf('/') + 1), content]));
  const sources: Record<string, { content: string }> = {};
  for (const [path, source] of Object.entries(metadata.sources)) {
    const declared = isRecord(source) && typeof source.keccak256 === 'string' ? source.keccak256.toLowerCase() : null;
    const inline = isRecord(source) && typeof source.content === 'string' ? source.content : undefined;
    const content = files[path] ?? inline ?? byBase.get(path.slice(path.lastIndexOf('/') + 1));
    if (content === undefined) return `the source ${path} that metadata.json names is not among the files`;
    if (declared && keccak256(stringToBytes(content)) !== declared) return `the source ${path} is not the one metadata.json hashes (its keccak256 differs)`;
    sources[path] = { content };
  }
  // The metadata writes libraries as "path:Name": address; standard JSON wants { path: { Name: address } }.
  const linked: Record<string, Record<string, string>> = {};
  if (isRecord(libraries)) {
    for (const [key, at] of Object.entries(libraries)) {
      if (typeof at !== 'string') continue;
      const cut = key.lastIndexOf(':');
      const file = cut > 0 ? key.slice(0, cut) : '';
      (linked[file] ??= {})[cut > 0 ? key.slice(cut + 1) : key] = at;
    }
  }
  const input = checkStandardJson({ language: 'Solidity', sources, settings: { ...settings, ...(Object.keys(linked).length > 0 ? { libraries: linked } : {}) } });
  if (typeof input === 'string') return input;
  return {
    chain,
    submission: { address: address.toLowerCase() as Address, input, contractName: `${targetPath}:${targetName}`, compilerVersion: compiler, constructorArguments: null },
  };
}

/** `check-all-by-addresses`' `addresses` and `chainIds`, or why not. */
export function parseCheckQuery(search: URLSearchParams): { addresses: Address[]; chainIds: string[] } | string {
  const addresses = (search.get('addresses') ?? '').split(',').map((a) => a.trim()).filter((a) => a !== '');
  if (addresses.length === 0 || addresses.length > 50) return 'addresses must list 1 to 50 addresses, comma-separated';
  for (const a of addresses) if (!isAddress(a, { strict: false })) return `${a.slice(0, 60)} is not an address`;
  const chainIds = (search.get('chainIds') ?? '').split(',').map((c) => c.trim()).filter((c) => c !== '');
  if (chainIds.length === 0) return 'chainIds must list at least one chain id';
  for (const c of chainIds) if (!/^\d{1,20}$/.test(c)) return `chain id ${c.slice(0, 30)} is not a decimal number`;
  return { addresses: addresses.map((a) => a.toLowerCase() as Address), chainIds };
}
