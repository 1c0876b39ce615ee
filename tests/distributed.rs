//! Shard-and-merge equals whole: `explore split` and `explore merge` through the real binary,
//! with the parts run one after the other instead of on many machines (`.ci/distributed` runs
//! them on a local cluster). A puzzle's shards add up to its count and its solutions; a batch
//! and a comparison split by lines merge into the tally and the summary of one run; and every
//! way results can be wrong (a line that is no result, results missing, a solution met twice,
//! more than one puzzle to split) is an error that says where.

use std::path::Path;

use assert_cmd::Command;
use explore::shard::{Cut, split};
use explore::{Config, format, solve};

/// 296 solutions (from tests/data/16_clue_multi.txt).
const MULTI: &str =
    "........1.....2.....1....34...........64......7....28....13.....9.......82....9..";
/// The empty 4x4 board: 288 solutions.
const EMPTY_4X4: &str = "................";

fn explore() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_explore"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG");
    command
}

/// Runs explore with `args` and `stdin`, and returns its standard output, checking the exit
/// status.
fn run(args: &[&str], stdin: &[u8], code: i32) -> String {
    let output = explore()
        .args(args)
        .write_stdin(stdin)
        .assert()
        .code(code)
        .get_output()
        .clone();
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// Standard error of a run that must exit with `code`.
fn stderr(args: &[&str], stdin: &[u8], code: i32) -> String {
    let output = explore()
        .args(args)
        .write_stdin(stdin)
        .assert()
        .code(code)
        .get_output()
        .clone();
    String::from_utf8(output.stderr).expect("UTF-8")
}

/// A temporary directory with `files` written in it.
fn files(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("writes");
    }
    dir
}

fn path(dir: &tempfile::TempDir, name: &str) -> String {
    dir.path()
        .join(name)
        .to_str()
        .expect("UTF-8 path")
        .to_owned()
}

/// The shard lines of `explore split` output: the lines that are not comments.
fn shard_lines(split: &str) -> Vec<&str> {
    split
        .lines()
        .filter(|line| !line.starts_with('#'))
        .collect()
}

/// `lines` cut into `n` parts of consecutive lines, as `parallel --pipe` cuts its input.
fn parts(lines: &[&str], n: usize) -> Vec<String> {
    let size = lines.len().div_ceil(n).max(1);
    lines
        .chunks(size)
        .map(|chunk| chunk.iter().map(|line| format!("{line}\n")).collect())
        .collect()
}

#[test]
fn the_union_of_the_shards_solutions_is_the_whole_runs() {
    for (puzzle, cut, read) in [
        (EMPTY_4X4, ["--shards", "10"], &[][..]),
        (MULTI, ["--shards", "40"], &[]),
        (MULTI, ["--depth", "3"], &[]),
    ] {
        let whole = run(&["--all", "--output", "line", puzzle], b"", 0);
        let shards = run(&[&["split", puzzle][..], &cut, read].concat(), b"", 0);
        let lines = shard_lines(&shards);
        assert!(lines.len() >= 2, "{shards}");
        let dir = files(&[("shards.txt", &shards)]);
        let mut results = String::new();
        for part in parts(&lines, 3) {
            // A part with a shard of no solution exits 1, as a worker may.
            let output = explore()
                .args(["--all", "-", "--output", "line", "-q"])
                .write_stdin(part)
                .output()
                .unwrap();
            assert!(output.status.code().is_some_and(|code| code <= 1));
            results.push_str(&String::from_utf8(output.stdout).unwrap());
        }
        let expect = path(&dir, "shards.txt");
        let merged = run(
            &["merge", "--expect", &expect, "--output", "line"],
            results.as_bytes(),
            0,
        );
        assert_eq!(merged, whole, "{puzzle} {cut:?}");
    }
}

