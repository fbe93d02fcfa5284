#!/usr/bin/env bash
# Prepared against plain statements, straight to PostgreSQL against through PgBouncer, as one `run --via` in
# interleaved rounds with intervals: the roads `direct`, `txn` (transaction pooling with max_prepared_statements, the
# setting PgBouncer 1.21 added; before 1.21 the tool leaves that road's prepared combinations out and says why) and
# `session` (session pooling), each with --mode prepared,plain, on one throwaway PostgreSQL and table. Then many
# clients through few server connections: CLIENTS event-loop connections through the transaction pooler's POOL
# server connections, with the pooler's own figures (how long clients waited for a server connection).
# Prints each run's comparison as the tool prints it, then one line per row (the paired ratio to direct+prepared, its
# interval and verdict, from result.json), the paired ratios prepared ÷ plain per road and road ÷ direct per mode with
# their intervals, and the many-clients run's figures and pooler line.
#
# Usage: bench/pooler_prepared.sh [--docs N] [--threads T] [--rounds R] [--duration SECONDS] [--warmup SECONDS]
#                                 [--pool N] [--clients N] [--event-loops N] [--port FIRST] [--log-dir DIR]
#                                 [--url URL --txn-url URL --session-url URL]
# With --url (a server of your own, e.g. a Citus coordinator) and the URLs of two PgBouncers in front of it (one in
# transaction pooling, one in session pooling, their console readable by the login), no server or pooler is started:
# the tool's default table in that database is replaced by DOCS generated documents (laid out by the tool for the
# server it finds) and the same runs go there. --pool is then only the label of the many-clients run.
# Environment: SERVER_URL, TXN_URL, SESSION_URL (the options above), DOCS (100000), THREADS (8), ROUNDS (5),
# DURATION (5), WARMUP (5), POOL (20), CLIENTS (2000), EVENT_LOOPS (2), PORT (5644: the server; the poolers take free ports above it), PGBOUNCER (the binary: default
# Debian's /usr/sbin/pgbouncer, else one on PATH; 1.21 or later to measure prepared statements in transaction
# pooling), SERVER_CPUS / CLIENT_CPUS (pin the server and poolers, and the client, with taskset), STRESS_JAR, PG_BIN,
# JAVA, STRESS_JAVA_OPTS, LOG_DIR as in lib/throwaway_pg.sh.
# Run as root, the server and the poolers run as the `postgres` OS user on 127.0.0.1 only and are removed at exit.
# Exit status: 0 when every run completed (whatever the figures), non-zero on failure.
set -euo pipefail

BENCH_NAME=pooler_prepared
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-100000}
THREADS=${THREADS:-8}
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5}
WARMUP=${WARMUP:-5}
POOL=${POOL:-20}
CLIENTS=${CLIENTS:-2000}
EVENT_LOOPS=${EVENT_LOOPS:-2}
PORT=${PORT:-5644}
STRESS_JAVA_OPTS=${STRESS_JAVA_OPTS:-}
DB=bench

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --threads) THREADS=${2:?--threads needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --duration) DURATION=${2:?--duration needs a value}; shift 2 ;;
    --warmup) WARMUP=${2:?--warmup needs a value}; shift 2 ;;
    --pool) POOL=${2:?--pool needs a value}; shift 2 ;;
    --clients) CLIENTS=${2:?--clients needs a value}; shift 2 ;;
    --event-loops) EVENT_LOOPS=${2:?--event-loops needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    --url) SERVER_URL=${2:?--url needs a value}; shift 2 ;;
    --txn-url) TXN_URL=${2:?--txn-url needs a value}; shift 2 ;;
    --session-url) SESSION_URL=${2:?--session-url needs a value}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
for v in DOCS THREADS ROUNDS DURATION POOL CLIENTS EVENT_LOOPS PORT; do
  bench_require_count "--$(echo "$v" | tr 'A-Z_' 'a-z-')" "${!v}"
done
[[ $WARMUP =~ ^[0-9]+$ ]] || die "--warmup '$WARMUP' must be whole seconds"

SERVER_URL=${SERVER_URL:-}
TXN_URL=${TXN_URL:-}
SESSION_URL=${SESSION_URL:-}
if [ -n "$SERVER_URL" ]; then
  [ -n "$TXN_URL" ] && [ -n "$SESSION_URL" ] || die "--url needs --txn-url and --session-url (the poolers in front of it)"
