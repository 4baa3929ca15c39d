#!/usr/bin/env bash
# Before the browser tests: make sure there is a Chromium to drive. Playwright's own download
# cannot reach its CDN here, so we use Debian's chromium (/usr/bin/chromium), installing it when we
# can (root with apt-get). On a machine that already has Playwright's browser, that one is used.
set -euo pipefail
if [ -x /usr/bin/chromium ] || [ -n "${PLAYWRIGHT_CHROMIUM_PATH:-}" ]; then exit 0; fi
if ls "${PLAYWRIGHT_BROWSERS_PATH:-$HOME/.cache/ms-playwright}"/chromium* >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "ensure-browser: installing Debian's chromium"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "ensure-browser: no Chromium found. Install Debian's 'chromium' package (sudo apt-get install chromium)" >&2
echo "  or Playwright's browser (npx playwright install chromium), or set PLAYWRIGHT_CHROMIUM_PATH." >&2
exit 1
