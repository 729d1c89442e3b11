//! How a catalog changes over time: terminated bundles, deprecate-and-truncate, catalog image
//! templates, and what a catalog switch does to installed operators.

pub mod image_template;
pub mod terminated;

pub use image_template::{resolve_template, ClusterValues, Dialect, Resolution};
pub use terminated::{terminated_in_view, terminated_nodes};
pub mod fbc_write;
pub mod truncate;

pub use fbc_write::{write_truncated, WriteError};
pub use truncate::{deprecate_truncate, TruncateError, TruncateOptions, TruncateReport};
pub mod diff;
pub mod diff_json;
mod fates;

pub use diff::{
    diff_package, diff_packages, package_fates, BundleFate, DiffError, DiffOptions, DiffSide,
    EdgeChange, Fate, HeadChange, PackageDiff, PackageFates, Steps,
};
pub mod edit;

pub use diff_json::{DiffDocument, PathListing};
pub use edit::{with_entry, EditError, NewEntry};
pub mod series;

pub use series::{diff_series, group_by_folder, SeriesStep};
