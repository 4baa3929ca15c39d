// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * Proxies beyond EIP-1967 for lib/server/bytecode: a minimal EIP-2535 Diamond (its loupe,
 * facets(), built in; every other call sent to the facet its table names) with two facets, and an
 * EIP-1967 beacon proxy with its beacon. Written small on purpose: the explorer reads them as a
 * reader of Etherscan or Louper would.
 */
contract MiniDiamond {
    struct Facet {
        address facetAddress;
        bytes4[] functionSelectors;
    }

    mapping(bytes4 => address) private facetOf;
    Facet[] private table;

    constructor(address[] memory facets, bytes4[][] memory selectors) {
        for (uint256 i = 0; i < facets.length; i++) {
            table.push(Facet(facets[i], selectors[i]));
            for (uint256 j = 0; j < selectors[i].length; j++) facetOf[selectors[i][j]] = facets[i];
        }
    }

    function facets() external view returns (Facet[] memory) {
        return table;
    }

    fallback() external payable {
        address facet = facetOf[msg.sig];
        require(facet != address(0), "Diamond: no facet for this function");
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), facet, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

contract CounterFacet {
    uint256 private counted;

    function bump(uint256 by) external {
        counted += by;
    }

    function counted_() external view returns (uint256) {
        return counted;
    }
}

contract OwnerFacet {
    address private holder;

    function transferOwnership(address newOwner) external {
        holder = newOwner;
    }

    function owner() external view returns (address) {
        return holder;
    }
}

contract LabBeacon {
    address public implementation;

    constructor(address impl) {
        implementation = impl;
    }
}

contract LabBeaconProxy {
    // bytes32(uint256(keccak256("eip1967.proxy.beacon")) - 1)
    bytes32 private constant BEACON_SLOT = 0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50;

    constructor(address beacon) {
        assembly {
            sstore(BEACON_SLOT, beacon)
        }
    }

    fallback() external payable {
        address impl = LabBeacon(_beacon()).implementation();
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), impl, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    function _beacon() private view returns (address b) {
        assembly {
            b := sload(BEACON_SLOT)
        }
    }
}
