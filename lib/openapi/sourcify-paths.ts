/**
 * Sourcify's verification API at /sourcify (lib/server/contracts/sourcify-api.ts), for the OpenAPI
 * document: what hardhat-verify's Sourcify client sends and reads.
 */
type Json = Record<string, unknown>;

const json = { content: { 'application/json': { schema: { type: 'object' } } } };

const check = (summary: string, operationId: string): Json => ({
  get: {
    operationId,
    summary,
    tags: ['sourcify'],
    parameters: [
      { name: 'addresses', in: 'query', required: true, schema: { type: 'string' }, description: 'Up to 50 addresses, comma-separated.' },
      { name: 'chainIds', in: 'query', required: true, schema: { type: 'string' }, description: "Chain ids, comma-separated; only this network's is known here." },
    ],
    responses: { '200': { description: 'One entry per address.', ...json }, '400': { description: 'A malformed parameter, saying what.', ...json } },
  },
});

export function sourcifyPaths(): [string, Json][] {
  return [
    [
      '/sourcify',
      {
        post: {
          operationId: 'sourcify.verify',
          summary:
            "Verifies a contract from solc's metadata.json and its sources (Sourcify's stateless verification): the same verification store as Etherscan's verifysourcecode; answered with the verdict.",
          tags: ['sourcify'],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object' },
                example: { address: '0x0000000000000000000000000000000000000000', chain: '1337', files: { 'metadata.json': '{…}', 'contracts/Token.sol': 'contract Token {}' } },
              },
            },
          },
          responses: {
            '200': { description: '`{ result: [{ address, chainId, status: "perfect" | "partial", libraryMap }] }`', ...json },
            '400': { description: '`{ error }`: a malformed request, a source the metadata does not hash, or why the code does not match.', ...json },
            '404': { description: '`{ error }`: no code at the address.', ...json },
            '429': { description: 'The client has its share of the verification queue waiting.', ...json },
            '503': { description: 'No index, or the queue is full.', ...json },
          },
        },
      },
    ],
    ['/sourcify/check-all-by-addresses', check('Whether each address is verified here: `[{ address, chainIds: [{ chainId, status }] }]`, or `status: "false"`.', 'sourcify.checkAll')],
    ['/sourcify/check-by-addresses', check('The older check: `[{ address, status, chainIds }]`, or `status: "false"`.', 'sourcify.check')],
  ];
}
