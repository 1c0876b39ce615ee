//! Writing a [`SearchTree`] as a Graphviz DOT digraph: one box per board, one row per depth,
//! each expanded board numbered in the order the strategy expanded it, the boards held when the
//! first solution was found marked (what the strategy's order costs: a row across the tree
//! breadth-first, the boards beside one path depth-first), and on request the visit order drawn
//! as a dashed path and each board drawn as its grid with candidates.
//!
//! Only text is made here; Graphviz renders it (`dot -Tsvg`). Labels are written for the
//! renderer's own font metrics to be wrong: nodes have margins and rows have gaps, so that
//! neighbouring labels stay apart even where a viewer draws the text wider than Graphviz
//! measured it.

use std::fmt::{self, Write as _};

use crate::geometry::Cell;
use crate::grid::Grid;
use crate::outcome::Stop;

use super::{BoardView, Fate, Kind, Node, Order, SearchTree};

/// How [`SearchTree::to_dot_with`] draws a tree; [`DotStyle::default`] is what
/// [`SearchTree::to_dot`] draws: numbered boards, no path, no grids.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DotStyle {
    /// Draw the visit order as a path of dashed arrows from each expanded board to the next.
    pub order_path: bool,
    /// Draw each expanded board as its grid (digits and the candidates of open cells), where
    /// the tree kept its boards ([`Walk::keep_boards`](super::Walk::keep_boards)).
    pub boards: bool,
}

impl DotStyle {
    /// With or without the dashed path of the visit order.
    pub fn with_order_path(self, order_path: bool) -> DotStyle {
        DotStyle { order_path, ..self }
    }

    /// With or without the grids of the boards.
    pub fn with_boards(self, boards: bool) -> DotStyle {
        DotStyle { boards, ..self }
    }
}

/// The most boards a tree may have for its grids to be drawn when nobody asked: about what
/// fits one slide with 4x4 or 6x6 grids.
pub const BOARDS_MAX_NODES: usize = 40;

/// The largest side whose grids are drawn when nobody asked: 9x9 candidates are too small to
/// read in a tree.
pub const BOARDS_MAX_SIDE: usize = 6;

/// Trees with a depth of more boards than this are drawn compact, to fit a slide: each board
/// is labelled with its number alone (its guess and forced cells are in its tooltip), and the
/// layout is stretched to about 16:9 (Graphviz's `ratio`, which moves the boards apart, never
/// shrinks the text). Full labels take about 90 points a board, so 16 boards side by side
/// already make a row of 1,500 points.
pub const COMPACT_WIDTH: usize = 16;

/// The height of a compact drawing over its width: 16:9.
const SLIDE_RATIO: &str = "0.5625";

/// The learned clauses written out in a compact drawing's legend; the rest are in the
/// tooltips of the boards that learned them.
const LEGEND_CLAUSES: usize = 4;

impl SearchTree {
    /// Whether the tree is small enough for its grids to be drawn when nobody asked: at most
    /// [`BOARDS_MAX_NODES`] boards of side at most [`BOARDS_MAX_SIDE`].
    pub fn boards_fit(&self) -> bool {
        self.n_nodes() <= BOARDS_MAX_NODES && self.puzzle.shape().side() <= BOARDS_MAX_SIDE
    }

    /// The tree as a Graphviz DOT digraph, top to bottom, one row per depth, in the default
    /// [`DotStyle`].
    ///
    /// Each board is a box labelled with its place in the visit order and the guess that made
    /// it (`4. r3c7=5`; the root says `1. start` and its number of givens) and the cells forced
    /// in it (`+12 forced`). Boards that branched are blue, solutions green with a double
    /// border, dead boards red octagons, and unexplored boards grey, dashed and unnumbered. The
    /// boards held when the first solution was found
    /// ([`SearchTree::held_at_first_solution`]) have a thick purple border. A column on the
    /// left names each depth, its number of boards and how many of them were held; the title
    /// gives the totals, the rules, the visit order and a legend. In SVG output every board has a
    /// tooltip, and a solution's is its grid. Render with `dot -Tsvg tree.dot > tree.svg`.
    pub fn to_dot(&self) -> String {
        self.to_dot_with(DotStyle::default())
    }

