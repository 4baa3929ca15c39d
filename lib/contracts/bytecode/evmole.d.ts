/**
 * evmole's types for the one function Strata calls. Its package ships them (dist/evmole.d.ts),
 * but its `exports` map names none for the `node` condition, so TypeScript cannot find them.
 */
declare module 'evmole' {
  export interface ContractFunction {
    readonly selector: string;
    readonly bytecodeOffset: number;
    readonly arguments?: string;
    readonly stateMutability?: string;
  }
  export interface Contract {
    readonly functions?: readonly ContractFunction[];
  }
  export function contractInfo(code: string, args: { selectors?: boolean; arguments?: boolean; stateMutability?: boolean }): Contract;
}
