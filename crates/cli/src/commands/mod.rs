//! One file per subcommand: each turns its arguments (from [`crate::args`]) into calls to core
//! and prints what they return. What several commands share (errors, loading, printing) lives
//! outside this folder, which nothing outside `main` depends on.

pub mod bench;
pub mod crd_safety;
pub mod deprecate_truncate;
pub mod diagnose;
pub mod diff;
pub mod diff_series;
pub mod diff_template;
pub mod graph;
pub mod lint;
pub mod lsp;
pub mod mirror;
pub mod packages;
pub mod path;
pub mod plain_crossings;
pub mod plan;
pub mod preflight;
pub mod render;
pub mod render_template;
pub mod resolve_image;
pub mod review;
pub mod support;
