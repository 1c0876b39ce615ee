//! Integration tests of the command under hostile and careless use: outputs that name inputs,
//! special files, closed and broken pipes, memory and thread limits, and input that could be
//! misread. Each test reproduces a defect that was once there.

use std::path::Path;
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
use predicates::prelude::*;

const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
const ESCARGOT_SOLUTION: &str =
    "162857493534129678789643521475312986913586742628794135356478219241935867897261354";

fn explore() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_explore"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG");
    command
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write a test file");
    path
}

#[test]
fn an_output_file_never_overwrites_an_input() {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{ESCARGOT}\n");
    let d = dir.path().join("d");
    std::fs::create_dir(&d).unwrap();
    // A Posthoc trace's name ends in .trace.json, so its input is named so too.
    for ext in ["txt", "trace.json"] {
        write(&d, &format!("v.{ext}"), &text);
        #[cfg(unix)]
        std::os::unix::fs::symlink(d.join(format!("v.{ext}")), d.join(format!("link.{ext}")))
            .unwrap();
    }
    for (flag, ext) in [
        ("--svg", "txt"),
        ("--dot", "txt"),
        ("--posthoc", "trace.json"),
    ] {
        let input = format!("v.{ext}");
        let names = [
            input.clone(),
            format!("./{input}"),
            format!("../d/{input}"),
            format!("link.{ext}"),
        ];
        for name in &names {
            if cfg!(not(unix)) && name.starts_with("link") {
                continue;
            }
            explore()
                .current_dir(&d)
                .args([&input, flag, name])
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains("is an input of this run"));
            assert_eq!(std::fs::read_to_string(d.join(&input)).unwrap(), text);
        }
    }
    // Standard input redirected from the file is the file too.
    #[cfg(unix)]
    {
        let status = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
            .current_dir(&d)
            .args(["-", "--svg", "v.txt"])
            .stdin(std::fs::File::open(d.join("v.txt")).unwrap())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2));
        assert_eq!(std::fs::read_to_string(d.join("v.txt")).unwrap(), text);
    }
    explore()
        .current_dir(&d)
        .args(["compare", "v.txt", "--svg", "./v.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is an input of this run"));
    assert_eq!(std::fs::read_to_string(d.join("v.txt")).unwrap(), text);
    // Two pictures to one file are refused too; a fresh path is written whole.
    explore()
        .current_dir(&d)
        .args(["v.txt", "--svg", "p", "--dot", "p"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--svg writes the same file"));
    explore()
        .current_dir(&d)
        .args(["v.txt", "-q", "--svg", "p.svg", "-o", "line"])
        .assert()
        .success()
        .stdout(format!("{ESCARGOT_SOLUTION}\n"));
    let svg = std::fs::read_to_string(d.join("p.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    let left: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .filter(|name| name.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A picture was once written to a temporary file renamed over its path, which put a plain
/// file in place of a symbolic link, a named pipe or (as root) a device node.
#[cfg(unix)]
#[test]
fn a_picture_goes_through_a_link_and_into_a_pipe_which_stay() {
    let dir = tempfile::tempdir().unwrap();
    let target = write(dir.path(), "target.dot", "old\n");
    let link = dir.path().join("link.dot");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    explore()
        .args(["--dot", link.to_str().unwrap(), "-o", "line", ESCARGOT])
        .assert()
        .success();
    assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
    let picture = std::fs::read_to_string(&target).unwrap();
    assert!(picture.starts_with("// The search tree"), "{picture}");

    let fifo = dir.path().join("fifo.dot");
    let made = StdCommand::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    explore()
        .args(["--dot", fifo.to_str().unwrap(), "-o", "line", ESCARGOT])
        .assert()
        .success();
    assert_eq!(reader.join().unwrap(), picture);
    use std::os::unix::fs::FileTypeExt;
    assert!(fifo.metadata().unwrap().file_type().is_fifo());
}

#[test]
fn picture_errors_say_what_failed_in_words() {
    explore()
        .args(["--svg", "no/such/dir/x.svg", "-o", "line", ESCARGOT])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("--svg: cannot write no/such/dir/x.svg: cannot create a file in no/such/dir: no such file or directory")
                .and(predicate::str::contains("os error").not()),
        );
    // Said before a comparison runs, not after it (minutes, on a large set).
    explore()
        .args([
            "compare",
            "tests/data/cli/top3.txt",
            "--svg",
            "no/such/dir/x.svg",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--svg: cannot write no/such/dir/x.svg: cannot create a file in no/such/dir",
        ));
}

#[cfg(unix)]
#[test]
fn an_endless_stream_of_nul_bytes_stops_at_the_first() {
    for args in [&["/dev/zero"][..], &["compare", "/dev/zero"]] {
        explore()
            .args(args)
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "/dev/zero: puzzle 1, line 1, column 1: byte 0x00 is not text",
            ));
    }
    // Puzzles before the NUL are solved; standard input that is a directory says so in words.
    let mut text = format!("{ESCARGOT}\n").into_bytes();
    text.extend([0; 4096]);
    explore()
        .args(["-", "-o", "line"])
        .write_stdin(text)
        .timeout(std::time::Duration::from_secs(20))
        .assert()
        .code(2)
        .stdout(format!("{ESCARGOT_SOLUTION}\ninvalid\n"))
        .stderr(predicate::str::contains("line 2, column 1: byte 0x00"));
    let status = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
        .arg("-")
        .stdin(std::fs::File::open("/").unwrap())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert_eq!(status.status.code(), Some(2));
    assert!(
        stderr.contains("<stdin>: puzzle 1, line 1, column 1: cannot read: is a directory"),
        "{stderr}"
    );
    assert!(!stderr.contains("os error"), "{stderr}");
}

/// Runs explore with standard output on `/dev/null` opened as `open` says, with `args`; its
/// status and standard error.
#[cfg(unix)]
fn into_dev_null(open: &std::fs::OpenOptions, args: &[&str]) -> (Option<i32>, String) {
    let null = open.open("/dev/null").expect("/dev/null opens");
    let output = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::from(null))
        .stderr(Stdio::piped())
        .output()
        .expect("explore runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

/// The commands that write results, each with the status it ends with into a file.
const WRITERS: [(&[&str], i32); 4] = [
    (&["--output", "line", "tests/data/cli/top3.txt"], 0),
    (
        &["tests/data/cli/top3.txt", "tests/data/cli/unsolvable.txt"],
        1,
    ),
    (&["compare", "-q", "..42.2.1.4..2.1."], 0),
    (&["split", "--depth", "2", ESCARGOT], 0),
];

/// Scripts throw results away by opening `/dev/null` read-write (Python's
/// `subprocess.DEVNULL`, Go's and Node's ways), shells write-only, some in append mode: in
/// each the run ends as it would into a file.
#[cfg(unix)]
#[test]
fn dev_null_is_an_output_in_any_open_mode() {
    let mut write = std::fs::OpenOptions::new();
    write.write(true);
    let mut read_write = std::fs::OpenOptions::new();
    read_write.read(true).write(true);
    let mut append = std::fs::OpenOptions::new();
    append.append(true);
    // Even read-only: the standard library takes a write refused there as done.
    let mut read = std::fs::OpenOptions::new();
    read.read(true);
    for open in [&write, &read_write, &append, &read] {
        for (args, status) in WRITERS {
            let (code, stderr) = into_dev_null(open, args);
            assert_eq!(code, Some(status), "{open:?} {args:?}: {stderr}");
            assert!(!stderr.contains("closed"), "{open:?} {args:?}: {stderr}");
        }
    }
}

/// The same through Python's `subprocess.DEVNULL` itself, where Python is installed (the read-write
/// open above is what it does).
#[cfg(unix)]
#[test]
fn pythons_devnull_is_an_output() {
    let script = "import subprocess, sys\n\
                  r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n\
                  sys.exit(r.returncode)";
    let Ok(output) = StdCommand::new("python3")
        .args(["-c", script, env!("CARGO_BIN_EXE_explore")])
        .args(["--output", "line", "tests/data/cli/top3.txt"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
    else {
        return;
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("3 puzzles"), "{stderr}");
}

/// A standard output closed when the program starts (`>&-`) reaches it open on `/dev/null`,
/// read-write: Rust's runtime opens it there so that no file opened later takes its place. It
/// cannot be told from a `/dev/null` a script opened so, and is written as that is: the results
/// are discarded and the run ends as it would into a file.
#[cfg(unix)]
#[test]
fn a_closed_standard_output_is_written_as_dev_null_is() {
    for (args, status) in WRITERS {
        let output = StdCommand::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" >&-")
            .arg(env!("CARGO_BIN_EXE_explore"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("sh runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(status), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_result_reaches_a_pipe_before_the_next_slow_puzzle_is_done() {
    use std::io::{BufRead, BufReader};
    // The empty board, counted, runs until its timeout: the easy puzzle before it must not
    // wait in the output buffer until then.
    let empty = ".".repeat(81);
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
        .args([
            ESCARGOT,
            &empty,
            "--count",
            "--timeout",
            "20",
            "-o",
            "line",
            "-q",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(first, "1 unique\n");
    assert!(running, "the first result came only when the run ended");
}

#[cfg(unix)]
#[test]
fn a_reader_that_stops_early_makes_a_quiet_failure() {
    // Twenty times the same 30 puzzles: more text than a pipe holds, so that some of it is
    // written after the reader has gone (output is buffered, and a pipe takes 64 KiB).
    for command in [
        "\"$0\" $(printf 'tests/data/top1465.txt %.0s' {1..20}) -o line | head -1",
        "\"$0\" $(printf 'tests/data/top1465.txt %.0s' {1..20}) | head -1",
    ] {
        let output = StdCommand::new("bash")
            .arg("-c")
            .arg(format!("{command}; echo \"status ${{PIPESTATUS[0]}}\" >&2"))
            .arg(env!("CARGO_BIN_EXE_explore"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("bash runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr, "status 2\n", "{command}");
        assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    }
    // A reader that takes everything sees success.
    let output = StdCommand::new("bash")
        .arg("-c")
        .arg("\"$0\" tests/data/cli/top3.txt -q -o line | cat >/dev/null; echo ${PIPESTATUS[0]}")
        .arg(env!("CARGO_BIN_EXE_explore"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "0\n");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_reported_in_words() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
        .args(["tests/data/cli/top3.txt", "-q"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "explore: cannot write output: no space left on device\n"
    );
    // Help and the version once reported success however their writing went.
    for args in [&["--help"][..], &["--version"], &["compare", "-h"]] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
            .args(args)
            .stdout(full)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "explore: cannot write output: no space left on device\n",
            "{args:?}"
        );
    }
}

/// Results reach a pipe as each puzzle is solved, while the input is still open.
#[test]
fn results_stream_to_a_pipe_before_the_input_ends() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
        .args(["-", "-o", "line", "-q", "-j", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("explore starts");
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    for round in 0..3 {
        writeln!(stdin, "{ESCARGOT}").unwrap();
        stdin.flush().unwrap();
        let line = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("result {round} arrives while the input is open"));
        assert_eq!(line, ESCARGOT_SOLUTION);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// A 10x10 puzzle that no digit-order backtracker finishes: row 10 leaves its last cell only
/// the digit 10, which column 10 already holds, and the search finds out only there, at the
/// end of every way of filling the nine rows above.
fn hopeless_ten() -> String {
    let mut cells = vec![b'.'; 100];
    cells[9] = b'A';
    cells[90..99].copy_from_slice(b"123456789");
    String::from_utf8(cells).unwrap()
}

/// The budgets are said in `--help`; the unit tests of the command line check that they are the
/// ones its configuration gets.
#[test]
fn the_naive_strategies_have_a_default_budget_beyond_9x9_on_the_command_line() {
    let help = explore().arg("--help").assert().success();
    let help = String::from_utf8_lossy(&help.get_output().stdout).into_owned();
    // The help is wrapped to the terminal: its words are read across line ends.
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("1,000,000 for backtrack and 10,000,000 for bitmask"),
        "--help does not give the budgets:\n{help}"
    );
}

/// The naive strategies stop at those budgets when run on a board beyond 9x9: eleven million
/// nodes, seconds of a debug build, so with the slow sets.
#[test]
fn full_sets_the_naive_strategies_give_up_at_their_default_budget() {
    if !crate::conformance::full_sets() {
        eprintln!("skipped: set EXPLORE_FULL_SETS=1 to run the naive strategies to their budgets");
        return;
    }
    for (strategy, nodes) in [("backtrack", "1,000,000"), ("bitmask", "10,000,000")] {
        explore()
            .args(["-s", strategy, "-o", "line", &hopeless_ten()])
            .timeout(std::time::Duration::from_secs(120))
            .assert()
            .code(1)
            .stdout("gave_up\n")
            .stderr(predicate::str::contains(format!(
                "gave up after {nodes} nodes"
            )));
    }
}

#[test]
fn timeout_inf_means_no_time_limit() {
    explore()
        .args(["--timeout", "inf", "-o", "line", ESCARGOT])
        .assert()
        .success()
        .stdout(format!("{ESCARGOT_SOLUTION}\n"));
    explore()
        .args(["--timeout", "soon"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("or inf for no limit"));
}

#[test]
fn a_missing_file_with_a_puzzle_like_name_is_reported_missing() {
    explore()
        .args(["1234567890123456.txt"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("explore: 1234567890123456.txt: no such file or directory\n");
    // A puzzle is still a puzzle, and a faulty one is located.
    explore()
        .args(["-o", "line", "................"])
        .assert()
        .code(0);
    explore()
        .arg(&ESCARGOT[..80])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "explore: <argument>: puzzle 1, line 1, column 81",
        ));
}

#[cfg(unix)]
#[test]
fn file_names_cannot_write_to_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let name = "evil\x1b[2J\nexplore: all good\r.txt";
    write(dir.path(), name, &format!("{ESCARGOT}\n"));
    let missing = "gone\x1b]0;title\x07.txt";
    let output = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
        .current_dir(dir.path())
        .args([name, missing, "--svg", "pic\x1b[1m.svg"])
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    for text in [&stdout, &stderr] {
        assert!(!text.contains(['\x1b', '\r', '\x07']), "{text:?}");
        assert!(!text.contains("\nexplore: all good"), "{text:?}");
    }
    assert!(
        stdout.contains(r#"== "evil\u{1b}[2J\nexplore: all good\r.txt": puzzle 1"#),
        "{stdout}"
    );
    assert!(
        stderr.contains(r#""gone\u{1b}]0;title\u{7}.txt": no such file"#),
        "{stderr}"
    );
    assert!(stderr.contains(r#"to "pic\u{1b}[1m.svg""#), "{stderr}");
}

/// Runs explore with its address space capped at `kib` KiB (`ulimit -v`), on standard input
/// `stdin`, and returns the output.
#[cfg(target_os = "linux")]
fn capped(kib: u64, args: &[&str], stdin: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = StdCommand::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_explore"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The worst inputs under a memory cap end cleanly, with the same answer for every
/// thread count: the empty board with --all, eight of them in a batch, 64 threads.
#[cfg(target_os = "linux")]
#[test]
fn the_worst_inputs_end_cleanly_under_a_memory_cap() {
    let empty = ".".repeat(81);
    let eight = format!("{empty}\n").repeat(8);
    let mut lines = Vec::new();
    for threads in ["1", "2", "64"] {
        for format in ["line", "human"] {
            let output = capped(
                150 << 10,
                &["--all", "-j", threads, "-o", format, &empty],
                "",
            );
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(0),
                "-j {threads} {format}: {stderr}"
            );
            if format == "line" {
                assert!(
                    stderr.contains("the most kept; there may be more"),
                    "{stderr}"
                );
                lines.push(output.stdout);
            }
        }
        let output = capped(
            150 << 10,
            &["--all", "-j", threads, "-q", "-o", "line", "-"],
            &eight,
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(0),
            "eight, -j {threads}: {stderr}"
        );
        assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 8);
    }
    assert!(
        lines.windows(2).all(|w| w[0] == w[1]),
        "the same for every thread count"
    );
    // The JSON says the search stopped at the cap.
    let output = capped(150 << 10, &["--all", "-o", "json", &empty], "");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["capped"], true);
    assert_eq!(json["status"], "multiple");
    // A limit far above the cap keeps no more than the cap.
    let output = capped(
        150 << 10,
        &["-n", "1000000000000000000", "-o", "json", &empty],
        "",
    );
    assert_eq!(output.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["capped"], true);
}

/// Sixty-four threads under a 100 MB cap (which once aborted with status 134): the plan starts
/// as many as fit, and a thread the system refuses anyway is no abort. The comparison runs on
/// puzzles that the naive strategies solve in thirty thousand nodes at most: on harder ones they spend
/// seconds of a debug build at their budgets, which the threads do not change.
#[cfg(target_os = "linux")]
#[test]
fn many_threads_under_a_memory_cap_do_not_abort() {
    for args in [
        &["-j", "64", "-o", "line"][..],
        &["-j", "64", "-o", "line", "tests/data/top1465.txt"],
        &["compare", "-j", "64", "-q", "tests/data/cli/quick3.txt"],
    ] {
        let output = capped(100 << 10, args, "");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

/// A search that learns keeps its solver copies within its share of the memory bound: on
/// fewer threads where those of every thread do not fit, without learning where one thread's
/// do not, with a warning either way and the same answers. On the empty 64x64 board under an
/// address-space cap, learning once aborted (status 134) on one thread as on two.
#[test]
fn learning_keeps_within_its_share_of_the_memory_bound() {
    let run = |args: &[&str]| {
        explore()
            .args(["--learn", "clauses", "-o", "line", "tests/data/36x36.txt"])
            .args(args)
            .output()
            .unwrap()
    };
    let roomy = run(&["-j", "1"]);
    assert!(roomy.status.success());
    assert_eq!(String::from_utf8_lossy(&roomy.stdout).lines().count(), 2);
    for (args, said) in [
        (&["--max-memory", "160MiB", "-j", "2"][..], "running 1"),
        (
            &["--max-memory", "64MiB", "-j", "2"],
            "searching without it",
        ),
        (&["-s", "dfs", "--max-memory", "64MiB"], ""),
    ] {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert_eq!(
            said.is_empty(),
            !stderr.contains("WARN"),
            "{args:?}: {stderr}"
        );
        assert_eq!(output.stdout, roomy.stdout, "{args:?}");
    }
    #[cfg(target_os = "linux")]
    for threads in ["1", "2"] {
        let empty = ".".repeat(64 * 64);
        let args = [
            "--learn",
            "clauses",
            "-j",
            threads,
            "--timeout",
            "2",
            "-o",
            "line",
        ];
        let output = capped(400_000, &[&args[..], &[&empty]].concat(), "");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(matches!(output.status.code(), Some(0 | 1)), "{stderr}");
        assert!(stderr.contains("searching without it"), "{stderr}");
    }
}

/// `--threads 100000` once started sixteen thousand threads and aborted when the next could
/// not set up its guard page: the count is a number of the engines' range, or an error.
#[test]
fn a_thread_count_past_the_engines_most_is_an_error_not_an_abort() {
    for threads in ["4097", "100000", "4294967296"] {
        explore()
            .args(["--threads", threads, ESCARGOT])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "expected a whole number from 1 to 4096",
            ));
    }
    // The most is taken (a search this small starts none of them).
    explore()
        .args([
            "--threads",
            "4096",
            "--count",
            "-o",
            "line",
            "......1.21....21",
        ])
        .assert()
        .success()
        .stdout("6 multiple\n");
}

#[test]
fn max_memory_bounds_the_kept_solutions_and_is_a_size() {
    let output = explore()
        .args([
            "--all",
            "--max-memory",
            "64MiB",
            "-o",
            "json",
            &".".repeat(81),
        ])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["capped"], true);
    assert!(
        json["count"].as_u64().unwrap() < 10_000,
        "{}",
        json["count"]
    );
    explore()
        .args(["--max-memory", "1MiB"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected at least 32MiB"));
}

mod misreads {
    //! Input that was once read silently as something else: each is now a correct read or an
    //! error that says where.

    use explore::error::InputErrorKind;
    use explore::format;

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn kinds(text: &str) -> Vec<Result<usize, (usize, usize, InputErrorKind)>> {
        format::parse(text, "t")
            .into_iter()
            .map(|item| match item {
                Ok(puzzle) => Ok(puzzle.grid.n_filled()),
                Err(e) => Err((e.line, e.column, e.kind)),
            })
            .collect()
    }

    #[test]
    fn eighty_one_dashes_are_the_empty_board() {
        let text = format!("{PUZZLE}\n{}\n{PUZZLE}\n", "-".repeat(81));
        assert_eq!(kinds(&text), [Ok(30), Ok(0), Ok(30)]);
        // Shorter rules between grids are still rules.
        let grid = "12|34\n34|12\n-----\n21|43\n43|21\n";
        assert_eq!(kinds(grid), [Ok(16)]);
    }

    #[test]
    fn a_second_puzzle_on_a_line_is_not_a_comment() {
        let text = format!("{PUZZLE} {PUZZLE}\n");
        assert_eq!(
            kinds(&text),
            [Ok(30), Err((1, 83, InputErrorKind::SecondOnLine))]
        );
        // A solution, a rating or a note after the puzzle is a comment, as before.
        for rest in [SOLUTION, "2836", "# hard", "very hard"] {
            assert_eq!(kinds(&format!("{PUZZLE} {rest}\n")), [Ok(30)], "{rest}");
        }
        // Numbering stays aligned with the lines.
        let text = format!("{PUZZLE}\t{PUZZLE}\n{PUZZLE}\n");
        let items = format::parse(&text, "t");
        assert_eq!(items.len(), 3);
        assert_eq!(items[2].as_ref().unwrap().index, 3);
    }

    #[test]
    fn numbers_of_several_digits_in_code_literals_are_one_item() {
        let items = kinds("{5,30,0,7,0,0,0,0}");
        assert!(
            matches!(
                &items[..],
                [Err((1, 4, InputErrorKind::DigitTooLarge { value: 30, .. }))]
            ),
            "{items:?}"
        );
        // Strings and chars in a literal are still one cell a character.
        let rows: Vec<String> = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|row| format!("\"{}\"", std::str::from_utf8(row).unwrap()))
            .collect();
        assert_eq!(kinds(&format!("grid = [{}]", rows.join(", "))), [Ok(30)]);
        let chars: Vec<String> = PUZZLE.chars().map(|c| format!("'{c}'")).collect();
        assert_eq!(kinds(&format!("{{{}}}", chars.join(","))), [Ok(30)]);
        let numbers: Vec<String> = PUZZLE
            .chars()
            .map(|c| c.to_digit(10).unwrap_or(0).to_string())
            .collect();
        assert_eq!(kinds(&format!("[{}]", numbers.join(", "))), [Ok(30)]);
    }

    #[test]
    fn a_lost_tab_in_rows_that_end_with_a_tab_is_an_error() {
        let row = |cells: &str| {
            let mut line: String = cells
                .chars()
                .map(|c| {
                    if c == '.' {
                        "\t".to_owned()
                    } else {
                        format!("{c}\t")
                    }
                })
                .collect();
            line.push('\n');
            line
        };
        let rows: Vec<String> = PUZZLE
            .as_bytes()
            .chunks(9)
            .map(|r| row(std::str::from_utf8(r).unwrap()))
            .collect();
        // The first row sets the convention: its empty cells written as `-`, it ends with a
        // tab (docs/formats.md: a first row's only empty field is then its trailing one).
        let mut rows = rows;
        rows[0] = PUZZLE[..9]
            .chars()
            .map(|c| format!("{}\t", if c == '.' { '-' } else { c }))
            .collect::<String>()
            + "\n";
        let good = rows.concat();
        assert_eq!(kinds(&good), [Ok(30)]);
        // Row 2, "6..195...": drop the tab of its second (empty) cell.
        let mut bad = rows.clone();
        bad[1] = bad[1].replacen("\t\t", "\t", 1);
        let items = kinds(&bad.concat());
        assert!(
            matches!(
                &items[..],
                [Err((2, _, InputErrorKind::AmbiguousEnd { .. }))]
            ),
            "{items:?}"
        );
    }

    #[test]
    fn a_comma_separated_line_cut_inside_its_last_item_is_an_error() {
        let fields: Vec<String> = PUZZLE
            .chars()
            .map(|c| {
                if c == '.' {
                    String::new()
                } else {
                    c.to_string()
                }
            })
            .collect();
        let line = fields.join(",");
        assert_eq!(kinds(&line), [Ok(30)]);
        let cut = &line[..line.len() - 1];
        let items = kinds(cut);
        assert!(
            matches!(
                &items[..],
                [Err((1, _, InputErrorKind::AmbiguousEnd { .. }))]
            ),
            "{items:?}"
        );
    }
}

/// `explore compare -` compares puzzles as they come: an error in the input is reported while
/// standard input is still open.
#[test]
fn compare_reads_standard_input_as_it_comes() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = StdCommand::new(env!("CARGO_BIN_EXE_explore"))
        .args(["compare", "-", "--strategies", "dfs", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("explore starts");
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{ESCARGOT}\n12345\n").unwrap();
    stdin.flush().unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let _ = tx.send(line.unwrap());
        }
    });
    let line = rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("the bad puzzle is reported while the input is open");
    assert!(line.contains("<stdin>: puzzle 2, "), "{line}");
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stdout).contains("dfs"));
}

/// Cube and conquer under an address-space cap: its lanes' solvers are few whatever the
/// cubes and threads, so it ends cleanly, with the same lines on one thread and on two,
/// however many cubes it cuts.
#[cfg(target_os = "linux")]
#[test]
fn cube_and_conquer_ends_cleanly_under_a_memory_cap() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/16x16_janko.txt"),
    )
    .unwrap();
    let three: String = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(3)
        .map(|line| format!("{line}\n"))
        .collect();
    let mut lines = Vec::new();
    for cubes in ["4", "64", "5000"] {
        for threads in ["1", "2"] {
            let args = [
                "--learn", "cubes", "--cubes", cubes, "-j", threads, "-o", "line", "-",
            ];
            let output = capped(150 << 10, &args, &three);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
            assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 3);
            lines.push(output.stdout);
        }
    }
    assert!(lines.windows(2).all(|w| w[0] == w[1]), "the same lines");
}
