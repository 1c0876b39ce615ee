//! `explore generate --svg FILE`: a sheet to print for a class, the puzzles on one page and
//! their solutions on another.
//!
//! Each page is an A4 SVG (210 x 297 mm, its drawing within 180 x 257 mm, so that it prints on
//! Letter paper too when scaled to fit). FILE holds the puzzles, `FILE-solutions.svg` (the name
//! with `-solutions` before `.svg`) their solutions, givens in black and the digits to find in
//! grey; a run with more puzzles than a page holds continues on `FILE-2.svg`,
//! `FILE-solutions-2.svg` and so on. A page holds six boards up to 9x9, four up to 12x12, two
//! of 16x16 and one larger, so that digits stay at least 7 mm apart up to 25x25. The SVG is
//! written as text: rectangles, lines and texts, nothing else.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use explore::Grid;
use explore::generate::Generated;
use explore::geometry::{Digit, Shape};

use crate::input::quoted;

/// Page width and height, in millimetres (A4).
const PAGE: (f64, f64) = (210.0, 297.0);
/// The drawing's left and top edges.
const ORIGIN: (f64, f64) = (15.0, 20.0);
/// The drawing's width and height: within Letter's 215.9 x 279.4 mm with margins.
const AREA: (f64, f64) = (180.0, 257.0);
/// Space for a page's title.
const TITLE: f64 = 12.0;
/// Space for a board's label, above it.
const LABEL: f64 = 7.0;
/// Space between boards.
const GAP: f64 = 10.0;

/// Boards side by side and one above another on a page of `shape` boards.
fn layout(shape: Shape) -> (usize, usize) {
    match shape.side() {
        0..=9 => (2, 3),
        10..=12 => (2, 2),
        13..=16 => (1, 2),
        _ => (1, 1),
    }
}

/// The path of the solutions page beside `path`: `sheet.svg` -> `sheet-solutions.svg`.
pub(crate) fn solutions_path(path: &Path) -> PathBuf {
    page_path(path, true, 1)
}

/// The path of a page: the puzzles' first page is `path` itself, later pages `-2`, `-3` ...,
/// and the solutions' pages the same with `-solutions`.
fn page_path(path: &Path, solutions: bool, page: usize) -> PathBuf {
    if !solutions && page == 1 {
        return path.to_owned();
    }
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let (stem, extension) = match name.strip_suffix(".svg") {
        Some(stem) => (stem.to_owned(), ".svg"),
        None => (name.clone(), ""),
    };
    let mut new = stem;
    if solutions {
        new.push_str("-solutions");
    }
    if page > 1 {
        let _ = write!(new, "-{page}");
    }
    new.push_str(extension);
    path.with_file_name(new)
}

/// The files of a sheet: the puzzles' pages, and the solutions'.
pub(crate) type Pages = [Vec<PathBuf>; 2];

/// Writes the sheet of `made` beside `path`: the puzzles' pages, then the solutions'; returns
/// the paths written.
pub(crate) fn write(path: &Path, made: &[Generated], seed: u64) -> Result<Pages, String> {
    let mut written = Pages::default();
    let Some(first) = made.first() else {
        return Ok(written);
    };
    let shape = first.puzzle.shape();
    let (across, down) = layout(shape);
    let per_page = across * down;
    let n_pages = made.len().div_ceil(per_page);
    for solutions in [false, true] {
        for (page, group) in made.chunks(per_page).enumerate() {
            let page = page + 1;
            let title = format!(
                "{} {}x{} ({}x{} boxes), seed {seed}{}",
                if solutions { "Solutions:" } else { "Puzzles:" },
                shape.side(),
                shape.side(),
                shape.box_rows(),
                shape.box_cols(),
                if n_pages > 1 {
                    format!(", page {page} of {n_pages}")
                } else {
                    String::new()
                }
            );
            let svg = page_svg(&title, group, solutions);
            let target = page_path(path, solutions, page);
            crate::files::write_whole(&target, svg.as_bytes()).map_err(|why| {
                format!("--svg: cannot write {}: {why}", quoted(target.as_os_str()))
            })?;
            written[usize::from(solutions)].push(target);
        }
    }
    Ok(written)
}

/// What `explore generate` says of the pages it wrote: the puzzles' files, then the
/// solutions', within 80 columns; nothing when it wrote none.
pub(crate) fn notice(written: &Pages) -> String {
    let [puzzles, solutions] = written.each_ref().map(|paths| {
        let names: Vec<String> = paths.iter().map(|path| quoted(path.as_os_str())).collect();
        names.join(", ")
    });
    if puzzles.is_empty() {
        return String::new();
    }
    crate::terminal::notice(&format!(
        "generate: wrote the puzzles to {puzzles} and their solutions to {solutions}"
    ))
}

