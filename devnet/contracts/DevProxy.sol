// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title DevProxy: an EIP-1967 proxy (the devnet puts one in front of a zone's DevToken at start).
/// @notice The implementation and admin live in the standard slots, so an explorer can read them
/// with getProof and check them against the state root:
///   implementation: bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
///   admin:          bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)
/// Transparent-proxy rule: the admin's calls are answered by the proxy itself, everyone else's are
/// delegated to the implementation.
contract DevProxy {
    bytes32 private constant IMPLEMENTATION_SLOT = 0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    bytes32 private constant ADMIN_SLOT = 0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Upgraded(address indexed implementation);
    event AdminChanged(address previousAdmin, address newAdmin);

    constructor(address implementation, address admin) {
        require(
            IMPLEMENTATION_SLOT == bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1) &&
                ADMIN_SLOT == bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1),
            "DevProxy: slot constants"
        );
        _setImplementation(implementation);
        _setAdmin(admin);
    }

    function upgradeTo(address implementation) external {
        require(msg.sender == _admin(), "DevProxy: not the admin");
        _setImplementation(implementation);
    }

    function changeAdmin(address newAdmin) external {
        require(msg.sender == _admin(), "DevProxy: not the admin");
        _setAdmin(newAdmin);
    }

    function _admin() private view returns (address a) {
        bytes32 slot = ADMIN_SLOT;
        assembly {
            a := sload(slot)
        }
    }

    function _setImplementation(address implementation) private {
        require(implementation.code.length > 0, "DevProxy: implementation has no code");
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            sstore(slot, implementation)
        }
        emit Upgraded(implementation);
    }

    function _setAdmin(address newAdmin) private {
        address previous = _admin();
        bytes32 slot = ADMIN_SLOT;
        assembly {
            sstore(slot, newAdmin)
        }
        emit AdminChanged(previous, newAdmin);
    }

    fallback() external payable {
        require(msg.sender != _admin(), "DevProxy: the admin cannot call the implementation");
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            let implementation := sload(slot)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}
