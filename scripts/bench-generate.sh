#!/usr/bin/env bash
# Generation and grading against QQWing (Debian's `qqwing`), in CPU seconds (user + system,
# from /usr/bin/time), rounds alternated so that a busy machine slows both sides alike.
#
#   scripts/bench-generate.sh [ROUNDS]      (default 5; needs qqwing and /usr/bin/time)
#
# Builds the release program, then prints:
#   1. 9x9 unique puzzles, N=1000 per round: qqwing --generate N --one-line against
#      explore generate -n N --threads 1, each round's pair run back to back; medians, ratio;
#   2. minimal 9x9: explore generate --minimal -n 1000 --threads 1, median per puzzle;
#   3. minimal 16x16, one puzzle per run on one thread, a seed per round: median;
#   4. 25x25 unique with 343 givens (55% of 625), one per run on one thread: median;
#   5. 4x4 and 6x6 minimal: one puzzle per run, and 1000 in one run, per puzzle;
#   6. QQWing's difficulties graded by explore: 100 puzzles of each, a table of levels.
# docs/benchmarks.md has the figures of a run.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
command -v qqwing >/dev/null || { echo "needs qqwing (apt-get install qqwing)" >&2; exit 2; }
cargo build --release --quiet
explore=target/release/explore
n=1000

# CPU seconds of a command, its output discarded.
cpu() { /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.3f", $1 + $2 }'; }
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "== 1. 9x9 unique puzzles, $n per run, one thread, $rounds rounds alternated"
qq=(); ex=()
for round in $(seq "$rounds"); do
    qq+=("$(cpu qqwing --generate "$n" --one-line)")
    ex+=("$(cpu "$explore" generate -n "$n" --threads 1 --seed "$round" -q)")
    echo "round $round: qqwing ${qq[-1]} s, explore ${ex[-1]} s"
done
q=$(printf '%s\n' "${qq[@]}" | median); e=$(printf '%s\n' "${ex[@]}" | median)
echo "median: qqwing $q s, explore $e s; qqwing/explore = $(awk -v q="$q" -v e="$e" 'BEGIN { printf "%.1f", q / e }')"

echo "== 2. minimal 9x9, $n per run, one thread"
t=(); for round in $(seq "$rounds"); do t+=("$(cpu "$explore" generate --minimal -n "$n" --threads 1 --seed "$round" -q)"); done
m=$(printf '%s\n' "${t[@]}" | median)
echo "median $m s per $n: $(awk -v m="$m" -v n="$n" 'BEGIN { printf "%.3f", 1000 * m / n }') ms per puzzle"

one_each() { # LABEL ARGS...: one puzzle per run, a seed per round, median CPU seconds
    local label=$1; shift; local t=()
    for round in $(seq "$rounds"); do t+=("$(cpu "$explore" generate -n 1 --threads 1 --seed "$round" -q "$@")"); done
    echo "$label: runs ${t[*]} s; median $(printf '%s\n' "${t[@]}" | median) s"
}
echo "== 3. minimal 16x16, one per run"
one_each "16x16 minimal" --size 16 --minimal
echo "== 4. 25x25 unique with 343 givens (55%), one per run"
one_each "25x25 343 givens" --size 25 --givens 343
echo "== 5. 4x4 and 6x6 minimal"
one_each "4x4 minimal" --size 4 --minimal
one_each "6x6 minimal" --size 6 --minimal
for size in 4 6; do
    m=$(cpu "$explore" generate --size "$size" --minimal -n "$n" --threads 1 --seed 1 -q)
    echo "${size}x$size minimal, $n in one run: $m s, $(awk -v m="$m" -v n="$n" 'BEGIN { printf "%.3f", 1000 * m / n }') ms per puzzle"
done

echo "== 6. QQWing's difficulty against explore's level, 100 puzzles each"
printf '%-13s %6s %6s %6s %6s %8s\n' qqwing easy medium hard expert extreme
for difficulty in simple easy intermediate expert; do
    qqwing --generate 100 --difficulty "$difficulty" --one-line |
        "$explore" grade - --output json -q |
        awk -v d="$difficulty" -F'"verdict":"' '{ split($2, v, "\""); c[v[1]]++ }
            END { printf "%-13s %6d %6d %6d %6d %8d\n", d, c["easy"], c["medium"], c["hard"], c["expert"], c["extreme"] }'
done
