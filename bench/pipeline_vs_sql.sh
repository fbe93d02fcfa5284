#!/usr/bin/env bash
# Compares aggregation pipelines, as stress translates them, with the SQL a PostgreSQL engineer writes by hand for
# the same documents on indexes of the same paths: bench/mongo-pipelines.yaml (a customer's top categories with
# $unwind + $group, a customer's recent orders with $project, a week's revenue per status, a week's categories
# with $sortByCount, a month's count of one status, a $lookup into the same collection, a $group over the whole
# table) beside bench/mongo-pipelines-sql.yaml (the same names in SQL, giving the same jsonb documents). On a
# throwaway PostgreSQL it generates and imports N large orders, builds both files' indexes with `stress index`,
# takes each translated statement from `stress explain`, and prints per pipeline the median EXPLAIN ANALYZE
# execution time of both over R alternating rounds, their scan nodes, whether both return the same documents, and
# the ratio: first with jit = off (what `stress run` sets for pipelines), then with the server's default (jit = on).
# Target: the same documents, and within 2x of the hand-written SQL (or within 1 ms).
#
# Usage: bench/pipeline_vs_sql.sh [--docs N] [--rounds R] [--port FIRST] [--log-dir DIR]
# Each option also has an environment variable: DOCS, ROUNDS, PORT, LOG_DIR.
# Defaults: 200000 docs, 5 rounds, ports from 5584.
# STRESS_JAR selects the jar (default: target/stress.jar, built if missing), PG_BIN the PostgreSQL binaries
# (default /usr/lib/postgresql/15/bin), JAVA the java binary.
# Run as root, the server runs as the `postgres` OS user. It listens on 127.0.0.1 only and is removed at exit.
# Exit status: 0 when every pipeline ran (whether or not the target is met), non-zero on failure.
set -euo pipefail

BENCH_NAME=pipeline_vs_sql
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-200000}
ROUNDS=${ROUNDS:-5}
PORT=${PORT:-5584}
DB=bench
BENCH_DIR=$(cd "$(dirname "$0")" && pwd)

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
for file in mongo-pipelines mongo-pipelines-sql; do
  run_client "$WORK/index-$file.log" stress index --workload "$BENCH_DIR/$file.yaml" --table stress_orders \
    || fail_with_log "stress index of $file.yaml failed" "$WORK/index-$file.log"
done
"$PG_BIN/psql" -X -q -h 127.0.0.1 -p "$PORT" -U postgres -d "$DB" -c "VACUUM ANALYZE stress_orders"
for file in mongo-pipelines mongo-pipelines-sql; do
  run_client "$WORK/explain-$file.log" stress explain --workload "$BENCH_DIR/$file.yaml" --table stress_orders \
    || fail_with_log "stress explain of $file.yaml failed" "$WORK/explain-$file.log"
done
for jit in off on; do
  echo
  echo "jit = $jit"
  PGOPTIONS="-c jit=$jit" python3 "$BENCH_DIR/lib/mongo_vs_sql.py" "$WORK/explain-mongo-pipelines.log" \
    "$WORK/explain-mongo-pipelines-sql.log" "$ROUNDS" -- "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h 127.0.0.1 \
    -p "$PORT" -U postgres -d "$DB"
done
