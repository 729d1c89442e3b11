//! Standalone SVG pictures of a channel graph or a package graph, drawn from the same layout the
//! web app shows ([`crate::layout::layout_channel`], [`crate::layout::layout_package`]).
//!
//! The document is self-contained and inert: one inline `<style>`, presentation attributes, no
//! `<script>`, no event attributes, no `href` and no reference to anything outside the document
//! (markers are referenced as `url(#…)`). Every piece of catalog text is XML-escaped, and
//! characters XML 1.0 forbids become U+FFFD. It has a title (package / channel), a subtitle
//! (head, counts, deprecation messages, the path), a legend, and its `viewBox` fits the content.
//!
//! Every edge of the graph is one element carrying `data-from`, `data-to` and `data-edge-kind`:
//! a `<path class="edge …">` when drawn on its own, or a `<circle class="tap">` on the bracket of
//! a skipRange fan ([`crate::layout::Band`]) under its source node. Nodes are
//! `<g class="node …" data-name="…">` with a `<title>` tooltip.
//!
//! With [`SvgOptions::path`], the hops of an upgrade path are drawn as a highlighted route, one
//! `<path class="hop">` per hop. When [`SvgOptions::animate`] is on, the hops light up one after
//! the other (a CSS `@keyframes` stroke animation with a per-hop `animation-delay`, no
//! JavaScript); with `prefers-reduced-motion: reduce` the final state is shown at once.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;

use crate::graph::{ChannelGraph, EdgeKind, Head, PackageGraph};
use crate::layout::{layout_channel, layout_package, EdgeRoute, Layout, LayoutOptions};
use crate::model::Package;
use crate::resolve::UpgradePath;
use crate::view::is_legacy_deprecated;

use super::style;

/// Widest node box [`SvgOptions::fit_labels`] makes, in layout units.
pub const MAX_NODE_WIDTH: f64 = 340.0;

/// Approximate advance of one character of the node name font (11 px, semi-bold).
const NAME_CHAR: f64 = 6.6;
const NODE_PAD: f64 = 8.0;
const SUB_CHAR: f64 = 6.9;
const TITLE_CHAR: f64 = 9.6;
/// Longest subtitle line before it is cut (the full text stays in a `<title>`).
const SUBTITLE_MAX_CHARS: usize = 180;

/// How to draw.
#[derive(Debug, Clone)]
pub struct SvgOptions {
    /// Layout sizes; `fans` chooses bands or individual skipRange edges.
    pub layout: LayoutOptions,
    /// Widen the nodes (never narrow them) so that the longest name fits, up to
    /// [`MAX_NODE_WIDTH`]; longer names are cut with `…` (the tooltip has them whole).
    pub fit_labels: bool,
    /// Draw the legend.
    pub legend: bool,
    /// An upgrade path to highlight (hops whose two ends are not both in the graph are left
    /// out).
    pub path: Option<UpgradePath>,
    /// Animate the path's hops in sequence (CSS only); otherwise show them all at once.
    pub animate: bool,
    /// Seconds per hop of the animation (clamped to 0.05–60).
    pub hop_seconds: f64,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            layout: LayoutOptions::default(),
            fit_labels: true,
            legend: true,
            path: None,
            animate: true,
            hop_seconds: 0.8,
        }
    }
}

/// A node as both views describe it.
struct VNode<'a> {
    name: &'a str,
    version: Option<String>,
    head: bool,
    /// The deprecation message ("" when deprecated without one, e.g. `olm.deprecated`).
    deprecated: Option<&'a str>,
    /// Carries the legacy `olm.deprecated` property (OLM v0 never installs it).
    legacy: bool,
    is_virtual: bool,
    details: Vec<String>,
}

/// An edge, indexed like the graph's edges.
struct VEdge<'a> {
    from: usize,
    to: usize,
    kind: EdgeKind,
    range: Option<&'a str>,
    channel: Option<&'a str>,
}

struct View<'a> {
    title: String,
    subtitles: Vec<String>,
    nodes: Vec<VNode<'a>>,
    edges: Vec<VEdge<'a>>,
    virtual_label: &'static str,
}

/// Layout options with nodes wide enough for `names` (see [`SvgOptions::fit_labels`]).
fn fitted(options: &SvgOptions, names: impl Iterator<Item = usize>) -> LayoutOptions {
    let mut lo = options.layout.clone();
    if options.fit_labels {
        let longest = names.max().unwrap_or(0) as f64;
        let want = (longest * NAME_CHAR + 2.0 * NODE_PAD)
            .ceil()
            .min(MAX_NODE_WIDTH);
        if lo.node_width.is_finite() && want > lo.node_width {
            lo.node_width = want;
        }
    }
    lo
}

