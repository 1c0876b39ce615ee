//! SVG pictures of a search and of a comparison, for reports and for projecting in class.
//!
//! [`frontier_svg`] draws one search depth by depth: how many boards each level held, how many
//! of them died, branched or were solutions, and the frontier. [`compare_svg`] puts strategies
//! side by side: time and peak frontier. Both return the SVG document as a string; writing it
//! anywhere is the caller's business.
//!
//! The pictures are drawn with `plotters` and its SVG backend only, without its font feature:
//! text goes into the SVG as `<text>` elements that the viewer lays out with its own fonts, so
//! nothing here needs system font libraries. Counts that span more than two decades are drawn on
//! a logarithmic axis, where a breadth-first search's bulge (one board at the root, a hundred
//! thousand a few levels down) stays readable at both ends.

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::stats::{DepthStats, Stats};

mod comparison;
mod footprint;
#[cfg(test)]
mod text_boxes;

pub use comparison::{compare_svg, compare_svg_with_footprints};
pub use footprint::FootprintPanel;

/// Size of the frontier picture, in pixels (16:9, for a projector).
const FRONTIER_SIZE: (u32, u32) = (1280, 720);

const FONT: &str = "sans-serif";
/// Font sizes, large enough to read on a projected slide.
const TITLE: u32 = 38;
const CAPTION: u32 = 28;
const LABEL: u32 = 22;
const DESC: u32 = 24;
const VALUE: u32 = 20;
const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
const GRID: RGBColor = RGBColor(0xdd, 0xdd, 0xdd);
const MUTED: RGBColor = RGBColor(0x55, 0x55, 0x55);

/// Colours of the strategies, in order of first appearance (repeating past eight, with the
/// legend still naming each).
const PALETTE: [RGBColor; 8] = [
    RGBColor(0x4c, 0x78, 0xa8),
    RGBColor(0xf5, 0x85, 0x18),
    RGBColor(0x54, 0xa2, 0x4b),
    RGBColor(0xb2, 0x79, 0xa2),
    RGBColor(0x72, 0xb7, 0xb2),
    RGBColor(0x9d, 0x75, 0x5d),
    RGBColor(0xee, 0xca, 0x3b),
    RGBColor(0x79, 0x70, 0x6e),
];

/// The colour of the `i`-th strategy.
pub(crate) fn color(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// Boards that branched: they live on as children one level down.
pub(crate) const LIVE: RGBColor = RGBColor(0x4c, 0x78, 0xa8);
/// Boards found dead.
pub(crate) const DEAD: RGBColor = RGBColor(0xe4, 0x57, 0x56);
/// Boards that were solutions.
pub(crate) const SOLVED: RGBColor = RGBColor(0x54, 0xa2, 0x4b);
/// The frontier line.
pub(crate) const FRONTIER: RGBColor = RGBColor(0xf5, 0x85, 0x18);

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type Drawn = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// Draws into a fresh SVG document of `size`. The layout is fixed and the backend writes to a
/// string, so drawing can only fail through a bug here, never through the data.
fn svg(size: (u32, u32), draw: impl FnOnce(&Area<'_>) -> Drawn) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        let drawn = root
            .fill(&WHITE)
            .and_then(|()| draw(&root))
            .and_then(|()| root.present());
        if let Err(error) = drawn {
            panic!("drawing a chart of fixed layout into a string failed: {error}");
        }
    }
    out
}

/// How values map to the y axis: as they are, or as their base-10 logarithm.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Scale {
    Linear { top: f64 },
    Log { bottom: f64, top: f64 },
}

impl Scale {
    /// A scale showing `values` (zeros are drawn as no bar), logarithmic when the non-zero ones
    /// span more than two decades. `floor` is the smallest value a log axis need show; `room`
    /// is the share of the axis kept free above the tallest bar, for its labels.
    fn fit(values: impl Iterator<Item = f64> + Clone, floor: Option<f64>, room: f64) -> Scale {
        let max = values.clone().fold(0.0, f64::max);
        let min = values.filter(|&v| v > 0.0).fold(f64::INFINITY, f64::min);
        if max <= 0.0 {
            return Scale::Linear { top: 1.0 };
        }
        if max / min <= 100.0 {
            return Scale::Linear {
                top: max / (1.0 - room),
            };
        }
        // Some room below the smallest bar too, so that it shows.
        let bottom = match floor {
            Some(floor) => floor.log10(),
            None => (min.log10() - 0.3).floor(),
        };
        Scale::Log {
            bottom,
            top: bottom + (max.log10() - bottom) / (1.0 - room),
        }
    }

