#!/usr/bin/env bash
# The server's CPU per point lookup under each client, measured in the steady middle of each run: pgbench running
# `SELECT _id, data` (what pgjdbc's find_first sends), pgbench running `SELECT _id, data::text` (an I/O cast), and
# `stress run --op find_first --event-loops 1`, round after round on one throwaway server. With the server on a CPU
# of its own its CPU is the limit, so a client whose lookups cost the server more gets less throughput for that
# reason alone. find_first_vs_pgbench.sh counts the server's CPU over whole runs, warm-up included; this script
# leaves out each run's start and end.
#
# Usage: bench/server_cost_per_lookup.sh [--docs N] [--clients C] [--rounds R] [--window SECONDS] [--port FIRST]
# Each option also has an environment variable: DOCS, CLIENTS, ROUNDS, WINDOW, PORT; the command line wins.
# Defaults: 50000 docs, 8 connections, 3 rounds, a 10 s window. pgbench's window starts 5 s into its run, stress's
# after its 15 s warm-up. SERVER_CPUS and CLIENT_CPUS pin the server and the clients (defaults 0 and 1).
# STRESS_JAR selects the jar (default: target/stress.jar, built if missing), so two builds can be compared;
# STRESS_RUN_OPTS adds options to `stress run`.
#
# Per run it prints the server backends' CPU (/proc) ÷ the database's transactions (pg_stat_database) over the
# window, their voluntary context switches per transaction, the server CPU's busy share and the transactions/s.
# Exit status: 0 when every run completed, non-zero on failure.
set -euo pipefail

BENCH_NAME=server_cost_per_lookup
SERVER_CPUS=${SERVER_CPUS-0}
CLIENT_CPUS=${CLIENT_CPUS-1}
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-50000}
CLIENTS=${CLIENTS:-8}
ROUNDS=${ROUNDS:-3}
WINDOW=${WINDOW:-10}
PORT=${PORT:-5584}
STRESS_RUN_OPTS=${STRESS_RUN_OPTS:-}
DB=bench
PGBENCH_LEAD=5
STRESS_WARMUP=15

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --clients) CLIENTS=${2:?--clients needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --window) WINDOW=${2:?--window needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
bench_require_count --docs "$DOCS"
bench_require_count --clients "$CLIENTS"
bench_require_count --rounds "$ROUNDS"
bench_require_count --window "$WINDOW"
[ "$CLIENTS" -le 190 ] || die "--clients '$CLIENTS' must be at most 190 (the server allows 200 connections)"
bench_require_tools initdb pg_ctl postgres pgbench createdb psql
command -v python3 >/dev/null || die "python3 not found on PATH (it reads /proc)"
bench_resolve_jar

bench_print_machine
echo "settings: docs=$DOCS clients=$CLIENTS rounds=$ROUNDS window=${WINDOW}s${STRESS_RUN_OPTS:+ stress run options: $STRESS_RUN_OPTS}"
bench_server_with_docs "$DOCS"

for column in data data::text; do
  printf '\\set id random(1, %s)\nSELECT _id, %s FROM check_in WHERE _id = :id;\n' "$DOCS" "$column" >"$WORK/$column.sql"
done

# Samples the client backends of $DB at the window's start and end: CPU ticks, voluntary context switches, the
# database's transactions (the sampler's own two queries taken off) and the server's busy CPU time.
sample() {
  python3 - "$DATA/postmaster.pid" "$PORT" "$DB" "$PG_BIN/psql" "$1" "$WINDOW" "$BENCH_LIB" <<'PY'
import os, subprocess, sys, time
pid_file, port, db, psql, label, window, lib = sys.argv[1:8]
sys.path.insert(0, lib)
from server_cpu import server_ticks
postmaster = int(open(pid_file).readline())
hz = os.sysconf("SC_CLK_TCK")

def query(sql):
    return subprocess.run([psql, "-X", "-At", "-h", "127.0.0.1", "-p", port, "-U", "postgres", db, "-c", sql],
                          capture_output=True, text=True, check=True).stdout.split()

backends = [int(p) for p in query(f"SELECT pid FROM pg_stat_activity WHERE datname = '{db}'"
                                  " AND backend_type = 'client backend' AND pid <> pg_backend_pid()")]

def backend_totals():
    cpu = switches = 0
    for pid in backends:
        try:
            cpu += sum(int(f) for f in open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[11:13])
            switches += int(next(l for l in open(f"/proc/{pid}/status")
                                 if l.startswith("voluntary_ctxt_switches")).split()[1])
        except (OSError, StopIteration):
            pass
    return cpu, switches

def server_busy():
    return server_ticks(postmaster, reaped=False)[0]

def transactions():
    return int(query(f"SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '{db}'")[0])

cpu0, sw0, busy0, x0, t0 = *backend_totals(), server_busy(), transactions(), time.time()
time.sleep(float(window))
cpu1, sw1, busy1, x1, t1 = *backend_totals(), server_busy(), transactions(), time.time()
n = x1 - x0 - 2
if n <= 0:
    sys.exit(f"{label}: no transactions in the window")
print(f"{label:<28} {len(backends):>8} {n / (t1 - t0):>9.0f} {(cpu1 - cpu0) / hz * 1e6 / n:>12.1f}"
      f" {(sw1 - sw0) / n:>9.3f} {(busy1 - busy0) / hz / (t1 - t0) * 100:>9.0f}%")
PY
}

# Runs the client in the background, samples its steady middle after LEAD seconds, then waits for it.
measure() {
  local label=$1 lead=$2 log=$3
  shift 3
  start_child "$log" "$@"
  sleep "$lead"
  sample "$label" >>"$WORK/results.txt" || fail_with_log "sampling $label failed" "$log"
  wait_children || fail_with_log "$label failed" "$log"
}

: >"$WORK/results.txt"
PGBENCH_SECONDS=$((PGBENCH_LEAD + WINDOW + 3))
for ((round = 1; round <= ROUNDS; round++)); do
  for column in data data::text; do
    measure "r$round pgbench $column" "$PGBENCH_LEAD" "$WORK/pgbench-$round-$column.log" \
      "$PG_BIN/pgbench" -n -M prepared -c "$CLIENTS" -j 1 -T "$PGBENCH_SECONDS" -f "$WORK/$column.sql" \
      -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
  done
  # shellcheck disable=SC2086 # STRESS_RUN_OPTS is a list of options
  measure "r$round stress --event-loops 1" $((STRESS_WARMUP + 3)) "$WORK/stress-$round.log" \
    "$JAVA" -jar "$STRESS_JAR" --url "$URL" -U postgres run --op find_first --mode prepared --threads "$CLIENTS" \
    --event-loops 1 --warmup "${STRESS_WARMUP}s" --duration "$((WINDOW + 6))s" $STRESS_RUN_OPTS
done

echo
printf '%-28s %8s %9s %12s %9s %10s\n' "round, client" backends "lookups/s" "server µs/op" "vol. cs" "server busy"
cat "$WORK/results.txt"
