import type { Hex } from 'viem';
import { ChainText } from '@/components/ui/values/ChainText';
import { formatInteger } from '@/lib/text/format';
import type { FrameDecoding, FrameOutput } from '@/lib/trace/decode-frame';
import type { CallFrame } from '@/lib/rpc/trace-types';
import type { DecodedCall } from '@/lib/decode/calls';
import { DecodedArgs } from '../DecodedArgs';

const DECODED_WITH: Readonly<Record<string, string>> = {
  verified: ', verified ABI', attached: ', attached ABI', table: ', signature table', database: ', signature database', guessed: ', guessed from the signature database',
};

/** Raw bytes shown per frame at most; a CREATE's init code can be tens of kilobytes. */
const RAW_BYTES_SHOWN = 2_048;

/** A frame's input (decoded, then raw on demand) and its output or failure. */
export function FrameIO({ frame, decoded }: { frame: CallFrame; decoded: FrameDecoding }) {
  const { input, output } = decoded;
  return (
    <div className="space-y-1.5 text-xs" data-testid="frame-io">
      {input.kind === 'init-code' ? (
        <p className="text-muted">Init code, {formatInteger(input.bytes)} bytes</p>
      ) : (
        <Input call={input} />
      )}
      <Output output={output} failed={frame.error !== null} />
      {frame.input !== '0x' ? <Raw label="Raw input" hex={frame.input} /> : null}
    </div>
  );
}

/** The input as a call; unlike the page's own input card there is no ABI box here to point to. */
function Input({ call }: { call: DecodedCall }) {
  switch (call.kind) {
    case 'empty':
      return null;
    case 'short':
      return <p className="text-muted">Input shorter than a function selector: not a call</p>;
    case 'unknown':
      return (
        <p className="text-muted">
          Function <span className="font-mono">{call.selector}</span>: not in the signature table, and no ABI is known for this contract
        </p>
      );
    case 'malformed':
      return (
        <p>
          <ChainText text={call.signature} className="break-all font-mono" /> <span className="text-bad">does not decode: {call.error}</span>
        </p>
      );
    case 'call':
      return (
        <div data-testid="frame-call">
          <p>
            <ChainText text={call.signature} className="break-all font-mono font-medium" />{' '}
            <span className="text-muted">{call.source === 'table' ? 'from the signature table' : "from the contract's ABI"}</span>
          </p>
          <DecodedArgs args={call.args} />
        </div>
      );
  }
}

function Output({ output, failed }: { output: FrameOutput; failed: boolean }) {
  switch (output.kind) {
    case 'none':
      return failed ? <p className="text-muted">Failed without return data</p> : null;
    case 'deployed':
      return <p className="text-muted">Deployed {formatInteger(output.bytes)} bytes of code</p>;
    case 'reason':
      return (
        <p data-testid="revert-reason">
          <span className="text-bad">Reverted: </span>
          <ChainText text={output.text} className="break-words font-medium" />{' '}
          <span className="text-muted">({output.source === 'the node' ? 'as the node decoded it' : output.source}{DECODED_WITH[output.decodedWith ?? ''] ?? ''})</span>
        </p>
      );
    case 'returned':
      return (
        <div>
          <p className="text-muted">Returned</p>
          <DecodedArgs args={output.values} />
        </div>
      );
    case 'raw':
      return <Raw label={failed ? 'Revert data (not decoded)' : 'Returned (not decoded)'} hex={output.data} open />;
  }
}

function Raw({ label, hex, open = false }: { label: string; hex: Hex; open?: boolean }) {
  const bytes = (hex.length - 2) / 2;
  const cut = bytes > RAW_BYTES_SHOWN;
  return (
    <details open={open}>
      <summary className="cursor-pointer text-muted">
        {label}, {formatInteger(bytes)} bytes
      </summary>
      <code tabIndex={0} className="block max-h-40 overflow-y-auto break-all rounded border border-border px-2 py-1 font-mono">
        {cut ? `${hex.slice(0, 2 + RAW_BYTES_SHOWN * 2)}…` : hex}
      </code>
      {cut ? <p className="text-muted">the first {formatInteger(RAW_BYTES_SHOWN)} bytes</p> : null}
    </details>
  );
}
