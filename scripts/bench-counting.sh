#!/usr/bin/env bash
# Counting benchmark: explore --count on one thread against another counter, puzzle by puzzle,
# in CPU seconds of whole processes (user + system), rounds alternated (explore, the other,
# explore, ...), with the per-puzzle median times, their ratio and the median and worst ratio.
#
#   scripts/bench-counting.sh SET [ROUNDS]
#
# SET is a file of puzzles (benches/data/counting/random-9x9.txt, ...). The other counter is
# $OTHER, a command given the file of one puzzle that prints its count: for 9x9 the `sudoku`
# crate's solutions_count_up_to through a small program outside the repository
# (docs/benchmarks-log.md), for other sizes by default explore's own bitmask backtracker.
# With THREADS=2 (or more), explore on that many threads is timed too, CPU and wall seconds.
#
#   OTHER=/tmp/kbench/target/release/kbench scripts/bench-counting.sh benches/data/counting/random-9x9.txt 3
#   EXPLORE_ARGS="--box 2x4" THREADS=2 scripts/bench-counting.sh benches/data/counting/random-8x8.txt
set -euo pipefail

set_file=${1:?usage: bench-counting.sh SET [ROUNDS]}
rounds=${2:-3}
explore=${EXPLORE:-target/release/explore}
explore_args=${EXPLORE_ARGS:-}
other=${OTHER:-"$explore $explore_args --count -o line -q -j 1 --strategy bitmask"}
threads=${THREADS:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a command on the puzzle file; prints "count cpu wall".
timed() {
    /usr/bin/time -f '%U %S %e' -o "$work/time" "$@" "$work/p.txt" > "$work/out"
    read -r user sys wall < "$work/time"
    count=$(awk 'NF { print $1; exit }' "$work/out")
    echo "$count $(echo "$user + $sys" | bc) $wall"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-4s %12s %9s %9s %7s' '#' 'solutions' 'explore' 'other' 'ratio'
[ "$threads" -gt 1 ] && printf ' %9s %9s %7s' "cpu -j$threads" "wall" 'speedup'
echo
n=0
grep -v '^#' "$set_file" | grep -v '^\s*$' > "$work/set"
: > "$work/ratios"
while read -r puzzle; do
    n=$((n + 1))
    echo "$puzzle" > "$work/p.txt"
    : > "$work/e"; : > "$work/o"; : > "$work/t"
    for _ in $(seq "$rounds"); do
        # shellcheck disable=SC2086
        read -r ce te _ <<< "$(timed $explore $explore_args --count -o line -q -j 1)"
        # shellcheck disable=SC2086
        read -r co to _ <<< "$(timed $other)"
        if [ "$ce" != "$co" ]; then
            echo "puzzle $n: explore counts $ce, the other $co" >&2
            exit 1
        fi
        echo "$te" >> "$work/e"; echo "$to" >> "$work/o"
        if [ "$threads" -gt 1 ]; then
            # shellcheck disable=SC2086
            read -r ct tt wt <<< "$(timed $explore $explore_args --count -o line -q -j "$threads")"
            [ "$ct" = "$ce" ] || { echo "puzzle $n: -j $threads counts $ct" >&2; exit 1; }
            echo "$tt $wt" >> "$work/t"
        fi
    done
    me=$(median < "$work/e"); mo=$(median < "$work/o")
    ratio=$(echo "scale=3; $mo / $me" | bc)
    echo "$ratio" >> "$work/ratios"
    printf '%-4s %12s %8.2fs %8.2fs %6.2fx' "$n" "$ce" "$me" "$mo" "$ratio"
    if [ "$threads" -gt 1 ]; then
        mt=$(cut -d' ' -f1 "$work/t" | median); mw=$(cut -d' ' -f2 "$work/t" | median)
        printf ' %8.2fs %8.2fs %6.2fx' "$mt" "$mw" "$(echo "scale=3; $me / $mw" | bc)"
    fi
    echo
done < "$work/set"
echo "median ratio $(median < "$work/ratios")x, worst $(sort -g "$work/ratios" | head -1)x" \
    "($n puzzles, $rounds rounds, CPU seconds; ratio = other / explore)"
