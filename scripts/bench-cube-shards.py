#!/usr/bin/env python3
"""One hard puzzle proven on one machine and in shards of cubes, rounds alternated.

Usage: scripts/bench-cube-shards.py EXPLORE PUZZLE_FILE [ROUNDS [SHARDS]]

Per round: `EXPLORE -j1 PUZZLE_FILE`, then for each K of SHARDS (default 1,2,4,8) the puzzle
split with `explore split --learn cubes --shards K`, each shard solved by its own
`EXPLORE -j1` process (as K machines would, one thread each), and the records merged under
`explore merge --expect`. Prints one JSON line a round: the CPU seconds (user + sys, from the
children's resource usage) of the whole run and of each shard, their sum (the work) and
their largest (the wall on K machines), the dead ends, and what the merge says.
"""
import json
import os
import resource
import subprocess
import sys
import tempfile

explore, puzzle_file = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
ks = [int(k) for k in (sys.argv[4] if len(sys.argv) > 4 else "1,2,4,8").split(",")]
work = tempfile.mkdtemp(prefix="cube-shards-")


def cpu(args, stdin=None):
    """Runs `args`; its CPU seconds and its completed process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(args, input=stdin, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, done


for r in range(1, rounds + 1):
    seconds, done = cpu([explore, "-j1", "-q", "--output", "json", puzzle_file])
    record = json.loads(done.stdout)
    row = {"round": r, "whole": round(seconds, 2), "status": record["status"],
           "dead": record["stats"]["dead"]}
    for k in ks:
        split = subprocess.run([explore, "split", puzzle_file, "--learn", "cubes",
                                "--shards", str(k), "-q"],
                               capture_output=True, text=True, check=True).stdout
        shards = os.path.join(work, f"shards{k}.txt")
        with open(shards, "w") as out:
            out.write(split)
        times, records = [], []
        for line in (line for line in split.splitlines() if not line.startswith("#")):
            seconds, done = cpu([explore, "-j1", "-q", "--output", "json", "-"], line + "\n")
            times.append(round(seconds, 2))
            records.append(done.stdout)
        results = os.path.join(work, f"records{k}.json")
        with open(results, "w") as out:
            out.write("".join(records))
        merged = subprocess.run([explore, "merge", "--expect", shards, results],
                                capture_output=True, text=True)
        row[f"shards{k}"] = {
            "sum": round(sum(times), 2),
            "max": max(times),
            "each": times,
            "dead": sum(json.loads(record)["stats"]["dead"] for record in records),
            "merge": (merged.stdout or merged.stderr).splitlines()[0],
        }
    row["load"] = round(os.getloadavg()[0], 1)
    print(json.dumps(row), flush=True)
