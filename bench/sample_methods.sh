#!/usr/bin/env bash
# The cost of $sample's translation beside the cheaper ways PostgreSQL has to draw rows at random: on an embedded
# PostgreSQL of its own (`stress embedded start` on a temp data directory, the server stress runs on by default),
# with N small documents from `stress init`, it runs R rounds of EXPLAIN (ANALYZE, BUFFERS) of
#   random     SELECT data FROM check_in ORDER BY random() LIMIT n                (what stress writes)
#   system     SELECT data FROM check_in TABLESAMPLE SYSTEM (P) LIMIT n
#   bernoulli  SELECT data FROM check_in TABLESAMPLE BERNOULLI (P) LIMIT n
# with P the percentage that gives 2n rows on average (twice what is asked, as one would oversample), and prints
# per method the median execution time, the mean of the shared buffers its plan read, and how many rounds returned fewer than n rows.
#
# Usage: bench/sample_methods.sh [--docs N] [--size n] [--rounds R] [--log-dir DIR]
# Environment: DOCS (default 200000), SIZE (10), ROUNDS (15), LOG_DIR; STRESS_JAR (default target/stress.jar,
# built if missing), JAVA. Needs psql on PATH. The server is stopped and its data deleted at exit.
# Exit status: 0 when every statement ran, non-zero on failure.
set -euo pipefail

DOCS=${DOCS:-200000}
SIZE=${SIZE:-10}
ROUNDS=${ROUNDS:-15}
JAVA=${JAVA:-java}
LOG_DIR=${LOG_DIR:-}
die() { echo "sample_methods: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --size) SIZE=${2:?--size needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
for pair in "--docs:$DOCS" "--size:$SIZE" "--rounds:$ROUNDS"; do
  [[ ${pair#*:} =~ ^[0-9]+$ ]] && [ "${pair#*:}" -ge 1 ] || die "${pair%%:*} '${pair#*:}' must be a whole number >= 1"
done
command -v psql >/dev/null || die "psql not found on PATH"
cd "$(dirname "$0")/.."
STRESS_JAR=${STRESS_JAR:-target/stress.jar}
[ -f "$STRESS_JAR" ] || mvn -B -ntp -q package -DskipTests
WORK=$(mktemp -d -t sample_methods.XXXXXX)
export STRESS_EMBEDDED_DIR=$WORK/embedded
stress() { "$JAVA" -jar "$STRESS_JAR" "$@"; }
cleanup() {
  stress embedded reset >/dev/null 2>&1 || true
  [ -z "$LOG_DIR" ] || { mkdir -p "$LOG_DIR"; cp "$WORK"/*.txt "$LOG_DIR"/ 2>/dev/null || true; }
  rm -rf "$WORK"
}
trap cleanup EXIT

stress embedded start >"$WORK/start.txt"
PORT=$(sed -n 's/.*running on port \([0-9]*\).*/\1/p' "$WORK/start.txt" | head -1)
[ -n "$PORT" ] || die "no port in: $(cat "$WORK/start.txt")"
stress init --docs "$DOCS" --shape small --drop-existing >"$WORK/init.txt" 2>&1 || { tail "$WORK/init.txt"; exit 1; }
sql() { psql -X -q -At -h localhost -p "$PORT" -U postgres -d postgres -c "$1"; }
echo "machine: $(nproc) cores, $(uname -r); $(sql 'SELECT version()' | cut -d, -f1); $DOCS documents" \
  "($(sql "SELECT pg_size_pretty(pg_relation_size('check_in'))"), $(sql "SELECT relpages FROM pg_class WHERE relname = 'check_in'") pages)," \
  "n = $SIZE, $ROUNDS rounds"
PERCENT=$(awk -v n="$SIZE" -v d="$DOCS" 'BEGIN { p = 200 * n / d; if (p > 100) p = 100; printf "%.6f", p }')
declare -A STATEMENT=(
  [random]="SELECT data FROM check_in ORDER BY random() LIMIT $SIZE"
  [system]="SELECT data FROM check_in TABLESAMPLE SYSTEM ($PERCENT) LIMIT $SIZE"
  [bernoulli]="SELECT data FROM check_in TABLESAMPLE BERNOULLI ($PERCENT) LIMIT $SIZE"
)
RESULTS=$WORK/results.txt
: >"$RESULTS"
for ((round = 1; round <= ROUNDS; round++)); do
  for method in random system bernoulli; do # alternating, so a slower moment of the machine hits each alike
    plan=$(sql "EXPLAIN (ANALYZE, BUFFERS) ${STATEMENT[$method]}")
    echo "$plan" >>"$WORK/plans-$method.txt"
    ms=$(sed -n 's/^Execution Time: \([0-9.]*\) ms/\1/p' <<<"$plan")
    rows=$(head -1 <<<"$plan" | sed -n 's/.*actual time=[0-9.]*\.\.[0-9.]* rows=\([0-9.]*\).*/\1/p')
    buffers=$(awk '/^Planning/ { exit } /Buffers: shared/ { print; exit }' <<<"$plan") # the top node's
    hit=$(grep -o 'hit=[0-9]*' <<<"$buffers" | cut -d= -f2 || true)
    read_=$(grep -o 'read=[0-9]*' <<<"$buffers" | cut -d= -f2 || true)
    echo "$method ${ms:-nan} ${rows:-nan} $(( ${hit:-0} + ${read_:-0} ))" >>"$RESULTS"
  done
done
echo "method     statement                                                       median ms  buffers (mean)  rows (min-max)  rounds < n"
for method in random system bernoulli; do
  median=$(awk -v m="$method" '$1 == m { print $2 }' "$RESULTS" | sort -g \
    | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }')
  awk -v m="$method" -v n="$SIZE" -v st="${STATEMENT[$method]}" -v med="$median" '$1 == m { k++; r = $3 + 0; b += $4;
      if (min == "" || r < min) min = r; if (r > max) max = r; if (r < n) short++ }
    END { printf "%-10s %-63s %9.3f  %7.0f  %5d-%-8d %5d of %d\n", m, st, med, b / k, min, max, short, k }' "$RESULTS"
done
echo "plans (first round of each):"
for method in random system bernoulli; do
  echo "-- $method"; awk '/^Planning Time/ { exit } { print }' "$WORK/plans-$method.txt"
done
