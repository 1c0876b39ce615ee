#!/usr/bin/env python3
"""Counting benchmark for a machine with many cores: every puzzle of a set counted by
`explore --count -j 1` and by another counter, alternated (which goes first swaps each
round), then by `explore --count -j 2`; CPU seconds of each whole process (wait4, as
/usr/bin/time reports them) and wall seconds; several puzzles at once, each run on its own
cores. Prints per puzzle the medians of the rounds, the ratio (the other's CPU time over
explore's) and the two-thread speedup (CPU seconds of -j 1 over wall seconds of -j 2), and
fails if any two counts of a puzzle differ.

    EXPLORE=target/release/explore OTHER=/tmp/kbench/target/release/kbench JOBS=6 \\
        scripts/bench-counting-many.py benches/data/counting/random-9x9.txt 3

JOBS puzzles run at once (default 6: at most 12 busy cores with the two-thread runs). OTHER
is a command given the file of one puzzle that prints its count first (the `sudoku` crate's
counter, built outside the repository: docs/benchmarks-log.md). One raw line per run is
written to $LOG if set.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

explore = os.environ.get('EXPLORE', 'target/release/explore')
other = os.environ.get('OTHER', '').split()
jobs = int(os.environ.get('JOBS', '6'))
if len(sys.argv) < 2 or not other:
    sys.exit('usage: OTHER=COUNTER bench-counting-many.py SET [ROUNDS]')
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
puzzles = [line.strip() for line in open(sys.argv[1])
           if line.strip() and not line.startswith('#')]
work = tempfile.mkdtemp()


def timed(cmd):
    """Runs cmd; returns its count (first word of its output), CPU and wall seconds."""
    start = time.monotonic()
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = status
    words = out.split()
    count = words[0].decode() if words else '?'
    return count, usage.ru_utime + usage.ru_stime, time.monotonic() - start


def run(job):
    i, r = job
    path = os.path.join(work, f'{i}-{r}.txt')
    with open(path, 'w') as f:
        f.write(puzzles[i] + '\n')
    counting = [explore, '--count', '-o', 'line', '-q']
    runs = [('one', counting + ['-j', '1', path]), ('other', other + [path])]
    if r % 2:
        runs.reverse()
    runs.append(('two', counting + ['-j', '2', path]))
    return i, r, {name: timed(cmd) for name, cmd in runs}


results = {}
log = open(os.environ['LOG'], 'w') if os.environ.get('LOG') else None
with ThreadPoolExecutor(jobs) as pool:
    for i, r, runs in pool.map(run, [(i, r) for r in range(rounds) for i in range(len(puzzles))]):
        if log:
            log.write(json.dumps({'puzzle': i + 1, 'round': r, **runs}) + '\n')
        results.setdefault(i, []).append(runs)

print(f"{'#':>3} {'solutions':>10} {'-j 1':>8} {'other':>8} {'ratio':>6} {'-j 2 wall':>9} "
      f"{'speedup':>7}")
ratios, speedups, failed = [], [], False
for i in sorted(results):
    runs = results[i]
    counts = {run[name][0] for run in runs for name in run}
    one = statistics.median(run['one'][1] for run in runs)
    them = statistics.median(run['other'][1] for run in runs)
    two = statistics.median(run['two'][2] for run in runs)
    ratios.append(them / one)
    speedups.append(one / two)
    note = ''
    if len(counts) != 1:
        note, failed = f'  counts differ: {sorted(counts)}', True
    print(f"{i + 1:>3} {runs[0]['one'][0]:>10} {one:8.2f} {them:8.2f} {them / one:6.2f} "
          f"{two:9.2f} {one / two:7.2f}{note}")
print(f"median ratio {statistics.median(ratios):.2f}x, worst {min(ratios):.2f}x; two threads "
      f"median {statistics.median(speedups):.2f}x, worst {min(speedups):.2f}x "
      f"({len(results)} puzzles, {rounds} rounds)")
sys.exit(1 if failed else 0)
