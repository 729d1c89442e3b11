//! Output formats built from the graphs: the `graph --json` document, Mermaid in the format of
//! `opm alpha render-graph` ([`mermaid`](mod@mermaid)), Mermaid of an upgrade path ([`path_mermaid`](mod@path_mermaid)), Graphviz DOT ([`dot`]), standalone SVG ([`svg`]) and the `<olm-graph>` element's figure and snippet ([`embed`]),
//! with one palette ([`style`]); [`render()`] is the one entry point the CLI and the web app share.
//! The SVG and DOT exports draw the web app's model ([`crate::view`]), so their words, classes and
//! shapes are the app's.

pub mod dot;
pub mod embed;
mod json;
pub mod mermaid;
pub mod path_mermaid;
pub mod render;
pub mod style;
pub mod svg;

pub use dot::{channel_dot, graph_dot, package_dot, PlainError};
pub use embed::{
    embed_snippet, embed_snippet_for_url, figure, figure_fallback, read_catalog,
    read_skimmed_catalog, Figure, FigureRequest, FigureView,
};
pub use json::{graph_json, GraphJsonOptions};
pub use mermaid::{mermaid, MermaidError, MermaidOptions, MermaidOutput};
pub use path_mermaid::{mermaid_text, path_mermaid, PathMermaidOptions};
pub use render::{
    channel_picture, default_channel_svg, render, skimmed_channel_svg, DrawingFormat, RenderError,
    RenderFormat, RenderRequest, Rendered,
};
pub use svg::{channel_svg, package_svg, render_view, svg_view, SvgOptions};
