import { tokenTransferAction } from './token-transfer-list';

export default tokenTransferAction(
  'tokennfttx',
  "The address's ERC-721 transfers (tokenID each), from the index.",
);
