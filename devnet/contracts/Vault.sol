// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Vault: holds value it is sent (also at creation) and can give it all away by
/// selfdestruct, so traces show a CREATE with value and a SELFDESTRUCT. Deployed by tests and by DevFactory.
contract Vault {
    event Received(address indexed from, uint256 value);

    constructor() payable {}

    receive() external payable {
        emit Received(msg.sender, msg.value);
    }

    /// Sends the whole balance to `to` and removes the vault (pre-Cancun rules: the account is deleted).
    function sweep(address payable to) external {
        selfdestruct(to);
    }
}
