#!/usr/bin/env bash
# `npm test`: the whole suite in three stages; the first that fails stops the run, saying which.
#
#   1. the type check and the lint side by side (each keeps one core busy, a core sits idle with
#      either alone); each one's output is printed whole when both are done;
#   2. the unit suite, with the explorer's production build for the browser tests running beside
#      it (the suite waits on devnets and child processes often enough to leave the build room);
#      the build writes to a log, printed when it fails;
#   3. the browser tests against that build (STRATA_E2E_SKIP_BUILD=1). Arguments go to Playwright.
#
# The build starts after the type check: `next typegen` writes into .next/, which a build empties.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d "${TMPDIR:-/tmp}/strata-test-XXXXXX")
# Background jobs in process groups of their own, so that stopping one stops everything it started.
set -m
background=()
stop_background() {
  for pid in "${background[@]}"; do kill -TERM -- "-$pid" 2>/dev/null; done
}
trap stop_background EXIT
trap 'exit 130' INT TERM

say() { printf '\nnpm test: %s\n' "$*"; }
fail() {
  printf '\nnpm test: %s\n' "$*" >&2
  exit 1
}
since() { echo "$(( SECONDS - $1 )) s"; }

# 1. Type check and lint.
start=$SECONDS
say "type check and lint, side by side"
npm run typecheck >"$logs/typecheck.log" 2>&1 &
typecheck=$!
npm run lint >"$logs/lint.log" 2>&1 &
lint=$!
background=("$typecheck" "$lint")
wait "$typecheck"
typecheck_status=$?
wait "$lint"
lint_status=$?
background=()
cat "$logs/typecheck.log" "$logs/lint.log"
[ "$typecheck_status" -eq 0 ] || fail "the type check failed (exit $typecheck_status, output above); nothing else ran"
[ "$lint_status" -eq 0 ] || fail "the lint failed (exit $lint_status, output above); nothing else ran"
say "type check and lint passed in $(since "$start")"

# 2. Unit suite, the build beside it.
start=$SECONDS
say "unit suite, the explorer's production build beside it (its log: $logs/build.log)"
npm run build >"$logs/build.log" 2>&1 &
build=$!
background=("$build")
npm run test:unit
unit_status=$?
[ "$unit_status" -eq 0 ] || fail "the unit suite failed (exit $unit_status, output above); the build was stopped, the browser tests did not run"
say "unit suite passed in $(since "$start"); waiting for the build"
wait "$build"
build_status=$?
background=()
if [ "$build_status" -ne 0 ]; then
  tail -n 60 "$logs/build.log" >&2
  fail "the build failed (exit $build_status; above, the end of its log $logs/build.log); the browser tests did not run"
fi
say "build done, $(since "$start") after the unit suite started"

# 3. Browser tests on that build.
start=$SECONDS
STRATA_E2E_SKIP_BUILD=1 npm run test:e2e -- "$@"
e2e_status=$?
[ "$e2e_status" -eq 0 ] || fail "the browser tests failed (exit $e2e_status, output above)"
say "browser tests passed in $(since "$start")"
rm -rf "$logs"
