/**
 * Etherscan's contract module on `/api` (`module=contract`), as @nomicfoundation/hardhat-verify
 * and forge speak it: parameters checked into a request, and the answers in Etherscan's field
 * names. Browser-safe and pure; the route (app/api/route.ts) and lib/server/contracts do the work.
 */
import { isAddress, type Address, type Hex } from 'viem';
import { COMPILER_VERSION_PATTERN } from './compiler-version';
import { parseStandardJson, singleFileInput } from './standard-json';
import type { VerifiedContract, VerifySubmission } from './types';

export type ContractRequest =
  | { readonly action: 'verifysourcecode'; readonly submission: VerifySubmission }
  | { readonly action: 'checkverifystatus'; readonly guid: string }
  | { readonly action: 'getsourcecode' | 'getabi'; readonly address: Address }
  | { readonly action: 'getcontractcreation'; readonly addresses: readonly Address[] };

const ACTIONS = ['verifysourcecode', 'checkverifystatus', 'getsourcecode', 'getabi', 'getcontractcreation'];
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function address(raw: string | null, name: string): Address | string {
  const value = raw?.trim() ?? '';
  return isAddress(value, { strict: false }) ? (value.toLowerCase() as Address) : `Invalid ${name} format`;
}

/** Constructor arguments as sent (hex, 0x optional); null when none were sent. */
function constructorArguments(raw: string | null): { value: Hex | null } | { error: string } {
  const value = raw?.trim() ?? '';
  if (value === '') return { value: null };
  const hex = value.startsWith('0x') ? value.slice(2) : value;
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return { error: 'constructorArguements must be hex (ABI-encoded arguments, an even number of digits)' };
  return { value: `0x${hex.toLowerCase()}` };
}

/** Etherscan's libraryname1/libraryaddress1 … libraryname10 pairs. */
function libraries(form: URLSearchParams): Record<string, Address> | string {
  const out: Record<string, Address> = {};
  for (let i = 1; i <= 10; i++) {
    const name = form.get(`libraryname${i}`)?.trim();
    if (!name) continue;
    const at = address(form.get(`libraryaddress${i}`), `libraryaddress${i}`);
    if (!IDENTIFIER.test(name)) return `libraryname${i} is not a library name`;
    if (!at.startsWith('0x')) return at;
    out[name] = at as Address;
  }
  return out;
}

function verifyRequest(form: URLSearchParams): ContractRequest | string {
  const at = address(form.get('contractaddress'), 'contractaddress');
  if (!at.startsWith('0x')) return at;
  const compilerVersion = form.get('compilerversion')?.trim() ?? '';
  if (!COMPILER_VERSION_PATTERN.test(compilerVersion)) {
    return `Invalid compilerversion "${compilerVersion.slice(0, 60)}" (expected solc's long version, as v0.8.37+commit.a2f4bc8f)`;
  }
  const args = constructorArguments(form.get('constructorArguements') ?? form.get('constructorArguments'));
  if ('error' in args) return args.error;
  const sourceCode = form.get('sourceCode') ?? '';
  if (sourceCode.trim() === '') return 'sourceCode is missing';
  const format = form.get('codeformat')?.trim() || 'solidity-single-file';
  let contractName = form.get('contractname')?.trim() ?? '';
  let input;
  if (format === 'solidity-standard-json-input') {
    input = parseStandardJson(sourceCode);
    if (typeof input === 'string') return input;
    const cut = contractName.lastIndexOf(':');
    if (cut <= 0) return 'contractname must be path:Name for codeformat solidity-standard-json-input (as contracts/Token.sol:Token)';
    const path = contractName.slice(0, cut);
    if (!(path in input.sources)) return `contractname names ${path}, which is not among the sources`;
    if (!IDENTIFIER.test(contractName.slice(cut + 1))) return 'contractname must end with a contract name';
  } else if (format === 'solidity-single-file') {
    const cut = contractName.lastIndexOf(':');
    const name = cut >= 0 ? contractName.slice(cut + 1) : contractName;
    if (!IDENTIFIER.test(name)) return 'contractname must be a contract name';
    const path = cut > 0 ? contractName.slice(0, cut) : `${name}.sol`;
    contractName = `${path}:${name}`;
    const optimization = form.get('optimizationUsed')?.trim() || '0';
    if (optimization !== '0' && optimization !== '1') return 'optimizationUsed must be 0 or 1';
    const rawRuns = form.get('runs')?.trim() || '200';
    if (!/^\d{1,10}$/.test(rawRuns)) return 'runs must be a whole number';
    const evm = form.get('evmversion')?.trim() ?? '';
    if (evm !== '' && evm.toLowerCase() !== 'default' && !/^[a-z]+$/.test(evm)) return 'evmversion must be an EVM version name';
    const libs = libraries(form);
    if (typeof libs === 'string') return libs;
    input = singleFileInput({
      path, content: sourceCode, optimizer: optimization === '1', runs: Number(rawRuns),
      evmVersion: evm === '' || evm.toLowerCase() === 'default' ? null : evm, libraries: libs,
    });
  } else {
    return `codeformat "${format.slice(0, 60)}" is not supported (solidity-standard-json-input or solidity-single-file)`;
  }
  return { action: 'verifysourcecode', submission: { address: at as Address, input, contractName, compilerVersion, constructorArguments: args.value } };
}

