//! Output formats built from the graphs: the `graph --json` document (and, later, SVG, Mermaid
//! and DOT).

mod json;

pub use json::{graph_json, GraphJsonOptions};