fn bundle_details(package: &Package, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(b) = package.bundle(name) {
        if let Some(d) = b.display_name.as_deref().filter(|d| !d.is_empty()) {
            out.push(d.to_string());
        }
        if let Some(d) = b.description.as_deref().filter(|d| !d.is_empty()) {
            out.push(cut(d.lines().next().unwrap_or(""), 200));
        }
    }
    out
}

fn deprecation<'a>(package: &'a Package, name: &str, flagged: bool) -> Option<&'a str> {
    package
        .deprecations
        .bundles
        .get(name)
        .map(String::as_str)
        .or(flagged.then_some(""))
}

/// The SVG picture of one channel of `package`.
///
/// # Complexity
/// That of [`layout_channel`], plus O(N + E + H·E) to write N nodes, E edges and H hops.
pub fn channel_svg(package: &Package, graph: &ChannelGraph, options: &SvgOptions) -> String {
    let lo = fitted(options, graph.nodes.iter().map(|n| n.name.chars().count()));
    let layout = layout_channel(graph, &lo);
    let head = graph.head_index();
    let nodes = graph
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mut details = bundle_details(package, &n.name);
            if n.is_virtual {
                details.push("not an entry of this channel".into());
            }
            VNode {
                name: &n.name,
                version: n.version.as_ref().map(|v| v.to_string()),
                head: head == Some(i),
                deprecated: deprecation(package, &n.name, n.deprecated),
                legacy: is_legacy_deprecated(package, &n.name),
                is_virtual: n.is_virtual,
                details,
            }
        })
        .collect();
    let edges = graph
        .edges
        .iter()
        .map(|e| VEdge {
            from: e.from,
            to: e.to,
            kind: e.kind,
            range: e.range.as_deref(),
            channel: None,
        })
        .collect();
    let mut subtitles = Vec::new();
    let mut line = match &graph.head {
        Head::Unique(h) => format!("head {h}"),
        other => other.error().unwrap_or_default(),
    };
    let _ = write!(
        line,
        " · {} entries · {}",
        graph.entry_count(),
        edge_counts(graph.edges.iter().map(|e| e.kind))
    );
    subtitles.push(line);
    if let Some(m) = &package.deprecations.package {
        subtitles.push(format!("package deprecated: {m}"));
    }
    if let Some(m) = &graph.deprecation {
        subtitles.push(format!("channel deprecated: {m}"));
    }
    for (entry, range, err) in graph.invalid_ranges.iter().take(3) {
        subtitles.push(format!("skipRange {range:?} of {entry} is ignored: {err}"));
    }
    let view = View {
        title: format!("{} / {}", package.name, graph.channel),
        subtitles,
        nodes,
        edges,
        virtual_label: "not in channel",
    };
    render(&view, &layout, options)
}

