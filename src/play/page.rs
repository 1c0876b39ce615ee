//! The page that plays recordings: one self-contained HTML file.
//!
//! The page is three files of this crate, written by hand and built in with `include_str!`:
//! `page.html` (the document, with places for the title, the styles, the data and the
//! script), `page.css` and `page.js` (plain JavaScript: one `state` object, pure functions
//! from it to the drawing, one key handler). The recordings go in as one JSON document
//! ([`Document`]) inside a `<script type="application/json">`, so the page fetches nothing:
//! no request to the network or to another file, and it opens from disk offline. No
//! JavaScript build step and no package manager are involved.
//!
//! ```
//! use explore::{Config, format, play, solve};
//!
//! let puzzle = format::parse_one("......1.21....21")?;
//! let config = Config::default();
//! let recording = play::Recording::new(&puzzle, &config, &solve(&puzzle, &config), "4x4");
//! let page = play::page::html(&play::Document::new(vec![recording]));
//! assert!(page.starts_with("<!DOCTYPE html>"));
//! assert!(!page.contains("src=") && !page.contains("href="));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::Formatter;

use super::{Document, Recording};

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The id of the `<script type="application/json">` element that holds the document.
pub const DATA_ID: &str = "recording";

/// The page that plays `document`: HTML text, complete in itself.
pub fn html(document: &Document) -> String {
    let mut page = Vec::new();
    // Writing to a Vec cannot fail, and the page is UTF-8 throughout.
    let _ = write_html(document, &mut page);
    String::from_utf8(page).unwrap_or_default()
}

/// Writes the page that plays `document` ([`html`]'s text) to `out`, the recording's JSON
/// straight from the serializer with no copy of its own: for a page of megabytes, writing
/// it to a buffered file costs little more than the JSON itself.
///
/// # Errors
///
/// Those of `out`.
pub fn write_html(document: &Document, out: &mut impl Write) -> io::Result<()> {
    let title = match document.runs.as_slice() {
        [] => "explore".to_owned(),
        [one] => format!("{}: {}", one.title, one.strategy),
        runs => {
            let names: Vec<&str> = runs.iter().map(|run| run.strategy).collect();
            format!("{}: {}", runs[0].title, names.join(" and "))
        }
    };
    // The template's places are filled in one pass, so that no text put in is read again.
    let mut rest = TEMPLATE;
    while let Some(start) = rest.find("{{") {
        out.write_all(&rest.as_bytes()[..start])?;
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            rest = &rest[start..];
            break;
        };
        match &after[..end] {
            "title" => out.write_all(escape_html(&title).as_bytes())?,
            "style" => out.write_all(STYLE.as_bytes())?,
            "script" => out.write_all(SCRIPT.as_bytes())?,
            "data" => {
                let mut pieces = Pieces::new(&mut *out);
                write_document(document, &mut pieces)?;
                pieces.flush()?;
            }
            other => {
                out.write_all(b"{{")?;
                out.write_all(other.as_bytes())?;
                out.write_all(b"}}")?;
            }
        }
        rest = &after[end + 2..];
    }
    out.write_all(rest.as_bytes())
}

/// Writes the JSON of `document` as its `Serialize` does (`serde_json` with [`InScript`]),
/// but for the columns of numbers of each recording, each written whole at once: they are
/// most of a recording, and a number a call through the serializer costs several times the
/// number itself. Every field of [`Recording`] is written here in its order; a test holds
/// the two to the same JSON.
fn write_document<W: Write>(document: &Document, out: &mut W) -> io::Result<()> {
    out.write_all(b"{\"schema\":")?;
    value(out, document.schema)?;
    out.write_all(b",\"runs\":[")?;
    for (i, run) in document.runs.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write_recording(run, out)?;
    }
    out.write_all(b"]}")
}

