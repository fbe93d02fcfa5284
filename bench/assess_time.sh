#!/usr/bin/env bash
# The time of `stress assess` itself, split by step, against running its parts one by one as separate commands, on a
# throwaway PostgreSQL: the repository's samples (both sample dumps together, with
# src/test/resources/mongolog/assess-mongod.log) and a generated dump of DOCS orders (`stress generate --shape large`)
# with a mongod 8.0 log of ENTRIES statements written for it (lib/assess_log.py). Each round runs the assessment (a
# new database, a new folder; no --slo, so no capacity search on either side) and the parts (another new database):
#   workload --from-log LOG --dump DUMP, import DUMP, index --workload FILE --suggest, explain --workload FILE,
#   run --workload DIR --rate log --duration 30s --warmup 2s --skip-missing
# interleaved (the assessment first in odd rounds, the parts first in even ones). Prints per round and input each
# step's seconds as assessment.json records them, the parts' seconds, and the assessment's total over the parts' sum:
# the cost of running them as one command (its inventory and data scans have no part of their own: they are the
# extra reading of the dump the one command does).
#
# Usage: bench/assess_time.sh [--docs N] [--entries N] [--rounds R] [--port FIRST] [--log-dir DIR]
# Environment: DOCS (500000), ENTRIES (20000), ROUNDS (2), PORT (5664), STRESS_JAR, PG_BIN, JAVA, STRESS_JAVA_OPTS,
# LOG_DIR as in lib/throwaway_pg.sh. Run as root, the server runs as the `postgres` OS user on 127.0.0.1 only and is
# removed at exit. Exit status: 0 when every command completed, non-zero on a failure.
set -euo pipefail

