#!/usr/bin/env bash
# Compares `stress import` of a generated mongodump (large-shape documents) with a raw
# `COPY ... FROM STDIN` of the very same rows as COPY text, sent by psql from a file: the fastest the
# server can take this data. Same throwaway PostgreSQL server, same table, same number of parallel
# streams, interleaved round by round. Prints docs/s, MB/s and stress ÷ raw COPY; target >= 0.9.
# Given several numbers of streams (--jobs 1,2), every round runs each side with each of them, and the report adds
# each side with N streams against itself with the first number, paired by round, with the interval and a verdict.
#
# Usage: bench/import_vs_copy.sh [--docs N] [--jobs J[,J...]] [--rounds R] [--variants LIST] [--port FIRST]
#                                [--log-dir DIR] [--toast-compression pglz|lz4]
#                                [--target HOST:PORT:DB:USER --server-data DIR[,DIR...]]
# Each option also has an environment variable: DOCS, JOBS, ROUNDS, VARIANTS, PORT, LOG_DIR,
# TOAST_COMPRESSION; the command line wins. Defaults: 300000 docs (~930 MB of BSON, ~1.05 GB of COPY text), 1 stream,
# 3 rounds, variants detect,id-type, ports from 5544. --log-dir keeps every raw output (server log,
# stress and psql output, results.tsv) after the temp folder is removed.
# Variants of the stress side: `detect` runs `stress import` as a user would, with its first pass
# over the data that chooses the _id type; `id-type` adds `--id-type integer`, which skips that pass
# (the raw COPY side detects nothing).
# --toast-compression sets the throwaway server's default_toast_compression, the method both sides'
# rows over about 2 KB are compressed with (PostgreSQL's default is pglz; lz4 needs a server built
# with it). A --target keeps its own setting, which the header prints: change it there with
# ALTER DATABASE ... SET default_toast_compression.
# STRESS_JAR selects the jar (default: target/stress.jar, built if missing), PG_BIN the PostgreSQL
# binaries (default /usr/lib/postgresql/15/bin), STRESS_JAVA_OPTS extra JVM options (default none),
# JAVA the java binary (default: java on PATH), STRESS_IMPORT_OPTS extra options for `stress import`
# (e.g. --batch-mb 32; not --jobs or --id-type, which the script sets).
#
# --target runs both sides on a server or cluster that is already running instead of a throwaway one
# (Citus coordinator, Greenplum coordinator or plain PostgreSQL, found by asking it): the raw side
# creates the table as stress does there (create_distributed_table on Citus, DISTRIBUTED BY (_id) on
# Greenplum). --server-data names the data directories of its server processes on this host
# (coordinator first), whose CPU is read from their postmaster.pid as for the throwaway server; the
# tables stress_orders and stress_orders_copy of DB are dropped and made again, nothing else touched.
# SERVER_CPUS pins those servers' processes for the bench (taskset, given back at exit), CLIENT_CPUS
# every client (psql and stress): e.g. SERVER_CPUS=0 CLIENT_CPUS=1 gives the cluster a core of its own.
#
# Run as root, the server runs as the `postgres` OS user; otherwise as the calling user. It listens
# on 127.0.0.1 only, on the first free port from --port on, with its socket in its own temp folder,
# and is stopped and deleted on exit, Ctrl-C or failure. No other server is used or touched.
#
# How the raw COPY text is made: one unmeasured `stress import --jobs 1` runs through a small relay
# (bench/lib/copy_capture.py) that saves the COPY data stress sends; that file holds exactly the
# bytes stress sends in every measured run. It is split into J parts at line ends for J streams.
#
# Before every measured run, both tables are dropped and a CHECKPOINT is taken (not timed). Raw COPY:
# the table is created with stress's DDL, then J concurrent
#   psql -c "\copy stress_orders (_id, data) FROM 'part'"
# are timed with the wall clock from start to the last exit (each COPY commits when it ends).
# stress: `stress import DUMP --jobs J` creates the tables itself; it is timed by its own summary
# (the "total" row: scan, _id detection pass, table creation, load, ANALYZE) and by the wall clock
# of the process (adds JVM start-up and exit). Every run must load all N rows (checked); in round 1
# the data of every side is checked to be the same (sum of hashes). The server has autovacuum off
# (no vacuum of a table from an earlier run during a measured one; stress runs ANALYZE itself) and
# max_wal_size = 8GB (no checkpoint forced by WAL volume during a run). MB/s is the size of the COPY
# text divided by the seconds, for both sides.
#
# Exit status: 0 when every run completed (whether or not the target is met), non-zero on failure.
set -euo pipefail