fn write_recording<W: Write>(run: &Recording, out: &mut W) -> io::Result<()> {
    let field = |out: &mut W, name: &str, first: bool| {
        out.write_all(if first { b"{\"" } else { b",\"" })?;
        out.write_all(name.as_bytes())?;
        out.write_all(b"\":")
    };
    field(out, "title", true)?;
    value(out, &run.title)?;
    for (name, text) in [
        ("strategy", run.strategy),
        ("order", run.order),
        ("tree", run.tree),
        ("forced", run.forced),
        ("branch", run.branch),
    ] {
        field(out, name, false)?;
        value(out, text)?;
    }
    field(out, "learn", false)?;
    value(out, &run.learn)?;
    field(out, "size", false)?;
    value(out, &run.size)?;
    field(out, "box", false)?;
    value(out, &run.box_shape)?;
    field(out, "puzzle", false)?;
    value(out, &run.puzzle)?;
    field(out, "max_boards", false)?;
    value(out, &run.max_boards)?;
    field(out, "note", false)?;
    value(out, &run.note)?;
    field(out, "stop", false)?;
    value(out, run.stop)?;
    let boards = &run.boards;
    field(out, "boards", false)?;
    field(out, "parent", true)?;
    column(out, &boards.parent)?;
    field(out, "depth", false)?;
    column(out, &boards.depth)?;
    field(out, "guess_cell", false)?;
    column(out, &boards.guess_cell)?;
    field(out, "guess", false)?;
    column(out, &boards.guess)?;
    field(out, "fate", false)?;
    value(out, &boards.fate)?;
    field(out, "cell", false)?;
    column(out, &boards.cell)?;
    field(out, "forced", false)?;
    column(out, &boards.forced)?;
    out.write_all(b"}")?;
    let steps = &run.steps;
    field(out, "steps", false)?;
    for (i, (name, numbers)) in [
        ("board", &steps.board),
        ("changed", &steps.changed),
        ("changes", &steps.changes),
    ]
    .into_iter()
    .enumerate()
    {
        field(out, name, i == 0)?;
        column(out, numbers)?;
    }
    out.write_all(b"}")?;
    let clauses = &run.clauses;
    field(out, "clauses", false)?;
    field(out, "text", true)?;
    value(out, &clauses.text)?;
    field(out, "cut", false)?;
    column(out, &clauses.cut)?;
    field(out, "taught", false)?;
    column(out, &clauses.taught)?;
    out.write_all(b"}")?;
    field(out, "status", false)?;
    value(out, run.status)?;
    field(out, "solutions", false)?;
    value(out, &run.solutions)?;
    field(out, "count", false)?;
    value(out, &run.count)?;
    field(out, "stats", false)?;
    value(out, &run.stats)?;
    out.write_all(b"}")
}

/// One value as `serde_json` writes it inside a script.
fn value<W: Write, T: Serialize + ?Sized>(out: &mut W, value: &T) -> io::Result<()> {
    let mut json = serde_json::Serializer::with_formatter(out, InScript);
    value.serialize(&mut json).map_err(io::Error::from)
}

/// A number of a column: an index or a count, or nothing (`null`).
trait Number: Copy {
    /// The number, or `None` for `null`.
    fn number(self) -> Option<u64>;
}

impl Number for u32 {
    fn number(self) -> Option<u64> {
        Some(u64::from(self))
    }
}

impl Number for usize {
    fn number(self) -> Option<u64> {
        Some(self as u64)
    }
}

impl Number for Option<u32> {
    fn number(self) -> Option<u64> {
        self.map(u64::from)
    }
}

/// The most bytes of a column's text made before they are written.
const COLUMN_BYTES: usize = 1 << 16;

/// A column of numbers as a JSON array, made in blocks of [`COLUMN_BYTES`] and written a
/// block at a time. One block's room serves every column, so that the text of a recording
/// never takes memory of its own.
fn column<W: Write, T: Number>(out: &mut W, numbers: &[T]) -> io::Result<()> {
    thread_local! {
        static TEXT: std::cell::RefCell<Vec<u8>> =
            std::cell::RefCell::new(vec![0; COLUMN_BYTES + 32]);
    }
    TEXT.with_borrow_mut(|text| column_in(out, numbers, text))
}

/// [`column`] in `text`, a block of [`COLUMN_BYTES`] and room for one number more.
fn column_in<W: Write, T: Number>(out: &mut W, numbers: &[T], text: &mut [u8]) -> io::Result<()> {
    text[0] = b'[';
    let mut len = 1;
    for number in numbers {
        if len >= COLUMN_BYTES {
            out.write_all(&text[..len])?;
            len = 0;
        }
        // A number and its comma; the last comma becomes the closing bracket.
        let room: &mut [u8; NUMBER_ROOM] = (&mut text[len..len + NUMBER_ROOM])
            .try_into()
            .expect("a block has room for one number more");
        let width = match number.number() {
            None => {
                room[..4].copy_from_slice(b"null");
                4
            }
            Some(n) => decimal(n, room),
        };
        room[width] = b',';
        len += width + 1;
    }
    if numbers.is_empty() {
        text[len] = b']';
        len += 1;
    } else {
        text[len - 1] = b']';
    }
    out.write_all(&text[..len])
}

/// The room a number and its comma take at most: `u64::MAX` has 20 digits.
const NUMBER_ROOM: usize = 21;

