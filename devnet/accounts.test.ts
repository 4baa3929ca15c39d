import { describe, expect, it } from 'vitest';
import { keccak256, stringToBytes } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { ZONES, zoneOf } from '@/lib/protocol/chains';
import { ACCOUNTS_PER_ZONE, DEV_ACCOUNTS, DEV_ACCOUNT_BALANCE, devAccountsOf, genesisAllocFor } from './accounts';

describe('dev accounts', () => {
  it('has ACCOUNTS_PER_ZONE keys in every zone, each address inside its zone', () => {
    for (const zone of ZONES) {
      const accounts = devAccountsOf(zone.name);
      expect(accounts).toHaveLength(ACCOUNTS_PER_ZONE);
      for (const a of accounts) {
        expect(zoneOf(a.address).name).toBe(zone.name);
        expect(privateKeyToAddress(a.privateKey)).toBe(a.address);
      }
    }
    expect(DEV_ACCOUNTS).toHaveLength(ZONES.length * ACCOUNTS_PER_ZONE);
  });

  it('derives keys from the documented seed', () => {
    for (const a of DEV_ACCOUNTS) {
      expect(a.privateKey).toBe(keccak256(stringToBytes(`strata-devnet-${a.seedIndex}`)));
    }
    expect(new Set(DEV_ACCOUNTS.map((a) => a.privateKey)).size).toBe(DEV_ACCOUNTS.length);
  });

  it('funds only the zone\'s own accounts at genesis', () => {
    const alloc = genesisAllocFor('paxos2');
    expect([...alloc.keys()].sort()).toEqual(devAccountsOf('paxos2').map((a) => a.address).sort());
    for (const v of alloc.values()) expect(v).toBe(DEV_ACCOUNT_BALANCE);
  });
});
