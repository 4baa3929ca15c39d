import { Address } from '@/components/ui/values/Address';
import { Amount } from '@/components/ui/values/Amount';
import { Badge } from '@/components/ui/layout/Badge';
import { ChainText } from '@/components/ui/values/ChainText';
import { formatInteger } from '@/lib/text/format';
import { NO_ORIGINS, type AbiLookup, type AbiOriginLookup } from '@/lib/trace/abi-lookup';
import { decodeFrame } from '@/lib/trace/decode-frame';
import { framesOf, pathText, type FramePath } from '@/lib/trace/frame-tree';
import type { FrameLine } from '@/lib/trace/frame-lines';
import type { CallFrame } from '@/lib/rpc/trace-types';
import { SourceLineLink } from '../failure/SourceLineLink';
import { FrameIO } from './FrameIO';
import { Glyph } from '@/components/ui/values/Glyph';

/** Frames drawn at most: a trace of thousands of calls still draws a page a browser can hold. */
export const MAX_FRAMES = 400;
/** Frames deeper than this start folded; the reader opens them (native <details>, no script). */
const OPEN_DEPTH = 4;

const TYPE_TONE: Partial<Record<CallFrame['type'], 'region' | 'zone' | 'prime' | 'neutral'>> = {
  CALL: 'zone',
  STATICCALL: 'neutral',
  DELEGATECALL: 'region',
  CALLCODE: 'region',
  CREATE: 'prime',
  CREATE2: 'prime',
  SELFDESTRUCT: 'prime',
};

/**
 * The call tree of a transaction: each frame with its type, from → to, value, gas used, the
 * function it called and what it returned or why it failed, its calls nested under it. A server
 * component of nested <details>, so folding needs no JavaScript. `revertPath` marks the frame
 * where the transaction's failure started, `caught` the frames of reverts a caller caught; `lines`
 * the source lines frames stopped on or were called from (lib/trace/frame-lines.ts).
 */
export function CallTree({
  root,
  abiOf,
  originOf = NO_ORIGINS,
  revertPath,
  lines = NO_LINES,
  caught = [],
}: {
  root: CallFrame;
  abiOf: AbiLookup;
  originOf?: AbiOriginLookup;
  revertPath: FramePath | null;
  lines?: ReadonlyMap<string, FrameLine>;
  caught?: readonly string[];
}) {
  // The first MAX_FRAMES frames in the order they ran; the rest are counted where they are cut.
  const drawn = new Set<string>();
  for (const { path } of framesOf(root)) {
    if (drawn.size >= MAX_FRAMES) break;
    drawn.add(pathText(path));
  }
  return (
    <ol className="space-y-1 text-sm" data-testid="call-tree">
      <FrameNode frame={root} path={[]} abiOf={abiOf} originOf={originOf} revertAt={revertPath ? pathText(revertPath) : null} drawn={drawn} lines={lines} caught={new Set(caught)} />
    </ol>
  );
}

interface NodeProps {
  frame: CallFrame;
  path: FramePath;
  abiOf: AbiLookup;
  originOf: AbiOriginLookup;
  revertAt: string | null;
  /** The frames to draw (by path): the first MAX_FRAMES, depth first. */
  drawn: ReadonlySet<string>;
  lines: ReadonlyMap<string, FrameLine>;
  caught: ReadonlySet<string>;
}

const NO_LINES: ReadonlyMap<string, FrameLine> = new Map();

