//! Graphviz DOT of a channel graph or of a package's graph, left to right (`rankdir=LR`).
//!
//! Nodes and edges come from the same model the SVG and the web app draw ([`ViewSource`]): node
//! labels are the bundle name and its version, tooltips are the view's; edges are coloured and
//! dashed per kind as in [`super::style`]; the channel head has a double green outline, deprecated bundles are filled,
//! virtual nodes (names a `replaces`/`skips` points to that are not entries) have a dashed
//! outline. Node ids are `n0`, `n1`, … (so no catalog text is ever an id); every label and
//! tooltip is a quoted DOT string in which `"` and `\` are escaped, a newline becomes Graphviz's
//! `\n` line break, `&` becomes `&amp;` (Graphviz decodes HTML entities in ordinary labels) and
//! other control characters become U+FFFD.
//!
//! Also here: a reader for `dot -Tplain` output and an edge-crossing count over straight
//! segments, with the same proper-crossing test as [`crate::layout::crossings`], used to compare
//! Graphviz layouts with ours.

use std::collections::HashMap;
use std::fmt::{self, Write as _};

use crate::graph::{ChannelGraph, EdgeKind, PackageGraph};
use crate::layout::{crossings_of_routes, EdgeRoute};
use crate::model::Package;
use crate::sort::SortWith;
use crate::view::{write_edge_tooltip, ViewNode, ViewSource};

use super::style;

/// `s` as a quoted DOT string that Graphviz displays as `s` (see the module documentation).
///
/// # Complexity
/// O(length of `s`).
pub fn dot_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_dot_string(&mut out, s);
    out
}

/// Appends `s` as [`dot_string`] writes it.
fn push_dot_string(out: &mut String, s: &str) {
    out.push('"');
    push_dot_text(out, s);
    out.push('"');
}

/// Appends `s` escaped for the inside of a quoted DOT string.
fn push_dot_text(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '&' => out.push_str("&amp;"),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
}

/// Writes into a DOT string, escaping on the way.
struct DotText<'a>(&'a mut String);

impl fmt::Write for DotText<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        push_dot_text(self.0, s);
        Ok(())
    }
}

/// DOT of one channel's graph.
///
/// # Complexity
/// O(V log B + E) for V nodes, E edges and B bundles of the package (plus the output size).
pub fn channel_dot(package: &Package, graph: &ChannelGraph) -> String {
    graph_dot(package, graph)
}

/// DOT of a package's graph (every bundle once; an edge present in several channels drawn
/// once, its tooltip naming the channels).
///
/// # Complexity
/// O(V log B + E log E) for V nodes, E edges and B bundles of the package.
pub fn package_dot(package: &Package, graph: &PackageGraph) -> String {
    graph_dot(package, graph)
}

/// DOT of any upgrade graph of `package`: nodes with the view's flags and tooltips, one edge
/// per distinct (from, to, kind) (in edge order for a channel, sorted for the package view).
///
/// # Complexity
/// O(V log B + E log E) for V nodes, E edges and B bundles of the package.
pub fn graph_dot<G: ViewSource + ?Sized>(package: &Package, graph: &G) -> String {
    let nodes = graph.view_nodes(package);
    let mut title = graph.title(package);
    match (graph.channel(), graph.channel_deprecation()) {
        (Some(_), Some(m)) => title.push_str(&format!("\n(channel deprecated: {m})")),
        (None, _) => {
            if let Some(m) = &package.deprecations.package {
                title.push_str(&format!("\n(package deprecated: {m})"));
            }
        }
        _ => {}
    }
    let edges = merged_edges(graph, nodes.len());
    let mut out = String::with_capacity(1024 + 160 * (nodes.len() + edges.len()));
    open_graph(&mut out, &title);
    let in_channel = graph.channel().is_some();
    for (i, n) in nodes.iter().enumerate() {
        let _ = writeln!(out, "  n{i} [{}];", node_attrs(n, in_channel));
    }
    for e in edges {
        let _ = write!(
            out,
            "  n{} -> n{} [color=\"{}\", style={}, tooltip=\"",
            e.from,
            e.to,
            style::edge_color(e.kind),
            style::dot_edge_style(e.kind),
        );
        let channels = if in_channel { &[][..] } else { &e.channels[..] };
        let (from, to) = (&nodes[e.from].name, &nodes[e.to].name);
        let _ = write_edge_tooltip(&mut DotText(&mut out), from, to, e.kind, e.range, channels);
        out.push_str("\"];\n");
    }
    out.push_str("}\n");
    out
}

