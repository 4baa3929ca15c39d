import { Address } from '@/components/ui/values/Address';
import { Badge } from '@/components/ui/layout/Badge';
import { ChainText } from '@/components/ui/values/ChainText';
import { CopyButton } from '@/components/ui/values/CopyButton';
import { Hash } from '@/components/ui/values/Hash';
import { InfoRow, InfoTable } from '@/components/ui/layout/InfoTable';
import { DecodedArgs } from '@/components/tx/DecodedArgs';
import type { VerifiedContract } from '@/lib/server/contracts/verified-source';
import { urls } from '@/lib/routes/urls';
import { formatInteger } from '@/lib/text/format';
import { SourceFile } from './SourceFile';
import { SourceLineTarget } from './SourceLineTarget';
import { RecompileButton } from './RecompileButton';

/**
 * The source files in reading order, as Etherscan lists them: the file that holds the verified
 * contract (`path` of its `path:Name`) first, the others after it in the order submitted; each
 * with its place among the submitted sources, which a line's link names.
 */
function filesInOrder(contract: VerifiedContract) {
  const cut = contract.contractName.lastIndexOf(':');
  const mainPath = cut === -1 ? null : contract.contractName.slice(0, cut);
  const files = contract.sources.map((file, index) => ({ ...file, index, main: file.path === mainPath || contract.sources.length === 1 }));
  return [...files.filter((f) => f.main), ...files.filter((f) => !f.main)];
}

/**
 * Characters of source drawn per file, and for all files together: a verified source may be
 * megabytes (450,000 lines made a 12.9 MB tab). Past these the files are listed and the rest is in
 * the JSON download, so the tab stays under about a megabyte.
 */
const FILE_ON_PAGE = 100_000;
const SOURCES_ON_PAGE = 400_000;
/** …and of the ABI's JSON. */
const ABI_ON_PAGE = 100_000;

/** Each file's characters to draw: in order, up to FILE_ON_PAGE each and SOURCES_ON_PAGE in all. */
function shareOut<F extends { readonly content: string }>(sources: readonly F[]): (F & { readonly shownChars: number })[] {
  let left = SOURCES_ON_PAGE;
  return sources.map((file) => {
    const shownChars = Math.min(file.content.length, FILE_ON_PAGE, left);
    left -= shownChars;
    return { ...file, shownChars };
  });
}

/** A verified contract: how it was compiled, its constructor arguments, its ABI and every source file, all open. */
export function VerifiedSource({ address, contract, recompile = true }: { address: string; contract: VerifiedContract; recompile?: boolean }) {
  const download = urls.api.contract(address);
  const files = shareOut(filesInOrder(contract));
  return (
    <div className="space-y-6" data-testid="verified-source">
      <CompilerFacts contract={contract} />
      {recompile ? <RecompileButton address={address} /> : null}
      <AbiSection address={address} contract={contract} />
      <section className="space-y-2" id="code">
        <h2 className="text-sm font-semibold">Source files ({contract.sources.length})</h2>
        {files.map((file) => (
          <SourceFile key={file.path} path={file.path} content={file.content} open index={file.index} main={file.main} shownChars={file.shownChars} download={download} />
        ))}
        <SourceLineTarget />
      </section>
    </div>
  );
}