#[test]
fn counts_and_json_records_of_shards_add_up_to_the_whole() {
    let shards = run(&["split", MULTI, "--shards", "25"], b"", 0);
    let lines = shard_lines(&shards);
    // Count lines as `explore --count --output line` writes them, made here with the library.
    let config = Config::default().with_threads(1).with_counting();
    let counts: String = lines
        .iter()
        .map(|line| {
            let outcome = solve(&format::parse_one(line).unwrap(), &config);
            format!("{} {}\n", outcome.count, outcome.status())
        })
        .collect();
    let merged = run(&["merge", "--output", "line"], counts.as_bytes(), 0);
    assert_eq!(merged, "296 multiple\n");
    let human = run(&["merge"], counts.as_bytes(), 0);
    assert_eq!(
        human,
        format!("296 solutions: multiple, from {} results\n", lines.len())
    );

    // The JSON records of the shards, solved with --all: the count and the solutions.
    let records = explore()
        .args(["--all", "-", "--output", "json", "-q"])
        .write_stdin(lines.join("\n"))
        .output()
        .unwrap();
    // Every record says its search ran to the end (`exact`), so the sum is exact too.
    let json = run(&["merge", "--output", "json"], &records.stdout, 0);
    let merged: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(merged["schema"], "explore.merge/1");
    assert_eq!(merged["count"], 296);
    assert_eq!(merged["exact"], true);
    let whole = run(&["--all", "--output", "line", MULTI], b"", 0);
    let solutions: Vec<&str> = merged["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert_eq!(solutions.join(" ") + "\n", whole);
}

#[test]
fn a_lower_bound_is_said_and_exits_1() {
    let merged = run(
        &["merge", "--output", "line"],
        b"10 multiple\n>=5 multiple\n0 none\n",
        1,
    );
    assert_eq!(merged, ">=15 multiple\n");
    let message = stderr(&["merge"], b"10 multiple\n>=1 gave_up\n", 1);
    assert!(
        message.contains("lower bound") && message.contains("gave up"),
        "{message}"
    );
}

/// A 6x6 board with 3x2 boxes: its shard lines need --box, as the header says. Nine givens
/// leave 1,008 solutions (the first row alone leaves 39,168, each written twice, which made
/// this the slowest test of the debug suite) and still 48 shards.
#[test]
fn shards_of_a_board_with_unusual_boxes_are_read_with_its_box() {
    let puzzle = format!("123456345{}", ".".repeat(27));
    let whole = run(
        &["--all", "--output", "line", "--box", "3x2", &puzzle],
        b"",
        0,
    );
    let shards = run(
        &["split", "--box", "3x2", &puzzle, "--shards", "20"],
        b"",
        0,
    );
    assert!(shards.contains("--box 3x2"), "{shards}");
    let output = explore()
        .args(["--all", "-", "--output", "line", "-q", "--box", "3x2"])
        .write_stdin(shards.clone())
        .output()
        .unwrap();
    let merged = run(
        &["merge", "--box", "3x2", "--output", "line"],
        &output.stdout,
        0,
    );
    assert_eq!(merged, whole);
}

#[test]
fn shards_follow_the_librarys_split_and_keep_the_header_apart() {
    let shards = run(&["split", MULTI, "--depth", "2"], b"", 0);
    let header: Vec<&str> = shards.lines().take_while(|l| l.starts_with('#')).collect();
    assert!(
        header[0].contains("<argument>") && header[0].contains("9x9"),
        "{shards}"
    );
    assert!(
        header.iter().any(|line| line.contains("--depth 2")),
        "{shards}"
    );
    let puzzle = format::parse_one(MULTI).unwrap();
    let expected = split(&puzzle, &Config::default(), Cut::Depth(2));
    let lines: Vec<String> = expected.shards.iter().map(|g| g.to_line()).collect();
    assert_eq!(shard_lines(&shards), lines);
}

/// The first `per_file` puzzles of each data file in `names`, in their one-line form.
fn sample(names: &[&str], per_file: usize) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut puzzles = Vec::new();
    for name in names {
        let text = std::fs::read_to_string(root.join(name)).unwrap();
        puzzles.extend(
            text.lines()
                .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
                .map(|line| line.split_whitespace().next().unwrap().to_owned())
                .take(per_file),
        );
    }
    puzzles
}

