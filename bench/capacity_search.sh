#!/usr/bin/env bash
# The capacity search (`run --slo`) against an exhaustive sweep of offered rates, on the same throwaway PostgreSQL
# server and table, interleaved round by round. Each round: (1) the search, `run --slo OBJ --out DIR`, gives the
# capacity C, its steps and its wall time; (2) a sweep of plain `run --rate R` runs over a fixed grid (the grid's
# multiples × round 1's C), each judged by the same objective from its result.json (and achieved >= 99% of offered
# less one execution per thread over the window, as the search judges a step), gives S, the highest rate held, and
# its wall time; (3) the issue's acceptance check: a plain `--rate C` run (must hold) and `--rate 1.5×C` (must break).
# The order of search and sweep alternates from round to round so that the machine's drift reaches both. Prints per round C, S, C/S, the wall-time ratio and the
# acceptance runs, then the medians with their range.
# Target: C within the sweep's grid step of S (beyond the search's resolution only by the rounds' noise); the search
# cheaper than the sweep; `--rate C` held and `--rate 1.5×C` broken in most rounds.
#
# Usage: bench/capacity_search.sh [--docs N] [--threads T] [--rounds R] [--duration SECONDS] [--warmup SECONDS]
#                                 [--sweep-warmup SECONDS] [--slo OBJ] [--grid M,M,...] [--port FIRST]
#                                 [--log-dir DIR]
# Each option also has an environment variable: DOCS, THREADS, ROUNDS, DURATION, WARMUP, SWEEP_WARMUP, SLO, GRID,
# PORT, LOG_DIR. Defaults: 100000 docs, 4 threads, 5 rounds, 3 s measured, 2 s warm-up per step, the same for each
# plain run (sweep and acceptance) unless --sweep-warmup, p99<=5ms, grid 0.25,0.5,0.7,0.8,0.9,1,1.1,1.2,1.5,2
# (× round 1's capacity), ports from 5604. Each plain run is a new process: its JIT compiles during its warm-up,
# where the search's later steps run in a JVM already warm; --sweep-warmup gives the plain runs a longer one.
# SEARCH_OPTS adds options to the search only (e.g. "--slo-resolution 2%"); STRESS_JAR selects the jar (default:
# target/stress.jar, built if missing), PG_BIN the PostgreSQL binaries (default /usr/lib/postgresql/15/bin),
# STRESS_JAVA_OPTS extra JVM options, JAVA the java binary.
# Run as root, the server runs as the `postgres` OS user. It listens on 127.0.0.1 only and is removed at exit.
# Exit status: 0 when every run completed (whatever the figures), non-zero on failure.
set -euo pipefail

BENCH_NAME=capacity_search
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-100000}
THREADS=${THREADS:-4}
ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-3}
WARMUP=${WARMUP:-2}
SWEEP_WARMUP=${SWEEP_WARMUP:-$WARMUP}
SLO=${SLO:-p99<=5ms}
GRID=${GRID:-0.25,0.5,0.7,0.8,0.9,1,1.1,1.2,1.5,2}
PORT=${PORT:-5604}
SEARCH_OPTS=${SEARCH_OPTS:-}
STRESS_JAVA_OPTS=${STRESS_JAVA_OPTS:-}
DB=bench

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --threads) THREADS=${2:?--threads needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --duration) DURATION=${2:?--duration needs a value}; shift 2 ;;
    --warmup) WARMUP=${2:?--warmup needs a value}; shift 2 ;;
    --sweep-warmup) SWEEP_WARMUP=${2:?--sweep-warmup needs a value}; shift 2 ;;
    --slo) SLO=${2:?--slo needs a value}; shift 2 ;;
    --grid) GRID=${2:?--grid needs a value}; shift 2 ;;
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
[[ $SWEEP_WARMUP =~ ^[0-9]+$ ]] || die "--sweep-warmup '$SWEEP_WARMUP' must be whole seconds"
[[ $GRID =~ ^[0-9.]+(,[0-9.]+)*$ ]] || die "--grid '$GRID' must be multiples of the capacity separated by commas"

