// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title RawLogger: emits any log a test asks for (any topics, any data), so decoders can be
/// tested on malformed logs that a real contract put in a real receipt; and `burst(n)`: n ERC-20
/// Transfer logs in one transaction (about 1,900 gas each), for pages that must stay bounded.
/// Deployed by tests only.
contract RawLogger {
    event Transfer(address indexed from, address indexed to, uint256 value);

    function burst(uint256 n) external {
        for (uint256 i = 0; i < n; i++) {
            emit Transfer(address(this), address(uint160(i + 1)), i);
        }
    }

    function emitRaw(bytes32[] calldata topics, bytes calldata data) external {
        bytes memory d = data;
        uint256 n = topics.length;
        require(n <= 4, "RawLogger: at most 4 topics");
        assembly {
            let p := add(d, 32)
            let len := mload(d)
            switch n
            case 0 { log0(p, len) }
            case 1 { log1(p, len, calldataload(topics.offset)) }
            case 2 { log2(p, len, calldataload(topics.offset), calldataload(add(topics.offset, 32))) }
            case 3 { log3(p, len, calldataload(topics.offset), calldataload(add(topics.offset, 32)), calldataload(add(topics.offset, 64))) }
            default { log4(p, len, calldataload(topics.offset), calldataload(add(topics.offset, 32)), calldataload(add(topics.offset, 64)), calldataload(add(topics.offset, 96))) }
        }
    }
}
