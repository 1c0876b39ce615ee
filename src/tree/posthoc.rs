//! The search as a Posthoc search trace: a JSON document that the Posthoc visualiser
//! (ShortestPathLab's posthoc-app, <https://posthoc.pathfinding.ai>) steps through, scrubs and
//! draws as a tree.
//!
//! The format is Posthoc's search trace version 1.4.0, as its TypeScript types define it
//! (`protocol/Trace-v140.ts` in posthoc-app, commit 6b9336e9): an object with `version`
//! (`"1.4.0"`), `views` (named lists of components, each an object whose `$` names a primitive
//! such as `rect` or `text`, or another view) and `events` (objects with an `id`, a `type`, a
//! `pId` naming the parent's id, and any other properties). Component properties may be
//! expressions, `${{ ... }}`, over the event being drawn (`$`). JSON is valid YAML, which
//! Posthoc reads.
//!
//! The events follow a [`Walk`] in the strategy's order: `source` for the puzzle, then for each
//! board expanded `expand` (the board after its forced cells), and then either one `generate`
//! per child (the board with the guess placed) and `close`, or `dead`, or `solution`. Every
//! event carries its board: `digits` and `candidates`, one string per cell in reading order,
//! and the index of the cell guessed (`guess`) and of the cell branched on next (`branch`),
//! -1 for none. The `main` view draws that board for the event being shown and clears it at
//! the next (`clear: true`): one rectangle per cell, shaded by box, the givens black and the
//! digits the search settled blue, the candidates of open cells small, the guess amber, the
//! branch cell yellow and a cell a dead board left without candidates red. The `source` event
//! is the puzzle as given, without candidates. With `bfs --learn clauses`, a `dead` event says
//! what its board's death taught (`learned`, the clauses as text: `not (r3c4=7 and r5c1=2)`)
//! and, for a board a learned clause cut before it was filled, which clause (`cut_by`).

use serde_json::{Map, Value, json};

use crate::config::Config;
use crate::geometry::Shape;
use crate::grid::Grid;

use super::dot::{BRANCH, EMPTY, GUESS, box_shade, digit_colour};
use super::{BoardView, Clause, Fate, TooLarge, Visit, Walk};

/// The version of the search-trace format written, which Posthoc requires.
pub const VERSION: &str = "1.4.0";

/// The most cells of boards in one trace: every event holds its board, so the cap on boards
/// shrinks as boards grow ([`max_nodes`]).
pub const MAX_CELLS: usize = 200_000;

/// The most boards a trace of puzzles of `shape` may have: the cap of `--dot`
/// ([`DOT_MAX_NODES`](super::DOT_MAX_NODES)), or fewer where boards are large, so that the
/// trace stays a few megabytes (2,000 boards of 9x9, 781 of 16x16, 48 of 64x64).
pub fn max_nodes(shape: Shape) -> usize {
    (MAX_CELLS / shape.n_cells()).clamp(1, super::DOT_MAX_NODES)
}

/// A search written as a Posthoc trace.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Trace {
    /// The JSON text.
    pub text: String,
    /// Boards in the tree, unexplored ones included.
    pub n_nodes: usize,
    /// Events in the trace.
    pub n_events: usize,
}

/// The search of `puzzle` under `config`, walked in the order of `config.strategy` ([`Walk`]),
/// as a Posthoc search trace of at most `max_nodes` boards.
///
/// # Errors
///
/// [`TooLarge`] as soon as the tree would have more than `max_nodes` boards.
///
/// ```
/// use explore::{Config, Strategy, format, tree};
///
/// let puzzle = format::parse_one("......1.21....21")?;
/// let config = Config::default().with_strategy(Strategy::Dfs).with_max_solutions(None);
/// let trace = tree::posthoc::trace(&puzzle, &config, 100)?;
/// let json: serde_json::Value = serde_json::from_str(&trace.text)?;
/// assert_eq!(json["version"], "1.4.0");
/// assert_eq!(json["events"][0]["type"], "source");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn trace(puzzle: &Grid, config: &Config, max_nodes: usize) -> Result<Trace, TooLarge> {
    let mut walk = Walk::new(puzzle, config, max_nodes);
    let shape = puzzle.shape();
    let puzzle_board = Board::of_grid(puzzle);
    let mut events = vec![puzzle_board.event("source", 0, None, json!({ "depth": 0 }))];
    while let Some(visit) = walk.step()? {
        add_visit(&mut events, &visit, shape, walk.clauses());
    }
    // One line for the version and the views, then one line per event, so that the file
    // reads (and diffs) event by event.
    let views = json!({ "main": main_view(puzzle) });
    let mut text = format!(
        "{{\"version\":{},\n\"views\":{views},\n\"events\":[",
        json!(VERSION)
    );
    for (i, event) in events.iter().enumerate() {
        text.push_str(if i == 0 { "\n" } else { ",\n" });
        text.push_str(&event.to_string());
    }
    text.push_str("\n]}\n");
    Ok(Trace {
        text,
        n_nodes: walk.nodes().len(),
        n_events: events.len(),
    })
}

