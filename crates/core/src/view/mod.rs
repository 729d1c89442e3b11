//! Views for user interfaces: everything a viewer draws or lists, derived from the model, the
//! graphs, the layout and the findings, so that a UI only renders.
//!
//! - [`GraphView`] (`graph_view.rs`): one channel (or the package-level "all channels" view)
//!   ready to draw, the one model of the web app and the SVG export: node boxes with their
//!   flags, labels, tooltips and classes, individually routed edges, `skipRange` bands, and
//!   each node's neighbours (for hover highlighting). [`ViewSource`] (`source.rs`) feeds it
//!   from either graph type.
//! - `text.rs`, `tooltips.rs` and `draw.rs`: the words and the SVG path data every drawing
//!   shares (node labels, shortening in the middle, the deprecation wording, tooltips, edge
//!   classes, `route_d`, `polygon_d`).
//! - [`bundle_details`] (`details.rs`): what a details panel shows for one bundle.
//! - [`package_summaries`], [`channel_summaries`], [`natural_cmp`], [`finding_target`]
//!   (`summaries.rs`): counts and markers for lists and tabs, and what a finding points at.

mod details;
mod draw;
mod graph_view;
mod node;
mod source;
mod summaries;
mod text;
mod tooltips;

pub use details::{
    bundle_details, findings_for_bundle, BundleDetails, DeprecationNote, DeprecationScope,
    EdgeDetails, EntryDetails,
};
pub use draw::{num, polygon_d, push_num, route_d};
pub use graph_view::{GraphView, ViewBand, ViewEdge};
pub use node::ViewNode;
pub use source::ViewSource;
pub use summaries::{
    channel_summaries, finding_target, natural_cmp, package_summaries, ChannelSummary,
    FindingTarget, PackageSummary,
};
pub(crate) use text::ellipsize_end;
pub use text::{
    deprecation_text, ellipsize_middle, is_legacy_deprecated, node_lines, NodeLabel,
    CAPTION_CHAR_WIDTH, DEPRECATED_BADGE_WIDTH, HEAD_BADGE_WIDTH, LEGACY_DEPRECATION,
    PRIMARY_CHAR_WIDTH,
};
pub use tooltips::{edge_tooltip, write_edge_tooltip};

#[cfg(test)]
mod tests;
