// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevNft: the devnet's ERC-721 (deployed per zone at start beside DevToken).
/// @notice Anyone may mint an unused id: it exists so the explorer has ERC-721 transfers,
/// approvals and an Ownable owner to show. Safe transfers skip the receiver check (devnet only).
contract DevNft {
    string public constant name = "Strata Dev Collectible";
    string public constant symbol = "SDC";
    address public owner;
    uint256 public totalSupply;
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    constructor() {
        owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == 0x80ac58cd || id == 0x5b5e139f;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        require(ownerOf[tokenId] != address(0), "DevNft: no such token");
        return "data:application/json,{}";
    }

    function mint(address to, uint256 tokenId) external {
        require(to != address(0) && ownerOf[tokenId] == address(0), "DevNft: cannot mint");
        ownerOf[tokenId] = to;
        balanceOf[to] += 1;
        totalSupply += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function approve(address approved, uint256 tokenId) external {
        address holder = ownerOf[tokenId];
        require(msg.sender == holder || isApprovedForAll[holder][msg.sender], "DevNft: not allowed");
        getApproved[tokenId] = approved;
        emit Approval(holder, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        require(ownerOf[tokenId] == from && to != address(0), "DevNft: wrong owner");
        require(
            msg.sender == from || getApproved[tokenId] == msg.sender || isApprovedForAll[from][msg.sender],
            "DevNft: not allowed"
        );
        delete getApproved[tokenId];
        ownerOf[tokenId] = to;
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        transferFrom(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes calldata) external {
        transferFrom(from, to, tokenId);
    }

    function transferOwnership(address newOwner) external {
        require(msg.sender == owner, "DevNft: not the owner");
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }
}
