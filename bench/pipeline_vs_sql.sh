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
FIRST_PORT=5584
STEM=mongo-pipelines
JIT_SETTINGS="off on"
# shellcheck source=lib/translated_vs_sql.sh
. "$(dirname "$0")/lib/translated_vs_sql.sh"
