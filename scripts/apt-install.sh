#!/usr/bin/env bash
# Installs Debian packages the tests need, for scripts/with-postgres.sh and scripts/ensure-chromium.sh:
#   scripts/apt-install.sh PACKAGE...
# Installs through apt-get as root or with a sudo that asks no password, refreshing the package lists when the install
# fails on them. Anyone else gets the one command to run and exit status 1, so a test run stops on that line.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 PACKAGE..." >&2
  exit 2
fi

log() { echo "apt-install: $*" >&2; }

if ! command -v apt-get >/dev/null 2>&1; then
  log "no apt-get on this machine: install $* (Debian's package names) with its package manager"
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  as_root=(env)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n env)
else
  log "$* missing and installing needs root; run: sudo apt-get install -y --no-install-recommends $*"
  exit 1
fi

log "installing Debian's $*"
apt_install() { "${as_root[@]}" DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null; }
# Package lists that do not know a package yet, or name a version the mirror no longer has, are refreshed once.
if ! apt_install "$@" 2>/dev/null; then
  "${as_root[@]}" apt-get update -qq
  apt_install "$@"
fi
