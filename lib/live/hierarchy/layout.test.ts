import { describe as group, expect, test } from 'vitest';
import { CHAIN_NAMES, type ChainName, type Level } from '@/lib/protocol/chains';
import { describe, type HierarchyBlock, keepRecent, LANE_HEIGHT, lanesOf, layout, WIDTH, WINDOW_SECONDS } from './layout';

const NOW = 1_800_000_000;

function block(chain: ChainName, number: number, hash: string, order: Level, at: number, extra: Partial<HierarchyBlock> = {}): HierarchyBlock {
  return {
    chain, number: String(number), numbers: ['1', '1', String(number)], hash, order, timestamp: String(at),
    transactionCount: 0, uncles: [], emittedEtxs: [], deliveredEtxs: [], ...extra,
  };
}

group('hierarchy layout', () => {
  test('lanes: prime, then each region followed by its zones; one region alone keeps prime', () => {
    expect(lanesOf(CHAIN_NAMES).map((l) => l.chain)).toEqual([
      'prime', 'cyprus', 'cyprus1', 'cyprus2', 'cyprus3', 'paxos', 'paxos1', 'paxos2', 'paxos3', 'hydra', 'hydra1', 'hydra2', 'hydra3',
    ]);
    expect(lanesOf(CHAIN_NAMES, 1).map((l) => l.chain)).toEqual(['prime', 'paxos', 'paxos1', 'paxos2', 'paxos3']);
  });

  test('a coincident block is one mark per lane, joined from its highest lane to its lowest; a zone-only block is not joined', () => {
    const view = layout(
      [block('cyprus', 5, '0xaa', 1, NOW), block('cyprus1', 9, '0xaa', 1, NOW), block('cyprus1', 10, '0xbb', 2, NOW + 1)],
      CHAIN_NAMES,
    );
    const lane = new Map(view.lanes.map((l) => [l.chain, l.y]));
    expect(view.marks).toHaveLength(3);
    expect(view.joins).toEqual([{ hash: '0xaa', x: view.marks[0]!.x, y1: lane.get('cyprus'), y2: lane.get('cyprus1'), order: 1 }]);
    // Said in words: cyprus1 holds one block that is also its region's.
    expect(describe(view).perChain.find((c) => c.chain === 'cyprus1')).toMatchObject({ count: 2, coincident: 1, newest: { hash: '0xbb' } });
  });

  test('an uncle sits beside the block that won its height, else beside the block that included it', () => {
    const view = layout(
      [
        block('cyprus1', 7, '0x07', 2, NOW - 20),
        block('cyprus1', 8, '0x08', 2, NOW, { uncles: [{ hash: '0xu7', number: '7' }, { hash: '0xuu', number: null }] }),
      ],
      CHAIN_NAMES,
    );
    const [won, includer] = view.marks;
    expect(view.uncles).toEqual([
      { chain: 'cyprus1', hash: '0xu7', includedIn: '0x08', index: 0, x: won!.x, y: won!.y + LANE_HEIGHT / 3 },
      { chain: 'cyprus1', hash: '0xuu', includedIn: '0x08', index: 1, x: includer!.x, y: includer!.y + LANE_HEIGHT / 3 },
    ]);
  });

  test('an ETX is an arc to the block that credited it, or to its destination lane\'s edge while in flight', () => {
    const view = layout(
      [
        block('cyprus1', 3, '0x03', 2, NOW - 10, { emittedEtxs: [{ hash: '0xe1', destination: 'paxos2' }, { hash: '0xe2', destination: 'hydra3' }] }),
        block('paxos2', 4, '0x04', 2, NOW, { deliveredEtxs: ['0xe1'] }),
      ],
      CHAIN_NAMES,
    );
    const [from, credit] = view.marks;
    const hydra3 = view.lanes.find((l) => l.chain === 'hydra3')!;
    expect(view.arcs).toEqual([
      { hash: '0xe1', from: { x: from!.x, y: from!.y }, to: { x: credit!.x, y: credit!.y }, delivered: true },
      { hash: '0xe2', from: { x: from!.x, y: from!.y }, to: { x: WIDTH - 4, y: hydra3.y }, delivered: false },
    ]);
    expect(describe(view)).toMatchObject({ etxsDelivered: 1, etxsInFlight: 1 });
  });

  test('only the window is drawn and kept; a region shown alone draws no other region\'s blocks', () => {
    const old = block('cyprus1', 1, '0x01', 2, NOW - WINDOW_SECONDS - 1);
    const recent = block('cyprus1', 2, '0x02', 2, NOW);
    const elsewhere = block('paxos1', 2, '0x12', 2, NOW);
    expect(layout([old, recent, elsewhere], CHAIN_NAMES).marks.map((m) => m.block.hash)).toEqual(['0x02', '0x12']);
    expect(layout([old, recent, elsewhere], CHAIN_NAMES, { region: 0 }).marks.map((m) => m.block.hash)).toEqual(['0x02']);
    expect(keepRecent([old, recent, elsewhere])).toEqual([recent, elsewhere]);
    expect(keepRecent([old, recent, elsewhere], 1)).toEqual([elsewhere]);
  });
});