#[test]
fn a_batch_split_by_lines_merges_to_the_tally_of_one_run() {
    let mut puzzles = sample(
        &[
            "17_clue.txt",
            "unsolvable.txt",
            "16_clue_multi.txt",
            "6x6.txt",
        ],
        6,
    );
    puzzles.push("1234".to_owned()); // invalid
    let batch: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let dir = files(&[("batch.txt", &batch)]);
    let whole = stderr(&[&path(&dir, "batch.txt"), "--output", "json"], b"", 2);
    let summary = whole
        .lines()
        .find(|line| line.contains("puzzles in"))
        .expect("the batch summary");
    let (head, tail) = summary
        .trim_start_matches("explore: ")
        .split_once(" in ")
        .unwrap();
    let expected = format!("{head}: {}\n", tail.split_once(": ").unwrap().1);

    let lines: Vec<&str> = puzzles.iter().map(String::as_str).collect();
    let mut results = Vec::new();
    for part in parts(&lines, 4) {
        let output = explore()
            .args(["-", "--output", "json", "-q"])
            .write_stdin(part)
            .output()
            .unwrap();
        results.extend(output.stdout);
    }
    let expect = path(&dir, "batch.txt");
    let merged = run(&["merge", "--batch", "--expect", &expect], &results, 2);
    assert_eq!(merged, expected);
    let json = run(&["merge", "--batch", "--output", "json"], &results, 2);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["puzzles"], puzzles.len());
    assert_eq!(json["invalid"], 1);
}

/// The columns of a comparison's CSV that do not measure time.
fn counts_of(csv: &str) -> Vec<String> {
    csv.lines()
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            [&cells[..6], &cells[11..]].concat().join(",")
        })
        .collect()
}

#[test]
fn a_comparison_split_by_lines_merges_to_the_summary_of_one_run() {
    let puzzles = sample(
        &[
            "17_clue.txt",
            "16_clue_multi.txt",
            "unsolvable.txt",
            "4x4.txt",
        ],
        3,
    );
    let input: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    let compare = ["compare", "-", "--strategies", "bfs,dfs", "-q"];
    let whole = run(
        &[&compare[..], &["--output", "csv"]].concat(),
        input.as_bytes(),
        0,
    );

    let lines: Vec<&str> = puzzles.iter().map(String::as_str).collect();
    let mut records = String::new();
    let mut pieces = Vec::new();
    for part in parts(&lines, 3) {
        let part = run(
            &[&compare[..], &["--output", "records"]].concat(),
            part.as_bytes(),
            0,
        );
        records.push_str(&part);
        pieces.push(part);
    }
    assert_eq!(
        records.lines().count(),
        puzzles.len() * 2,
        "one per puzzle and strategy"
    );
    let dir = files(&[
        ("input.txt", &input),
        ("a.records", &pieces[0]),
        ("b.records", &pieces[1]),
        ("c.records", &pieces[2]),
    ]);
    let merged = run(
        &[
            "merge",
            "--output",
            "csv",
            "--expect",
            &path(&dir, "input.txt"),
        ],
        records.as_bytes(),
        0,
    );
    assert_eq!(counts_of(&merged), counts_of(&whole));
    // The same records merged from files, in any grouping, give the very same summary, times
    // and medians included, in every format.
    let files: Vec<String> = ["a", "b", "c"]
        .iter()
        .map(|name| path(&dir, &format!("{name}.records")))
        .collect();
    for format in ["human", "csv", "markdown", "json"] {
        let from_stdin = run(&["merge", "--output", format], records.as_bytes(), 0);
        let args: Vec<&str> = ["merge", "--output", format]
            .into_iter()
            .chain(files.iter().map(String::as_str))
            .collect();
        assert_eq!(run(&args, b"", 0), from_stdin, "{format}");
    }
    let table = run(&["merge"], records.as_bytes(), 0);
    let head: Vec<&str> = table.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(head[..2], ["strategy", "board"], "{table}");
}

