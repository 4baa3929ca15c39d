import type { Metadata } from 'next';
import { EtherscanActionList, type ActionRow } from '@/components/api/EtherscanActionList';
import { resolveApiDocs } from '@/lib/server/etherscan/resolve-api-docs';
import { routeData } from '@/lib/server/pipeline/route-data';
import { exampleUrl, zoneNote } from '@/lib/etherscan/examples';

export const metadata: Metadata = { title: 'API' };
export const dynamic = 'force-dynamic';

/** The Etherscan-compatible actions from lib/etherscan/registry.ts, and where the OpenAPI document is. */
export default async function ApiDocsPage() {
  const actions: ActionRow[] = (await routeData(resolveApiDocs)).map((a) => ({
    module: a.module,
    action: a.action,
    summary: a.summary,
    methods: a.methods.join(', '),
    zone: zoneNote(a),
    params: a.params.map((p) => ({ name: p.name, required: p.required === true, description: p.description })),
    example: exampleUrl(a),
  }));
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold tracking-tight">API</h1>
      <p className="text-sm">
        Etherscan&apos;s API at <code className="font-mono">/api</code> for every zone and at{' '}
        <code className="font-mono">/chain/&lt;zone&gt;/api</code> per zone (what quais&apos;{' '}
        <code className="font-mono">EtherscanPlugin(&apos;&lt;explorer&gt;/chain/cyprus1&apos;)</code> calls). An action about an address
        takes its zone from the address; one about blocks needs the zone named (or <code className="font-mono">&amp;chain=&lt;zone&gt;</code>).
        Bad parameters answer 400 with <code className="font-mono">NOTOK</code> saying which. The whole API as OpenAPI 3.1:{' '}
        <a className="underline" href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
      </p>
      <EtherscanActionList actions={actions} />
    </div>
  );
}