    /// The tree as a Graphviz DOT digraph, drawn in `style`.
    pub fn to_dot_with(&self, style: DotStyle) -> String {
        let mut out = String::new();
        self.write_dot(&mut out, style)
            .expect("formatting into a String cannot fail");
        out
    }

    fn write_dot(&self, out: &mut String, style: DotStyle) -> fmt::Result {
        match self.kind {
            Kind::Boards => writeln!(
                out,
                "// The search tree of explore (forced cells: {}, branch cell: {}{}) for",
                self.forced_rule,
                self.branch_rule,
                if self.learns { ", learning" } else { "" }
            )?,
            Kind::Textbook => writeln!(out, "// The textbook search tree of explore for")?,
        }
        writeln!(out, "// {}", self.puzzle.to_line())?;
        writeln!(out, "// {}.", self.walked())?;
        writeln!(out, "// Render it with: dot -Tsvg tree.dot > tree.svg")?;
        writeln!(out, "digraph search_tree {{")?;
        let compact = self.is_compact(style);
        // A compact tree is spread to the slide's shape: its boards move apart, its text keeps
        // its size; its boards of a compact tree are as small as their numbers, and closer together.
        let (ratio, nodesep, size) = if compact {
            (
                format!(" ratio={SLIDE_RATIO},"),
                0.12,
                "width=0.3, height=0.3, margin=\"0.07,0.03\"",
            )
        } else {
            (String::new(), 0.3, "margin=\"0.14,0.06\"")
        };
        writeln!(
            out,
            "    graph [rankdir=TB,{ratio} fontname=\"{FONT}\", fontsize=14, labelloc=t, \
             nodesep={nodesep}, ranksep=0.45, label=<{}>];",
            self.title(style)
        )?;
        writeln!(
            out,
            "    node [fontname=\"{FONT}\", fontsize=12, shape=box, style=\"rounded,filled\", \
             {size}, fillcolor=\"{}\", color=\"{}\"];",
            BLUE.0, BLUE.1
        )?;
        writeln!(out, "    edge [color=\"#777777\", arrowsize=0.6];")?;
        writeln!(out)?;

        let levels = self.levels();
        writeln!(
            out,
            "    // One label per depth, declared first so that dot draws it at the left of its row."
        )?;
        let held = self.held_at_first_solution();
        let mut is_held = vec![false; self.nodes.len()];
        for &id in held {
            is_held[id] = true;
        }
        for level in &levels {
            let n_held = held
                .iter()
                .filter(|&&id| self.nodes[id].depth == level.depth)
                .count();
            let mut lines = vec![
                format!("depth {}", level.depth),
                plural(level.nodes, "board", "boards"),
            ];
            if n_held > 0 {
                lines.push(format!("{n_held} held"));
            }
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            writeln!(
                out,
                "    depth{} [label={}, shape=plaintext, style=\"\", fontcolor=\"#555555\"];",
                level.depth,
                quote(&lines)
            )?;
        }
        for pair in levels.windows(2) {
            writeln!(
                out,
                "    depth{} -> depth{} [style=invis];",
                pair[0].depth, pair[1].depth
            )?;
        }
        writeln!(out)?;

        writeln!(
            out,
            "    // The boards, each numbered in the order it was expanded."
        )?;
        let mut solution_numbers = vec![0; self.nodes.len()];
        for (number, node) in self
            .visits()
            .filter(|node| matches!(node.fate, Fate::Solved(_)))
            .enumerate()
        {
            solution_numbers[node.id] = number + 1;
        }
        let several_solutions = self.n_solutions() > 1;
        for node in &self.nodes {
            let lines = if compact {
                self.compact_lines(node)
            } else {
                self.lines(node, solution_numbers[node.id], several_solutions)
            };
            let mut tooltip = self.tooltip(node, solution_numbers[node.id]);
            if compact {
                // What the label leaves out.
                tooltip = format!("{}: {tooltip}", self.lines(node, 0, false)[0]);
            }
            let board = self.board(node.id).filter(|_| style.boards);
            let label = match board {
                Some(board) => grid_label(&lines, board, node, &self.puzzle),
                None => {
                    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
                    quote(&lines)
                }
            };
            let mut look = look(&node.fate);
            if board.is_some() {
                // A grid fits a box better than an octagon; the colour and the word say dead.
                look = look.replace("shape=octagon", "shape=box");
            }
            if is_held[node.id] {
                if !look.is_empty() {
                    look.push_str(", ");
                }
                let _ = write!(look, "color=\"{HELD}\", penwidth=3");
            }
            let separator = if look.is_empty() { "" } else { ", " };
            writeln!(
                out,
                "    n{} [label={label}, tooltip={}{separator}{look}];",
                node.id,
                quote(&[&tooltip])
            )?;
        }
        writeln!(out)?;
        for node in &self.nodes {
            if let Some(parent) = node.parent {
                writeln!(out, "    n{parent} -> n{};", node.id)?;
            }
        }
        if style.order_path {
            writeln!(out)?;
            writeln!(
                out,
                "    // The visit order: from each expanded board to the next (not a parent link)."
            )?;
            let visited: Vec<&Node> = self.visits().collect();
            for pair in visited.windows(2) {
                writeln!(
                    out,
                    "    n{} -> n{} [style=dashed, color=\"{PATH}\", penwidth=1.3, \
                     constraint=false, arrowsize=0.7];",
                    pair[0].id, pair[1].id
                )?;
            }
        }
        writeln!(out)?;

        writeln!(out, "    // Each depth on one row.")?;
        for level in &levels {
            write!(out, "    {{ rank=same; depth{};", level.depth)?;
            for node in self.nodes.iter().filter(|node| node.depth == level.depth) {
                write!(out, " n{};", node.id)?;
            }
            writeln!(out, " }}")?;
        }
        writeln!(out, "}}")
    }

