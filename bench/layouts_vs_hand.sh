#!/usr/bin/env bash
# Compares the layouts stress makes on a Citus cluster with a table a Citus engineer makes by hand: a key-pinned mix
# (bench/layouts-mix.yaml: a customer's orders, their count, their count per status; every operation names one
# customer) on generated large orders, at T threads, run by ONE command on a table distributed by _id and on one
# distributed by customer.customerId (`stress run --compare-tables`), then bench/layouts-mix-sql.yaml (the same
# questions in hand-written SQL) on a table (customer_id bigint, _id integer, data jsonb), primary key
# (customer_id, _id), distributed by customer_id and filled from the same documents. R rounds, each the comparison
# run then the hand-made run, the same threads, warm-up and duration. Prints per round and operation the ops/s on the
# three tables, then the medians with the ratios key/_id and hand-made/key.
# Target: the key layout within 1.2x of the hand-made table (hand-made/key <= 1.2 for the whole mix).
#
# Usage: bench/layouts_vs_hand.sh [--host H] [--port P] [--db D] [--user U] [--docs N] [--threads T]
#                                 [--duration D] [--warmup W] [--rounds R] [--prefix P] [--keep-tables]
#                                 [--log-dir DIR]
# Defaults: 127.0.0.1, 9700, stress, postgres, 50000 docs, 8 threads, 30s, 5s, 3 rounds.
# The cluster is the caller's: a Citus coordinator with its workers, reached without a password (trust or ~/.pgpass).
# The tables bench_orders_id, bench_orders_key and bench_orders_hand (and the copy tables), each name after the prefix
# P (default none), are dropped and made again unless --keep-tables finds all three with N documents. STRESS_JAR selects the jar (default: target/stress.jar,
# built if missing), JAVA the java binary; psql and python3 are needed.
# Exit status: 0 when every run ended without errors (whether or not the target is met), non-zero otherwise.
set -euo pipefail

BENCH_NAME=layouts_vs_hand
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"
HERE=$(cd "$(dirname "$0")" && pwd)

HOST=127.0.0.1; PORT=9700; DB=stress; DBUSER=postgres; DOCS=50000; THREADS=8; DURATION=30s; WARMUP=5s; ROUNDS=3
KEEP=""; PREFIX=""
while [ $# -gt 0 ]; do
  case "$1" in
    --host) HOST=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --db) DB=$2; shift 2 ;;
    --user) DBUSER=$2; shift 2 ;;
    --docs) DOCS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --prefix) PREFIX=$2; shift 2 ;;
    --keep-tables) KEEP=yes; shift ;;
    --log-dir) LOG_DIR=$2; shift 2 ;;
    --help|-h) bench_usage; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
bench_require_count --docs "$DOCS"
bench_require_count --threads "$THREADS"
bench_require_count --rounds "$ROUNDS"
command -v psql >/dev/null || die "psql is needed"
command -v python3 >/dev/null || die "python3 is needed"
bench_resolve_jar
case "$PREFIX" in *[!a-z0-9_]*) die "--prefix '$PREFIX': lower-case letters, digits and _ only" ;; esac
T_ID=${PREFIX}bench_orders_id; T_KEY=${PREFIX}bench_orders_key; T_HAND=${PREFIX}bench_orders_hand

URL="jdbc:postgresql://$HOST:$PORT/$DB?user=$DBUSER"
PSQL=(psql -X -q -v ON_ERROR_STOP=1 -h "$HOST" -p "$PORT" -U "$DBUSER" -d "$DB")
OUT=$(mktemp -d "${TMPDIR:-/tmp}/$BENCH_NAME.XXXXXX")
WORK=$OUT # throwaway_pg.sh's exit trap copies it to LOG_DIR (when set) and removes it
stress() { "$JAVA" -jar "$STRESS_JAR" --url "$URL" "$@"; }