BENCH_NAME=import_vs_copy
# shellcheck source=lib/throwaway_pg.sh
. "$(dirname "$0")/lib/throwaway_pg.sh"

DOCS=${DOCS:-300000}
JOBS=${JOBS:-1}
ROUNDS=${ROUNDS:-3}
VARIANTS=${VARIANTS:-detect,id-type}
PORT=${PORT:-5544}
STRESS_JAVA_OPTS=${STRESS_JAVA_OPTS:-}
STRESS_IMPORT_OPTS=${STRESS_IMPORT_OPTS:-}
DB=bench
TABLE=stress_orders

while [ $# -gt 0 ]; do
  case "$1" in
    --docs) DOCS=${2:?--docs needs a value}; shift 2 ;;
    --jobs) JOBS=${2:?--jobs needs a value}; shift 2 ;;
    --rounds) ROUNDS=${2:?--rounds needs a value}; shift 2 ;;
    --variants) VARIANTS=${2:?--variants needs a value}; shift 2 ;;
    --port) PORT=${2:?--port needs a value}; shift 2 ;;
    --log-dir) LOG_DIR=${2:?--log-dir needs a value}; shift 2 ;;
    --toast-compression) TOAST_COMPRESSION=${2:?--toast-compression needs pglz or lz4}; shift 2 ;;
    --target) TARGET=${2:?--target needs HOST:PORT:DB:USER}; shift 2 ;;
    --server-data) SERVER_DATA=${2:?--server-data needs DIR[,DIR...]}; shift 2 ;;
    -h|--help) bench_usage; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

bench_require_count --docs "$DOCS"
IFS=, read -r -a JOBS_LIST <<<"$JOBS"
[ "${#JOBS_LIST[@]}" -ge 1 ] || die "--jobs '$JOBS' must be one or more whole numbers from 1 to 64, comma-separated"
for j in "${JOBS_LIST[@]}"; do
  [[ $j =~ ^[0-9]+$ ]] && [ "$j" -ge 1 ] && [ "$j" -le 64 ] \
    || die "--jobs '$JOBS': '$j' must be a whole number from 1 to 64 (a list is comma-separated)"
  [ "$j" -le "$DOCS" ] || die "--jobs '$JOBS': $j must not exceed --docs ($DOCS): every stream needs rows"
done
[ "$(printf '%s\n' "${JOBS_LIST[@]}" | sort -u | wc -l)" -eq "${#JOBS_LIST[@]}" ] || die "--jobs '$JOBS' names a number twice"
bench_require_count --rounds "$ROUNDS"
[[ $PORT =~ ^[0-9]+$ ]] && [ "$PORT" -ge 1024 ] && [ "$PORT" -le 65000 ] || die "--port '$PORT' must be between 1024 and 65000"
[[ $VARIANTS =~ ^(detect|id-type)(,(detect|id-type))?$ ]] && [ "$VARIANTS" != detect,detect ] && [ "$VARIANTS" != id-type,id-type ] \
  || die "--variants '$VARIANTS' must be detect, id-type or both (comma-separated)"
case " $STRESS_IMPORT_OPTS " in
  *" --jobs"* | *" --id-type"*) die "STRESS_IMPORT_OPTS '$STRESS_IMPORT_OPTS' must not set --jobs or --id-type: use --jobs and --variants" ;;
esac

TARGET=${TARGET:-}
SERVER_DATA=${SERVER_DATA:-}
TOAST_COMPRESSION=${TOAST_COMPRESSION:-}
[ -z "$TOAST_COMPRESSION" ] || [[ $TOAST_COMPRESSION =~ ^(pglz|lz4)$ ]] \
  || die "--toast-compression '$TOAST_COMPRESSION' must be pglz or lz4"
[ -z "$TOAST_COMPRESSION" ] || [ -z "$TARGET" ] \
  || die "--toast-compression sets the throwaway server's; a --target keeps its own (ALTER DATABASE ... SET default_toast_compression there)"
if [ -n "$TARGET" ]; then
  [[ $TARGET =~ ^[^:]+:[0-9]+:[^:]+:[^:]+$ ]] || die "--target '$TARGET' must be HOST:PORT:DB:USER"
  [ -n "$SERVER_DATA" ] || die "--target needs --server-data: the data directories of the server's processes here"
  IFS=, read -r -a SERVER_DATA_DIRS <<<"$SERVER_DATA"
  for d in "${SERVER_DATA_DIRS[@]}"; do
    [ -r "$d/postmaster.pid" ] || die "--server-data: $d/postmaster.pid cannot be read (is the server running?)"
  done
