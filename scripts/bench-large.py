#!/usr/bin/env python3
"""Large boards: explore proving uniqueness against CaDiCaL, puzzle by puzzle.

    scripts/bench-large.py SET [ROUNDS]          the benchmark (below)
    scripts/bench-large.py --check SET [OUT]     every puzzle of SET proven unique by CaDiCaL
                                                 alone; with OUT, their solutions written there

For each puzzle of SET (one per line, `#` comments; 1-9 and letters, or numbers from 36x36 on),
alternating within each round: explore counting to two solutions (`-n 2`, its default: the
status `unique` is the proof) with $EXPLORE_ARGS, then with $EXPLORE_ARGS_B if set, then the
reference, `python3 ../shared/bench/solvers.py cadical PUZZLE LIMIT` ($REF names another
solver of solvers.py). Every run has a wall limit of $LIMIT seconds (default 60): explore's
own --timeout, and `timeout` around both (a run killed counts as the limit). On a loaded
machine LIMIT_KIND=cpu limits CPU time instead: LIMIT CPU seconds per thread (RLIMIT_CPU;
explore's threads read from its -j/--threads), what LIMIT wall seconds give on an idle
machine. Each run is timed as a whole process (wait4, as /usr/bin/time): CPU = user + system
seconds, wall = elapsed.

Verdicts: unique, multi(ple), none, time(out). Where two runs finish they must agree, and a
unique puzzle's solutions must be equal; every solution reported is checked against the
puzzle and the rules. A disagreement is printed and makes the exit status 1.

The table gives per puzzle the median over ROUNDS (default 1) of CPU and wall seconds and the
ratio explore CPU / reference CPU; then the totals (a timeout counts LIMIT wall seconds and the
CPU it used) and how many puzzles each proved unique within the limit. LOG=FILE appends every
run as a JSON line. 36x36 and 49x49 puzzles are in numbers, which solvers.py does not read: the
reference then runs through this script's `--ref` mode, solvers.py's own model and solver with
its reading and writing of puzzles replaced by numbers.

    scripts/bench-large.py ../shared/puzzles/25x25_frisch.txt
    EXPLORE_ARGS_B="--forced subsets --branch fewest --threads 2" \\
        scripts/bench-large.py benches/data/large/36x36.txt 3
"""
import json
import math
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLVERS = os.environ.get("SOLVERS", os.path.join(ROOT, "..", "shared", "bench", "solvers.py"))
ALNUM = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Exit statuses of a run stopped at its limit: timeout's, SIGKILL, SIGXCPU (RLIMIT_CPU).
KILLED = (124, 137, 128 + 9, 128 + 24, -9, -24)


def read_set(path):
    """The puzzles of a set file: (line text, side, cell values with 0 for empty)."""
    puzzles = []
    try:
        f = open(path)
    except OSError as e:
        print(f"bench-large.py: {path}: {e.strerror}", file=sys.stderr)
        sys.exit(2)
    with f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            tokens = line.split()
            if math.isqrt(len(tokens[0])) ** 2 == len(tokens[0]) and len(tokens[0]) >= 81:
                text = tokens[0]
                values = [0 if ch in ".0-_" else ALNUM.index(ch.upper()) + 1 for ch in text]
            else:
                text = " ".join(tokens)
                values = [0 if t in ".0-_" else int(t) for t in tokens]
            side = math.isqrt(len(values))
            if side * side != len(values) or math.isqrt(side) ** 2 != side:
                sys.exit(f"{path}: line {number}: {len(values)} cells, not a square-box board")
            puzzles.append((text, side, values))
    return puzzles


def values_of(solution, side):
    """A solution as explore or solvers.py writes it, as a list of values."""
    if side <= len(ALNUM) and " " not in solution:
        return [ALNUM.index(ch) + 1 for ch in solution]
    return [int(t) for t in solution.split()]