/// The events of one board expanded.
fn add_visit(events: &mut Vec<Value>, visit: &Visit, shape: Shape, clauses: &[Clause]) {
    let node = &visit.node;
    let mut board = Board::of_view(&visit.board);
    board.guess = node.guess.map_or(-1, |guess| index(shape, guess.cell));
    let info = |extra: Value| {
        let mut info = json!({
            "depth": node.depth,
            "visit": visit.order + 1,
            "forced": node.forced,
            "waiting": visit.waiting,
        });
        if let Some(guess) = node.guess {
            info["guess_text"] = json!(guess.to_string());
        }
        if let (Value::Object(info), Value::Object(extra)) = (&mut info, extra) {
            info.extend(extra);
        }
        info
    };
    match &node.fate {
        Fate::Branched { cell, children } => {
            board.branch = index(shape, *cell);
            events.push(board.event("expand", node.id, node.parent, info(json!({}))));
            for (child, digit) in children.clone().zip(visit.board.candidates(*cell)) {
                let mut made = board.clone();
                made.digits[shape.index(*cell)] = digit.to_string();
                made.candidates[shape.index(*cell)] = String::new();
                made.guess = index(shape, *cell);
                made.branch = -1;
                let extra = json!({
                    "depth": node.depth + 1,
                    "guess_text": format!("{cell}={digit}"),
                });
                events.push(made.event("generate", child, Some(node.id), extra));
            }
            events.push(board.event("close", node.id, node.parent, info(json!({}))));
        }
        Fate::Dead | Fate::Cut { .. } => {
            events.push(board.event("expand", node.id, node.parent, info(json!({}))));
            let mut extra = json!({});
            if let Fate::Cut { clause } = node.fate {
                extra["cut_by"] = json!(clauses[clause].to_string());
            }
            if !node.learned.is_empty() {
                let learned: Vec<String> = node
                    .learned
                    .iter()
                    .map(|&clause| clauses[clause].to_string())
                    .collect();
                extra["learned"] = json!(learned);
            }
            events.push(board.event("dead", node.id, node.parent, info(extra)));
        }
        Fate::Solved(grid) => {
            events.push(board.event("expand", node.id, node.parent, info(json!({}))));
            let extra = json!({ "solution": grid.to_line() });
            events.push(board.event("solution", node.id, node.parent, info(extra)));
        }
        // A step always expands its board.
        Fate::Unexplored => {}
    }
}

/// The index of `cell` in reading order, as the events give it.
fn index(shape: Shape, cell: crate::geometry::Cell) -> i64 {
    i64::try_from(shape.index(cell)).unwrap_or(-1)
}

/// A board as the events carry it.
#[derive(Clone)]
struct Board {
    digits: Vec<String>,
    candidates: Vec<String>,
    guess: i64,
    branch: i64,
}

impl Board {
    fn of_grid(grid: &Grid) -> Board {
        let shape = grid.shape();
        Board {
            digits: shape
                .cells()
                .map(|cell| grid.get(cell).map(|d| d.to_string()).unwrap_or_default())
                .collect(),
            candidates: vec![String::new(); shape.n_cells()],
            guess: -1,
            branch: -1,
        }
    }

    fn of_view(view: &BoardView) -> Board {
        let shape = view.grid().shape();
        let mut board = Board::of_grid(view.grid());
        for (i, cell) in shape.cells().enumerate() {
            board.candidates[i] = view.candidates(cell).map(|d| d.to_string()).collect();
        }
        board
    }

    /// An event of `kind` for board `id`, with `extra` properties.
    fn event(&self, kind: &str, id: usize, parent: Option<usize>, extra: Value) -> Value {
        let mut event = Map::new();
        event.insert("type".into(), json!(kind));
        event.insert("id".into(), json!(id));
        event.insert("pId".into(), json!(parent));
        if let Value::Object(extra) = extra {
            event.extend(extra);
        }
        event.insert("digits".into(), json!(self.digits));
        event.insert("candidates".into(), json!(self.candidates));
        event.insert("guess".into(), json!(self.guess));
        event.insert("branch".into(), json!(self.branch));
        Value::Object(event)
    }
}

