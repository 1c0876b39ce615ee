#!/usr/bin/env python3
"""Two builds of explore, the same search: a change meant to make the learning search faster
without changing what it does must leave every statistic as it was.

    scripts/same-search.py OLD NEW [ROUNDS]

Runs a fixed list of cases (below: 25x25 puzzles proven unique with `-s dfs --learn clauses`
and with the default, cube and conquer, on one thread and on two with `--same-stats`; 16x16
and hard 9x9 puzzles with `--learn clauses`; counting and listing puzzles of several solutions)
with `-o json` on both binaries, ROUNDS times (default 1), alternating OLD and NEW. Every
puzzle's JSON must be the same but for times and bytes (`elapsed_secs`, fields ending in
`bytes`), or the case is printed as DIFFERENT and the exit status is 1. Each run is timed as a
whole process (wait4): the table gives the median CPU seconds (user + system) of each binary
and their ratio. The 25x25, 16x16 and hardest 9x9 puzzles are read from ../shared/puzzles
(the 25x25 cases are skipped where it is absent, the others read the samples of tests/data);
the rest from tests/data.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared", "puzzles")
FRISCH = os.path.join(SHARED, "25x25_frisch.txt")
DATA = os.path.join(ROOT, "tests", "data")

DFS = ["-s", "dfs", "--learn", "clauses", "-j1"]


def frisch(n):
    """Puzzle `n` (from 1) of the 25x25 set, in a file of its own; None where absent."""
    if not os.path.exists(FRISCH):
        return None
    with open(FRISCH) as f:
        lines = [line for line in f if not line.startswith("#") and line.strip()]
    path = os.path.join(tempfile.gettempdir(), f"same-search-frisch{n}.txt")
    with open(path, "w") as f:
        f.write(lines[n - 1])
    return path


def shared_or_data(name):
    """The whole set in ../shared/puzzles where present, else the sample in tests/data."""
    path = os.path.join(SHARED, name)
    return path if os.path.exists(path) else os.path.join(DATA, name)


def cases():
    out = []
    for n in (2, 4):
        path = frisch(n)
        if path is None:
            continue
        out.append((f"frisch #{n} dfs learn", DFS + [path]))
        out.append((f"frisch #{n} default -j1", ["-j1", path]))
        out.append((f"frisch #{n} default -j2 same", ["-j2", "--same-stats", path]))
    janko, hardest = (shared_or_data(name) for name in ("16x16_janko.txt", "hardest_1106.txt"))
    multi = os.path.join(DATA, "16_clue_multi.txt")
    out += [
        ("16x16 dfs learn", DFS + [janko]),
        ("16x16 bfs learn -j2", ["--learn", "clauses", "-j2", janko]),
        ("hardest 9x9 dfs learn", DFS + [hardest]),
        ("hardest 9x9 bfs learn -j1", ["--learn", "clauses", "-j1", hardest]),
        ("multi 9x9 dfs count", DFS + ["--count", multi]),
        ("multi 9x9 dfs all", DFS + ["--all", multi]),
        ("multi 9x9 bfs learn count", ["--learn", "clauses", "-j2", "--count", multi]),
    ]
    return out


def scrub(value):
    """`value` without its times and bytes, which may differ between builds."""
    if isinstance(value, dict):
        return {
            k: scrub(v)
            for k, v in value.items()
            if k != "elapsed_secs" and not k.endswith("bytes")
        }
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def run(binary, args):
    """(CPU seconds, the scrubbed JSON of every puzzle) of one run."""
    proc = subprocess.Popen(
        [binary, "-o", "json", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        sys.exit(f"{binary} {' '.join(args)}: exit status {status >> 8}")
    docs = [scrub(json.loads(line)) for line in out.splitlines() if line.strip()]
    return usage.ru_utime + usage.ru_stime, docs


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    bad = 0
    print(f"{'case':32} {'old cpu':>8} {'new cpu':>8} {'new/old':>8}  stats")
    for name, args in cases():
        times = {old: [], new: []}
        docs = {}
        for r in range(rounds):
            order = (old, new) if r % 2 == 0 else (new, old)
            for binary in order:
                cpu, got = run(binary, args)
                times[binary].append(cpu)
                docs.setdefault(binary, got)
        same = docs[old] == docs[new]
        bad += not same
        a, b = statistics.median(times[old]), statistics.median(times[new])
        verdict = "same" if same else "DIFFERENT"
        print(f"{name:32} {a:8.2f} {b:8.2f} {b / a if a else 0:8.3f}  {verdict}", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
