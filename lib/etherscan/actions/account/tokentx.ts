import { tokenTransferAction } from './token-transfer-list';

export default tokenTransferAction(
  'tokentx',
  "The address's token transfers of every standard (tokenType says which), from the index; contractaddress narrows them to one token.",
);