fi
bench_require_tools psql
[ -n "$TARGET" ] || bench_require_tools initdb pg_ctl postgres createdb
command -v python3 >/dev/null || die "python3 not found on PATH (runs the COPY capture relay and the report)"
command -v split >/dev/null || die "split (coreutils) not found on PATH"
bench_resolve_jar

# ---------------------------------------------------------------- machine and versions
bench_print_machine
echo "psql: $("$PG_BIN/psql" --version)"
echo "settings: docs=$DOCS (shape large) jobs=$JOBS rounds=$ROUNDS variants=$VARIANTS${STRESS_JAVA_OPTS:+ stress JVM options: $STRESS_JAVA_OPTS}${STRESS_IMPORT_OPTS:+ stress import options: $STRESS_IMPORT_OPTS}"

# ---------------------------------------------------------------- server
HOST=127.0.0.1
USER_NAME=postgres
if [ -z "$TARGET" ]; then
  bench_start_server "$PORT" "shared_buffers = 256MB
max_wal_size = 8GB
checkpoint_timeout = 1h
autovacuum = off${TOAST_COMPRESSION:+
default_toast_compression = $TOAST_COMPRESSION}"
  echo "server: 127.0.0.1:$PORT, data in $DATA (removed at exit), shared_buffers=256MB, max_wal_size=8GB, checkpoint_timeout=1h, autovacuum=off${TOAST_COMPRESSION:+, default_toast_compression=$TOAST_COMPRESSION}"
  "$PG_BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB"
else
  IFS=: read -r HOST PORT DB USER_NAME <<<"$TARGET"
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/$BENCH_NAME.XXXXXX")
  pin_running_servers "${SERVER_DATA_DIRS[@]}"
  # the processes of every data directory, the coordinator's client backends telling when a run has ended
  server_cpu() {
    local d cpu backends total=0 first=""
    for d in "${SERVER_DATA_DIRS[@]}"; do
      read -r cpu backends < <(python3 "$BENCH_LIB/server_cpu.py" "$d/postmaster.pid")
      total=$(awk -v a="$total" -v b="$cpu" 'BEGIN { printf "%.3f", a + b }')
      [ -n "$first" ] || first=$backends
    done
    echo "$total $first"
  }
fi
URL="jdbc:postgresql://$HOST:$PORT/$DB"

sql() { PGOPTIONS="-c client_min_messages=warning" "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$HOST" -p "$PORT" -U "$USER_NAME" -d "$DB" "$@"; }

KIND=postgresql
DISTRIBUTE=""
if [ -n "$(sql -c "SELECT 1 FROM pg_extension WHERE extname = 'citus'")" ]; then
  KIND=citus
elif [ "$(sql -c "SELECT version() LIKE '%Greenplum%'")" = t ]; then
  KIND=greenplum
  DISTRIBUTE=" DISTRIBUTED BY (_id)"
fi
echo "server: $(sql -c "SELECT version()") ($KIND${TARGET:+, at $HOST:$PORT, database $DB, user $USER_NAME})"
if [ "$KIND" = greenplum ]; then
  # on_no_stats (Greenplum's default) ends a COPY into a table without statistics with an ANALYZE: the raw side's
  # one COPY then includes one, stress's first batch a small one; none leaves the raw side without statistics.
  echo "server: gp_autostats_mode = $(sql -c "SHOW gp_autostats_mode") (set it with ALTER DATABASE $DB SET gp_autostats_mode = ...)"
fi
echo "server: rows over about 2 KB compressed with $(sql -c "SELECT coalesce(current_setting('default_toast_compression', true), 'pglz (the only method before PostgreSQL 14)')")"

now() { date +%s.%N; }

# CPU seconds of the client processes this shell has reaped so far (bash's `times`, second line);
# `times` runs in this shell, not in a $(...) subshell, which would have reaped nothing.
client_cpu() {
  times >"$WORK/times.out"
  awk 'NR == 2 { split($1 " " $2, t, /[ms ]+/); printf "%.2f", t[1] * 60 + t[2] + t[3] * 60 + t[4] }' "$WORK/times.out"
}

# ---------------------------------------------------------------- data
DUMP=$WORK/dump
run_client "$WORK/generate.log" "$JAVA" -jar "$STRESS_JAR" generate --docs "$DOCS" --shape large --out "$DUMP" \
  || fail_with_log "stress generate failed" "$WORK/generate.log"
grep '^generate: done' "$WORK/generate.log"

