"""Reads the results of bench/capacity_search.sh: a search's result.json, a plain `--rate` run's JSON judged by the
objective, the sweep's grid, and the summary over rounds.

usage: capacity_read.py search RESULT_JSON WALL_SECONDS        -> capacity, broke at, steps, wall, client's limit
       capacity_read.py rate RESULT_JSON OFFERED SLO WALL      -> offered, achieved, p99, held|broken, why, wall, client
       capacity_read.py grid SEARCH_TSV MULTIPLES              -> the grid's rates, lowest first
       capacity_read.py summary WORK ROUNDS SLO                -> the table of rounds and the medians
       capacity_read.py answer RESULT_JSON                     -> capacity vouched for, steps, causes, the answer
       capacity_read.py checked NAME ANSWER_TSV PLAIN_TSV      -> one line: the search and its plain runs
       capacity_read.py causes NAME RESULT_JSON                -> per round's cause line: its rules re-applied
       capacity_read.py checks WORK                            -> the closing counts of bench/capacity_check.sh
Each TSV line is tab-separated; "nan" where there is no figure."""
import json
import math
import os
import re
import statistics
import sys

KEEPS_UP = 0.99  # as CapacitySearch.KEEPS_UP
FIGURES = {"p50": "p50", "p90": "p90", "p95": "p95", "p99": "p99", "p999": "p999"}
UNITS = {"ms": 1.0, "s": 1000.0, "us": 0.001}


def objectives(text):
    """The objectives as --slo reads them: [(figure, limit)], limits in ms (errors: a share)."""
    parsed = []
    for part in text.lower().split(","):
        m = re.fullmatch(r"\s*([a-z0-9]+)\s*<=\s*([0-9]*\.?[0-9]+)\s*([a-z%]*)\s*", part)
        if not m or (m.group(1) not in FIGURES and m.group(1) != "errors"):
            sys.exit(f"capacity_read.py: objective '{part}' not understood (FIGURE<=LIMIT, e.g. p99<=5ms)")
        value = float(m.group(2))
        if m.group(1) == "errors":
            if m.group(3) != "%":
                sys.exit(f"capacity_read.py: objective '{part}': errors need a share in %")
            parsed.append(("errors", value / 100))
        elif m.group(3) in UNITS:
            parsed.append((m.group(1), value * UNITS[m.group(3)]))
        else:
            sys.exit(f"capacity_read.py: objective '{part}': a latency limit needs ms, s or us")
    return parsed


def judge(total, offered, slo, edge_slack):
    """Why a plain run at OFFERED broke the objectives, as the search judges a step (empty: it held). EDGE_SLACK:
    ops/s the window's edges may cut off, one execution per thread over the measured seconds, as the search allows."""
    why = []
    for figure, limit in objectives(slo):
        if figure == "errors":
            executions = total["count"] + total["errorCount"]
            value = total["errorCount"] / executions if executions else 0.0
            if not value <= limit:
                why.append(f"errors {value:.3%} > {limit:.3%}")
        else:
            value = total["latencyMs"][FIGURES[figure]]
            if not value <= limit:
                why.append(f"{figure} {value:.1f} ms > {limit:g} ms")
    if not total["opsPerSecond"] + edge_slack >= KEEPS_UP * offered:
        why.append(f"achieved {total['opsPerSecond']:.0f} of {offered:.0f} (under 99%)")
    return why


def fmt(x, digits=0):
    return "nan" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def search(path, wall):
    capacity = json.load(open(path))["settings"]["capacity"]
    rnd = capacity["rounds"][0]
    held = rnd.get("capacity ops/s")
    print("\t".join([fmt(held if held is not None else math.nan), fmt(rnd.get("broke at ops/s", math.nan)),
                     str(len(capacity["steps"])), wall, str(rnd.get("client's limit", False)).lower()]))


