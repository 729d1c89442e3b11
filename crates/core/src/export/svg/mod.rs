//! Standalone SVG pictures of a channel graph or a package graph, drawn from the web app's own
//! model: the [`GraphView`] (and its layout), so the picture has the app's nodes, edges, bands,
//! labels, tooltips and classes.
//!
//! The document is self-contained and inert: one inline `<style>`, presentation attributes, no
//! `<script>`, no event attributes, no `href` and no reference to anything outside the document
//! (markers are referenced as `url(#…)`). Every piece of catalog text is XML-escaped, and
//! characters XML 1.0 forbids become U+FFFD. It has a title (package / channel), subtitles
//! (head, counts, deprecation messages, the path) wrapped at the graph's width (a long one cut,
//! whole in a `<title>` and in the document's `<desc>`), a legend, and its `viewBox` fits the
//! graph: the header never widens it.
//!
//! Every edge of the graph is one element carrying `data-from`, `data-to` and `data-edge-kind`:
//! a `<path class="edge …">` when drawn on its own, or a `<circle class="tap …">` on the bracket
//! of a skipRange (or skips) fan under its source node. Nodes are `<g class="node …"
//! data-name="…">` with a `<title>` tooltip and the two lines of their label.
//!
//! With [`SvgOptions::support`] (the support lifecycle overlay), each node that is a bundle of
//! the package also carries `data-phase` (the phase's name, `unknown` where there is none) and,
//! when known, `data-compatible`; its box is tinted by its [`crate::view::PhaseClass`], and the
//! legend lists the six tints.
//!
//! With [`SvgOptions::path`], the hops of an upgrade path are drawn as a highlighted route, one
//! `<path class="hop">` per hop. When [`SvgOptions::animate`] is on, the hops light up one after
//! the other (a CSS `@keyframes` stroke animation with a per-hop `animation-delay`, no
//! JavaScript); with `prefers-reduced-motion: reduce` the final state is shown at once.
//!
//! The writers, one per part of the document: `header.rs` (title, summary, legend), `body.rs`
//! (edges, fans, path, nodes), `path.rs` (the hops' routes), `css.rs` (the stylesheet),
//! `escape.rs` (XML escaping).

mod body;
mod css;
mod escape;
mod header;
mod path;

use std::fmt::Write as _;

use crate::graph::{ChannelGraph, PackageGraph};
use crate::layout::LayoutOptions;
use crate::model::Package;
use crate::resolve::UpgradePath;
use crate::view::{num, GraphView, PathOverlay, SupportOverlay, ViewSource};

use super::style;
use body::Body;
pub use escape::{xml_attr, xml_text};
use header::Header;

pub use crate::view::MAX_NODE_WIDTH;

/// How to draw.
#[derive(Debug, Clone)]
pub struct SvgOptions {
    /// The layout: its target box (the picture, title and legend included, is laid out to fit
    /// it), its fan mode (markers, rails or every edge), labels and expanded groups. Nodes are
    /// sized to their labels (up to [`MAX_NODE_WIDTH`]).
    pub layout: LayoutOptions,
    /// Draw the legend.
    pub legend: bool,
    /// An upgrade path to highlight (hops whose two ends are not both in the graph are left
    /// out).
    pub path: Option<UpgradePath>,
    /// Animate the path's hops in sequence (CSS only); otherwise show them all at once.
    pub animate: bool,
    /// Seconds per hop of the animation (clamped to 0.05–60).
    pub hop_seconds: f64,
    /// The support lifecycle overlay: nodes tinted by phase, with `data-phase` and
    /// `data-compatible`, and the phases in the legend.
    pub support: Option<SupportOverlay>,
    /// The tooltips: each node's, edge's, fan's and hop's `<title>`, and the elements with no
    /// shape that carry one (a grouped edge's members, the fans' taps when their rails are not
    /// drawn). Off for a picture shown in an `<img>`, where nothing hovers: the graph looks the
    /// same at a fraction of the bytes (the web app's first picture of a link; `render
    /// --no-tooltips`). The document's own title and description stay.
    pub tooltips: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            layout: LayoutOptions::default(),
            legend: true,
            path: None,
            animate: true,
            hop_seconds: 0.8,
            support: None,
            tooltips: true,
        }
    }
}