# One unmeasured import through the relay, which saves the COPY text stress sends.
ROWS=$WORK/rows.copy
start_service "$WORK/capture.log" python3 "$(dirname "$0")/lib/copy_capture.py" "$HOST" "$PORT" "$WORK/capture.port" "$ROWS"
for ((tries = 0; tries < 100; tries++)); do
  [ -s "$WORK/capture.port" ] && break
  sleep 0.1
done
[ -s "$WORK/capture.port" ] || fail_with_log "the COPY capture relay did not start" "$WORK/capture.log"
# shellcheck disable=SC2086 # STRESS_JAVA_OPTS and STRESS_IMPORT_OPTS are lists of options
run_client "$WORK/capture-import.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" \
  --url "jdbc:postgresql://127.0.0.1:$(cat "$WORK/capture.port")/$DB?sslmode=disable" -U "$USER_NAME" \
  import "$DUMP" --jobs 1 --drop-existing --rejects "$WORK/rejects-capture.jsonl" $STRESS_IMPORT_OPTS \
  || fail_with_log "stress import through the capture relay failed" "$WORK/capture-import.log"
stop_services
CAPTURED=$(wc -l <"$ROWS")
[ "$CAPTURED" -eq "$DOCS" ] || fail_with_log "the captured COPY text has $CAPTURED rows, expected $DOCS" "$WORK/capture-import.log"
BYTES=$(stat -c %s "$ROWS")
echo "COPY text: $DOCS rows, $BYTES bytes ($(awk -v b="$BYTES" 'BEGIN { printf "%.1f", b / 1e6 }') MB), captured from stress import"
# The DDL stress created, which the raw side reuses; \d output compared in round 1.
DDL="CREATE TABLE $TABLE (_id integer PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')$DISTRIBUTE"
sql -c "\\d $TABLE" >"$WORK/ddl-stress.log"

# The COPY text in J parts at line ends for J raw streams, in $WORK/parts-J (J = 1: the file itself).
for j in "${JOBS_LIST[@]}"; do
  [ "$j" -gt 1 ] || continue
  mkdir "$WORK/parts-$j"
  split -n "l/$j" -d -a 3 "$ROWS" "$WORK/parts-$j/part."
  made=("$WORK/parts-$j"/part.*)
  [ "${#made[@]}" -eq "$j" ] || die "split made ${#made[@]} parts of $ROWS, expected $j"
  for part in "${made[@]}"; do
    [ -s "$part" ] || die "split left $part empty; use fewer --jobs for $DOCS docs"
  done
done
parts_of() { if [ "$1" -eq 1 ]; then PARTS=("$ROWS"); else PARTS=("$WORK/parts-$1"/part.*); fi; }

# Round 1 checks that every side stored the same data.
data_digest() { sql -c "SELECT count(*) || ' rows, _id sum ' || sum(_id) || ', hash sum ' || sum(hashtext(data::text)::bigint) FROM $TABLE"; }

# ---------------------------------------------------------------- interleaved rounds
RESULTS=$WORK/results.tsv
: >"$RESULTS"
IFS=, read -r -a VARIANT_LIST <<<"$VARIANTS"
# Each side is a kind and a number of streams, e.g. raw:2 or detect:1.
SIDES=()
for j in "${JOBS_LIST[@]}"; do
  for v in raw "${VARIANT_LIST[@]}"; do SIDES+=("$v:$j"); done
done

