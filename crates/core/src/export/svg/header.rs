//! The header above the graph: the title, the summary lines (and the path, when drawn), and the
//! legend, which wraps to the picture's width.

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
/// Longest subtitle line before it is cut (the full text stays in a `<title>`).
const SUBTITLE_MAX_CHARS: usize = 180;

/// The header's markup and the room it takes.
pub(super) struct Header {
    pub markup: String,
    /// Height of the header: the graph is drawn this far down.
    pub height: f64,
    /// Width the header needs (at least the graph's).
    pub width: f64,
}

/// The height of a header with `subtitles` lines under the title, with a legend of two rows
/// (one more with a path, one more with the lifecycle overlay), before the view is known.
///
/// # Complexity
/// O(1).
pub(super) fn estimated_height(subtitles: usize, legend: bool, path: bool, support: bool) -> f64 {
    let rows = 2.0 + f64::from(u8::from(path)) + f64::from(u8::from(support));
    let legend = if legend { 14.0 + rows * 20.0 } else { 0.0 };
    MARGIN + 20.0 + 17.0 * subtitles as f64 + legend + 4.0
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
    /// The header of `view`, with `subtitles` under the title and the legend when asked for.
    ///
    /// # Complexity
    /// O(S + L) for S subtitle characters and L legend entries.
    pub fn new(view: &GraphView, subtitles: &[String], legend: bool, path: bool) -> Header {
        let title_y = MARGIN + 14.0;
        let mut h = Header {
            markup: String::new(),
            height: title_y + 6.0,
            width: view
                .width
                .max(MARGIN * 2.0 + view.title.chars().count() as f64 * TITLE_CHAR),
        };
        let _ = write!(
            h.markup,
            "<text class=\"title\" x=\"{}\" y=\"{}\">",
            num(MARGIN),
            num(title_y)
        );
        push_text(&mut h.markup, &view.title);
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

    fn subtitle(&mut self, s: &str) {
        self.height += 17.0;
        let shown = ellipsize_end(s, SUBTITLE_MAX_CHARS);
        self.width = self
            .width
            .max(MARGIN * 2.0 + shown.chars().count() as f64 * SUB_CHAR);
        let _ = write!(
            self.markup,
            "<text class=\"subtitle\" x=\"{}\" y=\"{}\">",
            num(MARGIN),
            num(self.height)
        );
        if shown != s {
            self.markup.push_str("<title>");
            push_text(&mut self.markup, s);
            self.markup.push_str("</title>");
        }
        push_text(&mut self.markup, &shown);
        self.markup.push_str("</text>\n");
    }

    /// The legend rows, wrapped at the header's width (at least 560).
    fn legend(&mut self, items: &[(Swatch, &str)]) {
        let wrap = self.width.max(560.0) - MARGIN;
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
            self.width = self.width.max(x + MARGIN);
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
    if view.bands.iter().any(|b| b.kind == EdgeKind::SkipRange) {
        items.push((
            Swatch::Band(EdgeKind::SkipRange),
            "skipRange fan (● = source)",
        ));
    }
    if view.bands.iter().any(|b| b.kind == EdgeKind::Skips) {
        items.push((Swatch::Band(EdgeKind::Skips), "skips fan (● = skipped)"));
    }
    items.push((Swatch::Node("head"), "channel head"));
    items.push((Swatch::Node("deprecated"), "deprecated"));
    if view.nodes.iter().any(|n| n.legacy_deprecated) {
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
