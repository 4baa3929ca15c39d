import Link from 'next/link';
import { CopyButton } from '@/components/ui/values/CopyButton';
import { formatBytes } from '@/lib/text/format';

/**
 * The contract's bytecode, the target of the Overview's "view the code" link, with the way to its
 * source: the Contract tab when verified, else the /verify form.
 */
export function CodeSection({ code, source, sourceHref }: { code: string; source: 'verified' | 'unverified'; sourceHref: string }) {
  return (
    <section id="code" className="card">
      <h2 className="flex items-center justify-between border-b border-border px-4 py-2 text-sm font-semibold">
        Code <span className="text-xs font-normal text-muted">{formatBytes((code.length - 2) / 2)} <CopyButton value={code} label="Copy code" /></span>
      </h2>
      <p className="border-b border-border px-4 py-2 text-sm" data-testid="code-source">
        {source === 'verified' ? (
          <Link href={sourceHref}>Verified source, ABI and compiler settings →</Link>
        ) : (
          <>
            Source not verified. <Link href={sourceHref} className="underline underline-offset-2" data-testid="verify-link">Verify and publish its source</Link>
          </>
        )}
      </p>
      {/* Focusable: a keyboard scrolls it (it holds nothing else to focus). */}
      <pre tabIndex={0} className="max-h-64 overflow-auto whitespace-pre-wrap break-all p-4 font-mono text-xs">
        {code}
      </pre>
    </section>
  );
}
