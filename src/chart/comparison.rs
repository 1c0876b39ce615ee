//! [`compare_svg`]: strategies side by side, laid out from what it has to say.
//!
//! Each strategy (a configuration of the comparison) keeps one colour throughout the picture,
//! named once in a legend at the top, so that a colour never stands for two strategies. Bars are
//! grouped by board size, a group per size in the order of the summaries, each bar named under
//! it and each group labelled with its size and its puzzles. Plotters cannot measure text
//! without its font feature, so the layout measures it by [`text_width`]: a bar's slot is as
//! wide as the widest text it carries, the two bar panels stand side by side when both fit in
//! 1600 pixels (or the width the texts need) and one above the other when not, and the picture
//! is as wide as its widest line of text needs. Nothing is clipped and no two labels meet,
//! whatever the number of strategies and sizes (a unit test checks every text box of a mixed
//! comparison).

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{
    Area, BAR_WIDTH, CAPTION, DEAD, Drawn, FootprintPanel, GRID, INK, LABEL, MUTED, Scale, TITLE,
    VALUE, centred, color, counted, footprint, short_bytes, short_count, short_secs, text_style,
    text_width,
};
use crate::compare::{self, Summary};
use crate::geometry::Shape;

/// The narrowest picture, in pixels: a slide's width.
const MIN_WIDTH: u32 = 1280;
/// The widest picture that sets the two bar panels side by side, unless its texts need more.
const SIDE_BY_SIDE_WIDTH: u32 = 1600;
/// Height of a bar panel (caption, bars, names under them, size labels).
const PANEL_HEIGHT: u32 = 520;
/// Height of the memory panel below the bars.
const FOOTPRINT_HEIGHT: u32 = 600;
/// Height of the title and of the footer.
const TITLE_HEIGHT: u32 = 56;
const FOOTER_HEIGHT: u32 = 40;
/// Height of one row of the legend.
const LEGEND_ROW: u32 = 34;
/// Room left of the plot for the y axis labels, and around each panel.
const Y_AREA: u32 = 100;
const MARGIN: u32 = 16;
/// Room under the plot: the bar names, then the size labels.
const X_AREA: u32 = 70;
/// Gap between a bar's texts and its neighbours', in pixels.
const GAP: f64 = 14.0;
/// A group of bars is set apart from the next by this share of a slot.
const GROUP_GAP: f64 = 0.8;
/// Font sizes of the texts under the bars.
const NAME: u32 = LABEL - 2;
const GROUP: u32 = LABEL;

/// Strategies side by side, as an SVG document: two panels, search time summed over the puzzles
/// and the memory of the peak frontier (with the number of states it held), one bar per
/// summary, grouped by board size. Each strategy (a strategy and its options) has one colour,
/// named in the legend; each bar carries its value, and, in red, the number of puzzles on which
/// the strategy gave up, whose times are budgets rather than solving times. The picture is 1280
/// pixels wide, or wider where its bars and texts need it.
///
/// ```
/// use explore::{Config, Strategy, chart, compare, format};
///
/// let puzzle = format::parse_one(
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
/// )?;
/// let configs = compare::configs(Strategy::ALL, &Config::default());
/// let summaries = compare::run(&[puzzle], &configs, |_| {});
/// let svg = chart::compare_svg(&summaries, "one hard puzzle");
/// assert!(svg.contains("backtrack"));
/// # Ok::<(), explore::InputError>(())
/// ```
pub fn compare_svg(summaries: &[Summary], title: &str) -> String {
    let layout = Layout::new(summaries, None, title);
    super::svg(layout.size(), |root| {
        draw(root, &layout, summaries, None, title)
    })
}

