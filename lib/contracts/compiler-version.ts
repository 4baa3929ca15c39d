/** solc's long version as Etherscan's clients send it: `v0.8.37+commit.a2f4bc8f`. */
export const COMPILER_VERSION_PATTERN = /^v\d{1,2}\.\d{1,2}\.\d{1,3}\+commit\.[0-9a-f]{8}$/;
