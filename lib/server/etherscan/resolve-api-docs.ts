/**
 * The resolvers of the API's own description (lib/routes/resolver.ts): `/api-docs`, the Etherscan
 * actions of lib/etherscan/registry.ts, and `/api/v1/openapi.json`, the OpenAPI document
 * (lib/openapi/document.ts). Both change only with a deployment (kept `immutable`).
 */
import type { EtherscanAction } from '@/lib/etherscan/action';
import { ETHERSCAN_ACTIONS } from '@/lib/etherscan/registry';
import { openApiDocument } from '@/lib/openapi/document';
import { answered, found, type JsonAnswer, type Resolver } from '@/lib/routes/resolver';

export const resolveApiDocs: Resolver<readonly EtherscanAction[]> = async () => found(ETHERSCAN_ACTIONS);

export const resolveOpenApi: Resolver<JsonAnswer> = async () => answered({ status: 200, body: openApiDocument(), headers: { 'Cache-Control': 'public, max-age=3600' } });