/// [`compare_svg`] with a third panel below, where breadth-first and depth-first search look
/// different: on one puzzle, the memory each strategy held (the breadth-first frontier, the
/// depth-first stack, the backtrackers' board and levels) against the share of its own boards
/// expanded, one line per strategy in the strategy's colour, from footprints sampled with
/// [`Config::footprint`](crate::Config::footprint). The panel's lines are in the order of the
/// comparison's configurations, which is the order in which their strategies first appear
/// among `summaries`.
///
/// ```
/// use explore::chart::{self, FootprintPanel};
/// use explore::{Config, Strategy, compare, format, solve};
///
/// let puzzle = format::parse_one(
///     "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
/// )?;
/// let configs = compare::configs(&[Strategy::Bfs, Strategy::Dfs], &Config::default());
/// let summaries = compare::run(&[puzzle.clone()], &configs, |_| {});
/// let lines = compare::footprints(&puzzle, &configs);
/// let names = compare::labels(&summaries);
/// let panel = FootprintPanel::new("top1465 #1", names.into_iter().zip(lines).collect());
/// let svg = chart::compare_svg_with_footprints(&summaries, &panel, "one hard puzzle");
/// assert!(svg.contains("memory held against work done"));
/// # Ok::<(), explore::InputError>(())
/// ```
pub fn compare_svg_with_footprints(
    summaries: &[Summary],
    footprints: &FootprintPanel,
    title: &str,
) -> String {
    let layout = Layout::new(summaries, Some(footprints), title);
    super::svg(layout.size(), |root| {
        draw(root, &layout, summaries, Some(footprints), title)
    })
}

/// A strategy as the picture tells it apart: its strategy and options.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Key {
    strategy: String,
    options: String,
}

impl Key {
    fn of(summary: &Summary) -> Key {
        Key {
            strategy: summary.strategy.to_string(),
            options: summary.options.clone(),
        }
    }
}

/// Each strategy's name under its bars and, where a strategy runs with several sets of
/// options, the options that set it apart for the legend: `bfs #1` (`forced=locked`) and `bfs
/// #2` (`forced=naked`), the options they share left out.
fn names(keys: &[Key]) -> Vec<(String, Option<String>)> {
    keys.iter()
        .map(|key| {
            let same: Vec<&Key> = keys.iter().filter(|k| k.strategy == key.strategy).collect();
            if same.len() < 2 {
                return (key.strategy.clone(), None);
            }
            let number = same.iter().position(|k| *k == key).unwrap_or(0) + 1;
            let alike: Vec<&str> = same.iter().map(|k| k.options.as_str()).collect();
            let own = compare::own_words(&key.options, &alike).join(" ");
            let own = Some(own).filter(|own| !own.is_empty());
            (format!("{} #{number}", key.strategy), own)
        })
        .collect()
}

/// One bar: where it stands on the x axis (in slots), its colour and its name.
struct Bar {
    x: f64,
    color: RGBColor,
    name: String,
}

/// A group of bars of one board size: its label and the x range of its bars.
struct Group {
    label: String,
    short: String,
    first: f64,
    last: f64,
}

/// Where everything goes, measured before anything is drawn.
struct Layout {
    /// The strategies in order of first appearance, each with its legend name.
    legend: Vec<(String, RGBColor)>,
    /// The legend's rows of entries, as indices into `legend`, laid out by width.
    legend_rows: Vec<Vec<usize>>,
    bars: Vec<Bar>,
    groups: Vec<Group>,
    /// The x axis, in slots.
    x_range: std::ops::Range<f64>,
    /// Width of a slot, in pixels.
    slot: f64,
    side_by_side: bool,
    width: u32,
    footprint: bool,
}