    /// Whether the tree is drawn compact: a depth of more than [`COMPACT_WIDTH`] boards, and
    /// no grids.
    fn is_compact(&self, style: DotStyle) -> bool {
        let widest = self.levels().iter().map(|level| level.nodes).max();
        widest > Some(COMPACT_WIDTH) && !(style.boards && self.boards.is_some())
    }

    /// The lines of a compact board's label: its number, and for a board a clause cut or that
    /// taught clauses, their numbers.
    fn compact_lines(&self, node: &Node) -> Vec<String> {
        let mut lines = vec![node.visit.map_or_else(String::new, |v| (v + 1).to_string())];
        if let Fate::Cut { clause } = node.fate {
            lines.push(format!("cut {}", clause + 1));
        }
        if !node.learned.is_empty() {
            let numbers: Vec<String> = node.learned.iter().map(|c| (c + 1).to_string()).collect();
            lines.push(format!("learned {}", numbers.join(",")));
        }
        lines
    }

    /// The lines of a board's label: its number and guess, what was forced, its end.
    fn lines(&self, node: &Node, solution: usize, several_solutions: bool) -> Vec<String> {
        let head = match node.guess {
            Some(guess) => guess.to_string(),
            None => "start".to_owned(),
        };
        let mut lines = vec![match node.visit {
            Some(visit) => format!("{}. {head}", visit + 1),
            None => head,
        }];
        if node.parent.is_none() {
            lines.push(plural(self.puzzle.n_filled(), "given", "givens"));
        }
        let forced = || format!("+{} forced", node.forced);
        // Nothing is ever forced in the backtrackers' tree: no line says so on every board.
        let says_forced = self.kind == Kind::Boards;
        match &node.fate {
            Fate::Branched { .. } => lines.extend(says_forced.then(forced)),
            Fate::Solved(_) => {
                lines.extend(says_forced.then(forced));
                lines.push(if several_solutions {
                    format!("solution {solution}")
                } else {
                    "solution".to_owned()
                });
            }
            Fate::Dead => lines.push("dead".to_owned()),
            Fate::Cut { clause } => lines.push(format!("cut by clause {}", clause + 1)),
            Fate::Unexplored => lines.push("not explored".to_owned()),
        }
        for &clause in &node.learned {
            lines.push(format!("learned clause {}:", clause + 1));
            lines.extend(clause_lines(&self.clauses[clause].to_string()));
        }
        lines
    }