/// Where the middle of a digit stands above its baseline, in em: digits are about 0.72 em tall
/// in the usual sans-serif fonts (DejaVu Sans, Liberation Sans, Arial, Helvetica). A digit is
/// centred in its cell by an explicit baseline, which every SVG renderer places alike, and not
/// by `dominant-baseline`, which some (librsvg) ignore.
const DIGIT_MIDDLE: f64 = 0.36;

/// A digit as the page shows it: `1` to `9`, then letters up to 35x35, numbers beyond.
fn symbol(digit: Digit, side: usize) -> String {
    if side <= Digit::MAX_CHAR {
        digit.to_char().map(String::from).unwrap_or_default()
    } else {
        digit.get().to_string()
    }
}

/// One page of boards: `title` on top, each board with its number and level above it.
pub(crate) fn page_svg(title: &str, made: &[Generated], solutions: bool) -> String {
    let mut svg = String::new();
    let (width, height) = PAGE;
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r#"<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<text x="{}" y="{}" font-size="6" font-weight="bold">{}</text>"#,
        ORIGIN.0,
        ORIGIN.1 + 5.0,
        escape(title)
    );
    let Some(first) = made.first() else {
        svg.push_str("</svg>\n");
        return svg;
    };
    let shape = first.puzzle.shape();
    let (across, down) = layout(shape);
    let cell_w = (AREA.0 - GAP * (across - 1) as f64) / across as f64;
    let cell_h = (AREA.1 - TITLE - GAP * (down - 1) as f64) / down as f64 - LABEL;
    let size = cell_w.min(cell_h);
    // Boards centred across the page.
    let used = size * across as f64 + GAP * (across - 1) as f64;
    let left = ORIGIN.0 + (AREA.0 - used) / 2.0;
    for (i, made) in made.iter().enumerate() {
        let x = left + (i % across) as f64 * (size + GAP);
        let y = ORIGIN.1 + TITLE + (i / across) as f64 * (size + LABEL + GAP) + LABEL;
        let _ = writeln!(
            svg,
            r#"<text x="{x:.2}" y="{:.2}" font-size="4">{} {}: {} ({} givens)</text>"#,
            y - 2.0,
            if solutions { "Solution" } else { "Puzzle" },
            made.index + 1,
            made.grade.verdict,
            made.puzzle.n_filled()
        );
        let shown = if solutions {
            &made.solution
        } else {
            &made.puzzle
        };
        board(&mut svg, &made.puzzle, shown, (x, y), size);
    }
    svg.push_str("</svg>\n");
    svg
}

/// A board of side `size` at `(x, y)`: `shown`'s digits, those not given by `puzzle` in grey,
/// thin lines between cells, thick ones around boxes.
fn board(svg: &mut String, puzzle: &Grid, shown: &Grid, (x, y): (f64, f64), size: f64) {
    let shape = puzzle.shape();
    let side = shape.side();
    let cell = size / side as f64;
    let thin = (cell * 0.03).clamp(0.1, 0.25);
    let thick = (cell * 0.1).clamp(0.4, 0.8);
    // Numbers of two digits, beyond 35x35, take a smaller font to fit their cells.
    let font = cell * if side > Digit::MAX_CHAR { 0.4 } else { 0.6 };
    for i in 0..=side {
        let at = i as f64 * cell;
        let row_edge = i % shape.box_rows() == 0;
        let col_edge = i % shape.box_cols() == 0;
        let _ = writeln!(
            svg,
            r#"<line x1="{x:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="black" stroke-width="{:.2}"/>"#,
            y + at,
            x + size,
            y + at,
            if row_edge { thick } else { thin }
        );
        let _ = writeln!(
            svg,
            r#"<line x1="{:.2}" y1="{y:.2}" x2="{:.2}" y2="{:.2}" stroke="black" stroke-width="{:.2}"/>"#,
            x + at,
            x + at,
            y + size,
            if col_edge { thick } else { thin }
        );
    }
    for cell_at in shape.cells() {
        let Some(digit) = shown.get(cell_at) else {
            continue;
        };
        let given = puzzle.get(cell_at).is_some();
        let cx = x + (cell_at.col() as f64 + 0.5) * cell;
        let baseline = y + (cell_at.row() as f64 + 0.5) * cell + DIGIT_MIDDLE * font;
        let _ = writeln!(
            svg,
            r#"<text x="{cx:.2}" y="{baseline:.2}" font-size="{font:.2}" text-anchor="middle" fill="{}">{}</text>"#,
            if given { "black" } else { "#777777" },
            symbol(digit, side)
        );
    }
}