/// The SVG picture of a package: every bundle once, every channel's edges (an edge present in
/// several channels is drawn once and lists its channels in `data-channels`; a skipRange edge
/// whose target has different ranges in different channels gets one tap per fan, each with its
/// `data-range`).
///
/// # Complexity
/// That of [`layout_package`], plus O(N + E + H·E) to write N nodes, E edges and H hops.
pub fn package_svg(package: &Package, graph: &PackageGraph, options: &SvgOptions) -> String {
    let lo = fitted(options, graph.nodes.iter().map(|n| n.name.chars().count()));
    let layout = layout_package(graph, &lo);
    let nodes = graph
        .nodes
        .iter()
        .map(|n| {
            let mut details = bundle_details(package, &n.name);
            if n.is_virtual {
                details.push("not a bundle of this package".into());
            } else if !n.channels.is_empty() {
                details.push(format!("channels: {}", n.channels.join(", ")));
            }
            if !n.head_of.is_empty() {
                details.push(format!("head of: {}", n.head_of.join(", ")));
            }
            VNode {
                name: &n.name,
                version: n.version.as_ref().map(|v| v.to_string()),
                head: !n.head_of.is_empty(),
                deprecated: deprecation(package, &n.name, n.deprecated),
                legacy: is_legacy_deprecated(package, &n.name),
                is_virtual: n.is_virtual,
                details,
            }
        })
        .collect();
    let edges = graph
        .edges
        .iter()
        .map(|e| VEdge {
            from: e.from,
            to: e.to,
            kind: e.kind,
            range: e.range.as_deref(),
            channel: Some(&e.channel),
        })
        .collect();
    let mut distinct: HashSet<(usize, usize, EdgeKind)> = HashSet::new();
    let kinds: Vec<EdgeKind> = graph
        .edges
        .iter()
        .filter(|e| distinct.insert((e.from, e.to, e.kind)))
        .map(|e| e.kind)
        .collect();
    let channels: Vec<&str> = package.channels.iter().map(|c| c.name.as_str()).collect();
    let mut line = format!("channels: {}", channels.join(", "));
    if let Some(d) = &package.default_channel {
        let _ = write!(line, " (default {d})");
    }
    let _ = write!(
        line,
        " · {} bundles · {}",
        graph.nodes.iter().filter(|n| !n.is_virtual).count(),
        edge_counts(kinds.into_iter())
    );
    let mut subtitles = vec![line];
    if let Some(m) = &package.deprecations.package {
        subtitles.push(format!("package deprecated: {m}"));
    }
    for (c, m) in &package.deprecations.channels {
        subtitles.push(format!("channel {c} deprecated: {m}"));
    }
    let view = View {
        title: package.name.clone(),
        subtitles,
        nodes,
        edges,
        virtual_label: "not in package",
    };
    render(&view, &layout, options)
}

fn edge_counts(kinds: impl Iterator<Item = EdgeKind>) -> String {
    let mut counts = [0usize; 3];
    for k in kinds {
        counts[match k {
            EdgeKind::Replaces => 0,
            EdgeKind::Skips => 1,
            EdgeKind::SkipRange => 2,
        }] += 1;
    }
    format!(
        "{} edges ({} replaces, {} skips, {} skipRange)",
        counts.iter().sum::<usize>(),
        counts[0],
        counts[1],
        counts[2]
    )
}

/// Text for element content: `&`, `<`, `>` escaped, characters XML 1.0 forbids replaced.
pub fn xml_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(xml_char(c)),
        }
    }
    out
}

/// Text for a double- or single-quoted attribute value (also escapes quotes and keeps
/// newlines and tabs as character references).
pub fn xml_attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            c => out.push(xml_char(c)),
        }
    }
    out
}

/// U+FFFD for characters XML 1.0 does not allow.
fn xml_char(c: char) -> char {
    match c {
        '\t' | '\n' | '\r' => c,
        c if (c as u32) < 0x20 => '\u{FFFD}',
        '\u{FFFE}' | '\u{FFFF}' => '\u{FFFD}',
        c => c,
    }
}

fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// A coordinate: finite, at most two decimals.
fn num(v: f64) -> String {
    if !v.is_finite() {
        return "0".into();
    }
    let r = (v * 100.0).round() / 100.0;
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".into()
    } else {
        s.to_string()
    }
}

fn pt(p: (f64, f64), dy: f64) -> String {
    format!("{},{}", num(p.0), num(p.1 + dy))
}

/// SVG path data of a route.
fn route_d(route: &EdgeRoute, dy: f64) -> String {
    let p = &route.points;
    let mut d = String::new();
    let Some(first) = p.first() else {
        return d;
    };
    let _ = write!(d, "M{}", pt(*first, dy));
    if route.curved && p.len() >= 4 && (p.len() - 1) % 3 == 0 {
        for seg in p[1..].chunks(3) {
            let _ = write!(
                d,
                " C{} {} {}",
                pt(seg[0], dy),
                pt(seg[1], dy),
                pt(seg[2], dy)
            );
        }
    } else {
        for q in &p[1..] {
            let _ = write!(d, " L{}", pt(*q, dy));
        }
    }
    d
}

fn polygon_d(points: &[(f64, f64)], dy: f64) -> String {
    let mut d = String::new();
    for (i, q) in points.iter().enumerate() {
        let _ = write!(d, "{}{}", if i == 0 { "M" } else { " L" }, pt(*q, dy));
    }
    if !points.is_empty() {
        d.push_str(" Z");
    }
    d
}

fn kind_class(k: EdgeKind) -> &'static str {
    k.as_str()
}