/// The `main` view: the board of the event shown, cell by cell, in board units (one cell is
/// one unit square, row 1 at the top).
fn main_view(puzzle: &Grid) -> Value {
    let shape = puzzle.shape();
    // Candidates on one line: small enough for the side's digits to fit a cell.
    let small = (1.6 / shape.side() as f64).min(0.3);
    let mut components = Vec::new();
    for (i, cell) in shape.cells().enumerate() {
        let (x, y) = (cell.col(), cell.row());
        let shade = box_shade(cell, shape);
        components.push(json!({
            "$": "rect",
            "x": x,
            "y": y,
            "width": 0.94,
            "height": 0.94,
            "fill": format!(
                "${{{{ $.guess == {i} ? '{GUESS}' : $.branch == {i} ? '{BRANCH}' : \
                 ($.type == 'dead' && $.digits[{i}] == '' && $.candidates[{i}] == '') ? \
                 '{EMPTY}' : '{shade}' }}}}"
            ),
            "clear": true,
        }));
        // The digit, large, and the candidates, small, of the event's board.
        let digit = (0.3, 0.72, 0.6, digit_colour(cell, puzzle), "digits");
        let candidates = (0.06, 0.55, small, "#555555", "candidates");
        for (dx, dy, size, colour, field) in [digit, candidates] {
            components.push(json!({
                "$": "text",
                "x": x,
                "y": y,
                "textX": dx,
                "textY": dy,
                "fontSize": size,
                "fontColor": colour,
                "text": format!("${{{{ $.{field}[{i}] }}}}"),
                "clear": true,
            }));
        }
    }
    Value::Array(components)
}

#[cfg(test)]
mod tests {
    //! The traces checked against Posthoc's types for version 1.4.0, `protocol/Trace-v140.ts` in
    //! ShortestPathLab/posthoc-app at commit 6b9336e912c69d52c560e4e77b77a1557c55bab4:
    //!
    //! ```text
    //! type TraceEvent = { type?: string; id: number | string; pId?: number | string | null;
    //!                     [key: string]: any };
    //! type TraceComponent = { $: string; clear?: boolean | string; $info?: any;
    //!                         $for?: {...}; $if?: any; [key: string]: any };
    //! type Trace = { version: "1.4.0"; views?: { [K: string]: TraceComponent[] };
    //!                events?: TraceEvent[]; pivot?: { x?, y?, z?, scale?: number } };
    //! ```
    //!
    //! and the primitives its 2D renderer draws (`internal-renderers/src/d2-renderer/
    //! primitives.ts`): `text`, `path`, `rect`, `polygon`, `circle`.

    use super::*;
    use crate::config::{Forced, Strategy};
    use crate::testing::{ESCARGOT, grid};
    use crate::tree::record;

    const PRIMITIVES: [&str; 5] = ["text", "path", "rect", "polygon", "circle"];

    /// Checks `text` against the types above, and returns the parsed document.
    fn check_types(text: &str) -> Value {
        let document: Value = serde_json::from_str(text).expect("the trace is JSON");
        let top = document.as_object().expect("a trace is an object");
        for key in top.keys() {
            assert!(
                ["version", "views", "events", "pivot"].contains(&key.as_str()),
                "no such property of Trace: {key}"
            );
        }
        assert_eq!(top["version"], "1.4.0");
        let views = top["views"].as_object().expect("views is an object");
        assert!(views.contains_key("main"));
        for (name, view) in views {
            for component in view.as_array().expect("a view is a list of components") {
                let component = component.as_object().expect("a component is an object");
                let kind = component["$"].as_str().expect("$ names the component");
                assert!(
                    PRIMITIVES.contains(&kind) || views.contains_key(kind),
                    "{name}: no primitive or view {kind}"
                );
                if let Some(clear) = component.get("clear") {
                    assert!(clear.is_boolean() || clear.is_string(), "{clear}");
                }
                for value in component.values().filter_map(Value::as_str) {
                    // An expression is one `${{ ... }}`, its brackets balanced.
                    if value.starts_with("${{") {
                        assert!(value.ends_with("}}") && value.matches("{{").count() == 1);
                    }
                }
            }
        }
        for event in top["events"].as_array().expect("events is a list") {
            let event = event.as_object().expect("an event is an object");
            assert!(event["id"].is_number() || event["id"].is_string());
            assert!(event.get("type").is_none_or(Value::is_string));
            if let Some(parent) = event.get("pId") {
                assert!(parent.is_number() || parent.is_string() || parent.is_null());
            }
        }
        document
    }

    fn events(document: &Value) -> Vec<(String, usize, Option<usize>)> {
        document["events"]
            .as_array()
            .unwrap()
            .iter()
            .map(|event| {
                (
                    event["type"].as_str().unwrap().to_owned(),
                    event["id"].as_u64().unwrap() as usize,
                    event["pId"].as_u64().map(|id| id as usize),
                )
            })
            .collect()
    }

