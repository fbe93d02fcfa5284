#!/usr/bin/env bash
# Compares a workload-file operation that runs exactly the built-in find_first's SQL with its key generator
# (`--workload` with `SELECT _id, data FROM {table} WHERE _id = :id`, id: key) against the built-in
# `--op find_first`, on the same throwaway PostgreSQL server and table, same threads and mode, in interleaved
# rounds (the order alternates each round), and prints the file operation's ops/s divided by the built-in's.
# Target: >= 0.97 (the file format costs nothing measurable).
#
# Usage: bench/workload_vs_builtin.sh [--docs N] [--threads T] [--rounds R] [--duration SECONDS]
#                                     [--warmup SECONDS] [--mode prepared|plain] [--port FIRST] [--log-dir DIR]
# Each option also has an environment variable: DOCS, THREADS, ROUNDS, DURATION, WARMUP, MODE, PORT, LOG_DIR.
# Defaults: 200000 docs, 8 threads, 4 rounds, 15 s measured, 5 s warm-up, prepared, ports from 5564.
# STRESS_JAR selects the jar (default: target/stress.jar, built if missing), PG_BIN the PostgreSQL binaries
# (default /usr/lib/postgresql/15/bin), STRESS_JAVA_OPTS extra JVM options, JAVA the java binary.
# Run as root, the server runs as the `postgres` OS user. It listens on 127.0.0.1 only and is removed at exit.
# Exit status: 0 when every run completed (whether or not the target is met), non-zero on failure.
set -euo pipefail

BENCH_NAME=workload_vs_builtin
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-200000}
THREADS=${THREADS:-8}
ROUNDS=${ROUNDS:-4}
DURATION=${DURATION:-15}
WARMUP=${WARMUP:-5}
MODE=${MODE:-prepared}
PORT=${PORT:-5564}
STRESS_JAVA_OPTS=${STRESS_JAVA_OPTS:-}
DB=bench

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --threads) THREADS=${2:?--threads needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --duration) DURATION=${2:?--duration needs a value}; shift 2 ;;
    --warmup) WARMUP=${2:?--warmup needs a value}; shift 2 ;;
    --mode) MODE=${2:?--mode needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
for v in DOCS THREADS ROUNDS DURATION PORT; do
  bench_require_count "--$(echo "$v" | tr 'A-Z' 'a-z')" "${!v}"
done
[[ $WARMUP =~ ^[0-9]+$ ]] || die "--warmup '$WARMUP' must be whole seconds"
[[ $MODE == prepared || $MODE == plain ]] || die "--mode '$MODE' must be prepared or plain"

bench_require_tools initdb pg_ctl postgres createdb
command -v python3 >/dev/null || die "python3 not found on PATH (used to read stress's JSON result)"
bench_resolve_jar
bench_print_machine
echo "settings: docs=$DOCS threads=$THREADS rounds=$ROUNDS duration=${DURATION}s warmup=${WARMUP}s mode=$MODE"

# shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of JVM options
bench_server_with_docs "$DOCS" $STRESS_JAVA_OPTS

cat >"$WORK/by_key.yaml" <<'EOF'
operations:
  by_key:
    sql: SELECT _id, data FROM {table} WHERE _id = :id
    params:
      id: key
EOF

RESULTS=$WORK/results.tsv
: >"$RESULTS"
one_run() { # $1 = builtin|file, $2 = tag
  local what=$1 tag=$2 json=$WORK/$1-$2.json
  local ops=(--op find_first)
  [ "$what" = file ] && ops=(--workload "$WORK/by_key.yaml" --op by_key)
  # shellcheck disable=SC2086
  run_client "$WORK/$what-$tag.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres run \
    "${ops[@]}" --mode "$MODE" --threads "$THREADS" --duration "${DURATION}s" --warmup "${WARMUP}s" --json "$json" \
    || fail_with_log "stress run ($what) failed" "$WORK/$what-$tag.log"
  python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["phases"][0]["stats"]["total"]; print(t["opsPerSecond"], t["errorCount"])' "$json"
}
for ((round = 1; round <= ROUNDS; round++)); do
  if (( round % 2 )); then order=(builtin file); else order=(file builtin); fi
  declare -A got=()
  for what in "${order[@]}"; do
    got[$what]=$(one_run "$what" "r$round")
  done
  read -r b_ops b_err <<<"${got[builtin]}"
  read -r f_ops f_err <<<"${got[file]}"
  printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$b_ops" "$f_ops" "$b_err" "$f_err" >>"$RESULTS"
  printf 'round %d (%s first): built-in find_first %.1f ops/s (%s errors), workload file %.1f ops/s (%s errors)\n' \
    "$round" "${order[0]}" "$b_ops" "$b_err" "$f_ops" "$f_err"
done

echo
python3 - "$RESULTS" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
ratios = [float(f) / float(b) for _, b, f, _, _ in rows]
for (rnd, b, f, _, _), r in zip(rows, ratios):
    print(f"round {rnd}: file/built-in {r:.3f}")
m = statistics.median(ratios)
print(f"ratio (workload file / built-in) median over {len(ratios)} rounds: {m:.3f} — target >= 0.97: {'MET' if m >= 0.97 else 'NOT MET'}")
PY
