#!/usr/bin/env bash
# Compares `stress run --op find_first --mode prepared` with `pgbench -M prepared` running the same
# SQL, on the same throwaway PostgreSQL server and table, with the same number of connections,
# interleaved round by round, and prints stress ops/s divided by pgbench tps. A ratio >= 1.0 means
# the tool is not the bottleneck: it drives the server at least as hard as pgbench does.
#
# Usage: bench/find_first_vs_pgbench.sh [--docs N] [--clients C[,C...]] [--rounds R]
#                                       [--duration SECONDS] [--warmup SECONDS] [--port FIRST]
#                                       [--pgbench-jobs J] [--log-dir DIR]
# Each option also has an environment variable: DOCS, CLIENTS, ROUNDS, DURATION, WARMUP, PORT,
# PGBENCH_JOBS, LOG_DIR; the command line wins. Defaults: 200000 docs, 8 clients, 3 rounds, 20 s
# measured, 5 s warm-up, ports from 5544, pgbench -j = min(clients, cores). --log-dir keeps every
# raw output (server log, pgbench and stress output, stress JSON) after the temp folder is removed.
# STRESS_JAR selects the jar (default: target/stress.jar, built if missing), PG_BIN the PostgreSQL
# binaries (default /usr/lib/postgresql/15/bin), STRESS_JAVA_OPTS extra JVM options (default none),
# JAVA the java binary (default: java on PATH), STRESS_RUN_OPTS extra options for `stress run` (e.g.
# --virtual-threads, which needs Java 21+, or --event-loops 1, the least client CPU on cores shared with the server,
# or --event-loops 2, pgbench -j 2's counterpart, or --event-loops 1 --busy-poll with the client on a CPU of its own).
#
# Run as root, the server runs as the `postgres` OS user; otherwise as the calling user. It listens
# on 127.0.0.1 only, on the first free port from --port on, with its socket in its own temp folder,
# and is stopped and deleted on exit, Ctrl-C or failure. No other server is used or touched.
#
# Warm-up: stress gets --warmup inside its own run (same JVM, same connections, not measured);
# pgbench gets a separate unmeasured run of the same length with the same -c/-j right before its
# measured run. pgbench's figure is its "tps = ... (without initial connection time)".
#
# Client CPU per operation: every client command runs under /usr/bin/time (user + system seconds of the
# process and its threads). pgbench: CPU of the measured run / its transactions. stress: (CPU of the whole
# process - start-up) / (warm-up + measured executions, from its JSON), where start-up is the median CPU of
# three idle runs of the same jar with the same JVM options against the same server: `stress run --op
# find_first --ops 1 --threads 1 --warmup 0s` (JVM start, the restart with stress's JVM defaults when it
# applies, class loading, pgjdbc, target detection, one connection and one lookup; not the run's other
# connections nor the JIT of its hot path, which count as the run's cost). Beside it, stress's own figure of
# the measured part only
# (phases[0].client.cpuMicrosPerOperation: JVM process CPU while measuring / executions).
#
# Server CPU per operation: the server's CPU (the postmaster, its live processes and the backends it has
# reaped, read from /proc once the client's backends have exited) across each measured pgbench run / its
# transactions, and across each stress run, less the median of its idle runs, / the same executions as
# above. Pinned, the server's one CPU is the limit, so ops/s follows it: a throughput ratio below 1.0 with
# a server ratio above 1.0 means the server spent more per lookup, not that it waited for stress.
#
# Exit status: 0 when every run completed (whether or not the target is met), non-zero on failure.
set -euo pipefail

