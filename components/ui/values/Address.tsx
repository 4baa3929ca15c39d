import { operatorLabelOf } from '@/lib/server/labels/operator-labels';
import { LiveAddress, type AddressProps } from './LiveAddress';

/**
 * An address: its label if it has one, monospace, shortened with the full value in the title,
 * linking to its page. A server component: the operator's label is looked up here, so a page
 * carries the labels of the addresses it draws and no others. Client components (live lists)
 * draw ./LiveAddress instead; importing this one into them fails the build (node:fs).
 */
export function Address(props: AddressProps) {
  return <LiveAddress {...props} operator={operatorLabelOf(props.address) ?? null} />;
}