bench_require_tools initdb pg_ctl postgres createdb
command -v python3 >/dev/null || die "python3 not found on PATH (used to read stress's JSON results)"
bench_resolve_jar
bench_print_machine
echo "settings: docs=$DOCS threads=$THREADS rounds=$ROUNDS duration=${DURATION}s warmup=${WARMUP}s" \
  "(plain runs ${SWEEP_WARMUP}s) slo=$SLO" \
  "grid=$GRID (x round 1's capacity) search options: ${SEARCH_OPTS:-none}"

# shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of JVM options
bench_server_with_docs "$DOCS" $STRESS_JAVA_OPTS
echo "server: 127.0.0.1:$PORT, data in $DATA (removed at exit)"
READ=$BENCH_LIB/capacity_read.py

now() { date +%s.%N; }

search() { # search ROUND: the capacity search; its answer, steps and wall time into $WORK/search-ROUND.tsv
  local r=$1 t0 t1
  t0=$(now)
  # It exits 1 when no rate held: the round then has no capacity, which the summary says.
  # shellcheck disable=SC2086 # STRESS_JAVA_OPTS and SEARCH_OPTS are lists of options
  run_client "$WORK/search-$r.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres run \
    --op find_first --threads "$THREADS" --duration "${DURATION}s" --warmup "${WARMUP}s" --slo "$SLO" $SEARCH_OPTS \
    --out "$WORK/search-$r" || [ -f "$WORK/search-$r/result.json" ] || fail_with_log "the search failed" \
    "$WORK/search-$r.log"
  t1=$(now)
  grep -E '^(step|capacity)' "$WORK/search-$r.log" | sed "s/^/  search $r: /"
  python3 "$READ" search "$WORK/search-$r/result.json" "$(elapsed "$t0" "$t1")" > "$WORK/search-$r.tsv"
}

one_rate() { # one_rate NAME RATE: a plain open-loop run at RATE, judged by the objective; a line into NAME.tsv
  local name=$1 rate=$2 t0 t1
  t0=$(now)
  # shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of options
  run_client "$WORK/$name.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres run \
    --op find_first --threads "$THREADS" --duration "${DURATION}s" --warmup "${SWEEP_WARMUP}s" --rate "$rate" \
    --json "$WORK/$name.json" || fail_with_log "stress run --rate $rate failed" "$WORK/$name.log"
  t1=$(now)
  python3 "$READ" rate "$WORK/$name.json" "$rate" "$SLO" "$(elapsed "$t0" "$t1")" >> "$WORK/$name.tsv"
}

sweep() { # sweep ROUND: every grid rate, lowest first, each its own run
  local r=$1 rate i=0
  : > "$WORK/sweep-$r.tsv"
  for rate in $GRID_RATES; do
    i=$((i + 1))
    one_rate "sweep-$r-$i" "$rate"
    cat "$WORK/sweep-$r-$i.tsv" >> "$WORK/sweep-$r.tsv"
  done
  sed "s/^/  sweep $r: /" "$WORK/sweep-$r.tsv"
}

GRID_RATES=
for ((r = 1; r <= ROUNDS; r++)); do
  echo
  echo "round $r ($(cut -d' ' -f1-3 /proc/loadavg) load)"
  if [ $((r % 2)) -eq 1 ]; then
    search "$r"
    if [ -z "$GRID_RATES" ]; then
      GRID_RATES=$(python3 "$READ" grid "$WORK/search-1.tsv" "$GRID")
      echo "  grid (ops/s): $GRID_RATES"
    fi
    sweep "$r"
  else
    sweep "$r"
    search "$r"
  fi
  capacity=$(cut -f1 "$WORK/search-$r.tsv")
  if [ "$capacity" = nan ]; then
    echo "  acceptance: no capacity in round $r"
  else
    : > "$WORK/accept-$r.tsv"
    for factor in 1 1.5; do
      one_rate "accept-$r-$factor" "$(python3 -c "print(round($capacity * $factor))")"
      sed "s/^/$factor\t/" "$WORK/accept-$r-$factor.tsv" >> "$WORK/accept-$r.tsv"
    done
    sed "s/^/  acceptance $r: x/" "$WORK/accept-$r.tsv"
  fi
done

echo
python3 "$READ" summary "$WORK" "$ROUNDS" "$SLO"