    fn tooltip(&self, node: &Node, solution: usize) -> String {
        match &node.fate {
            Fate::Branched { cell, children } => {
                let branches = format!(
                    "branches on {cell} into {}",
                    plural(children.len(), "board", "boards")
                );
                match self.kind {
                    Kind::Boards => format!("+{} forced, then {branches}", node.forced),
                    Kind::Textbook => branches,
                }
            }
            Fate::Solved(grid) => format!("solution {solution}: {}", grid.to_line()),
            Fate::Dead => {
                let mut text =
                    "dead: a cell, or a digit in a row, column or box, has no place left"
                        .to_owned();
                self.write_learned(&mut text, node);
                text
            }
            Fate::Cut { clause } => {
                let mut text = format!(
                    "cut: clause {} ({}), learned at an earlier dead end, rules out the \
                     guesses that made it",
                    clause + 1,
                    self.clauses[*clause]
                );
                self.write_learned(&mut text, node);
                text
            }
            Fate::Unexplored => format!(
                "not explored: the search stopped first ({})",
                self.stop_reason()
            ),
        }
    }

    /// Adds to a tooltip the clauses `node`'s death taught.
    fn write_learned(&self, text: &mut String, node: &Node) {
        for &clause in &node.learned {
            let _ = write!(
                text,
                "; learned clause {}: {}",
                clause + 1,
                self.clauses[clause]
            );
        }
    }

    /// How the tree was walked, in words.
    fn walked(&self) -> &'static str {
        match (self.kind, self.order) {
            (Kind::Boards, Order::Breadth) => {
                "numbered in the order bfs expands the boards: breadth-first, a depth at a time"
            }
            (Kind::Boards, Order::Depth) => {
                "numbered in the order dfs expands the boards: depth-first, smallest digit first"
            }
            (Kind::Textbook, _) => {
                "the tree of backtrack and bitmask: the first empty cell, one child per legal \
                 digit, nothing forced; numbered depth-first, smallest digit first"
            }
        }
    }

    /// The graph's label: the totals, the rules, the order and a legend, as a Graphviz
    /// HTML-like label.
    fn title(&self, style: DotStyle) -> String {
        let mut totals = format!(
            "{}: {} branched, {} dead{}, {}",
            plural(self.n_nodes(), "board", "boards"),
            self.n_branched(),
            self.n_dead(),
            if self.learns {
                format!(" ({} cut by a learned clause)", self.n_cut())
            } else {
                String::new()
            },
            plural(self.n_solutions(), "solution", "solutions"),
        );
        if self.n_unexplored() > 0 {
            let _ = write!(totals, ", {} not explored", self.n_unexplored());
        }
        let _ = write!(totals, "; depth {}", self.depth());
        let rules = match self.kind {
            Kind::Boards => format!(
                "{}; forced cells: {}; branch cell: {}{}; {}",
                self.puzzle.shape(),
                self.forced_rule,
                self.branch_rule,
                if self.learns { "; learning" } else { "" },
                self.stop_reason()
            ),
            Kind::Textbook => format!("{}; {}", self.puzzle.shape(), self.stop_reason()),
        };
        let key = |(fill, line): Colours, text: &str| {
            format!(
                "<td bgcolor=\"{fill}\" color=\"{line}\" border=\"1\" cellpadding=\"3\">{}</td>",
                html(text)
            )
        };
        let columns = 4 + usize::from(style.order_path) + usize::from(self.learns);
        let row = |text: &str| format!("<tr><td colspan=\"{columns}\">{}</td></tr>", html(text));
        let compact = self.is_compact(style);
        let mut notes = String::new();
        if compact {
            notes.push_str(&row(
                "each board numbered in the visit order; its guess is in its tooltip",
            ));
        }
        // Learning adds its fate to the legend, and what the clauses say.
        let cut = if self.learns {
            notes.push_str(&row(
                "learned k: a dead board taught clause k, facts that cannot all hold; \
                 cut k: clause k ruled the board out before it was filled",
            ));
            if compact {
                for (i, clause) in self.clauses.iter().take(LEGEND_CLAUSES).enumerate() {
                    notes.push_str(&row(&format!("clause {}: {clause}", i + 1)));
                }
                if self.clauses.len() > LEGEND_CLAUSES {
                    notes.push_str(&row(&format!(
                        "and {} more, each in the tooltip of the board that learned it",
                        self.clauses.len() - LEGEND_CLAUSES
                    )));
                }
            }
            key(AMBER, "cut by a learned clause")
        } else {
            String::new()
        };
        let path = if style.order_path {
            format!("<td cellpadding=\"3\"><font color=\"{PATH}\">- - &gt; visit order</font></td>")
        } else {
            String::new()
        };
        let held: String = self
            .held()
            .iter()
            .map(|line| {
                format!(
                    "<tr><td colspan=\"{columns}\"><font color=\"{HELD}\">{}</font></td></tr>",
                    html(line)
                )
            })
            .collect();
        format!(
            "<table border=\"0\" cellspacing=\"4\">\
             <tr><td colspan=\"{columns}\"><b>Search tree</b></td></tr>\
             <tr><td colspan=\"{columns}\">{}</td></tr>\
             <tr><td colspan=\"{columns}\">{}</td></tr>\
             <tr><td colspan=\"{columns}\">{}</td></tr>\
             <tr>{}{}{}{cut}{}{path}</tr>{notes}{held}</table>",
            html(&totals),
            html(&rules),
            html(self.walked()),
            key(BLUE, "branched"),
            key(GREEN, "solution"),
            key(RED, "dead"),
            key(GREY, "not explored"),
        )
    }

    /// The legend of the boards held when the first solution was found, if one was, in two
    /// lines: how many, and what they are in the strategy's order.
    fn held(&self) -> Vec<String> {
        let held = self.held_at_first_solution();
        if held.is_empty() {
            return Vec::new();
        }
        let what = match self.order {
            Order::Breadth => {
                "the solution and the queue: the rest of its level, the next level so far"
            }
            Order::Depth => "the solution and the stack: the boards still to try beside its path",
        };
        vec![
            format!(
                "thick purple border: the {} held when the first solution was found,",
                plural(held.len(), "board", "boards")
            ),
            what.to_owned(),
        ]
    }

    pub(super) fn stop_reason(&self) -> &'static str {
        match self.stop {
            Stop::Exhausted => "searched to the end",
            Stop::SolutionLimit => "stopped at the solution limit",
            Stop::NodeBudget => "stopped at the node budget",
            Stop::Timeout => "stopped at the time limit",
        }
    }
}

