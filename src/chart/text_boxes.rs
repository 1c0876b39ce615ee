//! Checks of a drawn picture's text: the box each `<text>` element takes, estimated from its
//! position, font size, anchor and rotation, so that a test can say that no two texts meet and
//! none leaves the canvas.
//!
//! The viewer lays the text out with its own font, so a box is an estimate: [`CHAR_EM`] of
//! the font size per character across (the layout's own measure, which a font wider than
//! DejaVu Sans could exceed), and from 0.76 em above the baseline to 0.24 em below it, as
//! plotters places text (`dy` moves the baseline from `y`: `0.76em` puts the top at `y`,
//! `0.5ex` the middle, `-0.5ex` the bottom).

use super::CHAR_EM;

/// A `<text>` element's box on the canvas, in pixels, with its text.
#[derive(Clone, PartialEq, Debug)]
pub(super) struct TextBox {
    pub(super) text: String,
    pub(super) left: f64,
    pub(super) top: f64,
    pub(super) right: f64,
    pub(super) bottom: f64,
}

impl TextBox {
    /// Whether the two boxes share more than a hair (half a pixel) of area.
    pub(super) fn meets(&self, other: &TextBox) -> bool {
        let across = self.right.min(other.right) - self.left.max(other.left);
        let down = self.bottom.min(other.bottom) - self.top.max(other.top);
        across > 0.5 && down > 0.5
    }

    /// Whether the box lies within a canvas of `width` by `height`.
    pub(super) fn inside(&self, (width, height): (f64, f64)) -> bool {
        self.left >= 0.0 && self.top >= 0.0 && self.right <= width && self.bottom <= height
    }
}

/// The canvas's width and height, from the `<svg>` element.
pub(super) fn canvas(svg: &str) -> (f64, f64) {
    let tag = element(svg, "<svg").expect("an svg element");
    let number = |name| attribute(tag, name).and_then(|v| v.parse().ok());
    (
        number("width").expect("a width"),
        number("height").expect("a height"),
    )
}

/// The box of every `<text>` element of `svg` that says something.
pub(super) fn text_boxes(svg: &str) -> Vec<TextBox> {
    let mut boxes = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find("<text") {
        rest = &rest[start..];
        let tag_end = rest.find('>').expect("a closed tag");
        let tag = &rest[..tag_end];
        let body_end = rest.find("</text>").expect("a closed element");
        let text = unescape(rest[tag_end + 1..body_end].trim());
        rest = &rest[body_end..];
        if text.is_empty() {
            continue;
        }
        boxes.push(text_box(tag, text));
    }
    boxes
}

fn text_box(tag: &str, text: String) -> TextBox {
    let number = |name| -> f64 {
        attribute(tag, name)
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{name} of {tag}"))
    };
    let (x, y, em) = (number("x"), number("y"), number("font-size"));
    let width = text.chars().count() as f64 * CHAR_EM * em;
    let left = match attribute(tag, "text-anchor").unwrap_or("start") {
        "middle" => x - width / 2.0,
        "end" => x - width,
        _ => x,
    };
    // An ex is taken as half an em.
    let baseline = y + match attribute(tag, "dy").unwrap_or("0") {
        "0.76em" => 0.76 * em,
        "0.5ex" => 0.25 * em,
        "-0.5ex" => -0.25 * em,
        "0" => 0.0,
        other => panic!("an unknown dy {other} in {tag}"),
    };
    let corners = [
        (left, baseline - 0.76 * em),
        (left + width, baseline - 0.76 * em),
        (left, baseline + 0.24 * em),
        (left + width, baseline + 0.24 * em),
    ];
    let corners = match attribute(tag, "transform") {
        Some(transform) => rotated(&corners, transform),
        None => corners.to_vec(),
    };
    let xs = corners.iter().map(|c| c.0);
    let ys = corners.iter().map(|c| c.1);
    TextBox {
        text,
        left: xs.clone().fold(f64::INFINITY, f64::min),
        right: xs.fold(f64::NEG_INFINITY, f64::max),
        top: ys.clone().fold(f64::INFINITY, f64::min),
        bottom: ys.fold(f64::NEG_INFINITY, f64::max),
    }
}

