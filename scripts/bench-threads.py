#!/usr/bin/env python3
"""Thread scaling: one puzzle's search on several thread counts, and the same answer on each.

    scripts/bench-threads.py PUZZLE [THREADS ...]      (default threads: 1 2 4 8 16)

Runs `explore $EXPLORE_ARGS --threads T --output json PUZZLE` for each thread count T, the
counts alternated within each of $ROUNDS rounds (default 3), and prints per count the median
wall and CPU (user + system) seconds of the whole process, the speed-up of the wall time
against the first count, and the boards of the search. Every run's JSON, its times removed,
must be byte-identical to the first count's: a difference is printed and makes the exit
status 1. $EXPLORE names the binary (default target/release/explore); PUZZLE is a file or a
puzzle on the command line, as explore reads it.

    EXPLORE_ARGS="--forced subsets --branch conflicts --learn clauses" \\
        scripts/bench-threads.py 25x25-puzzle.txt 1 2 4 8 16
"""
import json
import os
import shlex
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def without_times(value):
    """The JSON value with every field that holds a time taken out."""
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if not k.endswith("_secs")}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def run(explore, args, threads, puzzle):
    """One run: (wall seconds, CPU seconds, parsed JSON documents)."""
    command = [explore, *args, "--threads", str(threads), "--output", "json", puzzle]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    out = process.stdout.read().decode()
    err = process.stderr.read().decode()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{shlex.join(command)}: exit status {code}\n{err}")
    documents = [json.loads(line) for line in out.splitlines() if line.strip()]
    return wall, usage.ru_utime + usage.ru_stime, documents


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(sys.argv) >= 2 else 2
    puzzle = sys.argv[1]
    counts = [int(t) for t in sys.argv[2:]] or [1, 2, 4, 8, 16]
    explore = os.environ.get("EXPLORE", os.path.join(ROOT, "target", "release", "explore"))
    args = shlex.split(os.environ.get("EXPLORE_ARGS", ""))
    rounds = int(os.environ.get("ROUNDS", "3"))
    walls = {t: [] for t in counts}
    cpus = {t: [] for t in counts}
    boards = {}
    reference = None
    failed = False
    for r in range(rounds):
        for t in counts:
            wall, cpu, documents = run(explore, args, t, puzzle)
            walls[t].append(wall)
            cpus[t].append(cpu)
            boards[t] = sum(d["stats"]["nodes"] for d in documents)
            answer = json.dumps(without_times(documents), sort_keys=True)
            if reference is None:
                reference = answer
            elif answer != reference:
                print(f"round {r + 1}, {t} threads: the JSON differs from {counts[0]} thread(s)")
                failed = True
            print(f"round {r + 1}, {t:>2} threads: {wall:8.3f} s wall, {cpu:8.3f} s CPU",
                  file=sys.stderr, flush=True)
    print(f"explore {shlex.join(args)}, {rounds} round(s), medians")
    print("| threads | wall s | CPU s | speed-up | boards |")
    print("| --- | --- | --- | --- | --- |")
    first = statistics.median(walls[counts[0]])
    for t in counts:
        wall = statistics.median(walls[t])
        cpu = statistics.median(cpus[t])
        print(f"| {t} | {wall:.3f} | {cpu:.3f} | {first / wall:.2f} | {boards[t]:,} |")
    print("identical JSON on every thread count" if not failed else "JSON DIFFERS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
