import { tokenTransferAction } from './token-transfer-list';

export default tokenTransferAction(
  'token1155tx',
  "The address's ERC-1155 transfers (tokenID and value), from the index.",
);
