//! What the program promises to scripts and shells, checked against the real binary: every JSON
//! object it writes has the fields docs/json.md lists for its schema, no more and no fewer;
//! `--color never` and `NO_COLOR` leave no escape byte anywhere; the completion script and the
//! manual page are there.

use std::collections::BTreeSet;
use std::path::Path;

use assert_cmd::Command;
use serde_json::{Map, Value};

/// The demo puzzle's givens, for a search with several depths.
const ESCARGOT: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
/// Givens that break a rule: two 5s in the first row.
const CONFLICT: &str =
    "5....5...........................................................................";
/// A line that is no puzzle: 80 cells.
const INVALID: &str =
    "................................................................................";

fn explore() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_explore"));
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("RUST_LOG")
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR");
    command
}

/// The fields a section of docs/json.md lists, each with the type it gives: those always
/// present, and those marked *optional*. The section is the first table after the heading that
/// names `section` in backquotes.
fn documented(section: &str) -> (Vec<(String, String)>, BTreeSet<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/json.md");
    let text = std::fs::read_to_string(&path).expect("docs/json.md reads");
    let heading = format!("`{section}`");
    let mut lines = text
        .lines()
        .skip_while(|line| !(line.starts_with('#') && line.contains(&heading)))
        .skip(1)
        .skip_while(|line| !line.starts_with("| field |"))
        .skip(2);
    let mut fields = Vec::new();
    let mut optional = BTreeSet::new();
    for line in lines.by_ref().take_while(|line| line.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let name = cells[1].trim_matches('`').to_owned();
        if cells[2].contains("optional") {
            optional.insert(name.clone());
        }
        fields.push((name, cells[2].to_owned()));
    }
    assert!(
        !fields.is_empty(),
        "docs/json.md has no table for {section}"
    );
    (fields, optional)
}

/// Whether `value` is of the type docs/json.md writes as `documented`: `integer`, `number`,
/// `string`, `boolean`, `object`, `array of strings`, `array of integers` (`or nulls`) or
/// `array of objects`, or several joined by `or`, with `, optional` after them when the field may be absent.
fn is_of_type(documented: &str, value: &Value) -> bool {
    let types = documented.trim_end_matches(", optional");
    // A column of numbers where some entries are absent.
    if types == "array of integers or nulls" {
        return value
            .as_array()
            .is_some_and(|items| items.iter().all(|item| item.is_u64() || item.is_null()));
    }
    types.split(" or ").any(|kind| match kind {
        // A count may pass 2^64 (docs/json.md): digits, read back as a float past u64.
        "integer" => {
            value.is_u64() || value.is_i64() || value.as_f64().is_some_and(|f| f >= 1.8e19)
        }
        "number" => value.is_number(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "object" => value.is_object(),
        "array of strings" => value
            .as_array()
            .is_some_and(|items| items.iter().all(Value::is_string)),
        "array of integers" => value
            .as_array()
            .is_some_and(|items| items.iter().all(Value::is_u64)),
        "array of objects" => value
            .as_array()
            .is_some_and(|items| items.iter().all(Value::is_object)),
        other => panic!("docs/json.md names a type this test does not know: {other:?}"),
    })
}

/// Fails unless `object`'s fields are those docs/json.md lists for `section`, each of the type
/// it gives.
fn check(section: &str, object: &Value) {
    let (fields, optional) = documented(section);
    let object = object
        .as_object()
        .unwrap_or_else(|| panic!("{section}: not an object: {object}"));
    let missing: Vec<&String> = fields
        .iter()
        .map(|(name, _)| name)
        .filter(|name| !optional.contains(*name) && !object.contains_key(*name))
        .collect();
    let unknown: Vec<&String> = object
        .keys()
        .filter(|key| !fields.iter().any(|(name, _)| name == *key))
        .collect();
    let mistyped: Vec<String> = fields
        .iter()
        .filter_map(|(name, kind)| {
            let value = object.get(name)?;
            (!is_of_type(kind, value)).then(|| format!("{name} is {value}, not {kind}"))
        })
        .collect();
    assert!(
        missing.is_empty() && unknown.is_empty() && mistyped.is_empty(),
        "{section} drifted from docs/json.md: missing {missing:?}, undocumented {unknown:?}, \
         of another type {mistyped:?}\n{object:?}"
    );
}

fn json_lines(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// Every object of `objects` with `field` equal to `value`.
fn with<'a>(objects: &'a [Value], field: &str, value: &str) -> Vec<&'a Map<String, Value>> {
    objects
        .iter()
        .filter_map(Value::as_object)
        .filter(|object| object.get(field).and_then(Value::as_str) == Some(value))
        .collect()
}

