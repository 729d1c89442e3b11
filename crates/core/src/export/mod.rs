//! Output formats built from the graphs: the `graph --json` document, Mermaid in the format of
//! `opm alpha render-graph` ([`mermaid`]), Graphviz DOT ([`dot`]) and standalone SVG ([`svg`]),
//! with one palette ([`style`]); [`render`] is the one entry point the CLI and the web app share.

pub mod dot;
mod json;
pub mod mermaid;
pub mod render;
pub mod style;
pub mod svg;

pub use dot::{channel_dot, package_dot};
pub use json::{graph_json, GraphJsonOptions};
pub use mermaid::{mermaid, MermaidError, MermaidOptions, MermaidOutput};
pub use render::{render, RenderError, RenderFormat, RenderRequest, Rendered};
pub use svg::{channel_svg, package_svg, SvgOptions};

/// The hover text of an edge in every drawing: `a → b: skipRange >=1.0.0 <2.0.0 (channels: x, y)`.
pub(crate) fn edge_label(
    from: &str,
    to: &str,
    kind: crate::graph::EdgeKind,
    range: Option<&str>,
    channels: &[&str],
) -> String {
    let mut s = format!("{from} → {to}: {}", kind.as_str());
    if let Some(r) = range {
        s.push(' ');
        s.push_str(r);
    }
    if !channels.is_empty() {
        s.push_str(" (channels: ");
        s.push_str(&channels.join(", "));
        s.push(')');
    }
    s
}
