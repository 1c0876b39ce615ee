//! The memory panel of [`super::compare_svg_with_footprints`]: on one puzzle, the memory each
//! strategy held against the share of its own work done, one line per strategy.
//!
//! The x axis is the share of the strategy's own boards expanded, so that every line spans
//! the panel whatever the size of its search (a backtracker expands a hundred times the
//! boards of `bfs`; the legend gives each total): the shapes compare, the breadth-first bulge
//! against the depth-first thin line. The y axis is bytes, the one unit in which a queued board
//! and a backtracker's level compare.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Area, DESC, Drawn, GRID, INK, LABEL, MUTED, color, grouped, short_bytes, text_style};
use crate::footprint::Footprint;

/// The searches of one puzzle, each with its footprint: what the memory panel of
/// [`compare_svg_with_footprints`](super::compare_svg_with_footprints) draws.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FootprintPanel {
    /// What the puzzle is called, for the panel's caption: `AI Escargot`, `top1465.txt,
    /// puzzle 1`.
    pub puzzle: String,
    /// One line per search, with its label, in the order of the comparison's configurations (so
    /// each strategy keeps its colour).
    pub lines: Vec<(String, Footprint)>,
}

impl FootprintPanel {
    /// A panel for `puzzle` with the `lines` given.
    pub fn new(puzzle: impl Into<String>, lines: Vec<(String, Footprint)>) -> FootprintPanel {
        FootprintPanel {
            puzzle: puzzle.into(),
            lines,
        }
    }
}

/// The panel's caption, which the picture is made wide enough for.
pub(super) fn caption(panel: &FootprintPanel) -> String {
    format!("memory held against work done, on {}", panel.puzzle)
}

/// Draws `panel` into `area`.
pub(super) fn draw(area: &Area<'_>, panel: &FootprintPanel) -> Drawn {
    let peak = |footprint: &Footprint| footprint.samples().iter().map(|s| s.bytes).max();
    let most = panel
        .lines
        .iter()
        .filter_map(|(_, footprint)| peak(footprint))
        .max()
        .unwrap_or(0)
        .max(1);
    // The axis counts in the largest binary unit the peak reaches, so that its labels fall on
    // whole KiB (or MiB) rather than on thousands of bytes; the top keeps room for the legend.
    let (unit, unit_name) = [(1u64 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        .into_iter()
        .find(|&(unit, _)| most >= unit)
        .unwrap_or((1, "B"));
    let unit = unit as f64;
    let top = most as f64 / unit * 1.45;
    let caption = caption(panel);
    let mut chart = ChartBuilder::on(area)
        .caption(caption, text_style(super::CAPTION, &INK))
        .margin(16)
        .margin_right(40)
        .x_label_area_size(64)
        .y_label_area_size(110)
        .build_cartesian_2d(0.0..100.0, 0.0..top)?;
    let y_label = |&y: &f64| {
        let text = format!("{y:.1}");
        match text.strip_suffix(".0").unwrap_or(&text) {
            "0" => "0".to_owned(),
            text => format!("{text} {unit_name}"),
        }
    };
    chart
        .configure_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .x_labels(11)
        .y_labels(6)
        .x_label_formatter(&|&x| format!("{x:.0}%"))
        .y_label_formatter(&y_label)
        .x_desc("work done: share of the strategy's own boards expanded")
        .y_desc("memory held (frontier, stack, or board and levels)")
        .label_style(text_style(LABEL, &INK))
        .axis_desc_style(text_style(DESC, &INK))
        .draw()?;

    for (i, (name, footprint)) in panel.lines.iter().enumerate() {
        let color = color(i);
        let samples = footprint.samples();
        let total = samples.last().map_or(0, |s| s.expanded).max(1) as f64;
        let points: Vec<(f64, f64)> = samples
            .iter()
            .map(|s| (100.0 * s.expanded as f64 / total, s.bytes as f64 / unit))
            .collect();
        let expanded = samples.last().map_or(0, |s| s.expanded);
        let label = format!(
            "{name}: {} {} expanded, peak {}",
            grouped(expanded),
            if expanded == 1 { "board" } else { "boards" },
            short_bytes(peak(footprint).unwrap_or(0))
        );
        chart
            .draw_series(std::iter::once(PathElement::new(
                points,
                color.stroke_width(3),
            )))?
            .label(label)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 28, y)], color.stroke_width(4))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .margin(12)
        .legend_area_size(36)
        .label_font(text_style(LABEL, &INK))
        .background_style(WHITE.mix(0.85))
        .border_style(GRID)
        .draw()?;

    if panel.lines.is_empty() {
        let (width, height) = area.dim_in_pixel();
        area.draw_text(
            "no search to draw",
            &text_style(LABEL, &MUTED).pos(Pos::new(HPos::Center, VPos::Center)),
            (width as i32 / 2, height as i32 / 2),
        )?;
    }
    Ok(())
}