#[test]
fn solve_json_is_as_documented() {
    let output = explore()
        .args([ESCARGOT, CONFLICT, INVALID, "--output", "json"])
        .output()
        .unwrap();
    let records = json_lines(&output.stdout);
    assert_eq!(records.len(), 3, "{records:?}");
    for record in &records {
        assert_eq!(record["schema"], "explore.solve/1");
        check("explore.solve/1", record);
    }
    assert!(records[1].get("conflict").is_some() && records[2].get("error").is_some());
    check("stats", &records[0]["stats"]);
    let depths = records[0]["stats"]["per_depth"].as_array().unwrap();
    assert!(depths.len() > 1);
    for depth in depths {
        check("stats.per_depth[]", depth);
    }
}

#[test]
fn explain_json_is_as_documented() {
    // Two solutions, a unique puzzle, broken givens, an unreadable line.
    let output = explore()
        .args([
            "explain",
            "..343412..434321",
            "1234341221434321",
            CONFLICT,
            INVALID,
        ])
        .args(["--output", "json"])
        .output()
        .unwrap();
    let records = json_lines(&output.stdout);
    assert_eq!(records.len(), 4, "{records:?}");
    for record in &records {
        assert_eq!(record["schema"], "explore.explain/1");
        check("explore.explain/1", record);
    }
    assert_eq!(records[0]["status"], "multiple");
    for differing in records[0]["differing"].as_array().unwrap() {
        check("explore.explain/1` `differing[]", differing);
    }
    check("explore.explain/1` `split", &records[0]["split"]);
    check("explore.explain/1` `fewest", &records[0]["fewest"]);
    assert_eq!(records[1]["minimal"], false);
    assert!(records[2].get("conflict").is_some() && records[3].get("error").is_some());
    assert_eq!(output.status.code(), Some(2));
}

/// Whether every digit in `value` is written as a number: the digits of `differing`, `tried`
/// and `live`, and the digit after `=` in each given (`r10c9=12`, never `r10c9=C`).
fn digits_are_numbers(value: &Value) -> bool {
    match value {
        Value::String(text) => text
            .split_once('=')
            .is_none_or(|(_, digit)| digit.parse::<u32>().is_ok()),
        Value::Array(items) => items.iter().all(digits_are_numbers),
        Value::Object(fields) => fields
            .iter()
            .filter(|(name, _)| !matches!(name.as_str(), "solution" | "input" | "error"))
            .all(|(_, value)| digits_are_numbers(value)),
        _ => true,
    }
}

#[test]
fn explain_json_writes_digits_as_numbers_on_large_boards_too() {
    // A 16x16 solution with a rectangle of two digits of 10 or more emptied: two solutions,
    // which differ in those digits, and one of them the given to add.
    let data = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/16x16_janko.txt"),
    )
    .unwrap();
    let solution = data
        .lines()
        .filter(|line| !line.starts_with('#'))
        .find_map(|line| line.split_whitespace().nth(1))
        .unwrap();
    let cells: Vec<char> = solution.chars().collect();
    let at = |r: usize, c: usize| cells[r * 16 + c];
    let large = |c: char| c.is_ascii_alphabetic();
    let mut rectangle = None;
    'found: for r1 in 0..16 {
        for r2 in r1 + 1..(r1 / 4 + 1) * 4 {
            for c1 in 0..16 {
                for c2 in (c1 / 4 + 1) * 4..16 {
                    let (a, b) = (at(r1, c1), at(r1, c2));
                    if large(a) && large(b) && at(r2, c1) == b && at(r2, c2) == a {
                        rectangle = Some([(r1, c1), (r1, c2), (r2, c1), (r2, c2)]);
                        break 'found;
                    }
                }
            }
        }
    }
    let mut puzzle = cells.clone();
    for (r, c) in rectangle.expect("a rectangle of two large digits") {
        puzzle[r * 16 + c] = '.';
    }
    let puzzle: String = puzzle.into_iter().collect();
    let output = explore()
        .args(["explain", &puzzle, "--output", "json"])
        .output()
        .unwrap();
    let records = json_lines(&output.stdout);
    assert_eq!(records[0]["status"], "multiple", "{records:?}");
    let givens = records[0]["fewest"]["givens"].as_array().unwrap();
    let given = givens[0].as_str().unwrap();
    let digit: u32 = given.split_once('=').unwrap().1.parse().unwrap();
    assert!(digit >= 10, "{given}");
    assert!(digits_are_numbers(&records[0]), "{}", records[0]);
}

