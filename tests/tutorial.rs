//! docs/tutorial.md, docs/lesson.md and docs/class.md run as written: every `console` block's commands are run from the
//! repository's root with the `explore` this build made, and their output (standard output,
//! then standard error) must be the text shown under them, where `[..]` stands for any text
//! within a line (times) and `...` for any lines. The pictures the tutorial's commands draw are
//! written where the tutorial shows them, so CI's `git diff --exit-code docs/img` after the
//! tests proves the pictures in the repository are the ones the program draws.
//!
//! After a deliberate change of output, `TRYCMD=overwrite cargo test --test main tutorial`
//! writes the new output into the tutorial; read the diff before committing it.

#[test]
fn the_tutorial_runs_as_written() {
    // The pictures' folder, which a packaged crate does not ship.
    std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/img")).unwrap();
    trycmd::TestCases::new()
        .register_bin(
            "explore",
            std::path::Path::new(env!("CARGO_BIN_EXE_explore")),
        )
        // The trace is as wide as COLUMNS off a terminal: the tutorial shows 80 columns.
        .env("COLUMNS", "80")
        .case("docs/tutorial.md")
        .case("docs/class.md")
        .case("docs/lesson.md");
}

/// The pages whose prose quotes the runs they show.
const PAGES: [&str; 3] = ["docs/tutorial.md", "docs/class.md", "docs/lesson.md"];