/// The y of a band's horizontal bar (its outline starts at the bottom-left of the bar and ends
/// at the top of the left bracket tick, twice the bar thickness above).
fn band_bar_y(points: &[(f64, f64)]) -> f64 {
    match (points.first(), points.last()) {
        (Some(a), Some(b)) if points.len() >= 3 && a.1 > b.1 => a.1 - (a.1 - b.1) / 4.0,
        (Some(a), _) => a.1,
        _ => 0.0,
    }
}

fn css(options: &SvgOptions) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "svg{{font-family:{font}}}\
.bg{{fill:{bg}}}\
.title{{font-size:16px;font-weight:700;fill:{text}}}\
.subtitle{{font-size:12px;fill:{muted}}}\
.legend text{{font-size:11px;fill:{text}}}\
.node rect{{fill:{fill};stroke:{stroke};stroke-width:1.2}}\
.node .name{{font-size:11px;font-weight:600;fill:{text}}}\
.node .ver{{font-size:10px;fill:{muted}}}\
.node.head rect{{stroke:{head};stroke-width:3}}\
.node.deprecated rect{{fill:{dep}}}\
.node.legacy rect{{stroke:{legacy};stroke-width:3;stroke-dasharray:8 2}}\
.node.virtual rect{{fill:{vfill};stroke:{virt};stroke-dasharray:{vdash}}}\
.node.virtual .name{{fill:{muted}}}\
.node.on-path rect{{stroke:{path};stroke-width:3}}\
.edge{{fill:none;stroke-width:1.4}}\
.edge.replaces{{stroke:{rep}}}\
.edge.skips{{stroke:{skp};stroke-dasharray:{skd}}}\
.edge.skipRange{{stroke:{sr};stroke-dasharray:{srd}}}\
.band{{fill:{sr};fill-opacity:0.16;stroke:{sr};stroke-width:0.8}}\
.tap{{fill:{sr}}}\
.band.skips{{fill:{skp};stroke:{skp}}}\
.tap.skips{{fill:{skp}}}\
.hop{{fill:none;stroke:{path};stroke-width:4;stroke-linecap:round;stroke-linejoin:round;opacity:0.85}}",
        font = style::FONT_FAMILY,
        bg = style::BACKGROUND,
        text = style::TEXT,
        muted = style::MUTED_TEXT,
        fill = style::NODE_FILL,
        stroke = style::NODE_STROKE,
        head = style::HEAD,
        dep = style::DEPRECATED,
        legacy = style::LEGACY_DEPRECATED,
        vfill = style::VIRTUAL_FILL,
        virt = style::VIRTUAL,
        vdash = style::VIRTUAL_DASH,
        path = style::PATH,
        rep = style::REPLACES,
        skp = style::SKIPS,
        skd = style::SKIPS_DASH,
        sr = style::SKIP_RANGE,
        srd = style::SKIP_RANGE_DASH,
    );
    if options.animate {
        s.push_str(
            ".hop.animated{stroke-dasharray:1 1;stroke-dashoffset:1;\
animation:olmg-hop 0.8s ease-in-out forwards}\
@keyframes olmg-hop{from{stroke-dashoffset:1}to{stroke-dashoffset:0}}\
@media (prefers-reduced-motion: reduce){.hop.animated{animation:none;stroke-dashoffset:0}}",
        );
    }
    s
}

/// One legend entry: what it shows and its label.
enum Swatch {
    Line(EdgeKind),
    Band(EdgeKind),
    Node(&'static str),
    Path,
}

/// The extra class of a fan of this kind (skipRange fans have the plain `band` style).
fn fan_class(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Skips => " skips",
        _ => "",
    }
}

