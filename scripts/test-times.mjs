#!/usr/bin/env node
/**
 * Where the suite's time goes, per file, from the runners' own JSON reports:
 *
 *   npx vitest run --reporter=default --reporter=json --outputFile=/tmp/unit.json
 *   PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/e2e.json npx playwright test --reporter=list,json
 *   node scripts/test-times.mjs /tmp/unit.json /tmp/e2e.json [--top 25]
 *
 * For each report: the run's wall time, the sum of file times, and the slowest files. A Playwright
 * spec's time is the span from its first test's start to its last test's end on its worker, so a
 * beforeAll that starts a devnet or an explorer counts (Playwright charges hooks to the tests).
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 25;

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

function vitestFiles(report) {
  return report.testResults.map((file) => ({ file: file.name.replace(`${process.cwd()}/`, ''), ms: file.endTime - file.startTime, start: file.startTime, end: file.endTime }));
}

function playwrightFiles(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          const start = Date.parse(result.startTime);
          const end = start + result.duration;
          const entry = byFile.get(spec.file) ?? { file: spec.file, start, end, worker: result.workerIndex };
          entry.start = Math.min(entry.start, start);
          entry.end = Math.max(entry.end, end);
          byFile.set(spec.file, entry);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return [...byFile.values()].map((e) => ({ ...e, ms: e.end - e.start }));
}

for (const path of args) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const playwright = Array.isArray(report.suites) && report.config !== undefined;
  const files = playwright ? playwrightFiles(report) : vitestFiles(report);
  if (files.length === 0) {
    console.log(`${path}: no files`);
    continue;
  }
  const first = Math.min(...files.map((f) => f.start));
  const last = Math.max(...files.map((f) => f.end));
  const sum = files.reduce((s, f) => s + f.ms, 0);
  console.log(`${path} (${playwright ? 'playwright' : 'vitest'}): ${files.length} files, first start to last end${seconds(last - first)}, file times summed${seconds(sum)}`);
  if (playwright) console.log(`  the run as Playwright reports it (servers started, tests, servers stopped):${seconds(report.stats.duration)}`);
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, top)) console.log(`  ${seconds(f.ms)}  ${f.file}`);
}
