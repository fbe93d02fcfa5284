"""Runs each shape of bench/mongo-shapes.yaml (translated by stress, as `stress explain` printed it) beside the SQL of
bench/mongo-shapes-sql.yaml (the same names, written by hand) on one server: median EXPLAIN ANALYZE execution time of
each over ROUNDS alternating rounds, the plan's scan nodes, whether both select the same rows, and the ratio.

usage: mongo_vs_sql.py MONGO_EXPLAIN_OUT SQL_EXPLAIN_OUT ROUNDS -- PSQL COMMAND...
Exit status 0 when every shape ran; the verdict per shape is in the output, and a summary line at the end."""
import json
import re
import statistics
import subprocess
import sys

STATEMENT = re.compile(r"^([A-Za-z0-9_]+) (SELECT|UPDATE|DELETE|INSERT): (.*)$")


def statements(path):
    found = {}
    for line in open(path, encoding="utf-8"):
        m = STATEMENT.match(line.rstrip("\n"))
        if m and m.group(1) not in found:
            found[m.group(1)] = m.group(3).replace("??", "?")  # pgjdbc's escape of a literal ?
    return found


def psql(cmd, sql):
    out = subprocess.run(cmd + ["-c", sql], check=True, capture_output=True, text=True).stdout
    return out.strip()


def plan(cmd, sql):
    text = psql(cmd, "EXPLAIN (ANALYZE, FORMAT JSON) " + sql)
    return json.loads(text)[0]


def scans(node, found):
    kind = node["Node Type"]
    if "Scan" in kind:
        found.append(kind + (" on " + node["Index Name"] if "Index Name" in node else ""))
    for child in node.get("Plans", []):
        scans(child, found)
    return found


def rows_digest(cmd, sql):
    return psql(cmd, "SELECT count(*) || ' rows, ' || md5(COALESCE(string_agg(t::text, '|' ORDER BY t::text), ''))"
                     " FROM (" + sql + ") AS t")


def main():
    mongo_out, sql_out, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    cmd = sys.argv[sys.argv.index("--") + 1:]
    translated, hand = statements(mongo_out), statements(sql_out)
    names = [n for n in translated if n in hand]
    if not names:
        sys.exit("no shape found in both explain outputs")
    met = 0
    print(f"{'shape':18} {'stress ms':>10} {'hand ms':>9} {'ratio':>6}  same rows  verdict   stress scan / hand scan")
    for name in names:
        times = {"stress": [], "hand": []}
        plans = {}
        for r in range(rounds):
            order = ["stress", "hand"] if r % 2 == 0 else ["hand", "stress"]
            for side in order:
                p = plan(cmd, translated[name] if side == "stress" else hand[name])
                times[side].append(p["Execution Time"])
                plans[side] = p
        s, h = statistics.median(times["stress"]), statistics.median(times["hand"])
        same = rows_digest(cmd, translated[name]) == rows_digest(cmd, hand[name])
        ok = same and (s <= 2 * h or s - h <= 1.0)
        met += ok
        print(f"{name:18} {s:10.2f} {h:9.2f} {s / h if h else float('inf'):6.2f}  {'yes' if same else 'NO':9}  "
              f"{'met' if ok else 'MISSED':8}  {', '.join(scans(plans['stress']['Plan'], []))} / "
              f"{', '.join(scans(plans['hand']['Plan'], []))}")
    print(f"target (same rows, and within 2x of the hand-written SQL or within 1 ms): met by {met} of {len(names)}")


if __name__ == "__main__":
    main()
