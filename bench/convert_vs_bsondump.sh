#!/usr/bin/env bash
# BSON conversion per core: stress against MongoDB's bsondump on the same files.
#
# Usage: bench/convert_vs_bsondump.sh [--rounds R] [--import-docs N[,N...]] [--port FIRST] [--log-dir DIR]
# Environment: BSONDUMP (default: bsondump on PATH), CORPUS ($STRESS_DUMP_CORPUS, else ../shared/datasets/mongodump
# beside the project), FILES (corpus files relative to CORPUS, comma-separated; default: the larger collections that
# RealDumpBenchmark names, none when there is no corpus), REPEAT (10), ROUNDS (3), IMPORT_DOCS (10240,102400; 0 skips part 2), PORT (5744),
# JMH_OPTS (-f 1 -wi 3 -i 5 -w 2s -r 2s), LOG_DIR; JAVA, PG_BIN, STRESS_JAR as in the other scripts.
#
# Part 1, conversion alone, one line per file (the corpus files and `generated:cjk`: 1024 long nested CJK
# documents, ~10 MB, the same ones the JMH benchmark converts):
#   stress:   JMH RealDumpBenchmark.onePass (frame, then one pass into a COPY row), one thread, steady state,
#             MB of BSON per second of that thread. The JVM's compiler and GC threads are not in this figure.
#   bsondump: `bsondump --quiet FILE > /dev/null`, the process's user + system CPU, on the file repeated REPEAT
#             times (a .bson.gz decompressed first), its start-up (an empty file) subtracted; median of ROUNDS.
# Part 2, end to end, for each N of IMPORT_DOCS: a generated dump of N CJK documents (~10 KB each) imported by
#   `stress import DUMP --jobs 1 --id-type text` into a throwaway PostgreSQL, the client's user + system CPU with
#   the CPU of importing one document subtracted (JVM start-up, connection, table), against bsondump's CPU on
#   the same file. This figure holds everything the import's client does: reading, the JIT compiler, GC, COPY.
# Target (issue 13): stress >= 2x bsondump's MB/s per core on the same files.
#
# Exit status: 0 when every measurement completed (whether or not the target is met), non-zero on failure.
set -euo pipefail

BENCH_NAME=convert_vs_bsondump
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

REPO=$(cd "$(dirname "$0")/.." && pwd)
BSONDUMP=${BSONDUMP:-$(command -v bsondump || true)}
CORPUS=${CORPUS:-${STRESS_DUMP_CORPUS:-$REPO/../shared/datasets/mongodump}}
DEFAULT_FILES=atlas-sample-addy/sample_restaurants/neighborhoods.bson,atlas-sample-mcampo2/sample_geospatial/shipwrecks.bson,atlas-sample-mcampo2/sample_training/zips.bson,gipfel-prelude/test/routes.bson,northwind/sample_Northwind/Orders.bson,orderexample-gzip/OrderExample/orders.bson.gz
REPEAT=${REPEAT:-10}
ROUNDS=${ROUNDS:-3}
IMPORT_DOCS=${IMPORT_DOCS:-10240,102400}
PORT=${PORT:-5744}
JMH_OPTS=${JMH_OPTS:--f 1 -wi 3 -i 5 -w 2s -r 2s}
CJK_DOCS=1024 # as RealDumpBenchmark's generated:cjk