/**
 * The request, or a message for a NOTOK answer. `form` holds the query and, for a POST, the form
 * body's fields (the body's win). verifysourcecode only by POST, as Etherscan takes it.
 */
export function parseContractRequest(form: URLSearchParams, method: string): ContractRequest | string {
  const action = form.get('action') ?? '';
  if (!ACTIONS.includes(action)) return `action "${action.slice(0, 40)}" is not supported for module=contract (${ACTIONS.join(', ')})`;
  if (action === 'verifysourcecode') return method === 'POST' ? verifyRequest(form) : 'verifysourcecode takes a POST (application/x-www-form-urlencoded)';
  if (action === 'checkverifystatus') {
    const guid = form.get('guid')?.trim() ?? '';
    return /^[0-9a-zA-Z-]{1,100}$/.test(guid) ? { action, guid } : 'guid is missing or malformed';
  }
  if (action === 'getcontractcreation') {
    const list = (form.get('contractaddresses') ?? '').split(',').map((a) => a.trim()).filter((a) => a !== '');
    if (list.length === 0 || list.length > 5) return 'contractaddresses must list 1 to 5 addresses, comma-separated';
    const addresses: Address[] = [];
    for (const raw of list) {
      const a = address(raw, 'contractaddresses');
      if (!a.startsWith('0x')) return a;
      addresses.push(a as Address);
    }
    return { action, addresses };
  }
  const at = address(form.get('address'), 'address');
  return at.startsWith('0x') ? { action: action as 'getsourcecode' | 'getabi', address: at as Address } : at;
}

const NOT_VERIFIED = 'Contract source code not verified';

/** getsourcecode's one entry, in Etherscan's field names (an unverified contract: empty SourceCode). */
export function sourceCodeEntry(v: VerifiedContract | null): Record<string, string> {
  if (!v) {
    return {
      SourceCode: '', ABI: NOT_VERIFIED, ContractName: '', CompilerVersion: '', OptimizationUsed: '', Runs: '', ConstructorArguments: '',
      EVMVersion: 'Default', Library: '', LicenseType: 'Unknown', Proxy: '0', Implementation: '', SwarmSource: '',
    };
  }
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(v.sources.map((s) => [s.path, { content: s.content }])),
    settings: { optimizer: v.settings.optimizer, ...(v.settings.evmVersion ? { evmVersion: v.settings.evmVersion } : {}), libraries: v.settings.libraries },
  };
  return {
    // Etherscan wraps a standard JSON input in double braces so clients tell it from one file.
    SourceCode: `{${JSON.stringify(input)}}`,
    ABI: JSON.stringify(v.abi),
    ContractName: v.contractName.slice(v.contractName.lastIndexOf(':') + 1),
    CompilerVersion: v.compilerVersion,
    OptimizationUsed: v.settings.optimizer.enabled ? '1' : '0',
    Runs: String(v.settings.optimizer.runs),
    ConstructorArguments: v.constructorArguments.slice(2),
    EVMVersion: v.settings.evmVersion ?? 'Default',
    Library: Object.values(v.settings.libraries).flatMap((libs) => Object.entries(libs).map(([n, a]) => `${n}:${a.slice(2)}`)).join(';'),
    LicenseType: 'Unknown',
    Proxy: '0',
    Implementation: '',
    SwarmSource: '',
    // Beyond Etherscan: how it matched, and the salt after the arguments.
    MatchKind: v.matchKind,
    Salt: v.salt ?? '',
  };
}

export { NOT_VERIFIED };
