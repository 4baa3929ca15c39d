// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevWrapped: a WETH-style wrapper of the zone's native coin (Deposit/Withdrawal events).
/// @notice Deployed by tests, not at start.
contract DevWrapped {
    string public constant name = "Wrapped Quai";
    string public constant symbol = "WQUAI";
    uint8 public constant decimals = 18;
    mapping(address => uint256) public balanceOf;

    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    function deposit() external payable {
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 wad) external {
        require(balanceOf[msg.sender] >= wad, "DevWrapped: balance too low");
        balanceOf[msg.sender] -= wad;
        payable(msg.sender).transfer(wad);
        emit Withdrawal(msg.sender, wad);
    }
}
