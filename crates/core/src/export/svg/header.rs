//! The header above the graph: the title, the summary lines (and the path, when drawn), and the
//! legend. The header never widens the picture: its lines wrap at the graph's width (at least
//! [`MIN_WIDTH`]), a subtitle longer than [`SUBTITLE_MAX_LINES`] lines and a title longer than
//! one line are cut with an ellipsis, their full text in a `<title>` (and, for the subtitles, in
//! the document's `<desc>`, see `mod.rs`).

use std::fmt::Write as _;

use crate::graph::EdgeKind;
use crate::view::{ellipsize_end, num, GraphView, PhaseClass};

use super::escape::push_text;

/// Space around the header's text.
const MARGIN: f64 = 16.0;
/// Approximate advance of one character of the title (16 px, bold).
const TITLE_CHAR: f64 = 9.6;
/// Approximate advance of one character of a subtitle (12 px).
const SUB_CHAR: f64 = 6.9;
/// Lines one subtitle wraps into at most; the last is cut with an ellipsis.
const SUBTITLE_MAX_LINES: usize = 3;
/// Height of one subtitle line.
const SUB_LINE: f64 = 17.0;
/// The narrowest picture: a graph narrower than this is drawn in a picture this wide, so that
/// the legend's widest entry fits on a row. The header's text never sets the width.
pub(super) const MIN_WIDTH: f64 = 360.0;

/// The header's markup and the room it takes.
pub(super) struct Header {
    pub markup: String,
    /// Height of the header: the graph is drawn this far down.
    pub height: f64,
    /// Width of the picture: the graph's, at least [`MIN_WIDTH`].
    pub width: f64,
}

/// The height of a header with `subtitles` under the title, wrapped at `width`, with a legend
/// of two rows (one more with a path, one more with the lifecycle overlay, one more in a
/// picture narrower than 560), before the view is known.
///
/// # Complexity
/// O(S) for S subtitle characters.
pub(super) fn estimated_height(
    subtitles: &[String],
    width: f64,
    legend: bool,
    (path, support): (bool, bool),
) -> f64 {
    let width = width.max(MIN_WIDTH);
    let lines: usize = subtitles
        .iter()
        .map(|s| {
            wrap(s, columns(width, SUB_CHAR), SUBTITLE_MAX_LINES)
                .0
                .len()
        })
        .sum();
    let rows = 2.0
        + f64::from(u8::from(path))
        + f64::from(u8::from(support))
        + f64::from(u8::from(width < 560.0));
    let legend = if legend { 14.0 + rows * 20.0 } else { 0.0 };
    MARGIN + 20.0 + SUB_LINE * lines as f64 + legend + 4.0
}

/// Characters of `advance` each that fit on a line of a picture `width` wide.
fn columns(width: f64, advance: f64) -> usize {
    (((width - 2.0 * MARGIN) / advance).floor().max(8.0)) as usize
}

/// `text` wrapped at word breaks into lines of at most `cols` characters (a longer word is
/// broken), at most `max_lines` of them; the second value tells whether the text was cut, the
/// last line then ending in an ellipsis.
///
/// # Complexity
/// O(length of `text`).
fn wrap(text: &str, cols: usize, max_lines: usize) -> (Vec<String>, bool) {
    let options = textwrap::Options::new(cols).break_words(true);
    let mut lines: Vec<String> = textwrap::wrap(text, options)
        .into_iter()
        .map(|l| l.into_owned())
        .collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    let cut = lines.len() > max_lines.max(1);
    if cut {
        lines.truncate(max_lines.max(1));
        if let Some(last) = lines.last_mut() {
            let mut t = ellipsize_end(last, cols.saturating_sub(1));
            if !t.ends_with('…') {
                t.push('…');
            }
            *last = t;
        }
    }
    (lines, cut)
}

/// One legend entry: what it shows.
enum Swatch {
    Line(EdgeKind),
    Band(EdgeKind),
    Node(&'static str),
    Phase(PhaseClass),
    Path,
}

impl Header {
    /// The header of `view`, with `subtitles` under the title and the legend when asked for,
    /// all wrapped at the picture's width ([`Header::width`]).
    ///
    /// # Complexity
    /// O(S + L) for S subtitle characters and L legend entries.
    pub(super) fn new(view: &GraphView, subtitles: &[String], legend: bool, path: bool) -> Header {
        let title_y = MARGIN + 14.0;
        let mut h = Header {
            markup: String::new(),
            height: title_y + 6.0,
            width: view.width.max(MIN_WIDTH),
        };
        let (title, cut) = wrap(&view.title, columns(h.width, TITLE_CHAR), 1);
        let _ = write!(
            h.markup,
            "<text class=\"title\" x=\"{}\" y=\"{}\">",
            num(MARGIN),
            num(title_y)
        );
        if cut {
            h.markup.push_str("<title>");
            push_text(&mut h.markup, &view.title);
            h.markup.push_str("</title>");
        }
        push_text(&mut h.markup, &title.concat());
        h.markup.push_str("</text>\n");
        for s in subtitles {
            h.subtitle(s);
        }
        if legend {
            h.legend(&legend_items(view, path));
        }
        h.height += 4.0;
        h
    }

