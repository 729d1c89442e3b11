//! Graphviz DOT of a channel graph or of a package's graph, left to right (`rankdir=LR`).
//!
//! Node labels are the bundle name and its version; edges are coloured and dashed per kind as in
//! [`super::style`]; the channel head has a double green outline, deprecated bundles are filled,
//! virtual nodes (names a `replaces`/`skips` points to that are not entries) have a dashed
//! outline. Node ids are `n0`, `n1`, … (so no catalog text is ever an id); every label and
//! tooltip is a quoted DOT string in which `"` and `\` are escaped, a newline becomes Graphviz's
//! `\n` line break, `&` becomes `&amp;` (Graphviz decodes HTML entities in ordinary labels) and
//! other control characters become U+FFFD.
//!
//! Also here: a reader for `dot -Tplain` output and an edge-crossing count over straight
//! segments, with the same proper-crossing test as [`crate::layout::crossings`], used to compare
//! Graphviz layouts with ours.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::graph::{ChannelGraph, EdgeKind, PackageGraph};
use crate::layout::{crossings, EdgeRoute, Layout};
use crate::model::Package;

use super::style;

/// `s` as a quoted DOT string that Graphviz displays as `s` (see the module documentation).
pub fn dot_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
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
    out.push('"');
    out
}

/// A node as both views describe it.
struct DotNode<'a> {
    name: &'a str,
    version: Option<String>,
    head: bool,
    deprecated: Option<&'a str>,
    is_virtual: bool,
    extra: String,
}

/// An edge (deduplicated per from, to, kind).
struct DotEdge {
    from: usize,
    to: usize,
    kind: EdgeKind,
    tooltip: String,
}

/// DOT of one channel's graph.
///
/// # Complexity
/// O(N + E) for N nodes and E edges (plus the output size).
pub fn channel_dot(package: &Package, graph: &ChannelGraph) -> String {
    let head = graph.head_index();
    let nodes: Vec<DotNode<'_>> = graph
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| DotNode {
            name: &n.name,
            version: n.version.as_ref().map(|v| v.to_string()),
            head: head == Some(i),
            deprecated: package
                .deprecations
                .bundles
                .get(&n.name)
                .map(String::as_str)
                .or(n.deprecated.then_some("")),
            is_virtual: n.is_virtual,
            extra: if n.is_virtual {
                "not an entry of this channel".into()
            } else {
                String::new()
            },
        })
        .collect();
    let edges: Vec<DotEdge> = graph
        .edges
        .iter()
        .map(|e| DotEdge {
            from: e.from,
            to: e.to,
            kind: e.kind,
            tooltip: super::edge_label(
                &graph.nodes[e.from].name,
                &graph.nodes[e.to].name,
                e.kind,
                e.range.as_deref(),
                &[],
            ),
        })
        .collect();
    let mut title = format!("{} / {}", package.name, graph.channel);
    if let Some(m) = &graph.deprecation {
        title.push_str(&format!("\n(channel deprecated: {m})"));
    }
    render(&title, &nodes, &edges)
}

/// DOT of a package's graph (every bundle once; an edge present in several channels drawn
/// once, its tooltip naming the channels).
///
/// # Complexity
/// O(N + E log E) for N nodes and E edges.
pub fn package_dot(package: &Package, graph: &PackageGraph) -> String {
    let nodes: Vec<DotNode<'_>> = graph
        .nodes
        .iter()
        .map(|n| DotNode {
            name: &n.name,
            version: n.version.as_ref().map(|v| v.to_string()),
            head: !n.head_of.is_empty(),
            deprecated: package
                .deprecations
                .bundles
                .get(&n.name)
                .map(String::as_str)
                .or(n.deprecated.then_some("")),
            is_virtual: n.is_virtual,
            extra: if n.is_virtual {
                "not a bundle of this package".into()
            } else {
                let mut s = format!("channels: {}", n.channels.join(", "));
                if !n.head_of.is_empty() {
                    s.push_str(&format!("\nhead of: {}", n.head_of.join(", ")));
                }
                s
            },
        })
        .collect();
    type Merged<'a> = (Vec<&'a str>, Option<&'a str>);
    let mut merged: BTreeMap<(usize, usize, EdgeKind), Merged<'_>> = BTreeMap::new();
    for e in &graph.edges {
        let slot = merged.entry((e.from, e.to, e.kind)).or_default();
        slot.0.push(&e.channel);
        if slot.1.is_none() {
            slot.1 = e.range.as_deref();
        }
    }
    let edges: Vec<DotEdge> = merged
        .into_iter()
        .filter(|((f, t, _), _)| *f < graph.nodes.len() && *t < graph.nodes.len())
        .map(|((from, to, kind), (channels, range))| DotEdge {
            from,
            to,
            kind,
            tooltip: super::edge_label(
                &graph.nodes[from].name,
                &graph.nodes[to].name,
                kind,
                range,
                &channels,
            ),
        })
        .collect();
    let mut title = package.name.clone();
    if let Some(m) = &package.deprecations.package {
        title.push_str(&format!("\n(package deprecated: {m})"));
    }
    render(&title, &nodes, &edges)
}