BENCH_NAME=find_first_vs_pgbench
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-200000}
CLIENTS=${CLIENTS:-8}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-5}
PORT=${PORT:-5544}
PGBENCH_JOBS=${PGBENCH_JOBS:-}
STRESS_JAVA_OPTS=${STRESS_JAVA_OPTS:-}
STRESS_RUN_OPTS=${STRESS_RUN_OPTS:-}
DB=bench

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --clients) CLIENTS=${2:?--clients needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --duration) DURATION=${2:?--duration needs a value}; shift 2 ;;
    --warmup) WARMUP=${2:?--warmup needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --pgbench-jobs) PGBENCH_JOBS=${2:?--pgbench-jobs needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

# Durations are whole seconds because pgbench -T takes seconds; a trailing "s" is accepted.
seconds() {
  local name=$1 value=${2%s}
  [[ $value =~ ^[0-9]+$ ]] && [ "$value" -ge "$3" ] || die "$name '$2' must be whole seconds >= $3, e.g. 20 or 20s"
  echo "$value"
}
DURATION=$(seconds --duration "$DURATION" 1)
WARMUP=$(seconds --warmup "$WARMUP" 0)
bench_require_count --docs "$DOCS"
bench_require_count --rounds "$ROUNDS"
[[ $PORT =~ ^[0-9]+$ ]] && [ "$PORT" -ge 1024 ] && [ "$PORT" -le 65000 ] || die "--port '$PORT' must be between 1024 and 65000"
[[ $CLIENTS =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--clients '$CLIENTS' must be a comma-separated list of whole numbers, e.g. 8,32"
IFS=, read -r -a CLIENT_LIST <<<"$CLIENTS"
for c in "${CLIENT_LIST[@]}"; do
  [ "$c" -ge 1 ] && [ "$c" -le 190 ] || die "--clients value '$c' must be between 1 and 190 (the server allows 200 connections)"
done

[ -z "$PGBENCH_JOBS" ] || { [[ $PGBENCH_JOBS =~ ^[0-9]+$ ]] && [ "$PGBENCH_JOBS" -ge 1 ]; } \
  || die "--pgbench-jobs '$PGBENCH_JOBS' must be a whole number >= 1"

bench_require_tools initdb pg_ctl postgres pgbench createdb
[ -x /usr/bin/time ] || die "/usr/bin/time not found (GNU time, package 'time'): it measures each client's CPU"
command -v python3 >/dev/null || die "python3 not found on PATH (used to read stress's JSON result)"
bench_resolve_jar

# ---------------------------------------------------------------- machine and versions
CORES=$(nproc)
bench_print_machine
echo "pgbench: $("$PG_BIN/pgbench" --version)"
echo "settings: docs=$DOCS clients=$CLIENTS rounds=$ROUNDS duration=${DURATION}s warmup=${WARMUP}s pgbench -j ${PGBENCH_JOBS:-min(clients, $(nproc))}${STRESS_JAVA_OPTS:+ stress JVM options: $STRESS_JAVA_OPTS}${STRESS_RUN_OPTS:+ stress run options: $STRESS_RUN_OPTS}"

# ---------------------------------------------------------------- throwaway server and data
# shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of JVM options
bench_server_with_docs "$DOCS" $STRESS_JAVA_OPTS
echo "server: 127.0.0.1:$PORT, data in $DATA (removed at exit), max_connections=200, shared_buffers=256MB"
grep -E '^init: (CREATED|done)' "$WORK/init.log" | tail -n 1

# The statement stress's find_first runs (stress.ops.DocumentSql.selectById), with pgbench's
# uniform random key over the same dense range 1..N that stress draws from.
# ---------------------------------------------------------------- stress start-up CPU
STARTUP_CPUS=()
STARTUP_SERVER_CPUS=()
for i in 1 2 3; do
  server0=$(settled_server_cpu)
  # shellcheck disable=SC2086
  run_client "$WORK/startup-$i.log" /usr/bin/time -o "$WORK/startup-$i.time" -f '%U %S' \
    "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres run --op find_first --mode prepared \
    --ops 1 --threads 1 --warmup 0s $STRESS_RUN_OPTS \
    || fail_with_log "idle stress run (start-up CPU) failed" "$WORK/startup-$i.log"
  STARTUP_CPUS+=("$(cpu_of "$WORK/startup-$i.time")")
  STARTUP_SERVER_CPUS+=("$(elapsed "$server0" "$(settled_server_cpu)")")
done
STARTUP_CPU=$(printf '%s\n' "${STARTUP_CPUS[@]}" | sort -n | sed -n 2p)
STARTUP_SERVER_CPU=$(printf '%s\n' "${STARTUP_SERVER_CPUS[@]}" | sort -n | sed -n 2p)
echo "stress start-up CPU (median of 3 idle runs, --ops 1): ${STARTUP_CPU} s (${STARTUP_CPUS[*]}); the server's for them: ${STARTUP_SERVER_CPU} s (${STARTUP_SERVER_CPUS[*]})"

cat >"$WORK/find_first.sql" <<EOF
\\set id random(1, $DOCS)
SELECT _id, data FROM check_in WHERE _id = :id;
EOF

# ---------------------------------------------------------------- interleaved rounds
RESULTS=$WORK/results.tsv
: >"$RESULTS"

pgbench_run() {
  local clients=$1 seconds=$2 log=$3 jobs=${PGBENCH_JOBS:-$(( $1 < CORES ? $1 : CORES ))}
  run_client "$log" /usr/bin/time -o "$log.time" -f '%U %S' "$PG_BIN/pgbench" -n -M prepared -c "$clients" -j "$jobs" -T "$seconds" \
    -f "$WORK/find_first.sql" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
}

for ((round = 1; round <= ROUNDS; round++)); do
  for clients in "${CLIENT_LIST[@]}"; do
    tag="r${round}-c${clients}"
    if [ "$WARMUP" -gt 0 ]; then
      pgbench_run "$clients" "$WARMUP" "$WORK/pgbench-$tag-warmup.log" \
        || fail_with_log "pgbench warm-up failed" "$WORK/pgbench-$tag-warmup.log"
    fi
    server0=$(settled_server_cpu)
    pgbench_run "$clients" "$DURATION" "$WORK/pgbench-$tag.log" || fail_with_log "pgbench failed" "$WORK/pgbench-$tag.log"
    pg_server_cpu=$(elapsed "$server0" "$(settled_server_cpu)")
    pg_tps=$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p' "$WORK/pgbench-$tag.log")
    [ -n "$pg_tps" ] || fail_with_log "no 'tps = ... (without initial connection time)' line from pgbench" "$WORK/pgbench-$tag.log"
    pg_failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$WORK/pgbench-$tag.log")
    pg_done=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$WORK/pgbench-$tag.log")
    pg_cpu=$(cpu_of "$WORK/pgbench-$tag.log.time")

    server0=$(settled_server_cpu)
    # shellcheck disable=SC2086
    run_client "$WORK/stress-$tag.log" /usr/bin/time -o "$WORK/stress-$tag.time" -f '%U %S' "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres \
      run --op find_first --mode prepared --threads "$clients" --duration "${DURATION}s" --warmup "${WARMUP}s" \
      $STRESS_RUN_OPTS \
      --json "$WORK/stress-$tag.json" || fail_with_log "stress run failed" "$WORK/stress-$tag.log"
    # ops/s of the measured phase, its errors, and how many server backends served it.
    # executions of warm-up and measure (for the whole process's CPU) and stress's own CPU per execution
    read -r st_ops st_errors st_backends st_execs st_self st_jit < <(python3 - "$WORK/stress-$tag.json" <<'PY'
import json, sys
phase = json.load(open(sys.argv[1]))["phases"][0]
total = phase["stats"]["total"]
warm = sum(i["count"] + i["errorCount"] for i in phase["stats"]["intervals"] if i["warmup"])
client = phase.get("client", {})
# the JIT compiler threads' part of the measured figure (Linux; absent elsewhere)
jit = client["jitSeconds"] * 1e6 / client["operations"] if client.get("jitSeconds") is not None and client.get("operations") else "nan"
print(total["opsPerSecond"], total["errorCount"], phase["connection"].get("distinct server backends", "?"),
      warm + total["count"] + total["errorCount"], client.get("cpuMicrosPerOperation", "nan"), jit)
PY
    ) || fail_with_log "could not read stress's JSON result" "$WORK/stress-$tag.log"

    st_cpu=$(cpu_of "$WORK/stress-$tag.time")
    st_server_cpu=$(elapsed "$server0" "$(settled_server_cpu)")
    pg_us=$(awk -v c="$pg_cpu" -v n="${pg_done:-0}" 'BEGIN { printf "%.2f", (n > 0 ? c * 1e6 / n : 0) }')
    st_us=$(awk -v c="$st_cpu" -v s="$STARTUP_CPU" -v n="$st_execs" 'BEGIN { printf "%.2f", (n > 0 ? (c - s) * 1e6 / n : 0) }')
    pg_server_us=$(awk -v c="$pg_server_cpu" -v n="${pg_done:-0}" 'BEGIN { printf "%.2f", (n > 0 ? c * 1e6 / n : 0) }')
    st_server_us=$(awk -v c="$st_server_cpu" -v s="$STARTUP_SERVER_CPU" -v n="$st_execs" 'BEGIN { printf "%.2f", (n > 0 ? (c - s) * 1e6 / n : 0) }')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$clients" "$pg_tps" "$st_ops" "${pg_failed:-0}" "$st_errors" \
      "$st_backends" "$pg_us" "$st_us" "$st_self" "$st_jit" "$pg_server_us" "$st_server_us" >>"$RESULTS"
    printf 'round %d, %d clients: pgbench %.1f tps (%s failed, CPU %.2f s for %s transactions), stress %.1f ops/s (%s errors, %s server backends, CPU %.2f s for %s executions incl. warm-up)\n' \
      "$round" "$clients" "$pg_tps" "${pg_failed:-0}" "$pg_cpu" "${pg_done:-?}" "$st_ops" "$st_errors" "$st_backends" \
      "$st_cpu" "$st_execs"
  done
done

# ---------------------------------------------------------------- report
echo
python3 - "$RESULTS" "$CLIENTS" <<'PY'
import statistics, sys

rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
order = [int(c) for c in sys.argv[2].split(",")]
print("CPU µs/op: client process user + system per operation; stress's with its start-up subtracted, 'own' = its")
print("self-measured figure of the measured part (JSON client.cpuMicrosPerOperation), 'JIT' = its JIT compiler")
print("threads' part of 'own' (client.jitSeconds); CPU ratio = stress / pgbench; server µs/op: the server's CPU")
print("(all its processes) per operation under each client, stress's with its start-up runs' share subtracted")
print("(under --busy-poll 'stress µs/op' includes the event loops' polling while they wait; 'own' leaves it out)")
print(f"{'round':>5}  {'clients':>7}  {'pgbench ops/s':>13}  {'stress ops/s':>12}  {'ratio':>5}"
      f"  {'pgbench µs/op':>13}  {'stress µs/op':>12}  {'own':>6}  {'JIT':>5}  {'CPU ratio':>9}"
      f"  {'server µs/op pgbench':>20}  {'stress':>6}")
ratios = {}
cpu_ratios = {}
server_ratios = {}
for (rnd, clients, pg, st, pg_failed, st_errors, backends, pg_us, st_us, st_self, st_jit,
     pg_server_us, st_server_us) in rows:
    ratio = float(st) / float(pg)
    ratios.setdefault(int(clients), []).append(ratio)
    cpu_ratio = float(st_us) / float(pg_us) if float(pg_us) > 0 else float("nan")
    cpu_ratios.setdefault(int(clients), []).append(cpu_ratio)
    if float(pg_server_us) > 0:
        server_ratios.setdefault(int(clients), []).append(float(st_server_us) / float(pg_server_us))
    notes = []
    if pg_failed != "0":
        notes.append(f"pgbench failed {pg_failed}")
    if st_errors != "0":
        notes.append(f"stress errors {st_errors}")
    if backends != clients:
        notes.append(f"stress used {backends} backends")
    note = "  (" + ", ".join(notes) + ")" if notes else ""
    print(f"{rnd:>5}  {clients:>7}  {float(pg):>13.1f}  {float(st):>12.1f}  {ratio:>5.2f}"
          f"  {float(pg_us):>13.2f}  {float(st_us):>12.2f}  {float(st_self):>6.2f}  {float(st_jit):>5.2f}"
          f"  {cpu_ratio:>9.2f}  {float(pg_server_us):>20.2f}  {float(st_server_us):>6.2f}{note}")
print()
medians = {}
for clients in order:
    if clients in medians:
        continue
    medians[clients] = statistics.median(ratios[clients])
    print(f"clients {clients}: median ratio {medians[clients]:.2f} over {len(ratios[clients])} rounds;"
          f" median CPU per operation stress / pgbench {statistics.median(cpu_ratios[clients]):.2f};"
          f" the server's CPU per operation under stress / under pgbench"
          f" {statistics.median(server_ratios[clients]) if clients in server_ratios else float('nan'):.2f}")
# With several client counts the verdict is the worst of their medians: the tool must not be the
# bottleneck at any of them.
worst = min(medians.values())
if len(medians) > 1:
    print("(the line below gives the lowest of the per-client medians)")
print(f"ratio (stress/pgbench) median: {worst:.2f} — target >= 1.0: {'MET' if worst >= 1.0 else 'NOT MET'}")
PY
