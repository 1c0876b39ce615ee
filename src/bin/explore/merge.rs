//! `explore merge`: results computed in parts, added up into what one run would have said.
//!
//! Four kinds of result are read, each line on its own, and every line must be of the kind of
//! the first (a line `invalid` may stand among count lines and solution lines alike):
//!
//! - count lines (`296 multiple`, `>=5 multiple`, `0 none`), from `explore --count --output
//!   line` over one puzzle's shards: summed;
//! - solution lines (`--all --output line`): the shards' solutions, put together and sorted;
//! - `explore.solve/1` records: one puzzle's shards (counts summed, solutions put together), or
//!   with `--batch` a batch's puzzles (verdicts counted, [`Tally`]);
//! - `explore.compare.record/1` records: summed up by the library's one way of summing
//!   ([`compare::Summary::from_records`]), so the parts give exactly the summary of the whole.
//!
//! Shards share no solution ([`explore::shard`]), so a solution met twice means the results
//! are not those of one split, and is an error. Nothing is skipped silently: a line that is no
//! result is an error naming its input, line and column, and with `--expect` the number of
//! results is checked against the puzzles that were run.

use std::collections::{HashMap, HashSet};
use std::fmt::{self, Write as _};
use std::fs::File;
use std::io::{self, BufRead, BufReader};

use explore::geometry::Shape;
use explore::shard::cubes::Cubes;
use explore::{Grid, Status, Strategy, compare, format};
use serde::{Deserialize, Serialize};

use crate::cli::{MergeArgs, MergeFormat};
use crate::compare::{RecordLine, status_named, write_out};
use crate::input::quoted;
use crate::tally::{EXIT_INPUT, EXIT_OK, EXIT_UNSOLVED, Tally, counted, group_exact};

/// The `schema` of the object `explore merge --output json` writes for shards and batches
/// (docs/json.md).
const SCHEMA: &str = "explore.merge/1";

/// Merges the results `args` names and writes the total; returns the exit status.
pub(crate) fn run(args: &MergeArgs) -> u8 {
    let options = args.read.options();
    let mut merge = Merge::new(args.batch, options);
    let inputs: Vec<std::ffi::OsString> = if args.inputs.is_empty() {
        vec!["-".into()]
    } else {
        args.inputs.clone()
    };
    for input in &inputs {
        let (name, reader): (String, Box<dyn BufRead>) = if input == "-" {
            ("<stdin>".to_owned(), Box::new(io::stdin().lock()))
        } else {
            let name = quoted(input);
            match File::open(input) {
                Ok(file) => (name, Box::new(BufReader::new(file))),
                Err(error) => {
                    merge.fail(format!("{name}: {}", crate::input::describe(&error)));
                    continue;
                }
            }
        };
        merge.read(&name, reader);
    }
    if let Some(path) = &args.expect {
        let name = quoted(path.as_os_str());
        match File::open(path) {
            Ok(file) => {
                let mut reader = BufReader::new(file);
                let split_of = split_puzzle(&mut reader, &options);
                let puzzles: Vec<Option<Shard>> = format::read_with(reader, &name, &options)
                    .map(|item| item.ok().map(|puzzle| (puzzle.grid, puzzle.cubes)))
                    .collect();
                let expected = puzzles.len();
                let got = merge.n_results();
                if expected != got {
                    let why = if got < expected {
                        "some are missing (did a worker fail?)"
                    } else {
                        "there are more results than puzzles run (results of another run?)"
                    };
                    merge.fail(format!(
                        "--expect {name} holds {}, but there are {got} results: {why}",
                        counted(expected as u64, "puzzle", "puzzles")
                    ));
                } else {
                    let expected = Expected {
                        name: &name,
                        puzzles: &puzzles,
                        split_of: split_of.as_ref(),
                    };
                    if let Err(message) = merge.check_expected(&expected) {
                        merge.fail(message);
                    }
                }
            }
            Err(error) => merge.fail(format!(
                "--expect {name}: {}",
                crate::input::describe(&error)
            )),
        }
    }
    if merge.failed {
        return EXIT_INPUT;
    }
    let (text, status) = match merge.finish(args.output, args.expect.is_some()) {
        Ok(done) => done,
        Err(message) => {
            eprintln!("explore: merge: {message}");
            return EXIT_INPUT;
        }
    };
    if let Err(code) = write_out(&mut io::stdout().lock(), &text) {
        return code;
    }
    if !args.quiet {
        for note in &merge.notes {
            eprintln!("explore: merge: {note}");
        }
    }
    status
}

/// Where a result came from: its input and line.
#[derive(Clone, Debug)]
struct Place {
    input: usize,
    line: usize,
}

