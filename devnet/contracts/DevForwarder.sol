// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevForwarder: passes the value it is sent on to another address, directly or through
/// another forwarder, so a transaction moves value between contracts (internal transfers, a call
/// tree several frames deep). Deployed in every zone at devnet start; the traffic uses it.
contract DevForwarder {
    event Forwarded(address indexed to, uint256 value);

    function forward(address payable to) public payable {
        (bool ok, ) = to.call{value: msg.value}("");
        require(ok, "DevForwarder: recipient refused");
        emit Forwarded(to, msg.value);
    }

    /// The value goes to `next` (another forwarder), which forwards it to `to`.
    function forwardVia(DevForwarder next, address payable to) external payable {
        next.forward{value: msg.value}(to);
    }

    /// Half to `to` directly, half through `next`: two transfers below the root, one of them nested.
    function split(DevForwarder next, address payable to) external payable {
        uint256 half = msg.value / 2;
        (bool ok, ) = to.call{value: half}("");
        require(ok, "DevForwarder: recipient refused");
        next.forward{value: msg.value - half}(to);
    }
}
