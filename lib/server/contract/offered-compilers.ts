/**
 * The compiler builds the /verify form offers, newest first (long versions, as Etherscan's
 * clients send them). Until branch verify-api's list lands, none: the field takes any version.
 */
export async function offeredCompilers(): Promise<readonly string[]> {
  return [];
}
