#!/usr/bin/env bash
# The tool's own comparisons with their noise (run --rounds): prepared vs plain statements (in both orders), the
# three pool kinds, and an A/A comparison of two phases that differ only by application_name (which must come out as
# "no difference beyond noise"), each R interleaved rounds on the same throwaway PostgreSQL server and table, with H
# CPU hogs (busy loops) beside them to stand for a shared machine. Prints each run's comparison table as the tool
# prints it, then one line per comparison: the paired ratio, its interval and verdict (from result.json).
# Target: the A/A comparison says "no difference beyond noise" for ops/s, p50 and p99; the intervals of prepared vs
# plain from the three runs overlap.
#
# Usage: bench/comparisons_with_noise.sh [--docs N] [--threads T] [--rounds R] [--duration SECONDS]
#                                        [--warmup SECONDS] [--hogs H] [--port FIRST] [--log-dir DIR]
# Each option also has an environment variable: DOCS, THREADS, ROUNDS, DURATION, WARMUP, HOGS, PORT, LOG_DIR.
# Defaults: 100000 docs, 4 threads, 5 rounds, 5 s measured, 5 s warm-up (the first phases of a process run while its JIT compiles), 2 hogs, ports from 5584.
# STRESS_JAR selects the jar (default: target/stress.jar, built if missing), PG_BIN the PostgreSQL binaries
# (default /usr/lib/postgresql/15/bin), STRESS_JAVA_OPTS extra JVM options, JAVA the java binary.
# Run as root, the server runs as the `postgres` OS user. It listens on 127.0.0.1 only and is removed at exit.
# Exit status: 0 when every run completed (whether or not the target is met), non-zero on failure.
set -euo pipefail

BENCH_NAME=comparisons_with_noise
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-100000}
THREADS=${THREADS:-4}
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-5}
WARMUP=${WARMUP:-5}
HOGS=${HOGS:-2}
PORT=${PORT:-5584}
STRESS_JAVA_OPTS=${STRESS_JAVA_OPTS:-}
DB=bench

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --threads) THREADS=${2:?--threads needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --duration) DURATION=${2:?--duration needs a value}; shift 2 ;;
    --warmup) WARMUP=${2:?--warmup needs a value}; shift 2 ;;
    --hogs) HOGS=${2:?--hogs needs a value}; shift 2 ;;
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
[[ $HOGS =~ ^[0-9]+$ ]] || die "--hogs '$HOGS' must be a whole number"

bench_require_tools initdb pg_ctl postgres createdb
command -v python3 >/dev/null || die "python3 not found on PATH (used to read stress's JSON result)"
bench_resolve_jar
bench_print_machine
echo "settings: docs=$DOCS threads=$THREADS rounds=$ROUNDS duration=${DURATION}s warmup=${WARMUP}s hogs=$HOGS"

# shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of JVM options
bench_server_with_docs "$DOCS" $STRESS_JAVA_OPTS

for ((h = 1; h <= HOGS; h++)); do
  start_service "$WORK/hog-$h.log" sh -c 'while :; do :; done'
done

one_run() { # $1 = name, the rest: the options compared
  local name=$1 json=$WORK/$1.json
  shift
  # shellcheck disable=SC2086
  run_client "$WORK/$name.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres run \
    --op find_first --threads "$THREADS" --duration "${DURATION}s" --warmup "${WARMUP}s" --rounds "$ROUNDS" \
    --json "$json" "$@" || fail_with_log "stress run ($name) failed" "$WORK/$name.log"
  echo
  echo "== $name: $*"
  sed -n '/^comparison (/,$p' "$WORK/$name.log" | grep -v '^result:'
}

one_run prepared-plain-1 --mode prepared,plain
one_run plain-prepared --mode plain,prepared
one_run prepared-plain-2 --mode prepared,plain
one_run pools --mode prepared --pool none,hikari,c3p0
one_run same-twice --mode prepared --set application_name=stress_a,stress_b
stop_services

echo
echo "summary (ratio to the run's first row: median of the paired per-round ratios [interval] verdict):"
python3 - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
for name in ["prepared-plain-1", "plain-prepared", "prepared-plain-2", "pools", "same-twice"]:
    result = json.load(open(f"{work}/{name}.json"))
    comparison = result["roundComparison"]
    for row in comparison["rows"]:
        if row["baseline"]:
            continue
        label = " ".join(f"{k}={v}" for k, v in row["combination"].items())
        cells = []
        for f in row["figures"]:
            r = f.get("vsBaseline")
            if r:
                cells.append(f"{f['figure']} x{r['median']:.2f} [x{r['low']:.2f}-x{r['high']:.2f}] {r['verdict']}")
        print(f"  {name}: {label}: " + "; ".join(cells))
    for noise in comparison["noise"]:
        if noise.get("unsteady"):
            print(f"  {name}: {noise['unsteady']}")
PY