raw_run() {
  local tag=$1 i
  parts_of "$2"
  sql -c "$DDL"
  [ "$KIND" != citus ] || sql -c "SELECT create_distributed_table('$TABLE', '_id')" >/dev/null
  for ((i = 0; i < ${#PARTS[@]}; i++)); do
    start_child "$WORK/psql-$tag-$i.log" "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$HOST" -p "$PORT" -U "$USER_NAME" -d "$DB" \
      -c "\\copy $TABLE (_id, data) FROM '${PARTS[$i]}'"
  done
  wait_children || fail_with_log "a raw COPY stream failed" "$WORK/psql-$tag-0.log"
}

stress_run() {
  local tag=$1 variant=$2 jobs=$3 extra=()
  [ "$variant" = detect ] || extra=(--id-type integer)
  # shellcheck disable=SC2086
  run_client "$WORK/stress-$tag.log" "$JAVA" $STRESS_JAVA_OPTS -jar "$STRESS_JAR" --url "$URL" -U "$USER_NAME" \
    import "$DUMP" --jobs "$jobs" "${extra[@]}" --rejects "$WORK/rejects-$tag.jsonl" $STRESS_IMPORT_OPTS \
    || fail_with_log "stress import failed" "$WORK/stress-$tag.log"
}

for ((round = 1; round <= ROUNDS; round++)); do
  # The order rotates each round, so that no side always runs first; with more than two sides, each one that does
  # not run first still follows the same side.
  for ((k = 0; k < ${#SIDES[@]}; k++)); do
    entry=${SIDES[$(((k + round - 1) % ${#SIDES[@]}))]}
    side=${entry%%:*}
    jobs=${entry##*:}
    tag="r$round-$side-j$jobs"
    # No tables, a fresh checkpoint, no backend left from before; server CPU first, so that the
    # helper it runs is not counted as client CPU.
    sql -c "DROP TABLE IF EXISTS $TABLE, ${TABLE}_copy" -c "CHECKPOINT"
    load=$(cut -d' ' -f1 /proc/loadavg)
    server0=$(settled_server_cpu)
    client_cpu >"$WORK/cpu0"
    start=$(now)
    if [ "$side" = raw ]; then
      raw_run "$tag" "$jobs"
    else
      stress_run "$tag" "$side" "$jobs"
    fi
    end=$(now)
    client_cpu >"$WORK/cpu1"
    server1=$(settled_server_cpu)
    wall=$(elapsed "$start" "$end")
    client=$(elapsed "$(cat "$WORK/cpu0")" "$(cat "$WORK/cpu1")")
    server=$(elapsed "$server0" "$server1")
    rows=$(sql -c "SELECT count(*) FROM $TABLE")
    [ "$rows" -eq "$DOCS" ] || die "$tag: $TABLE has $rows rows after the run, expected $DOCS"
    if [ "$side" = raw ]; then
      own=$wall
      phase=$wall
      # Not part of the raw figure: what the ANALYZE at the end of stress import costs on this table.
      a0=$(now)
      sql -c "ANALYZE $TABLE"
      analyze_s=$(elapsed "$a0" "$(now)")
      bound=""
      printf 'round %d, raw COPY, %d stream(s): %.2f s\n' "$round" "$jobs" "$wall"
    else
      log=$WORK/stress-$tag.log
      # The summary's docs/s carries more digits than its seconds; seconds = docs / (docs/s).
      total_rate="" loaded="" phase_rate=""
      read -r total_rate loaded < <(awk '$1 == "total" && NF >= 7 { print $7, $3 }' "$log") || true
      read -r phase_rate < <(awk -v t="$TABLE" '$2 == t && NF >= 9 { print $8 }' "$log") || true
      [ -n "$total_rate" ] && [ -n "$phase_rate" ] || fail_with_log "$tag: no summary table in the stress output" "$log"
      [ "$loaded" -eq "$DOCS" ] || fail_with_log "$tag: stress loaded $loaded documents, expected $DOCS" "$log"
      own=$(awk -v n="$DOCS" -v r="$total_rate" 'BEGIN { printf "%.3f", n / r }')
      phase=$(awk -v n="$DOCS" -v r="$phase_rate" 'BEGIN { printf "%.3f", n / r }')
      analyze_s=""
      bound=$(sed -n 's/^bounded by: //p' "$log" | tr '\t' ' ')
      printf 'round %d, stress import (%s), %d stream(s): %.2f s by its summary (load phase %.2f s), %.2f s wall clock\n' \
        "$round" "$side" "$jobs" "$own" "$phase" "$wall"
    fi
    if [ "$round" -eq 1 ]; then
      # Every side is compared with the first one that ran in round 1.
      data_digest >"$WORK/digest-$side-j$jobs.log"
      if [ "$k" -eq 0 ]; then cp "$WORK/digest-$side-j$jobs.log" "$WORK/digest-first.log"; fi
      cmp -s "$WORK/digest-$side-j$jobs.log" "$WORK/digest-first.log" \
        || die "$tag: the table differs from the first run's: $(cat "$WORK/digest-$side-j$jobs.log") against $(cat "$WORK/digest-first.log")"
      sql -c "\\d $TABLE" >"$WORK/ddl-$side-j$jobs.log"
      cmp -s "$WORK/ddl-$side-j$jobs.log" "$WORK/ddl-stress.log" \
        || die "$tag: table $TABLE differs from the one stress creates: $(diff "$WORK/ddl-stress.log" "$WORK/ddl-$side-j$jobs.log" | tr '\n' ' ')"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$((k + 1))" "$side" "$jobs" "$wall" "$own" "$phase" \
      "$client" "$server" "$load" "$analyze_s" "$bound" >>"$RESULTS"
  done
done

# ---------------------------------------------------------------- report
echo
python3 "$BENCH_LIB/import_report.py" "$RESULTS" "$DOCS" "$BYTES"