else
  if [ -z "${PGBOUNCER:-}" ]; then
    for candidate in /usr/sbin/pgbouncer $(command -v pgbouncer || true); do
      [ -x "$candidate" ] && PGBOUNCER=$candidate && break
    done
  fi
  [ -n "${PGBOUNCER:-}" ] && [ -x "$PGBOUNCER" ] \
    || die "no PgBouncer binary (apt-get install pgbouncer, or PGBOUNCER=PATH to one, 1.21 or later for max_prepared_statements)"
  PGBOUNCER_VERSION=$("$PGBOUNCER" --version | head -n 1)
  PGBOUNCER_MINOR=$(echo "$PGBOUNCER_VERSION" | sed -n 's/^PgBouncer 1\.\([0-9]*\).*/\1/p')
  [ -n "$PGBOUNCER_MINOR" ] || die "PGBOUNCER=$PGBOUNCER says '$PGBOUNCER_VERSION', not a PgBouncer 1.x"
fi

[ -n "$SERVER_URL" ] || bench_require_tools initdb pg_ctl postgres createdb
command -v python3 >/dev/null || die "python3 not found on PATH (used to read stress's JSON result)"
bench_resolve_jar
[ -z "$SERVER_URL" ] || BENCH_OWN_SERVER=$SERVER_URL
bench_print_machine
if [ -n "$SERVER_URL" ]; then
  echo "poolers: $TXN_URL (transaction pooling), $SESSION_URL (session pooling)"
else
  echo "pooler: $PGBOUNCER_VERSION ($PGBOUNCER)"
fi
echo "settings: docs=$DOCS threads=$THREADS rounds=$ROUNDS duration=${DURATION}s warmup=${WARMUP}s pool=$POOL" \
  "clients=$CLIENTS event-loops=$EVENT_LOOPS"


# runuser does not pass a TERM on to the pooler it started: each pooler writes a pidfile and is stopped by it at exit.
POOLER_PIDFILES=()
stop_poolers() {
  local f
  for f in "${POOLER_PIDFILES[@]}"; do
    [ -s "$f" ] && kill -TERM "$(cat "$f")" 2>/dev/null
  done
  POOLER_PIDFILES=()
}
trap 'rc=$?; stop_poolers; (exit "$rc"); bench_cleanup' EXIT

free_port() {
  local p=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}

# A PgBouncer in front of the bench database: $1 name, $2 pool_mode, $3 extra settings. Sets POOLER_PORT.
start_pooler() {
  local name=$1 mode=$2 extra=$3 dir=$WORK/$1
  POOLER_PORT=$(free_port $((PORT + 10)))
  mkdir -p "$dir"
  printf '"postgres" ""\n' >"$dir/users.txt"
  cat >"$dir/pgbouncer.ini" <<EOF
[databases]
$DB = host=127.0.0.1 port=$PORT dbname=$DB
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $POOLER_PORT
unix_socket_dir =
auth_type = trust
auth_file = $dir/users.txt
admin_users = postgres
pool_mode = $mode
default_pool_size = $POOL
max_client_conn = $((CLIENTS + 100))
ignore_startup_parameters = extra_float_digits,options
logfile = $WORK/pooler-$name.log
pidfile = $dir/pgbouncer.pid
$extra
EOF
  POOLER_PIDFILES+=("$dir/pgbouncer.pid")
  [ "$(id -u)" -ne 0 ] || chown -R postgres: "$dir"
  # a login shell's soft limit of 1,024 open files would refuse clients past about a thousand: raised to the hard one
  # shellcheck disable=SC2016 # expanded by the inner shell
  start_service "$WORK/pooler-$name.out" as_server_user sh -c 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"' \
    "$PGBOUNCER" "$dir/pgbouncer.ini"
  local i
  for ((i = 0; i < 100; i++)); do
    (exec 3<>"/dev/tcp/127.0.0.1/$POOLER_PORT") 2>/dev/null && return 0
    sleep 0.1
  done
  fail_with_log "PgBouncer ($name) did not listen on $POOLER_PORT" "$WORK/pooler-$name.log"
}

if [ -n "$SERVER_URL" ]; then
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/$BENCH_NAME.XXXXXX")
  URL=$SERVER_URL
  # shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of JVM options
  "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres init --docs "$DOCS" --shape small \
    --drop-existing >"$WORK/init.log" 2>&1 || fail_with_log "stress init failed" "$WORK/init.log"
