/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The devnet and the codecs import Node-only EVM packages; keep them out of the bundle.
  serverExternalPackages: ['@ethereumjs/evm', '@ethereumjs/statemanager', '@ethereumjs/mpt'],
};

export default nextConfig;
