# shellcheck shell=bash
# Sourced by the scripts in bench/: a throwaway PostgreSQL server for one benchmark, and the helpers
# around it that every script needs (errors, the stress jar, the machine header, child processes).
#
# Before sourcing, set BENCH_NAME (used in messages and in the temp folder's name); PG_BIN, JAVA,
# LOG_DIR and STRESS_JAR are read when the functions run. Sourcing installs the traps: on exit,
# Ctrl-C, TERM or HUP the children are stopped, the server is stopped, the logs are copied to
# LOG_DIR (when set) and the temp folder is removed.
#
#   bench_require_tools TOOL...   the PostgreSQL binaries the script uses, checked in PG_BIN
#   bench_resolve_jar             sets STRESS_JAR (target/stress.jar, built if missing)
#   bench_print_machine           machine, kernel, load average, server, java and stress versions
#   bench_start_server PORT CONF  initdb + start in a mktemp folder on the first free port from PORT;
#                                 CONF is appended to postgresql.conf; sets WORK, DATA and PORT
#   bench_server_with_docs N [JVM OPTION...]
#                                 bench_start_server from PORT (max_connections 200, shared_buffers 256MB),
#                                 database DB, and stress init's table check_in of N small documents
#                                 (keys 1..N, init run with the JVM options); sets URL too
#   run_client OUT CMD...         runs CMD (output to OUT) as a stoppable child and waits for it
#   start_child OUT CMD...        starts CMD in the background (output to OUT); wait_children waits
#                                 for all of them and fails if one failed
#   start_service OUT CMD...      starts a helper that runs until stop_services (or the exit) stops it
#   fail_with_log MESSAGE LOG     the message and the last lines of LOG, then exit 1
#   cpu_of FILE                   CPU seconds (user + system) from a /usr/bin/time -f '%U %S' file
#   elapsed A B                   B - A, for seconds read at two moments
#   server_cpu                    the server's CPU seconds so far and its client backends still there
#   pin_running_servers DIR...    pins the servers whose data directories are given to SERVER_CPUS
#   settled_server_cpu            the server's CPU seconds once the last client's backends have exited
#
# SERVER_CPUS / CLIENT_CPUS (taskset CPU lists, e.g. 1 and 0) pin the server and every client command
# to their own CPUs, the nearest this one machine comes to a client host apart from the database host.
# A server already running (a bench's --target) is pinned by pin_running_servers: each postmaster and
# the processes it has forked, with every thread; the backends it forks later inherit the pinning. At
# exit they get back the CPUs they had.
#
# The server listens on 127.0.0.1 only, with its socket in the temp folder, trust authentication for
# user postgres; run as root, it runs as the `postgres` OS user. No other server is used or touched.

: "${BENCH_NAME:?set BENCH_NAME before sourcing throwaway_pg.sh}"
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
JAVA=${JAVA:-java}
LOG_DIR=${LOG_DIR:-}
BENCH_LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

die() { echo "$BENCH_NAME: $*" >&2; exit 2; }

# A count given as LABEL (an option or variable name) must be a whole number of at least 1.
bench_require_count() {
  [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge 1 ] || die "$1 '$2' must be a whole number >= 1"
}

# --help: the script's header comment, from its second line to the first line that is not a comment.
bench_usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; }

fail_with_log() {
  echo "$BENCH_NAME: $1; last lines of $2:" >&2
  tail -n 20 "$2" >&2
  exit 1
}

# The last line: GNU time writes "Command exited with non-zero status N" before the format line.
cpu_of() { awk 'END { printf "%.3f", $1 + $2 }' "$1"; }

elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }

# CPU seconds of the server so far (the postmaster, the backends it has reaped, its live children)
# and how many client backends (process title "... 127.0.0.1(port) ...") are still there.
server_cpu() { python3 "$BENCH_LIB/server_cpu.py" "$DATA/postmaster.pid"; }

# The server's CPU once the backends of the last run have exited (and so are counted).
settled_server_cpu() {
  local cpu backends tries
  for ((tries = 0; tries < 100; tries++)); do
    read -r cpu backends < <(server_cpu)
    [ "$backends" -gt 0 ] || break
    sleep 0.1
  done
  echo "$cpu"
}