function FrameNode({ frame, path, abiOf, originOf, revertAt, drawn, lines, caught }: NodeProps) {
  const id = pathText(path);
  const line = lines.get(id);
  const decoded = decodeFrame(frame, frame.to ? abiOf(frame.to) : undefined, frame.to ? originOf(frame.to) : undefined);
  const origin = revertAt === id;
  const children = frame.calls;
  // Depth first, so the frames not drawn among these calls are the last ones.
  const shown = children.filter((_, i) => drawn.has(pathText([...path, i]))).length;
  return (
    <li
      id={`frame-${id}`}
      data-testid="trace-frame"
      data-path={id}
      data-type={frame.type}
      data-failed={frame.error ? 'true' : 'false'}
      data-revert-origin={origin ? 'true' : undefined}
      data-caught-revert={caught.has(id) ? 'true' : undefined}
      className={`min-w-0 rounded border-l-2 pl-2 ${frame.error ? 'border-bad/60' : 'border-border'}`}
    >
      <details open={path.length < OPEN_DEPTH}>
        <summary className="cursor-pointer list-inside py-0.5">
          <FrameLine frame={frame} id={id} decoded={decoded} origin={origin} caught={caught.has(id)} />
        </summary>
        <div className="space-y-2 pb-1 pl-4">
          <FrameParties frame={frame} />
          {line?.calledFrom ? <SourceLineLink line={line.calledFrom} label="called from" testId="frame-called-from" /> : null}
          {line?.stopped ? <SourceLineLink line={line.stopped} label={frame.error ? 'failed at' : 'stopped at'} testId="frame-stopped-at" /> : null}
          <FrameIO frame={frame} decoded={decoded} />
          {children.length > 0 ? (
            <ol className="space-y-1">
              {children.slice(0, shown).map((child, i) => (
                <FrameNode key={i} frame={child} path={[...path, i]} abiOf={abiOf} originOf={originOf} revertAt={revertAt} drawn={drawn} lines={lines} caught={caught} />
              ))}
              {shown < children.length ? <Cut count={children.length - shown} /> : null}
            </ol>
          ) : null}
        </div>
      </details>
    </li>
  );
}

/** Where frames past MAX_FRAMES were left out: how many calls of this frame. */
function Cut({ count }: { count: number }) {
  return (
    <li className="text-xs text-muted" data-testid="trace-cut">
      … {formatInteger(count)} more {count === 1 ? 'call' : 'calls'} not drawn: the page shows the first {MAX_FRAMES} frames of a trace.
    </li>
  );
}

/** The frame's two addresses as links: the summary above is the fold's control and holds none. */
function FrameParties({ frame }: { frame: CallFrame }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs">
      <span className="text-muted">From</span>
      <Address address={frame.from} />
      {frame.to ? (
        <>
          <span className="text-muted">to</span>
          <Address address={frame.to} />
        </>
      ) : null}
    </p>
  );
}

/** A frame's one line, the summary of its fold: plain text, since a link inside the control that folds would be a control inside a control. */
function FrameLine({ frame, id, decoded, origin, caught }: { frame: CallFrame; id: string; decoded: ReturnType<typeof decodeFrame>; origin: boolean; caught: boolean }) {
  const input = decoded.input;
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 align-middle">
      <span className="font-mono text-xs text-muted" title="Frame path: its index among its caller's calls, from the root down">
        {id}
      </span>
      <Badge tone={TYPE_TONE[frame.type] ?? 'neutral'}>{frame.type}</Badge>
      <Address address={frame.from} link={false} />
      <Glyph name="to" label="to" />
      {frame.to ? <Address address={frame.to} link={false} /> : <span className="text-muted">no contract (creation failed)</span>}
      {input.kind === 'call' ? <span className="break-all font-mono text-xs">{input.functionName}()</span> : null}
      {input.kind === 'unknown' ? <span className="font-mono text-xs text-muted">{input.selector}</span> : null}
      {frame.value !== null && frame.value > 0n ? <Amount wei={frame.value} /> : null}
      <span className="text-xs tabular-nums text-muted" title={`Gas given ${formatInteger(frame.gas)}`}>
        gas {formatInteger(frame.gasUsed)}
      </span>
      {frame.error ? (
        <Badge tone="bad">
          <span>
            <Glyph name="fail" /> <ChainText text={frame.error} />
          </span>
        </Badge>
      ) : null}
      {origin ? <Badge tone="bad">the failure started here</Badge> : null}
      {caught ? <Badge tone="warn">an inner revert started here</Badge> : null}
    </span>
  );
}
