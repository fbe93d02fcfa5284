#!/usr/bin/env bash
# The shipped orders workload (bench/ferretdb-orders.yaml: config/workloads/orders-mongo.yaml's operations with the
# indexes a MongoDB user declares) on one PostgreSQL 15 server two ways: as stress translates it to SQL, on a table
# (its indexes built by `stress index`), and natively through MongoDB's driver on FerretDB 1.24 over that same server
# (the same indexes built by `stress index --against`), by ONE command, `stress run --against`: the same threads,
# duration and drawn values, R interleaved rounds, ratio mongodb / postgresql with its interval. First `stress check`
# compares their answers. FerretDB and its PostgreSQL come from .ci/ferretdb.sh (built from the Go module proxy once).
#
# Usage: bench/ferretdb_vs_sql.sh [--docs N] [--threads T] [--duration D] [--warmup W] [--rounds R]
# Defaults: 20000 large orders, 8 threads, 10s, 3s, 5 rounds. Run as root (the server runs as the postgres OS user).
# STRESS_JAR selects the jar (default: target/stress.jar, built if missing), JAVA the java binary.
# Exit status: 0 when the run ended without errors, non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

DOCS=20000; THREADS=8; DURATION=10s; WARMUP=3s; ROUNDS=5
while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
JAVA=${JAVA:-java}
JAR=${STRESS_JAR:-target/stress.jar}
[ -f "$JAR" ] || mvn -q -B -ntp -DskipTests package
WORK=$(mktemp -d)
# a FerretDB of its own, in a run directory of its own: beside one CI or another bench may be running, and stopping
# only this one at exit
export STRESS_FERRETDB_RUN=$(mktemp -d /tmp/stress-bench-ferretdb.XXXXXX)
trap '.ci/ferretdb.sh stop "$STRESS_FERRETDB_RUN" || true; rm -rf "$WORK"' EXIT

MONGO=$(.ci/ferretdb.sh start)
PG_PORT=$(cat "$STRESS_FERRETDB_RUN/pg_port")
runuser -u postgres -- /usr/lib/postgresql/15/bin/createdb -h 127.0.0.1 -p "$PG_PORT" -U postgres bench
URL="jdbc:postgresql://127.0.0.1:$PG_PORT/bench"
stress() { "$JAVA" -jar "$JAR" "$@"; }

echo "FerretDB: $MONGO over PostgreSQL on port $PG_PORT; the table in database bench of the same server"
stress generate --docs "$DOCS" --shape large --out "$WORK/dump" >/dev/null
stress --url "$URL" -U postgres import "$WORK/dump" | tail -1
stress import "$WORK/dump" --to "$MONGO" | tail -1
stress --url "$URL" -U postgres index --workload bench/ferretdb-orders.yaml --table stress_orders | grep -E ': created|already' | cut -c1-120
stress index --workload bench/ferretdb-orders.yaml --against "$MONGO" --collection stress.orders --table stress_orders | tail -2
stress --url "$URL" -U postgres check --workload bench/ferretdb-orders.yaml --table stress_orders \
  --against "$MONGO" --collection stress.orders --samples 5 | tail -5
stress --url "$URL" -U postgres run --workload bench/ferretdb-orders.yaml --table stress_orders \
  --against "$MONGO" --collection stress.orders --threads "$THREADS" --duration "$DURATION" --warmup "$WARMUP" \
  --rounds "$ROUNDS" --json "$WORK/result.json" > "$WORK/run.log"
sed -n '/PostgreSQL and MongoDB compared/,$p' "$WORK/run.log"