/// The font of every label: Helvetica where Graphviz has it, and what a viewer of the SVG has
/// of the same width otherwise.
const FONT: &str = "Helvetica,Arial,sans-serif";

/// The colour of the dashed path of the visit order.
const PATH: &str = "#e65100";

/// The border of the boards held when the first solution was found.
const HELD: &str = "#7b1fa2";

/// A board's label as a Graphviz HTML-like label: its lines above its grid.
///
/// Givens are black, digits the search settled blue, the digit this board's guess put in is
/// on amber, the cell it branches on next on yellow, and a cell left without any candidate (a
/// dead board's) on red. Open cells show their candidates small, each digit at its own place
/// in a little box-shaped grid, so that missing digits show as gaps. Boxes alternate white and
/// grey.
fn grid_label(lines: &[String], board: &BoardView, node: &Node, puzzle: &Grid) -> String {
    let shape = board.grid().shape();
    let guess = node.guess.map(|guess| guess.cell);
    let branch = match &node.fate {
        Fate::Branched { cell, .. } => Some(*cell),
        _ => None,
    };
    let size = if shape.side() <= 6 { 20 } else { 24 };
    let mut label = String::from("<<table border=\"0\" cellborder=\"0\" cellspacing=\"2\">");
    for line in lines {
        let _ = write!(label, "<tr><td>{}</td></tr>", html(line));
    }
    label.push_str(
        "<tr><td><table border=\"1\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"0\" \
         color=\"#666666\">",
    );
    for row in 0..shape.side() {
        label.push_str("<tr>");
        for col in 0..shape.side() {
            let Some(cell) = shape.cell(row, col) else {
                continue;
            };
            let background = if Some(cell) == guess {
                GUESS
            } else if Some(cell) == branch {
                BRANCH
            } else if board.is_empty_cell(cell) {
                EMPTY
            } else {
                box_shade(cell, shape)
            };
            let _ = write!(
                label,
                "<td width=\"{size}\" height=\"{size}\" fixedsize=\"true\" bgcolor=\"{background}\">{}</td>",
                cell_text(board, cell, puzzle)
            );
        }
        label.push_str("</tr>");
    }
    label.push_str("</table></td></tr></table>>");
    label
}

