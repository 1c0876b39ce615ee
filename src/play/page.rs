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

use super::Document;

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
                let mut json = serde_json::Serializer::with_formatter(&mut pieces, InScript);
                document.serialize(&mut json)?;
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
    }
}