/// The `digraph` line and the graph, node and edge defaults.
fn open_graph(out: &mut String, title: &str) {
    let font = dot_string("Helvetica,Arial,sans-serif");
    out.push_str("digraph olm_graph {\n");
    let _ = writeln!(
        out,
        "  graph [rankdir=LR, label={}, labelloc=t, fontname={font}, fontsize=16, bgcolor=\"{}\", fontcolor=\"{}\"];",
        dot_string(title),
        style::BACKGROUND,
        style::TEXT
    );
    let _ = writeln!(
        out,
        "  node [shape=box, style=\"rounded\", fontname={font}, fontsize=11, color=\"{}\", fillcolor=\"{}\", fontcolor=\"{}\"];",
        style::NODE_STROKE,
        style::NODE_FILL,
        style::TEXT
    );
    let _ = writeln!(out, "  edge [arrowsize=0.7, penwidth=1.2];");
}

/// A node's attributes: label (name and version), the view's tooltip, and its styles.
fn node_attrs(n: &ViewNode, in_channel: bool) -> String {
    let mut label = n.name.clone();
    label.push('\n');
    label.push_str(n.version.as_deref().unwrap_or("version unknown"));
    if n.head {
        label.push_str(" · head");
    }
    let mut styles = vec!["rounded"];
    let mut attrs = format!("label={}, tooltip=\"", dot_string(&label));
    let _ = n.write_tooltip(in_channel, &mut DotText(&mut attrs));
    attrs.push('"');
    if n.deprecated {
        styles.push("filled");
        let _ = write!(attrs, ", fillcolor=\"{}\"", style::DEPRECATED);
    }
    if n.is_virtual {
        styles.push("dashed");
        let _ = write!(
            attrs,
            ", color=\"{}\", fontcolor=\"{}\"",
            style::VIRTUAL,
            style::MUTED_TEXT
        );
    }
    if n.head {
        let _ = write!(
            attrs,
            ", color=\"{}\", penwidth=2, peripheries=2",
            style::HEAD
        );
    }
    if styles.len() > 1 {
        let _ = write!(attrs, ", style={}", dot_string(&styles.join(",")));
    }
    attrs
}

/// One drawn edge: every graph edge with this (from, to, kind).
struct MergedEdge<'a> {
    from: usize,
    to: usize,
    kind: EdgeKind,
    /// The first edge's range.
    range: Option<&'a str>,
    /// The channels of the edges, in edge order.
    channels: Vec<&'a str>,
}

/// The distinct (from, to, kind) edges with both ends among the `n` nodes: in edge order for a
/// channel, sorted for the package view.
fn merged_edges<G: ViewSource + ?Sized>(graph: &G, n: usize) -> Vec<MergedEdge<'_>> {
    // Only a graph that repeats edges needs them merged.
    let mut slot: Option<HashMap<(usize, usize, EdgeKind), usize>> =
        (!graph.edges_are_distinct()).then(HashMap::new);
    let mut out: Vec<MergedEdge<'_>> = Vec::new();
    for (i, e) in graph.layout_edges().into_iter().enumerate() {
        if e.from >= n || e.to >= n {
            continue;
        }
        let channel = graph.edge_channel(i);
        let key = (e.from, e.to, e.kind);
        if let Some(&k) = slot.as_ref().and_then(|m| m.get(&key)) {
            out[k].channels.push(channel);
            continue;
        }
        if let Some(m) = slot.as_mut() {
            m.insert(key, out.len());
        }
        out.push(MergedEdge {
            from: e.from,
            to: e.to,
            kind: e.kind,
            range: e.range,
            channels: vec![channel],
        });
    }
    if slot.is_some() {
        out.sort_keyed(|e| (e.from, e.to, e.kind));
    }
    out
}

/// A point (x, y).
pub type Point = (f64, f64);

/// A straight segment between two points.
pub type Segment = (Point, Point);

/// An edge of a plain layout: tail name, head name, B-spline control points (1 + 3k of them
/// for k cubic pieces).
pub type PlainEdge = (String, String, Vec<Point>);

/// A layout read from `dot -Tplain`: node centres and edge spline control points, in inches.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlainLayout {
    /// (name, centre x, centre y).
    pub nodes: Vec<(String, f64, f64)>,
    /// Every edge, in the order `dot` printed them.
    pub edges: Vec<PlainEdge>,
}