    fn is_log(self) -> bool {
        matches!(self, Scale::Log { .. })
    }

    fn range(self) -> std::ops::Range<f64> {
        match self {
            Scale::Linear { top } => 0.0..top,
            Scale::Log { bottom, top } => bottom..top,
        }
    }

    /// Where `value` sits on the axis.
    fn at(self, value: f64) -> f64 {
        match self {
            Scale::Linear { .. } => value,
            Scale::Log { bottom, .. } if value > 0.0 => value.log10().max(bottom),
            Scale::Log { bottom, .. } => bottom,
        }
    }

    /// The bottom of every bar.
    fn base(self) -> f64 {
        self.range().start
    }

    /// Labels wanted on the axis: one per decade on a log axis, one per whole number at most on
    /// an axis of counts (`integral`).
    fn n_labels(self, integral: bool) -> usize {
        match self {
            Scale::Linear { top } if integral => (top.floor() as usize + 1).clamp(2, 8),
            Scale::Linear { .. } => 8,
            Scale::Log { bottom, top } => (top - bottom).ceil() as usize + 1,
        }
    }

    /// The label of an axis position: a log axis labels whole decades only, and an axis of
    /// counts (`integral`) whole numbers only.
    fn label(self, at: f64, unit: fn(f64) -> String, integral: bool) -> String {
        match self {
            Scale::Linear { .. } if integral && !is_whole(at) => String::new(),
            Scale::Linear { .. } => unit(at),
            Scale::Log { .. } if is_whole(at) => unit(10f64.powf(at.round())),
            Scale::Log { .. } => String::new(),
        }
    }
}

fn is_whole(x: f64) -> bool {
    (x - x.round()).abs() < 1e-6
}

/// Bars sit at whole x positions, `0..n`, and are this wide.
const BAR_WIDTH: f64 = 0.7;

/// The x axis of `n` bars, with half a slot of room at either end, and room for at least
/// `min` bars so that one bar alone is not a wall.
fn slots(n: usize, min: usize) -> std::ops::Range<f64> {
    -0.5..n.max(min).max(1) as f64 - 0.5
}

/// The name of the bar at axis position `x`, if `x` is one.
fn slot_label(x: f64, n: usize, name: impl Fn(usize) -> String) -> String {
    if is_whole(x) && x >= 0.0 && (x.round() as usize) < n {
        name(x.round() as usize)
    } else {
        String::new()
    }
}

/// A count, short: `7`, `1.2k`, `35k`, `1.4M`.
fn short_count(n: f64) -> String {
    let (value, suffix) = match n.abs() {
        a if a >= 1e9 => (n / 1e9, "G"),
        a if a >= 1e6 => (n / 1e6, "M"),
        a if a >= 1e3 => (n / 1e3, "k"),
        _ => (n, ""),
    };
    let digits = if value.abs() < 10.0 && value.fract().abs() > 1e-9 {
        1
    } else {
        0
    };
    let text = format!("{value:.digits$}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{text}{suffix}")
}

/// A duration in seconds, short: `850 µs`, `12 ms`, `3.4 s`.
fn short_secs(secs: f64) -> String {
    match secs {
        0.0 => "0".to_owned(),
        s if s < 1e-3 => format!("{} µs", short_number(s * 1e6)),
        s if s < 1.0 => format!("{} ms", short_number(s * 1e3)),
        s => format!("{} s", short_number(s)),
    }
}

