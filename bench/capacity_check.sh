#!/usr/bin/env bash
# Does a printed capacity hold? The capacity search (`run --slo OBJ --rounds R`, its own check included) run SEARCHES
# times on a throwaway PostgreSQL, the server pinned to SERVER_CPUS and every client to CLIENT_CPUS; each capacity C it
# prints (vouched for) is then checked from outside, as a sceptical engineer would: 3 plain `run --rate C` and 3
# `run --rate 1.5×C`, interleaved, each a new process judged by the same objective from its result.json, each as long
# as a run of the search's own check (--check-duration, passed to the search as --slo-check-duration) after a warm-up
# of its new JVM (--plain-warmup). Then the same again with a CPU hog on the client's CPUs (HOG_SEARCHES times; 0 skips
# it). Every cause line a search prints (each round's, in its result.json) is read back and each cause's rule of
# docs/capacity.md re-applied to the figures printed with it.
# Target: quiet, every printed C holds in >= 2 of 3 and 1.5×C breaks in >= 2 of 3; with the hog, every printed C holds
# in >= 2 of 3 (or no C is printed), and no search blames the plan of a primary-key lookup (cause "own time").
#
# Usage: bench/capacity_check.sh [--searches N] [--hog-searches N] [--docs N] [--threads T] [--rounds R]
#                                [--duration SECONDS] [--warmup SECONDS] [--check-duration SECONDS]
#                                [--plain-warmup SECONDS] [--slo OBJ] [--port FIRST] [--log-dir DIR]
# Environment: SEARCHES (5), HOG_SEARCHES (5), DOCS (100000), THREADS (8), ROUNDS (3), DURATION (10: a step),
# WARMUP (2: a step's), CHECK_DURATION (30, the tool's default --slo-check-duration: a run of the search's check and
# each plain run), PLAIN_WARMUP (20: a new JVM warms up in each plain run), SLO (p99<=5ms), PORT (5624), SERVER_CPUS
# (0), CLIENT_CPUS (1), STRESS_JAR, PG_BIN, JAVA, STRESS_JAVA_OPTS, LOG_DIR (keeps the logs) as in lib/throwaway_pg.sh.
# Run as root, the server runs as the `postgres` OS user on 127.0.0.1 only and is removed at exit, the hog with it.
# Exit status: 0 when every run completed (whatever the figures) and every cause line held its rule; 1 when a cause
# line's rule does not hold on its own figures (listed at the end); non-zero on failure.
set -euo pipefail

BENCH_NAME=capacity_check
SERVER_CPUS=${SERVER_CPUS-0}
CLIENT_CPUS=${CLIENT_CPUS-1}
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

SEARCHES=${SEARCHES:-5}
HOG_SEARCHES=${HOG_SEARCHES:-5}
DOCS=${DOCS:-100000}
THREADS=${THREADS:-8}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-2}
CHECK_DURATION=${CHECK_DURATION:-30}
PLAIN_WARMUP=${PLAIN_WARMUP:-20}
SLO=${SLO:-p99<=5ms}
PORT=${PORT:-5624}
STRESS_JAVA_OPTS=${STRESS_JAVA_OPTS:-}
DB=bench