/// Why `dot -Tplain` output could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlainError {
    /// A quoted name that never ends; `statement` is 1-based.
    UnterminatedString {
        /// The 1-based statement it starts in.
        statement: usize,
    },
    /// Token `field` (0-based) of a statement is not a finite number.
    ExpectedNumber {
        /// The 1-based statement.
        statement: usize,
        /// The token (0-based) that is no number.
        field: usize,
    },
    /// An `edge` statement's point count is negative, fractional or more than the statement
    /// holds.
    BadPointCount {
        /// The 1-based `edge` statement.
        statement: usize,
    },
}

impl fmt::Display for PlainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlainError::UnterminatedString { statement } => {
                write!(f, "statement {statement}: unterminated quoted string")
            }
            PlainError::ExpectedNumber { statement, field } => {
                write!(f, "statement {statement}: expected a number at {field}")
            }
            PlainError::BadPointCount { statement } => {
                write!(f, "statement {statement}: bad point count")
            }
        }
    }
}

impl std::error::Error for PlainError {}

/// Reads `dot -Tplain` output (`graph`, `node`, `edge` and `stop` statements; quoted names with
/// backslash escapes, as Graphviz writes them).
///
/// # Complexity
/// O(length of the text).
pub fn parse_plain(text: &str) -> Result<PlainLayout, PlainError> {
    let mut out = PlainLayout::default();
    for (line_no, tokens) in plain_statements(text)?.into_iter().enumerate() {
        let statement = line_no + 1;
        let num = |field: usize| -> Result<f64, PlainError> {
            tokens
                .get(field)
                .and_then(|t| t.parse::<f64>().ok())
                .filter(|v| v.is_finite())
                .ok_or(PlainError::ExpectedNumber { statement, field })
        };
        match tokens.first().map(String::as_str) {
            Some("node") => {
                let name = tokens.get(1).cloned().unwrap_or_default();
                out.nodes.push((name, num(2)?, num(3)?));
            }
            Some("edge") => {
                let tail = tokens.get(1).cloned().unwrap_or_default();
                let head = tokens.get(2).cloned().unwrap_or_default();
                let n = num(3)?;
                if n < 0.0 || n.fract() != 0.0 || n > (tokens.len() / 2) as f64 {
                    return Err(PlainError::BadPointCount { statement });
                }
                let n = n as usize;
                let mut pts = Vec::with_capacity(n);
                for k in 0..n {
                    pts.push((num(4 + 2 * k)?, num(5 + 2 * k)?));
                }
                out.edges.push((tail, head, pts));
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Statements of a plain file: tokens split on blanks outside quotes, statements on newlines
/// outside quotes.
fn plain_statements(text: &str) -> Result<Vec<Vec<String>>, PlainError> {
    let mut statements = Vec::new();
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                if !tokens.is_empty() {
                    statements.push(std::mem::take(&mut tokens));
                }
            }
            c if c.is_whitespace() => {}
            '"' => {
                let mut tok = String::new();
                loop {
                    match chars.next() {
                        None => return Err(unterminated(&statements)),
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e) => {
                                tok.push('\\');
                                tok.push(e);
                            }
                            None => return Err(unterminated(&statements)),
                        },
                        Some(ch) => tok.push(ch),
                    }
                }
                // Graphviz keeps the escapes in names; undo the quote escape only.
                tokens.push(tok.replace("\\\"", "\""));
            }
            c => {
                let mut tok = String::from(c);
                while let Some(&d) = chars.peek() {
                    if d.is_whitespace() || d == '"' {
                        break;
                    }
                    tok.push(d);
                    chars.next();
                }
                tokens.push(tok);
            }
        }
    }
    if !tokens.is_empty() {
        statements.push(tokens);
    }
    Ok(statements)
}

fn unterminated(statements: &[Vec<String>]) -> PlainError {
    PlainError::UnterminatedString {
        statement: statements.len() + 1,
    }
}

/// Proper crossings between straight segments, counted exactly as
/// [`crate::layout::crossings`] counts them (each segment is its own route; touching, shared end
/// points and collinear overlaps do not count).
///
/// # Complexity
/// O(S log S + P) for S segments and P pairs whose x-extents overlap (O(S²) at worst).
pub fn crossings_of_segments(segments: &[Segment]) -> usize {
    let routes: Vec<EdgeRoute> = segments
        .iter()
        .filter(|(a, b)| [a.0, a.1, b.0, b.1].iter().all(|v| v.is_finite()))
        .enumerate()
        .map(|(i, &(a, b))| EdgeRoute {
            edge: i,
            points: vec![a, b],
            curved: false,
        })
        .collect();
    crossings_of_routes(&routes)
}

