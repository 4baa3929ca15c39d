import { CopyButton } from '@/components/ui/CopyButton';
import { formatBytes } from '@/lib/format';

/** The contract's bytecode, the target of the Overview's "view the code" link. */
export function CodeSection({ code }: { code: string }) {
  return (
    <section id="code" className="rounded-lg border border-border bg-surface">
      <h2 className="flex items-center justify-between border-b border-border px-4 py-2 text-sm font-semibold">
        Code <span className="text-xs font-normal text-muted">{formatBytes((code.length - 2) / 2)} <CopyButton value={code} label="Copy code" /></span>
      </h2>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all p-4 font-mono text-xs">{code}</pre>
    </section>
  );
}
