// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevToken: the devnet's ERC-20-like token (the traffic generator deploys one per zone).
/// @notice Storage layout (fixed; tests read these slots with getStorageAt / getProof):
///   slot 0: totalSupply (uint256)
///   slot 1: balanceOf   (mapping(address => uint256)); balanceOf[a] lives at keccak256(abi.encode(a, uint256(1)))
///   slot 2: allowance   (mapping(address => mapping(address => uint256)))
/// name/symbol/decimals are constants in code, not storage.
contract DevToken {
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    string public constant name = "Strata Dev Token";
    string public constant symbol = "SDT";
    uint8 public constant decimals = 18;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(uint256 supply) {
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "DevToken: allowance exceeded");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "DevToken: balance too low");
        unchecked {
            balanceOf[from] -= value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