/// Crossings of a Graphviz layout, two ways: straight segments between node centres (one per
/// distinct pair of nodes, self-loops left out), and the edges' splines flattened into chords
/// with [`crate::layout::flatten`] (as our own curved routes are), counted per pair of edges.
///
/// # Complexity
/// That of [`crossings_of_segments`] and [`crate::layout::crossings`] on the segments.
pub fn plain_crossings(plain: &PlainLayout) -> (usize, usize) {
    let centre: std::collections::HashMap<&str, (f64, f64)> = plain
        .nodes
        .iter()
        .map(|(n, x, y)| (n.as_str(), (*x, *y)))
        .collect();
    let mut pairs = std::collections::BTreeSet::new();
    let mut segments = Vec::new();
    for (t, h, _) in &plain.edges {
        if t == h || !pairs.insert((t.as_str(), h.as_str())) {
            continue;
        }
        if let (Some(a), Some(b)) = (centre.get(t.as_str()), centre.get(h.as_str())) {
            segments.push((*a, *b));
        }
    }
    let routes: Vec<EdgeRoute> = plain
        .edges
        .iter()
        .enumerate()
        .map(|(i, (_, _, pts))| EdgeRoute {
            edge: i,
            points: pts.clone(),
            curved: true,
        })
        .collect();
    (
        crossings_of_segments(&segments),
        crossings_of_routes(&routes),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_strings_escape_quotes_backslashes_newlines_and_controls() {
        assert_eq!(dot_string("a"), "\"a\"");
        assert_eq!(dot_string("a\"b"), "\"a\\\"b\"");
        assert_eq!(dot_string("a\\N"), "\"a\\\\N\"");
        assert_eq!(dot_string("a\nb"), "\"a\\nb\"");
        assert_eq!(dot_string("a&lt;"), "\"a&amp;lt;\"");
        assert_eq!(dot_string("a\u{0}\r"), "\"a\u{FFFD}\u{FFFD}\"");
        assert_eq!(dot_string("<b>"), "\"<b>\"");
    }

    #[test]
    fn segments_cross_like_layout_crossings() {
        let x = [((0.0, 0.0), (2.0, 2.0)), ((0.0, 2.0), (2.0, 0.0))];
        assert_eq!(crossings_of_segments(&x), 1);
        // Shared end point, parallel, collinear overlap: none.
        let y = [
            ((0.0, 0.0), (1.0, 1.0)),
            ((1.0, 1.0), (2.0, 0.0)),
            ((0.0, 3.0), (2.0, 3.0)),
            ((1.0, 3.0), (3.0, 3.0)),
        ];
        assert_eq!(crossings_of_segments(&y), 0);
        assert_eq!(crossings_of_segments(&[((f64::NAN, 0.0), (1.0, 1.0))]), 0);
    }

    #[test]
    fn plain_output_is_read() {
        let text = "graph 1 3 2\nnode n0 0.5 0.5 1 0.5 \"a\\nb \\\"q\\\"\" solid box black lightgrey\nnode n1 2.5 0.5 1 0.5 x solid box black lightgrey\nnode n2 1.5 1.5 1 0.5 y solid box black lightgrey\nnode n3 1.5 -0.5 1 0.5 y solid box black lightgrey\nedge n0 n1 4 1 0.5 1.5 0.5 2 0.5 2 0.5 solid black\nedge n2 n3 4 1.5 1.6 1.5 1.1 1.5 0 1.5 -0.5 solid black\nstop\n";
        let p = parse_plain(text).expect("parses");
        assert_eq!(p.nodes.len(), 4);
        assert_eq!(p.edges.len(), 2);
        assert_eq!(p.edges[0].2.len(), 4);
        assert_eq!(plain_crossings(&p), (1, 1));
        assert_eq!(
            parse_plain("stop\nnode \"unterminated"),
            Err(PlainError::UnterminatedString { statement: 2 })
        );
        assert_eq!(
            parse_plain("edge a b 2 1"),
            Err(PlainError::ExpectedNumber {
                statement: 1,
                field: 5
            })
        );
        assert_eq!(
            parse_plain("edge a b 10000000 1 2"),
            Err(PlainError::BadPointCount { statement: 1 })
        );
        assert!(parse_plain("edge a b -1").is_err());
        assert_eq!(
            PlainError::ExpectedNumber {
                statement: 3,
                field: 2
            }
            .to_string(),
            "statement 3: expected a number at 2"
        );
    }
}
