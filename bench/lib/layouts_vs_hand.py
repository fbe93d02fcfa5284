#!/usr/bin/env python3
"""Reads the result files of bench/layouts_vs_hand.sh (compare_<r>.json of `run --compare-tables`, hand_<r>.json of the
hand-made table) and prints per round and operation the ops/s on the three tables, then the medians and the ratios."""
import json
import math
import statistics
import sys

from median_interval import median_interval


def interval_text(ratios):
    """The order-statistics interval of the median, as stress prints it: [x(k), x(n-k+1)], the narrowest with a
    coverage 1 - 2 P(Binomial(n, 1/2) <= k-1) of at least 95%, else the whole range with its coverage."""
    if len(ratios) < 2:
        return "(1 round: no interval)"
    _, low, high, cover = median_interval(ratios)
    return f"[{low:.2f}-{high:.2f}, {math.floor(cover * 1000) / 10}%]"


def main(out, rounds):
    per_round = []
    for r in range(1, rounds + 1):
        with open(f"{out}/compare_{r}.json") as f:
            compare = json.load(f)
        with open(f"{out}/hand_{r}.json") as f:
            hand = json.load(f)
        figures = {}
        for row in compare["layoutComparison"]:
            sides = row["sides"]
            figures[row["operation"]] = {"_id": sides[0]["opsPerSecond"], "key": sides[1]["opsPerSecond"],
                                         "routes": (sides[0]["route"], sides[1]["route"])}
        phase = hand["phases"][0]["stats"]
        for op in phase["operations"] + [phase["total"]]:
            figures.setdefault(op["name"], {})["hand"] = op["opsPerSecond"]
            figures[op["name"]]["hand ms"] = op["latencyMs"]["avg"]
        for p in compare["phases"]:
            side = "_id ms" if p["combination"]["table"].endswith("_id") else "key ms"
            for op in p["stats"]["operations"] + [p["stats"]["total"]]:
                figures[op["name"]][side] = op["latencyMs"]["avg"]
        errors = sum(p["stats"]["total"]["errorCount"] for p in compare["phases"] + hand["phases"])
        per_round.append((figures, errors))

    names = list(per_round[0][0].keys())
    print("ops/s per round (_id layout | key layout | hand-made):")
    for r, (figures, errors) in enumerate(per_round, 1):
        cells = ", ".join(f"{n} {figures[n]['_id']:.1f} | {figures[n]['key']:.1f} | {figures[n]['hand']:.1f}"
                          for n in names)
        t = figures["total"]
        print(f"  round {r}: {cells}; hand/key {t['hand'] / t['key']:.2f}; errors {errors}")
    print()
    print(f"{'operation':16} {'route _id layout':28} {'route key layout':22} {'_id':>8} {'key':>8} {'hand':>8}"
          f" {'key/_id':>8} {'hand/key':>9}")
    verdict = None
    for n in names:
        med = {k: statistics.median(f[n][k] for f, _ in per_round) for k in ("_id", "key", "hand")}
        routes = per_round[0][0][n].get("routes", ("", ""))
        key_id = med["key"] / med["_id"] if med["_id"] else float("nan")
        hand_key = med["hand"] / med["key"] if med["key"] else float("nan")
        print(f"{n:16} {routes[0] or '':28} {routes[1] or '':22} {med['_id']:8.1f} {med['key']:8.1f}"
              f" {med['hand']:8.1f} {key_id:8.2f} {hand_key:9.2f}")
        if n == "total":
            verdict = hand_key
    print()
    print("mean latency per operation, ms (a closed loop runs every operation at its weight's share of the total, so"
          " the latencies show which operation costs what):")
    print(f"{'operation':16} {'_id':>8} {'key':>8} {'hand':>8} {'key/hand':>9}")
    for n in names:
        med = {k: statistics.median(f[n][k] for f, _ in per_round) for k in ("_id ms", "key ms", "hand ms")}
        print(f"{n:16} {med['_id ms']:8.1f} {med['key ms']:8.1f} {med['hand ms']:8.1f}"
              f" {med['key ms'] / med['hand ms']:9.2f}")
    print()
    # The two runs of a round are seconds apart, rounds minutes apart on a shared machine whose load changes between
    # them: the ratio of a round compares like with like, the ratio of the medians mixes rounds.
    hand_key = [f["total"]["hand"] / f["total"]["key"] for f, _ in per_round]
    key_id = [f["total"]["key"] / f["total"]["_id"] for f, _ in per_round]
    paired = statistics.median(hand_key)
    print(f"{len(per_round)} rounds; target: hand-made/key <= 1.2 for the whole mix: median of the rounds' ratios"
          f" {paired:.2f} {interval_text(hand_key)} ({'met' if paired <= 1.2 else 'NOT met'}); ratio of the medians"
          f" {verdict:.2f}")
    print(f"key/_id for the whole mix: median of the rounds' ratios {statistics.median(key_id):.2f}"
          f" {interval_text(key_id)}")
    if any(errors for _, errors in per_round):
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