bench_require_tools() {
  local tool
  for tool in "$@"; do
    [ -x "$PG_BIN/$tool" ] || die "$PG_BIN/$tool not found: install the PostgreSQL server package or set PG_BIN"
  done
  command -v "$JAVA" >/dev/null || die "java not found: $JAVA"
}

bench_resolve_jar() {
  local repo
  repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  if [ -z "${STRESS_JAR:-}" ]; then
    STRESS_JAR=$repo/target/stress.jar
    if [ ! -f "$STRESS_JAR" ]; then
      echo "building $STRESS_JAR ..."
      (cd "$repo" && mvn -q -B -DskipTests package) || die "build failed: mvn -q -B -DskipTests package in $repo"
    fi
  fi
  [ -f "$STRESS_JAR" ] || die "STRESS_JAR '$STRESS_JAR' does not exist"
}

bench_print_machine() {
  echo "machine: $(hostname), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')), $(free -g | awk '/^Mem:/ {print $2}') GiB RAM"
  echo "kernel: $(uname -sr); load average at start: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"
  echo "pinning: server on CPUs ${SERVER_CPUS:-any}, clients on CPUs ${CLIENT_CPUS:-any}"
  if [ -n "${BENCH_OWN_SERVER:-}" ]; then
    echo "server: $BENCH_OWN_SERVER (each run's header names what it found there)"
  else
    echo "server: $("$PG_BIN/postgres" --version)"
  fi
  echo "java: $("$JAVA" -version 2>&1 | head -n 1)"
  echo "stress: $("$JAVA" -jar "$STRESS_JAR" --version 2>&1 | head -n 1) ($STRESS_JAR)"
}

# Only the scripts' explicit -h/-p/-U/--url decide where clients connect.
unset PGHOST PGHOSTADDR PGPORT PGDATABASE PGUSER PGSERVICE PGOPTIONS PGPASSWORD

SERVER_PIN=(); CLIENT_PIN=()
[ -z "${SERVER_CPUS:-}" ] || SERVER_PIN=(taskset -c "$SERVER_CPUS")
[ -z "${CLIENT_CPUS:-}" ] || CLIENT_PIN=(taskset -c "$CLIENT_CPUS")
if [ "$(id -u)" -eq 0 ]; then
  as_server_user() { "${SERVER_PIN[@]}" runuser -u postgres -- "$@"; }
else
  as_server_user() { "${SERVER_PIN[@]}" "$@"; }
fi

WORK=""
DATA=""
SERVER_UP=""
CHILDREN=()
SERVICES=()
PINNED=()        # "postmaster-pid cpu-list" of each server pin_running_servers pinned, to give back at exit