else
  # shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of JVM options
  bench_server_with_docs "$DOCS" $STRESS_JAVA_OPTS
  pin_running_servers "$DATA"
  if [ "$PGBOUNCER_MINOR" -ge 21 ]; then
    start_pooler txn transaction "max_prepared_statements = 200"
  else
    start_pooler txn transaction ""
  fi
  TXN_URL="jdbc:postgresql://127.0.0.1:$POOLER_PORT/$DB"
  start_pooler session session ""
  SESSION_URL="jdbc:postgresql://127.0.0.1:$POOLER_PORT/$DB"
fi

one_run() { # $1 = name, $2 = the URL, the rest: the run's options
  local name=$1 url=$2 json=$WORK/$1.json
  shift 2
  # shellcheck disable=SC2086
  run_client "$WORK/$name.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$url" -U postgres run --op find_first \
    --json "$json" "$@" || fail_with_log "stress run ($name) failed" "$WORK/$name.log"
}

one_run roads "$URL" --via "txn=$TXN_URL" --via "session=$SESSION_URL" --mode prepared,plain \
  --threads "$THREADS" --duration "${DURATION}s" --warmup "${WARMUP}s" --rounds "$ROUNDS"
echo
echo "== roads: direct, txn (transaction pooling), session (session pooling); prepared and plain; $ROUNDS rounds"
grep -E '^(pooler|via|prepared statements through)' "$WORK/roads.log" || true
sed -n '/^comparison (/,$p' "$WORK/roads.log" | grep -v '^result:'

one_run many "$TXN_URL" --mode plain --event-loops "$EVENT_LOOPS" --threads "$CLIENTS" \
  --duration "$((DURATION * 2))s" --warmup "${WARMUP}s"
echo
echo "== many: $CLIENTS clients on $EVENT_LOOPS event loops through $POOL server connections (transaction pooling)"
grep -E '^(pooler|phase|connections|  total|total)' "$WORK/many.log" || true
stop_poolers
stop_services

echo
echo "summary (ratio to the run's first row: median of the paired per-round ratios [interval] verdict):"
python3 - "$WORK" "$BENCH_LIB" <<'PY'
import json, sys
work = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from median_interval import median_interval
result = json.load(open(f"{work}/roads.json"))
comparison = result["roundComparison"]
for row in comparison["rows"]:
    label = " ".join(f"{k}={v}" for k, v in row["combination"].items())
    if row["baseline"]:
        print(f"  roads: {label}: the baseline")
        continue
    cells = []
    for f in row["figures"]:
        r = f.get("vsBaseline")
        if r:
            cells.append(f"{f['figure']} x{r['median']:.2f} [x{r['low']:.2f}-x{r['high']:.2f}] {r['verdict']}")
    print(f"  roads: {label}: " + "; ".join(cells))
for noise in comparison["noise"]:
    if noise.get("unsteady"):
        print(f"  roads: {noise['unsteady']}")

# The comparisons the question asks, paired round by round: prepared vs plain on each road, each road vs direct.
ops = {}
for row in comparison["rows"]:
    c = row["combination"]
    ops[(c.get("via", "direct"), c["mode"])] = next(f["rounds"] for f in row["figures"] if f["figure"] == "ops/s")
def paired(a, b, words):
    if a not in ops or b not in ops:
        print(f"  {words}: not measured (left out: {comparison.get('leftOut')})")
        return
    ratios = [x / y for x, y in zip(ops[a], ops[b])]
    m, lo, hi, cov = median_interval(ratios)
    print(f"  {words}: ops/s x{m:.2f} [x{lo:.2f}-x{hi:.2f}, {cov:.0%} coverage] over {len(ratios)} rounds")
print("paired ratios of ops/s (median of the per-round ratios [interval]):")
for road in ["direct", "txn", "session"]:
    paired((road, "prepared"), (road, "plain"), f"{road}: prepared / plain")  # txn: the release note's 15-250%
for road in ["txn", "session"]:
    for mode in ["prepared", "plain"]:
        paired((road, mode), ("direct", mode), f"{mode}: {road} / direct")
many = json.load(open(f"{work}/many.json"))
for phase in many["phases"]:
    total = phase["stats"]["total"]
    conn = phase.get("connection", {})
    pooler = {k: v for k, v in conn.items() if k.startswith("pooler")}
    print(f"  many: {phase['label']}: {total['opsPerSecond']:.0f} ops/s, p50 {total['latencyMs']['p50']:.2f} ms,"
          f" p99 {total['latencyMs']['p99']:.2f} ms, errors {total['errorCount']}; {pooler}")
PY