def rate(path, offered, slo, wall):
    phase = json.load(open(path))["phases"][0]
    total = phase["stats"]["total"]
    seconds = phase["stats"]["durationSeconds"]
    edge_slack = int(phase["combination"]["threads"]) / seconds if seconds > 0 else 0.0
    why = judge(total, float(offered), slo, edge_slack)
    client = phase.get("client") or {}
    print("\t".join([offered, fmt(total["opsPerSecond"]), fmt(total["latencyMs"]["p99"], 2),
                     "broken" if why else "held", "; ".join(why) or "-", wall,
                     "client-bound" if client.get("clientBound") else "-"]))


def grid(search_tsv, multiples):
    capacity = float(open(search_tsv).read().split("\t")[0])
    if math.isnan(capacity):
        sys.exit("capacity_read.py: round 1's search found no capacity: no grid to sweep")
    print(" ".join(str(round(capacity * float(m))) for m in multiples.split(",")))


def rows(path):
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def spread(values):
    values = sorted(v for v in values if not math.isnan(v))
    if not values:
        return "nan"
    return f"{statistics.median(values):.2f} [{values[0]:.2f}-{values[-1]:.2f}]"


def summary(work, rounds, slo):
    print(f"round | C ops/s (search) | steps | search s | S ops/s (sweep, highest held) "
          f"| lowest broken above S | C/S | C/broken | sweep s | sweep s / search s | sweep runs / search phases "
          f"| broken below S | "
          f"--rate C | --rate 1.5C")
    ratios, bounds, walls, phases, held_c, broken_15 = [], [], [], [], 0, 0
    counted = 0
    for r in range(1, rounds + 1):
        c, broke_at, steps, search_wall, client_limit = rows(f"{work}/search-{r}.tsv")[0]
        c = float(c)
        sweep = rows(f"{work}/sweep-{r}.tsv")
        # S: the highest rate held, as the search's answer is; B: the lowest broken above it. A broken rate below S
        # (the sweep not monotone) is listed: noise, or a knee the search could miss.
        held = [float(s[0]) for s in sweep if s[3] == "held"]
        s_rate = max(held) if held else math.nan
        lowest_broken = min((float(s[0]) for s in sweep if s[3] == "broken" and not float(s[0]) < s_rate),
                            default=math.nan)
        above = [s[0] for s in sweep if s[3] == "broken" and float(s[0]) < s_rate]
        sweep_wall = sum(float(s[5]) for s in sweep)
        ratio = c / s_rate if s_rate > 0 else math.nan
        bound = c / lowest_broken if lowest_broken > 0 else math.nan
        ratios.append(ratio)
        bounds.append(bound)
        walls.append(sweep_wall / float(search_wall))
        # the search's phases: its steps and the closed-loop probe, each a warm-up and a measured run as a sweep run is
        phases.append(len(sweep) / (int(steps) + 1))
        accept = {a[0]: a for a in rows(f"{work}/accept-{r}.tsv")} if os.path.exists(f"{work}/accept-{r}.tsv") else {}
        cells = []
        for factor in ("1", "1.5"):
            a = accept.get(factor)
            cells.append(f"{a[4]} (p99 {a[3]} ms, {a[2]}/{a[1]})" if a else "-")
        if accept:
            counted += 1
            held_c += accept["1"][4] == "held"
            broken_15 += accept["1.5"][4] == "broken"
        print(f"{r} | {fmt(c)}{' (client limit)' if client_limit == 'true' else ''} | {steps} | {float(search_wall):.1f}"
              f" | {fmt(s_rate)} | {fmt(lowest_broken)} | {fmt(ratio, 2)} | {fmt(bound, 2)} | {sweep_wall:.1f}"
              f" | {walls[-1]:.2f} | {phases[-1]:.2f} | {' '.join(above) or '-'} | {cells[0]} | {cells[1]}")
    print()
    print(f"C/S median {spread(ratios)}; C/lowest broken median {spread(bounds)} (agreement: C/S >= 1 and"
          f" C/lowest broken < 1, within the search's resolution)")
    print(f"sweep wall time / search wall time median {spread(walls)}; sweep runs / search phases (steps + probe)"
          f" median {spread(phases)}")
    print(f"acceptance under {slo}: --rate C held in {held_c} of {counted} rounds; --rate 1.5xC broke in {broken_15}"
          f" of {counted}")


