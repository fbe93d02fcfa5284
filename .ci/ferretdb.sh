#!/usr/bin/env bash
# Best effort, for the MongoDB-target tests (STRESS_MONGODB_URL): FerretDB 1.24 (MongoDB's wire protocol over
# PostgreSQL) from the Go module proxy, built once into a cache, run on a PostgreSQL 15 of its own on free ports.
#   .ci/ferretdb.sh start       starts one instance in a run directory of its own; prints only the mongodb:// URL on
#                               stdout when both run, and on stderr the run directory, the PostgreSQL port and how to
#                               stop it; exit non-zero otherwise (what it had started by then is stopped again)
#   .ci/ferretdb.sh stop DIR    stops the instance of run directory DIR (FerretDB and its PostgreSQL) and removes DIR
#   .ci/ferretdb.sh stop        the same for the directory named in $STRESS_FERRETDB_RUN_FILE, else $STRESS_FERRETDB_RUN;
#                               with neither it stops nothing, says so and exits non-zero
# The run directory is a new mktemp -d /tmp/stress-ferretdb.XXXXXX, or $STRESS_FERRETDB_RUN when set: that one is
# created if missing and refused (one line on stderr, exit 1) while it holds an instance being started or running,
# never stopped by start. Start stops nothing it did not start. When $STRESS_FERRETDB_RUN_FILE is set, start writes
# the run directory's path into that file as soon as it owns the directory, for a later stop.
# In the run directory: pg_port (the port of FerretDB's PostgreSQL, for a table on the same server: bench/), the
# logs, and .stress-ferretdb, which marks it as one of this script's (stop removes no directory without it).
# The build into the cache is done under a lock (flock on $CACHE/build.lock): a start that finds another building
# waits for it and uses its binary.
# Needs go, Debian's PostgreSQL 15 binaries, and root (the server runs as the postgres OS user). The module lacks a
# generated version file its binary reads at start, so it is built from a copy of the module with that file written.
set -euo pipefail

VERSION=v1.24.2
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
CACHE=${STRESS_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stress-ci}/ferretdb-$VERSION
MARK=.stress-ferretdb
log() { echo "ferretdb: $*" >&2; }

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

build() {
  mkdir -p "$CACHE"
  (
    if ! flock -n 9; then
      log "another start is building into $CACHE: waiting for it"
      flock -w 1800 9 || { log "still building after 30 minutes: not started"; exit 1; }
    fi
    [ -x "$CACHE/bin/ferretdb" ] && exit 0
    command -v go >/dev/null 2>&1 || { log "no go: not built"; exit 1; }
    export GOPATH="$CACHE/gopath" GOCACHE="$CACHE/gocache" GOFLAGS=-mod=mod GOTOOLCHAIN=local
    probe="$CACHE/probe"
    mkdir -p "$probe"
    (cd "$probe" && { [ -f go.mod ] || go mod init probe >/dev/null 2>&1; } \
      && go mod download github.com/FerretDB/FerretDB@"$VERSION") || { log "module download failed"; exit 1; }
    module="$GOPATH/pkg/mod/github.com/!ferret!d!b/!ferret!d!b@$VERSION"
    rm -rf "$CACHE/src" && cp -r "$module" "$CACHE/src" && chmod -R u+w "$CACHE/src"
    echo "$VERSION" > "$CACHE/src/build/version/version.txt"
    (cd "$CACHE/src" && go build -buildvcs=false -o "$CACHE/bin/ferretdb.new" ./cmd/ferretdb) >"$CACHE/build.log" 2>&1 \
      || { log "build failed, see $CACHE/build.log"; exit 1; }
    mv -f "$CACHE/bin/ferretdb.new" "$CACHE/bin/ferretdb"
  ) 9>"$CACHE/build.lock"
}

# The pid of the FerretDB of run directory $1 while it runs (a pid whose command line names that directory), else "".
ferretdb_pid() {
  local pid
  pid=$(cat "$1/ferretdb.pid" 2>/dev/null) || return 0
  [ -n "$pid" ] && tr '\0' '\n' <"/proc/$pid/cmdline" 2>/dev/null | grep -qxF -- "--state-dir=$1/state" && echo "$pid"
  return 0
}

# True while the PostgreSQL of run directory $1 runs.
pg_running() {
  [ -f "$1/pgdata/PG_VERSION" ] && runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$1/pgdata" status >/dev/null 2>&1
}

