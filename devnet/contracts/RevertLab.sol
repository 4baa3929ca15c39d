// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {LabErrors} from "./LabErrors.sol";

/// @title RevertLab: fails in each way a transaction can (a reason, each Solidity panic, a custom
/// error with arguments, out of gas, an invalid opcode), so an explorer can be tested on saying
/// why. Deployed by tests, with RevertRelay in front of it for failures one or two calls deep.
contract RevertLab {
    enum Mood { Calm, Busy }

    uint256 public count;
    uint256[] private items;
    bytes private blob;

    function requireBelow(uint256 x) external {
        require(x < 10, "RevertLab: x must be below 10");
        count = x;
    }

    /// Raises Solidity's panic `code` (0x01, 0x11, 0x12, 0x21, 0x22, 0x31, 0x32, 0x41, 0x51).
    function panic(uint256 code) external returns (uint256) {
        if (code == 0x01) assert(count > type(uint256).max - 1);
        if (code == 0x11) return count - code;
        if (code == 0x12) return code / count;
        if (code == 0x21) return uint256(Mood(code));
        if (code == 0x22) {
            assembly { sstore(blob.slot, 3) }
            return blob.length;
        }
        if (code == 0x31) items.pop();
        if (code == 0x32) return items[code];
        if (code == 0x41) return new uint256[](code << 64).length;
        if (code == 0x51) {
            function() internal returns (uint256) nothing;
            return nothing();
        }
        return 0;
    }

    /// Reverts with LabErrors.Shortfall(msg.sender, count, amount) when `amount` is above `count`.
    function withdraw(uint256 amount) external {
        LabErrors.check(count, amount);
        count -= amount;
    }

    /// Never returns: runs until its gas is gone.
    function burn() external {
        while (true) count += 1;
    }

    /// The INVALID opcode (0xfe).
    function invalid() external pure {
        assembly { invalid() }
    }
}

/// @title RevertRelay: calls RevertLab (or another relay) and passes its failure on, or catches it.
contract RevertRelay {
    event Caught(bool ok, bytes data);

    /// Calls `lab.requireBelow(x)`; a failure passes on as it came.
    function relay(RevertLab lab, uint256 x) external {
        lab.requireBelow(x);
    }

    /// Calls `next.relay(lab, x)`: the lab is two calls below the transaction.
    function relayVia(RevertRelay next, RevertLab lab, uint256 x) external {
        next.relay(lab, x);
    }

    /// Calls `lab.requireBelow(x)` and catches a failure: the transaction succeeds.
    function attempt(RevertLab lab, uint256 x) external returns (bool) {
        try lab.requireBelow(x) {
            emit Caught(true, "");
            return true;
        } catch (bytes memory data) {
            emit Caught(false, data);
            return false;
        }
    }
}