/// What kind of result the lines are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// `--count --output line` lines.
    Counts,
    /// `--output line` lines of solutions.
    Solutions,
    /// `explore.solve/1` records.
    Solve,
    /// `explore.compare.record/1` records.
    Records,
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Counts => "count lines (explore --count --output line)",
            Kind::Solutions => "solution lines (explore --output line)",
            Kind::Solve => "explore.solve/1 records",
            Kind::Records => "explore.compare.record/1 records",
        })
    }
}

/// One result of one puzzle (a shard, or a puzzle of a batch).
#[derive(Debug)]
struct PartResult {
    place: Place,
    /// `None` for an unreadable puzzle.
    status: Option<Status>,
    count: u128,
    /// The count is the puzzle's exact number of solutions.
    exact: bool,
    /// Its solutions, when the result holds all it counted.
    solutions: Option<Vec<Grid>>,
    /// The puzzle (a shard, or a puzzle of a batch) it is the result of, when it says
    /// (`explore.solve/1` records do).
    puzzle: Option<Grid>,
    /// For a shard of cubes, its cubes, which the record names with its puzzle.
    cubes: Option<Cubes>,
}

/// A puzzle that was run: its givens, and for a shard of cubes its cubes.
type Shard = (Grid, Option<Cubes>);

/// The state of a merge.
struct Merge {
    batch: bool,
    options: format::Options,
    inputs: Vec<String>,
    kind: Option<(Kind, Place)>,
    results: Vec<PartResult>,
    /// Compared puzzles, in order: `None` for an unreadable one.
    compared: Vec<(Place, Option<Vec<crate::compare::ReadRecord>>)>,
    /// The key (input, index, line) of the last compared puzzle, to tell where the next begins.
    last_key: Option<(String, usize, usize)>,
    failed: bool,
    /// What a user should know about the total, said on standard error.
    notes: Vec<String>,
}

impl Merge {
    fn new(batch: bool, options: format::Options) -> Merge {
        Merge {
            batch,
            options,
            inputs: Vec::new(),
            kind: None,
            results: Vec::new(),
            compared: Vec::new(),
            last_key: None,
            failed: false,
            notes: Vec::new(),
        }
    }

    fn fail(&mut self, message: impl fmt::Display) {
        eprintln!("explore: {message}");
        self.failed = true;
    }

    /// Results read: one per shard or puzzle.
    fn n_results(&self) -> usize {
        match self.kind {
            Some((Kind::Records, _)) => self.compared.len(),
            _ => self.results.len(),
        }
    }

    /// Checks the results against the puzzles that were run: a result that names its puzzle
    /// (and, for a shard of cubes, its cubes) must be of one of them, each puzzle's at most
    /// once, and every solution merged must keep the givens of the puzzle it is of (by name,
    /// or else the puzzle in the same place), lie in its cubes, and keep the givens of the
    /// puzzle the shards were split from. No cube may stand in two shards.
    fn check_expected(&mut self, expected: &Expected<'_>) -> Result<(), String> {
        if matches!(self.kind, Some((Kind::Records, _))) {
            return Ok(());
        }
        let name = expected.name;
        let mut left: HashMap<(&Grid, Option<&Cubes>), usize> = HashMap::new();
        let mut cubes_seen = HashSet::new();
        for (grid, cubes) in expected.puzzles.iter().flatten() {
            *left.entry((grid, cubes.as_ref())).or_default() += 1;
            for cube in cubes.iter().flat_map(Cubes::iter) {
                if !cubes_seen.insert((grid, cube)) {
                    return Err(format!(
                        "--expect {name}: a cube stands in two shards; split the puzzle again"
                    ));
                }
            }
        }
        let cubes_of: HashSet<&Grid> = left
            .keys()
            .filter(|(_, cubes)| cubes.is_some())
            .map(|(grid, _)| *grid)
            .collect();
        let mut unnamed = None;
        for (i, result) in self.results.iter().enumerate() {
            let at = self.at(&result.place);
            let of = match &result.puzzle {
                Some(puzzle) => {
                    match left.get_mut(&(puzzle, result.cubes.as_ref())) {
                        Some(n) if *n > 0 => *n -= 1,
                        Some(_) => {
                            return Err(format!("{at}: a second result of one puzzle (two runs?)"));
                        }
                        None if result.cubes.is_none() && cubes_of.contains(puzzle) => {
                            return Err(format!(
                                "{at}: a result of the whole puzzle, where {name} holds shards of \
                                 its cubes (solved by a program that does not read cubes?)"
                            ));
                        }
                        None if result.cubes.is_some() => {
                            return Err(format!("{at}: cubes not in {name} (another split's?)"));
                        }
                        None => {
                            return Err(format!("{at}: a puzzle not in {name} (another run's?)"));
                        }
                    }
                    Some((puzzle, result.cubes.as_ref()))
                }
                None => {
                    if result.status.is_some() {
                        unnamed = unnamed.or(Some(i));
                    }
                    expected
                        .puzzles
                        .get(i)
                        .and_then(Option::as_ref)
                        .map(|(grid, cubes)| (grid, cubes.as_ref()))
                }
            };
            for solution in result.solutions.iter().flatten() {
                let breaks = |puzzle: &Grid| !solution.is_solution_of(puzzle);
                if expected.split_of.is_some_and(breaks) {
                    return Err(format!("{at}: a solution breaks the split puzzle's givens"));
                }
                if of.is_some_and(|(puzzle, _)| breaks(puzzle)) {
                    return Err(if result.puzzle.is_some() {
                        format!("{at}: a solution breaks its own puzzle's givens")
                    } else {
                        format!(
                            "{at}: a solution breaks puzzle {}'s givens (out of order?)",
                            i + 1
                        )
                    });
                }
                if of
                    .and_then(|(_, cubes)| cubes)
                    .is_some_and(|cubes| !cubes.holds(solution))
                {
                    return Err(format!(
                        "{at}: a solution outside the cubes of its shard (out of order?)"
                    ));
                }
            }
        }
        // A count line names no shard, so nothing would tell another puzzle's counts from
        // these shards' own: refused, as a result of another puzzle is.
        let counts = matches!(self.kind, Some((Kind::Counts, _)));
        if let Some(i) = unnamed.filter(|_| counts) {
            let at = self.at(&self.results[i].place);
            return Err(format!(
                "{at}: a count line names no shard; under --expect, count with --output json"
            ));
        }
        Ok(())
    }

