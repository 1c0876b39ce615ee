#!/usr/bin/env python3
"""Generates the counting benchmark sets: puzzles with givens placed at random, none tuned on.

Each puzzle takes a random full grid and keeps a random number of its cells (drawn uniformly
from the size's range), chosen uniformly over the whole grid. A puzzle is kept when its exact
count of solutions is between 10^6 and 10^8. Everything is drawn from one seeded generator,
so the same seed writes the same files.

Counts are checked by two counters that share no code:
- 9x9: `explore --count` (bfs, the tail counter) against the `sudoku` crate's
  `solutions_count_up_to`, through a small program outside the repository (the crate's
  licence keeps it out; docs/benchmarks-log.md says how to build it) given by --crate-counter.
- 6x6 and 8x8 (the crate is 9x9 only): `explore --count` (bfs) against
  `explore --count --strategy bitmask`, the plain bitmask backtracker, which neither fills
  forced cells nor uses the tail counter.

Usage:
  scripts/counting-set.py --explore target/release/explore --crate-counter /tmp/kbench/target/release/kbench

writes benches/data/counting/random-9x9.txt, random-6x6.txt and random-8x8.txt: one puzzle a
line, each after a comment line with its count.
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile

LOW, HIGH = 10**6, 10**8

# size: (box rows, box columns, givens range, puzzles wanted)
SETS = {
    "9x9": (3, 3, (12, 17), 20),
    "6x6": (2, 3, (0, 2), 10),
    "8x8": (2, 4, (11, 15), 10),
}


def full_grid(rng, br, bc):
    """A random full grid of boxes br x bc, by backtracking with digits in random order."""
    n = br * bc
    grid = [0] * (n * n)
    rows = [0] * n
    cols = [0] * n
    boxes = [0] * n
    full = (1 << n) - 1

    def box(r, c):
        return (r // br) * br + c // bc

    def fill(i):
        if i == n * n:
            return True
        r, c = divmod(i, n)
        free = full & ~(rows[r] | cols[c] | boxes[box(r, c)])
        digits = [d for d in range(n) if free >> d & 1]
        rng.shuffle(digits)
        for d in digits:
            bit = 1 << d
            rows[r] |= bit
            cols[c] |= bit
            boxes[box(r, c)] |= bit
            grid[i] = d + 1
            if fill(i + 1):
                return True
            rows[r] &= ~bit
            cols[c] &= ~bit
            boxes[box(r, c)] &= ~bit
        grid[i] = 0
        return False

    assert fill(0)
    return grid


def estimate(rng, puzzle, br, bc, probes=200):
    """Knuth's estimate of the number of solutions of `puzzle` (0 for empty cells), from
    random paths branching on a cell with the fewest candidates: a cheap first look, so that
    only puzzles likely in range are counted exactly."""
    n = br * bc
    full = (1 << n) - 1
    peers = []
    for i in range(n * n):
        r, c = divmod(i, n)
        b0r, b0c = r // br * br, c // bc * bc
        ps = {r * n + k for k in range(n)} | {k * n + c for k in range(n)}
        ps |= {(b0r + a) * n + b0c + b for a in range(br) for b in range(bc)}
        ps.discard(i)
        peers.append(ps)
    total = 0.0
    for _ in range(probes):
        grid = list(puzzle)
        weight = 1.0
        while True:
            best, best_free = None, None
            for i in range(n * n):
                if grid[i]:
                    continue
                used = 0
                for j in peers[i]:
                    if grid[j]:
                        used |= 1 << (grid[j] - 1)
                free = full & ~used
                if best is None or bin(free).count("1") < bin(best_free).count("1"):
                    best, best_free = i, free
                    if free & (free - 1) == 0:
                        break
            if best is None:
                break
            digits = [d for d in range(n) if best_free >> d & 1]
            if not digits:
                weight = 0.0
                break
            weight *= len(digits)
            grid[best] = rng.choice(digits) + 1
        total += weight
    return total / probes


def line_of(grid, givens):
    return "".join(str(grid[i]) if i in givens else "." for i in range(len(grid)))


def counts(cmd, lines):
    """Counts every puzzle of `lines` with the command `cmd` (reading a file), in order."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        out = subprocess.run(cmd + [path], check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    return [int(line.split()[0].lstrip(">=")) for line in out.splitlines() if line.strip()]


def explore_cmd(explore, br, bc, *extra):
    return [explore, "--count", "-o", "line", "-j", "1", "-q", "--box", f"{br}x{bc}", *extra]


def generate(rng, explore, name, br, bc, givens_range, wanted):
    n = br * bc
    kept = []
    drawn = 0
    while len(kept) < wanted:
        grid = full_grid(rng, br, bc)
        k = rng.randint(*givens_range)
        givens = set(rng.sample(range(n * n), k))
        line = line_of(grid, givens)
        drawn += 1
        guess = estimate(rng, [grid[i] if i in givens else 0 for i in range(n * n)], br, bc)
        if not LOW / 10 <= guess <= HIGH * 1.5:
            continue
        # Capped just above the range, so that a puzzle with far more is not counted in full.
        cmd = explore_cmd(explore, br, bc, "--max-solutions", str(HIGH + 1))
        (count,) = counts(cmd, [line])
        if LOW <= count <= HIGH:
            kept.append((line, count, k))
            print(f"{name}: {len(kept)}/{wanted} ({drawn} drawn): {k} givens, {count}",
                  file=sys.stderr)
    return kept


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--explore", default="target/release/explore")
    ap.add_argument("--crate-counter", required=True,
                    help="program counting each puzzle of a file with the sudoku crate")
    ap.add_argument("--seed", type=int, default=20261127)
    ap.add_argument("--out", default="benches/data/counting")
    ap.add_argument("--only", choices=sorted(SETS), action="append")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for name, (br, bc, givens_range, wanted) in SETS.items():
        # One generator per set, seeded from the seed and the set, so each set stands alone.
        rng = random.Random(f"{args.seed}-{name}")
        if args.only and name not in args.only:
            continue
        kept = generate(rng, args.explore, name, br, bc, givens_range, wanted)
        lines = [line for line, _, _ in kept]
        if name == "9x9":
            other = counts([args.crate_counter], lines)
            other_name = "the sudoku crate's solutions_count_up_to"
        else:
            other = counts(explore_cmd(args.explore, br, bc, "--strategy", "bitmask"), lines)
            other_name = "explore --strategy bitmask"
        for (line, count, _), check in zip(kept, other):
            if count != check:
                sys.exit(f"{name}: {line}: explore counts {count}, {other_name} {check}")
        path = os.path.join(args.out, f"random-{name}.txt")
        with open(path, "w") as f:
            f.write(f"# {name} puzzles ({br}x{bc} boxes) with {givens_range[0]} to "
                    f"{givens_range[1]} givens placed at random over a random full grid,\n"
                    f"# each with 10^6 to 10^8 solutions: scripts/counting-set.py, seed "
                    f"{args.seed}.\n# Counts checked by explore --count against {other_name}.\n")
            for line, count, k in kept:
                f.write(f"# {count} solutions, {k} givens\n{line}\n")
        print(f"{name}: {len(kept)} puzzles written to {path}, counts agree with {other_name}",
              file=sys.stderr)


if __name__ == "__main__":
    main()
