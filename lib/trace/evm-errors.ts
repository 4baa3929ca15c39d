/**
 * The EVM's own errors, as geth (and go-quai, its fork) words them in a trace's `error`, a
 * receipt-less replay's message or the struct logger (core/vm/errors.go), named and said in a
 * sentence a reader without the yellow paper follows. Matched by the text's start: geth appends
 * details ("invalid opcode: opcode 0xef not defined", "stack underflow (0 <=> 2)"), and a call's
 * error may be wrapped ("err: out of gas (supplied gas 50000)"). Pure and browser-safe.
 */

export interface EvmError {
  /** A short name: "Out of gas", "Invalid opcode". */
  readonly name: string;
  /** What happened, in a sentence. */
  readonly explanation: string;
  /** The node's own words. */
  readonly text: string;
}

const KNOWN: readonly { readonly prefix: string; readonly name: string; readonly explanation: string }[] = [
  { prefix: 'execution reverted', name: 'Reverted', explanation: 'the code stopped itself with REVERT and undid what it did' },
  { prefix: 'out of gas', name: 'Out of gas', explanation: 'the call used all the gas it was given before it finished' },
  { prefix: 'contract creation code storage out of gas', name: 'Out of gas storing the code', explanation: 'the constructor finished, but too little gas was left to store the contract’s code (200 gas a byte)' },
  { prefix: 'invalid opcode', name: 'Invalid opcode', explanation: 'the code reached an instruction that does not exist (INVALID, 0xfe, is what older Solidity asserts compile to)' },
  { prefix: 'invalid jump destination', name: 'Invalid jump', explanation: 'the code jumped to a place that is not a JUMPDEST' },
  { prefix: 'stack underflow', name: 'Stack underflow', explanation: 'an instruction needed more values than the stack held' },
  { prefix: 'stack limit reached', name: 'Stack overflow', explanation: 'the stack grew past its 1024 items' },
  { prefix: 'write protection', name: 'State change in a static call', explanation: 'code called with STATICCALL (a view) tried to change state' },
  { prefix: 'return data out of bounds', name: 'Return data out of bounds', explanation: 'RETURNDATACOPY read past the end of the last call’s return data' },
  { prefix: 'max call depth exceeded', name: 'Call depth exceeded', explanation: 'calls nested more than 1024 deep' },
  { prefix: 'insufficient balance for transfer', name: 'Insufficient balance', explanation: 'the caller did not hold the value it tried to send' },
  { prefix: 'contract address collision', name: 'Address collision', explanation: 'a contract already exists where this one was to be created' },
  { prefix: 'max code size exceeded', name: 'Code too large', explanation: 'the code to deploy is over the 24,576-byte limit (EIP-170)' },
  { prefix: 'max initcode size exceeded', name: 'Init code too large', explanation: 'the creation code is over the 49,152-byte limit (EIP-3860)' },
  { prefix: 'invalid code: must not begin with 0xef', name: 'Code starts with 0xEF', explanation: 'deployed code may not begin with the byte 0xEF (EIP-3541)' },
  { prefix: 'nonce uint64 overflow', name: 'Nonce overflow', explanation: 'the creating account’s nonce is at its maximum' },
  { prefix: 'gas uint64 overflow', name: 'Gas overflow', explanation: 'an instruction’s gas cost does not fit 64 bits' },
];

/** The node's text without a call's wrapping ("err: … (supplied gas N)"). */
export function bareEvmError(text: string): string {
  return text.replace(/^err:\s*/, '').replace(/\s*\(supplied gas \d+\)$/, '').trim();
}

/** The error named, or null for a text the EVM does not use (then the page shows the node's words as they are). */
export function evmErrorOf(text: string): EvmError | null {
  const bare = bareEvmError(text);
  const lower = bare.toLowerCase();
  const known = KNOWN.find((k) => lower.startsWith(k.prefix));
  return known ? { name: known.name, explanation: known.explanation, text: bare } : null;
}
