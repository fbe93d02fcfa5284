#!/usr/bin/env bash
# Best effort, for the MongoDB-target tests (STRESS_MONGODB_URL): FerretDB 1.24 (MongoDB's wire protocol over
# PostgreSQL) from the Go module proxy, built once into a cache, run on a PostgreSQL 15 of its own on free ports.
#   .ci/ferretdb.sh start   prints the mongodb:// URL on stdout when both run; exit non-zero otherwise
#   .ci/ferretdb.sh stop    stops both and removes their data
# The port of FerretDB's PostgreSQL is in $RUN/pg_port while it runs; STRESS_FERRETDB_RUN moves RUN (default
# /tmp/stress-ci-ferretdb), so that two of them can run side by side.
# Needs go, Debian's PostgreSQL 15 binaries, and root (the server runs as the postgres OS user). The module lacks a
# generated version file its binary reads at start, so it is built from a copy of the module with that file written.
set -euo pipefail

VERSION=v1.24.2
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
CACHE=${STRESS_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stress-ci}/ferretdb-$VERSION
RUN=${STRESS_FERRETDB_RUN:-/tmp/stress-ci-ferretdb}
log() { echo "ferretdb: $*" >&2; }

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

build() {
  [ -x "$CACHE/bin/ferretdb" ] && return 0
  command -v go >/dev/null 2>&1 || { log "no go: not built"; return 1; }
  mkdir -p "$CACHE"
  export GOPATH="$CACHE/gopath" GOCACHE="$CACHE/gocache" GOFLAGS=-mod=mod GOTOOLCHAIN=local
  local probe="$CACHE/probe"
  mkdir -p "$probe"
  (cd "$probe" && { [ -f go.mod ] || go mod init probe >/dev/null 2>&1; } \
    && go mod download github.com/FerretDB/FerretDB@"$VERSION") || { log "module download failed"; return 1; }
  local module="$GOPATH/pkg/mod/github.com/!ferret!d!b/!ferret!d!b@$VERSION"
  rm -rf "$CACHE/src" && cp -r "$module" "$CACHE/src" && chmod -R u+w "$CACHE/src"
  echo "$VERSION" > "$CACHE/src/build/version/version.txt"
  (cd "$CACHE/src" && go build -buildvcs=false -o "$CACHE/bin/ferretdb" ./cmd/ferretdb) >"$CACHE/build.log" 2>&1 \
    || { log "build failed, see $CACHE/build.log"; return 1; }
}

start() {
  [ "$(id -u)" = 0 ] || { log "not root: not started"; return 1; }
  [ -x "$PG_BIN/initdb" ] || { log "no PostgreSQL binaries in $PG_BIN"; return 1; }
  build
  stop >/dev/null 2>&1 || true
  mkdir -p "$RUN/pgdata" "$RUN/sock" && chown -R postgres:postgres "$RUN" && chmod 700 "$RUN/pgdata"
  local pg_port mongo_port
  pg_port=$(free_port)
  mongo_port=$(free_port)
  runuser -u postgres -- "$PG_BIN/initdb" -D "$RUN/pgdata" -U postgres --auth=trust -E UTF8 >"$RUN/initdb.log" 2>&1
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$RUN/pgdata" -l "$RUN/postgresql.log" -w -t 60 \
    -o "-p $pg_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$RUN/sock" start >/dev/null
  runuser -u postgres -- "$PG_BIN/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres ferretdb
  setsid nohup "$CACHE/bin/ferretdb" --listen-addr="127.0.0.1:$mongo_port" \
    --postgresql-url="postgres://postgres@127.0.0.1:$pg_port/ferretdb" --test-enable-nested-pushdown \
    --telemetry=disable --state-dir="$RUN/state" --debug-addr="127.0.0.1:$(free_port)" \
    >"$RUN/ferretdb.log" 2>&1 </dev/null &
  echo $! > "$RUN/ferretdb.pid"
  echo "$pg_port" > "$RUN/pg_port" # the PostgreSQL under FerretDB, for a table on the same server (bench/)
  for _ in $(seq 1 60); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$mongo_port") 2>/dev/null; then
      echo "mongodb://127.0.0.1:$mongo_port/"
      return 0
    fi
    kill -0 "$(cat "$RUN/ferretdb.pid")" 2>/dev/null || break
    sleep 1
  done
  log "did not start, see $RUN/ferretdb.log"
  return 1
}

stop() {
  if [ -f "$RUN/ferretdb.pid" ]; then kill "$(cat "$RUN/ferretdb.pid")" 2>/dev/null || true; fi
  if [ -f "$RUN/pgdata/PG_VERSION" ]; then
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$RUN/pgdata" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$RUN"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