    /// Each board is made before it is expanded, expanded once, in the walk's order, and
    /// ends branched (then closed), dead or solved as in the tree.
    #[test]
    fn the_events_follow_the_walk_of_each_strategy() {
        for line in ["......1.21....21", ".....4.1....13.4", ESCARGOT] {
            let puzzle = grid(line);
            for strategy in Strategy::ALL.iter().copied() {
                if strategy == Strategy::Backtrack && line == ESCARGOT {
                    continue; // tens of thousands of placements: far past the cap.
                }
                let config = Config {
                    strategy,
                    forced: Forced::Naked,
                    max_solutions: None,
                    ..Config::default()
                };
                let what = format!("{line} {strategy}");
                let max_nodes = max_nodes(puzzle.shape());
                let Ok(trace) = trace(&puzzle, &config, max_nodes) else {
                    assert_eq!(
                        strategy,
                        Strategy::Bitmask,
                        "{what}: only the textbook tree"
                    );
                    continue;
                };
                let document = check_types(&trace.text);
                let tree = record(&puzzle, &config, max_nodes).unwrap();
                let events = events(&document);
                assert_eq!(trace.n_events, events.len());
                assert_eq!(trace.n_nodes, tree.n_nodes());
                assert_eq!(events[0], ("source".to_owned(), 0, None), "{what}");
                let mut made = vec![false; tree.n_nodes()];
                made[0] = true;
                let mut expanded = Vec::new();
                for (kind, id, parent) in &events[1..] {
                    let node = &tree.nodes()[*id];
                    match kind.as_str() {
                        "expand" => {
                            assert!(made[*id], "{what}: {id} expanded before it was made");
                            assert_eq!(*parent, node.parent, "{what}");
                            expanded.push(*id);
                        }
                        "generate" => {
                            assert_eq!(*parent, node.parent, "{what}");
                            assert_eq!(expanded.last(), parent.as_ref(), "{what}");
                            made[*id] = true;
                        }
                        "close" => assert!(matches!(node.fate, Fate::Branched { .. })),
                        "dead" => {
                            assert!(matches!(node.fate, Fate::Dead | Fate::Cut { .. }), "{what}")
                        }
                        "solution" => assert!(matches!(node.fate, Fate::Solved(_)), "{what}"),
                        other => panic!("{what}: unexpected event {other}"),
                    }
                }
                let walked: Vec<usize> = tree.visits().map(|node| node.id).collect();
                assert_eq!(expanded, walked, "{what}");
                let n_cells = puzzle.shape().n_cells();
                for event in document["events"].as_array().unwrap() {
                    assert_eq!(event["digits"].as_array().unwrap().len(), n_cells);
                    assert_eq!(event["candidates"].as_array().unwrap().len(), n_cells);
                }
                // Three components per cell: its square, its digit, its candidates.
                assert_eq!(
                    document["views"]["main"].as_array().unwrap().len(),
                    3 * n_cells
                );
            }
        }
    }

    #[test]
    fn a_board_branched_shows_its_candidates_and_its_children_their_guess() {
        let puzzle = grid("......1.21....21");
        let config = Config {
            forced: Forced::Naked,
            max_solutions: None,
            ..Config::default()
        };
        let document = check_types(&trace(&puzzle, &config, 100).unwrap().text);
        let events = document["events"].as_array().unwrap();
        let root = &events[1];
        assert_eq!(
            (root["type"].as_str(), root["visit"].as_u64()),
            (Some("expand"), Some(1))
        );
        // r1c3 is the branch cell (index 2): open, with the candidates 3 and 4.
        assert_eq!(root["branch"], 2);
        assert_eq!(root["candidates"][2], "34");
        assert_eq!(root["digits"][6], "1", "a given");
        let child = &events[2];
        assert_eq!(child["type"], "generate");
        assert_eq!(
            (child["guess"].as_i64(), child["digits"][2].as_str()),
            (Some(2), Some("3"))
        );
        assert_eq!(child["guess_text"], "r1c3=3");
        assert_eq!(child["candidates"][2], "");
    }

    #[test]
    fn the_cap_shrinks_with_the_board_and_stops_the_trace() {
        assert_eq!(max_nodes(Shape::NINE), 2_000);
        assert_eq!(max_nodes(Shape::new(4, 4).unwrap()), 781);
        assert_eq!(max_nodes(Shape::new(8, 8).unwrap()), 48);
        let empty = Grid::empty(Shape::NINE);
        assert_eq!(
            trace(&empty, &Config::default(), 50),
            Err(TooLarge { max_nodes: 50 })
        );
    }
}
