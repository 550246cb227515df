#!/usr/bin/env bash
# The end-to-end tests run in Debian's Chromium headless shell and never download a browser (decision 010). e2e's test
# script runs this first: it installs the shell, and the fonts its pages are drawn with, when they are missing, as
# scripts/with-postgres.sh installs PostgreSQL, or stops with the one command to run (scripts/apt-install.sh).
set -euo pipefail

CHROMIUM=/usr/bin/chromium-headless-shell
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium-headless-shell)
if command -v dpkg-query >/dev/null 2>&1 &&
  ! dpkg-query -W -f='${Status}' fonts-dejavu-core 2>/dev/null | grep -q 'ok installed'; then
  missing+=(fonts-dejavu-core)
fi
[ "${#missing[@]}" -eq 0 ] && exit 0

"$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "${missing[@]}"
if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: no $CHROMIUM after installing chromium-headless-shell" >&2
  exit 1
fi