fn render(title: &str, nodes: &[DotNode<'_>], edges: &[DotEdge]) -> String {
    let font = dot_string("Helvetica,Arial,sans-serif");
    let mut out = String::new();
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
    for (i, n) in nodes.iter().enumerate() {
        let mut label = n.name.to_string();
        label.push('\n');
        label.push_str(n.version.as_deref().unwrap_or("version unknown"));
        if n.head {
            label.push_str(" · head");
        }
        let mut tooltip = n.name.to_string();
        if let Some(v) = &n.version {
            tooltip.push_str(&format!("\nversion {v}"));
        }
        if n.head {
            tooltip.push_str("\nchannel head");
        }
        if let Some(m) = n.deprecated {
            tooltip.push_str("\ndeprecated");
            if !m.is_empty() {
                tooltip.push_str(": ");
                tooltip.push_str(m);
            }
        }
        if !n.extra.is_empty() {
            tooltip.push('\n');
            tooltip.push_str(&n.extra);
        }
        let mut styles = vec!["rounded"];
        let mut attrs = format!(
            "label={}, tooltip={}",
            dot_string(&label),
            dot_string(&tooltip)
        );
        if n.deprecated.is_some() {
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
        let _ = writeln!(out, "  n{i} [{attrs}];");
    }
    for e in edges {
        let _ = writeln!(
            out,
            "  n{} -> n{} [color=\"{}\", style={}, tooltip={}];",
            e.from,
            e.to,
            style::edge_color(e.kind),
            style::dot_edge_style(e.kind),
            dot_string(&e.tooltip)
        );
    }
    out.push_str("}\n");
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
    pub edges: Vec<PlainEdge>,
}

/// Reads `dot -Tplain` output (`graph`, `node`, `edge` and `stop` statements; quoted names with
/// backslash escapes, as Graphviz writes them).
///
/// # Complexity
/// O(length of the text).
pub fn parse_plain(text: &str) -> Result<PlainLayout, String> {
    let mut out = PlainLayout::default();
    for (line_no, tokens) in plain_statements(text)?.into_iter().enumerate() {
        let num = |i: usize| -> Result<f64, String> {
            tokens
                .get(i)
                .and_then(|t| t.parse::<f64>().ok())
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("statement {}: expected a number at {i}", line_no + 1))
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
                    return Err(format!("statement {}: bad point count", line_no + 1));
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
fn plain_statements(text: &str) -> Result<Vec<Vec<String>>, String> {
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
                        None => return Err("unterminated quoted string".into()),
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e) => {
                                tok.push('\\');
                                tok.push(e);
                            }
                            None => return Err("unterminated quoted string".into()),
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

/// Proper crossings between straight segments, counted exactly as
/// [`crate::layout::crossings`] counts them (each segment is its own route; touching, shared end
/// points and collinear overlaps do not count).
///
/// # Complexity
/// O(S log S + P) for S segments and P pairs whose x-extents overlap (O(S²) at worst).
pub fn crossings_of_segments(segments: &[Segment]) -> usize {
    let layout = Layout {
        width: 0.0,
        height: 0.0,
        nodes: Vec::new(),
        edges: segments
            .iter()
            .filter(|(a, b)| [a.0, a.1, b.0, b.1].iter().all(|v| v.is_finite()))
            .enumerate()
            .map(|(i, &(a, b))| EdgeRoute {
                edge: i,
                points: vec![a, b],
                curved: false,
            })
            .collect(),
        bands: Vec::new(),
        lanes: 0,
    };
    crossings(&layout)
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
    let routes = Layout {
        width: 0.0,
        height: 0.0,
        nodes: Vec::new(),
        edges: plain
            .edges
            .iter()
            .enumerate()
            .map(|(i, (_, _, pts))| EdgeRoute {
                edge: i,
                points: pts.clone(),
                curved: true,
            })
            .collect(),
        bands: Vec::new(),
        lanes: 0,
    };
    (crossings_of_segments(&segments), crossings(&routes))
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
        assert!(parse_plain("node \"unterminated").is_err());
        assert!(parse_plain("edge a b 2 1").is_err());
        assert!(parse_plain("edge a b 10000000 1 2").is_err());
        assert!(parse_plain("edge a b -1").is_err());
    }
}