def answer(path):
    capacity = json.load(open(path))["settings"]["capacity"]
    # each round's causes as result.json names them ("host stalls", "own time"), an empty list not determined; a
    # round where no step broke has none
    causes = sorted({c for r in capacity["rounds"] if "causes" in r for c in (r["causes"] or ["not determined"])}) \
        or ["-"]
    vouched = capacity.get("capacity ops/s") if capacity.get("vouched for") else None
    print("\t".join([fmt(vouched if vouched is not None else math.nan), str(len(capacity["steps"])),
                     ",".join(causes), capacity.get("answer", "-")]))


def checked(name, answer_tsv, plain_tsv):
    c, steps, causes, text = rows(answer_tsv)[0]
    plain = rows(plain_tsv) if os.path.exists(plain_tsv) else []
    at = [p for p in plain if p[0] == "1"]
    above = [p for p in plain if p[0] == "1.5"]
    held = sum(p[4] == "held" for p in at)
    broke = sum(p[4] == "broken" for p in above)
    p99 = lambda ps: ", ".join(p[3] for p in ps)
    print(f"{name}\t{c}\t{steps}\t{causes}\t{held}/{len(at)}\t{broke}/{len(above)}\tp99 at C {p99(at) or '-'};"
          f" at 1.5C {p99(above) or '-'}\t{text}")
    with open(os.path.join(os.path.dirname(answer_tsv), "checks.tsv"), "a") as f:
        f.write(f"{name}\t{c}\t{causes}\t{held}\t{len(at)}\t{broke}\t{len(above)}\n")


# The causes as the search says them (CauseRules.Cause), in the order it says them.
CAUSE_WORDS = ["an objective below the fastest execution", "steps too short to measure a rate", "errors",
               "the client's limit", "host stalls", "a server queue", "the operation's own time"]
# rules read rates the search never prints unrounded (3 significant digits) and beside one execution per thread a
# window's edges may cut off: over these a cause is checked within the rounding
RATE_ROUNDING = 0.01


def _nums(pattern, text):
    m = re.search(pattern, text)
    return None if not m else [float(g.replace(",", "")) for g in m.groups()]


def _inside(text, start):
    """The text inside the parenthesis opening at text[start - 1], up to its balancing close."""
    depth = 1
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return text[start:i]
    return text[start:]


def _figures(bracket):
    """The figures of a cause line's bracket, as printed (docs/capacity.md, "The cause, and the figures behind it")."""
    f = {}
    for key, pattern in [("limit", r"\(objective ([0-9.]+) ms\)"), ("fastest", r"fastest execution ([0-9.]+) ms"),
                         ("cpu", r"client CPU ([0-9.]+)% of its"), ("cores", r"of its ([0-9]+) cores? \("),
                         ("workers", r"\(([0-9]+) worker threads?\)"), ("gc", r", GC ([0-9.]+)%"),
                         ("jit", r", JIT ([0-9.]+)% of its CPU"), ("busy", r"host CPUs ([0-9.]+)% busy"),
                         ("others", r"others ([0-9.]+)%"), ("late", r"woke p99 ([0-9.]+) ms late")]:
        v = _nums(pattern, bracket)
        f[key] = v[0] if v else None
    return f


