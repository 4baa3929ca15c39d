/**
 * Docs and comments name real things: every repository path written in a doc (README.md,
 * docs/*.md) or in a source comment exists, and every relative link between docs leads to a file.
 * A moved or deleted file otherwise leaves its old name behind for the next reader to chase.
 *
 * A path counts when it starts at a top-level folder of the repository (`lib/…`, `app/…`,
 * `docs/…`); one written as a pattern (`load-*.ts`, `<entity>/`, `{a,b}`) names no single file and
 * is left alone, as is a path the build or the tests write (GENERATED).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['app', 'components', 'lib', 'devnet', 'indexer', 'scripts', 'e2e', 'docs', 'public', '.ci'];
/** Written by the build or the tests, so absent from a clean clone. */
const GENERATED = ['e2e/screenshots/'];
const SOURCE = /\.(ts|tsx|mjs)$/;

const PATH = new RegExp(String.raw`(?<![\w@./-])(?:${ROOTS.map((r) => r.replace('.', '\\.')).join('|')})/[\w.()/[\]-]*`, 'g');
/** A path relative to the file that names it (`./<file>.ts`, `../<folder>`). */
const RELATIVE = /(?<![\w@./-])\.\.?\/[\w.()/[\]-]*[\w)\]]/g;
const PATTERN_MARKS = /[<>*{}…$]/;
const MARKDOWN_LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

/** The comment part of a source line: from `//`, `/*` or a leading `*` on. */
function commentOf(line: string): string | undefined {
  const at = line.search(/\/\/|\/\*|^\s*\*/);
  return at < 0 ? undefined : line.slice(at);
}

/** Trailing punctuation and a markdown link's `](` are not part of the path; brackets stay when balanced. */
function trimPath(raw: string): string {
  let p = raw.split('](')[0]!;
  for (;;) {
    const before = p;
    p = p.replace(/[.,:;)]+$/, '');
    if (p.endsWith(']') && (p.match(/\[/g) ?? []).length < (p.match(/\]/g) ?? []).length) p = p.slice(0, -1);
    if (p === before) return p;
  }
}

function exists(repoPath: string): boolean {
  if (GENERATED.some((g) => repoPath.startsWith(g))) return true;
  return ['', '.ts', '.tsx', '.mjs'].some((ext) => existsSync(repoPath + ext));
}

export function namedPathProblems(files: readonly string[], read: (file: string) => string): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const isDoc = file.endsWith('.md');
    read(file).split('\n').forEach((line, index) => {
      const text = isDoc ? line : commentOf(line);
      if (text === undefined) return;
      for (const match of text.matchAll(PATH)) {
        const around = text.slice(match.index, match.index + match[0].length + 1);
        if (PATTERN_MARKS.test(around)) continue;
        const named = trimPath(match[0]);
        if (!exists(named)) problems.push(`${file}:${index + 1}: ${named}`);
      }
      if (!isDoc) {
        for (const match of text.matchAll(RELATIVE)) {
          const around = text.slice(match.index, match.index + match[0].length + 1);
          if (PATTERN_MARKS.test(around)) continue;
          const named = trimPath(match[0]);
          const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), named));
          if (!exists(resolved)) problems.push(`${file}:${index + 1}: ${named}`);
        }
        return;
      }
      for (const link of text.matchAll(MARKDOWN_LINK)) {
        const target = link[1]!;
        if (/^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
        if (!exists(resolved)) problems.push(`${file}:${index + 1}: link ${target}`);
      }
    });
  }
  return problems;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.md') || SOURCE.test(f))
    .filter((f) => existsSync(f));
}

describe('named paths', () => {
  it('every path a doc or a comment names exists', () => {
    expect(namedPathProblems(trackedFiles(), (f) => readFileSync(f, 'utf8'))).toEqual([]);
  });

  it('finds a missing path in a doc, a comment and a link, and leaves patterns and code alone', () => {
    // Built from parts, so that this file's own scan does not read the examples as its comments.
    const lib = 'lib/';
    const files: Record<string, string> = {
      'docs/a.md': `See \`${lib}no/such-file.ts\`, [b](no-such.md), \`${lib}server/<entity>/load-*.ts\` and [ok](architecture.md).`,
      'lib/x.ts': `// moved to ${lib}gone/away.ts.\nconst p = '${lib}not/a/comment.ts';\n * app/api/[...unknown]/route.ts`,
    };
    expect(namedPathProblems(Object.keys(files), (f) => files[f]!)).toEqual([
      'docs/a.md:1: lib/no/such-file.ts',
      'docs/a.md:1: link no-such.md',
      'lib/x.ts:1: lib/gone/away.ts',
    ]);
  });
});