/// What one cell of a drawn board shows: its digit, or its candidates in place.
fn cell_text(board: &BoardView, cell: Cell, puzzle: &Grid) -> String {
    let shape = board.grid().shape();
    if let Some(digit) = board.digit(cell) {
        let colour = digit_colour(cell, puzzle);
        return format!("<font point-size=\"12\" color=\"{colour}\"><b>{digit}</b></font>");
    }
    let candidates: Vec<usize> = board.candidates(cell).map(|digit| digit.get()).collect();
    let mut text = String::from("<font point-size=\"6\" color=\"#444444\">");
    for (i, digit) in shape.digits().enumerate() {
        if i > 0 && i % shape.box_cols() == 0 {
            text.push_str("<br/>");
        } else if i > 0 {
            text.push(' ');
        }
        if candidates.contains(&digit.get()) {
            let _ = write!(text, "{digit}");
        } else {
            text.push_str("&#160;");
        }
    }
    text.push_str("</font>");
    text
}

/// The colours of a drawn board, shared with the Posthoc view: the cell a board's guess filled,
/// the cell it branches on next, and a cell a dead board left without candidates.
pub(super) const GUESS: &str = "#ffd54f";
pub(super) const BRANCH: &str = "#fff59d";
pub(super) const EMPTY: &str = "#ef9a9a";

/// The background of `cell`: boxes alternate white and grey, so that they stand apart.
pub(super) fn box_shade(cell: Cell, shape: crate::geometry::Shape) -> &'static str {
    if (cell.row() / shape.box_rows() + cell.col() / shape.box_cols()) % 2 == 0 {
        "#ffffff"
    } else {
        "#e8e8e8"
    }
}

/// The colour of a settled digit: black for a given, blue for one the search settled.
pub(super) fn digit_colour(cell: Cell, puzzle: &Grid) -> &'static str {
    if puzzle.get(cell).is_some() {
        "#000000"
    } else {
        "#1f5fa8"
    }
}

/// Fill and line colours of each fate, shared by the boards and the legend: light fills so the
/// black labels stay legible in print, and the fates tell apart by shape and border as well as
/// by colour.
const BLUE: Colours = ("#dbe8f5", "#4a78a8");
const GREEN: Colours = ("#c8ebc2", "#2e7d32");
const RED: Colours = ("#f7cfcf", "#c62828");
const GREY: Colours = ("#ffffff", "#9e9e9e");
const AMBER: Colours = ("#ffe9b3", "#a66300");

/// A fill colour and a line colour.
type Colours = (&'static str, &'static str);

/// The attributes of a board of this fate, beyond the graph's node defaults (which are those of
/// a board that branched).
fn look(fate: &Fate) -> String {
    let colours = |(fill, line): Colours| format!("fillcolor=\"{fill}\", color=\"{line}\"");
    match fate {
        Fate::Branched { .. } => String::new(),
        Fate::Solved(_) => format!("{}, peripheries=2, penwidth=1.5", colours(GREEN)),
        Fate::Dead => format!(
            "shape=octagon, style=filled, {}, fontcolor=\"#8b1a1a\"",
            colours(RED)
        ),
        // Cut corners, as the clause cut the board off before it was filled.
        Fate::Cut { .. } => format!(
            "style=\"filled,diagonals\", {}, fontcolor=\"#6b3f00\"",
            colours(AMBER)
        ),
        Fate::Unexplored => format!(
            "style=\"rounded,dashed\", {}, fontcolor=\"#757575\"",
            colours(GREY)
        ),
    }
}

