// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Store: keeps one number. Storage: slot 0 = value.
contract Store {
    uint256 public value;

    event Stored(address indexed by, uint256 value);

    constructor(uint256 initial) {
        value = initial;
    }

    function set(uint256 newValue) external {
        value = newValue;
        emit Stored(msg.sender, newValue);
    }
}