/// `corners` turned by a `rotate(degrees, cx, cy)` transform, clockwise on the screen.
fn rotated(corners: &[(f64, f64)], transform: &str) -> Vec<(f64, f64)> {
    let inner = transform
        .strip_prefix("rotate(")
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or_else(|| panic!("an unknown transform {transform}"));
    let numbers: Vec<f64> = inner
        .split(',')
        .map(|n| n.trim().parse().expect("a number"))
        .collect();
    let [degrees, cx, cy] = numbers[..] else {
        panic!("rotate takes three numbers here: {transform}");
    };
    let (sin, cos) = degrees.to_radians().sin_cos();
    corners
        .iter()
        .map(|&(x, y)| {
            let (dx, dy) = (x - cx, y - cy);
            (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos)
        })
        .collect()
}

/// The opening tag that starts with `start`.
fn element<'a>(svg: &'a str, start: &str) -> Option<&'a str> {
    let from = svg.find(start)?;
    let to = svg[from..].find('>')? + from;
    Some(&svg[from..to])
}

/// The value of attribute `name` in an opening tag.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let from = tag.find(&key)? + key.len();
    let to = tag[from..].find('"')? + from;
    Some(&tag[from..to])
}

/// XML's five escapes, undone, so that each counts as the one character it draws.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The pairs of texts that meet, and the texts that leave the canvas, in words: empty when the
/// picture's text is laid out well.
pub(super) fn faults(svg: &str) -> Vec<String> {
    let canvas = canvas(svg);
    let boxes = text_boxes(svg);
    let mut faults = Vec::new();
    for (i, a) in boxes.iter().enumerate() {
        if !a.inside(canvas) {
            faults.push(format!("{a:?} leaves the canvas {canvas:?}"));
        }
        for b in &boxes[i + 1..] {
            if a.meets(b) {
                faults.push(format!("{a:?} meets {b:?}"));
            }
        }
    }
    faults
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_follow_anchor_baseline_and_rotation() {
        let svg = "<svg width=\"200\" height=\"100\">\n\
            <text x=\"100\" y=\"10\" dy=\"0.76em\" text-anchor=\"middle\" font-size=\"10\">\nabcd\n</text>\n\
            <text x=\"50\" y=\"50\" dy=\"0.5ex\" text-anchor=\"end\" font-size=\"10\">\n&lt;&amp;\n</text>\n\
            <text x=\"20\" y=\"60\" dy=\"0.76em\" text-anchor=\"middle\" font-size=\"10\" transform=\"rotate(270, 20, 60)\">\nabcd\n</text>\n\
            <text x=\"9\" y=\"9\" font-size=\"10\">\n\n</text>\n\
            </svg>";
        assert_eq!(canvas(svg), (200.0, 100.0));
        let boxes = text_boxes(svg);
        assert_eq!(boxes.len(), 3, "the empty text is no box");
        let width = 4.0 * CHAR_EM * 10.0;
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        let top = &boxes[0];
        assert!(close(top.left, 100.0 - width / 2.0) && close(top.right, 100.0 + width / 2.0));
        assert!(close(top.top, 10.0) && close(top.bottom, 20.0));
        let end = &boxes[1];
        assert_eq!(end.text, "<&");
        assert!(close(end.right, 50.0) && close(end.top, 44.9) && close(end.bottom, 54.9));
        // Turned a quarter to the left: as tall as it was wide, and as wide as it was tall.
        let turned = &boxes[2];
        assert!(close(turned.bottom - turned.top, width));
        assert!(close(turned.right - turned.left, 10.0));
        assert!(close(turned.top, 60.0 - width / 2.0));
        assert!(faults(svg).is_empty(), "{:?}", faults(svg));
    }

    #[test]
    fn texts_that_meet_or_leave_are_faults() {
        let svg = "<svg width=\"100\" height=\"100\">\n\
            <text x=\"10\" y=\"10\" dy=\"0.76em\" font-size=\"10\">\nabcdef\n</text>\n\
            <text x=\"20\" y=\"12\" dy=\"0.76em\" font-size=\"10\">\nxyz\n</text>\n\
            <text x=\"95\" y=\"80\" dy=\"0.76em\" font-size=\"10\">\nclipped\n</text>\n\
            </svg>";
        let faults = faults(svg);
        assert_eq!(faults.len(), 2, "{faults:?}");
        assert!(faults[0].contains("abcdef") && faults[0].contains("meets"));
        assert!(faults[1].contains("clipped") && faults[1].contains("leaves"));
    }
}