while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --import-docs) IMPORT_DOCS=${2:?--import-docs needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
bench_require_count --rounds "$ROUNDS"
bench_require_count REPEAT "$REPEAT"
[[ $IMPORT_DOCS =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--import-docs '$IMPORT_DOCS' must be whole numbers separated by commas (0 skips part 2)"
[ -n "$BSONDUMP" ] && [ -x "$BSONDUMP" ] \
  || die "bsondump not found: install the MongoDB Database Tools or set BSONDUMP to its path"
[ -x /usr/bin/time ] || die "/usr/bin/time not found (GNU time, package 'time'): it measures the CPU"
command -v python3 >/dev/null || die "python3 not found on PATH (used to read JMH's JSON)"
if [ -z "${FILES+set}" ] && [ ! -d "$CORPUS" ]; then
  echo "no corpus at $CORPUS (set CORPUS or STRESS_DUMP_CORPUS): part 1 converts generated:cjk only"
  FILES=""
fi
IFS=',' read -r -a FILE_LIST <<<"${FILES-$DEFAULT_FILES}"
for f in "${FILE_LIST[@]}"; do
  [ -f "$CORPUS/$f" ] || die "FILES: '$CORPUS/$f' is not there (set CORPUS or FILES)"
done
JMH_JAR=$REPO/target/benchmarks.jar
if [ ! -f "$JMH_JAR" ]; then
  echo "building $JMH_JAR ..."
  (cd "$REPO" && mvn -q -B -Pjmh -DskipTests package) || die "build failed: mvn -q -B -Pjmh -DskipTests package in $REPO"
fi
bench_resolve_jar
if [ "$IMPORT_DOCS" != 0 ]; then
  bench_require_tools initdb pg_ctl postgres createdb
fi

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# bsondump's CPU seconds on FILE, start-up subtracted, median of ROUNDS runs
bsondump_cpu() {
  local file=$1 i runs=()
  for ((i = 1; i <= ROUNDS; i++)); do
    /usr/bin/time -o "$WORK/bsondump.time" -f '%U %S' "$BSONDUMP" --quiet "$file" >/dev/null 2>"$WORK/bsondump.err" \
      || fail_with_log "bsondump failed on $file" "$WORK/bsondump.err"
    runs+=("$(cpu_of "$WORK/bsondump.time")")
  done
  awk -v c="$(median "${runs[@]}")" -v s="$BSONDUMP_STARTUP" 'BEGIN { printf "%.2f", c - s }'
}

bench_print_machine
echo "bsondump: $("$BSONDUMP" --version 2>&1 | head -n 1) ($BSONDUMP)"
echo "settings: repeat=$REPEAT rounds=$ROUNDS import-docs=$IMPORT_DOCS jmh: $JMH_OPTS"
if [ "$IMPORT_DOCS" != 0 ]; then
  # started now, idle during part 1, so that its folder is the one temp folder of the script
  bench_start_server "$PORT" "shared_buffers = 256MB
max_wal_size = 8GB
checkpoint_timeout = 1h
autovacuum = off"
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/$BENCH_NAME.XXXXXX")
fi
: >"$WORK/empty.bson"
STARTUPS=()
for ((i = 1; i <= 3; i++)); do
  /usr/bin/time -o "$WORK/bsondump.time" -f '%U %S' "$BSONDUMP" --quiet "$WORK/empty.bson" >/dev/null 2>&1
  STARTUPS+=("$(cpu_of "$WORK/bsondump.time")")
done
BSONDUMP_STARTUP=$(median "${STARTUPS[@]}")
echo "bsondump start-up CPU (median of 3, empty file): ${BSONDUMP_STARTUP} s"

# ---------------------------------------------------------------- part 1: conversion alone
RESULTS=$WORK/results.tsv
: >"$RESULTS"
PARAMS=generated:cjk
for f in "${FILE_LIST[@]}"; do PARAMS+=",$f"; done
echo
echo "part 1: JMH RealDumpBenchmark on generated:cjk and ${#FILE_LIST[@]} corpus file(s) ..."
export STRESS_DUMP_CORPUS=$CORPUS # where RealDumpBenchmark reads the files
# shellcheck disable=SC2086 # JMH_OPTS is a list of options
run_client "$WORK/jmh.log" "$JAVA" -jar "$JMH_JAR" 'RealDumpBenchmark.onePass' \
  -p "file=$PARAMS" $JMH_OPTS -rf json -rff "$WORK/jmh.json" || fail_with_log "JMH failed" "$WORK/jmh.log"

"$JAVA" -cp "$JMH_JAR" stress.jmh.CjkDocuments "$WORK/cjk.bson" "$CJK_DOCS"
for param in ${PARAMS//,/ }; do
  case "$param" in
    generated:cjk) one=$WORK/cjk.bson ;;
    *.gz) gunzip -c "$CORPUS/$param" >"$WORK/one.bson"; one=$WORK/one.bson ;;
    *) one=$CORPUS/$param ;;
  esac
  for ((i = 0; i < REPEAT; i++)); do cat "$one"; done >"$WORK/repeated.bson"
  bytes=$(stat -c %s "$WORK/repeated.bson")
  printf '%s\t%s\t%s\n' "$param" "$bytes" "$(bsondump_cpu "$WORK/repeated.bson")" >>"$RESULTS"
done
rm -f "$WORK/repeated.bson" "$WORK/one.bson"

python3 - "$WORK/jmh.json" "$RESULTS" <<'PY'
import json, sys
jmh = {r["params"]["file"]: r["secondaryMetrics"]["bsonBytes"] for r in json.load(open(sys.argv[1]))}
print(f"{'file':<58} {'stress MB/s/core':>16} {'bsondump MB/s/core':>18} {'ratio':>6}")
for line in open(sys.argv[2]):
    name, size, cpu = line.rstrip("\n").split("\t")
    s = jmh[name]
    b = int(size) / 1e6 / float(cpu) if float(cpu) > 0 else float("nan")
    score = float(s["score"]) / 1e6
    error = float(s["scoreError"]) / 1e6 if s["scoreError"] != "NaN" else float("nan")
    print(f"{name:<58} {score:>9.1f} ± {error:<5.1f} {b:>18.1f} {score / b:>5.1f}x")
print("stress: one JMH thread's steady state; bsondump: its process CPU, start-up subtracted")
PY

# ---------------------------------------------------------------- part 2: end to end
[ "$IMPORT_DOCS" != 0 ] || exit 0
echo
echo "part 2: stress import of generated CJK dumps, client CPU, against bsondump on the same file"
"$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres bench
URL="jdbc:postgresql://127.0.0.1:$PORT/bench"
stress_import_cpu() {
  local dump=$1 tag=$2
  run_client "$WORK/import-$tag.log" /usr/bin/time -o "$WORK/import.time" -f '%U %S' "$JAVA" -jar "$STRESS_JAR" \
    --url "$URL" -U postgres import "$dump" --jobs 1 --id-type text --drop-existing \
    || fail_with_log "stress import failed" "$WORK/import-$tag.log"
  cpu_of "$WORK/import.time"
}
mkdir -p "$WORK/one/cjk"
"$JAVA" -cp "$JMH_JAR" stress.jmh.CjkDocuments "$WORK/one/cjk/articles.bson" 1
STARTS=()
for ((i = 1; i <= 3; i++)); do STARTS+=("$(stress_import_cpu "$WORK/one" "one-$i")"); done
IMPORT_STARTUP=$(median "${STARTS[@]}")
echo "stress import of one document, CPU (median of 3): ${IMPORT_STARTUP} s"
printf "%10s %9s %12s %16s %18s %6s\n" documents "MB" "import CPU s" "stress MB/s/core" "bsondump MB/s/core" ratio
for n in ${IMPORT_DOCS//,/ }; do
  rm -rf "$WORK/dump" && mkdir -p "$WORK/dump/cjk"
  "$JAVA" -cp "$JMH_JAR" stress.jmh.CjkDocuments "$WORK/dump/cjk/articles.bson" "$n"
  bytes=$(stat -c %s "$WORK/dump/cjk/articles.bson")
  runs=()
  for ((i = 1; i <= ROUNDS; i++)); do runs+=("$(stress_import_cpu "$WORK/dump" "$n-$i")"); done
  grep -q "$n loaded, 0 rejected" "$WORK/import-$n-1.log" || fail_with_log "the import did not load all $n documents" "$WORK/import-$n-1.log"
  stress_cpu=$(awk -v c="$(median "${runs[@]}")" -v s="$IMPORT_STARTUP" 'BEGIN { printf "%.2f", c - s }')
  bson_cpu=$(bsondump_cpu "$WORK/dump/cjk/articles.bson")
  awk -v n="$n" -v b="$bytes" -v s="$stress_cpu" -v d="$bson_cpu" 'BEGIN {
    printf "%10d %9.1f %12.2f %16.1f %18.1f %5.1fx\n", n, b / 1e6, s, b / 1e6 / s, b / 1e6 / d, d / s }'
done
echo "import CPU: the java process's user + system, median of $ROUNDS, the one-document import subtracted"
