// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevMulti: the devnet's ERC-1155 (deployed per zone at start beside DevToken).
/// @notice Anyone may mint: it exists so the explorer has single and batch transfers, operator
/// approvals and URI changes to show. Transfers skip the receiver hook (devnet only).
contract DevMulti {
    mapping(uint256 => mapping(address => uint256)) public balanceOf;
    mapping(address => mapping(address => bool)) public isApprovedForAll;
    mapping(uint256 => string) private uris;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
    event URI(string value, uint256 indexed id);

    function uri(uint256 id) external view returns (string memory) {
        return uris[id];
    }

    function setURI(uint256 id, string calldata value) external {
        uris[id] = value;
        emit URI(value, id);
    }

    function mint(address to, uint256 id, uint256 value, bytes calldata) external {
        balanceOf[id][to] += value;
        emit TransferSingle(msg.sender, address(0), to, id, value);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes calldata) external {
        require(from == msg.sender || isApprovedForAll[from][msg.sender], "DevMulti: not allowed");
        require(balanceOf[id][from] >= value, "DevMulti: balance too low");
        balanceOf[id][from] -= value;
        balanceOf[id][to] += value;
        emit TransferSingle(msg.sender, from, to, id, value);
    }

    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] calldata ids,
        uint256[] calldata values,
        bytes calldata
    ) external {
        require(from == msg.sender || isApprovedForAll[from][msg.sender], "DevMulti: not allowed");
        require(ids.length == values.length, "DevMulti: length mismatch");
        for (uint256 i = 0; i < ids.length; i++) {
            require(balanceOf[ids[i]][from] >= values[i], "DevMulti: balance too low");
            balanceOf[ids[i]][from] -= values[i];
            balanceOf[ids[i]][to] += values[i];
        }
        emit TransferBatch(msg.sender, from, to, ids, values);
    }
}
