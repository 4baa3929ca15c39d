import { Address } from '@/components/ui/values/Address';
import { ChainText } from '@/components/ui/values/ChainText';
import type { FailureSite as Site } from '@/lib/server/tx/load-failure';
import { FailureWhyText } from './FailureWhyText';
import { SourceLineLink } from './SourceLineLink';

/**
 * One failure and where it started: why, the code and function it started in (linking to its
 * frame in the Trace tab), the line it stopped on, and the lines of the calls above it that led
 * there, the nearest first.
 */
export function FailureSite({ site, traceHref, showWhy = true }: { site: Site; traceHref: string; showWhy?: boolean }) {
  const callers = [...site.callers].reverse().filter((c) => c.line.kind === 'line' || c.address !== null);
  return (
    <div className="min-w-0 space-y-1" data-testid="failure-site" data-path={site.pathText}>
      {showWhy ? <FailureWhyText why={site.why} /> : null}
      <p className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-muted">
        <span>started in</span>
        {site.address ? <Address address={site.address} /> : <span>a contract that was not created</span>}
        {site.contractName || site.functionName ? (
          <span className="break-all font-mono text-fg">
            <ChainText text={`${site.contractName ?? ''}${site.contractName && site.functionName ? '.' : ''}${site.functionName ? `${site.functionName}()` : ''}`} />
          </span>
        ) : null}
        <span>·</span>
        <a href={`${traceHref}#frame-${site.pathText}`} data-testid="failure-frame" data-path={site.pathText}>
          frame {site.pathText}
        </a>
      </p>
      <div className="min-w-0">
        <SourceLineLink line={site.line} label="at" testId="failure-line" />
      </div>
      {callers.length > 0 ? (
        <ul className="min-w-0 space-y-0.5" data-testid="failure-callers">
          {callers.map((caller) => (
            <li key={caller.pathText} className="min-w-0">
              <SourceLineLink
                line={caller.line}
                label={`called from frame ${caller.pathText}${caller.contractName ? ` (${caller.contractName})` : ''}`}
                testId="failure-caller-line"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
