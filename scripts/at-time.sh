#!/usr/bin/env bash
# at-time.sh WHEN COMMAND...: runs COMMAND with the wall clock of every process it starts (Node, PGlite, PostgreSQL,
# Chromium) moved to WHEN, anything `date -d` reads ('2026-11-23 23:30 +0300'), and running on from there. One
# offset for all of them (libfaketime's relative form), so processes started later agree with the earlier ones;
# monotonic clocks are left alone. Shows that no test depends on the hour: scripts/at-time.sh '... 23:30 +0300' npm test
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 WHEN COMMAND..." >&2; exit 2; }
command -v faketime >/dev/null || { echo "faketime is missing: apt-get install -y faketime" >&2; exit 1; }
target=$(date -u -d "$1" +%s) || exit 2
shift
export FAKETIME_DONT_FAKE_MONOTONIC=1
exec faketime -f "$((target - $(date -u +%s)))s" "$@"
