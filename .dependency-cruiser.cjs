// The layers of docs/architecture.md, checked at folder level by `npm run lint:layers` (part of
// `npm run lint`). A room is a folder of lib/ (and of lib/server/); a room imports only the rooms
// of the layers below its own, never a room beside it or above it, so no two rooms can import each
// other through any chain. Tests and test helpers (`*.test.ts`, `testing/`) may reach across.

/** lib/'s rooms, from the ground up: each line is a layer. */
const LIB_LAYERS = [
  ['text'],
  ['protocol'],
  ['ops', 'decode'],
  ['rpc', 'contracts'],
  ['trace'],
  ['checks'],
  ['evidence', 'index'],
  ['search'],
  ['routes'],
  ['http', 'network', 'history', 'wallet'],
  ['live'],
  ['etherscan'],
  ['openapi'],
  ['server'],
];

/** lib/server's rooms in three layers: what reads the node and the index, the loaders, the serving path. */
const SERVER_BASE = ['cache', 'node', 'index', 'tips'];
const SERVER_SERVING = ['pipeline', 'page-cache', 'request-path', 'process'];

const NOT_TESTS = '\\.test\\.ts$|/testing/';
const any = (rooms, prefix = 'lib/') => `^${prefix}(${rooms.join('|')})/`;

const libLayerRules = LIB_LAYERS.flatMap((layer, height) => {
  const higher = LIB_LAYERS.slice(height).flat();
  return layer.map((room) => ({
    name: `layer-lib-${room}`,
    comment: `lib/${room}/ may import only the rooms drawn below it in docs/architecture.md`,
    severity: 'error',
    from: { path: `^lib/${room}/`, pathNot: NOT_TESTS },
    to: { path: any(higher.filter((r) => r !== room)) },
  }));
});

module.exports = {
  forbidden: [
    ...libLayerRules,
    {
      name: 'layer-lib-server-base',
      comment: "lib/server's node and index access (cache, node, index, tips) sits below every loader",
      severity: 'error',
      from: { path: any(SERVER_BASE, 'lib/server/'), pathNot: NOT_TESTS },
      to: { path: '^lib/server/', pathNot: any(SERVER_BASE, 'lib/server/') },
    },
    {
      name: 'layer-lib-server-serving',
      comment: 'the serving path (pipeline, page cache, request path, process) sits above every loader',
      severity: 'error',
      from: { path: '^lib/server/', pathNot: `${any(SERVER_SERVING, 'lib/server/')}|${NOT_TESTS}` },
      to: { path: any(SERVER_SERVING, 'lib/server/') },
    },
    {
      name: 'no-folder-cycle',
      comment: 'no folder of lib/ or app/ imports itself back through other folders (the file-level check is lint:cycles)',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(lib|app)/' },
      to: { circular: true },
    },
    {
      name: 'lib-below-the-edges',
      comment: 'lib/ is imported by the app, the components and the HTTP edges; it imports none of them',
      severity: 'error',
      from: { path: '^lib/', pathNot: NOT_TESTS },
      to: { path: '^(app|components|devnet|indexer|scripts|e2e)/|^(server|proxy|instrumentation)\\.ts$' },
    },
    {
      name: 'edges-below-components',
      comment: 'server.ts, proxy.ts, instrumentation.ts and app/api/ answer without drawing: no components/',
      severity: 'error',
      from: { path: '^(server|proxy|instrumentation)\\.ts$|^app/api/' },
      to: { path: '^components/' },
    },
    {
      name: 'components-below-app',
      comment: 'components/ draw what a page hands them; they import no route of app/',
      severity: 'error',
      from: { path: '^components/', pathNot: NOT_TESTS },
      to: { path: '^app/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: `${NOT_TESTS}|^\\.next/|^node_modules/` },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
    metrics: true,
  },
};

// lib/layers.test.ts holds lib/'s folders to this table: a new room has a layer before it has code.
Object.defineProperty(module.exports, 'libLayers', { value: LIB_LAYERS, enumerable: false });