/// Writes `n` in decimal at the start of `to`, and returns how many digits it took: two
/// digits at a time, from the last. Written in place rather than by `itoa` (serde_json's):
/// its call and the copy after it made a page's columns 1.7 times the instructions
/// (`callgrind`, `bitmask` near the bound: 10.6 million against 6.2).
#[inline]
fn decimal(mut n: u64, to: &mut [u8; NUMBER_ROOM]) -> usize {
    const PAIRS: &[u8; 200] = b"\
        0001020304050607080910111213141516171819\
        2021222324252627282930313233343536373839\
        4041424344454647484950515253545556575859\
        6061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899";
    if n < 10 {
        to[0] = b'0' + n as u8;
        return 1;
    }
    // At most 20 digits: the bound lets the indices below go unchecked.
    let width = (n.ilog10() as usize + 1).min(20);
    let mut at = width;
    while at >= 2 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        at -= 2;
        to[at] = PAIRS[pair];
        to[at + 1] = PAIRS[pair + 1];
    }
    if at == 1 {
        to[0] = b'0' + n as u8;
    }
    width
}

/// The most bytes [`Pieces`] holds before it hands them on.
const PIECES_BYTES: usize = 8192;

/// A writer for text that comes in short pieces, as a recording's JSON does (its columns a
/// number and a comma at a time): a short piece is copied here byte by byte, where a call to
/// copy memory for each would cost more than the piece, and handed on in large blocks.
struct Pieces<'w, W: Write> {
    out: &'w mut W,
    held: [u8; PIECES_BYTES],
    len: usize,
}

impl<'w, W: Write> Pieces<'w, W> {
    fn new(out: &'w mut W) -> Pieces<'w, W> {
        Pieces {
            out,
            held: [0; PIECES_BYTES],
            len: 0,
        }
    }
}

impl<W: Write> Write for Pieces<'_, W> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.len() > 32 {
            self.flush()?;
            return self.out.write_all(bytes);
        }
        if self.len + bytes.len() > PIECES_BYTES {
            self.flush()?;
        }
        for (at, &byte) in self.held[self.len..].iter_mut().zip(bytes) {
            *at = byte;
        }
        self.len += bytes.len();
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.held[..self.len])?;
        self.len = 0;
        Ok(())
    }
}

/// JSON text as it may stand inside a `<script>` element: `<`, `>` and `&` (which only
/// strings hold) written as escapes, so that no `</script>` or `<!--` can end it early. Only
/// the strings' text is looked at, as the serializer writes it: numbers and punctuation go
/// out as they are.
struct InScript;

