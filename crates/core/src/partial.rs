//! Signs that what was loaded is part of a catalog: a file of a split catalog (channels in one
//! file, one bundle per file) opened alone. Channel entries then have no `olm.bundle`, or
//! bundles belong to no channel; the rest of the catalog is in the files beside it.
//!
//! A package declared twice (two catalogs that share a package, loaded together) has the same
//! signs for another cause: opm keeps the first declaration, so the second catalog's channels of
//! the package are duplicates and its bundles are in no channel. opm's `duplicate package` error
//! names that cause (spec/olm.md §2.1), so such a package is no sign
//! of a split catalog.

use serde::Serialize;

use crate::diag::Severity;
use crate::model::Catalog;
use crate::sort::SortWith;
use crate::text::plural;

/// What a partial catalog lacks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PartialCatalog {
    /// Bundle names that some channel lists but no `olm.bundle` defines (each name once per
    /// package).
    pub entries_without_bundles: usize,
    /// `olm.bundle` objects that no channel lists.
    pub bundles_without_channels: usize,
    /// The packages concerned, sorted.
    pub packages: Vec<String>,
}

impl PartialCatalog {
    /// One sentence for a notice or for stderr, with the counts and the way to the rest.
    pub fn message(&self) -> String {
        let mut missing = Vec::new();
        if self.entries_without_bundles > 0 {
            missing.push(plural(
                self.entries_without_bundles,
                "channel entry has no olm.bundle",
                "channel entries have no olm.bundle",
            ));
        }
        if self.bundles_without_channels > 0 {
            missing.push(plural(
                self.bundles_without_channels,
                "bundle is in no channel",
                "bundles are in no channel",
            ));
        }
        format!(
            "this looks like part of a split catalog ({}): open the whole folder it comes from to see the complete catalog; until then, paths follow the channels by name and take versions from the bundle names",
            missing.join(", ")
        )
    }
}

/// The counts of [`PartialCatalog`], or `None` when every channel entry has its bundle and
/// every bundle is in some channel.
///
/// # Complexity
/// O(V + B + M log M) expected for V channel entries, B bundles and M entries without a
/// bundle, over all packages.
pub fn partial_catalog(catalog: &Catalog) -> Option<PartialCatalog> {
    let mut entries_without_bundles = 0;
    let mut bundles_without_channels = 0;
    let mut packages = Vec::new();
    let duplicated = duplicated_packages(catalog);
    for pkg in &catalog.packages {
        if duplicated.contains(pkg.name.as_str()) {
            continue;
        }
        let linkage = pkg.linkage();
        let mut without: Vec<&str> = linkage.entries_without_bundles.concat();
        without.sort_ord();
        without.dedup();
        let missing = without.len();
        let unlisted = linkage.unlisted_bundles.len();
        if missing + unlisted > 0 {
            packages.push(pkg.name.clone());
        }
        entries_without_bundles += missing;
        bundles_without_channels += unlisted;
    }
    (!packages.is_empty()).then_some(PartialCatalog {
        entries_without_bundles,
        bundles_without_channels,
        packages,
    })
}

/// The packages declared more than once in what was loaded: those of opm's `duplicate package
/// %q` errors (spec/olm.md §2.1).
///
/// # Complexity
/// O(D) expected for D diagnostics.
pub fn duplicated_packages(catalog: &Catalog) -> foldhash::HashSet<&str> {
    catalog
        .diagnostics
        .iter()
        .filter(|d| {
            d.severity == Severity::Error
                && d.schema.as_deref() == Some("olm.package")
                && d.message.starts_with("duplicate package ")
        })
        .filter_map(|d| d.package.as_deref())
        .collect()
}
