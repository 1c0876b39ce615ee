#!/usr/bin/env python3
"""Times `explore explain` per puzzle: CPU seconds (user + system) of one process per puzzle,
each puzzle run ROUNDS times, rounds alternated over the whole set; prints the median and the
worst of each puzzle's median, and the fewest givens found.

    cargo build --release
    python3 scripts/explain-bench.py benches/explain_9x9.txt [ROUNDS]
"""

import json
import resource
import statistics
import subprocess
import sys

EXPLORE = "target/release/explore"


def run(puzzle):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [EXPLORE, "explain", "-j1", "-q", "--output", "json", puzzle],
        capture_output=True, text=True, check=False,
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, json.loads(out)


def main():
    path = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    puzzles = [l.split()[0] for l in open(path) if l.strip() and not l.startswith("#")]
    times = [[] for _ in puzzles]
    records = [None] * len(puzzles)
    for _ in range(rounds):
        for i, puzzle in enumerate(puzzles):
            cpu, record = run(puzzle)
            times[i].append(cpu)
            records[i] = record
    medians = sorted(statistics.median(t) for t in times)
    givens = [len(r["fewest"]["givens"]) for r in records]
    exact = sum(r["fewest"]["exact"] for r in records)
    counts = [r["count"] for r in records]
    print(f"{len(puzzles)} puzzles, {min(counts)} to {max(counts)} solutions, {rounds} rounds")
    print(f"CPU per puzzle: median {statistics.median(medians):.3f} s, "
          f"90th percentile {medians[int(0.9 * len(medians))]:.3f} s, worst {medians[-1]:.3f} s")
    print(f"fewest givens: {min(givens)} to {max(givens)}, exact for {exact} of {len(puzzles)}")
    worst = max(range(len(puzzles)), key=lambda i: statistics.median(times[i]))
    print(f"slowest: {puzzles[worst]} ({counts[worst]} solutions)")


if __name__ == "__main__":
    main()