    fn at(&self, place: &Place) -> String {
        format!("{}: line {}", self.inputs[place.input], place.line)
    }

    /// Reads every line of one input.
    fn read(&mut self, name: &str, reader: Box<dyn BufRead + '_>) {
        self.inputs.push(name.to_owned());
        let input = self.inputs.len() - 1;
        for (i, line) in reader.split(b'\n').enumerate() {
            let place = Place { input, line: i + 1 };
            let line = match line {
                Ok(line) => line,
                Err(error) => {
                    let reason = crate::input::describe(&error);
                    self.fail(format_args!("{}: {reason}", self.at(&place)));
                    return;
                }
            };
            let Ok(text) = std::str::from_utf8(&line) else {
                self.fail(format_args!("{}: not UTF-8 text", self.at(&place)));
                continue;
            };
            let text = text.strip_suffix('\r').unwrap_or(text);
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Err((column, message)) = self.line(text, &place) {
                let at = self.at(&place);
                self.fail(format_args!("{at}, column {column}: {message}"));
            }
        }
    }

    /// Settles the kind of the results with a line of `kind`, or says why it does not fit.
    fn kind(&mut self, kind: Kind, place: &Place) -> Result<(), (usize, String)> {
        match &self.kind {
            None => {
                if self.batch && matches!(kind, Kind::Solutions | Kind::Records) {
                    return Err((
                        1,
                        format!(
                            "{kind} with --batch: a batch is merged from explore.solve/1 \
                             records or count lines, which say each puzzle's verdict"
                        ),
                    ));
                }
                self.kind = Some((kind, place.clone()));
                Ok(())
            }
            Some((first, _)) if *first == kind => Ok(()),
            Some((first, at)) => Err((
                1,
                format!(
                    "one of {kind}, but the results began as {first} ({}); results of \
                     different kinds do not add up",
                    self.at(at)
                ),
            )),
        }
    }

