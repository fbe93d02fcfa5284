#!/usr/bin/env bash
# Compares MongoDB-style operations, as stress translates them, with the SQL a PostgreSQL engineer writes by hand
# for the same question on indexes of the same paths: bench/mongo-shapes.yaml (find / countDocuments shapes:
# numeric range, range+sort+limit, nested path range, date range, date top-N, equality+sort+limit, count of a
# range, $in on strings, $elemMatch on an array of documents, $exists, equality, a multi-field equality where one
# field has a typed btree (unselective and selective values), $in of numbers on a path with both index kinds,
# equality on a low-cardinality field + range + sort, a count right after `stress index`, a count of a multi-field
# equality on two btrees' paths (a customer with no order, one with two), equality + numeric range + sort on the
# range's path + limit) beside bench/mongo-shapes-sql.yaml (the same names in SQL). On a throwaway PostgreSQL it
# generates and imports N large orders, then compares in three index modes, with no other index step or ANALYZE
# than `stress index`'s own. "btrees", first, on the table without any GIN index: the SQL file's indexes but
# {gin: data}, and only the btrees a MongoDB user declares (BTREE_INDEXES below) built by `stress index` (not
# --suggest), for the three shapes BTREE_SHAPES only (the other shapes' hand-written statements read indexes these
# btrees do not cover, or GIN); those btrees are dropped again after. Then the SQL file's indexes (GIN too) and
# `stress index --suggest` of bench/mongo-shapes.yaml ("suggest", which declares only {gin: data}), and of the same
# file declaring the hand-written indexes too ("declared"), each over every shape. Each time it takes each
# translated statement from `stress explain`, and prints per shape the median EXPLAIN ANALYZE execution time of both
# over R alternating rounds, their scan nodes, whether both select the same rows, and the ratio. Target: the same
# rows, and within 2x of the hand-written SQL (or within 1 ms).
#
# Usage: bench/mongo_vs_sql.sh [--docs N] [--rounds R] [--port FIRST] [--log-dir DIR]
# Each option also has an environment variable: DOCS, ROUNDS, PORT, LOG_DIR.
# Defaults: 200000 docs, 5 rounds, ports from 5574.
# STRESS_JAR selects the jar (default: target/stress.jar, built if missing), PG_BIN the PostgreSQL binaries
# (default /usr/lib/postgresql/15/bin), JAVA the java binary.
# Run as root, the server runs as the `postgres` OS user. It listens on 127.0.0.1 only and is removed at exit.
# Exit status: 0 when every shape ran (whether or not the target is met), non-zero on failure.
set -euo pipefail

BENCH_NAME=mongo_vs_sql
FIRST_PORT=5574
STEM=mongo-shapes
JIT_SETTINGS=""
INDEX_MODES="btrees suggest declared"
# The "btrees" mode: these shapes of bench/mongo-shapes.yaml, with these indexes declared instead of {gin: data}.
BTREE_SHAPES="count_eq_multi count_eq_multi_hit eq_num_range_sort"
BTREE_INDEXES="{path: customer.customerId, type: number}
{path: status, type: string}
{path: totals.grandTotal, type: number}"
# shellcheck source=lib/translated_vs_sql.sh
. "$(dirname "$0")/lib/translated_vs_sql.sh"