BENCH_NAME=assess_time
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-500000}
ENTRIES=${ENTRIES:-20000}
ROUNDS=${ROUNDS:-2}
PORT=${PORT:-5664}
STRESS_JAVA_OPTS=${STRESS_JAVA_OPTS:-}
while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --entries) ENTRIES=${2:?--entries needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
for v in DOCS ENTRIES ROUNDS PORT; do
  bench_require_count "--$(echo "$v" | tr 'A-Z' 'a-z')" "${!v}"
done
bench_require_tools initdb pg_ctl postgres createdb
command -v python3 >/dev/null || die "python3 not found on PATH (writes the log, reads the results)"
bench_resolve_jar
bench_print_machine
REPO=$(cd "$(dirname "$0")/.." && pwd)
echo "settings: generated dump of $DOCS orders with a log of $ENTRIES statements; $ROUNDS rounds"

# shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of JVM options
bench_start_server "$PORT" "max_connections = 200
shared_buffers = 256MB"
echo "server: 127.0.0.1:$PORT, data in $DATA (removed at exit)"
stress() { # stress LOGFILE ARGS...: one command as its own process, its output kept
  local log=$1
  shift
  # shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of options
  run_client "$log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" "$@" || fail_with_log "stress $* failed" "$log"
}
now() { date +%s.%N; }
stress_run() { # as stress, but exit 1 (failed executions, a finding of the run, not of this script) is counted and said
  local log=$1 code=0
  shift
  # shellcheck disable=SC2086 # STRESS_JAVA_OPTS is a list of options
  run_client "$log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" "$@" || code=$?
  if [ "$code" -eq 1 ] && grep -q '^errors: .* failed' "$log"; then
    echo "  $name run: $(grep -m1 '^errors: ' "$log")"
  elif [ "$code" -ne 0 ]; then
    fail_with_log "stress $* failed (exit $code)" "$log"
  fi
}

# the two inputs: the samples together, and the generated dump with its log
mkdir -p "$WORK/samples/stress"
cp "$REPO"/datasets/sample-large/stress/* "$REPO"/datasets/sample-small/stress/check_in.* "$WORK/samples/stress/"
stress "$WORK/generate.log" generate --shape large --docs "$DOCS" --out "$WORK/generated"
python3 "$BENCH_LIB/assess_log.py" "$DOCS" "$ENTRIES" 1 "$WORK/generated.log"
echo "inputs: samples ($(du -sh "$WORK/samples" | cut -f1)), generated ($(du -sh "$WORK/generated" | cut -f1) of BSON," \
  "log of $ENTRIES statements)"

newdb() { # a new database each time (called in $(...), so its name is from the clock, not a counter)
  local db
  db=db_$(date +%s%N)
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$db"
  echo "jdbc:postgresql://127.0.0.1:$PORT/$db"
}

assess() { # assess NAME DUMP LOG: one assessment, its steps' seconds as NAME.assess.tsv (step, seconds)
  local name=$1 dump=$2 log=$3 url start end
  url=$(newdb)
  start=$(now)
  stress "$WORK/$name.assess.log" --url "$url" -U postgres assess --dump "$dump" --log "$log" --out "$WORK/$name.assess" \
    --budget 60m
  end=$(now)
  python3 - "$WORK/$name.assess/assessment.json" "$(elapsed "$start" "$end")" > "$WORK/$name.assess.tsv" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
for s in a["plan"]:
    print(f"{s['step']}\t{s.get('seconds') or 0}\t{s['status']}")
print(f"total\t{sys.argv[2]}\tprocess")
PY
}

parts() { # parts NAME DUMP LOG: the parts one by one, each a process of its own, as NAME.parts.tsv (part, seconds)
  local name=$1 dump=$2 log=$3 url start w file table
  url=$(newdb)
  w=$WORK/$name.parts-workload
  : > "$WORK/$name.parts.tsv"
  timed() { local part=$1; shift; start=$(now); stress "$WORK/$name.$part.log" "$@"; \
    printf '%s\t%s\n' "$part" "$(elapsed "$start" "$(now)")" >> "$WORK/$name.parts.tsv"; }
  timed workload workload --from-log "$log" --dump "$dump" --out "$w" --force
  timed import --url "$url" -U postgres import "$dump"
  for file in "$w"/*.yaml; do
    [ "$(basename "$file")" = application.yaml ] && continue
    table=$(basename "$file" .yaml)
    # a collection the log uses and the dump lacks has no table: the assessment says so, the parts have nothing to run
    [ -f "$dump/stress/${table#stress_}.bson" ] || continue
    timed "index:$table" --url "$url" -U postgres index --workload "$file" --table "$table" --suggest
    timed "explain:$table" --url "$url" -U postgres explain --workload "$file" --table "$table"
  done
  start=$(now)
  stress_run "$WORK/$name.run.log" --url "$url" -U postgres run --workload "$w" --rate log --duration 30s --warmup 2s \
    --skip-missing
  printf '%s\t%s\n' run "$(elapsed "$start" "$(now)")" >> "$WORK/$name.parts.tsv"
}

for ((r = 1; r <= ROUNDS; r++)); do
  for input in samples generated; do
    if [ "$input" = samples ]; then dump=$WORK/samples; log=$REPO/src/test/resources/mongolog/assess-mongod.log
    else dump=$WORK/generated; log=$WORK/generated.log; fi
    echo "round $r, $input (load $(cut -d' ' -f1-3 /proc/loadavg))"
    if [ $((r % 2)) -eq 1 ]; then assess "$input-$r" "$dump" "$log"; parts "$input-$r" "$dump" "$log"
    else parts "$input-$r" "$dump" "$log"; assess "$input-$r" "$dump" "$log"; fi
  done
done

python3 - "$WORK" "$ROUNDS" <<'PY'
import sys
work, rounds = sys.argv[1], int(sys.argv[2])
def read(path):
    rows = {}
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        rows[f[0]] = rows.get(f[0], 0.0) + float(f[1])
    return rows
for inp in ("samples", "generated"):
    print(f"\n{inp}: seconds per round (assessment's steps | the parts alone)")
    for r in range(1, rounds + 1):
        a, p = read(f"{work}/{inp}-{r}.assess.tsv"), read(f"{work}/{inp}-{r}.parts.tsv")
        index = sum(v for k, v in p.items() if k.startswith("index:"))
        explain = sum(v for k, v in p.items() if k.startswith("explain:"))
        steps = " ".join(f"{k} {v:.1f}" for k, v in a.items() if k != "total")
        print(f"  round {r}: assess {steps} | total {a['total']:.1f}")
        print(f"           parts workload {p['workload']:.1f} import {p['import']:.1f} index {index:.1f}"
              f" explain {explain:.1f} run {p['run']:.1f} | total {sum(p.values()):.1f}"
              f"  -> assess / parts x{a['total'] / sum(p.values()):.2f}")
PY
