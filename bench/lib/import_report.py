"""The report of bench/import_vs_copy.sh, from its results.tsv.

Run as: import_report.py RESULTS DOCS BYTES. RESULTS has one line per run, tab-separated: round, position in the
round, side (raw, detect or id-type), streams, wall seconds, stress's own seconds, its load phase's seconds, client
CPU s, server CPU s, load average, ANALYZE seconds (raw runs) and stress's "bounded by" line (stress runs).

For every number of streams it prints each round's runs with stress / raw COPY, the CPU per document and the median
ratios; with more than one number of streams, each side with N streams against the same side with the first number,
paired round by round (the runs of a round are close in time, so a slow drift of the machine cancels): the median of
the ratios, their order-statistics interval of the median and a verdict, as `stress run --rounds` prints its
comparisons."""
import re
import statistics
import sys

from median_interval import median_interval

NAMES = {"detect": "stress import", "id-type": "stress import --id-type integer"}
KINDS = {"summary": "summary", "phase": "load phase", "wall": "wall clock"}
# The least difference called one, as `stress run --rounds` on a steady machine: the interval must lie beyond x1.05.
LEAST_DIFFERENCE = 0.05


def verdict(low, high, n):
    if n < 2:
        return "1 round: no noise estimate"
    if low > 1 + LEAST_DIFFERENCE:
        return "faster"
    if high < 1 / (1 + LEAST_DIFFERENCE):
        return "slower"
    return "no difference beyond noise"


def side_label(side, jobs):
    streams = f"{jobs} stream{'s' if jobs > 1 else ''}"
    return f"raw COPY (psql \\copy, {streams})" if side == "raw" else f"{NAMES[side]}, {streams}"


def main(path, docs, size):
    runs = []
    for line in open(path):
        if not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        runs.append({"round": int(f[0]), "pos": int(f[1]), "side": f[2], "jobs": int(f[3]), "wall": float(f[4]),
                     "own": float(f[5]), "phase": float(f[6]), "client": f[7], "server": f[8], "load": f[9],
                     "analyze": f[10], "bound": f[11] if len(f) > 11 else ""})
    jobs_list = sorted({r["jobs"] for r in runs})
    sides = [s for s in ("raw", "detect", "id-type") if any(r["side"] == s for r in runs)]
    rounds = sorted({r["round"] for r in runs})

    def run(rnd, side, jobs):
        return next(r for r in runs if r["round"] == rnd and r["side"] == side and r["jobs"] == jobs)

    print(f"{'round':>5} {'run':>3}  {'side':<46} {'seconds':>8} {'docs/s':>8} {'MB/s':>6} {'ratio':>5}"
          f"  {'client CPU s':>12} {'server CPU s':>12} {'load':>5}")
    ratios = {}
    for rnd in rounds:
        for jobs in jobs_list:
            raw_seconds = run(rnd, "raw", jobs)["wall"]
            for side in sides:
                r = run(rnd, side, jobs)
                if side == "raw":
                    lines = [(side_label(side, jobs), r["wall"], None, r)]
                else:
                    name = side_label(side, jobs)
                    lines = [(f"{name}: summary", r["own"], "summary", r), (f"{name}: load phase", r["phase"], "phase", None),
                             (f"{name}: wall clock", r["wall"], "wall", None)]
                for label, seconds, kind, cpu in lines:
                    ratio = raw_seconds / seconds
                    if kind:
                        ratios.setdefault((jobs, side, kind), []).append(ratio)
                    print(f"{rnd:>5} {cpu['pos'] if cpu else '':>3}  {label:<46} {seconds:>8.2f} {docs / seconds:>8.0f}"
                          f" {size / 1e6 / seconds:>6.1f} {'' if kind is None else format(ratio, '.2f'):>5}"
                          f"  {cpu['client'] if cpu else '':>12} {cpu['server'] if cpu else '':>12}"
                          f" {cpu['load'] if cpu else '':>5}")
        print()

    print(f"COPY text: {size / 1e6:.1f} MB for {docs} docs (MB/s of every line uses this size); "
          f"ratio = raw COPY seconds / stress seconds = stress docs/s / raw docs/s")
    print("summary = the 'total' row of stress's own summary: scan, _id detection pass (not with --id-type), table")
    print("creation, load, ANALYZE; load phase = its collection row (table ready to last commit); wall clock = the")
    print("whole process (adds JVM start-up and exit). Client and server CPU are per run.")
    analyze = [float(r["analyze"]) for r in runs if r["side"] == "raw"]
    print(f"ANALYZE of the raw-copied table (not in the raw figure): median {statistics.median(analyze):.2f} s")
    print()
    # CPU per document does not depend on what else the machine runs, unlike the seconds above.
    for jobs in jobs_list:
        for side in sides:
            mine = [r for r in runs if r["side"] == side and r["jobs"] == jobs]
            client = statistics.median(float(r["client"]) for r in mine) / docs * 1e6
            server = statistics.median(float(r["server"]) for r in mine) / docs * 1e6
            label = side_label(side, jobs).replace(" (psql \\copy,", " (psql,") + ":"
            print(f"CPU per document, median: {label:<40} client {client:6.1f} µs + server {server:6.1f} µs"
                  f" = {client + server:6.1f} µs")
    print()
    for (jobs, side, kind), values in ratios.items():
        label = f"{side_label(side, jobs)}: {KINDS[kind]}"
        print(f"median ratio, {label:<50} {statistics.median(values):.2f} ({', '.join(format(v, '.2f') for v in values)})")
    headline_side = "detect" if "detect" in sides else "id-type"
    for jobs in jobs_list:
        median = statistics.median(ratios[(jobs, headline_side, "summary")])
        print(f"ratio ({NAMES[headline_side]} summary / raw COPY), {jobs} stream{'s' if jobs > 1 else ''}, median:"
              f" {median:.2f} — target >= 0.9: {'MET' if median >= 0.9 else 'NOT MET'}")
    if len(jobs_list) > 1:
        streams_against_first(runs, rounds, jobs_list, sides, run)


def streams_against_first(runs, rounds, jobs_list, sides, run):
    first = jobs_list[0]
    print()
    print(f"streams against {first}, paired by round: speed-up = seconds with {first} / seconds with N;"
          f" median [interval of the median, coverage]; a verdict needs the interval beyond x{1 + LEAST_DIFFERENCE:.2f}")
    for jobs in jobs_list[1:]:
        for side in sides:
            kind = "wall" if side == "raw" else "own"
            speedups = [run(rnd, side, first)[kind] / run(rnd, side, jobs)[kind] for rnd in rounds]
            median, low, high, cov = median_interval(speedups)
            what = "raw COPY" if side == "raw" else f"{NAMES[side]} (summary)"
            print(f"  {what:<46} {jobs} against {first}: x{median:.2f} [{low:.2f}, {high:.2f}, {cov:.0%}]"
                  f" {verdict(low, high, len(speedups))} ({', '.join(format(v, '.2f') for v in speedups)})")
    for jobs in jobs_list:
        for side in sides[1:]:
            bounds = {}
            for r in runs:
                if r["side"] == side and r["jobs"] == jobs and r["bound"]:
                    key = re.split(r" \(|:", r["bound"], maxsplit=1)[0]
                    bounds[key] = bounds.get(key, 0) + 1
            said = "; ".join(f"{k} ({n} of {len(rounds)})" for k, n in bounds.items()) or "no bound line"
            print(f"  bounded by, {side_label(side, jobs)}: {said}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
