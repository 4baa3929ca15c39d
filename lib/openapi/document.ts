/**
 * The OpenAPI 3.1 document served at GET /api/v1/openapi.json, drawn from the two registries
 * rather than written again: the route table's /api/v1 routes (lib/routes/table.ts, a line each
 * in ./v1-summaries.ts) and the Etherscan actions (lib/etherscan/registry.ts), each action a
 * path `/api?module=…&action=…` served at both bases (`/` and `/chain/{zone}`, its path-level
 * servers), with its parameters, methods and envelope.
 */
import { ZONES } from '@/lib/protocol/chains';
import type { EtherscanActionMeta, ParamKind, ParamSpec } from '@/lib/etherscan/action';
import { ETHERSCAN_ACTIONS } from '@/lib/etherscan/registry';
import { ROUTES } from '@/lib/routes/table';
import { V1_LISTS, V1_POST_BODIES, V1_QUERY, V1_SUMMARIES, type V1Pattern } from './v1-summaries';
import { sourcifyPaths } from './sourcify-paths';

type Json = Record<string, unknown>;

const HEX = '^0x([0-9a-fA-F]{2})*$';

function schemaOf(kind: ParamKind): Json {
  if (typeof kind === 'object') return { type: 'string', enum: [...kind.oneOf] };
  switch (kind) {
    case 'address':
      return { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' };
    case 'addresses':
      return { type: 'string', pattern: '^0x[0-9a-fA-F]{40}(,0x[0-9a-fA-F]{40}){0,19}$' };
    case 'hash':
      return { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' };
    case 'tag':
      return { type: 'string', pattern: '^(latest|earliest|pending|0x[0-9a-fA-F]{1,64}|[0-9]{1,18})$' };
    case 'hex':
      return { type: 'string', pattern: HEX };
    case 'quantity':
      return { type: 'string', pattern: '^0x[0-9a-fA-F]{1,64}$' };
    case 'number':
      return { type: 'string', pattern: '^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$' };
    case 'decimal':
      return { type: 'string', pattern: '^[0-9]{1,78}$' };
    case 'timestamp':
      return { type: 'string', pattern: '^[0-9]{1,12}$' };
    case 'boolean':
      return { type: 'string', enum: ['true', 'false'] };
    case 'text':
      return { type: 'string' };
  }
}

const COMPONENTS = {
  schemas: {
    EtherscanEnvelope: {
      type: 'object',
      required: ['status', 'message', 'result'],
      properties: { status: { type: 'string', enum: ['0', '1'] }, message: { type: 'string' }, result: {} },
    },
    JsonRpcEnvelope: {
      type: 'object',
      required: ['jsonrpc', 'id'],
      properties: {
        jsonrpc: { const: '2.0' },
        id: { const: 1 },
        result: {},
        error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} } },
      },
    },
    NotOk: {
      type: 'object',
      required: ['status', 'message', 'result'],
      properties: { status: { const: '0' }, message: { const: 'NOTOK' }, result: { type: 'string', description: '"Error! " and what was wrong.' } },
    },
  },
};

const notOk = (description: string): Json => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/NotOk' } } } });

function queryParameter(spec: ParamSpec, example: string | undefined): Json {
  return {
    name: spec.name, in: 'query', required: spec.required === true, description: spec.description, schema: schemaOf(spec.kind),
    ...(example === undefined ? {} : { example }),
  };
}

function actionPath(a: EtherscanActionMeta): [string, Json] {
  const fixed = [
    { name: 'module', in: 'query', required: true, schema: { const: a.module } },
    { name: 'action', in: 'query', required: true, schema: { const: a.action } },
  ];
  const zoneParam =
    a.zone.from === 'none'
      ? []
      : [{ name: 'chain', in: 'query', required: false, description: 'The zone, on the /api base (the /chain/{zone} base names it in its path).', schema: { type: 'string', enum: ZONES.map((z) => z.name) } }];
  const params = [...fixed, ...zoneParam, ...a.params.map((p) => queryParameter(p, a.example[p.name]))];
  const responses = {
    '200': {
      description: a.envelope === 'jsonrpc' ? "JSON-RPC's envelope: the node's answer, or its error object." : "Etherscan's envelope.",
      content: { 'application/json': { schema: { $ref: a.envelope === 'jsonrpc' ? '#/components/schemas/JsonRpcEnvelope' : '#/components/schemas/EtherscanEnvelope' } } },
    },
    '400': notOk('A missing or malformed parameter, named in result.'),
    '502': notOk("The node's answer failed its check (named), or the node refused."),
    '503': notOk('The node or the index cannot answer now.'),
  };
  const operation = (method: 'GET' | 'POST'): Json => ({
    operationId: `${a.module}.${a.action}${method === 'POST' ? '.post' : ''}`,
    summary: a.summary,
    tags: [a.module],
    'x-cache': a.cache,
    'x-rate-limit': a.rateLimit,
    ...(method === 'GET'
      ? { parameters: params }
      : {
          parameters: fixed,
          requestBody: {
            required: true,
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries(a.params.map((p) => [p.name, { ...schemaOf(p.kind), description: p.description }])),
                  required: a.params.filter((p) => p.required).map((p) => p.name),
                },
              },
            },
          },
        }),
    responses,
  });
  const item: Json = {
    servers: [
      { url: '/', description: 'The explorer: every zone (an address names its own; &chain=<zone> names one).' },
      { url: '/chain/{zone}', description: "A zone's base, as EtherscanPlugin('<explorer>/chain/cyprus1') calls it.", variables: { zone: { default: 'cyprus1', enum: ZONES.map((z) => z.name) } } },
    ],
  };
  for (const method of a.methods) item[method.toLowerCase()] = operation(method);
  return [`/api?module=${a.module}&action=${a.action}`, item];
}