def valid(values, solution, side):
    """Whether `solution` keeps the givens of `values` and breaks no rule."""
    if len(solution) != side * side or any(g and g != s for g, s in zip(values, solution)):
        return False
    box = math.isqrt(side)
    full = set(range(1, side + 1))
    for i in range(side):
        row = {solution[i * side + c] for c in range(side)}
        col = {solution[r * side + i] for r in range(side)}
        r0, c0 = i // box * box, i % box * box
        blk = {solution[(r0 + a) * side + c0 + b] for a in range(box) for b in range(box)}
        if row != full or col != full or blk != full:
            return False
    return True


def timed(command, limit, threads=1, margin=0):
    """Runs `command` within the limit: (stdout, exit status, CPU seconds, wall seconds).

    CPU is user + system time of the whole process tree as wait4 reports it (what
    /usr/bin/time prints, to the microsecond), wall the time from start to exit. With
    LIMIT_KIND=cpu the limit is `threads` times LIMIT CPU seconds (RLIMIT_CPU), what LIMIT wall
    seconds give on an idle machine, and the wall limit ten times LIMIT. `margin` seconds are
    added to the wall limit (for a program that keeps its own)."""
    wall_limit = limit + margin
    limit_cpu = None
    if os.environ.get("LIMIT_KIND") == "cpu":
        wall_limit = 10 * limit
        limit_cpu = math.ceil(limit * threads)

    def set_limit():
        if limit_cpu is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (limit_cpu, limit_cpu + 5))

    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        child = subprocess.Popen(["timeout", "-k", "5", str(wall_limit)] + command, stdout=out,
                                 stderr=subprocess.DEVNULL, text=True, preexec_fn=set_limit)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return out.read(), code, usage.ru_utime + usage.ru_stime, wall


def seconds(x):
    """Seconds in six characters, as precise as they allow."""
    return f"{x:6.3f}" if x < 10 else f"{x:6.2f}" if x < 100 else f"{x:6.1f}"


def threads_of(args):
    """The thread count explore's arguments ask for (the machine's cores by default)."""
    for i, arg in enumerate(args):
        for flag in ("-j", "--threads"):
            if arg == flag and i + 1 < len(args):
                return int(args[i + 1])
            if arg.startswith(flag + "="):
                return int(arg[len(flag) + 1:])
    return os.cpu_count()


def run_explore(explore, args, puzzle_file, limit):
    command = [explore, puzzle_file, "-o", "json", "-q", "-n", "2"]
    if os.environ.get("LIMIT_KIND") != "cpu":
        command += ["--timeout", str(limit)]
    out, code, cpu, wall = timed(command + args, limit, threads_of(args), margin=5)
    status, solution, stats = "time", None, {}
    if code in (0, 1) and out.strip():
        record = json.loads(out.splitlines()[0])
        status = {"unique": "unique", "multiple": "multi", "none": "none"}.get(
            record["status"], "time")
        solution = record["solutions"][0] if record["solutions"] else None
        stats = {k: record["stats"][k] for k in ("nodes", "probes", "dead")}
    elif code not in KILLED:
        sys.exit(f"explore exited {code}: {' '.join(command + args)}")
    return dict(status=status, solution=solution, cpu=cpu, wall=wall, **stats)


def run_ref(ref, text, side, limit):
    if side <= len(ALNUM):
        command = ["python3", SOLVERS, ref, text, str(limit)]
    else:
        command = ["python3", os.path.abspath(__file__), "--ref", ref, text, str(limit)]
    out, code, cpu, wall = timed(command, limit)
    status, solution, extra = "time", None, {}
    if code == 0 and out.strip():
        record = json.loads(out.splitlines()[-1])
        status = {"unique": "unique", "multiple": "multi", "none": "none"}.get(
            record["status"], "time")
        solution = record.get("solution")
        extra = {"conflicts": record.get("conflicts")}
    elif code not in KILLED:
        sys.exit(f"the reference exited {code}: {' '.join(command[:3])} PUZZLE {limit}")
    return dict(status=status, solution=solution, cpu=cpu, wall=wall, **extra)