/// Every number in the prose of a section of a page comes from a run the section shows, as
/// the output of one of its `console` blocks (which the test above runs) or in a Graphviz
/// file one of them writes: a figure that drifts from the program's fails here, beside the
/// output that drifted. A number that is no run's (a puzzle's place in its file, a constant,
/// a figure from docs/benchmarks.md) is listed in an HTML comment of its section, which a
/// reader of the page does not see: `<!-- not from a run: 366 (the puzzle's number) -->`.
/// A listed number must be in the prose, so that the list does not outlive the text.
#[test]
fn the_prose_quotes_the_runs_it_shows() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    for page in PAGES {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        for section in sections(&text) {
            let mut output = section.output.clone();
            for file in &section.written {
                if let Ok(text) = std::fs::read_to_string(root.join(file)) {
                    output.push_str(&text);
                }
            }
            let output = without_separators(&output);
            let quoted = numbers(&section.prose);
            for number in &quoted {
                let failure = format!(
                    "{page}, {}: {number} is in no output of the section",
                    section.title
                );
                if !section.listed.contains(number)
                    && !has_number(&output, number)
                    && !failures.contains(&failure)
                {
                    failures.push(failure);
                }
            }
            for number in &section.listed {
                if !quoted.contains(number) {
                    failures.push(format!(
                        "{page}, {}: {number} is listed as not from a run, but the prose \
                         does not have it",
                        section.title
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The test finds the numbers it should and only those.
#[test]
fn prose_numbers_are_found_as_a_reader_reads_them() {
    assert_eq!(
        numbers("43,423 dead boards, not 25x25 nor r3c4 or `--depth 3`, in 0.3 s, at 9 `(7 ms)`."),
        ["43423", "0.3", "9", "7"]
    );
    assert_eq!(
        numbers("1. A list item's marker is not a figure."),
        Vec::<String>::new()
    );
    assert!(has_number("dead 48114 nodes", "48114"));
    assert!(!has_number("dead 481140", "48114"));
    assert!(!has_number("in 0.35 s", "0.3"));
    assert!(has_number("at depth 9.", "9"));
    assert_eq!(
        listed("<!-- not from a run: 366 (the puzzle's number, not 2); 1,000 -->"),
        ["366", "1000"]
    );
}

/// One section of a page: from a heading of level 1 or 2 to the next.
#[derive(Default)]
struct Section {
    title: String,
    /// The text outside code blocks and comments, inline code left out.
    prose: String,
    /// The `console` blocks, commands and output.
    output: String,
    /// Files a `console` block's commands write (`--dot FILE`).
    written: Vec<String>,
    /// The numbers its comments list as not from a run, without separators.
    listed: Vec<String>,
}

fn sections(text: &str) -> Vec<Section> {
    let mut sections = vec![Section::default()];
    let mut fence: Option<String> = None;
    // An HTML comment being read, to its end.
    let mut comment: Option<String> = None;
    for line in text.lines() {
        let section = sections.last_mut().unwrap();
        if let Some(text) = comment.as_mut() {
            text.push(' ');
            text.push_str(line);
            if line.contains("-->") {
                section.listed.extend(listed(text));
                comment = None;
            }
            continue;
        }
        if let Some(info) = line.trim_start().strip_prefix("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(info.trim().to_owned()),
            };
            continue;
        }
        match fence.as_deref() {
            Some("console") => {
                section.output.push_str(line);
                section.output.push('\n');
                if let Some(command) = line.strip_prefix("$ ") {
                    let words: Vec<&str> = command.split_whitespace().collect();
                    for pair in words.windows(2) {
                        if pair[0] == "--dot" {
                            section.written.push(pair[1].to_owned());
                        }
                    }
                }
            }
            Some(_) => {}
            None if line.starts_with("# ") || line.starts_with("## ") => {
                sections.push(Section {
                    title: line.trim_start_matches('#').trim().to_owned(),
                    ..Section::default()
                });
            }
            None if line.trim_start().starts_with("<!--") => {
                if line.contains("-->") {
                    section.listed.extend(listed(line));
                } else {
                    comment = Some(line.to_owned());
                }
            }
            None => {
                section.prose.push_str(line);
                section.prose.push('\n');
            }
        }
    }
    sections
}

/// The numbers a comment lists as not from a run (`<!-- not from a run: 366 (why) -->`),
/// the reasons in parentheses left out.
fn listed(comment: &str) -> Vec<String> {
    let Some((_, list)) = comment.split_once("not from a run:") else {
        return Vec::new();
    };
    let mut plain = String::new();
    let mut depth = 0;
    for c in list.trim_end().trim_end_matches("-->").chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    numbers(&plain)
}

/// The numbers of `prose` as a reader reads them, thousands separators dropped: not a part of
/// a word (`25x25`, `r3c4`, `hardest_1106`), of inline code, of a link's address, nor a list
/// item's marker.
fn numbers(prose: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in prose.lines() {
        let mut plain = String::new();
        let mut code: Option<String> = None;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '`' => match code.take() {
                    // Inline code that quotes output (`63 nodes`) is read; a command, an
                    // option or a file's name is not.
                    Some(span) => {
                        let command = ["--", "explore", "/", "_", ".txt", ".md"]
                            .iter()
                            .any(|mark| span.contains(mark));
                        if !command {
                            plain.push_str(&span);
                        }
                        plain.push(' ');
                    }
                    None => code = Some(String::new()),
                },
                _ if code.is_some() => code.as_mut().unwrap().push(c),
                // A link's address: `](...)`.
                ']' if chars.peek() == Some(&'(') => {
                    for c in chars.by_ref() {
                        if c == ')' {
                            break;
                        }
                    }
                    plain.push(' ');
                }
                _ => plain.push(c),
            }
        }
        let chars: Vec<char> = plain.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let starts = chars[i].is_ascii_digit()
                && !before.is_some_and(|b| b.is_alphanumeric() || "_.,/#-".contains(b));
            if !starts {
                i += 1;
                continue;
            }
            let start = i;
            let mut number = String::new();
            while i < chars.len() {
                let c = chars[i];
                let next_digit = chars.get(i + 1).is_some_and(char::is_ascii_digit);
                if c.is_ascii_digit() {
                    number.push(c);
                } else if c == ',' && next_digit && chars[i + 1..].len() >= 3 {
                    // A thousands separator, dropped.
                } else if c == '.' && next_digit {
                    number.push(c);
                } else {
                    break;
                }
                i += 1;
            }
            let after = chars.get(i).copied();
            let in_word = after.is_some_and(|a| a.is_alphanumeric() || a == '_');
            let list_marker = chars[..start].iter().all(|c| c.is_whitespace())
                && after == Some('.')
                && chars.get(i + 1) == Some(&' ');
            if !in_word && !list_marker {
                found.push(number);
            }
        }
    }
    found
}

/// `text` with the thousands separators between digits dropped.
fn without_separators(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            !(c == ','
                && i > 0
                && chars[i - 1].is_ascii_digit()
                && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        })
        .map(|(_, &c)| c)
        .collect()
}

/// Whether `text` has `number` as a whole number: no digit or decimal point against it.
fn has_number(text: &str, number: &str) -> bool {
    text.match_indices(number).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let mut after = text[at + number.len()..].chars();
        let next = after.next();
        let joined_before = before.is_some_and(|b| b.is_ascii_digit() || b == '.');
        let joined_after = next.is_some_and(|n| n.is_ascii_digit())
            || (next == Some('.') && after.next().is_some_and(|n| n.is_ascii_digit()));
        !joined_before && !joined_after
    })
}
