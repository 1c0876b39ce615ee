#!/usr/bin/env python3
"""Unique puzzles of a large board with fewer givens, every removal proven by CaDiCaL.

    scripts/make-large-set.py SIZE GIVENS SEED COUNT [TRIES]

For each puzzle k = 1 .. COUNT, seeds SEED, SEED + 1, ... are tried in turn (at most TRIES
seeds a puzzle, default 1): a full grid from `explore generate --size SIZE --givens SIZE*SIZE
--seed S` (the grid explore's generator draws for that seed), then its givens are removed in
a random order drawn from S, each only if CaDiCaL proves the puzzle keeps one solution, until
GIVENS are left (0: one pass over every cell). A seed whose pass ends with more givens is
dropped and the next tried. The puzzles go to standard output, one per line, as explore writes
them (a symbol a cell up to 35x35, `.` for empty; numbers above, 0 for empty); what each seed
gave, to standard error (PROGRESS=SECONDS: how far a pass is, as well).

The check. Removing the given at cell c from a unique puzzle with solution S leaves it unique
iff no solution has a digit other than S[c] at c: one SAT call, unsatisfiable for a removal
that stays. A given that cannot go once never can (removing givens only adds solutions), so
one pass decides. The cells are taken WINDOW at a time (default 4): the givens outside the
window are fixed (their digits struck from their peers, and every cell left with one candidate
placed, in Python), what is left is one incremental CaDiCaL 1.9.5 (python-sat) with
exactly-one clauses over the candidates, and the window's givens are assumptions, so what the
solver learns in one check carries over to the next of the window. A fresh solver for each
check was about as fast, a window of 64 cells far slower (the fixed givens propagate less), and
one solver for the whole board with every given an assumption about 8 times slower (36x36
puzzles of 700 givens).

A check that CaDiCaL does not settle within CELL_CONFLICTS conflicts (default 20,000) keeps its
given: every removal made is proven, so the puzzle is unique, but it may keep givens that
could go. MAX_UNSETTLED=N drops a seed after N such givens. Conflicts are counted the same way
on any machine, so the puzzles are a function of the arguments and these settings alone.
$EXPLORE names explore's binary (default target/ci/explore, else target/release/explore).
python-sat is for this script and the benchmarks only, never the tests.

    MAX_UNSETTLED=12 scripts/make-large-set.py 36 680 1 5 4
"""
import math
import os
import random
import resource
import subprocess
import sys
import time

from pysat.solvers import Solver

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def explore_binary():
    if os.environ.get("EXPLORE"):
        return os.environ["EXPLORE"]
    for profile in ("ci", "release"):
        path = os.path.join(ROOT, "target", profile, "explore")
        if os.path.exists(path):
            return path
    sys.exit("make-large-set.py: no explore binary: cargo build --profile ci, or set EXPLORE")


def full_grid(size, seed):
    """The full grid explore's generator draws for `seed`, as a list of values 1..size."""
    out = subprocess.run([explore_binary(), "generate", "--size", str(size), "--givens",
                          str(size * size), "--seed", str(seed), "-q"],
                         check=True, capture_output=True, text=True).stdout
    tokens = out.split()
    if len(tokens) == 1:  # up to 35x35 explore writes one symbol a cell: 1-9, then letters
        values = [SYMBOLS.index(ch) + 1 for ch in tokens[0]]
    else:
        values = [int(t) for t in tokens]
    assert len(values) == size * size and 0 not in values, "a full grid"
    return values