def cause_rule(cause, why, f, head, error_limit):
    """Why the rule of CAUSE does not hold on the figures printed in WHY and the bracket F; None when it holds."""
    if cause == "an objective below the fastest execution":
        v = _nums(r"took ([0-9.]+) ms, over the objective's ([0-9.]+) ms", why)
        return None if v and v[0] > v[1] else "the fastest execution is not over the objective"
    if cause == "steps too short to measure a rate":
        v = _nums(r"^([0-9]+) executions, ([0-9]+) needed", why)
        if v:
            return None if v[0] < v[1] else "as many executions as needed"
        v = _nums(r"^achieved ([0-9.]+) of ([0-9.]+) ops/s, over 101%", why)
        return None if v and v[0] > 1.01 * v[1] * (1 - RATE_ROUNDING) else "not over 101% of the rate achieved"
    if cause == "errors":
        v = _nums(r"executions failed: ([0-9.]+)% of them", why)
        return None if v and v[0] / 100 > error_limit else "no share of failed executions over the objective"
    others_busy = f["others"] is not None and f["others"] >= 15
    if cause == "the client's limit":
        if re.fullmatch(r"its CPU [0-9.]+% of its [0-9]+ cores?, at least 85%", why):
            return None if f["cpu"] is not None and f["cpu"] >= 85 else "its CPU under 85% of its cores"
        v = _nums(r"^its CPU [0-9.]+% of its [0-9]+ cores?, ([0-9.]+) cores without the JIT's [0-9.]+%, at least 85%"
                  r" of the ([0-9]+) its", why)
        if v:
            return None if v[0] >= 0.85 * v[1] - 1e-9 and f["cores"] and v[1] < f["cores"] \
                else "the workers' CPU under 85% of the cores they can use"
        v = _nums(r"^GC ([0-9.]+)% of the wall time, over 10%, with its CPU at ([0-9.]+)% of its ([0-9]+) cores?", why)
        if v:
            return None if v[0] > 10 and v[1] / 100 * v[2] >= 0.5 * v[0] / 100 - 1e-9 and not others_busy \
                else "GC not over 10% with half a core per GC second on a host not busy with others"
        v = _nums(r"^its pacer woke p99 ([0-9.]+) ms late, at least half the objective's ([0-9.]+) ms, with the"
                  r" host's CPUs ([0-9.]+)% busy", why)
        return None if v and v[0] >= 0.5 * v[1] and v[2] < 85 and not others_busy \
            else "no client rule of docs/capacity.md on these figures"
    if cause == "host stalls":
        v = _nums(r"^([0-9.]+)% of the host's CPUs busy with work of neither", why)
        if v:
            return None if v[0] >= 15 else "under 15% of the host's CPUs busy with others"
        v = _nums(r"^p50 flat, ([0-9.]+) and ([0-9.]+) ms at [0-9.]+ and [0-9.]+ ops/s, while \S+ was ([0-9.]+) and"
                  r" ([0-9.]+) ms", why)
        if v:  # as printed, within the rounding of two or three digits
            return None if max(v[0], v[1]) / min(v[0], v[1]) < 1.25 + 0.05 \
                and max(v[2], v[3]) / min(v[2], v[3]) >= 2 - 0.05 else "p50 not flat, or the figure not 2x apart"
        v = _nums(r"^\S+ ([0-9.]+) ms at ([0-9.]+) ops/s and ([0-9.]+) ms at ([0-9.]+), p50 flat \(([0-9.]+) and"
                  r" ([0-9.]+) ms\)", why)
        if v:
            return None if v[1] > v[3] and v[0] * 2 <= v[2] * (1 + 0.05) \
                and max(v[4], v[5]) / min(v[4], v[5]) < 1.25 + 0.05 else "the figure did not rise 2x as the rate fell"
        v = _nums(r"^the pacer woke p99 ([0-9.]+) ms late, at least half the objective's ([0-9.]+) ms, with the"
                  r" host's CPUs ([0-9.]+)% busy", why)
        return None if v and v[0] >= 0.5 * v[1] and v[2] >= 85 else "no host rule of docs/capacity.md on these figures"
    if cause == "a server queue":
        v = _nums(r"^it fell behind the rate, ([0-9.]+) of ([0-9.]+) ops/s achieved", why)
        if v:
            return None if v[0] < 0.99 * v[1] * (1 + RATE_ROUNDING) and "the client's limit (" not in head \
                else "the rate achieved, or the client's rule held"
        v = _nums(r"^p50 ([0-9.]+) -> ([0-9.]+) ms and \S+ ([0-9.]+) -> ([0-9.]+) ms from ([0-9.]+) to ([0-9.]+)"
                  r" ops/s", why)
        return None if v and v[1] >= 1.25 * v[0] and v[3] > v[2] and v[4] < v[5] \
            else "p50 not up x1.25 and the figure not up from the rate held"
    if cause == "the operation's own time":
        v = _nums(r"^p50 ([0-9.]+) ms at [0-9.]+ ops/s and never under ([0-9.]+) ms at any rate, at least half the"
                  r" objective's ([0-9.]+) ms", why)
        return None if v and v[0] >= 0.5 * v[2] and v[1] >= 0.5 * v[2] else "p50 under half the objective"
    return "a cause docs/capacity.md does not name"