#[test]
fn what_is_no_result_is_an_error_that_says_where() {
    let message = stderr(&["merge"], b"296 multiple\n  12 apples\n", 2);
    assert!(message.contains("<stdin>: line 2, column 3:"), "{message}");
    let message = stderr(&["merge"], b"1 unique\n1234341221434321\n", 2);
    assert!(
        message.contains("line 2") && message.contains("different kinds"),
        "{message}"
    );
    let message = stderr(
        &["merge"],
        b"{\"schema\":\"explore.solve/1\",\"count\":\"x\"}\n",
        2,
    );
    assert!(message.contains("line 1, column"), "{message}");
    let message = stderr(&["merge"], b"{\"schema\":\"other/9\"}\n", 2);
    assert!(message.contains("unknown schema 'other/9'"), "{message}");
    let message = stderr(&["merge"], b"", 2);
    assert!(message.contains("no results"), "{message}");
    let message = stderr(&["merge"], b"invalid\n", 2);
    assert!(
        message.contains("<stdin>: line 1: a shard that could not be read"),
        "{message}"
    );
    let message = stderr(&["merge", "no/such/file.txt"], b"", 2);
    assert!(message.contains("no/such/file.txt"), "{message}");
    // Counts that no search could make still add up honestly, or say where they overflow.
    let most = format!("{} multiple\n", u128::MAX);
    let message = stderr(&["merge"], format!("{most}1 unique\n").as_bytes(), 2);
    assert!(
        message.contains("<stdin>: line 2: the counts add up to more than"),
        "{message}"
    );
    let total = run(&["merge"], format!("{most}0 none\n").as_bytes(), 0);
    assert!(
        total
            .starts_with("340,282,366,920,938,463,463,374,607,431,768,211,455 solutions: multiple"),
        "{total}"
    );
}

#[test]
fn missing_results_and_a_solution_met_twice_are_errors() {
    let shards = run(&["split", EMPTY_4X4, "--shards", "4"], b"", 0);
    let lines = shard_lines(&shards);
    let dir = files(&[("shards.txt", &shards)]);
    let expect = path(&dir, "shards.txt");
    let output = explore()
        .args(["--all", "-", "--output", "line"])
        .write_stdin(lines.join("\n"))
        .output()
        .unwrap();
    let results = String::from_utf8(output.stdout).unwrap();
    let mut short: Vec<&str> = results.lines().collect();
    short.pop();
    let message = stderr(
        &["merge", "--expect", &expect],
        (short.join("\n") + "\n").as_bytes(),
        2,
    );
    assert!(message.contains("some are missing"), "{message}");
    let twice = format!("{results}{}\n", results.lines().next().unwrap());
    let message = stderr(&["merge"], twice.as_bytes(), 2);
    assert!(message.contains("is in two results"), "{message}");
}

/// Two 4x4 puzzles of 12 solutions each whose splits at depth 2 both have four shards.
const A_4X4: &str = "2......1........";
const B_4X4: &str = "1......2........";

