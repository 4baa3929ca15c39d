/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The devnet and the codecs import Node-only EVM packages, and the index its database drivers
  // (PGlite loads its WebAssembly and data files from its package directory): keep them out of the bundle.
  serverExternalPackages: ['@ethereumjs/evm', '@ethereumjs/statemanager', '@ethereumjs/mpt', '@electric-sql/pglite', 'pg'],
};

export default nextConfig;