/** The /api/v1 lists' envelope. */
const LIST_ENVELOPE: Json = {
  type: 'object',
  required: ['items', 'next'],
  properties: { items: { type: 'array', items: { type: 'object' } }, next: { type: ['string', 'null'] } },
};

function v1Path(pattern: V1Pattern): [string, Json] {
  const names = [...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
  const route = ROUTES.find((r) => r.pattern === pattern)!;
  const parameters = [
    ...names.map((name) => ({
      name, in: 'path', required: true, schema: { type: 'string' }, example: (route.params as Record<string, { sample: string }>)[name]?.sample,
    })),
    ...(V1_QUERY[pattern] ?? []).map((q) => ({ name: q.name, in: 'query', required: q.required === true, description: q.description, schema: q.schema, ...(q.example === undefined ? {} : { example: q.example }) })),
  ];
  const csv = pattern.endsWith('.csv');
  const sse = pattern === '/api/v1/stream';
  const body = V1_POST_BODIES[pattern];
  if (body) {
    const json = { content: { 'application/json': { schema: { type: 'object' } } } };
    return [
      pattern,
      {
        post: {
          operationId: pattern.replace(/^\/api\/v1\//, 'v1.').replace(/[^A-Za-z0-9.]+/g, '_'),
          summary: V1_SUMMARIES[pattern],
          tags: ['v1'],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' }, example: body } } },
          responses: {
            '200': { description: 'OK', ...json },
            '400': { description: 'Bad input, saying what.', ...json },
            '422': { description: 'The node would not run it.', ...json },
            '429': { description: 'Over the rate limit.', ...json },
            '503': { description: 'The node is down.', ...json },
          },
        },
      },
    ];
  }
  return [
    pattern.replace(/\[([^\]]+)\]/g, '{$1}'),
    {
      get: {
        operationId: pattern.replace(/^\/api\/v1\//, 'v1.').replace(/\[|\]/g, '').replace(/[^A-Za-z0-9.]+/g, '_'),
        summary: V1_SUMMARIES[pattern],
        tags: ['v1'],
        parameters,
        responses: V1_LISTS.includes(pattern)
          ? {
              '200': { description: 'A page: `items`, and `next`, the cursor of the next page (null on the last).', content: { 'application/json': { schema: LIST_ENVELOPE } } },
              '400': { description: 'A malformed parameter, or a cursor this list did not give out, named in `error`.', content: { 'application/json': { schema: { type: 'object' } } } },
              '503': { description: 'No index to read (or, for the pending list, the node did not answer), saying why.', content: { 'application/json': { schema: { type: 'object' } } } },
            }
          : {
              '200': { description: 'OK', content: csv ? { 'text/csv': { schema: { type: 'string' } } } : sse ? { 'text/event-stream': { schema: { type: 'string' } } } : { 'application/json': { schema: { type: 'object' } } } },
              '400': { description: 'A malformed parameter.', content: { 'application/json': { schema: { type: 'object' } } } },
              ...(sse
                ? { '429': { description: 'Too many open streams from this client.', content: { 'application/json': { schema: { type: 'object' } } } } }
                : { '404': { description: 'Nothing by that name.', content: { 'application/json': { schema: { type: 'object' } } } } }),
            },
      },
    },
  ];
}

export function openApiDocument(): Json {
  const v1 = ROUTES.filter((r) => r.kind === 'api' && r.pattern.startsWith('/api/v1/')).map((r) => r.pattern as V1Pattern);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Strata API',
      version: '1',
      description:
        "A Quai Network explorer's API: /api/v1 (the explorer's own JSON), Etherscan's /api actions, served at /api for every zone and at /chain/{zone}/api per zone, and Sourcify's verification API at /sourcify.",
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'v1' },
      ...[...new Set(ETHERSCAN_ACTIONS.map((a) => a.module))].map((name) => ({ name, description: `Etherscan's module=${name}` })),
      { name: 'sourcify', description: "Sourcify's verification API at /sourcify" },
    ],
    paths: Object.fromEntries([...v1.map(v1Path), ...ETHERSCAN_ACTIONS.map(actionPath), ...sourcifyPaths()]),
    components: COMPONENTS,
  };
}
