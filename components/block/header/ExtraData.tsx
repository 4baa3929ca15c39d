import type { Hex } from 'viem';
import { decodeExtraData } from '@/lib/protocol/extra-data';
import { BytesView } from './BytesView';
import { ChainText } from '@/components/ui/values/ChainText';

/**
 * A block's extraData: the node's client signature (client, version, go version, OS) when it is
 * the RLP list go-quai writes there, with the raw bytes below; the raw bytes alone otherwise.
 */
export function ExtraData({ hex }: { hex: Hex }) {
  const signature = decodeExtraData(hex);
  if (!signature) return <BytesView hex={hex} />;
  return (
    <div className="space-y-1.5">
      <p data-testid="extra-data-client">
        <ChainText text={signature.client} className="font-medium" /> <ChainText text={signature.version} />{' '}
        <span className="text-muted">
          · <ChainText text={signature.goVersion} /> · <ChainText text={signature.os} />
        </span>
      </p>
      <p className="text-xs text-muted">An RLP list [version, client, go version, OS], as go-quai writes it:</p>
      <BytesView hex={hex} />
    </div>
  );
}