/// A clause's text in lines of a few facts each, so that a board's box stays narrow.
fn clause_lines(text: &str) -> Vec<String> {
    const WIDTH: usize = 28;
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= WIDTH => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// `1 board`, `2 boards`.
pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A DOT quoted string of `lines`, each centred on its own line.
pub(super) fn quote(lines: &[&str]) -> String {
    let mut quoted = String::from("\"");
    for (i, line) in lines.iter().flat_map(|text| text.lines()).enumerate() {
        if i > 0 {
            quoted.push_str("\\n");
        }
        for c in line.chars() {
            match c {
                // A backslash starts an escape in DOT labels (`\n`, `\N`), a quote ends the
                // string; both are taken literally when escaped.
                '"' | '\\' => {
                    quoted.push('\\');
                    quoted.push(c);
                }
                _ => quoted.push(c),
            }
        }
    }
    quoted.push('"');
    quoted
}

/// Text for a Graphviz HTML-like label.
pub(super) fn html(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            _ => escaped.push(c),
        }
    }
    escaped
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, Forced, Strategy};
    use crate::testing::grid;
    use crate::tree::{Walk, record};

    /// Six solutions and two dead boards under naked singles: the classroom's 4x4 tree.
    const SMALL: &str = "......1.21....21";

    fn config(strategy: Strategy) -> Config {
        Config {
            strategy,
            forced: Forced::Naked,
            max_solutions: None,
            ..Config::default()
        }
    }

    /// The label line of board `id`.
    fn label(dot: &str, id: usize) -> &str {
        let start = format!("    n{id} [label=");
        dot.lines().find(|line| line.starts_with(&start)).unwrap()
    }

    #[test]
    fn bfs_and_dfs_number_the_same_tree_in_their_own_order() {
        let puzzle = grid(SMALL);
        let bfs = record(&puzzle, &config(Strategy::Bfs), 100).unwrap();
        let dfs = record(&puzzle, &config(Strategy::Dfs), 100).unwrap();
        let guesses = |tree: &SearchTree| {
            let mut guesses: Vec<String> = tree
                .nodes()
                .iter()
                .map(|node| format!("{} {:?}", node.depth, node.guess.map(|g| g.to_string())))
                .collect();
            guesses.sort();
            guesses
        };
        assert_eq!(guesses(&bfs), guesses(&dfs), "the same boards");
        let (bfs_dot, dfs_dot) = (bfs.to_dot(), dfs.to_dot());
        assert!(bfs_dot.contains("numbered in the order bfs expands the boards"));
        assert!(dfs_dot.contains("numbered in the order dfs expands the boards"));
        // Board 1 (r1c3=3) is the second visited in both; its first child is third for bfs
        // only, and for dfs the root's second child comes after the whole first subtree.
        assert!(label(&bfs_dot, 1).contains("\"2. r1c3=3\\n"));
        assert!(label(&dfs_dot, 1).contains("\"2. r1c3=3\\n"));
        assert!(label(&bfs_dot, 2).contains("\"3. r1c3=4\\n"));
        assert!(label(&dfs_dot, 2).contains("\"9. r1c3=4\\n"));
        assert!(
            !bfs_dot.contains("style=dashed, color"),
            "no path unless asked"
        );
    }

    #[test]
    fn the_order_path_joins_each_board_to_the_next_visited() {
        let puzzle = grid(SMALL);
        for strategy in [Strategy::Bfs, Strategy::Dfs] {
            let tree = record(&puzzle, &config(strategy), 100).unwrap();
            let dot = tree.to_dot_with(DotStyle::default().with_order_path(true));
            let path: Vec<&str> = dot
                .lines()
                .filter(|line| line.contains("style=dashed, color="))
                .collect();
            let visits: Vec<usize> = tree.visits().map(|node| node.id).collect();
            assert_eq!(path.len(), visits.len() - 1, "{strategy}");
            for (line, pair) in path.iter().zip(visits.windows(2)) {
                let edge = format!("    n{} -> n{} [", pair[0], pair[1]);
                assert!(line.starts_with(&edge), "{strategy}: {line}");
                assert!(
                    line.contains("constraint=false"),
                    "the path keeps the tree's layout"
                );
            }
            assert!(
                dot.contains("visit order</font></td>"),
                "the legend names the path"
            );
        }
    }

    #[test]
    fn boards_are_drawn_as_grids_with_their_candidates() {
        let puzzle = grid(SMALL);
        let tree = Walk::new(&puzzle, &config(Strategy::Dfs), 100)
            .keep_boards()
            .finish()
            .unwrap();
        assert!(tree.boards_fit());
        let dot = tree.to_dot_with(DotStyle::default().with_boards(true));
        let root = label(&dot, 0);
        assert!(root.starts_with("    n0 [label=<<table"), "{root}");
        assert_eq!(
            root.matches("fixedsize=\"true\"").count(),
            16,
            "one cell per square"
        );
        // r1c3, the branch cell, on yellow with its candidates 3 and 4 in place (row 2 of the
        // little 2x2 grid); r2c3 holds the given 1, in black.
        assert!(root.contains("bgcolor=\"#fff59d\"><font point-size=\"6\" color=\"#444444\">&#160; &#160;<br/>3 4</font>"), "{root}");
        assert!(root.contains("color=\"#000000\"><b>1</b>"));
        // A dead board is a box (a grid fits it) and shows the cells it left empty in red.
        let dead = tree.nodes().iter().find(|n| n.fate == Fate::Dead).unwrap();
        let line = label(&dot, dead.id);
        assert!(
            line.contains("shape=box") && line.contains("#ef9a9a"),
            "{line}"
        );
        // Without kept boards, or without the style, the labels are plain.
        assert!(!tree.to_dot().contains("<table border=\"0\" cellborder"));
        let plain = record(&puzzle, &config(Strategy::Dfs), 100).unwrap();
        let dot = plain.to_dot_with(DotStyle::default().with_boards(true));
        assert!(label(&dot, 0).starts_with("    n0 [label=\"1. start"));
    }

    /// At its first solution, breadth-first holds a row across the tree (the solution's depth
    /// and the next), depth-first the boards beside one path (each a child of a board on the
    /// path to the solution); the picture marks them and says how many.
    #[test]
    fn the_boards_held_at_the_first_solution_are_a_level_for_bfs_and_a_path_for_dfs() {
        let puzzle = grid(SMALL);
        for strategy in [Strategy::Bfs, Strategy::Dfs, Strategy::Backtrack] {
            let tree = record(&puzzle, &config(strategy), 1_000).unwrap();
            let held = tree.held_at_first_solution();
            let first = tree
                .visits()
                .find(|n| matches!(n.fate, Fate::Solved(_)))
                .unwrap();
            assert_eq!(held[0], first.id, "{strategy}: the solution first");
            let node = |id: usize| &tree.nodes()[id];
            let mut path = vec![first.id];
            while let Some(parent) = node(*path.last().unwrap()).parent {
                path.push(parent);
            }
            for &id in &held[1..] {
                let held = node(id);
                assert_ne!(held.fate, Fate::Unexplored, "{strategy}: run to the end");
                match tree.order() {
                    Order::Breadth => assert!(
                        held.depth == first.depth || held.depth == first.depth + 1,
                        "{strategy}: {held:?}"
                    ),
                    Order::Depth => assert!(
                        held.parent.is_some_and(|parent| path.contains(&parent)),
                        "{strategy}: {held:?} hangs off the path {path:?}"
                    ),
                }
            }
            let dot = tree.to_dot();
            let legend = format!(
                "the {} boards held when the first solution was found",
                held.len()
            );
            assert!(dot.contains(&legend), "{strategy}: {legend}");
            let marked = dot.matches("color=\"#7b1fa2\", penwidth=3").count();
            assert_eq!(marked, held.len(), "{strategy}");
        }
        let bfs = record(&puzzle, &config(Strategy::Bfs), 100).unwrap();
        assert_eq!(bfs.held_at_first_solution(), [8, 9, 10, 11, 12]);
        assert!(bfs.to_dot().contains("\"depth 3\\n4 boards\\n3 held\""));
        let dfs = record(&puzzle, &config(Strategy::Dfs), 100).unwrap();
        assert!(dfs.to_dot().contains("\"depth 1\\n2 boards\\n1 held\""));
        // No solution, nothing held and nothing said.
        let none = record(&grid("1.1............."), &config(Strategy::Dfs), 100).unwrap();
        assert!(none.held_at_first_solution().is_empty());
        assert!(!none.to_dot().contains("held"));
    }

    #[test]
    fn the_backtrackers_tree_says_what_it_is() {
        let puzzle = grid(SMALL);
        let tree = record(&puzzle, &config(Strategy::Backtrack), 1_000).unwrap();
        assert_eq!(tree.kind(), Kind::Textbook);
        let dot = tree.to_dot();
        assert!(dot.contains("the tree of backtrack and bitmask: the first empty cell"));
        assert!(
            !dot.contains(" forced\\n") && !dot.contains("forced cells:"),
            "nothing is forced in that tree, and no line says so"
        );
        // The first empty cell of the puzzle is r1c1, whatever its candidates.
        assert!(label(&dot, 1).contains("\"2. r1c1="), "{}", label(&dot, 1));
    }
}
