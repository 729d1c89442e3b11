//! Views for user interfaces: everything a viewer draws or lists, derived from the model, the
//! graphs, the layout and the findings, so that a UI only renders.
//!
//! - [`GraphView`] (`graph_view.rs`): one channel (or the package-level "all channels" view)
//!   ready to draw, the one model of the web app and the SVG export, one module per kind of
//!   element: [`ViewNode`] (`node.rs`: one record per node, its flags, box in wrapped rows,
//!   texts, the fans into it and its neighbours for hover highlighting), [`ViewEdge`]
//!   (`edge.rs`: individually routed edges), [`ViewBand`] and [`ViewStaircase`] (`band.rs`:
//!   fans, their markers, what each covers, their rails), [`ViewGroup`] (`group.rs`: collapsed
//!   absent bundles), [`ViewCaption`] (`caption.rs`: the lanes' captions); `sizing.rs` sizes
//!   the boxes to their labels. [`ViewSource`] (`source.rs`) feeds it from either graph type.
//! - [`NodeId`], [`EdgeId`], [`BandId`], [`StaircaseId`], [`GroupId`] (`id.rs`): the view's
//!   typed indices, one per kind of element, so that one kind cannot stand for another.
//! - `text.rs`, `tooltips.rs` and `draw.rs`: the words and the SVG path data every drawing
//!   shares (version labels, fan markers, shortening in the middle, text widths, the
//!   deprecation wording, tooltips, edge classes, `route_d`, `rail_d`).
//! - [`SupportOverlay`] and [`PhaseClass`] (`support_overlay.rs`, `phase.rs`): the support lifecycle overlay, each
//!   node's phase facts and tint class.
//! - [`PathOverlay`] and [`OverlayMarks`] (`path_overlay.rs`): the marks an upgrade path or a
//!   planned route puts on the graph (nodes, hops with their labels, start, end, failure), the
//!   app's simulation and Plan panel and the SVG export draw from.
//! - [`bundle_details`] (`details.rs`): what a details panel shows for one bundle.
//! - [`package_summaries`], [`channel_summaries`] ([`channel_summaries_of`] with the graphs'
//!   heads), [`natural_cmp`], [`finding_target`]
//!   (`summaries.rs`): counts and markers for lists and tabs, and what a finding points at.

mod band;
mod caption;
mod details;
mod draw;
mod edge;
mod graph_view;
mod group;
mod id;
mod installed;
mod node;
mod path_overlay;
mod phase;
mod sizing;
mod source;
mod summaries;
mod support_overlay;
mod text;
mod tooltips;

pub use band::{ViewBand, ViewStaircase};
pub use caption::ViewCaption;
pub use details::{
    bundle_details, findings_for_bundle, BundleDetails, DeprecationNote, DeprecationScope,
    EdgeDetails, EntryDetails,
};
pub use draw::{num, polygon_d, push_num, rail_d, route_d};
pub use edge::ViewEdge;
pub use graph_view::{GraphView, LaidOut, LayingOut, SizedView, ViewCounts};
pub use group::ViewGroup;
pub use id::{BandId, EdgeId, GroupId, NodeId, StaircaseId, TiSlice, TiVec};
pub use node::ViewNode;
pub use path_overlay::{HopLabel, HopReasons, NodeMarks, OverlayHop, OverlayMarks, PathOverlay};
pub use phase::PhaseClass;
pub use sizing::MAX_NODE_WIDTH;
pub use source::ViewSource;
pub use summaries::{
    channel_summaries, channel_summaries_of, finding_target, natural_cmp, package_summaries,
    ChannelSummary, FindingTarget, PackageSummary,
};
pub use support_overlay::{support_lines, SupportOverlay};
pub(crate) use text::ellipsize_end;
pub use text::{
    deprecation_text, ellipsize_middle, fan_marker, fit_text, is_legacy_deprecated, label_baseline,
    label_baselines, label_text, short_range, text_width, version_label, NodeLabel,
    DEPRECATED_BADGE_WIDTH, HEAD_BADGE_WIDTH, LABEL_FONT_SIZE, LABEL_PADDING, LEGACY_DEPRECATION,
    MARKER_FONT_SIZE,
};
pub use tooltips::{edge_tooltip, write_edge_tooltip};

#[cfg(test)]
mod tests;
