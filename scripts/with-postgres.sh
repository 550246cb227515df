#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster:
#   scripts/with-postgres.sh npx vitest run --project server
# The cluster is made from Debian's server binaries (/usr/lib/postgresql/<version>/bin, the highest version present;
# installed with scripts/apt-install.sh when missing), lives in a temp folder, listens on 127.0.0.1 only, on a free
# port, with trust auth and fsync off. The command runs with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres.
# The cluster is stopped and its folder removed on any exit; the script exits with the command's exit code.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

log() { echo "with-postgres: $*" >&2; }

find_bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5n | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; fi
}

BINDIR=$(find_bindir)
if [ -z "$BINDIR" ]; then
  log "PostgreSQL server binaries are missing"
  # The 'postgresql' metapackage depends on the distribution's current major version (15 on bookworm).
  "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" postgresql
  BINDIR=$(find_bindir)
  [ -n "$BINDIR" ] || { log "no initdb/pg_ctl under /usr/lib/postgresql/*/bin after installing"; exit 1; }
fi

# PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}
if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
  useradd --system --user-group --home-dir /var/lib/postgresql --shell /bin/bash postgres
fi

free_port() {
  if command -v node >/dev/null 2>&1; then
    node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
  else
    python3 -c "import socket;s=socket.socket();s.bind(('127.0.0.1',0));print(s.getsockname()[1]);s.close()"
  fi
}

# /tmp, not $TMPDIR: the postgres user must be able to reach the folder.
WORK=$(mktemp -d /tmp/addesk-pg.XXXXXX)
PGDATA="$WORK/data"
PGLOG="$WORK/postgres.log"
STARTED=0

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [ "$STARTED" -eq 1 ]; then
    as_pg "$BINDIR/pg_ctl" -D "$PGDATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

chmod 700 "$WORK"
[ "$(id -u)" -eq 0 ] && chown postgres: "$WORK"

as_pg "$BINDIR/initdb" -D "$PGDATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$WORK/initdb.log" 2>&1 \
  || as_pg "$BINDIR/initdb" -D "$PGDATA" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync >"$WORK/initdb.log" 2>&1 \
  || { cat "$WORK/initdb.log" >&2; log "initdb failed"; exit 1; }

# A port may be taken between finding and binding it: try a few.
for attempt in 1 2 3 4 5; do
  PORT=$(free_port)
  if as_pg "$BINDIR/pg_ctl" -D "$PGDATA" -l "$PGLOG" -w -t 60 start \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $WORK -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    >/dev/null 2>&1; then
    STARTED=1
    break
  fi
  log "start on port $PORT failed (attempt $attempt)"
  tail -n 5 "$PGLOG" >&2 2>/dev/null || true
done
if [ "$STARTED" -ne 1 ]; then
  log "could not start PostgreSQL"
  exit 1
fi

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
log "PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (data in $PGDATA)"

set +e
"$@"
status=$?
set -e
exit "$status"