    /// One subtitle, one `<text>` per line; when cut, its lines are grouped under a `<title>`
    /// holding the whole text.
    fn subtitle(&mut self, s: &str) {
        let (lines, cut) = wrap(s, columns(self.width, SUB_CHAR), SUBTITLE_MAX_LINES);
        if cut {
            self.markup.push_str("<g class=\"cut\"><title>");
            push_text(&mut self.markup, s);
            self.markup.push_str("</title>\n");
        }
        for line in &lines {
            self.height += SUB_LINE;
            let _ = write!(
                self.markup,
                "<text class=\"subtitle\" x=\"{}\" y=\"{}\">",
                num(MARGIN),
                num(self.height)
            );
            push_text(&mut self.markup, line);
            self.markup.push_str("</text>\n");
        }
        if cut {
            self.markup.push_str("</g>\n");
        }
    }

    /// The legend rows, wrapped at the picture's width.
    fn legend(&mut self, items: &[(Swatch, &str)]) {
        let wrap = self.width - MARGIN;
        let mut x = MARGIN;
        self.height += 14.0;
        let mut row_y = self.height + 10.0;
        self.markup.push_str("<g class=\"legend\">\n");
        for (swatch, label) in items {
            let w = 34.0 + label.chars().count() as f64 * 6.4 + 16.0;
            if x + w > wrap && x > MARGIN {
                x = MARGIN;
                row_y += 20.0;
            }
            self.swatch(swatch, x, row_y);
            let _ = write!(
                self.markup,
                "<text x=\"{}\" y=\"{}\">",
                num(x + 28.0 + 6.0),
                num(row_y + 4.0)
            );
            push_text(&mut self.markup, label);
            self.markup.push_str("</text>\n");
            x += w;
        }
        self.markup.push_str("</g>\n");
        self.height = row_y + 10.0;
    }

    fn swatch(&mut self, swatch: &Swatch, x0: f64, row_y: f64) {
        let (x, y, x1) = (num(x0), num(row_y), num(x0 + 28.0));
        let out = &mut self.markup;
        let _ = match swatch {
            Swatch::Line(k) => write!(
                out,
                "<path class=\"edge {c}\" d=\"M{x},{y} L{x1},{y}\" marker-end=\"url(#olmg-arrow-{c})\"/>",
                c = k.css_class()
            ),
            Swatch::Band(k) => write!(
                out,
                "<rect class=\"band {c}\" x=\"{x}\" y=\"{}\" width=\"28\" height=\"5\"/><circle class=\"tap {c}\" cx=\"{}\" cy=\"{y}\" r=\"2.5\"/>",
                num(row_y - 2.5),
                num(x0 + 8.0),
                c = k.css_class()
            ),
            Swatch::Node(class) => write!(
                out,
                "<g class=\"node {class}\"><rect x=\"{x}\" y=\"{}\" width=\"28\" height=\"14\" rx=\"4\"/></g>",
                num(row_y - 7.0)
            ),
            Swatch::Phase(p) => write!(
                out,
                "<g class=\"node {}\" data-phase-class=\"{}\"><rect x=\"{x}\" y=\"{}\" width=\"28\" height=\"14\" rx=\"4\"/></g>",
                p.css_class(),
                p.as_str(),
                num(row_y - 7.0)
            ),
            Swatch::Path => write!(out, "<path class=\"hop\" d=\"M{x},{y} L{x1},{y}\"/>"),
        };
    }
}

/// What the legend shows for `view`: the edge kinds, the fans it has, the node states, the
/// path when one is drawn, and the six phase tints with the lifecycle overlay.
fn legend_items(view: &GraphView, path: bool) -> Vec<(Swatch, &'static str)> {
    let mut items = vec![
        (Swatch::Line(EdgeKind::Replaces), "replaces"),
        (Swatch::Line(EdgeKind::Skips), "skips"),
        (Swatch::Line(EdgeKind::SkipRange), "skipRange"),
    ];
    if view.bands().iter().any(|b| b.kind == EdgeKind::SkipRange) {
        items.push((
            Swatch::Band(EdgeKind::SkipRange),
            "skipRange fan (● = source)",
        ));
    }
    if view.bands().iter().any(|b| b.kind == EdgeKind::Skips) {
        items.push((Swatch::Band(EdgeKind::Skips), "skips fan (● = skipped)"));
    }
    items.push((Swatch::Node("head"), "channel head"));
    items.push((Swatch::Node("deprecated"), "deprecated"));
    if view.nodes().iter().any(|n| n.legacy_deprecated) {
        items.push((
            Swatch::Node("deprecated legacy"),
            "legacy olm.deprecated (prohibited by OLM v0)",
        ));
    }
    let virtual_label = if view.channel.is_some() {
        "not in channel"
    } else {
        "not in package"
    };
    items.push((Swatch::Node("virtual"), virtual_label));
    if path {
        items.push((Swatch::Path, "upgrade path"));
    }
    if view.support.is_some() {
        items.extend(PhaseClass::ALL.map(|p| (Swatch::Phase(p), p.label())));
    }
    items
}

/// The subtitle of the lifecycle overlay: the day, and the platform when one is asked.
///
/// # Complexity
/// O(1).
pub(super) fn support_subtitle(as_of: &crate::support::AsOf) -> String {
    match &as_of.platform {
        Some(p) => format!("support phases on {}, OpenShift {p}", as_of.date),
        None => format!("support phases on {}", as_of.date),
    }
}
