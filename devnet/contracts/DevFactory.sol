// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import "./Vault.sol";

/// @title DevFactory: creates Vaults with the value it is sent (CREATE and CREATE2 from a
/// contract, with value). Deployed by tests.
contract DevFactory {
    event Created(address vault);

    function create() external payable returns (address vault) {
        vault = address(new Vault{value: msg.value}());
        emit Created(vault);
    }

    function create2(bytes32 salt) external payable returns (address vault) {
        vault = address(new Vault{value: msg.value, salt: salt}());
        emit Created(vault);
    }
}
