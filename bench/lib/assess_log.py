"""Writes a mongod 8.0 structured log (one JSON object a line, "Slow query" entries, slowms 0) of an orders application
over a dump `stress generate --shape large --docs N` wrote (collection stress.orders, _id 1..N): finds by _id, by status
and date with a sort and a limit, counts by status, updates of status by _id, an aggregate by country, and finds with
$where (which the translation refuses), ENTRIES of them in the shares below, 50 ms apart, seeded.

Usage: assess_log.py DOCS ENTRIES SEED FILE
"""
import json
import random
import sys
from datetime import datetime, timedelta, timezone

docs, entries, seed, path = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rnd = random.Random(seed)
start = datetime(2025, 6, 2, 9, 0, 0, tzinfo=timezone.utc)
lsid = {"id": {"$uuid": "7b3e1d52-92aa-4c1e-8e5a-000000000092"}}
statuses = ["paid", "shipped", "delivered"]
shares = [("by_id", 55), ("by_status", 15), ("count", 5), ("update", 15), ("group", 5), ("where", 5)]


def when(ms):
    return {"$date": (start + timedelta(milliseconds=ms)).isoformat(timespec="milliseconds")}


def entry(ms, kind):
    write = kind == "update"
    if kind == "by_id":
        command = {"find": "orders", "filter": {"_id": rnd.randint(1, docs)}, "limit": 1, "singleBatch": True}
        plan, examined, returned, duration = "EXPRESS_IDHACK", (1, 1), 1, rnd.choice([0, 0, 1])
    elif kind == "by_status":
        command = {"find": "orders", "filter": {"status": rnd.choice(statuses), "createdAt": {"$gte": {
            "$date": "2023-0%d-01T00:00:00Z" % rnd.randint(1, 9)}}}, "sort": {"createdAt": -1}, "limit": 10}
        plan, examined, returned, duration = "IXSCAN { status: 1, createdAt: -1 }", (10, 10), 10, rnd.choice([1, 2])
    elif kind == "count":
        command = {"count": "orders", "query": {"status": rnd.choice(statuses)}}
        plan, examined, returned, duration = "COUNT_SCAN { status: 1 }", (docs // 3, 0), 0, rnd.choice([5, 8])
    elif kind == "update":
        command = {"q": {"_id": rnd.randint(1, docs)}, "u": {"$set": {"status": rnd.choice(statuses)}},
                   "multi": False, "upsert": False}
        plan, examined, returned, duration = "EXPRESS_IDHACK", (1, 1), 0, rnd.choice([0, 1])
    elif kind == "group":
        command = {"aggregate": "orders", "pipeline": [{"$match": {"status": rnd.choice(statuses)}},
                   {"$group": {"_id": "$customer.country", "n": {"$sum": 1}}}], "cursor": {}}
        plan, examined, returned, duration = "IXSCAN { status: 1 }", (docs // 3, docs // 3), 12, rnd.choice([40, 60])
    else:
        command = {"find": "orders", "filter": {"$where": "this.items.length > %d" % rnd.randint(2, 4)}}
        plan, examined, returned, duration = "COLLSCAN", (0, docs), 100, rnd.choice([200, 300])
    if not write:
        command.update({"lsid": lsid, "$db": "stress"})
    attr = {"type": "update" if write else "command", "isFromUserConnection": True, "ns": "stress.orders",
            "collectionType": "normal", "appName": "shop-api", "command": command, "planSummary": plan,
            "keysExamined": examined[0], "docsExamined": examined[1]}
    attr.update({"nMatched": 1, "nModified": 1} if write else {"nBatches": 1, "cursorExhausted": True,
                                                                 "nreturned": returned})
    attr.update({"numYields": 0, "queryFramework": "classic", "cpuNanos": duration * 1_000_000 + 5000,
                 "workingMillis": duration, "durationMillis": duration})
    return {"t": when(ms), "s": "I", "c": "WRITE" if write else "COMMAND", "id": 51803, "ctx": "conn21",
            "msg": "Slow query", "attr": attr}


kinds = [k for k, share in shares for _ in range(share)]
with open(path, "w") as out:
    out.write(json.dumps({"t": when(0), "s": "I", "c": "COMMAND", "id": 48742, "ctx": "conn1",
                          "msg": "Profiler settings changed", "attr": {"from": {"slowms": 100}, "to": {"slowms": 0}}},
                         separators=(",", ":")) + "\n")
    for i in range(entries):
        out.write(json.dumps(entry(100 + 50 * i, rnd.choice(kinds)), separators=(",", ":")) + "\n")
