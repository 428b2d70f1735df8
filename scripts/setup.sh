#!/usr/bin/env bash
# Idempotent setup for a fresh machine that has only Node.js 20: the pinned pnpm,
# Debian's Chromium for browser tests (never a downloaded browser), and dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
PNPM_SPEC="$(node -p "require('./package.json').packageManager.split('+')[0]")"
if [ "$(pnpm --version 2>/dev/null || true)" != "${PNPM_SPEC#pnpm@}" ]; then
  npm install -g "$PNPM_SPEC" >/dev/null
fi
if [ "${DOCCHAT_SKIP_CHROMIUM:-}" != "1" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "setup: Chromium is missing and cannot be installed without root; browser tests will fail" >&2
  fi
fi
if [ -n "${CI:-}" ] || [ ! -d node_modules/.pnpm ]; then
  pnpm install --frozen-lockfile
else
  pnpm install --frozen-lockfile --prefer-offline >/dev/null
fi
