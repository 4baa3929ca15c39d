/**
 * The resolvers of contract verification's reads (lib/routes/resolver.ts): the `/verify` page (the
 * compilers offered and, with `?guid=`, the job followed; `?address=` prefills the form) and
 * `/api/v1/contract/<address>`, a verified contract's sources and ABI as JSON.
 */
import { isAddress, type Address } from 'viem';
import { answered, found, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { offeredCompilers } from '@/lib/server/contracts/solc/offered-compilers';
import { lookupVerifiedContract } from './load-verified';
import { verificationStatus } from './verify-jobs';

/** A guid as the API gives them (hex); anything else is not followed. */
const GUID = /^[0-9a-f]{8,128}$/i;

export interface VerifyPageView {
  /** `?address=` when it is an address, else ''. */
  readonly address: string;
  /** `?guid=` as asked (trimmed), and the job it names when it is a guid. */
  readonly rawGuid: string;
  readonly guid: string | undefined;
  readonly job: Awaited<ReturnType<typeof verificationStatus>> | undefined;
  readonly compilers: readonly string[];
}

export const resolveVerify: Resolver<VerifyPageView> = async ({ query }) => {
  const rawAddress = query.get('address')?.trim() ?? '';
  const rawGuid = query.get('guid')?.trim() ?? '';
  const guid = GUID.test(rawGuid) ? rawGuid : undefined;
  const [compilers, job] = await Promise.all([offeredCompilers(), guid ? verificationStatus(guid) : undefined]);
  return found({ address: isAddress(rawAddress, { strict: false }) ? rawAddress : '', rawGuid, guid, job, compilers });
};

export const resolveContractApi: Resolver<JsonAnswer> = async ({ params }) => {
  const raw = params.address ?? '';
  if (!isAddress(raw, { strict: false })) return answered({ status: 400, body: { error: `"${raw.slice(0, 60)}" is not an address` } });
  const found = await lookupVerifiedContract(raw as Address);
  if (found.state === 'unavailable') return answered({ status: 503, body: { error: found.reason } });
  if (found.state === 'unverified') return answered({ status: 404, body: { error: `${raw.toLowerCase()} is not verified on this explorer` } });
  // The source maps and the storage layout stay inside: the pages read lines and slots with them; this answer keeps its shape.
  const { sourceMaps: _maps, storageLayout: _layout, ...c } = found.contract;
  void _maps;
  void _layout;
  return answered({ status: 200, body: { ...c, creation: c.creation && { ...c.creation, blockNumber: c.creation.blockNumber.toString() } }, headers: { 'Cache-Control': 'no-store' } });
};
