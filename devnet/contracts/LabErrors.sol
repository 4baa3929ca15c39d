// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title LabErrors: the custom errors RevertLab raises, in a file of their own so that the lab's
/// verified source has two files (the Contract tab lists the contract's own file first).
library LabErrors {
    /// `who` asked for `want` and has only `have`.
    error Shortfall(address who, uint256 have, uint256 want);

    function check(uint256 have, uint256 want) internal view {
        if (have < want) revert Shortfall(msg.sender, have, want);
    }
}
