/**
 * From a program counter to a line of verified source, through solc's source maps (kept at
 * verification for the creation and the runtime code: `SourceMaps`). Pure and browser-safe.
 *
 * A source map has one entry per instruction, `s:l:f:j:m` separated by `;`, each field empty when
 * it repeats the entry before (docs.soliditylang.org, "Source Mappings"): `s` the byte offset in
 * source file `f`, `l` its length, `j` the jump type (`i` into a function, `o` out of one). A file
 * id the input does not name (solc's generated utility code, or -1) is no line a reader has.
 *
 * Where a frame stopped is read from its last program counters (lib/rpc/trace-types.ts `FramePcs`),
 * walking back from the last one:
 * - past instructions of generated code: a panic, a checked operation or an ABI encoder runs in
 *   solc's helpers, entered from the line that used them;
 * - past a block entered by a jump when the optimizer shares that block between several places
 *   (its JUMPDEST is pushed as a target more than once, or also reached by falling through): its
 *   entry names only one of them, and the jump into it is the place that ran. The shared `revert`
 *   tail of every `require` and custom error is such a block.
 */

/** What verification keeps of one piece of code: solc's `bytecode.object` (hex, no 0x; link placeholders kept) and its `sourceMap`. */
export interface CompiledCode {
  readonly bytecode: string;
  readonly sourceMap: string;
}

export interface SourceMaps {
  /** Source paths by solc's source id (index `id`); an id past the end is generated code. */
  readonly sources: readonly string[];
  readonly runtime: CompiledCode | null;
  readonly creation: CompiledCode | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function compiledCodeOf(value: unknown): CompiledCode | null | undefined {
  if (value === null) return null;
  if (!isRecord(value) || typeof value.bytecode !== 'string' || typeof value.sourceMap !== 'string') return undefined;
  return { bytecode: value.bytecode, sourceMap: value.sourceMap };
}

/** Stored source maps read back strictly; a malformed row is null (its lines are then unknown), never an exception. */
export function parseSourceMaps(text: string | null): SourceMaps | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !Array.isArray(value.sources) || !value.sources.every((p) => typeof p === 'string')) return null;
  const runtime = compiledCodeOf(value.runtime ?? null);
  const creation = compiledCodeOf(value.creation ?? null);
  if (runtime === undefined || creation === undefined) return null;
  return { sources: value.sources as string[], runtime, creation };
}

/** A line of a verified source file. */
export interface SourceLine {
  readonly path: string;
  /** 1-based. */
  readonly line: number;
  /** The source text of that line, trimmed (at most 160 characters). */
  readonly text: string;
}

interface Entry {
  readonly start: number;
  readonly length: number;
  readonly file: number;
  readonly jump: string;
}

/** solc's compressed source map, one entry per instruction. */
export function parseSourceMap(map: string): Entry[] {
  const entries: Entry[] = [];
  let prev: Entry = { start: -1, length: -1, file: -1, jump: '-' };
  for (const item of map === '' ? [] : map.split(';')) {
    const [s, l, f, j] = item.split(':');
    prev = {
      start: s ? Number(s) : prev.start,
      length: l ? Number(l) : prev.length,
      file: f ? Number(f) : prev.file,
      jump: j || prev.jump,
    };
    entries.push(prev);
  }
  return entries;
}

const PUSH1 = 0x60;
const PUSH32 = 0x7f;
const JUMPDEST = 0x5b;
/** Opcodes after which execution never falls through to the next instruction. */
const TERMINATORS = new Set([0x00, 0x56, 0xf3, 0xfd, 0xfe, 0xff]);

/** The instructions of one piece of code: where each starts, and which jump targets more than one place uses. */
export interface CodeIndex {
  /** pc → instruction index (only pcs where an instruction starts). */
  readonly instruction: ReadonlyMap<number, number>;
  readonly entries: readonly Entry[];
  /** pc of the next instruction after the one at pc. */
  next(pc: number): number;
  /** Whether pc is a JUMPDEST the code reaches from more than one place. */
  shared(pc: number): boolean;
}

