/**
 * What kind of transaction this is, in the reader's words, and which zones it touches.
 * Type 0 stays in its zone; type 2 is signed in one zone and emits an ETX to another; type 1 is
 * that ETX as the protocol delivers it in the destination zone (origin = its `sender`'s zone).
 */
import { zoneOf, type Chain } from '@/lib/protocol/chains';
import type { Transaction } from '@/lib/rpc/domain';

export interface TxKind {
  readonly label: 'Internal' | 'External (ETX)' | 'Internal to external';
  readonly description: string;
  /** Zone of the account that originated the value transfer. */
  readonly originZone: Chain | undefined;
  /** Zone the recipient lives in; undefined for a contract creation. */
  readonly destinationZone: Chain | undefined;
  /** True when origin and destination differ. */
  readonly crossZone: boolean;
}

function zoneOrUndefined(address: string | null): Chain | undefined {
  if (!address) return undefined;
  try {
    return zoneOf(address);
  } catch {
    return undefined;
  }
}

export function txKind(tx: Transaction): TxKind {
  const originAddress = tx.type === 1 ? tx.sender : tx.from;
  const originZone = zoneOrUndefined(originAddress);
  const destinationZone = zoneOrUndefined(tx.to);
  const crossZone = !!originZone && !!destinationZone && originZone.name !== destinationZone.name;
  switch (tx.type) {
    case 0:
      return {
        label: 'Internal',
        description: 'An ordinary signed transaction executed within one zone.',
        originZone, destinationZone, crossZone,
      };
    case 1:
      return {
        label: 'External (ETX)',
        description:
          'An external transaction made by the protocol: emitted by a type 2 transaction in the origin zone and delivered here after a coincident block dominated both zones. It is unsigned; its originator is the sender field.',
        originZone, destinationZone, crossZone,
      };
    case 2:
      return {
        label: 'Internal to external',
        description:
          'A signed transaction in its origin zone that emits an external transaction (ETX) to another zone, paid for by the ETX gas fields.',
        originZone, destinationZone, crossZone,
      };
  }
}