def ref_numbers(ref, text, limit):
    """solvers.py's solver on a puzzle in numbers (36x36 and up), reading and writing replaced."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("solvers", SOLVERS)
    solvers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(solvers)

    def parse(p):
        g = [int(t) - 1 if t not in ".0-_" else -1 for t in p.split()]
        n = math.isqrt(len(g))
        return n, math.isqrt(n), g

    solvers.parse = parse
    solvers.fmt = lambda n, sol: " ".join(str(d + 1) for d in sol)
    # solvers.py's own main block, on the patched functions.
    solver, p, timeout = ref, text, float(limit)
    if solver.startswith("cadical"):
        r, t0, c0 = solvers.cadical(p, timeout, full=solver == "cadical_full")
    elif solver.startswith("cpsat_"):
        r, t0, c0 = solvers.cpsat(p, timeout, int(solver[-1]), solver[6:8])
    elif solver == "clingo":
        r, t0, c0 = solvers.clingo_solve(p, timeout)
    else:
        sys.exit(f"unknown solver {solver}")
    r["wall"] = solvers.time.perf_counter() - t0
    r["cpu"] = solvers.cpu() - c0
    print(json.dumps(r), flush=True)


def median(xs):
    return statistics.median(xs)


def summarise(runs, limit):
    """The median of a puzzle's rounds: a timeout when most rounds timed out."""
    timeouts = sum(r["status"] == "time" for r in runs)
    finished = [r for r in runs if r["status"] != "time"]
    status = "time" if timeouts * 2 > len(runs) else finished[0]["status"]
    wall = median([limit if r["status"] == "time" else r["wall"] for r in runs])
    return dict(status=status, cpu=median([r["cpu"] for r in runs]), wall=wall,
                solution=finished[0]["solution"] if finished else None)


def check_runs(index, values, side, named_runs):
    """Disagreements among one puzzle's runs, as messages."""
    problems = []
    seen = {}
    for name, run in named_runs:
        if run["solution"] is not None:
            solution = values_of(run["solution"], side)
            if not valid(values, solution, side):
                problems.append(f"puzzle {index}: {name}'s solution breaks the puzzle")
            if run["status"] == "unique":
                seen[name] = solution
    verdicts = {name: run["status"] for name, run in named_runs if run["status"] != "time"}
    if len(set(verdicts.values())) > 1:
        problems.append(f"puzzle {index}: verdicts differ: {verdicts}")
    if len({tuple(s) for s in seen.values()}) > 1:
        problems.append(f"puzzle {index}: unique solutions differ ({', '.join(seen)})")
    return problems