while [ $# -gt 0 ]; do
  case "$1" in
    --searches) SEARCHES=${2:?--searches needs a value}; shift 2 ;;
    --hog-searches) HOG_SEARCHES=${2:?--hog-searches needs a value}; shift 2 ;;
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --threads) THREADS=${2:?--threads needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --duration) DURATION=${2:?--duration needs a value}; shift 2 ;;
    --warmup) WARMUP=${2:?--warmup needs a value}; shift 2 ;;
    --check-duration) CHECK_DURATION=${2:?--check-duration needs a value}; shift 2 ;;
    --plain-warmup) PLAIN_WARMUP=${2:?--plain-warmup needs a value}; shift 2 ;;
    --slo) SLO=${2:?--slo needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
for v in DOCS THREADS ROUNDS DURATION CHECK_DURATION PORT; do
  bench_require_count "--$(echo "$v" | tr 'A-Z_' 'a-z-')" "${!v}"
done
[[ $SEARCHES =~ ^[0-9]+$ && $HOG_SEARCHES =~ ^[0-9]+$ ]] || die "--searches and --hog-searches must be whole numbers"
[[ $WARMUP =~ ^[0-9]+$ && $PLAIN_WARMUP =~ ^[0-9]+$ ]] || die "--warmup and --plain-warmup must be whole seconds"

bench_require_tools initdb pg_ctl postgres createdb
command -v python3 >/dev/null || die "python3 not found on PATH (used to read stress's JSON results)"
bench_resolve_jar
bench_print_machine
echo "settings: docs=$DOCS threads=$THREADS rounds=$ROUNDS step=${WARMUP}s+${DURATION}s" \
  "the search's check runs ${WARMUP}s+${CHECK_DURATION}s plain runs ${PLAIN_WARMUP}s+${CHECK_DURATION}s" \
  "slo=$SLO searches=$SEARCHES with the hog=$HOG_SEARCHES"

# shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of JVM options
bench_server_with_docs "$DOCS" $STRESS_JAVA_OPTS
echo "server: 127.0.0.1:$PORT, data in $DATA (removed at exit)"
READ=$BENCH_LIB/capacity_read.py

one_rate() { # one_rate NAME RATE: a plain open-loop run at RATE, as long as a run of the search's check, judged by the
  # objective; a line into NAME.tsv
  local name=$1 rate=$2
  # shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of options
  run_client "$WORK/$name.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres run \
    --op find_first --threads "$THREADS" --duration "${CHECK_DURATION}s" --warmup "${PLAIN_WARMUP}s" --rate "$rate" \
    --json "$WORK/$name.json" || fail_with_log "stress run --rate $rate failed" "$WORK/$name.log"
  python3 "$READ" rate "$WORK/$name.json" "$rate" "$SLO" 0 > "$WORK/$name.tsv"
}

one_search() { # one_search NAME: a search and, when it vouched for C, the plain runs at C and 1.5×C
  local name=$1 c i factor
  # exit 4: no capacity vouched for, which the line says
  # shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of options
  run_client "$WORK/$name.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U postgres run \
    --op find_first --threads "$THREADS" --duration "${DURATION}s" --warmup "${WARMUP}s" --slo "$SLO" \
    --slo-check-duration "${CHECK_DURATION}s" --rounds "$ROUNDS" --out "$WORK/$name" \
    || [ -f "$WORK/$name/result.json" ] || fail_with_log "the search failed" "$WORK/$name.log"
  python3 "$READ" answer "$WORK/$name/result.json" > "$WORK/$name.tsv"
  # each round's cause line, its rules re-applied to the figures printed with it; one not held is said at once
  python3 "$READ" causes "$name" "$WORK/$name/result.json" | tee -a "$WORK/causes.tsv" \
    | awk -F'\t' '$4 != "held" { print "cause line of " $1 " " $2 " does not hold its rule: " $5 }'
  c=$(cut -f1 "$WORK/$name.tsv")
  : > "$WORK/$name-plain.tsv"
  if [ "$c" != nan ]; then
    for i in 1 2 3; do
      for factor in 1 1.5; do
        if [ $((i % 2)) -eq 0 ]; then factor=$([ "$factor" = 1 ] && echo 1.5 || echo 1); fi
        one_rate "$name-$i-$factor" "$(python3 -c "print(round($c * $factor))")"
        sed "s/^/$factor\t/" "$WORK/$name-$i-$factor.tsv" >> "$WORK/$name-plain.tsv"
      done
    done
  fi
  python3 "$READ" checked "$name" "$WORK/$name.tsv" "$WORK/$name-plain.tsv"
}

echo
echo "quiet: $SEARCHES searches (load $(cut -d' ' -f1-3 /proc/loadavg))"
for ((s = 1; s <= SEARCHES; s++)); do one_search "quiet-$s"; done
if [ "$HOG_SEARCHES" -gt 0 ]; then
  # a service of the library's: its exit trap stops it with the server
  start_service "$WORK/hog.log" "${CLIENT_PIN[@]}" sh -c 'while :; do :; done'
  echo
  echo "noisy: a CPU hog on the client's CPUs ${CLIENT_CPUS:-any}; $HOG_SEARCHES searches"
  for ((s = 1; s <= HOG_SEARCHES; s++)); do one_search "hog-$s"; done
  stop_services
fi
echo
python3 "$READ" checks "$WORK"