#[test]
fn trace_json_is_as_documented() {
    let output = explore()
        .args([ESCARGOT, "--trace-format", "json", "--output", "line"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let events = json_lines(&output.stderr);
    let depths = with(&events, "event", "depth");
    let runs = with(&events, "event", "run");
    assert!(depths.len() > 1 && runs.len() == 1, "{events:?}");
    for event in &events {
        assert_eq!(event["schema"], "explore.trace/1");
    }
    for depth in depths {
        check("depth", &Value::Object(depth.clone()));
    }
    check("run", &Value::Object(runs[0].clone()));

    // A count, with boards past a tiny frontier budget: the count is a number, as in
    // `--output json`, and the depths say where boards went depth-first.
    let output = explore()
        .args(["--count", "--max-frontier", "2", "--trace-format", "json"])
        .args(["--output", "json", ESCARGOT])
        .output()
        .unwrap();
    assert!(output.status.success());
    let events = json_lines(&output.stderr);
    let run = with(&events, "event", "run")[0];
    check("run", &Value::Object(run.clone()));
    let solved = &json_lines(&output.stdout)[0];
    assert_eq!(run["count"], solved["count"]);
    assert_eq!(run["count"], 1);
    let overflow: u64 = with(&events, "event", "depth")
        .iter()
        .map(|depth| depth["overflow"].as_u64().unwrap())
        .sum();
    assert!(overflow > 0 && run["overflow"] == overflow, "{events:?}");

    // A search that learns: every depth says what it learned, and the depths add up to the
    // clauses the results count, as the rows of `per_depth` do.
    for strategy in ["bfs", "dfs"] {
        let output = explore()
            .args([
                "--learn",
                "clauses",
                "--forced",
                "hidden",
                "--strategy",
                strategy,
            ])
            .args(["--trace-format", "json", "--output", "json", LEARNING])
            .output()
            .unwrap();
        assert!(output.status.success(), "{strategy}");
        let events = json_lines(&output.stderr);
        let depths = with(&events, "event", "depth");
        for depth in &depths {
            check("depth", &Value::Object((*depth).clone()));
        }
        let learned: Vec<u64> = depths
            .iter()
            .map(|depth| depth["learned"].as_u64().expect("learned at every depth"))
            .collect();
        let stats = &json_lines(&output.stdout)[0]["stats"];
        let total = stats["learned"].as_u64().unwrap();
        assert!(total > 0, "{strategy}: it learned");
        assert_eq!(learned.iter().sum::<u64>(), total, "{strategy}");
        let rows: u64 = stats["per_depth"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.get("learned").map_or(0, |n| n.as_u64().unwrap()))
            .sum();
        assert_eq!(rows, total, "{strategy}");
    }
}

/// A puzzle on which learning cuts the search (number 366 of `hardest_1106.txt`).
const LEARNING: &str =
    "1...5......7..9.3...9..754...4..3.7..6........9.8........79..2......24.3..2......";

#[test]
fn compare_json_is_as_documented_and_its_columns_are_the_same_names() {
    let output = explore()
        .args(["compare", ESCARGOT, "--output", "json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let summaries = json_lines(&output.stdout);
    assert_eq!(summaries.len(), 4, "one per strategy");
    for summary in &summaries {
        assert_eq!(summary["schema"], "explore.compare/1");
        check("explore.compare/1", summary);
    }

    // The tabular forms name the same fields, in the document's order.
    let (fields, _) = documented("explore.compare/1");
    let names: Vec<&str> = fields.iter().map(|(name, _)| name.as_str()).collect();
    let columns = &names[1..];
    let csv = explore()
        .args(["compare", ESCARGOT, "--output", "csv"])
        .output()
        .unwrap();
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert_eq!(
        csv.lines().next().unwrap().split(',').collect::<Vec<_>>(),
        columns
    );
    let markdown = explore()
        .args(["compare", ESCARGOT, "--output", "markdown"])
        .output()
        .unwrap();
    let markdown = String::from_utf8(markdown.stdout).unwrap();
    let head: Vec<&str> = markdown
        .lines()
        .next()
        .unwrap()
        .split('|')
        .map(str::trim)
        .collect();
    assert_eq!(head[1..head.len() - 1], *columns);
    let table = explore()
        .args(["compare", ESCARGOT, "--wide"])
        .output()
        .unwrap();
    let table = String::from_utf8(table.stdout).unwrap();
    let head: Vec<&str> = table.lines().next().unwrap().split_whitespace().collect();
    assert_eq!(head, columns);
}

/// Runs `explore` with `args` and `env` where it would colour (tracing's log lines at `info`,
/// and a clap error), and says whether any escape byte came out.
fn escapes(args: &[&str], env: &[(&str, &str)]) -> bool {
    let mut log = explore();
    log.env("RUST_LOG", "info").args(args).args([ESCARGOT]);
    let mut usage = explore();
    usage.args(args).arg("--no-such-flag");
    let mut help = explore();
    help.args(args).arg("--help");
    [log, usage, help].iter_mut().any(|command| {
        for (key, value) in env {
            command.env(key, value);
        }
        let output = command.output().unwrap();
        output.stdout.contains(&0x1b) || output.stderr.contains(&0x1b)
    })
}

#[test]
fn color_follows_the_flag_then_no_color_then_clicolor_force() {
    // CLICOLOR_FORCE asks for colour even into a pipe, so these runs would colour...
    let force = [("CLICOLOR_FORCE", "1")];
    assert!(escapes(&[], &force), "the check can see colour");
    assert!(escapes(&["--color", "always"], &[]));
    // ...unless told not to.
    assert!(!escapes(&["--color", "never"], &force));
    assert!(!escapes(&["--color=never"], &force));
    assert!(!escapes(&[], &[("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")]));
    assert!(!escapes(&[], &[("NO_COLOR", "1")]));
    // And into a pipe, nothing asks for colour.
    assert!(!escapes(&[], &[]));
    // The subcommands take the flag too.
    let compare = explore()
        .args(["compare", ESCARGOT, "--color", "never", "--no-such-flag"])
        .env("CLICOLOR_FORCE", "1")
        .output()
        .unwrap();
    assert!(!compare.stderr.contains(&0x1b));
}

#[test]
fn completions_load_in_bash_and_the_manual_page_renders() {
    let script = explore().args(["completions", "bash"]).output().unwrap();
    assert!(script.status.success());
    let script = String::from_utf8(script.stdout).unwrap();
    assert!(script.contains("complete -F _explore") || script.contains("-F _explore"));
    assert!(script.contains("compare") && script.contains("--max-frontier-bytes"));
    if let Ok(bash) = std::process::Command::new("bash")
        .args(["-c", "source /dev/stdin && complete -p explore"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
    {
        use std::io::Write;
        let mut bash = bash;
        bash.stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let loaded = bash.wait_with_output().unwrap();
        assert!(
            String::from_utf8_lossy(&loaded.stdout).contains("_explore explore"),
            "bash did not register the completion"
        );
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        explore().args(["completions", shell]).assert().success();
    }

    let page = explore().arg("man").output().unwrap();
    assert!(page.status.success());
    let page = String::from_utf8(page.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.contains(".TH explore 1"),
        "{page}"
    );
    assert!(page.contains("\\-\\-max\\-frontier\\-bytes"));
}

#[test]
fn a_file_named_like_a_subcommand_is_read_through_its_path() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("completions"), format!("{ESCARGOT}\n")).unwrap();
    explore()
        .current_dir(dir.path())
        .args(["./completions", "--output", "line"])
        .assert()
        .success();
    explore()
        .current_dir(dir.path())
        .args(["--output", "line", "--", "completions"])
        .assert()
        .success();
}

#[test]
fn compare_records_are_as_documented() {
    let output = explore()
        .args([
            "compare",
            ESCARGOT,
            INVALID,
            "--strategies",
            "bfs,dfs",
            "--output",
            "records",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "an invalid puzzle");
    let records = json_lines(&output.stdout);
    assert_eq!(
        records.len(),
        3,
        "one per puzzle and strategy, one for the invalid"
    );
    for record in &records {
        assert_eq!(record["schema"], "explore.compare.record/1");
        check("explore.compare.record/1", record);
    }
    assert_eq!(records[1]["strategy"], "dfs");
    assert!(records[2]["error"].is_string() && records[2]["strategy"].is_null());
}

#[test]
fn merge_json_is_as_documented() {
    let shards = explore()
        .args(["merge", "--output", "json"])
        .write_stdin("296 multiple\n0 none\n")
        .output()
        .unwrap();
    assert!(shards.status.success());
    let merged = json_lines(&shards.stdout);
    assert_eq!(merged.len(), 1);
    assert_eq!(merged[0]["schema"], "explore.merge/1");
    check("explore.merge/1", &merged[0]);
    check("shards", &merged[0]);
    let batch = explore()
        .args(["merge", "--batch", "--output", "json"])
        .write_stdin("1 unique\n>=2 multiple\n")
        .output()
        .unwrap();
    assert!(batch.status.success());
    let merged = json_lines(&batch.stdout);
    assert_eq!(merged[0]["kind"], "batch");
    check("batch", &merged[0]);
}

#[test]
fn generate_and_grade_json_are_as_documented() {
    let generated = explore()
        .args([
            "generate", "--size", "4", "-n", "2", "--seed", "1", "--output", "json",
        ])
        .output()
        .unwrap();
    assert!(generated.status.success());
    let records = json_lines(&generated.stdout);
    assert_eq!(records.len(), 2);
    for record in &records {
        assert_eq!(record["schema"], "explore.generate/1");
        check("explore.generate/1", record);
    }
    let graded = explore()
        .args([
            "grade",
            ESCARGOT,
            "1...............",
            INVALID,
            "--output",
            "json",
        ])
        .output()
        .unwrap();
    assert_eq!(graded.status.code(), Some(2));
    let records = json_lines(&graded.stdout);
    assert_eq!(records.len(), 3, "{records:?}");
    for record in &records {
        assert_eq!(record["schema"], "explore.grade/1");
        check("explore.grade/1", record);
    }
    assert_eq!(records[0]["verdict"], "extreme");
    assert_eq!(records[1]["verdict"], "multiple");
    assert!(records[2].get("error").is_some() && records[2]["level"].is_null());
}

/// The document inside a page that `--html` wrote.
fn embedded_play(page: &Path) -> Value {
    let text = std::fs::read_to_string(page).expect("the page reads");
    let open = "<script type=\"application/json\" id=\"recording\">";
    let start = text.find(open).expect("the recording's element") + open.len();
    let end = start + text[start..].find("</script>").expect("its end");
    serde_json::from_str(&text[start..end]).expect("JSON")
}

#[test]
fn the_recording_in_a_page_is_as_documented() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let per_depth = dir.path().join("per-depth.html");
    let both = dir.path().join("both.html");
    explore()
        .args([ESCARGOT, "-q", "--html"])
        .arg(&page)
        .assert()
        .success();
    explore()
        .args([ESCARGOT, "-q", "-s", "dfs", "--learn", "clauses", "--html"])
        .arg(&per_depth)
        .assert()
        .success();
    explore()
        .args(["compare", "......1.21....21", "--all", "-q"])
        .args(["--strategies", "bfs,backtrack", "--html"])
        .arg(&both)
        .assert()
        .success();
    let mut runs = Vec::new();
    for path in [&page, &per_depth, &both] {
        let document = embedded_play(path);
        assert_eq!(document["schema"], "explore.play/3");
        check("explore.play/3", &document);
        runs.extend(document["runs"].as_array().unwrap().iter().cloned());
    }
    assert_eq!(runs.len(), 4);
    for run in &runs {
        check("play.runs[]", run);
        check("stats", &run["stats"]);
        check("play.boards", &run["boards"]);
        check("play.steps", &run["steps"]);
        check("play.clauses", &run["clauses"]);
    }
    let n_boards = |run: &Value| run["boards"]["parent"].as_array().unwrap().len();
    assert!(runs[0]["note"].is_null() && n_boards(&runs[0]) > 0);
    assert!(runs[1]["note"].is_string() && n_boards(&runs[1]) == 0);
    for run in &runs {
        let boards = n_boards(run);
        assert_eq!(run["boards"]["fate"].as_str().unwrap().len(), boards);
        let steps = run["steps"]["board"].as_array().unwrap().len();
        assert_eq!(run["steps"]["changed"].as_array().unwrap().len(), steps);
    }
    assert_eq!(runs[3]["tree"], "textbook");
}