def bench(set_path, rounds):
    limit = float(os.environ.get("LIMIT", "60"))
    limit = int(limit) if limit == int(limit) else limit
    explore = os.environ.get("EXPLORE", os.path.join(ROOT, "target", "release", "explore"))
    configs = [("A", shlex.split(os.environ.get(
        "EXPLORE_ARGS", "--forced subsets --branch probe --threads 2")))]
    if os.environ.get("EXPLORE_ARGS_B"):
        configs.append(("B", shlex.split(os.environ["EXPLORE_ARGS_B"])))
    ref = os.environ.get("REF", "cadical")
    log = open(os.environ["LOG"], "a") if os.environ.get("LOG") else None
    puzzles = read_set(set_path)
    names = [name for name, _ in configs] + ["ref"]

    kind = "CPU s a thread" if os.environ.get("LIMIT_KIND") == "cpu" else "s wall"
    print(f"{os.path.basename(set_path)}: {len(puzzles)} puzzles, {rounds} round(s), "
          f"limit {limit} {kind}, load {os.getloadavg()[0]:.2f}")
    for name, args in configs:
        print(f"  {name} = explore {' '.join(args)}")
    print(f"  ref = {ref} (solvers.py)")
    print("  seconds of whole processes, medians of the rounds; ratio = CPU / ref's CPU")
    head = f"{'#':>3} {'giv':>4}"
    for name in names:
        head += f" {name + ' cpu':>6} {'wall':>6} {'':4}"
    for name, _ in configs:
        head += f" {name + '/ref':>5}"
    print(head)

    problems = []
    rows = []
    with tempfile.TemporaryDirectory() as work:
        puzzle_file = os.path.join(work, "p.txt")
        for index, (text, side, values) in enumerate(puzzles, 1):
            with open(puzzle_file, "w") as f:
                f.write(text + "\n")
            runs = {name: [] for name in names}
            for round_ in range(rounds):
                for name, args in configs:
                    runs[name].append(run_explore(explore, args, puzzle_file, limit))
                runs["ref"].append(run_ref(ref, text, side, limit))
                for name in names:
                    run = runs[name][-1]
                    if log:
                        log.write(json.dumps(dict(
                            set=os.path.basename(set_path), puzzle=index, round=round_ + 1,
                            solver=name, **{k: v for k, v in run.items() if k != "solution"}))
                            + "\n")
                        log.flush()
                problems += check_runs(index, values, side,
                                       [(n, runs[n][-1]) for n in names])
            row = {name: summarise(runs[name], limit) for name in names}
            rows.append(row)
            line = f"{index:>3} {sum(v > 0 for v in values):>4}"
            for name in names:
                r = row[name]
                line += f" {seconds(r['cpu'])} {seconds(r['wall'])} {r['status']:<4.4}"
            for name, _ in configs:
                line += f" {row[name]['cpu'] / max(row['ref']['cpu'], 1e-9):>5.2f}"
            print(line, flush=True)

    total = f"{'all':>8}"
    for name in names:
        total += f" {seconds(sum(r[name]['cpu'] for r in rows))}" \
                 f" {seconds(sum(r[name]['wall'] for r in rows))} {'':4}"
    print(total.rstrip())
    ref_cpu = sum(r["ref"]["cpu"] for r in rows)
    ref_wall = sum(r["ref"]["wall"] for r in rows)
    for name in names:
        proved = sum(r[name]["status"] == "unique" for r in rows)
        timeouts = sum(r[name]["status"] == "time" for r in rows)
        cpu = sum(r[name]["cpu"] for r in rows)
        wall = sum(r[name]["wall"] for r in rows)
        print(f"{name}: proved {proved} of {len(rows)} unique within {limit} s ({timeouts} "
              f"timeouts); CPU {cpu:.2f} s, wall {wall:.2f} s")
        if name != "ref":
            both = [r[name]["cpu"] / r["ref"]["cpu"] for r in rows
                    if r[name]["status"] != "time" and r["ref"]["status"] != "time"]
            line = f"   x{cpu / ref_cpu:.2f} ref's CPU, x{wall / ref_wall:.2f} ref's wall"
            if both:
                line += f"; median CPU ratio {median(both):.2f} ({len(both)} both finished)"
            print(line)
    print(f"load at the end {os.getloadavg()[0]:.2f}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


def check(set_path, out_path):
    """Every puzzle of the set proven unique by the reference alone; solutions written out."""
    limit = float(os.environ.get("LIMIT", "600"))
    limit = int(limit) if limit == int(limit) else limit
    ref = os.environ.get("REF", "cadical")
    failures = 0
    solutions = []
    for index, (text, side, values) in enumerate(read_set(set_path), 1):
        run = run_ref(ref, text, side, limit)
        ok = run["status"] == "unique" and valid(values, values_of(run["solution"], side), side)
        failures += not ok
        solutions.append(run["solution"])
        print(f"{index:>3} {sum(v > 0 for v in values):>5} givens  {run['status']:<7}"
              f" {run['cpu']:>7.2f} s CPU  {'ok' if ok else 'FAILED'}", flush=True)
    print(f"{ref}: {len(solutions) - failures} of {len(solutions)} proven unique")
    if out_path and not failures:
        with open(out_path, "w") as f:
            f.write(f"# The solutions of {os.path.basename(set_path)}, line by line, each proven "
                    f"the only one by {ref}:\n# scripts/bench-large.py --check SET SOLUTIONS\n")
            f.write("".join(s + "\n" for s in solutions))
    return 1 if failures else 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "--ref":
        ref_numbers(argv[2], argv[3], argv[4])
        return 0
    if len(argv) >= 3 and argv[1] == "--check":
        return check(argv[2], argv[3] if len(argv) > 3 else None)
    if len(argv) not in (2, 3) or argv[1].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    return bench(argv[1], int(argv[2]) if len(argv) == 3 else 1)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