echo "machine: $(hostname), $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB RAM; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "server: $("${PSQL[@]}" -Atc "SELECT citus_version()" | cut -d' ' -f1-2), $("${PSQL[@]}" -Atc "SELECT version()" | cut -d' ' -f1-2);" \
  "workers: $("${PSQL[@]}" -Atc "SELECT count(*) FROM pg_dist_node WHERE noderole = 'primary' AND shouldhaveshards")," \
  "citus.shard_count $("${PSQL[@]}" -Atc "SHOW citus.shard_count")"
echo "java: $("$JAVA" -version 2>&1 | head -n 1); stress: $("$JAVA" -jar "$STRESS_JAR" --version 2>&1 | head -n 1)"
echo "mix: $DOCS large orders, $THREADS threads, warm-up $WARMUP, $DURATION per table, $ROUNDS rounds"

count_of() { "${PSQL[@]}" -Atc "SELECT CASE WHEN to_regclass('$1') IS NULL THEN -1 ELSE (SELECT count(*) FROM $1) END"; }
if [ -n "$KEEP" ] && [ "$(count_of $T_ID)" = "$DOCS" ] && [ "$(count_of $T_KEY)" = "$DOCS" ] \
    && [ "$(count_of $T_HAND)" = "$DOCS" ]; then
  echo "tables: kept (each holds $DOCS documents)"
else
  echo "tables: generating $DOCS large orders twice (by _id, by customer.customerId) and copying them by hand ..."
  stress init --table $T_ID --docs "$DOCS" --shape large --drop-existing > "$OUT/init_id.log" 2>&1 \
    || fail_with_log "init of $T_ID failed" "$OUT/init_id.log"
  stress init --table $T_KEY --docs "$DOCS" --shape large --distribute-by customer.customerId \
    --drop-existing > "$OUT/init_key.log" 2>&1 || fail_with_log "init of $T_KEY failed" "$OUT/init_key.log"
  "${PSQL[@]}" > "$OUT/hand.log" 2>&1 <<SQL || fail_with_log "the hand-made table failed" "$OUT/hand.log"
DROP TABLE IF EXISTS $T_HAND;
CREATE TABLE $T_HAND (customer_id bigint NOT NULL, _id integer NOT NULL, data jsonb NOT NULL,
  PRIMARY KEY (customer_id, _id));
SELECT create_distributed_table('$T_HAND', 'customer_id');
INSERT INTO $T_HAND SELECT CAST(data #>> '{customer,customerId}' AS bigint), _id, data FROM $T_ID;
ANALYZE $T_HAND;
SQL
  for t in $T_ID $T_KEY; do
    stress index --workload "$HERE/layouts-mix.yaml" --table "$t" > "$OUT/index_$t.log" 2>&1 \
      || fail_with_log "stress index on $t failed" "$OUT/index_$t.log"
  done
fi

for r in $(seq 1 "$ROUNDS"); do
  stress run --workload "$HERE/layouts-mix.yaml" --compare-tables $T_ID,$T_KEY \
    --threads "$THREADS" --duration "$DURATION" --warmup "$WARMUP" --json "$OUT/compare_$r.json" \
    > "$OUT/compare_$r.log" 2>&1 || fail_with_log "round $r: the comparison run failed" "$OUT/compare_$r.log"
  stress run --workload "$HERE/layouts-mix-sql.yaml" --table $T_HAND --explain \
    --threads "$THREADS" --duration "$DURATION" --warmup "$WARMUP" --json "$OUT/hand_$r.json" \
    > "$OUT/hand_$r.log" 2>&1 || fail_with_log "round $r: the hand-made run failed" "$OUT/hand_$r.log"
  echo "round $r done (load average $(cut -d' ' -f1 /proc/loadavg))"
done
sed -n '/^Layouts compared/,/^total/p' "$OUT/compare_$ROUNDS.log"
echo
python3 "$BENCH_LIB/layouts_vs_hand.py" "$OUT" "$ROUNDS"
