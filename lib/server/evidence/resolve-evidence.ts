/**
 * The resolvers of the evidence API (lib/routes/resolver.ts): a bundle for a transaction
 * (`/api/v1/evidence/tx/<hash>`), a block on one chain (`…/block/<chain>/<hash>`) and an account
 * (`…/address/<address>`), with the query's checkpoint (lib/routes/params/evidence-params.ts), answered
 * as ./evidence-response.ts says.
 */
import { isAddress, type Address } from 'viem';
import { parseChain, parseTxHash } from '@/lib/routes/params/block-id';
import { parseEvidenceQuery } from '@/lib/routes/params/evidence-params';
import { answered, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';
import { configuredChains } from '@/lib/server/node/clients';
import { badRequest, evidenceAnswer } from './evidence-response';
import { loadAddressEvidence, loadBlockEvidence, loadTxEvidence } from './load-evidence';

export const resolveTxEvidence: Resolver<JsonAnswer> = async ({ params, query }) => {
  const hash = parseTxHash(params.hash ?? '');
  if (!hash.ok) return answered(badRequest(hash.reason));
  const asked = parseEvidenceQuery(query);
  if (!asked.ok) return answered(badRequest(asked.error));
  return answered(await evidenceAnswer(() => loadTxEvidence(hash.value, asked.value)));
};

export const resolveBlockEvidence: Resolver<JsonAnswer> = async ({ params, query }) => {
  const chain = parseChain(params.chain ?? '', configuredChains());
  if (!chain.ok) return answered({ status: 404, body: { error: chain.reason } });
  const raw = params.hash ?? '';
  const hash = parseTxHash(raw);
  if (!hash.ok) return answered(badRequest(`"${raw.slice(0, 80)}" is not a block hash: a block hash is 0x and 64 hex digits.`));
  const asked = parseEvidenceQuery(query);
  if (!asked.ok) return answered(badRequest(asked.error));
  return answered(await evidenceAnswer(() => loadBlockEvidence(chain.value, hash.value, asked.value)));
};

export const resolveAddressEvidence: Resolver<JsonAnswer> = async ({ params, query }) => {
  const raw = (params.address ?? '').trim();
  if (!isAddress(raw, { strict: false })) return answered(badRequest(`"${raw.slice(0, 80)}" is not an address: an address is 0x and 40 hex digits.`));
  const asked = parseEvidenceQuery(query);
  if (!asked.ok) return answered(badRequest(asked.error));
  return answered(await evidenceAnswer(() => loadAddressEvidence(raw.toLowerCase() as Address, asked.value)));
};
