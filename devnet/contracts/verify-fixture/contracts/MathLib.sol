// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A linked library (public function: called by DELEGATECALL at its deployed address, so the
/// vault's bytecode carries a link placeholder the verifier must fill from settings.libraries).
library MathLib {
    function scaled(uint256 value, uint256 factor) public pure returns (uint256) {
        return value * factor + 1;
    }
}