impl Formatter for InScript {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut rest = fragment.as_bytes();
        while let Some(at) = rest.iter().position(|b| matches!(b, b'<' | b'>' | b'&')) {
            writer.write_all(&rest[..at])?;
            writer.write_all(match rest[at] {
                b'<' => b"\\u003c",
                b'>' => b"\\u003e",
                _ => b"\\u0026",
            })?;
            rest = &rest[at + 1..];
        }
        writer.write_all(rest)
    }
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Config, Strategy};
    use crate::geometry::Shape;
    use crate::grid::Grid;
    use crate::play::{MAX_JSON_BYTES, Recording};
    use crate::strategy::solve;
    use crate::testing::{ESCARGOT, grid};

    #[test]
    fn numbers_are_written_in_decimal() {
        let mut numbers = vec![0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, 65_535, 99_999];
        numbers.extend((0..20).map(|power| 10u64.pow(power) - 1));
        numbers.extend((0..20).map(|power| 10u64.pow(power)));
        numbers.extend([u64::from(u32::MAX), u64::MAX - 1, u64::MAX]);
        for n in numbers {
            let mut text = [0; NUMBER_ROOM];
            let width = decimal(n, &mut text);
            assert_eq!(
                std::str::from_utf8(&text[..width]),
                Ok(n.to_string().as_str())
            );
        }
    }

    fn page_of(puzzle: &Grid, strategies: &[Strategy], title: &str) -> (String, Document) {
        let runs = strategies
            .iter()
            .map(|&strategy| {
                let config = Config::default().with_strategy(strategy);
                Recording::new(puzzle, &config, &solve(puzzle, &config), title)
            })
            .collect();
        let document = Document::new(runs);
        (html(&document), document)
    }

    /// The JSON between the data element's tags.
    fn embedded(page: &str) -> serde_json::Value {
        let open = format!("<script type=\"application/json\" id=\"{DATA_ID}\">");
        let start = page.find(&open).expect("the data element") + open.len();
        let end = start + page[start..].find("</script>").expect("its end");
        serde_json::from_str(&page[start..end]).expect("JSON")
    }

    #[test]
    fn the_page_is_self_contained() {
        let (page, _) = page_of(&grid(ESCARGOT), &[Strategy::Bfs, Strategy::Dfs], "demo");
        for outside in [
            "src=", "href=", "http:", "https:", "@import", "url(", "fetch(",
        ] {
            assert!(!page.contains(outside), "the page has {outside}");
        }
        assert!(!page.contains("{{"), "a place left unfilled");
        assert!(page.contains("<title>demo: bfs and dfs</title>"));
        assert_eq!(page.matches("<script").count(), 2);
    }

    #[test]
    fn the_embedded_json_round_trips() {
        let (page, document) = page_of(
            &grid(ESCARGOT),
            &[Strategy::Bfs],
            "a <title> & </script><!-- \"quoted\"",
        );
        let json = embedded(&page);
        assert_eq!(json, serde_json::to_value(&document).unwrap());
        assert_eq!(json["schema"], crate::play::SCHEMA);
        assert_eq!(
            json["runs"][0]["title"],
            "a <title> & </script><!-- \"quoted\""
        );
        assert_eq!(page.matches("</script>").count(), 2);
        assert!(page.contains("<title>a &lt;title&gt; &amp; &lt;/script&gt;"));
    }

    /// The JSON the page holds is the document's own, as its `Serialize` writes it, for
    /// every strategy, a learning search, a search past the bound and a title to escape.
    #[test]
    fn the_columns_written_at_once_are_the_documents_json() {
        let puzzle = grid(ESCARGOT);
        let mut runs: Vec<Recording> = Strategy::ALL
            .iter()
            .filter(|&&strategy| matches!(strategy, Strategy::Bfs | Strategy::Dfs))
            .map(|&strategy| {
                let config = Config::default().with_strategy(strategy).with_record(true);
                Recording::new(&puzzle, &config, &solve(&puzzle, &config), "<b>&")
            })
            .collect();
        let learn = Config::default()
            .with_learn(crate::config::Learn::Clauses)
            .with_forced(crate::config::Forced::Hidden);
        runs.push(Recording::new(
            &puzzle,
            &learn,
            &solve(&puzzle, &learn),
            "learning",
        ));
        let four = grid("......1.21....21");
        let backtrack = Config::default().with_strategy(Strategy::Backtrack);
        runs.push(Recording::new(
            &four,
            &backtrack,
            &solve(&four, &backtrack),
            "4x4",
        ));
        let empty = Grid::empty(Shape::NINE);
        let past = Config::default().with_max_nodes(Some(30_000));
        runs.push(Recording::new(
            &empty,
            &past,
            &solve(&empty, &past),
            "empty",
        ));
        let document = Document::new(runs);
        let mut ours = Vec::new();
        write_document(&document, &mut ours).unwrap();
        let mut theirs = Vec::new();
        document
            .serialize(&mut serde_json::Serializer::with_formatter(
                &mut theirs,
                InScript,
            ))
            .unwrap();
        assert_eq!(String::from_utf8(ours), String::from_utf8(theirs));
    }

    #[test]
    fn the_page_size_is_bounded() {
        // The demo puzzle: well under 200 KB.
        let (page, _) = page_of(&grid(ESCARGOT), &[Strategy::Bfs], "demo");
        assert!(page.len() < 200_000, "{} bytes", page.len());
        // A search past the bound: the page of the per-depth rows alone.
        let empty = Grid::empty(Shape::new(4, 4).unwrap());
        let config = Config::default().with_max_nodes(Some(9_000));
        let recording = Recording::new(&empty, &config, &solve(&empty, &config), "empty");
        assert!(!recording.has_boards());
        let page = html(&Document::new(vec![recording]));
        assert!(page.len() < STYLE.len() + SCRIPT.len() + TEMPLATE.len() + MAX_JSON_BYTES);
        assert!(page.len() < 200_000, "{} bytes", page.len());
        // docs/json.md's figures: the page's own script, styles and markup are about 45 KB,
        // and a real search near the bound (`dfs`, 15,000 boards of the empty 9x9) about
        // 1.0 MB in all.
        let own = STYLE.len() + SCRIPT.len() + TEMPLATE.len();
        assert!((43_000..48_000).contains(&own), "{own} bytes");
        let empty = Grid::empty(Shape::new(3, 3).unwrap());
        let config = Config::default()
            .with_strategy(Strategy::Dfs)
            .with_max_solutions(None)
            .with_max_nodes(Some(15_000));
        let recording = Recording::new(&empty, &config, &solve(&empty, &config), "empty");
        assert!(recording.has_boards());
        let page = html(&Document::new(vec![recording]));
        assert!(
            (950_000..1_050_000).contains(&page.len()),
            "{} bytes",
            page.len()
        );
    }
}