/// Two or three significant digits.
fn short_number(x: f64) -> String {
    let digits = match x.abs() {
        a if a >= 100.0 => 0,
        a if a >= 10.0 => 1,
        _ => 2,
    };
    let text = format!("{x:.digits$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

/// A count with thousands separators: `1,016`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 solution`, `1,016 boards`, `3 guesses`.
fn counted(n: u64, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        _ if noun.ends_with('s') => format!("{} {noun}es", grouped(n)),
        _ => format!("{} {noun}s", grouped(n)),
    }
}

/// Bytes as the rest of the program writes them, in units of 1024: `354 B`, `3.8 KiB`,
/// `1.2 MiB` (the `bytesize` crate's IEC form, which the command line's output uses too).
fn short_bytes(bytes: u64) -> String {
    bytesize::ByteSize::b(bytes).display().iec().to_string()
}

/// The width a text is taken to need, in pixels, at font `size`: [`CHAR_EM`] of the font's
/// size per character. Plotters writes a font of size `size` as `size / 1.24` pixels.
pub(crate) fn text_width(text: &str, size: u32) -> f64 {
    text.chars().count() as f64 * CHAR_EM * f64::from(size) / 1.24
}

/// The width of a character taken for laying out text, in ems. The viewer lays the text out
/// with its own sans-serif font; in DejaVu Sans, the widest of the common ones, the texts these
/// pictures draw (values with their units, strategy names, captions) measure 0.50 to 0.57 em a
/// character, spaces included, so this leaves a tenth to spare. Only digits alone (0.64 em)
/// and capitals are wider: a pixel or two on the short numbers of an axis, which stand apart.
pub(crate) const CHAR_EM: f64 = 0.62;

fn text_style(size: u32, color: &'static RGBColor) -> TextStyle<'static> {
    TextStyle::from((FONT, size).into_font()).color(color)
}

fn centred(style: TextStyle<'static>, v: VPos) -> TextStyle<'static> {
    style.pos(Pos::new(HPos::Center, v))
}

/// One legend row along the top of `area`: a swatch and a name per entry.
fn legend(area: &Area<'_>, entries: &[(&str, RGBColor, bool)], note: &str) -> Drawn {
    let style = text_style(LABEL, &INK).pos(Pos::new(HPos::Left, VPos::Center));
    let mut x = 70;
    let y = 16;
    for &(name, color, is_line) in entries {
        if is_line {
            area.draw(&PathElement::new(
                vec![(x, y), (x + 28, y)],
                color.stroke_width(3),
            ))?;
            area.draw(&Circle::new((x + 14, y), 5, color.filled()))?;
        } else {
            area.draw(&Rectangle::new(
                [(x, y - 9), (x + 28, y + 9)],
                color.filled(),
            ))?;
        }
        area.draw_text(name, &style, (x + 36, y))?;
        // Without a font feature plotters cannot measure text; 12 px per character at this
        // size leaves a comfortable gap in common sans-serif fonts.
        x += 36 + 12 * name.chars().count() as i32 + 36;
    }
    area.draw_text(
        note,
        &text_style(LABEL, &MUTED).pos(Pos::new(HPos::Left, VPos::Center)),
        (x, y),
    )?;
    Ok(())
}

/// The search of one puzzle, depth by depth, as an SVG document.
///
/// One bar per depth: its height is the number of boards (search states) that reached that
/// depth, and its colours split it in proportion into boards that branched (live), died (dead)
/// and were solutions, a share of solutions drawn at least a sliver tall so that one solution
/// among hundreds of boards still shows. On a log axis a stacked split would misread (the top
/// segment of a bar spans a tenth of its height for nine tenths of its boards), so there each
/// depth gets three thin bars side by side instead, live, dead and solved, each reading its own
/// count off the axis. The orange line is the frontier (boards held at that depth: the
/// breadth-first level, the depth-first stack), drawn where the strategy had one. A footer gives
/// the totals.
///
/// ```
/// use explore::{Config, chart, format, solve};
///
/// let puzzle = format::parse_one(
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
/// )?;
/// let outcome = solve(&puzzle, &Config::default());
/// let svg = chart::frontier_svg(&outcome.stats, "top1465 #1, bfs");
/// assert!(svg.starts_with("<svg"));
/// # Ok::<(), explore::InputError>(())
/// ```
pub fn frontier_svg(stats: &Stats, title: &str) -> String {
    svg(FRONTIER_SIZE, |root| draw_frontier(root, stats, title))
}

fn draw_frontier(root: &Area<'_>, stats: &Stats, title: &str) -> Drawn {
    let rows = &stats.per_depth;
    let n_depths = rows.len();
    let scale = Scale::fit(
        rows.iter()
            .flat_map(|r| [r.boards as f64, r.frontier as f64]),
        Some(0.5),
        0.1,
    );
    let has_frontier = rows.iter().any(|r| r.frontier > 0);

    let root = root.titled(title, text_style(TITLE, &INK))?;
    let (head, rest) = root.split_vertically(40);
    let (body, foot) = rest.split_vertically(rest.dim_in_pixel().1 - 40);
    let mut entries = vec![
        ("branched (live)", LIVE, false),
        ("dead", DEAD, false),
        ("solution", SOLVED, false),
    ];
    if has_frontier {
        entries.push(("frontier (boards held)", FRONTIER, true));
    }
    let note = if scale.is_log() {
        "(log scale: a bar per colour)"
    } else {
        ""
    };
    legend(&head, &entries, note)?;

    let mut chart = ChartBuilder::on(&body)
        .margin_left(10)
        .margin_right(30)
        .margin_top(10)
        .x_label_area_size(64)
        .y_label_area_size(100)
        .build_cartesian_2d(slots(n_depths, 5), scale.range())?;
    let y_desc = if scale.is_log() {
        "boards at this depth (log scale)"
    } else {
        "boards at this depth"
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        // As many labels as slots (see `slots`), so that every bar gets one, up to 30; beyond
        // that plotters labels every 2nd, 5th or 10th depth.
        .x_labels(n_depths.clamp(5, 30))
        .y_labels(scale.n_labels(true))
        .x_label_formatter(&|&x| slot_label(x, n_depths, |d| d.to_string()))
        .y_label_formatter(&|&y| scale.label(y, short_count, true))
        .x_desc("depth (branch decisions from the puzzle)")
        .y_desc(y_desc)
        .label_style(text_style(LABEL, &INK))
        .axis_desc_style(text_style(DESC, &INK))
        .draw()?;

    let base = scale.base();
    // Solutions are rare but the point of the search: their share of a bar is drawn at least
    // this tall (6 px), so that a single solution among a hundred boards still shows.
    let range = scale.range();
    let sliver =
        (range.end - range.start) * 6.0 / f64::from(chart.plotting_area().dim_in_pixel().1.max(1));
    for row in rows {
        if row.boards == 0 {
            continue;
        }
        let d = row.depth as f64;
        let top = scale.at(row.boards as f64);
        if scale.is_log() {
            draw_side_by_side(&chart, row, scale)?;
        } else {
            draw_stacked(&chart, row, base, top, sliver)?;
        }
        if n_depths <= 40 {
            let label = EmptyElement::at((d, top))
                + Text::new(
                    short_count(row.boards as f64),
                    // Clear of the frontier marker, which often sits on the bar's top.
                    (0, -10),
                    centred(text_style(VALUE, &INK), VPos::Bottom),
                );
            chart.plotting_area().draw(&label)?;
        }
    }

    if has_frontier {
        let points: Vec<(f64, f64)> = rows
            .iter()
            .filter(|r| r.frontier > 0)
            .map(|r| (r.depth as f64, scale.at(r.frontier as f64)))
            .collect();
        chart.draw_series(std::iter::once(PathElement::new(
            points.clone(),
            FRONTIER.stroke_width(3),
        )))?;
        chart.draw_series(
            points
                .into_iter()
                .map(|p| Circle::new(p, 6, FRONTIER.filled())),
        )?;
    }

    let peak = if stats.peak_frontier > 0 {
        format!(
            "peak frontier {} ({})",
            counted(stats.peak_frontier, "board"),
            short_bytes(stats.peak_frontier_bytes)
        )
    } else {
        "no frontier".to_owned()
    };
    let footer = format!(
        "{}  ·  {} dead  ·  {}  ·  {}  ·  {peak}  ·  {}",
        counted(stats.nodes, "board"),
        grouped(stats.dead),
        counted(stats.guesses, "guess"),
        counted(stats.solutions, "solution"),
        short_secs(stats.elapsed.as_secs_f64()),
    );
    let (width, height) = foot.dim_in_pixel();
    foot.draw_text(
        &footer,
        &centred(text_style(LABEL, &MUTED), VPos::Center),
        (width as i32 / 2, height as i32 / 2),
    )?;
    Ok(())
}

/// The plotting area of a chart with both axes in `f64`.
type Plot<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// One depth's bar on a linear axis: the boards, split in proportion into live, dead and
/// solved, with solutions at least `sliver` tall.
fn draw_stacked(chart: &Plot<'_, '_>, row: &DepthStats, base: f64, top: f64, sliver: f64) -> Drawn {
    let d = row.depth as f64;
    let height = top - base;
    let live = row.boards.saturating_sub(row.dead + row.solutions);
    let share = |count: u64| height * count as f64 / row.boards as f64;
    let solved = match row.solutions {
        0 => 0.0,
        n => share(n).max(sliver.min(height)),
    };
    // Live and dead split what the solutions leave, in proportion.
    let rest = height - solved;
    let live_h = if live + row.dead == 0 {
        0.0
    } else {
        rest * live as f64 / (live + row.dead) as f64
    };
    let segments = [
        (base, base + live_h, LIVE),
        (base + live_h, base + rest, DEAD),
        (base + rest, top, SOLVED),
    ];
    for (from, to, color) in segments {
        if to - from <= 0.0 {
            continue;
        }
        let bar = Rectangle::new(
            [(d - BAR_WIDTH / 2.0, from), (d + BAR_WIDTH / 2.0, to)],
            color.filled(),
        );
        chart.plotting_area().draw(&bar)?;
    }
    Ok(())
}

/// One depth's bars on a log axis: live, dead and solved side by side, each as tall as its own
/// count, since shares of a stacked bar do not read off a log axis.
fn draw_side_by_side(chart: &Plot<'_, '_>, row: &DepthStats, scale: Scale) -> Drawn {
    let d = row.depth as f64;
    let live = row.boards.saturating_sub(row.dead + row.solutions);
    let width = BAR_WIDTH / 3.0;
    let bars = [(live, LIVE), (row.dead, DEAD), (row.solutions, SOLVED)];
    for (i, (count, color)) in bars.into_iter().enumerate() {
        if count == 0 {
            continue;
        }
        let left = d - BAR_WIDTH / 2.0 + i as f64 * width;
        let bar = Rectangle::new(
            [(left, scale.base()), (left + width, scale.at(count as f64))],
            color.filled(),
        );
        chart.plotting_area().draw(&bar)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare;
    use crate::config::Config;
    use crate::config::Strategy;
    use crate::format;

    /// From top1465: the breadth-first search of it branches to a few dozen boards.
    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    /// From 16_clue_multi: 2836 solutions, so counting them all fans out widely.
    const MULTI: &str =
        "................12..3.45.........3...1.6.....8.....54....1....8...9...6...4......";

    fn solve(line: &str, config: &Config) -> crate::Outcome {
        crate::solve(&format::parse_one(line).expect("test puzzle reads"), config)
    }

    /// Whether every element opened is closed, in order: enough to catch broken output.
    fn balanced(svg: &str) -> bool {
        let mut open: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            rest = &rest[start + 1..];
            let Some(end) = rest.find('>') else {
                return false;
            };
            let tag = &rest[..end];
            rest = &rest[end + 1..];
            if tag.starts_with('?') || tag.starts_with('!') || tag.ends_with('/') {
                continue;
            }
            if let Some(closing) = tag.strip_prefix('/') {
                if open.pop() != Some(closing.trim()) {
                    return false;
                }
            } else {
                let name = tag.split_whitespace().next().unwrap_or("");
                open.push(name);
            }
        }
        open.is_empty()
    }

    /// Whether a `<text>` element says exactly `text` (plotters puts it on a line of its own).
    fn has_text(svg: &str, text: &str) -> bool {
        svg.contains(&format!(">\n{text}\n</text>"))
    }

    fn fill(color: RGBColor) -> String {
        format!("fill=\"#{:02X}{:02X}{:02X}\"", color.0, color.1, color.2)
    }

    #[test]
    fn the_frontier_picture_has_a_bar_per_depth_and_its_labels() {
        let outcome = solve(HARD, &Config::default());
        let svg = frontier_svg(&outcome.stats, "top1465 #1");
        assert!(svg.starts_with("<svg"), "{}", &svg[..60]);
        assert!(balanced(&svg));
        for text in [
            "top1465 #1",
            "depth",
            "boards at this depth",
            "dead",
            "frontier",
        ] {
            assert!(svg.contains(text), "missing {text}");
        }
        // Every depth has live or dead boards: the bottom segment is live, except at the last
        // depth, where the boards that remain are dead or solutions.
        let rows = &outcome.stats.per_depth;
        let with_live = rows
            .iter()
            .filter(|r| r.boards > r.dead + r.solutions)
            .count();
        let with_dead = rows.iter().filter(|r| r.dead > 0).count();
        // One more of each for the legend swatch.
        assert_eq!(svg.matches(&fill(LIVE)).count(), with_live + 1);
        assert_eq!(svg.matches(&fill(DEAD)).count(), with_dead + 1);
        assert_eq!(svg.matches(&fill(SOLVED)).count(), 1 + 1);
    }

    #[test]
    fn a_wide_search_is_drawn_on_a_log_axis() {
        let all = Config {
            max_solutions: None,
            threads: 1,
            ..Config::default()
        };
        let outcome = solve(MULTI, &all);
        let widest = outcome.stats.per_depth.iter().map(|r| r.boards).max();
        assert!(widest.is_some_and(|w| w > 500), "{widest:?}");
        let svg = frontier_svg(&outcome.stats, "2836 solutions");
        assert!(balanced(&svg));
        let faults = text_boxes::faults(&svg);
        assert!(faults.is_empty(), "{}", faults.join("\n"));
        assert!(svg.contains("(log scale)"));
        assert!(has_text(&svg, "1k") && has_text(&svg, "1"), "decade labels");
        // Not stacked: every bar (the legend's swatches aside) stands on the axis, so each
        // reads its own count; stacked, the dead and solved segments would start higher up.
        let bars: Vec<(i64, i64)> = [LIVE, DEAD, SOLVED]
            .iter()
            .flat_map(|&color| rects(&svg, color).into_iter().skip(1))
            .map(|(y, height)| (y, y + height))
            .collect();
        let counted = |r: &crate::DepthStats| {
            let live = r.boards > r.dead + r.solutions;
            usize::from(live) + usize::from(r.dead > 0) + usize::from(r.solutions > 0)
        };
        assert_eq!(
            bars.len(),
            outcome.stats.per_depth.iter().map(counted).sum::<usize>()
        );
        let bottom = bars[0].1;
        assert!(bars.iter().all(|&(_, b)| b == bottom), "{bars:?}");
        // Solutions outnumber dead boards at depth 12: its green bar stands taller than its
        // red one, which a share of a log bar would not show.
        let row = &outcome.stats.per_depth[12];
        assert!(row.solutions > 10 * row.dead, "{row:?}");
    }

    /// The `y` and `height` of every rectangle filled with `color`, in order.
    fn rects(svg: &str, color: RGBColor) -> Vec<(i64, i64)> {
        let attribute = |rect: &str, name: &str| -> i64 {
            let start = rect.find(&format!(" {name}=\"")).expect("attribute") + name.len() + 3;
            let value = &rect[start..];
            value[..value.find('"').expect("closed")]
                .parse()
                .expect("a number")
        };
        svg.split("<rect")
            .skip(1)
            .map(|rest| &rest[..rest.find('>').expect("closed")])
            .filter(|rect| rect.contains(&fill(color)))
            .map(|rect| (attribute(rect, "y"), attribute(rect, "height")))
            .collect()
    }

    #[test]
    fn the_comparison_draws_memory_against_work_one_line_per_strategy() {
        // Which bitmask solves in some 30,000 nodes.
        comparison_draws_memory_against_work(
            "top1465 #777",
            "...2.49...4.....5...37....88...1..64...3..5...9..8..........74..15......6......2.",
        );
    }

    /// The same on a puzzle that bitmask needs millions of nodes for: 14 s of a debug build.
    #[test]
    fn full_sets_the_comparison_draws_memory_against_work_on_a_hard_puzzle() {
        if std::env::var_os("EXPLORE_FULL_SETS").is_none_or(|v| v != "1") {
            eprintln!("skipped: set EXPLORE_FULL_SETS=1 to draw the hard puzzle");
            return;
        }
        comparison_draws_memory_against_work("top1465 #1", HARD);
    }

    /// bfs, dfs and bitmask on `line`, called `name`: a memory line per strategy in its
    /// colour, with its totals in the legend.
    fn comparison_draws_memory_against_work(name: &str, line: &str) {
        let puzzle = format::parse_one(line).expect("reads");
        let base = Config {
            threads: 1,
            ..Config::default()
        };
        let configs = compare::configs(&[Strategy::Bfs, Strategy::Dfs, Strategy::Bitmask], &base);
        let summaries = compare::run(std::slice::from_ref(&puzzle), &configs, |_| {});
        let lines = compare::footprints(&puzzle, &configs);
        assert!(lines.iter().all(|f| f.samples().len() > 2));
        let names = compare::labels(&summaries);
        let panel = FootprintPanel::new(name, names.into_iter().zip(lines).collect());
        let svg = compare_svg_with_footprints(&summaries, &panel, "one puzzle");
        assert!(svg.starts_with("<svg") && balanced(&svg));
        assert!(svg.contains(&format!("memory held against work done, on {name}")));
        for (i, summary) in summaries.iter().enumerate() {
            let legend = format!(
                "{}: {} boards expanded, peak ",
                summary.strategy,
                grouped(summary.nodes)
            );
            assert!(svg.contains(&legend), "missing {legend}");
            // The line, and its swatch in the legend, in the strategy's colour.
            let stroke = fill(color(i)).replace("fill", "stroke");
            assert!(svg.matches(&stroke).count() >= 2, "{}", summary.strategy);
        }
        assert!(svg.contains("share of the strategy&apos;s own boards expanded"));
    }

    #[test]
    fn an_empty_search_still_draws() {
        let svg = frontier_svg(&Stats::default(), "nothing <&> here");
        assert!(
            svg.contains("nothing &lt;&amp;&gt; here"),
            "titles are escaped"
        );
        assert!(svg.starts_with("<svg") && balanced(&svg));
        assert!(svg.contains("no frontier"));
    }

    #[test]
    fn the_comparison_has_a_bar_per_strategy_in_each_panel() {
        let puzzles = [HARD, MULTI].map(|line| format::parse_one(line).expect("reads"));
        let base = Config {
            threads: 1,
            ..Config::default()
        };
        let configs = compare::configs(&[Strategy::Bfs, Strategy::Dfs], &base);
        let summaries = compare::run(&puzzles, &configs, |_| {});
        let svg = compare_svg(&summaries, "two puzzles");
        assert!(svg.starts_with("<svg") && balanced(&svg));
        for text in ["two puzzles", "search time", "peak frontier"] {
            assert!(svg.contains(text), "missing {text}");
        }
        assert!(has_text(&svg, "bfs") && has_text(&svg, "dfs"));
        // One bar per summary per panel, each in its own colour, and its swatch in the legend.
        assert_eq!(svg.matches(&fill(color(0))).count(), 3);
        assert_eq!(svg.matches(&fill(color(1))).count(), 3);
    }

    #[test]
    fn giving_up_is_marked_on_the_bar() {
        let puzzles = [format::parse_one(HARD).expect("reads")];
        let tight = Config {
            max_nodes: Some(1),
            threads: 1,
            ..Config::default()
        };
        let summaries = compare::run(&puzzles, &[tight], |_| {});
        let svg = compare_svg(&summaries, "budget");
        assert!(svg.contains("1 gave up"));
    }

    /// Every size draws: the chart knows boards, not cells, so only the counts change.
    #[test]
    fn searches_of_every_size_draw() {
        use crate::geometry::Shape;
        use crate::grid::Grid;
        for (rows, cols) in [(2, 2), (2, 3), (4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let config = Config {
                threads: 1,
                ..Config::default()
            };
            let outcome = crate::solve(&Grid::empty(shape), &config);
            let title = format!("the empty {0}x{0} board", shape.side());
            let svg = frontier_svg(&outcome.stats, &title);
            assert!(svg.starts_with("<svg") && balanced(&svg), "{shape}");
            assert!(svg.contains(&title), "{shape}");
            let solutions = counted(outcome.stats.solutions, "solution");
            assert!(svg.contains(&solutions), "{shape}: {solutions}");
        }
    }

    /// From 16x16_janko: solved by forced cells alone, and a long search for the backtrackers.
    const SIXTEEN: &str = ".G..5.2.E.FA.4C.AB..G....35.17D953..4AC..DB......6.C3B..2.8.5...1...A....E.D9CG3GDA9.4..B.1.6E...FB.1..E9....D.8C..3.59G48......\
        ......F38G2.7..46.3....A7..9.8E...CE.9.1..4.DG3589GD2.4....6...C...G.C.4..958.7......1A..F78..424871.3G....2..9A.C9.72.8.6.4..1.";

    /// Every strategy, a rule variant of bfs, and budgets that some of them run out of, over
    /// puzzles of three sizes: the busiest comparison the picture draws.
    fn mixed_comparison(strategies: &[Strategy]) -> (Vec<compare::Summary>, FootprintPanel) {
        let puzzles: Vec<_> = ["......1.21....21", ".....4.1....13.4", HARD, SIXTEEN]
            .iter()
            .map(|line| format::parse_one(line).expect("reads"))
            .collect();
        let base = Config {
            max_nodes: Some(3_000),
            ..Config::default()
        };
        let mut configs = compare::configs(strategies, &base);
        configs.push(Config {
            forced: crate::config::Forced::Naked,
            ..configs[0].clone()
        });
        let run = compare::run(&puzzles, &configs, |_| {});
        let lines = compare::footprints(&puzzles[0], &configs);
        let names = compare::labels(&run);
        let panel = FootprintPanel::new(
            "tests/data/4x4.txt, puzzle 1 (the first of 4)",
            names.into_iter().zip(lines).collect(),
        );
        (compare::by_shape(&run), panel)
    }

    /// No text of the comparison meets another or leaves the canvas, however many strategies
    /// and sizes it draws: slots as wide as their labels, panels stacked when they do not fit
    /// side by side, a canvas as wide as its widest text.
    #[test]
    fn the_comparisons_texts_never_meet_nor_leave_the_picture() {
        let (summaries, panel) = mixed_comparison(Strategy::ALL);
        assert_eq!(summaries.len(), 15, "five configurations, three sizes");
        assert!(summaries.iter().any(|s| s.gave_up > 0), "some give up");
        let long_title = "a title long enough to need a picture wider than a slide: \
                          tests/data/4x4.txt, tests/data/top1465.txt, tests/data/16x16_janko.txt";
        let pictures = [
            compare_svg_with_footprints(&summaries, &panel, "5 puzzles (4x4, 9x9, 16x16)"),
            compare_svg(&summaries, long_title),
            compare_svg(&summaries[..1], "one bar"),
            compare_svg(&summaries[..5], "one size"),
        ];
        for svg in &pictures {
            let faults = text_boxes::faults(svg);
            assert!(faults.is_empty(), "{}", faults.join("\n"));
            assert!(balanced(svg));
        }
        let (width, _) = text_boxes::canvas(&pictures[1]);
        assert!(width > 1280.0, "widened for its title: {width}");
        // One colour per strategy: each bar of a strategy, whatever its size, is in the
        // legend's colour, and the legend names the variant of bfs by its options.
        let svg = &pictures[0];
        for (i, name) in [
            "bfs #1 (forced=locked)",
            "dfs",
            "bitmask",
            "backtrack",
            "bfs #2 (forced=naked)",
        ]
        .iter()
        .enumerate()
        {
            assert!(svg.contains(name), "{name}");
            let bars = svg.matches(&fill(color(i))).count();
            assert_eq!(
                bars,
                2 * 3 + 1,
                "{name}: two panels of three sizes, and the swatch"
            );
        }
        for group in ["4x4, 2 puzzles", "9x9, 1 puzzle", "16x16, 1 puzzle"] {
            assert_eq!(svg.matches(&format!(">\n{group}\n<")).count(), 2, "{group}");
        }
    }

    /// A comparison over two sizes labels each group of bars with its size and counts every
    /// puzzle once.
    #[test]
    fn a_comparison_of_two_sizes_names_them() {
        use crate::geometry::Shape;
        use crate::grid::Grid;
        let mut puzzles = vec![format::parse_one(HARD).expect("reads")];
        puzzles.push(Grid::empty(Shape::new(2, 2).unwrap()));
        let base = Config {
            threads: 1,
            ..Config::default()
        };
        let configs = compare::configs(&[Strategy::Bfs, Strategy::Dfs], &base);
        let summaries = compare::by_shape(&compare::run(&puzzles, &configs, |_| {}));
        let svg = compare_svg(&summaries, "two sizes");
        assert!(svg.starts_with("<svg") && balanced(&svg));
        for label in ["4x4, 1 puzzle", "9x9, 1 puzzle", "bfs", "dfs"] {
            assert!(has_text(&svg, label), "{label}");
        }
        assert!(svg.contains("2 puzzles; time is summed"));
    }

    #[test]
    fn short_forms_read_well() {
        assert_eq!(short_count(7.0), "7");
        assert_eq!(short_count(1234.0), "1.2k");
        assert_eq!(short_count(35_000.0), "35k");
        assert_eq!(short_count(1_000_000.0), "1M");
        assert_eq!(short_secs(0.000_85), "850 µs");
        assert_eq!(short_secs(0.0123), "12.3 ms");
        assert_eq!(short_secs(3.4), "3.4 s");
        assert_eq!(short_bytes(354), "354 B");
        assert_eq!(grouped(1_016), "1,016");
        assert_eq!(grouped(999), "999");
        assert_eq!(counted(1, "guess"), "1 guess");
        assert_eq!(counted(1_234_567, "guess"), "1,234,567 guesses");
        assert_eq!(short_bytes(1_300_000), "1.2 MiB");
        assert_eq!(short_bytes(3840), "3.8 KiB");
    }
}