impl Layout {
    fn new(summaries: &[Summary], footprints: Option<&FootprintPanel>, title: &str) -> Layout {
        let mut keys: Vec<Key> = Vec::new();
        for summary in summaries {
            let key = Key::of(summary);
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        let names = names(&keys);
        let legend: Vec<(String, RGBColor)> = names
            .iter()
            .enumerate()
            .map(|(i, (short, options))| {
                let name = match options {
                    Some(options) => format!("{short} ({options})"),
                    None => short.clone(),
                };
                (name, color(i))
            })
            .collect();

        // Bars of one size stand together, sizes in the order the summaries give them.
        let mut shapes: Vec<Option<Shape>> = Vec::new();
        for summary in summaries {
            if !shapes.contains(&summary.shape) {
                shapes.push(summary.shape);
            }
        }
        let mut bars = Vec::new();
        let mut groups = Vec::new();
        let mut x = 0.0;
        for &shape in &shapes {
            let of_shape: Vec<&Summary> = summaries.iter().filter(|s| s.shape == shape).collect();
            let first = x;
            for summary in &of_shape {
                let key = keys
                    .iter()
                    .position(|k| *k == Key::of(summary))
                    .unwrap_or(0);
                bars.push(Bar {
                    x,
                    color: color(key),
                    name: names[key].0.clone(),
                });
                x += 1.0;
            }
            let puzzles = of_shape.iter().map(|s| s.puzzles).max().unwrap_or(0);
            let size = match shape {
                Some(shape) => format!("{0}x{0}", shape.side()),
                None => "mixed sizes".to_owned(),
            };
            groups.push(Group {
                label: format!("{size}, {}", counted(puzzles as u64, "puzzle")),
                short: size,
                first,
                last: x - 1.0,
            });
            x += GROUP_GAP;
        }
        // Room for three bars at least, so that one bar alone is not a wall; the bars centred.
        let n_slots = (x - GROUP_GAP).max(3.0);
        let pad = (n_slots - (x - GROUP_GAP)) / 2.0;

        // A slot is as wide as the widest text a bar carries: its values, its warning, its name.
        let widest = summaries
            .iter()
            .flat_map(|s| {
                let mut lines = time_labels(s);
                lines.extend(memory_labels(s));
                lines.into_iter().map(|line| text_width(&line, VALUE))
            })
            .chain(bars.iter().map(|bar| text_width(&bar.name, NAME)))
            .chain(groups.iter().map(|group| text_width(&group.short, GROUP)))
            .fold(0.0, f64::max);
        let slot = (widest + GAP).max(56.0);
        let x_range = -0.6 - pad..n_slots - pad - 1.0 + 0.6;
        let plot = slot * (x_range.end - x_range.start);
        let panel_width = (f64::from(Y_AREA + 3 * MARGIN) + plot).ceil() as u32;

        let footer = footer(summaries);
        let caption = footprints.map(footprint::caption);
        let texts = [
            (title, TITLE),
            (footer.as_str(), FOOTER),
            (caption.as_deref().unwrap_or(""), CAPTION),
        ];
        let widest_text = texts
            .iter()
            .map(|&(text, size)| text_width(text, size))
            .fold(0.0, f64::max);
        let text_width = (widest_text + f64::from(4 * MARGIN)).ceil() as u32;
        // Side by side, the panels read at a glance; a picture somewhat wider than a slide is
        // worth that, a much wider one is not.
        let side_by_side = 2 * panel_width <= SIDE_BY_SIDE_WIDTH.max(text_width);
        let bars_width = if side_by_side {
            2 * panel_width
        } else {
            panel_width
        };
        let width = MIN_WIDTH.max(bars_width).max(text_width);

        // The legend's entries, row by row, as many to a row as fit.
        let mut legend_rows: Vec<Vec<usize>> = vec![Vec::new()];
        let mut used = 0.0;
        let room = f64::from(width - 2 * MARGIN);
        for (i, (name, _)) in legend.iter().enumerate() {
            let entry = legend_entry_width(name);
            if used + entry > room && !legend_rows.last().is_some_and(Vec::is_empty) {
                legend_rows.push(Vec::new());
                used = 0.0;
            }
            legend_rows.last_mut().expect("one row at least").push(i);
            used += entry;
        }

        Layout {
            legend,
            legend_rows,
            bars,
            groups,
            x_range,
            slot,
            side_by_side,
            width,
            footprint: footprints.is_some(),
        }
    }

    fn legend_height(&self) -> u32 {
        LEGEND_ROW * self.legend_rows.len() as u32 + 8
    }

    fn bars_height(&self) -> u32 {
        if self.side_by_side {
            PANEL_HEIGHT
        } else {
            2 * PANEL_HEIGHT
        }
    }

    fn size(&self) -> (u32, u32) {
        let footprint = if self.footprint { FOOTPRINT_HEIGHT } else { 0 };
        let height =
            TITLE_HEIGHT + self.legend_height() + self.bars_height() + footprint + FOOTER_HEIGHT;
        (self.width, height)
    }
}

/// Font size of the footer.
const FOOTER: u32 = LABEL - 2;

/// Width of a legend entry: its swatch, its name and the gap after it.
fn legend_entry_width(name: &str) -> f64 {
    36.0 + text_width(name, LABEL) + 36.0
}

/// The texts above a bar of the time panel, bottom up.
fn time_labels(summary: &Summary) -> Vec<String> {
    with_warning(summary, vec![short_secs(summary.total_secs)])
}

/// The texts above a bar of the memory panel, bottom up.
fn memory_labels(summary: &Summary) -> Vec<String> {
    let lines = match summary.peak_frontier_bytes {
        0 => vec!["0".to_owned()],
        bytes => vec![
            short_bytes(bytes),
            match summary.peak_frontier {
                1 => "1 board".to_owned(),
                n => format!("{} boards", short_count(n as f64)),
            },
        ],
    };
    with_warning(summary, lines)
}

/// `lines`, and above them the number of puzzles given up on, if any.
fn with_warning(summary: &Summary, mut lines: Vec<String>) -> Vec<String> {
    if summary.gave_up > 0 {
        lines.push(format!("{} gave up", summary.gave_up));
    }
    lines
}

fn footer(summaries: &[Summary]) -> String {
    // Summaries of each board size run over that size's puzzles (see `compare::by_shape`).
    let mut shapes: Vec<_> = summaries.iter().map(|s| s.shape).collect();
    shapes.sort_unstable();
    shapes.dedup();
    let n_puzzles: usize = shapes
        .iter()
        .map(|&shape| {
            let of_shape = summaries.iter().filter(|s| s.shape == shape);
            of_shape.map(|s| s.puzzles).max().unwrap_or(0)
        })
        .sum();
    format!(
        "{}; time is summed over the puzzles; lower is better in both bar panels; \
         \"gave up\": the per-puzzle budget ran out",
        counted(n_puzzles as u64, "puzzle")
    )
}

fn draw(
    root: &Area<'_>,
    layout: &Layout,
    summaries: &[Summary],
    footprints: Option<&FootprintPanel>,
    title: &str,
) -> Drawn {
    let root = root.titled(title, text_style(TITLE, &INK))?;
    let (legend_area, rest) = root.split_vertically(layout.legend_height());
    draw_legend(&legend_area, layout)?;
    let (bars, rest) = rest.split_vertically(layout.bars_height());
    let (below, foot) = rest.split_vertically(rest.dim_in_pixel().1 - FOOTER_HEIGHT);
    if let Some(footprints) = footprints {
        footprint::draw(&below, footprints)?;
    }
    let (time_area, memory_area) = if layout.side_by_side {
        let (left, right) = bars.split_horizontally(layout.width / 2);
        (left, right)
    } else {
        bars.split_vertically(PANEL_HEIGHT)
    };

    let time = Panel {
        caption: "search time, all puzzles",
        values: summaries.iter().map(|s| s.total_secs).collect(),
        labels: summaries.iter().map(time_labels).collect(),
        unit: short_secs,
        integral: false,
    };
    panel(&time_area, layout, &time)?;

    // Memory, not states: a board of candidates and a backtracker's recursion level differ in
    // size by a factor of fifty, so only bytes compare across strategies.
    let peak = Panel {
        caption: "peak frontier memory (boards held)",
        values: summaries
            .iter()
            .map(|s| s.peak_frontier_bytes as f64)
            .collect(),
        labels: summaries.iter().map(memory_labels).collect(),
        unit: |bytes| short_bytes(bytes.round() as u64),
        integral: true,
    };
    panel(&memory_area, layout, &peak)?;

    let (width, height) = foot.dim_in_pixel();
    foot.draw_text(
        &footer(summaries),
        &centred(text_style(FOOTER, &MUTED), VPos::Center),
        (width as i32 / 2, height as i32 / 2),
    )?;
    Ok(())
}

/// The legend: a swatch and a name per strategy, rows centred.
fn draw_legend(area: &Area<'_>, layout: &Layout) -> Drawn {
    let style = text_style(LABEL, &INK).pos(Pos::new(HPos::Left, VPos::Center));
    let (width, _) = area.dim_in_pixel();
    for (row, entries) in layout.legend_rows.iter().enumerate() {
        let used: f64 = entries
            .iter()
            .map(|&i| legend_entry_width(&layout.legend[i].0))
            .sum();
        let mut x = ((f64::from(width) - used + 36.0) / 2.0).max(f64::from(MARGIN));
        let y = (LEGEND_ROW as usize * row) as i32 + LEGEND_ROW as i32 / 2;
        for &i in entries {
            let (name, color) = &layout.legend[i];
            let left = x as i32;
            area.draw(&Rectangle::new(
                [(left, y - 9), (left + 28, y + 9)],
                color.filled(),
            ))?;
            area.draw_text(name, &style, (left + 36, y))?;
            x += legend_entry_width(name);
        }
    }
    Ok(())
}

/// One bar chart panel of [`compare_svg`]: a value per summary.
struct Panel {
    caption: &'static str,
    values: Vec<f64>,
    /// The texts above each bar, bottom up.
    labels: Vec<Vec<String>>,
    /// Formats an axis value.
    unit: fn(f64) -> String,
    /// Whether the values are counts, so that the axis labels whole numbers only.
    integral: bool,
}

/// Height of a line of text above a bar, in pixels.
const LINE: f64 = 22.0;

fn panel(area: &Area<'_>, layout: &Layout, panel: &Panel) -> Drawn {
    // The panel is at least as wide as the slots need (`Layout::new`): slots only widen here.
    let (_, area_height) = area.dim_in_pixel();
    // The plot's height: the panel less its caption, margins and the texts under the bars.
    let plot_height = f64::from(area_height.saturating_sub(X_AREA + 2 * MARGIN + 48)).max(1.0);
    let lines = panel.labels.iter().map(Vec::len).max().unwrap_or(1) as f64;
    let room = ((lines * LINE + 12.0) / plot_height).min(0.6);
    let scale = Scale::fit(panel.values.iter().copied(), None, room);
    let caption = if scale.is_log() {
        format!("{}, log scale", panel.caption)
    } else {
        panel.caption.to_owned()
    };
    let mut chart = ChartBuilder::on(area)
        .caption(caption, text_style(CAPTION, &INK))
        .margin(MARGIN)
        .x_label_area_size(X_AREA)
        .y_label_area_size(Y_AREA)
        .build_cartesian_2d(layout.x_range.clone(), scale.range())?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .max_light_lines(0)
        .bold_line_style(GRID)
        .x_labels(0)
        .y_labels(scale.n_labels(panel.integral))
        .y_label_formatter(&|&y| scale.label(y, panel.unit, panel.integral))
        .label_style(text_style(LABEL, &INK))
        .draw()?;

    let plot = chart.plotting_area();
    let base = scale.base();
    for (i, bar) in layout.bars.iter().enumerate() {
        let value = panel.values[i];
        let top = scale.at(value);
        if value > 0.0 {
            plot.draw(&Rectangle::new(
                [
                    (bar.x - BAR_WIDTH / 2.0, base),
                    (bar.x + BAR_WIDTH / 2.0, top),
                ],
                bar.color.filled(),
            ))?;
        }
        for (line, text) in panel.labels[i].iter().enumerate() {
            let color = if text.ends_with("gave up") {
                &DEAD
            } else {
                &INK
            };
            let label = EmptyElement::at((bar.x, top))
                + Text::new(
                    text.clone(),
                    (0, -6 - (line as f64 * LINE) as i32),
                    centred(text_style(VALUE, color), VPos::Bottom),
                );
            plot.draw(&label)?;
        }
        let name = EmptyElement::at((bar.x, base))
            + Text::new(
                bar.name.clone(),
                (0, 8),
                centred(text_style(NAME, &INK), VPos::Top),
            );
        plot.draw(&name)?;
    }
    for group in &layout.groups {
        let span = (group.last - group.first + 1.0) * layout.slot - GAP;
        let label = if text_width(&group.label, GROUP) <= span {
            &group.label
        } else {
            &group.short
        };
        let label = EmptyElement::at(((group.first + group.last) / 2.0, base))
            + Text::new(
                label.clone(),
                (0, 38),
                centred(text_style(GROUP, &MUTED), VPos::Top),
            );
        plot.draw(&label)?;
    }
    Ok(())
}
