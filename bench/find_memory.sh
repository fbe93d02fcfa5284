#!/usr/bin/env bash
# Peak memory of `stress run --op find` with many threads: each variant of JVM options runs the same
# find workload (default 80 threads, fetch size 1000, up to 10100 rows per execution) against the same
# throwaway server, interleaved round by round, and prints the process's peak RSS (/usr/bin/time %M),
# its CPU, rows/s and executions/s, and stress's own peak heap and GC figures from its JSON.
#
# Usage: bench/find_memory.sh [--docs N] [--threads T] [--rounds R] [--duration SECONDS] [--port FIRST]
#                             [--log-dir DIR]
# Environment: DOCS (default 200000), THREADS (80), ROUNDS (2), DURATION (15), WARMUP (3), PORT (5644),
# LOG_DIR; VARIANTS: JVM option sets separated by ';', an empty entry or the word `plain` being the plain
# `java -jar` invocation (default "plain;-XX:+UseSerialGC -Xmx256m"); STRESS_JAR, PG_BIN, JAVA as in
# find_first_vs_pgbench.sh; STRESS_RUN_OPTS extra `stress run` options. Target: the plain invocation
# at most 512 MB peak RSS, with rows/s not below the other variants'.
#
# Exit status: 0 when every run completed (whether or not the target is met), non-zero on failure.
set -euo pipefail

BENCH_NAME=find_memory
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-200000}
THREADS=${THREADS:-80}
ROUNDS=${ROUNDS:-2}
DURATION=${DURATION:-15}
WARMUP=${WARMUP:-3}
PORT=${PORT:-5644}
VARIANTS=${VARIANTS:-plain;-XX:+UseSerialGC -Xmx256m}
STRESS_RUN_OPTS=${STRESS_RUN_OPTS:-}
DB=bench

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --threads) THREADS=${2:?--threads needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --duration) DURATION=${2:?--duration needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
for pair in "--docs:$DOCS:1" "--threads:$THREADS:1" "--rounds:$ROUNDS:1" "--duration:$DURATION:1" "WARMUP:$WARMUP:0"; do
  IFS=: read -r name value min <<<"$pair"
  [[ $value =~ ^[0-9]+$ ]] && [ "$value" -ge "$min" ] || die "$name '$value' must be a whole number >= $min"
done
[ "$THREADS" -le 190 ] || die "--threads '$THREADS' must be at most 190 (the server allows 200 connections)"

bench_require_tools initdb pg_ctl postgres createdb
[ -x /usr/bin/time ] || die "/usr/bin/time not found (GNU time, package 'time'): it measures the peak RSS"
command -v python3 >/dev/null || die "python3 not found on PATH (used to read stress's JSON result)"
bench_resolve_jar
IFS=';' read -r -a VARIANT_LIST <<<"$VARIANTS"

bench_print_machine
echo "settings: docs=$DOCS threads=$THREADS rounds=$ROUNDS duration=${DURATION}s warmup=${WARMUP}s variants: ${VARIANTS}"
bench_server_with_docs "$DOCS"

RESULTS=$WORK/results.tsv
: >"$RESULTS"
for ((round = 1; round <= ROUNDS; round++)); do
  for v in "${!VARIANT_LIST[@]}"; do
    opts=${VARIANT_LIST[$v]}
    [ "$opts" != plain ] || opts=""
    tag="r${round}-v${v}"
    # shellcheck disable=SC2086 # opts is a list of JVM options
    run_client "$WORK/stress-$tag.log" /usr/bin/time -o "$WORK/stress-$tag.time" -f '%M %U %S' \
      "$JAVA" $opts -jar "$STRESS_JAR" --url "$URL" -U postgres run --op find --threads "$THREADS" \
      --duration "${DURATION}s" --warmup "${WARMUP}s" $STRESS_RUN_OPTS --json "$WORK/stress-$tag.json" \
      || fail_with_log "stress run failed" "$WORK/stress-$tag.log"
    read -r rss_kb user sys <"$WORK/stress-$tag.time"
    python3 - "$WORK/stress-$tag.json" "$round" "${opts:-plain}" "$rss_kb" "$user" "$sys" >>"$RESULTS" <<'PY'
import json, sys
phase = json.load(open(sys.argv[1]))["phases"][0]
t = phase["stats"]["total"]
c = phase.get("client", {})
print("\t".join([sys.argv[2], sys.argv[3], sys.argv[4], str(float(sys.argv[5]) + float(sys.argv[6])),
                 str(t["rowsPerSecond"]), str(t["opsPerSecond"]), str(t["errorCount"]),
                 str(c.get("peakHeapBytes", 0)), str(c.get("gcShare", float("nan"))),
                 str(c.get("cpuMicrosPerOperation", float("nan")))]))
PY
    tail -n 1 "$RESULTS" | awk -F'\t' '{ printf "round %s, %s: peak RSS %.0f MB, %.0f rows/s\n", $1, $2, $3 / 1024, $5 }'
  done
done

echo
python3 - "$RESULTS" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
print(f"{'round':>5}  {'JVM options':<32}  {'peak RSS MB':>11}  {'CPU s':>6}  {'rows/s':>9}  {'ops/s':>7}"
      f"  {'heap peak MB':>12}  {'GC %':>5}  {'CPU µs/op':>9}")
by = {}
for rnd, opts, rss, cpu, rows_s, ops_s, errors, heap, gc, us in rows:
    by.setdefault(opts, []).append((float(rss) / 1024, float(rows_s)))
    note = f"  ({errors} errors)" if errors != "0" else ""
    print(f"{rnd:>5}  {opts:<32}  {float(rss) / 1024:>11.0f}  {float(cpu):>6.1f}  {float(rows_s):>9.0f}  {float(ops_s):>7.1f}"
          f"  {float(heap) / 2**20:>12.0f}  {float(gc) * 100:>5.1f}  {float(us):>9.1f}{note}")
print()
for opts, vals in by.items():
    print(f"{opts}: peak RSS max {max(v[0] for v in vals):.0f} MB, median rows/s {statistics.median(v[1] for v in vals):.0f}")
plain = by.get("plain")
if plain:
    worst = max(v[0] for v in plain)
    print(f"plain java -jar peak RSS: {worst:.0f} MB — target <= 512 MB: {'MET' if worst <= 512 else 'NOT MET'}")
PY