    /// Reads one line of results; an error gives its column.
    fn line(&mut self, text: &str, place: &Place) -> Result<(), (usize, String)> {
        let indent = text.len() - text.trim_start().len();
        let text = text.trim();
        let column = |offset: usize| indent + offset + 1;
        if text.starts_with('{') {
            return self
                .json(text, place)
                .map_err(|(c, message)| (column(c.saturating_sub(1)), message));
        }
        if text == "invalid" {
            if matches!(self.kind, Some((Kind::Solve | Kind::Records, _))) {
                self.kind(Kind::Counts, place)?;
            }
            self.results.push(PartResult {
                place: place.clone(),
                status: None,
                count: 0,
                exact: false,
                solutions: None,
                puzzle: None,
                cubes: None,
            });
            return Ok(());
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        if let [count, word] = words[..] {
            if let Some(status) = status_named(word) {
                self.kind(Kind::Counts, place)?;
                let (at_least, digits) = match count.strip_prefix(">=") {
                    Some(digits) => (true, digits),
                    None => (false, count),
                };
                let count: u128 = digits
                    .parse()
                    .map_err(|_| (column(0), format!("'{count}' is not a count of solutions")))?;
                if contradicts(status, count, at_least) {
                    return Err((column(0), format!("'{text}' contradicts itself")));
                }
                let exact =
                    !at_least && matches!(status, Status::Unique | Status::Multiple | Status::None);
                self.results.push(PartResult {
                    place: place.clone(),
                    status: Some(status),
                    count,
                    exact,
                    solutions: None,
                    puzzle: None,
                    cubes: None,
                });
                return Ok(());
            }
        }
        if let Some(status @ (Status::None | Status::GaveUp)) = status_named(text) {
            self.kind(Kind::Solutions, place)?;
            self.results.push(PartResult {
                place: place.clone(),
                status: Some(status),
                count: 0,
                exact: status == Status::None,
                solutions: Some(Vec::new()),
                puzzle: None,
                cubes: None,
            });
            return Ok(());
        }
        // Solutions of boards of side 36 and more are numbers, separated by ` | `.
        let separator = if text.contains(" | ") { " | " } else { " " };
        let mut solutions = Vec::new();
        let mut offset = 0;
        for token in text.split(separator) {
            let start = offset;
            offset += token.len() + separator.len();
            if token.is_empty() {
                continue;
            }
            let grid = format::parse_one_with(token, &self.options).map_err(|error| {
                // Only what looks like a solution (a board's worth of cells) is told what is
                // wrong with it as a grid; anything else is a line merge cannot read.
                let why = if looks_like_a_grid(token, separator) {
                    format!("not a solution: {}", error.kind)
                } else {
                    NOT_A_RESULT.to_owned()
                };
                (column(start), why)
            })?;
            if !grid.is_complete() {
                return Err((
                    column(start),
                    match grid.shape().n_cells() - grid.n_filled() {
                        1 => "not a solution: 1 of its cells is empty".to_owned(),
                        n => format!("not a solution: {n} of its cells are empty"),
                    },
                ));
            }
            solutions.push(grid);
        }
        self.kind(Kind::Solutions, place)?;
        let count = solutions.len() as u128;
        // One line of solutions does not say whether the search ended there: with --all it did.
        let status = if count == 1 {
            Status::Unique
        } else {
            Status::Multiple
        };
        self.results.push(PartResult {
            place: place.clone(),
            status: Some(status),
            count,
            exact: true,
            solutions: Some(solutions),
            puzzle: None,
            cubes: None,
        });
        Ok(())
    }

    /// Reads one JSON record; an error gives its column.
    fn json(&mut self, text: &str, place: &Place) -> Result<(), (usize, String)> {
        #[derive(Deserialize)]
        struct Head {
            schema: Option<String>,
        }
        let located = |error: serde_json::Error| (error.column(), error.to_string());
        let head: Head = serde_json::from_str(text).map_err(located)?;
        match head.schema.as_deref() {
            Some(crate::output::SCHEMA) => {
                self.kind(Kind::Solve, place)?;
                let record: SolveRecord = serde_json::from_str(text).map_err(located)?;
                let result = record
                    .read(place, &self.options)
                    .map_err(|message| (1, message))?;
                self.results.push(result);
                Ok(())
            }
            Some(crate::compare::RECORD_SCHEMA) => {
                self.kind(Kind::Records, place)?;
                let line: RecordLine = serde_json::from_str(text).map_err(located)?;
                let key = (line.input.clone(), line.index, line.line);
                let record = line.read().map_err(|message| (1, message))?;
                let Some(record) = record else {
                    self.compared.push((place.clone(), None));
                    self.last_key = None;
                    return Ok(());
                };
                // A puzzle's records stand together, one per strategy; the next puzzle begins
                // where the key changes or a strategy comes round again (parts of a file split
                // by lines number their puzzles from 1 each).
                let same = |r: &crate::compare::ReadRecord| {
                    r.strategy == record.strategy && r.options == record.options
                };
                match self.compared.last_mut() {
                    Some((_, Some(group)))
                        if self.last_key.as_ref() == Some(&key) && !group.iter().any(same) =>
                    {
                        group.push(record);
                    }
                    _ => self.compared.push((place.clone(), Some(vec![record]))),
                }
                self.last_key = Some(key);
                Ok(())
            }
            Some(other) => Err((
                1,
                format!(
                    "unknown schema '{other}': explore merge reads explore.solve/1 and explore.compare.record/1"
                ),
            )),
            None => Err((1, "a JSON object without a schema".to_owned())),
        }
    }

    /// The text to write and the exit status, or what is wrong with the results as a whole.
    fn finish(
        &mut self,
        output: Option<MergeFormat>,
        expected: bool,
    ) -> Result<(String, u8), String> {
        match self.kind.as_ref().map(|(kind, _)| *kind) {
            Some(Kind::Records) => self.compared_summary(output),
            // Results that are all `invalid` say no kind, and are reported below, each where
            // it stands.
            None if !expected && self.results.is_empty() => Err("no results to merge".to_owned()),
            _ if self.batch => self.batch_summary(output),
            _ => self.shards_total(output),
        }
    }

    /// The batch's tally.
    fn batch_summary(&mut self, output: Option<MergeFormat>) -> Result<(String, u8), String> {
        let mut tally = Tally::default();
        for result in &self.results {
            match result.status {
                Some(status) => tally.add(status),
                None => tally.invalid += 1,
            }
        }
        let n = tally.n_puzzles();
        let text = match output.unwrap_or(MergeFormat::Human) {
            MergeFormat::Human => {
                let puzzles = counted(n, "puzzle", "puzzles");
                let counts = tally.counts();
                if counts.is_empty() {
                    format!("{puzzles}\n")
                } else {
                    format!("{puzzles}: {counts}\n")
                }
            }
            MergeFormat::Line => format!(
                "puzzles={n} unique={} multiple={} solved={} none={} gave_up={} invalid={}\n",
                tally.unique,
                tally.multiple,
                tally.solved,
                tally.none,
                tally.gave_up,
                tally.invalid
            ),
            MergeFormat::Json => {
                #[derive(Serialize)]
                struct Batch {
                    schema: &'static str,
                    kind: &'static str,
                    results: usize,
                    puzzles: u64,
                    unique: u64,
                    multiple: u64,
                    solved: u64,
                    none: u64,
                    gave_up: u64,
                    invalid: u64,
                }
                let batch = Batch {
                    schema: SCHEMA,
                    kind: "batch",
                    results: self.results.len(),
                    puzzles: n,
                    unique: tally.unique,
                    multiple: tally.multiple,
                    solved: tally.solved,
                    none: tally.none,
                    gave_up: tally.gave_up,
                    invalid: tally.invalid,
                };
                serde_json::to_string(&batch).expect("serialises") + "\n"
            }
            other => return Err(not_for(other, "a batch")),
        };
        Ok((text, tally.exit_status()))
    }

    /// The shards' total: their counts summed, their solutions put together.
    fn shards_total(&mut self, output: Option<MergeFormat>) -> Result<(String, u8), String> {
        let mut count: u128 = 0;
        let mut exact = true;
        let (mut stopped, mut gave_up) = (0, 0);
        let mut shape: Option<Shape> = None;
        let mut solutions: Option<Vec<(Grid, usize)>> = Some(Vec::new());
        for (i, result) in self.results.iter_mut().enumerate() {
            let Some(status) = result.status else {
                return Err(format!(
                    "{}: a shard that could not be read (invalid): were the shards solved \
                     with the --box they were split with?",
                    format_args!(
                        "{}: line {}",
                        self.inputs[result.place.input], result.place.line
                    )
                ));
            };
            // No real search counts this far, but a results file can say anything.
            count = count.checked_add(result.count).ok_or_else(|| {
                format!(
                    "{}: line {}: the counts add up to more than {} solutions, the most merge \
                     adds up",
                    self.inputs[result.place.input],
                    result.place.line,
                    u128::MAX
                )
            })?;
            if !result.exact {
                exact = false;
                if status == Status::GaveUp {
                    gave_up += 1;
                } else {
                    stopped += 1;
                }
            }
            match (&mut solutions, result.solutions.take()) {
                (Some(all), Some(found)) => {
                    for grid in found {
                        if *shape.get_or_insert(grid.shape()) != grid.shape() {
                            return Err(format!(
                                "{}: line {}: a solution of another board size than the others",
                                self.inputs[result.place.input], result.place.line
                            ));
                        }
                        all.push((grid, i));
                    }
                }
                _ => solutions = None,
            }
        }
        if let Some(all) = &mut solutions {
            all.sort_unstable();
            if let Some(pair) = all.windows(2).find(|pair| pair[0].0 == pair[1].0) {
                let (a, b) = (
                    &self.results[pair[0].1].place,
                    &self.results[pair[1].1].place,
                );
                return Err(format!(
                    "the solution {} is in two results ({} and {}); the shards of one split \
                     share no solution, so these are not the results of one split",
                    pair[0].0.to_line(),
                    self.at(a),
                    self.at(b)
                ));
            }
        }
        let status = if exact {
            match count {
                0 => Status::None,
                1 => Status::Unique,
                _ => Status::Multiple,
            }
        } else if count >= 2 {
            Status::Multiple
        } else if gave_up > 0 {
            Status::GaveUp
        } else {
            Status::Solved
        };
        let prefix = if exact { "" } else { ">=" };
        let results = self.results.len();
        if !exact {
            self.notes.push(format!(
                "the total is a lower bound: {}{}",
                match stopped {
                    0 => String::new(),
                    1 => "1 shard stopped at its solution limit".to_owned(),
                    n => format!("{n} shards stopped at their solution limit"),
                },
                match (stopped, gave_up) {
                    (_, 0) => String::new(),
                    (0, 1) => "1 shard gave up".to_owned(),
                    (0, n) => format!("{n} shards gave up"),
                    (_, n) => format!(", {n} gave up"),
                }
            ));
        }
        let grids: Option<Vec<Grid>> =
            solutions.map(|all| all.into_iter().map(|(g, _)| g).collect());
        let text = match output.unwrap_or(MergeFormat::Human) {
            MergeFormat::Human => {
                let mut text = match (exact, count) {
                    (true, 1) => "1 solution".to_owned(),
                    (true, n) => format!("{} solutions", group_exact(n)),
                    (false, n) => format!("at least {} solutions (a lower bound)", group_exact(n)),
                };
                let _ = writeln!(
                    text,
                    ": {status}, from {} {}",
                    group_exact(results as u128),
                    if results == 1 { "result" } else { "results" }
                );
                for grid in grids.iter().flatten() {
                    let _ = writeln!(text, "{}", grid.to_line());
                }
                text
            }
            MergeFormat::Line => match &grids {
                Some(grids) if !grids.is_empty() => {
                    let separator = if grids[0].shape().side() > explore::geometry::Digit::MAX_CHAR
                    {
                        " | "
                    } else {
                        " "
                    };
                    let lines: Vec<String> = grids.iter().map(Grid::to_line).collect();
                    lines.join(separator) + "\n"
                }
                Some(_)
                    if self
                        .kind
                        .as_ref()
                        .is_some_and(|(k, _)| *k == Kind::Solutions) =>
                {
                    format!("{status}\n")
                }
                _ => format!("{prefix}{count} {status}\n"),
            },
            MergeFormat::Json => {
                #[derive(Serialize)]
                struct Shards {
                    schema: &'static str,
                    kind: &'static str,
                    results: usize,
                    status: &'static str,
                    exact: bool,
                    count: u128,
                    solutions: Vec<String>,
                }
                let shards = Shards {
                    schema: SCHEMA,
                    kind: "shards",
                    results,
                    status: status.name(),
                    exact,
                    count,
                    solutions: grids.iter().flatten().map(Grid::to_line).collect(),
                };
                serde_json::to_string(&shards).expect("serialises") + "\n"
            }
            other => return Err(not_for(other, "shards")),
        };
        let code = match status {
            _ if !exact => EXIT_UNSOLVED,
            Status::None => EXIT_UNSOLVED,
            _ => EXIT_OK,
        };
        Ok((text, code))
    }

    /// The comparison's summary, as `explore compare` prints it for the whole input.
    fn compared_summary(&mut self, output: Option<MergeFormat>) -> Result<(String, u8), String> {
        let mut status = EXIT_OK;
        // The strategies and their options, in the order of the first puzzle.
        let mut entries: Option<Vec<(Strategy, String)>> = None;
        let mut records: Vec<Vec<compare::Record>> = Vec::new();
        for (place, group) in std::mem::take(&mut self.compared) {
            let Some(group) = group else {
                eprintln!(
                    "explore: {}: an unreadable puzzle (invalid)",
                    self.at(&place)
                );
                status = EXIT_INPUT;
                continue;
            };
            let names: Vec<(Strategy, String)> = group
                .iter()
                .map(|r| (r.strategy, r.options.clone()))
                .collect();
            let entries = entries.get_or_insert_with(|| {
                records = vec![Vec::new(); names.len()];
                names.clone()
            });
            if *entries != names {
                let list = |names: &[(Strategy, String)]| {
                    names
                        .iter()
                        .map(|(s, _)| s.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                };
                return Err(format!(
                    "{}: a puzzle compared by {} ({}), where the first was compared by {} ({}): \
                     every part must run the same strategies with the same options",
                    self.at(&place),
                    list(&names),
                    names
                        .iter()
                        .map(|(_, o)| o.as_str())
                        .collect::<Vec<_>>()
                        .join("; "),
                    list(entries),
                    entries
                        .iter()
                        .map(|(_, o)| o.as_str())
                        .collect::<Vec<_>>()
                        .join("; "),
                ));
            }
            for (entry, read) in group.into_iter().enumerate() {
                records[entry].push(read.record);
            }
        }
        let Some(entries) = entries else {
            eprintln!("explore: merge: no puzzle to compare on");
            return Ok((String::new(), EXIT_INPUT));
        };
        let summaries: Vec<compare::Summary> = entries
            .into_iter()
            .zip(records)
            .map(|((strategy, options), records)| {
                let wall = records.iter().map(|r| r.wall).sum();
                compare::Summary::from_records(strategy, options, records, wall)
            })
            .collect();
        let shown = compare::by_shape(&summaries);
        let text = match output.unwrap_or(MergeFormat::Human) {
            MergeFormat::Human => crate::compare::table(&shown, crate::terminal::stdout_width()).0,
            MergeFormat::Markdown => crate::compare::markdown(&shown),
            MergeFormat::Csv => crate::compare::csv(&shown),
            MergeFormat::Json => shown.iter().map(crate::compare::json_line).collect(),
            MergeFormat::Line => return Err(not_for(MergeFormat::Line, "a comparison")),
        };
        for disagreement in compare::disagreements(&summaries) {
            eprintln!(
                "explore: puzzle {}: {}",
                disagreement.puzzle + 1,
                disagreement.reason
            );
            if status == EXIT_OK {
                status = EXIT_UNSOLVED;
            }
        }
        Ok((text, status))
    }
}

/// Why `format` cannot show `what`.
fn not_for(format: MergeFormat, what: &str) -> String {
    let name = match format {
        MergeFormat::Human => "human",
        MergeFormat::Line => "line",
        MergeFormat::Json => "json",
        MergeFormat::Csv => "csv",
        MergeFormat::Markdown => "markdown",
    };
    let formats = if what == "a comparison" {
        "human (the table), json, csv or markdown"
    } else {
        "human, line or json"
    };
    format!("--output {name} does not apply to {what}: use {formats}")
}

/// The fields of an `explore.solve/1` record that a merge reads; the others are ignored.
#[derive(Deserialize)]
struct SolveRecord {
    /// Written since results say what they are of; older records merge without it.
    puzzle: Option<String>,
    /// Written for a shard of cubes: with `puzzle`, what the result is of.
    cubes: Option<String>,
    size: Option<usize>,
    #[serde(rename = "box")]
    box_shape: Option<String>,
    status: String,
    #[serde(default)]
    capped: bool,
    count: u128,
    /// Written since explore has --count; a record without it is exact when its verdict
    /// says so (unique, none).
    exact: Option<bool>,
    solutions: Vec<String>,
}

impl SolveRecord {
    fn read(self, place: &Place, options: &format::Options) -> Result<PartResult, String> {
        if self.status == "invalid" {
            return Ok(PartResult {
                place: place.clone(),
                status: None,
                count: 0,
                exact: false,
                solutions: None,
                puzzle: None,
                cubes: None,
            });
        }
        let status = status_named(&self.status)
            .ok_or_else(|| format!("field `status`: unknown status '{}'", self.status))?;
        let bound = self.exact == Some(false) || self.capped;
        if contradicts(status, self.count, bound) {
            return Err(format!(
                "status {} with count {} contradicts itself",
                self.status, self.count
            ));
        }
        let shape = match (self.size, &self.box_shape) {
            (Some(size), Some(text)) => {
                let shape: Shape = text
                    .parse()
                    .map_err(|error| format!("field `box`: {error}"))?;
                if shape.side() != size {
                    return Err(format!(
                        "field `box`: {shape} is not a board of size {size}"
                    ));
                }
                Some(shape)
            }
            _ => None,
        };
        let exact = self
            .exact
            .unwrap_or(matches!(status, Status::Unique | Status::None))
            && !self.capped;
        let options = options.with_shape(shape.or(options.shape));
        let puzzle = match &self.puzzle {
            Some(line) => Some(
                format::parse_one_with(line, &options)
                    .map_err(|error| format!("field `puzzle`: {}", error.kind))?,
            ),
            None => None,
        };
        let cubes = match (&self.cubes, &puzzle) {
            (Some(text), Some(puzzle)) => Some(
                Cubes::parse(text, puzzle.shape())
                    .map_err(|why| format!("field `cubes`: {why}"))?,
            ),
            (Some(_), None) => return Err("field `cubes` without its `puzzle`".to_owned()),
            (None, _) => None,
        };
        let solutions = if self.count == self.solutions.len() as u128 {
            let grids = self
                .solutions
                .iter()
                .map(|line| {
                    format::parse_one_with(line, &options)
                        .map_err(|error| format!("field `solutions`: {}", error.kind))
                })
                .collect::<Result<Vec<Grid>, String>>()?;
            Some(grids)
        } else {
            None
        };
        Ok(PartResult {
            place: place.clone(),
            status: Some(status),
            count: self.count,
            exact,
            solutions,
            puzzle,
            cubes,
        })
    }
}

/// The file `--expect` names: the puzzles that were run (`None` where one could not be read)
/// and, for the shards of `explore split`, the puzzle they were split from.
struct Expected<'a> {
    name: &'a str,
    puzzles: &'a [Option<Shard>],
    split_of: Option<&'a Grid>,
}

/// The puzzle a file of shards was split from, from the `# puzzle` line of the header that
/// `explore split` writes; the reader is left at the first line after the header's comments.
fn split_puzzle(reader: &mut impl BufRead, options: &format::Options) -> Option<Grid> {
    let mut first = true;
    let mut split_of = None;
    loop {
        let buffer = reader.fill_buf().ok()?;
        if buffer.first() != Some(&b'#') {
            return split_of;
        }
        let mut line = Vec::new();
        reader.read_until(b'\n', &mut line).ok()?;
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end();
        if first && !text.starts_with("# explore split of ") {
            // Not a file of shards: its comments are no header.
            return None;
        }
        first = false;
        if let Some(puzzle) = text.strip_prefix("# puzzle ") {
            split_of = format::parse_one_with(puzzle, options).ok();
        }
    }
}

/// What a line that is no result is told.
const NOT_A_RESULT: &str = "not a result explore merge reads";

/// Whether `token` is written like a grid on one line: a board's worth of cells (of a board
/// with real boxes), each a digit that fits it or an empty mark, or numbers between ` | `
/// (boards above 35).
fn looks_like_a_grid(token: &str, separator: &str) -> bool {
    if separator == " | " {
        return true;
    }
    let Some(shape) = Shape::for_cells(token.chars().count()) else {
        return false;
    };
    let fits = |c: char| {
        matches!(c, '.' | '-' | '_' | '0')
            || explore::geometry::Digit::from_char(c).is_some_and(|d| d.get() <= shape.side())
    };
    shape.side() >= 4 && shape.box_rows() >= 2 && token.chars().all(fits)
}

/// Whether a verdict and a count of solutions cannot both be true: `unique` is one solution,
/// `none` none, `multiple` two or more, `solved` the one found before the search stopped,
/// `gave_up` fewer than two (two make `multiple`). `bound` says the count is a lower bound
/// (`>=`), which only a search stopped before the end writes, never with an exact verdict.
fn contradicts(status: Status, count: u128, bound: bool) -> bool {
    match status {
        Status::Unique => bound || count != 1,
        Status::None => bound || count != 0,
        Status::Multiple => count < 2,
        Status::Solved => count != 1,
        Status::GaveUp => count >= 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn merged(lines: &str, batch: bool, output: MergeFormat) -> Result<(String, u8), String> {
        let mut merge = Merge::new(batch, format::Options::default());
        merge.read("parts", Box::new(lines.as_bytes()));
        assert!(!merge.failed, "a line failed");
        merge.finish(Some(output), false)
    }

    #[test]
    fn counts_add_up_and_a_lower_bound_says_so() {
        let exact = merged("296 multiple\n0 none\n1 unique\n", false, MergeFormat::Line);
        assert_eq!(exact, Ok(("297 multiple\n".to_owned(), EXIT_OK)));
        let big = format!("{} multiple\n{} multiple\n", u128::MAX / 2, u128::MAX / 2);
        let (text, _) = merged(&big, false, MergeFormat::Json).unwrap();
        assert!(
            text.contains(&format!("\"count\":{}", u128::MAX - 1)),
            "{text}"
        );
        let bound = merged("5 multiple\n>=1 gave_up\n", false, MergeFormat::Line);
        assert_eq!(bound, Ok((">=6 multiple\n".to_owned(), EXIT_UNSOLVED)));
        let none = merged("0 none\n0 none\n", false, MergeFormat::Human);
        assert_eq!(
            none,
            Ok((
                "0 solutions: none, from 2 results\n".to_owned(),
                EXIT_UNSOLVED
            ))
        );
        let (text, _) = merged("28200960 multiple\n", false, MergeFormat::Human).unwrap();
        assert_eq!(text, "28,200,960 solutions: multiple, from 1 result\n");
    }

    #[test]
    fn solutions_are_put_together_once_each() {
        let (a, b) = ("1234341221434321", "1234341223414123");
        let lines = format!("{b}\nnone\n{a}\n");
        let (text, code) = merged(&lines, false, MergeFormat::Line).unwrap();
        assert_eq!((text, code), (format!("{a} {b}\n"), EXIT_OK));
        let twice = format!("{a}\n{b} {a}\n");
        let error = merged(&twice, false, MergeFormat::Line).unwrap_err();
        assert!(error.contains("parts: line 1 and parts: line 2"), "{error}");
    }

    #[test]
    fn lines_of_two_kinds_and_lines_that_are_no_result_are_errors() {
        let mut merge = Merge::new(false, format::Options::default());
        merge.read("mixed", Box::new("1 unique\n1234341221434321\n".as_bytes()));
        assert!(merge.failed);
        let mut merge = Merge::new(false, format::Options::default());
        merge.read("junk", Box::new("12 apples\n".as_bytes()));
        assert!(merge.failed);
        let mut merge = Merge::new(false, format::Options::default());
        merge.read("bad", Box::new("  {\"schema\": 3}\n".as_bytes()));
        assert!(merge.failed);
    }

    #[test]
    fn a_batch_counts_verdicts() {
        let lines = "1 unique\n>=2 multiple\n0 none\ninvalid\n1 unique\n";
        let (text, code) = merged(lines, true, MergeFormat::Human).unwrap();
        assert_eq!(text, "5 puzzles: 2 unique, 1 multiple, 1 none, 1 invalid\n");
        assert_eq!(code, crate::tally::EXIT_INPUT);
        let (line, _) = merged(lines, true, MergeFormat::Line).unwrap();
        assert_eq!(
            line,
            "puzzles=5 unique=2 multiple=1 solved=0 none=1 gave_up=0 invalid=1\n"
        );
    }

    #[test]
    fn numbers_are_grouped() {
        assert_eq!(group_exact(0), "0");
        assert_eq!(group_exact(1_000), "1,000");
        assert_eq!(group_exact(28_200_960), "28,200,960");
    }
}
