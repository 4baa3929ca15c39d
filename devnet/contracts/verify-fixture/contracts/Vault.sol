// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {MathLib} from "./MathLib.sol";

/// Test fixture for verification (lib/server/verify/verify.devnet.test.ts): two files, a linked
/// library, an immutable and constructor arguments.
contract Vault {
    address public immutable owner;
    uint256 public cap;
    string public label;

    event Deposited(address indexed from, uint256 amount);

    constructor(uint256 cap_, string memory label_) {
        owner = msg.sender;
        cap = cap_;
        label = label_;
    }

    function limit(uint256 factor) external view returns (uint256) {
        return MathLib.scaled(cap, factor);
    }

    function deposit() external payable {
        emit Deposited(msg.sender, msg.value);
    }
}
