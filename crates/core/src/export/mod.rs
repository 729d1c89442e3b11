//! Output formats built from the graphs: the `graph --json` document, Mermaid in the format of
//! `opm alpha render-graph` ([`mermaid`]), Graphviz DOT ([`dot`]) and standalone SVG ([`svg`]),
//! with one palette ([`style`]).

pub mod dot;
mod json;
pub mod mermaid;
pub mod style;
pub mod svg;

pub use dot::{channel_dot, package_dot};
pub use json::{graph_json, GraphJsonOptions};
pub use mermaid::{mermaid, MermaidError, MermaidOptions, MermaidOutput};
pub use svg::{channel_svg, package_svg, SvgOptions};