/// The output of explore with `args` on `stdin`, whatever its exit status.
fn output_of(args: &[&str], stdin: &str) -> String {
    let output = explore()
        .args(args)
        .write_stdin(stdin.to_owned())
        .output()
        .unwrap();
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn results_of_another_puzzles_shards_are_refused_under_expect() {
    let shards_a = run(&["split", A_4X4, "--depth", "2"], b"", 0);
    let shards_b = run(&["split", B_4X4, "--depth", "2"], b"", 0);
    assert_eq!(shard_lines(&shards_a).len(), shard_lines(&shards_b).len());
    let dir = files(&[("a.txt", &shards_a), ("b.txt", &shards_b)]);
    let (expect_a, expect_b) = (path(&dir, "a.txt"), path(&dir, "b.txt"));
    for args in [
        &["--count", "-", "--output", "json"][..],
        &["--all", "-", "--output", "json"],
        &["--all", "-", "--output", "line"],
    ] {
        let of_b = output_of(args, &shards_b);
        // B's results merge under B's shards, to B's 12 solutions.
        let total = run(&["merge", "--expect", &expect_b], of_b.as_bytes(), 0);
        assert!(total.starts_with("12 solutions: multiple"), "{total}");
        // Under A's, they are refused, whatever their number.
        let message = stderr(&["merge", "--expect", &expect_a], of_b.as_bytes(), 2);
        assert!(message.contains("<stdin>: line 1: "), "{args:?}: {message}");
        assert!(
            message.contains("a puzzle not in") || message.contains("breaks the split puzzle's"),
            "{args:?}: {message}"
        );
        // And so are A's results twice over, in place of B's.
        let of_a = output_of(args, &shards_a);
        if args.contains(&"json") {
            let half: Vec<&str> = of_a.lines().take(2).collect();
            let twice = format!("{}\n{}\n", half.join("\n"), half.join("\n"));
            let message = stderr(&["merge", "--expect", &expect_a], twice.as_bytes(), 2);
            assert!(message.contains("line 3: a second result"), "{message}");
        }
    }
    // Count lines name no shard, so nothing tells B's from A's own: refused under --expect,
    // B's and A's alike, with the way to results that name their shard.
    for shards in [&shards_b, &shards_a] {
        let counts = output_of(&["--count", "-", "--output", "line"], shards);
        let message = stderr(&["merge", "--expect", &expect_a], counts.as_bytes(), 2);
        assert!(
            message.contains("line 1: a count line names no shard")
                && message.contains("--output json"),
            "{message}"
        );
    }
}

#[test]
fn count_lines_that_contradict_themselves_are_refused() {
    for line in [
        "0 multiple",
        "1 none",
        "2 unique",
        ">=1 unique",
        "3 gave_up",
        "2 solved",
    ] {
        let message = stderr(&["merge"], format!("5 multiple\n{line}\n").as_bytes(), 2);
        assert!(
            message.contains(&format!(
                "<stdin>: line 2, column 1: '{line}' contradicts itself"
            )),
            "{message}"
        );
    }
    // The same verdicts in records.
    let record = r#"{"schema":"explore.solve/1","status":"none","count":1,"solutions":[]}"#;
    let message = stderr(&["merge"], format!("{record}\n").as_bytes(), 2);
    assert!(
        message.contains("status none with count 1 contradicts itself"),
        "{message}"
    );
    // What a real run writes is never refused.
    let total = run(
        &["merge"],
        b"1 unique\n0 none\n>=2 multiple\n>=0 gave_up\n",
        1,
    );
    assert!(total.starts_with("at least 3 solutions"), "{total}");
}

#[test]
fn a_junk_line_is_a_line_merge_cannot_read_not_a_digit_problem() {
    for junk in ["hello world", "h", "abcdefghijklmnopqrstuvwxy"] {
        let message = stderr(&["merge"], format!("1 unique\n{junk}\n").as_bytes(), 2);
        assert_eq!(
            message,
            "explore: <stdin>: line 2, column 1: not a result explore merge reads\n"
        );
        assert!(!message.contains("too large"), "{message}");
    }
    // A line shaped like a solution is told what is wrong with it as one.
    let message = stderr(&["merge"], b"123434122143432.\n", 2);
    assert!(
        message.contains("not a solution: 1 of its cells is empty"),
        "{message}"
    );
}

#[test]
fn split_takes_exactly_one_puzzle() {
    let two = format!("{MULTI}\n{EMPTY_4X4}\n");
    let dir = files(&[("two.txt", &two), ("none.txt", "# nothing here\n")]);
    let message = stderr(&["split", &path(&dir, "two.txt")], b"", 2);
    assert!(
        message.contains("more than one puzzle (another starts on line 2)"),
        "{message}"
    );
    let message = stderr(&["split", &path(&dir, "none.txt")], b"", 2);
    assert!(message.contains("no puzzle found"), "{message}");
    let message = stderr(&["split", "-"], b"12345\n", 2);
    assert!(message.contains("<stdin>"), "{message}");
    let message = stderr(&["split", "--depth", "2", "--shards", "5"], b"", 2);
    assert!(message.contains("cannot be used with"), "{message}");
}

#[test]
fn a_cut_stopped_by_the_frontier_budget_says_so() {
    let output = explore()
        .args([
            "split",
            EMPTY_4X4,
            "--shards",
            "1000",
            "--max-frontier",
            "10",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("frontier budget"), "{stderr}");
    assert!(stdout.contains("frontier budget of 10 boards"), "{stdout}");
    assert!(shard_lines(&stdout).len() <= 10);
}

/// `explore split | head`: the reader went away; no message, exit status 2.
#[test]
fn a_closed_pipe_ends_split_quietly() {
    use std::io::Read;
    use std::process::{Command as StdCommand, Stdio};
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
        .args(["split", &".".repeat(81), "--shards", "100000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut errors = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut errors)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(errors.is_empty(), "{errors}");
    assert_eq!(status.code(), Some(2));
}

/// The shards of `explore split --learn cubes` (each line the puzzle and its cubes), solved
/// part by part with `args` and JSON records, then merged under `--expect`.
fn cube_shards_merged(puzzle: &str, split: &[&str], args: &[&str], output: &str) -> String {
    let shards = run(
        &[&["split", puzzle, "--learn", "cubes"][..], split].concat(),
        b"",
        0,
    );
    let lines = shard_lines(&shards);
    assert!(
        lines.iter().all(|line| line.contains(" # cubes: ")),
        "{shards}"
    );
    let dir = files(&[("shards.txt", &shards)]);
    let mut results = String::new();
    for part in parts(&lines, 2) {
        let output = explore()
            .args([&["-", "--output", "json", "-q"][..], args].concat())
            .write_stdin(part)
            .output()
            .unwrap();
        assert!(output.status.code().is_some_and(|code| code <= 1));
        results.push_str(&String::from_utf8(output.stdout).unwrap());
    }
    assert_eq!(results.lines().count(), lines.len(), "one record per shard");
    assert!(results.lines().all(|record| record.contains("\"cubes\":")));
    let expect = path(&dir, "shards.txt");
    run(
        &["merge", "--expect", &expect, "--output", output],
        results.as_bytes(),
        0,
    )
}

#[test]
fn shards_of_cubes_add_up_to_the_whole_count_and_solutions() {
    for (puzzle, split) in [
        (MULTI, &["--cubes", "20", "--shards", "3"][..]),
        (MULTI, &["--cubes", "4", "--shards", "1000"]),
        (EMPTY_4X4, &["--cubes", "10", "--shards", "4"]),
    ] {
        let count = run(&["--count", "--output", "line", puzzle], b"", 0);
        let merged = cube_shards_merged(puzzle, split, &["--count"], "line");
        assert_eq!(merged, count, "{puzzle} {split:?}");
        let whole = run(&["--all", "--output", "line", puzzle], b"", 0);
        let merged = cube_shards_merged(puzzle, split, &["--all"], "line");
        assert_eq!(merged, whole, "{puzzle} {split:?}");
    }
    // Solution lines name no shard: under --expect, each line's solutions must lie in the
    // cubes of the shard in its place.
    let shards = run(
        &[
            "split", MULTI, "--learn", "cubes", "--cubes", "20", "--shards", "3",
        ],
        b"",
        0,
    );
    let dir = files(&[("shards.txt", &shards)]);
    let lines = run(
        &["--all", "-", "--output", "line", "-q"],
        shards.as_bytes(),
        0,
    );
    let expect = path(&dir, "shards.txt");
    let whole = run(&["--all", "--output", "line", MULTI], b"", 0);
    let merged = run(
        &["merge", "--expect", &expect, "--output", "line"],
        lines.as_bytes(),
        0,
    );
    assert_eq!(merged, whole);
    let reversed: String = lines
        .lines()
        .rev()
        .map(|line| format!("{line}\n"))
        .collect();
    let message = stderr(&["merge", "--expect", &expect], reversed.as_bytes(), 2);
    assert!(message.contains("outside the cubes"), "{message}");
}

#[test]
fn merging_shards_of_cubes_checks_where_each_result_comes_from() {
    let split = |cubes: &str| {
        run(
            &[
                "split", MULTI, "--learn", "cubes", "--cubes", cubes, "--shards", "3",
            ],
            b"",
            0,
        )
    };
    let shards = split("20");
    let dir = files(&[("shards.txt", &shards), ("other.txt", &split("8"))]);
    let records = run(
        &["--count", "-", "--output", "json", "-q"],
        shards.as_bytes(),
        0,
    );
    let records: Vec<&str> = records.lines().collect();
    let expect = path(&dir, "shards.txt");
    let merge = |lines: &[&str], expect: &str| {
        stderr(
            &["merge", "--expect", expect],
            lines.join("\n").as_bytes(),
            2,
        )
    };
    // A result of the whole puzzle, as a program that reads no cubes would write it.
    let whole = run(&["--count", "--output", "json", "-q", MULTI], b"", 0);
    let message = merge(&[whole.trim_end(), records[1], records[2]], &expect);
    assert!(message.contains("the whole puzzle"), "{message}");
    // One shard's result twice, and one missing.
    let message = merge(&[records[0], records[0], records[2]], &expect);
    assert!(message.contains("a second result"), "{message}");
    let message = merge(&records[..2], &expect);
    assert!(message.contains("missing"), "{message}");
    // The results of another split of the same puzzle.
    let message = merge(&records, &path(&dir, "other.txt"));
    assert!(message.contains("another split"), "{message}");
    // A cube in two shards would be counted twice.
    let doubled = format!("{shards}{}\n", shard_lines(&shards)[2]);
    let dir = files(&[("doubled.txt", &doubled)]);
    let message = merge(
        &[&records[..], &records[2..]].concat(),
        &path(&dir, "doubled.txt"),
    );
    assert!(message.contains("two shards"), "{message}");
}

#[test]
fn split_with_cubes_refuses_a_depth_and_other_learning() {
    for (args, says) in [
        (&["--learn", "cubes", "--depth", "3"][..], "--depth"),
        (&["--learn", "clauses"], "--learn cubes"),
    ] {
        let message = stderr(&[&["split", MULTI][..], args].concat(), b"", 2);
        assert!(message.contains(says), "{message}");
    }
}

/// A minimal 25x25 puzzle (benches/data/large/25x25-minimal.txt, the sixth: 0.25 CPU seconds
/// optimised, a few seconds in a debug build), proven unique across three shards of cubes.
#[test]
fn a_hard_25x25_puzzle_is_proven_unique_across_three_shards_of_cubes() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data/large/25x25-minimal.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let puzzle = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .nth(5)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let whole = run(&["--all", "--output", "line", puzzle], b"", 0);
    let merged = cube_shards_merged(puzzle, &["--shards", "3"], &["--all"], "line");
    assert_eq!(merged, whole);
    assert_eq!(merged.split_whitespace().count(), 1, "unique");
}

#[test]
fn the_human_output_of_a_shard_of_cubes_says_what_it_is() {
    let shards = run(
        &[
            "split", EMPTY_4X4, "--learn", "cubes", "--cubes", "4", "--shards", "2", "-q",
        ],
        b"",
        0,
    );
    let human = run(&["-", "-q"], shards.as_bytes(), 0);
    assert_eq!(
        human
            .matches("a shard of 2 cubes (explore split --learn cubes): its solutions only")
            .count(),
        2,
        "{human}"
    );
}