def cause_line(sentence, error_limit):
    """The causes a cause line names and, for each whose rule does not hold on its printed figures, why."""
    head, _, rest = sentence.partition(" [at ")
    f = _figures(rest.split("]")[0])
    if head.startswith("cause not determined"):
        # the rules read on the bracket alone would have named a cause
        wrong = []
        if f["limit"] is not None and f["fastest"] is not None and f["fastest"] > f["limit"]:
            wrong.append("not determined: the fastest execution is over the objective")
        if f["others"] is not None and f["others"] >= 15:
            wrong.append("not determined: 15% or more of the host's CPUs busy with others")
        if f["cpu"] is not None and f["cpu"] >= 85:
            wrong.append("not determined: the client's CPU at 85% or more")
        return ["not determined"], wrong
    named, wrong = [], []
    for words in CAUSE_WORDS:
        at = head.find(words + " (")
        if at < 0:
            continue
        named.append(words)
        why = _inside(head, at + len(words) + 2)
        problem = cause_rule(words, why, f, head, error_limit)
        if problem:
            wrong.append(f"{words} ({why}): {problem}")
    if not named:
        wrong.append("no cause named: " + head)
    return named, wrong


def causes(name, path):
    """One line per round's cause line of the search(es) in PATH: ok, or each cause whose rule does not hold."""
    capacity = json.load(open(path))["settings"]["capacity"]
    error_limit = next((limit for figure, limit in objectives(",".join(capacity["objectives"])) if figure == "errors"),
                       0.0)
    searches = capacity.get("compared") or [capacity]
    for search in searches:
        for rnd in search.get("rounds", []):
            sentence = rnd.get("cause in words")
            if not sentence:
                continue  # no step broke: no cause
            named, wrong = cause_line(sentence, error_limit)
            where = (search.get("combination", "") + " " if "combination" in search else "") + f"round {rnd['round']}"
            print("\t".join([name, where, ",".join(named), "held" if not wrong else "NOT HELD", "; ".join(wrong) or "-",
                             sentence]))


def checks(work):
    for phase in ("quiet", "hog"):
        lines = [r for r in rows(f"{work}/checks.tsv") if r[0].startswith(phase + "-")] \
            if os.path.exists(f"{work}/checks.tsv") else []
        if not lines:
            continue
        printed = [r for r in lines if r[1] != "nan"]
        holds = sum(int(r[3]) >= 2 for r in printed)
        breaks = sum(int(r[5]) >= 2 for r in printed)
        own = sum("own time" in r[2] for r in lines)
        print(f"{phase}: {len(printed)} of {len(lines)} searches printed a capacity; C held in >= 2 of 3 plain runs in"
              f" {holds} of {len(printed)}; 1.5xC broke in >= 2 of 3 in {breaks} of {len(printed)}; searches naming"
              f" the operation's own time: {own}")
    lines = rows(f"{work}/causes.tsv") if os.path.exists(f"{work}/causes.tsv") else []
    broken = [r for r in lines if r[3] != "held"]
    print(f"cause lines: {len(lines)} read, each cause's rule re-applied to the figures printed with it;"
          f" {len(broken)} whose rule does not hold" + "".join(f"\n  {r[0]} {r[1]}: {r[4]}" for r in broken))
    if broken:
        sys.exit(1)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    command, args = argv[1], argv[2:]
    if command == "summary":
        summary(args[0], int(args[1]), args[2])
    elif command in ("search", "rate", "grid", "answer", "checked", "causes", "checks"):
        {"search": search, "rate": rate, "grid": grid, "answer": answer, "checked": checked, "causes": causes,
         "checks": checks}[command](*args)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
