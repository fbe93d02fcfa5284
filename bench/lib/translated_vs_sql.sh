# The body of bench/mongo_vs_sql.sh and bench/pipeline_vs_sql.sh, sourced by them after they set BENCH_NAME,
# FIRST_PORT (the default first port), STEM (bench/STEM.yaml translated, bench/STEM-sql.yaml written by hand, the
# same operation names) and JIT_SETTINGS (empty: one comparison under the server's default; else one per value, with
# PGOPTIONS -c jit=...) and optionally INDEX_MODES (empty: both files' indexes built by `stress index`, then VACUUM
# ANALYZE; else one comparison per mode, in order: `btrees`, which must come first, on the table without any GIN
# index: the SQL file's indexes but {gin: ...} and, for the translated side, BTREE_INDEXES (one index entry a line,
# e.g. {path: status, type: string}) built by `stress index`, comparing the operations named in BTREE_SHAPES only,
# after which the translated side's btrees are dropped again; `suggest` or `declared`: the SQL file's indexes (GIN
# too), then `stress index --suggest` of the translated file as it is or declaring the SQL file's indexes too). It
# reads the script's options, generates and imports N large orders on a throwaway PostgreSQL, builds the indexes,
# takes each translated statement from `stress explain` and compares both with lib/mongo_vs_sql.py.
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
compare() { # compare EXPLAIN_LOG [SQL_EXPLAIN_LOG]: the translated statements of EXPLAIN_LOG beside the hand-written
  # ones (of explain-STEM-sql.log unless given)
  python3 "$BENCH_DIR/lib/mongo_vs_sql.py" "$1" "${2:-$WORK/explain-$STEM-sql.log}" "$ROUNDS" -- \
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
  # Per mode, in order, with no ANALYZE but the one `stress index` runs after it builds. "btrees" (first: the tool
  # notices a GIN index on the table, whichever file built it): the hand-written indexes but GIN, and the btrees a
  # MongoDB user declares (BTREE_INDEXES) built by `stress index`, for the operations named in BTREE_SHAPES only;
  # those btrees are dropped again after, so the later modes start from the hand-written indexes as before. Then the
  # hand-written statements' indexes (GIN too) and `stress index --suggest` as the translated file's only index step:
  # "suggest", the file as it is; "declared", the file declaring the hand-written indexes too (both kinds on the same
  # paths).
  psql_bench() { "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d "$DB" "$@"; }
  indexes_of_table() { # the index names of stress_orders, one a line, sorted
    psql_bench -c "SELECT indexrelid::regclass FROM pg_index WHERE indrelid = 'stress_orders'::regclass" | sort
  }
  awk '/^indexes:/ { exit } { print }' "$BENCH_DIR/$STEM.yaml" > "$WORK/$STEM-declared.yaml"
  awk '/^indexes:/ { found = 1 } found' "$BENCH_DIR/$STEM-sql.yaml" >> "$WORK/$STEM-declared.yaml"
  hand_built=
  for mode in $INDEX_MODES; do
    case "$mode" in
      btrees)
        [ -z "$hand_built" ] || die "index mode btrees must come first: the table has a GIN index by then"
        [ -n "${BTREE_SHAPES:-}" ] && [ -n "${BTREE_INDEXES:-}" ] \
          || die "index mode btrees needs BTREE_SHAPES and BTREE_INDEXES"
        grep -v -E '^[[:space:]]*-[[:space:]]*\{gin:' "$BENCH_DIR/$STEM-sql.yaml" > "$WORK/$STEM-sql-btrees.yaml"
        awk -v names=" $BTREE_SHAPES " '
          /^operations:/ { print; ops = 1; next }
          /^[^ #]/ { ops = 0 }
          ops && /^  [A-Za-z0-9_]+:/ { name = $1; sub(/:$/, "", name); keep = index(names, " " name " ") > 0 }
          ops && keep { print }' "$BENCH_DIR/$STEM.yaml" > "$WORK/$STEM-btrees.yaml"
        for name in $BTREE_SHAPES; do
          grep -q "^  $name:" "$WORK/$STEM-btrees.yaml" || die "BTREE_SHAPES: no operation $name in $STEM.yaml"
        done
        { echo "indexes:"; printf '%s\n' "$BTREE_INDEXES" | sed -e '/^[[:space:]]*$/d' -e 's/^[[:space:]]*/  - /'; } \
          >> "$WORK/$STEM-btrees.yaml"
        run_client "$WORK/index-$STEM-sql-btrees.log" stress index --workload "$WORK/$STEM-sql-btrees.yaml" \
          --table stress_orders \
          || fail_with_log "stress index of $STEM-sql-btrees.yaml failed" "$WORK/index-$STEM-sql-btrees.log"
        before=$(indexes_of_table)
        run_client "$WORK/index-$mode.log" stress index --workload "$WORK/$STEM-btrees.yaml" --table stress_orders \
          || fail_with_log "stress index of $STEM-btrees.yaml failed" "$WORK/index-$mode.log"
        built=$(comm -13 <(printf '%s\n' "$before") <(indexes_of_table))
        [ "$(psql_bench -c "SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            JOIN pg_am a ON a.oid = c.relam WHERE i.indrelid = 'stress_orders'::regclass AND a.amname = 'gin'")" = 0 ] \
          || die "index mode btrees: the table has a GIN index"
        explain "$WORK/$STEM-sql-btrees.yaml" "$WORK/explain-$STEM-sql-btrees.log"
        explain "$WORK/$STEM-btrees.yaml" "$WORK/explain-$mode.log"
        echo
        echo "indexes: $mode (no GIN index on the table; $STEM-btrees.yaml: $BTREE_SHAPES only, with" \
          "$(printf '%s\n' "$BTREE_INDEXES" | sed '/^[[:space:]]*$/d' | paste -sd ' ' -), stress index;" \
          "hand-written: $STEM-sql.yaml's indexes but GIN)"
        grep -E ': (created|already there)|^analysed' "$WORK/index-$mode.log" | sed "s|^$WORK/||" | cut -c1-160 \
          || true
        awk '/ is written for / { shown = 1; print; next } shown && /^  / { print; next } { shown = 0 }' \
          "$WORK/explain-$mode.log" | cut -c1-160
        compare "$WORK/explain-$mode.log" "$WORK/explain-$STEM-sql-btrees.log"
        for index in $built; do
          psql_bench -c "DROP INDEX $index"
        done
        echo "dropped again, so the next modes start as before: $(printf '%s\n' "$built" | paste -sd ' ' -)"
        continue ;;
      suggest) file="$BENCH_DIR/$STEM.yaml" ;;
      declared) file="$WORK/$STEM-declared.yaml" ;;
      *) die "unknown index mode $mode" ;;
    esac
    if [ -z "$hand_built" ]; then
      run_client "$WORK/index-$STEM-sql.log" stress index --workload "$BENCH_DIR/$STEM-sql.yaml" --table stress_orders \
        || fail_with_log "stress index of $STEM-sql.yaml failed" "$WORK/index-$STEM-sql.log"
      explain "$BENCH_DIR/$STEM-sql.yaml" "$WORK/explain-$STEM-sql.log"
      hand_built=yes
    fi
    run_client "$WORK/index-$mode.log" stress index --suggest --workload "$file" --table stress_orders \
      || fail_with_log "stress index --suggest of $file failed" "$WORK/index-$mode.log"
    explain "$file" "$WORK/explain-$mode.log"
    echo
    echo "indexes: $mode ($(basename "$file"), stress index --suggest)"
    grep -E ': suggested |^analysed' "$WORK/index-$mode.log" | cut -c1-160 || true
    compare "$WORK/explain-$mode.log"
  done
fi
