// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * A contract for reading code nobody verified (lib/server/bytecode): functions a Governor and a
 * Safe declare (castVote, execTransaction: the signature database names them), functions no
 * database knows (stash, stashOf: read from bytecode, by selector), an event the database knows
 * (Governor's VoteCast) and one it does not, an OpenZeppelin error, and storage of every kind the
 * State changes tab names from a verified layout: a value, a mapping, a mapping of mappings, a
 * dynamic array and a packed pair.
 */
contract ReadingLab {
    uint256 public total;
    mapping(address => uint256) public stashed;
    mapping(address => mapping(uint256 => uint256)) public votes;
    uint256[] public history;
    address public lastVoter;
    uint64 public lastProposal;

    event VoteCast(address indexed voter, uint256 proposalId, uint8 support, uint256 weight, string reason);
    event Stashed(address indexed who, uint256 amount, bool flagged);
    error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed);

    function castVote(uint256 proposalId, uint8 support) external returns (uint256) {
        votes[msg.sender][proposalId] = support + 1;
        lastVoter = msg.sender;
        lastProposal = uint64(proposalId);
        history.push(proposalId);
        emit VoteCast(msg.sender, proposalId, support, 1, "");
        return 1;
    }

    function execTransaction(
        address to, uint256 value, bytes calldata data, uint8 operation, uint256 safeTxGas, uint256 baseGas,
        uint256 gasPrice, address gasToken, address payable refundReceiver, bytes memory signatures
    ) public payable returns (bool success) {
        // Only the shape matters here: what a Safe's call looks like to a reader.
        stashed[to] += value + data.length + operation + signatures.length;
        success = safeTxGas + baseGas + gasPrice >= 0 && gasToken != refundReceiver || true;
    }

    function stash(address who, uint256 amount, bool flagged) external {
        stashed[who] += amount;
        total += amount;
        emit Stashed(who, amount, flagged);
    }

    function stashOf(address who) external view returns (uint256) {
        return stashed[who];
    }

    function take(uint256 amount) external {
        if (stashed[msg.sender] < amount) revert ERC20InsufficientBalance(msg.sender, stashed[msg.sender], amount);
        stashed[msg.sender] -= amount;
    }
}
