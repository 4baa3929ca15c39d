import type { Chain } from '@/lib/chains';
import type { Receipt } from '@/lib/rpc/domain';
import { loadLogTokenFacts } from '@/lib/server/tx/load-token-moves';
import { LogList } from './LogList';

/** The receipt's logs, with token amounts in the tokens' units (facts read at the receipt's block). */
export async function ReceiptLogs({ chain, receipt }: { chain: Chain; receipt: Receipt }) {
  const tokens = await loadLogTokenFacts(chain, receipt);
  return <LogList logs={receipt.logs} tokens={tokens} />;
}
