/**
 * The signature database a page names unverified calls, logs and reverts with: the one Strata
 * ships (lib/decode/signature-db/database.json) and this instance's own — every ABI verified here
 * (the index's abi_signatures, read for the selectors the page needs) and every ABI the operator
 * attached to an address (STRATA_LABELS). Without an index, the shipped database and the
 * operator's ABIs. Never throws: a store that does not answer leaves the shipped names.
 */
import type { Hex } from 'viem';
import { abiLines, type AbiLine } from '@/lib/decode/signature-db/abi-lines';
import { signatureBook, type SignatureBook, type SignatureLines } from '@/lib/decode/signature-db/book';
import type { SignatureKind } from '@/lib/decode/signature-db/format';
import { parseAbiText } from '@/lib/decode/abi';
import { readSignatures, unsignedAbis, writeSignaturesOf } from '@/lib/index/contracts/verify-store';
import type { Db } from '@/lib/index/drivers/db';
import { operatorLabels } from '@/lib/server/labels/operator-labels';
import { indexAvailability } from '@/lib/server/index/index-service';
import { processWide } from '@/lib/ops/process-wide';

export type WantedSelectors = Partial<Record<SignatureKind, readonly Hex[]>>;

interface Shared {
  operator?: { readonly source: unknown; readonly lines: readonly AbiLine[] };
  backfilled?: WeakSet<Db>;
}
const shared = (): Shared => processWide<Shared>('signatures.instance', () => ({}));

/** The lines of every ABI the operator attached, read once per label file. */
function operatorLines(): readonly AbiLine[] {
  let labels;
  try {
    labels = operatorLabels();
  } catch {
    return [];
  }
  const state = shared();
  if (state.operator?.source === labels) return state.operator.lines;
  const lines = labels.flatMap((entry) => {
    if (!entry.abi) return [];
    const parsed = parseAbiText(entry.abi);
    return parsed.ok ? abiLines(parsed.abi) : [];
  });
  state.operator = { source: labels, lines };
  return lines;
}

/** Rows verified before abi_signatures existed get theirs, a batch per process start, in the background. */
function backfillOnce(db: Db): void {
  const state = shared();
  state.backfilled ??= new WeakSet();
  if (state.backfilled.has(db)) return;
  state.backfilled.add(db);
  void (async () => {
    for (let round = 0; round < 100; round++) {
      const rows = await unsignedAbis(db, 50);
      if (rows.length === 0) return;
      for (const row of rows) {
        let abi: unknown;
        try {
          abi = JSON.parse(row.abi);
        } catch {
          abi = [];
        }
        await writeSignaturesOf(db, row.address, Array.isArray(abi) ? abiLines(abi) : []);
      }
    }
  })().catch(() => undefined);
}

function linesOf(rows: readonly AbiLine[], wanted: WantedSelectors): SignatureLines {
  const maps: Record<SignatureKind, Map<string, string[]>> = { function: new Map(), event: new Map(), error: new Map() };
  const want: Record<SignatureKind, Set<string>> = {
    function: new Set((wanted.function ?? []).map((s) => s.toLowerCase())),
    event: new Set((wanted.event ?? []).map((s) => s.toLowerCase())),
    error: new Set((wanted.error ?? []).map((s) => s.toLowerCase())),
  };
  for (const row of rows) {
    const selector = row.selector.toLowerCase();
    if (!want[row.kind].has(selector)) continue;
    const list = maps[row.kind].get(selector) ?? [];
    if (!list.includes(row.signature)) list.push(row.signature);
    maps[row.kind].set(selector, list);
  }
  return maps;
}

/** The shipped database with this instance's signatures for `wanted`. */
export async function loadSignatureBook(wanted: WantedSelectors): Promise<SignatureBook> {
  const rows: AbiLine[] = [...operatorLines()];
  const index = await indexAvailability();
  if (index.state === 'ready') {
    backfillOnce(index.db);
    try {
      rows.push(...(await readSignatures(index.db, { function: wanted.function ?? [], event: wanted.event ?? [], error: wanted.error ?? [] })));
    } catch {
      // The store did not answer: the shipped names and the operator's still hold.
    }
  }
  return signatureBook(linesOf(rows, wanted));
}