/// `text` with the characters SVG text may not hold written as entities.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use explore::generate::{self, Options};

    /// Every `<text>` of a page: its x, y, font size and content.
    fn texts(svg: &str) -> Vec<(f64, f64, f64, String)> {
        let attribute = |tag: &str, name: &str| -> f64 {
            let start = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
            tag[start..].split('"').next().unwrap().parse().unwrap()
        };
        svg.split("<text ")
            .skip(1)
            .map(|rest| {
                let (tag, after) = rest.split_once('>').unwrap();
                let tag = &format!(" {tag}");
                let content = after.split("</text>").next().unwrap().to_owned();
                (
                    attribute(tag, "x"),
                    attribute(tag, "y"),
                    attribute(tag, "font-size"),
                    content,
                )
            })
            .collect()
    }

    #[test]
    fn pages_show_every_digit_within_the_printable_area_and_legibly() {
        // Puzzles with many givens: as many digits to place, and quick to make unoptimised.
        for (text, count, givens) in [("2x2", 6, 8), ("3x3", 6, 36), ("4x4", 2, 150)] {
            let options = Options::default()
                .with_shape(text.parse().unwrap())
                .with_count(count)
                .with_givens(Some(givens))
                .with_seed(3)
                .with_threads(1);
            let made = generate::generate(&options).unwrap();
            for solutions in [false, true] {
                let svg = page_svg("title", &made, solutions);
                let digits: Vec<_> = texts(&svg)
                    .into_iter()
                    .filter(|text| text.3.chars().count() == 1)
                    .collect();
                let expected: usize = made
                    .iter()
                    .map(|m| {
                        if solutions {
                            m.solution.n_filled()
                        } else {
                            m.puzzle.n_filled()
                        }
                    })
                    .sum();
                assert_eq!(digits.len(), expected, "{text}");
                for (x, y, font, _) in texts(&svg) {
                    assert!((ORIGIN.0..=ORIGIN.0 + AREA.0).contains(&x), "{text}: x {x}");
                    assert!((ORIGIN.1..=ORIGIN.1 + AREA.1).contains(&y), "{text}: y {y}");
                    // At least 3.5 mm high: legible on paper (10 pt is 3.5 mm).
                    assert!(font >= 3.5, "{text}: font {font}");
                }
            }
        }
    }

    /// Each digit stands in the middle of its cell by its baseline alone: its top (0.72 em
    /// above the baseline) and its baseline are as far from the cell's edges, whatever the
    /// renderer, which needs no `dominant-baseline`.
    #[test]
    fn digits_are_centred_in_their_cells_by_their_baseline() {
        let options = Options::default()
            .with_shape("2x2".parse().unwrap())
            .with_count(1)
            .with_seed(3)
            .with_threads(1);
        let made = generate::generate(&options).unwrap();
        let svg = page_svg("title", &made, true);
        assert!(!svg.contains("baseline="), "{svg}");
        // The board's horizontal lines, top to bottom: the cells' edges.
        let mut edges: Vec<f64> = svg
            .lines()
            .filter(|line| line.starts_with("<line "))
            .filter_map(|line| {
                let y1 = line.split(" y1=\"").nth(1)?.split('"').next()?;
                let y2 = line.split(" y2=\"").nth(1)?.split('"').next()?;
                (y1 == y2).then(|| y1.parse().unwrap())
            })
            .collect();
        edges.sort_by(f64::total_cmp);
        edges.dedup();
        assert_eq!(edges.len(), 5, "a 4x4 board has 5 horizontal lines");
        let digits: Vec<_> = texts(&svg)
            .into_iter()
            .filter(|text| text.3.chars().count() == 1)
            .collect();
        assert_eq!(digits.len(), 16);
        for (_, baseline, font, digit) in digits {
            let row = edges
                .windows(2)
                .find(|w| w[0] < baseline && baseline < w[1]);
            let row = row.expect("the baseline is inside a cell");
            let (top, bottom) = (row[0], row[1]);
            let above = baseline - 2.0 * DIGIT_MIDDLE * font - top;
            let below = bottom - baseline;
            assert!(
                (above - below).abs() < 0.02,
                "{digit}: {above} above, {below} below"
            );
        }
    }

    #[test]
    fn the_notice_names_every_page() {
        let path = Path::new("out/sheet.svg");
        let pages = [
            vec![path.to_owned(), page_path(path, false, 2)],
            vec![page_path(path, true, 1), page_path(path, true, 2)],
        ];
        assert_eq!(
            notice(&pages),
            "explore: generate: wrote the puzzles to out/sheet.svg, out/sheet-2.svg and their\n  \
             solutions to out/sheet-solutions.svg, out/sheet-solutions-2.svg\n"
        );
        assert_eq!(notice(&Pages::default()), "");
    }

    #[test]
    fn pages_are_named_beside_the_file() {
        let path = Path::new("out/sheet.svg");
        assert_eq!(solutions_path(path), Path::new("out/sheet-solutions.svg"));
        assert_eq!(page_path(path, false, 2), Path::new("out/sheet-2.svg"));
        assert_eq!(
            page_path(path, true, 3),
            Path::new("out/sheet-solutions-3.svg")
        );
    }
}