bench_cleanup() {
  local rc=$? pid
  set +e
  trap - EXIT INT TERM HUP
  for pid in "${CHILDREN[@]}" "${SERVICES[@]}"; do
    kill -TERM "$pid" 2>/dev/null
  done
  for pid in "${CHILDREN[@]}" "${SERVICES[@]}"; do
    wait "$pid" 2>/dev/null
  done
  unpin_running_servers
  if [ -n "$SERVER_UP" ]; then
    (cd "$WORK" && as_server_user "$PG_BIN/pg_ctl" -D "$DATA" -m fast -w -t 30 stop >/dev/null 2>&1) \
      || (cd "$WORK" && as_server_user "$PG_BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1)
  fi
  if [ -n "$WORK" ]; then
    if [ -n "$LOG_DIR" ]; then
      mkdir -p "$LOG_DIR" && cp "$WORK"/*.log "$WORK"/*.json "$WORK"/*.tsv "$LOG_DIR"/ 2>/dev/null
    fi
    rm -rf "$WORK"
  fi
  exit "$rc"
}
trap bench_cleanup EXIT
trap 'echo "interrupted" >&2; exit 130' INT
trap 'echo "terminated" >&2; exit 143' TERM HUP

# The postmaster and its children (every thread of each) on CPU list $2.
pin_server_tree() {
  local pid
  for pid in "$1" $(pgrep -P "$1"); do
    taskset -a -p -c "$2" "$pid" >/dev/null 2>&1 || [ ! -d "/proc/$pid" ] || return 1
  done
}

pin_running_servers() {
  local d pid before
  [ -n "${SERVER_CPUS:-}" ] || return 0
  command -v taskset >/dev/null || die "SERVER_CPUS needs taskset (util-linux) on PATH"
  for d in "$@"; do
    pid=$(head -n 1 "$d/postmaster.pid")
    before=$(taskset -c -p "$pid") || die "SERVER_CPUS: cannot read the CPUs of $d's postmaster ($pid)"
    before=${before##*: }
    PINNED+=("$pid $before")
    pin_server_tree "$pid" "$SERVER_CPUS" \
      || die "SERVER_CPUS: cannot pin $d's server (postmaster $pid) to CPUs $SERVER_CPUS (run as its OS user or root)"
  done
}

unpin_running_servers() {
  local entry
  for entry in "${PINNED[@]}"; do
    pin_server_tree ${entry% *} "${entry#* }"
  done
  PINNED=()
}

# Clients run in the background and are waited for, so that Ctrl-C or TERM reaches the trap at once
# instead of after the run; the trap then stops them.
start_child() {
  local out=$1
  shift
  "${CLIENT_PIN[@]}" "$@" >"$out" 2>&1 &
  CHILDREN+=("$!")
}

# Waits for every child started with start_child; returns non-zero if any of them failed.
wait_children() {
  local pid rc=0
  for pid in "${CHILDREN[@]}"; do
    wait "$pid" || rc=$?
  done
  CHILDREN=()
  return "$rc"
}

start_service() {
  local out=$1
  shift
  "$@" >"$out" 2>&1 &
  SERVICES+=("$!")
}

stop_services() {
  local pid
  for pid in "${SERVICES[@]}"; do
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null || true
  done
  SERVICES=()
}

run_client() {
  start_child "$@"
  wait_children
}

bench_start_server() {
  local first_port=$1 conf=$2 attempt candidate started=""
  [ "$(id -u)" -ne 0 ] || id postgres >/dev/null 2>&1 || die "running as root needs the 'postgres' OS user to run the server"
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/$BENCH_NAME.XXXXXX")
  DATA=$WORK/data
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$WORK"
    runuser -u postgres -- test -w "$WORK" || die "the postgres OS user cannot write $WORK; set TMPDIR to a folder it can reach"
  fi
  (cd "$WORK" && as_server_user "$PG_BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C) \
    >"$WORK/initdb.log" 2>&1 || fail_with_log "initdb failed" "$WORK/initdb.log"
  # The socket goes into the private folder so that no other server's socket path is touched.
  printf "listen_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n%s\n" "$WORK" "$conf" >>"$DATA/postgresql.conf"
  # Set before starting, so that an interruption during the start still stops the server.
  SERVER_UP=1
  for ((attempt = 0; attempt < 100; attempt++)); do
    candidate=$((first_port + attempt))
    (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null && continue
    if (cd "$WORK" && as_server_user "$PG_BIN/pg_ctl" -D "$DATA" -l "$WORK/server.log" -o "-p $candidate" -w -t 60 start) \
      >"$WORK/pg_ctl.log" 2>&1; then
      started=1
      PORT=$candidate
      break
    fi
    # Someone may have taken the port between the probe and the start: try the next one.
    grep -q "Address already in use" "$WORK/server.log" 2>/dev/null || fail_with_log "the server did not start" "$WORK/server.log"
  done
  [ -n "$started" ] || die "no free port in $first_port..$((first_port + 99)) on 127.0.0.1"
}

bench_server_with_docs() {
  local docs=$1
  shift
  bench_start_server "$PORT" "max_connections = 200
shared_buffers = 256MB"
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
  URL="jdbc:postgresql://127.0.0.1:$PORT/$DB"
  "$JAVA" "$@" -jar "$STRESS_JAR" --url "$URL" -U postgres init --docs "$docs" --shape small --drop-existing \
    >"$WORK/init.log" 2>&1 || fail_with_log "stress init failed" "$WORK/init.log"
}