fn render(view: &View<'_>, layout: &Layout, options: &SvgOptions) -> String {
    let margin = 16.0;
    let hop_seconds = if options.hop_seconds.is_finite() {
        options.hop_seconds.clamp(0.05, 60.0)
    } else {
        0.8
    };

    // Path hops: (hop number, from node, to node, kind, title).
    let index: HashMap<&str, usize> = view
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| (n.name, i))
        .collect();
    let mut hops = Vec::new();
    let mut on_path: HashSet<usize> = HashSet::new();
    let mut subtitles = view.subtitles.clone();
    if let Some(path) = &options.path {
        if let Some(&i) = index.get(path.from.as_str()) {
            on_path.insert(i);
        }
        let mut names = vec![path.from.clone()];
        names.extend(path.hops.iter().map(|h| h.to.clone()));
        subtitles.push(format!(
            "{} path from {}: {} ({})",
            path.resolver.as_str(),
            path.from,
            names.join(" → "),
            path.outcome.as_str()
        ));
        for (k, h) in path.hops.iter().enumerate() {
            if let (Some(&f), Some(&t)) = (index.get(h.from.as_str()), index.get(h.to.as_str())) {
                on_path.insert(f);
                on_path.insert(t);
                let via: Vec<String> = h.via.iter().map(|r| r.label()).collect();
                hops.push((k + 1, f, t, h.via.first().map(|r| r.kind), via.join(", ")));
            }
        }
    }

    // Header: title, subtitles, legend.
    let title_y = margin + 14.0;
    let mut y = title_y + 6.0;
    let mut header = String::new();
    let mut content_w = layout
        .width
        .max(margin * 2.0 + view.title.chars().count() as f64 * TITLE_CHAR);
    let _ = writeln!(
        header,
        "<text class=\"title\" x=\"{}\" y=\"{}\">{}</text>",
        num(margin),
        num(title_y),
        xml_text(&view.title)
    );
    for s in &subtitles {
        y += 17.0;
        let shown = cut(s, SUBTITLE_MAX_CHARS);
        content_w = content_w.max(margin * 2.0 + shown.chars().count() as f64 * SUB_CHAR);
        let _ = write!(
            header,
            "<text class=\"subtitle\" x=\"{}\" y=\"{}\">",
            num(margin),
            num(y)
        );
        if shown != *s {
            let _ = write!(header, "<title>{}</title>", xml_text(s));
        }
        let _ = writeln!(header, "{}</text>", xml_text(&shown));
    }
    if options.legend {
        let mut items: Vec<(Swatch, &str)> = vec![
            (Swatch::Line(EdgeKind::Replaces), "replaces"),
            (Swatch::Line(EdgeKind::Skips), "skips"),
            (Swatch::Line(EdgeKind::SkipRange), "skipRange"),
        ];
        if layout.bands.iter().any(|b| b.kind == EdgeKind::SkipRange) {
            items.push((
                Swatch::Band(EdgeKind::SkipRange),
                "skipRange fan (● = source)",
            ));
        }
        if layout.bands.iter().any(|b| b.kind == EdgeKind::Skips) {
            items.push((Swatch::Band(EdgeKind::Skips), "skips fan (● = skipped)"));
        }
        items.push((Swatch::Node("head"), "channel head"));
        items.push((Swatch::Node("deprecated"), "deprecated"));
        if view.nodes.iter().any(|n| n.legacy) {
            items.push((
                Swatch::Node("deprecated legacy"),
                "legacy olm.deprecated (prohibited by OLM v0)",
            ));
        }
        items.push((Swatch::Node("virtual"), view.virtual_label));
        if options.path.is_some() {
            items.push((Swatch::Path, "upgrade path"));
        }
        let wrap = content_w.max(560.0) - margin;
        let mut x = margin;
        y += 14.0;
        let mut row_y = y + 10.0;
        header.push_str("<g class=\"legend\">\n");
        for (swatch, label) in items {
            let w = 34.0 + label.chars().count() as f64 * 6.4 + 16.0;
            if x + w > wrap && x > margin {
                x = margin;
                row_y += 20.0;
            }
            let (x0, x1) = (x, x + 28.0);
            match swatch {
                Swatch::Line(k) => {
                    let _ = write!(
                        header,
                        "<path class=\"edge {}\" d=\"M{},{} L{},{}\" marker-end=\"url(#olmg-arrow-{})\"/>",
                        kind_class(k),
                        num(x0),
                        num(row_y),
                        num(x1),
                        num(row_y),
                        kind_class(k)
                    );
                }
                Swatch::Band(k) => {
                    let c = fan_class(k);
                    let _ = write!(
                        header,
                        "<rect class=\"band{c}\" x=\"{}\" y=\"{}\" width=\"28\" height=\"5\"/><circle class=\"tap{c}\" cx=\"{}\" cy=\"{}\" r=\"2.5\"/>",
                        num(x0),
                        num(row_y - 2.5),
                        num(x0 + 8.0),
                        num(row_y)
                    );
                }
                Swatch::Node(class) => {
                    let _ = write!(
                        header,
                        "<g class=\"node {class}\"><rect x=\"{}\" y=\"{}\" width=\"28\" height=\"14\" rx=\"4\"/></g>",
                        num(x0),
                        num(row_y - 7.0)
                    );
                }
                Swatch::Path => {
                    let _ = write!(
                        header,
                        "<path class=\"hop\" d=\"M{},{} L{},{}\"/>",
                        num(x0),
                        num(row_y),
                        num(x1),
                        num(row_y)
                    );
                }
            }
            let _ = writeln!(
                header,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                num(x1 + 6.0),
                num(row_y + 4.0),
                xml_text(label)
            );
            x += w;
            content_w = content_w.max(x + margin);
        }
        header.push_str("</g>\n");
        y = row_y + 10.0;
    }
    let dy = y + 4.0;
    let width = content_w;
    let height = dy + layout.height;

    let mut out = String::with_capacity(4096 + 400 * (view.nodes.len() + view.edges.len()));
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-labelledby=\"olmg-title\">",
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(
        out,
        "<title id=\"olmg-title\">{}</title>",
        xml_text(&format!("Upgrade graph of {}", view.title))
    );
    let _ = writeln!(out, "<style>{}</style>", css(options));
    out.push_str("<defs>\n");
    for (id, color) in [
        ("replaces", style::REPLACES),
        ("skips", style::SKIPS),
        ("skipRange", style::SKIP_RANGE),
    ] {
        let _ = writeln!(
            out,
            "<marker id=\"olmg-arrow-{id}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{color}\"/></marker>"
        );
    }
    out.push_str("</defs>\n");
    let _ = writeln!(
        out,
        "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"{}\" height=\"{}\"/>",
        num(width),
        num(height)
    );
    out.push_str(&header);

    // Individually drawn edges, one element per distinct (from, to, kind).
    out.push_str("<g class=\"edges\">\n");
    let mut groups: BTreeMap<(usize, usize, EdgeKind), (usize, Vec<&str>)> = BTreeMap::new();
    let mut group_order = Vec::new();
    for (r, route) in layout.edges.iter().enumerate() {
        let Some(e) = view.edges.get(route.edge) else {
            continue;
        };
        let key = (e.from, e.to, e.kind);
        let slot = groups.entry(key).or_insert_with(|| {
            group_order.push(key);
            (r, Vec::new())
        });
        if let Some(c) = e.channel {
            slot.1.push(c);
        }
    }
    let route_of: HashMap<(usize, usize), Vec<(EdgeKind, usize)>> = {
        let mut m: HashMap<(usize, usize), Vec<(EdgeKind, usize)>> = HashMap::new();
        for key in &group_order {
            m.entry((key.0, key.1))
                .or_default()
                .push((key.2, groups[key].0));
        }
        m
    };
    for key in &group_order {
        let (r, channels) = &groups[key];
        let route = &layout.edges[*r];
        let e = &view.edges[route.edge];
        let (Some(from), Some(to)) = (view.nodes.get(e.from), view.nodes.get(e.to)) else {
            continue;
        };
        let _ = write!(
            out,
            "<path class=\"edge {k}\" d=\"{d}\" data-from=\"{f}\" data-to=\"{t}\" data-edge-kind=\"{k}\"",
            k = kind_class(e.kind),
            d = route_d(route, dy),
            f = xml_attr(from.name),
            t = xml_attr(to.name)
        );
        if let Some(range) = e.range {
            let _ = write!(out, " data-range=\"{}\"", xml_attr(range));
        }
        if !channels.is_empty() {
            let _ = write!(out, " data-channels=\"{}\"", xml_attr(&channels.join(" ")));
        }
        let _ = writeln!(
            out,
            " marker-end=\"url(#olmg-arrow-{})\"><title>{}</title></path>",
            kind_class(e.kind),
            xml_text(&super::edge_label(
                from.name, to.name, e.kind, e.range, channels
            ))
        );
    }
    out.push_str("</g>\n");

    // skipRange and skips fans: the band, and one tap per source under that source's column.
    let mut band_of: HashMap<(usize, usize), (f64, &crate::layout::Band)> = HashMap::new();
    if !layout.bands.is_empty() {
        out.push_str("<g class=\"fans\">\n");
        for band in &layout.bands {
            let Some(to) = view.nodes.get(band.to) else {
                continue;
            };
            let bar_y = band_bar_y(&band.points);
            let mut sources: BTreeMap<usize, Vec<&str>> = BTreeMap::new();
            for &ei in &band.edges {
                if let Some(e) = view.edges.get(ei) {
                    let slot = sources.entry(e.from).or_default();
                    if let Some(c) = e.channel {
                        slot.push(c);
                    }
                }
            }
            let range = band.range.as_deref();
            let c = fan_class(band.kind);
            let _ = write!(
                out,
                "<g class=\"fan{c}\" data-to=\"{}\" data-edge-kind=\"{}\"",
                xml_attr(to.name),
                band.kind.as_str()
            );
            if let Some(r) = range {
                let _ = write!(out, " data-range=\"{}\"", xml_attr(r));
            }
            let _ = writeln!(
                out,
                "><title>{}</title><path class=\"band{c}\" d=\"{}\"/>",
                xml_text(&match band.kind {
                    EdgeKind::Skips => format!(
                        "skips into {}: {} skipped bundle{}",
                        to.name,
                        sources.len(),
                        if sources.len() == 1 { "" } else { "s" }
                    ),
                    _ => format!(
                        "skipRange {} into {}: {} source{}",
                        range.unwrap_or(""),
                        to.name,
                        sources.len(),
                        if sources.len() == 1 { "" } else { "s" }
                    ),
                }),
                polygon_d(&band.points, dy)
            );
            for (src, channels) in &sources {
                let (Some(from), Some(b)) = (view.nodes.get(*src), layout.nodes.get(*src)) else {
                    continue;
                };
                band_of.insert((*src, band.to), (bar_y, band));
                let _ = write!(
                    out,
                    "<circle class=\"tap{c}\" cx=\"{}\" cy=\"{}\" r=\"2.5\" data-from=\"{}\" data-to=\"{}\" data-edge-kind=\"{}\"",
                    num(b.x + b.width / 2.0),
                    num(bar_y + dy),
                    xml_attr(from.name),
                    xml_attr(to.name),
                    band.kind.as_str()
                );
                if let Some(r) = range {
                    let _ = write!(out, " data-range=\"{}\"", xml_attr(r));
                }
                if !channels.is_empty() {
                    let _ = write!(out, " data-channels=\"{}\"", xml_attr(&channels.join(" ")));
                }
                let _ = writeln!(
                    out,
                    "><title>{}</title></circle>",
                    xml_text(&super::edge_label(
                        from.name, to.name, band.kind, range, channels
                    ))
                );
            }
            out.push_str("</g>\n");
        }
        out.push_str("</g>\n");
    }

    // The path.
    if !hops.is_empty() {
        out.push_str("<g class=\"path\">\n");
        for (k, f, t, kind, via) in &hops {
            let d = hop_d(layout, &route_of, &band_of, *f, *t, *kind, dy, options);
            let (from, to) = (view.nodes[*f].name, view.nodes[*t].name);
            let class = if options.animate {
                "hop animated"
            } else {
                "hop"
            };
            let _ = write!(
                out,
                "<path class=\"{class}\" d=\"{d}\" pathLength=\"1\" data-hop=\"{k}\" data-hop-from=\"{}\" data-hop-to=\"{}\"",
                xml_attr(from),
                xml_attr(to)
            );
            if options.animate {
                let _ = write!(
                    out,
                    " style=\"animation-delay:{}s;animation-duration:{}s\"",
                    num((*k as f64 - 1.0) * hop_seconds),
                    num(hop_seconds)
                );
            }
            let _ = writeln!(
                out,
                "><title>{}</title></path>",
                xml_text(&format!("hop {k}: {from} → {to} ({via})"))
            );
        }
        out.push_str("</g>\n");
    }

    // Nodes.
    out.push_str("<g class=\"nodes\">\n");
    for (i, n) in view.nodes.iter().enumerate() {
        let Some(b) = layout.nodes.get(i) else {
            continue;
        };
        let mut class = String::from("node");
        if n.head {
            class.push_str(" head");
        }
        if n.deprecated.is_some() {
            class.push_str(" deprecated");
        }
        if n.legacy {
            class.push_str(" legacy");
        }
        if n.is_virtual {
            class.push_str(" virtual");
        }
        if on_path.contains(&i) {
            class.push_str(" on-path");
        }
        let mut tip = n.name.to_string();
        if let Some(v) = &n.version {
            let _ = write!(tip, "\nversion {v}");
        }
        if n.head {
            tip.push_str("\nchannel head");
        }
        if let Some(m) = n.deprecated {
            tip.push_str("\ndeprecated");
            if !m.is_empty() {
                let _ = write!(tip, ": {m}");
            }
        }
        if n.legacy {
            tip.push_str("\nlegacy olm.deprecated property: prohibited by OLM v0");
        }
        for d in &n.details {
            tip.push('\n');
            tip.push_str(d);
        }
        let _ = write!(
            out,
            "<g class=\"{class}\" data-name=\"{}\"",
            xml_attr(n.name)
        );
        if let Some(v) = &n.version {
            let _ = write!(out, " data-version=\"{}\"", xml_attr(v));
        }
        let max_chars = (((b.width - 2.0 * NODE_PAD) / NAME_CHAR).floor().max(4.0)) as usize;
        let mut ver = n
            .version
            .clone()
            .unwrap_or_else(|| "version unknown".into());
        if n.head {
            ver.push_str(" · head");
        }
        let cx = b.x + b.width / 2.0;
        let cy = b.y + dy + b.height / 2.0;
        let _ = writeln!(
            out,
            "><title>{}</title><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\"/><text class=\"name\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text><text class=\"ver\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text></g>",
            xml_text(&tip),
            num(b.x),
            num(b.y + dy),
            num(b.width),
            num(b.height),
            num(cx),
            num(cy - 2.0),
            xml_text(&cut(n.name, max_chars)),
            num(cx),
            num(cy + 11.0),
            xml_text(&cut(&ver, max_chars + 2))
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// Path data of one hop: the edge's own route when it is drawn individually, along the band
/// when it is in a skipRange fan, else a curve between the two nodes.
#[allow(clippy::too_many_arguments)]
fn hop_d(
    layout: &Layout,
    route_of: &HashMap<(usize, usize), Vec<(EdgeKind, usize)>>,
    band_of: &HashMap<(usize, usize), (f64, &crate::layout::Band)>,
    f: usize,
    t: usize,
    kind: Option<EdgeKind>,
    dy: f64,
    options: &SvgOptions,
) -> String {
    if let Some(routes) = route_of.get(&(f, t)) {
        let pick = routes
            .iter()
            .find(|(k, _)| Some(*k) == kind)
            .or(routes.first());
        if let Some((_, r)) = pick {
            if let Some(route) = layout.edges.get(*r) {
                return route_d(route, dy);
            }
        }
    }
    let (Some(a), Some(b)) = (layout.nodes.get(f), layout.nodes.get(t)) else {
        return String::new();
    };
    if let Some((bar_y, band)) = band_of.get(&(f, t)) {
        let gap = if options.layout.column_gap.is_finite() && options.layout.column_gap >= 0.0 {
            options.layout.column_gap
        } else {
            LayoutOptions::default().column_gap
        };
        let ax = a.x + a.width / 2.0;
        // The riser's middle: the outline's points 1 and 5 are its two sides.
        let riser = match (band.points.get(1), band.points.get(5)) {
            (Some(p), Some(q)) => (p.0 + q.0) / 2.0,
            _ => b.x - gap / 2.0,
        };
        let ty = b.y + b.height / 2.0;
        let pts = [
            (ax, a.y + a.height),
            (ax, *bar_y),
            (riser, *bar_y),
            (riser, ty),
            (b.x, ty),
        ];
        return route_d(
            &EdgeRoute {
                edge: 0,
                points: pts.to_vec(),
                curved: false,
            },
            dy,
        );
    }
    let s = (a.x + a.width, a.y + a.height / 2.0);
    let e = (b.x, b.y + b.height / 2.0);
    let lift = 30.0 + (e.0 - s.0).abs() / 8.0;
    let pts = vec![s, (s.0 + 30.0, s.1 - lift), (e.0 - 30.0, e.1 - lift), e];
    route_d(
        &EdgeRoute {
            edge: 0,
            points: pts,
            curved: true,
        },
        dy,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(xml_text("a<b>&c\"'"), "a&lt;b&gt;&amp;c\"'");
        assert_eq!(
            xml_attr("\" onerror=\"x'\n"),
            "&quot; onerror=&quot;x&apos;&#10;"
        );
        assert_eq!(
            xml_text("a\u{0}\u{1b}\u{FFFF}b"),
            "a\u{FFFD}\u{FFFD}\u{FFFD}b"
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.234), "1.23");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(12.5), "12.5");
    }

    #[test]
    fn band_bar() {
        // Outline as the layout makes it: bottom-left of the bar first, top of the left tick last.
        let pts = [(0.0, 106.0), (50.0, 106.0), (50.0, 20.0), (0.0, 94.0)];
        assert_eq!(band_bar_y(&pts), 103.0);
        assert_eq!(band_bar_y(&[]), 0.0);
    }
}
