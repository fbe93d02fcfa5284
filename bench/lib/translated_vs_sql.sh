# The body of bench/mongo_vs_sql.sh and bench/pipeline_vs_sql.sh, sourced by them after they set BENCH_NAME,
# FIRST_PORT (the default first port), STEM (bench/STEM.yaml translated, bench/STEM-sql.yaml written by hand, the
# same operation names) and JIT_SETTINGS (empty: one comparison under the server's default; else one per value, with
# PGOPTIONS -c jit=...) and optionally INDEX_MODES (empty: both files' indexes built by `stress index`, then VACUUM
# ANALYZE; else the SQL file's indexes, then per mode, `suggest` or `declared`, `stress index --suggest` of the
# translated file as it is or declaring the SQL file's indexes too, and a comparison). It reads the script's options,
# generates and imports N large orders on a throwaway PostgreSQL, builds the indexes, takes each translated statement
# from `stress explain` and compares both with lib/mongo_vs_sql.py.
# shellcheck source=throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-200000}
ROUNDS=${ROUNDS:-5}
DB=bench
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
PORT=${PORT:-$FIRST_PORT}

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    --help | -h) bench_usage; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
done
bench_require_count --docs "$DOCS"
bench_require_count --rounds "$ROUNDS"
bench_require_tools initdb pg_ctl psql createdb
bench_resolve_jar
bench_print_machine
echo "settings: docs=$DOCS (shape large) rounds=$ROUNDS"

bench_start_server "$PORT" "shared_buffers = 512MB
max_wal_size = 8GB
autovacuum = off"
echo "server: 127.0.0.1:$PORT, data in $DATA (removed at exit), shared_buffers=512MB, autovacuum=off"
"$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
URL="jdbc:postgresql://127.0.0.1:$PORT/$DB"
stress() { "$JAVA" -jar "$STRESS_JAR" --url "$URL" -U postgres "$@"; }

run_client "$WORK/generate.log" "$JAVA" -jar "$STRESS_JAR" generate --docs "$DOCS" --shape large --out "$WORK/dump" \
  || fail_with_log "stress generate failed" "$WORK/generate.log"
run_client "$WORK/import.log" stress import "$WORK/dump" || fail_with_log "stress import failed" "$WORK/import.log"
grep '^import:' "$WORK/import.log"
compare() { # compare EXPLAIN_LOG: the translated statements of EXPLAIN_LOG beside the hand-written ones
  python3 "$BENCH_DIR/lib/mongo_vs_sql.py" "$1" "$WORK/explain-$STEM-sql.log" "$ROUNDS" -- \
    "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d "$DB"
}
explain() { # explain FILE LOG
  run_client "$2" stress explain --workload "$1" --table stress_orders \
    || fail_with_log "stress explain of $1 failed" "$2"
}
if [ -z "${INDEX_MODES:-}" ]; then
  for file in "$STEM" "$STEM-sql"; do
    run_client "$WORK/index-$file.log" stress index --workload "$BENCH_DIR/$file.yaml" --table stress_orders \
      || fail_with_log "stress index of $file.yaml failed" "$WORK/index-$file.log"
  done
  "$PG_BIN/psql" -X -q -h 127.0.0.1 -p "$PORT" -U postgres -d "$DB" -c "VACUUM ANALYZE stress_orders"
  for file in "$STEM" "$STEM-sql"; do
    explain "$BENCH_DIR/$file.yaml" "$WORK/explain-$file.log"
  done
  if [ -z "$JIT_SETTINGS" ]; then
    compare "$WORK/explain-$STEM.log"
  else
    for jit in $JIT_SETTINGS; do
      echo
      echo "jit = $jit"
      PGOPTIONS="-c jit=$jit" compare "$WORK/explain-$STEM.log"
    done
  fi
else
  # The hand-written statements' indexes, then per mode `stress index --suggest` as the translated file's only index
  # step and no ANALYZE but its own: "suggest", the file as it is; "declared", the file declaring the hand-written
  # indexes too (both kinds on the same paths).
  run_client "$WORK/index-$STEM-sql.log" stress index --workload "$BENCH_DIR/$STEM-sql.yaml" --table stress_orders \
    || fail_with_log "stress index of $STEM-sql.yaml failed" "$WORK/index-$STEM-sql.log"
  explain "$BENCH_DIR/$STEM-sql.yaml" "$WORK/explain-$STEM-sql.log"
  awk '/^indexes:/ { exit } { print }' "$BENCH_DIR/$STEM.yaml" > "$WORK/$STEM-declared.yaml"
  awk '/^indexes:/ { found = 1 } found' "$BENCH_DIR/$STEM-sql.yaml" >> "$WORK/$STEM-declared.yaml"
  for mode in $INDEX_MODES; do
    case "$mode" in
      suggest) file="$BENCH_DIR/$STEM.yaml" ;;
      declared) file="$WORK/$STEM-declared.yaml" ;;
      *) die "unknown index mode $mode" ;;
    esac
    run_client "$WORK/index-$mode.log" stress index --suggest --workload "$file" --table stress_orders \
      || fail_with_log "stress index --suggest of $file failed" "$WORK/index-$mode.log"
    explain "$file" "$WORK/explain-$mode.log"
    echo
    echo "indexes: $mode ($(basename "$file"), stress index --suggest)"
    grep -E ': suggested |^analysed' "$WORK/index-$mode.log" | cut -c1-160 || true
    compare "$WORK/explain-$mode.log"
  done
fi