/** Link placeholders (`__$…$__`, 40 characters) stand for 20-byte addresses: read as zeros. */
function codeBytes(bytecode: string): Uint8Array {
  const hex = bytecode.replace(/^0x/, '').replace(/__\$[0-9a-fA-F]{34}\$__/g, '0'.repeat(40));
  const bytes = new Uint8Array(Math.floor(hex.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16) || 0;
  return bytes;
}

export function indexCode(code: CompiledCode): CodeIndex {
  const bytes = codeBytes(code.bytecode);
  const instruction = new Map<number, number>();
  const nextOf = new Map<number, number>();
  /** JUMPDEST pc → times it is pushed as a value, plus one when the instruction before it falls through. */
  const references = new Map<number, number>();
  let previousOp = 0x00;
  for (let pc = 0, i = 0; pc < bytes.length; i++) {
    const op = bytes[pc]!;
    instruction.set(pc, i);
    const size = op >= PUSH1 && op <= PUSH32 ? op - PUSH1 + 2 : 1;
    if (op === JUMPDEST && !TERMINATORS.has(previousOp) && pc > 0) references.set(pc, (references.get(pc) ?? 0) + 1);
    if (op >= PUSH1 && op <= PUSH32 && size <= 5) {
      let value = 0;
      for (let b = 1; b < size; b++) value = value * 256 + (bytes[pc + b] ?? 0);
      references.set(value, (references.get(value) ?? 0) + 1);
    }
    nextOf.set(pc, pc + size);
    previousOp = op;
    pc += size;
  }
  return {
    instruction,
    entries: parseSourceMap(code.sourceMap),
    next: (pc) => nextOf.get(pc) ?? -1,
    shared: (pc) => bytes[pc] === JUMPDEST && (references.get(pc) ?? 0) >= 2,
  };
}

/**
 * The sources a map's file ids name, with their texts: solc's offsets are in bytes of UTF-8,
 * so each text is kept as bytes to find a line by offset.
 */
export class SourceTexts {
  private readonly files: ({ readonly path: string; readonly bytes: Uint8Array; readonly starts: number[] } | null)[];

  constructor(paths: readonly string[], contentOf: (path: string) => string | undefined) {
    const encoder = new TextEncoder();
    this.files = paths.map((path) => {
      const content = contentOf(path);
      if (content === undefined) return null;
      const bytes = encoder.encode(content);
      // Offsets are in bytes: the line starts are found on the bytes too (10 is '\n' in UTF-8).
      const starts = [0];
      for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) starts.push(i + 1);
      return { path, bytes, starts };
    });
  }

  /** Whether file id `file` is one of the verified sources. */
  has(file: number): boolean {
    return file >= 0 && this.files[file] !== undefined && this.files[file] !== null;
  }

  lineAt(file: number, offset: number): SourceLine | null {
    const f = this.files[file];
    if (!f || offset < 0 || offset > f.bytes.length) return null;
    let lo = 0;
    let hi = f.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (f.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const begin = f.starts[lo]!;
    const end = lo + 1 < f.starts.length ? f.starts[lo + 1]! - 1 : f.bytes.length;
    const text = new TextDecoder().decode(f.bytes.subarray(begin, end)).trim();
    return { path: f.path, line: lo + 1, text: text.length > 160 ? `${text.slice(0, 159)}…` : text };
  }
}

function userEntry(code: CodeIndex, texts: SourceTexts, pc: number): Entry | null {
  const i = code.instruction.get(pc);
  const entry = i === undefined ? undefined : code.entries[i];
  return entry && texts.has(entry.file) && entry.start >= 0 ? entry : null;
}

/** The line a frame stopped on, from its last program counters (oldest first); null when none maps to a verified file. */
export function lineOfPcs(code: CodeIndex, texts: SourceTexts, pcs: readonly number[]): SourceLine | null {
  let k = pcs.length - 1;
  if (k < 0) return null;
  // The last run of consecutive instructions, and whether a jump entered it into a shared block.
  let b = k;
  while (b > 0 && code.next(pcs[b - 1]!) === pcs[b]) b--;
  if (b > 0 && code.shared(pcs[b]!)) k = b - 1;
  for (; k >= 0; k--) {
    const entry = userEntry(code, texts, pcs[k]!);
    if (entry) return texts.lineAt(entry.file, entry.start);
  }
  return null;
}

/** The line of one instruction (the CALL that opened a frame); null when it is generated code. */
export function lineOfPc(code: CodeIndex, texts: SourceTexts, pc: number): SourceLine | null {
  const entry = userEntry(code, texts, pc);
  return entry ? texts.lineAt(entry.file, entry.start) : null;
}