function CompilerFacts({ contract: c }: { contract: VerifiedContract }) {
  const libraries = Object.entries(c.settings.libraries).flatMap(([path, names]) => Object.entries(names).map(([name, at]) => [`${path}:${name}`, at] as const));
  return (
    <div data-testid="compiler-facts">
      <InfoTable title="Verified source">
        <InfoRow label="Match" hint="Full: identical to the code on chain. Partial: identical except the metadata hash the compiler appends.">
          <span className="inline-flex flex-wrap items-center gap-2" data-testid="match-kind">
            <Badge tone={c.matchKind === 'full' ? 'ok' : 'warn'}>{c.matchKind === 'full' ? 'full match' : 'partial match'}</Badge>
            <span className="text-xs text-muted">
              {c.matchKind === 'full'
                ? 'the creation code and the runtime code on chain are exactly what this source compiles to'
                : 'the code on chain is what this source compiles to, except the metadata hash at its end (comments, whitespace or file names differ)'}
            </span>
          </span>
        </InfoRow>
        <InfoRow label="Contract">
          <ChainText text={c.contractName} className="font-mono" />
        </InfoRow>
        <InfoRow label="Compiler">
          <span className="font-mono" data-testid="compiler-version">{c.compilerVersion}</span>
        </InfoRow>
        <InfoRow label="Optimizer">{c.settings.optimizer.enabled ? `enabled, ${c.settings.optimizer.runs} runs` : 'disabled'}</InfoRow>
        {c.settings.viaIR ? <InfoRow label="Pipeline">via IR</InfoRow> : null}
        <InfoRow label="EVM version">{c.settings.evmVersion ?? <span className="text-muted">the compiler&apos;s default</span>}</InfoRow>
        {libraries.length > 0 ? (
          <InfoRow label="Linked libraries">
            <ul className="space-y-1">
              {libraries.map(([name, at]) => (
                <li key={name} className="flex flex-wrap items-center gap-2">
                  <ChainText text={name} className="font-mono" /> <Address address={at} copy />
                </li>
              ))}
            </ul>
          </InfoRow>
        ) : null}
        {c.creation ? (
          <InfoRow label="Created by">
            <span className="inline-flex flex-wrap items-center gap-2">
              <Address address={c.creation.creator} copy /> <span className="text-muted">in</span> <Hash value={c.creation.txHash} href={urls.tx(c.creation.txHash)} />
            </span>
          </InfoRow>
        ) : null}
        <InfoRow label="Constructor arguments">
          {c.constructorArguments === '0x' ? (
            <span className="text-muted">none</span>
          ) : (
            <div className="space-y-2" data-testid="constructor-args">
              {c.decodedConstructorArguments ? <DecodedArgs args={c.decodedConstructorArguments} /> : null}
              <details>
                <summary className="cursor-pointer text-xs text-muted">ABI-encoded</summary>
                <code className="block break-all font-mono text-xs">{c.constructorArguments}</code>
              </details>
            </div>
          )}
        </InfoRow>
        {c.salt ? (
          <InfoRow label="Salt" hint="Bytes after the constructor arguments in the creation input: Quai's SDK grinds a contract's address into its zone this way">
            <code className="font-mono text-xs" data-testid="creation-salt">{c.salt}</code>
          </InfoRow>
        ) : null}
        {c.verifiedAt ? (
          <InfoRow label="Verified at">
            <time dateTime={c.verifiedAt}>{c.verifiedAt.replace('T', ' ').slice(0, 19)} UTC</time>
          </InfoRow>
        ) : null}
      </InfoTable>
    </div>
  );
}

/** `address` as the page spells it (checksummed): the store keeps it lower-case. */
function AbiSection({ address, contract }: { address: string; contract: VerifiedContract }) {
  const json = JSON.stringify(contract.abi);
  return (
    <section className="card" data-testid="contract-abi">
      <h2 className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2 text-sm font-semibold">
        <span>
          ABI <span className="text-xs font-normal text-muted">({contract.abi.length} entries)</span>
        </span>
        <span className="flex items-center gap-3 text-xs font-normal">
          <CopyButton value={json} label="Copy ABI" title="Copy the ABI (JSON)" />
          <a href={urls.api.contract(address)} download={`${address}.json`} data-testid="abi-download">
            Download source and ABI (JSON)
          </a>
        </span>
      </h2>
      <pre tabIndex={0} className="max-h-64 overflow-auto whitespace-pre-wrap break-all p-4 font-mono text-xs" data-testid="abi-json">
        <ChainText text={json.length > ABI_ON_PAGE ? `${json.slice(0, ABI_ON_PAGE)}…` : json} />
      </pre>
      {json.length > ABI_ON_PAGE ? (
        <p className="border-t border-border px-4 py-2 text-xs text-muted">
          The first {formatInteger(ABI_ON_PAGE)} of {formatInteger(json.length)} characters are drawn here; Copy ABI and the download have all of it.
        </p>
      ) : null}
    </section>
  );
}
