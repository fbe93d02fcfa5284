#!/usr/bin/env bash
# Three roads for a MongoDB application on ONE PostgreSQL server, the shipped orders workload
# (bench/ferretdb-orders.yaml) on the same documents with the same indexes: as stress translates it to SQL on a table,
# natively through MongoDB's driver on FerretDB 2 over the DocumentDB extension of that server, and on FerretDB 1.24
# over the same server where its binary is present; by ONE command, `stress run --against URL --against URL`: the same
# threads, duration and drawn values, R interleaved rounds, each ratio to the translated SQL with its interval, then
# where the time goes (each road's statements' time inside PostgreSQL from pg_stat_statements, beside the client's
# latency). First `stress check` compares each server's answers with the translation's.
#
# The PostgreSQL server with DocumentDB and FerretDB 2 on it are the user's (built from their public sources; nothing
# here builds them); pg_stat_statements loaded and created there gives the server-side split.
#
# Usage: bench/documentdb_vs_sql.sh --pg-port P --ferretdb2 mongodb://HOST:PORT/ [--pg-host H] [--pg-user U]
#          [--docs N] [--threads T] [--duration D] [--warmup W] [--rounds R]
# Defaults: host 127.0.0.1, user postgres (a superuser, trusted: no password is asked for), 10000 large orders,
# 4 threads, 8s, 3s, 5 rounds. STRESS_DOCUMENTDB_PG_PORT and STRESS_DOCUMENTDB_URL stand for the two required options.
# It drops and creates the PostgreSQL database stress_bench_roads (the table) and stress_bench_ferretdb1 (FerretDB
# 1.24's), and the MongoDB database stress_bench on FerretDB 2.
# FerretDB 1.24: STRESS_FERRETDB_BIN, else the binary .ci/ferretdb.sh built into its cache; without one the bench
# measures two roads and says so. STRESS_JAR selects the jar (default: target/stress.jar, built if missing), JAVA
# the java binary. Exit status: 0 when the run ended without errors, non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_HOST=127.0.0.1; PG_PORT=${STRESS_DOCUMENTDB_PG_PORT:-}; PG_USER=postgres; FERRET2=${STRESS_DOCUMENTDB_URL:-}
DOCS=10000; THREADS=4; DURATION=8s; WARMUP=3s; ROUNDS=5
while [ $# -gt 0 ]; do
  case "$1" in
    --pg-host) PG_HOST=$2; shift 2 ;;
    --pg-port) PG_PORT=$2; shift 2 ;;
    --pg-user) PG_USER=$2; shift 2 ;;
    --ferretdb2) FERRET2=$2; shift 2 ;;
    --docs) DOCS=$2; shift 2 ;;
    --threads) THREADS=$2; shift 2 ;;
    --duration) DURATION=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$PG_PORT" ] || { echo "--pg-port: give the port of the PostgreSQL server DocumentDB runs on" >&2; exit 2; }
[ -n "$FERRET2" ] || { echo "--ferretdb2: give FerretDB 2's mongodb:// URL" >&2; exit 2; }
JAVA=${JAVA:-java}
JAR=${STRESS_JAR:-target/stress.jar}
[ -f "$JAR" ] || mvn -q -B -ntp -DskipTests package
WORK=$(mktemp -d)
FERRET1_PID=
trap '[ -n "$FERRET1_PID" ] && kill "$FERRET1_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
psql_on() { psql -X -q -v ON_ERROR_STOP=1 "postgresql://$PG_USER@$PG_HOST:$PG_PORT/$1" "${@:2}"; }
stress() { "$JAVA" -jar "$JAR" "$@"; }
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}
URL="jdbc:postgresql://$PG_HOST:$PG_PORT/stress_bench_roads"

for db in stress_bench_roads stress_bench_ferretdb1; do
  psql_on postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
done
AGAINST=(--against "$FERRET2")
FERRET1_BIN=${STRESS_FERRETDB_BIN:-${STRESS_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stress-ci}/ferretdb-v1.24.2/bin/ferretdb}
if [ -x "$FERRET1_BIN" ]; then
  port=$(free_port)
  "$FERRET1_BIN" --listen-addr="127.0.0.1:$port" \
    --postgresql-url="postgres://$PG_USER@$PG_HOST:$PG_PORT/stress_bench_ferretdb1" --telemetry=disable \
    --state-dir="$WORK/ferretdb1" --debug-addr="127.0.0.1:$(free_port)" >"$WORK/ferretdb1.log" 2>&1 </dev/null &
  FERRET1_PID=$!
  FERRET1="mongodb://127.0.0.1:$port/"
  for _ in $(seq 50); do (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.2; done
  AGAINST+=(--against "$FERRET1")
  echo "FerretDB 1.24: $FERRET1 over database stress_bench_ferretdb1"
else
  echo "FerretDB 1.24: no binary at $FERRET1_BIN (.ci/ferretdb.sh start builds it; STRESS_FERRETDB_BIN names one): two roads only"
fi
echo "PostgreSQL $PG_HOST:$PG_PORT: the table in database stress_bench_roads; FerretDB 2: $FERRET2"

stress generate --docs "$DOCS" --shape large --db stress_bench --out "$WORK/dump" >/dev/null
stress --url "$URL" -U "$PG_USER" import "$WORK/dump" --table stress_orders | tail -1
stress --url "$URL" -U "$PG_USER" index --workload bench/ferretdb-orders.yaml --table stress_orders \
  | grep -E ': created|already' | cut -c1-120
for ((i = 1; i < ${#AGAINST[@]}; i += 2)); do
  server=${AGAINST[i]}
  stress import "$WORK/dump" --to "$server" --drop-existing | tail -1
  stress index --workload bench/ferretdb-orders.yaml --against "$server" --collection stress_bench.orders \
    --table stress_orders | tail -2
  stress --url "$URL" -U "$PG_USER" check --workload bench/ferretdb-orders.yaml --table stress_orders \
    --against "$server" --collection stress_bench.orders --samples 5 | tail -5
done
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"
stress --url "$URL" -U "$PG_USER" run --workload bench/ferretdb-orders.yaml --table stress_orders \
  "${AGAINST[@]}" --collection stress_bench.orders --threads "$THREADS" --duration "$DURATION" \
  --warmup "$WARMUP" --rounds "$ROUNDS" --json "$WORK/result.json" > "$WORK/run.log" || status=$?
grep -E '^target (postgresql|mongodb)|^target: ' "$WORK/run.log" | grep -v ', round [2-9]' | cut -c1-160 || true
if grep -q '^PostgreSQL and .* compared' "$WORK/run.log"; then
  sed -n '/^PostgreSQL and .* compared/,$p' "$WORK/run.log"
else
  tail -40 "$WORK/run.log"
fi
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) after the run"
exit "${status:-0}"
