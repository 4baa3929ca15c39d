// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Reverter: fails on purpose, with a reason (Error(string)) or a panic, so traces and
/// receipts show a revert and where it happened. Deployed by tests.
contract Reverter {
    function fail(string calldata reason) external payable {
        revert(reason);
    }

    function divide(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }

    /// Calls `target.fail(reason)` and swallows its failure: an inner frame reverts, the transaction succeeds.
    function tryFail(Reverter target, string calldata reason) external payable returns (bool) {
        try target.fail{value: msg.value}(reason) {
            return true;
        } catch {
            return false;
        }
    }
}