/// The view the SVG of `graph` draws: [`GraphView::build`] for the target box less the room
/// the title, summary and legend take (estimated, then measured on the view and laid out again
/// when the estimate was off by more than 8 units and 0.5% of the picture's height).
///
/// # Complexity
/// That of [`GraphView::build`] (at most twice).
pub fn svg_view<G: ViewSource + ?Sized>(
    package: &Package,
    graph: &G,
    options: &SvgOptions,
) -> GraphView {
    let path = options.path.is_some();
    let mut subtitles = graph.summary(package);
    if path {
        subtitles.push(String::new());
    }
    if let Some(overlay) = &options.support {
        subtitles.push(header::support_subtitle(&overlay.as_of));
    }
    let mut layout = options.layout.clone();
    let support = options.support.is_some();
    let width = layout.target.map_or(header::MIN_WIDTH, |(w, _)| w);
    let estimate = header::estimated_height(&subtitles, width, options.legend, (path, support));
    layout.reserved_height = estimate;
    let build = |layout: &LayoutOptions| {
        let mut view = GraphView::build(package, graph, layout);
        if let Some(overlay) = &options.support {
            view.apply_support(overlay);
        }
        view
    };
    let mut view = build(&layout);
    let real = Header::new(&view, &subtitles, options.legend, path).height;
    // Laid out again only when the header's real height moves the fit: by more than 8 units,
    // and more than 0.5% of the picture's height (a legend row less on a graph of 100,000
    // bundles changes nothing on screen, and a second layout would double the work).
    let off = (real - estimate).abs();
    if layout.target.is_some() && off > 8.0 && off > 0.005 * (view.height + real) {
        layout.reserved_height = real;
        view = build(&layout);
    }
    // A path from a bundle of another channel starts from that bundle, drawn beside the channel.
    if let Some(path) = &options.path {
        let added = view.add_installed(
            package,
            &crate::resolve::Installed::from_package(package, &path.from),
        );
        if let Some(overlay) = added.and(options.support.as_ref()) {
            view.apply_support(overlay);
        }
    }
    view
}

/// The SVG picture of one channel of `package`.
///
/// # Complexity
/// That of [`svg_view`] and [`render_view`]: O((V + E) log(V + E)) for V nodes and E edges.
pub fn channel_svg(package: &Package, graph: &ChannelGraph, options: &SvgOptions) -> String {
    render_view(&svg_view(package, graph, options), options)
}

/// The SVG picture of a package: every bundle once, every channel's edges (an edge present in
/// several channels is drawn once and lists its channels in `data-channels`; a skipRange edge
/// whose target has different ranges in different channels gets one tap per fan, each with its
/// `data-range`).
///
/// # Complexity
/// That of [`svg_view`] and [`render_view`]: O((V + E) log(V + E)) for V nodes and E edges.
pub fn package_svg(package: &Package, graph: &PackageGraph, options: &SvgOptions) -> String {
    render_view(&svg_view(package, graph, options), options)
}

/// The SVG document of a view: header, then edges, fans, the path and the nodes.
///
/// # Complexity
/// O(V + E + H log V + P) for V nodes, E drawn edges and band taps, H hops and P route points.
pub fn render_view(view: &GraphView, options: &SvgOptions) -> String {
    let overlay = options.path.as_ref().map(PathOverlay::from_path);
    let (hops, on_path) = path::hops_in_view(view, overlay.as_ref());
    let mut subtitles = view.summary.clone();
    subtitles.extend(overlay.as_ref().and_then(|o| o.caption.clone()));
    subtitles.extend(view.support.as_ref().map(header::support_subtitle));
    let header = Header::new(view, &subtitles, options.legend, options.path.is_some());
    let (width, height) = (header.width, header.height + view.height);
    let taps: usize = view.bands().iter().map(|b| b.sources.len()).sum();
    let mut body = Body {
        view,
        dy: header.height,
        tooltips: options.tooltips,
        out: String::with_capacity(4096 + 400 * (view.nodes().len() + view.edges().len() + taps)),
    };
    open_document(
        &mut body.out,
        view,
        &subtitles,
        (width, height),
        options.animate,
    );
    body.out.push_str(&header.markup);
    body.edges();
    body.fans();
    let hop_seconds = options.animate.then(|| hop_seconds(options.hop_seconds));
    body.path(&hops, hop_seconds);
    body.nodes(&on_path);
    body.captions();
    body.out.push_str("</svg>\n");
    body.out
}

fn hop_seconds(s: f64) -> f64 {
    if s.is_finite() {
        s.clamp(0.05, 60.0)
    } else {
        0.8
    }
}

/// The root element, the document title and description (the subtitles, whole: the header
/// may cut them), the stylesheet, the arrow markers and the background.
fn open_document(
    out: &mut String,
    view: &GraphView,
    subtitles: &[String],
    (w, h): (f64, f64),
    animate: bool,
) {
    let (w, h) = (num(w), num(h));
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-labelledby=\"olmg-title\" aria-describedby=\"olmg-desc\">"
    );
    let _ = writeln!(
        out,
        "<title id=\"olmg-title\">{}</title>",
        xml_text(&format!("Upgrade graph of {}", view.title))
    );
    let _ = writeln!(
        out,
        "<desc id=\"olmg-desc\">{}</desc>",
        xml_text(&subtitles.join("\n"))
    );
    let _ = writeln!(out, "<style>{}</style>", css::stylesheet(view, animate));
    out.push_str("<defs>\n");
    for kind in [
        crate::graph::EdgeKind::Replaces,
        crate::graph::EdgeKind::Skips,
        crate::graph::EdgeKind::SkipRange,
    ] {
        let _ = writeln!(
            out,
            "<marker id=\"olmg-arrow-{}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{}\"/></marker>",
            kind.css_class(),
            style::edge_color(kind)
        );
    }
    out.push_str("</defs>\n");
    let _ = writeln!(
        out,
        "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\"/>"
    );
}