class Geometry:
    """The units of a board of side n with square boxes, each cell's peers, every digit's bit."""

    def __init__(self, n):
        self.n = n
        box = math.isqrt(n)
        rows = [[r * n + c for c in range(n)] for r in range(n)]
        cols = [[r * n + c for r in range(n)] for c in range(n)]
        boxes = [[(b // box * box + i) * n + b % box * box + j
                  for i in range(box) for j in range(box)] for b in range(n)]
        self.units = rows + cols + boxes
        peers = [set() for _ in range(n * n)]
        for unit in self.units:
            for cell in unit:
                peers[cell].update(unit)
        self.peers = [sorted(p - {cell}) for cell, p in enumerate(peers)]
        self.full = (1 << n) - 1


def bits(mask):
    """The digits of a candidate mask, 1 for bit 0."""
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low


class Window:
    """One incremental CaDiCaL for the givens of a window of cells, the other givens fixed.

    The fixed givens' digits are struck from their peers, and every cell left with one
    candidate placed, to a fixed point, in Python; what is left becomes exactly-one clauses
    (pairwise) over the candidates: a cell has one digit, a digit one place in each unit. The
    window's givens are assumptions, so one solver answers the checks of the whole window and
    what it learns in one carries over to the next."""

    def __init__(self, g, puzzle, solution, window):
        n = g.n
        self.unsat = False
        fixed = [0 if i in window else v for i, v in enumerate(puzzle)]
        cand = [g.full if v == 0 else 1 << (v - 1) for v in fixed]
        placed = [False] * (n * n)
        stack = [i for i, v in enumerate(fixed) if v]
        while stack:
            i = stack.pop()
            if placed[i]:
                continue
            b = cand[i]
            placed[i] = True
            for p in g.peers[i]:
                c = cand[p]
                if c & b:
                    c &= ~b
                    cand[p] = c
                    if c & (c - 1) == 0:
                        stack.append(p)
        self.cand, self.placed, self.var = cand, placed, {}
        for i in range(n * n):
            if not placed[i]:
                for d in bits(cand[i]):
                    self.var[(i, d)] = len(self.var) + 1
        self.solver = Solver(name="cadical195")
        for i in range(n * n):
            if not placed[i]:
                self.exactly_one([self.var[(i, d)] for d in bits(cand[i])])
        for unit in g.units:
            need = g.full
            for i in unit:
                if placed[i]:
                    need &= ~cand[i]
            for d in bits(need):
                self.exactly_one([self.var[(i, d)] for i in unit if (i, d) in self.var])
        # A second solution, where there is one, is most often the first with a few cells
        # changed: the search starts from the first.
        self.solver.set_phases([self.var[(i, solution[i])] for i in range(n * n)
                                if not placed[i]])

    def exactly_one(self, lits):
        self.solver.add_clause(lits)
        for a in range(len(lits)):
            for b in range(a + 1, len(lits)):
                self.solver.add_clause([-lits[a], -lits[b]])

    def other_digit(self, puzzle, solution, window, cell, budget):
        """Whether `puzzle` less the given at `cell` has a solution with another digit there:
        True, False, or None when `budget` conflicts did not settle it."""
        if self.placed[cell]:
            return False  # the fixed givens alone force its digit
        assumptions = [self.var[(i, puzzle[i])] for i in window
                       if i != cell and puzzle[i] and not self.placed[i]]
        assumptions.append(-self.var[(cell, solution[cell])])
        self.solver.conf_budget(budget)
        return self.solver.solve_limited(assumptions=assumptions)

    def close(self):
        self.solver.delete()


# The conflicts one check may cost before its given is kept. CaDiCaL counts conflicts the same
# way on every machine, so the puzzles stay a function of the seed; a given kept for want of a
# proof leaves the puzzle unique (every removal made is proven).
CELL_CONFLICTS = int(os.environ.get("CELL_CONFLICTS", "20000"))
# Cells a window holds: the givens answered by one solver.
WINDOW = int(os.environ.get("WINDOW", "4"))
# Givens kept unsettled after which a seed is dropped (0: never).
MAX_UNSETTLED = int(os.environ.get("MAX_UNSETTLED", "0"))


def make(size, target, seed, g):
    """A unique puzzle from `seed` with `target` givens (0: as few as one pass makes), or None
    if the pass ends with more. Returns (puzzle or None, givens left, SAT calls, givens kept
    unsettled, CPU seconds)."""
    start = cpu()
    solution = full_grid(size, seed)
    order = list(range(size * size))
    random.Random(seed).shuffle(order)
    puzzle = list(solution)
    left = size * size
    calls = kept = 0
    shown = time.monotonic()
    for w in range(0, len(order), WINDOW):
        if target and left <= target:
            break
        window = order[w:w + WINDOW]
        solver = Window(g, puzzle, solution, set(window))
        for cell in window:
            if target and left <= target:
                break
            calls += 1
            found = solver.other_digit(puzzle, solution, window, cell, CELL_CONFLICTS)
            if found is False:
                puzzle[cell] = 0
                left -= 1
            kept += found is None
        solver.close()
        if MAX_UNSETTLED and kept > MAX_UNSETTLED:
            break
        if os.environ.get("PROGRESS") and time.monotonic() - shown > float(os.environ["PROGRESS"]):
            shown = time.monotonic()
            print(f"  seed {seed}: {w + len(window)} cells tried, {left} givens, {kept} unsettled, "
                  f"{cpu() - start:.1f} CPU s", file=sys.stderr, flush=True)
    ok = not target or left <= target
    return (puzzle if ok else None), left, calls, kept, cpu() - start


def written(puzzle, size):
    """A puzzle as explore writes it: a symbol a cell up to 35x35 (1-9, then letters, `.` for
    empty), numbers with 0 for empty above."""
    if size <= len(SYMBOLS):
        return "".join(SYMBOLS[v - 1] if v else "." for v in puzzle)
    return " ".join(map(str, puzzle))


def main(argv):
    if len(argv) not in (5, 6):
        print(__doc__, file=sys.stderr)
        return 2
    size, target, seed, count = (int(a) for a in argv[1:5])
    tries = int(argv[5]) if len(argv) == 6 else 1
    box = math.isqrt(size)
    if box * box != size:
        sys.exit("make-large-set.py: square boxes only (9, 16, 25, 36, 49, 64)")
    start = cpu()
    g = Geometry(size)
    made = 0
    while made < count:
        for _ in range(tries):
            puzzle, left, checks, kept, spent = make(size, target, seed, g)
            print(f"seed {seed}: {left} givens ({100 * left / size ** 2:.1f}%), {checks} calls, "
                  f"{kept} kept unsettled, "
                  f"{spent:.1f} CPU s{'' if puzzle else ', dropped'}", file=sys.stderr,
                  flush=True)
            seed += 1
            if puzzle:
                print(written(puzzle, size), flush=True)
                made += 1
                break
        else:
            print(f"puzzle {made + 1}: not made in {tries} seeds", file=sys.stderr)
            return 1
    print(f"{made} puzzles, {cpu() - start:.1f} CPU s in all (this process)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
