import { describe, expect, it } from 'vitest';
import { parseLabelFile, serializeLabelFile } from '@/lib/search/labels/label-file';
import { devAccountsOf } from './accounts';
import { startContractAddresses } from './contracts';
import { devnetLabels } from './labels';

describe('devnetLabels', () => {
  it('names every dev account and start contract of each zone, in a file the explorer reads back', () => {
    const labels = devnetLabels(['cyprus1', 'paxos2']);
    expect(labels).toHaveLength(2 * (2 + 5));
    const deployer = devAccountsOf('cyprus1')[0]!.address;
    const planned = startContractAddresses(deployer, 'cyprus1');
    expect(labels).toContainEqual({ address: deployer, label: 'Dev account 1 · cyprus1' });
    expect(labels).toContainEqual({ address: planned.token.address, label: 'DevToken (SDT) · cyprus1' });
    expect(labels).toContainEqual({ address: planned.proxy.address, label: 'DevProxy → DevToken · cyprus1' });
    expect(labels).toContainEqual({ address: planned.forwarder.address, label: 'DevForwarder · cyprus1' });
    expect(parseLabelFile(serializeLabelFile(labels))).toEqual({ ok: true, labels });
  });
});