# Stops FerretDB and PostgreSQL of run directory $1, whichever runs.
halt() {
  local pid
  pid=$(ferretdb_pid "$1")
  if [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  if [ -f "$1/pgdata/PG_VERSION" ]; then
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$1/pgdata" -m fast -w stop >/dev/null 2>&1 || true
  fi
}

# True when the TCP port $2 of 127.0.0.1 is listened on by process $1 (true without ss to ask).
listens() {
  command -v ss >/dev/null 2>&1 || return 0
  ss -Hltnp "sport = :$2" 2>/dev/null | grep -q "pid=$1,"
}

start() {
  [ "$(id -u)" = 0 ] || { log "not root: not started"; return 1; }
  [ -x "$PG_BIN/initdb" ] || { log "no PostgreSQL binaries in $PG_BIN"; return 1; }
  if [ -n "${STRESS_FERRETDB_RUN:-}" ]; then
    RUN=$STRESS_FERRETDB_RUN
    mkdir -p "$RUN"
    RUN=$(cd "$RUN" && pwd -P)
  else
    RUN=$(mktemp -d /tmp/stress-ferretdb.XXXXXX)
    RUN=$(cd "$RUN" && pwd -P)
  fi
  # Held until this start ends (its servers do not inherit it): a second start on the same directory refuses.
  exec 8>>"$RUN/.lock"
  if ! flock -n 8 || [ -n "$(ferretdb_pid "$RUN")" ] || pg_running "$RUN"; then
    log "$RUN holds a FerretDB being started or running: not started, nothing stopped (.ci/ferretdb.sh stop $RUN stops it)"
    return 1
  fi
  # The directory is this start's: what an earlier instance left there, not running, is cleared.
  rm -rf "$RUN/pgdata" "$RUN/sock" "$RUN/state" "$RUN/ferretdb.pid" "$RUN/pg_port" "$RUN"/*.log
  touch "$RUN/$MARK"
  if [ -n "${STRESS_FERRETDB_RUN_FILE:-}" ]; then echo "$RUN" > "$STRESS_FERRETDB_RUN_FILE"; fi
  trap 'failed $?' EXIT
  trap 'exit 143' TERM
  trap 'exit 130' INT

  build
  mkdir -p "$RUN/pgdata" "$RUN/sock" && chown -R postgres:postgres "$RUN" && chmod 700 "$RUN/pgdata"
  local pg_port mongo_port pid
  pg_port=$(free_port)
  mongo_port=$(free_port)
  runuser -u postgres -- "$PG_BIN/initdb" -D "$RUN/pgdata" -U postgres --auth=trust -E UTF8 >"$RUN/initdb.log" 2>&1
  runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$RUN/pgdata" -l "$RUN/postgresql.log" -w -t 60 \
    -o "-p $pg_port -c listen_addresses=127.0.0.1 -c unix_socket_directories=$RUN/sock" start >/dev/null 8>&-
  runuser -u postgres -- "$PG_BIN/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres ferretdb
  setsid nohup "$CACHE/bin/ferretdb" --listen-addr="127.0.0.1:$mongo_port" \
    --postgresql-url="postgres://postgres@127.0.0.1:$pg_port/ferretdb" --test-enable-nested-pushdown \
    --telemetry=disable --state-dir="$RUN/state" --debug-addr="127.0.0.1:$(free_port)" \
    >"$RUN/ferretdb.log" 2>&1 </dev/null 8>&- &
  pid=$!
  echo "$pid" > "$RUN/ferretdb.pid"
  echo "$pg_port" > "$RUN/pg_port" # the PostgreSQL under FerretDB, for a table on the same server (bench/)
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    if (exec 3<>"/dev/tcp/127.0.0.1/$mongo_port") 2>/dev/null && listens "$pid" "$mongo_port"; then
      trap - EXIT TERM INT
      log "running in $RUN (PostgreSQL on port $pg_port, also in $RUN/pg_port); stop: .ci/ferretdb.sh stop $RUN"
      echo "mongodb://127.0.0.1:$mongo_port/"
      return 0
    fi
    sleep 1
  done
  log "did not start, see $RUN/ferretdb.log"
  return 1
}

# On a start that fails or is interrupted: stops what it started, keeps the logs.
failed() {
  trap - EXIT TERM INT
  halt "$RUN"
  rm -rf "$RUN/pgdata" "$RUN/sock" "$RUN/state" "$RUN/ferretdb.pid" "$RUN/pg_port"
  log "not started; logs in $RUN (.ci/ferretdb.sh stop $RUN removes it)"
  exit "$(($1 == 0 ? 1 : $1))"
}

stop() {
  local dir
  if [ $# -ge 1 ]; then
    dir=$1
  elif [ -n "${STRESS_FERRETDB_RUN_FILE:-}" ]; then
    dir=$(cat "$STRESS_FERRETDB_RUN_FILE" 2>/dev/null || true)
  else
    dir=${STRESS_FERRETDB_RUN:-}
  fi
  if [ -z "$dir" ]; then
    log "stop: no run directory given (.ci/ferretdb.sh stop DIR, or STRESS_FERRETDB_RUN_FILE / STRESS_FERRETDB_RUN): nothing stopped"
    return 1
  fi
  if [ ! -f "$dir/$MARK" ]; then
    log "stop: $dir is not a run directory of .ci/ferretdb.sh (no $MARK in it): nothing stopped"
    return 1
  fi
  dir=$(cd "$dir" && pwd -P)
  # Waits for a start still running on it, so that what it starts is stopped too.
  exec 8>>"$dir/.lock"
  flock -w 120 8 || { log "stop: a start on $dir still holds it after 2 minutes: nothing stopped"; return 1; }
  halt "$dir"
  rm -rf "$dir"
  if [ -n "${STRESS_FERRETDB_RUN_FILE:-}" ] && [ "$(cat "$STRESS_FERRETDB_RUN_FILE" 2>/dev/null)" = "$dir" ]; then
    rm -f "$STRESS_FERRETDB_RUN_FILE"
  fi
}

case "${1:-}" in
  start) start ;;
  stop) shift; stop "$@" ;;
  *) echo "usage: $0 start | stop [DIR]" >&2; exit 2 ;;
esac
