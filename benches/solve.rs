//! Throughput over the shared puzzle sets, counting to two solutions (proving uniqueness).
//!
//! Run with `cargo bench`; the sets are read from `../shared/puzzles` (override with
//! `EXPLORE_PUZZLES=DIR`). Criterion reports time per pass over a set and puzzles per second.
//! The naive depth-first strategies (`bitmask`, `backtrack`) are left out: a single pass over
//! these sets takes them tens of seconds to minutes, which is what `explore compare` shows under
//! a budget.

use std::path::PathBuf;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use explore::{Config, Forced, Grid, Strategy, batch, format, solve};

fn puzzles(name: &str) -> Option<Vec<Grid>> {
    let dir = std::env::var_os("EXPLORE_PUZZLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles"));
    let path = dir.join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping {name}: cannot read {}", path.display());
        return None;
    };
    let grids = format::parse(&text, name)
        .into_iter()
        .map(|puzzle| puzzle.expect("shared sets read").grid)
        .collect();
    Some(grids)
}

/// One pass over `grids`, one puzzle at a time; the boards created, so that nothing is optimised
/// away.
fn solve_all(grids: &[Grid], config: &Config) -> u64 {
    grids
        .iter()
        .map(|grid| solve(grid, config).stats.nodes)
        .sum()
}

/// One thread per puzzle, each strategy, counting to two.
fn strategies(c: &mut Criterion) {
    for set in ["top1465.txt", "hardest_1106.txt"] {
        let Some(grids) = puzzles(set) else { continue };
        let mut group = c.benchmark_group(format!("count2/{set}"));
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(8));
        for strategy in [Strategy::Bfs, Strategy::Dfs] {
            let config = Config::default().with_strategy(strategy).with_threads(1);
            group.bench_function(BenchmarkId::from_parameter(strategy), |b| {
                b.iter(|| solve_all(&grids, &config))
            });
        }
        group.finish();
    }
}

/// The larger boards, one thread, counting to two: the 16x16 set with the default rules, and the
/// two easier 25x25 puzzles with the subsets rule (the minimal ones take minutes each; the
/// docs/benchmarks.md table gives them under a time budget).
fn sizes(c: &mut Criterion) {
    let cases = [
        ("16x16_janko.txt", 55, Forced::default()),
        ("25x25_frisch.txt", 2, Forced::Subsets),
    ];
    for (set, take, forced) in cases {
        let Some(mut grids) = puzzles(set) else {
            continue;
        };
        // The 25x25 set ends with its two easier puzzles.
        grids.drain(..grids.len().saturating_sub(take));
        let mut group = c.benchmark_group(format!("count2/{set}"));
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(8));
        let config = Config::default().with_threads(1).with_forced(forced);
        group.bench_function(BenchmarkId::new("bfs", forced), |b| {
            b.iter(|| solve_all(&grids, &config))
        });
        group.finish();
    }
}

/// A whole batch through `batch::run`, with one and two worker threads: hard puzzles (top1465)
/// and puzzles that mostly need no guess at all (the first 10,000 of 17_clue).
fn threads(c: &mut Criterion) {
    for set in ["top1465.txt", "17_clue.txt"] {
        batch_threads(c, set);
    }
}

fn batch_threads(c: &mut Criterion, set: &str) {
    let Some(mut grids) = puzzles(set) else {
        return;
    };
    grids.truncate(10_000);
    let text: String = grids.iter().map(|grid| grid.to_line() + "\n").collect();
    let mut group = c.benchmark_group(format!("batch/{set}"));
    group.throughput(Throughput::Elements(grids.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for threads in [1, 2] {
        let config = Config::default().with_threads(threads);
        group.bench_function(BenchmarkId::new("bfs_threads", threads), |b| {
            b.iter(|| {
                let mut solved = 0;
                let ok = |item: batch::Item| item.is_ok();
                batch::run(format::read(text.as_bytes(), "batch"), &config, ok, |ok| {
                    solved += usize::from(ok)
                });
                solved
            })
        });
    }
    group.finish();
}

criterion_group!(benches, strategies, sizes, threads);
criterion_main!(benches);
