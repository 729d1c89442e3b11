//! oc-mirror's validation of the operators stanza, with its messages (spec/mirror.md §2).

use std::collections::HashSet;

use super::config::{MirrorConfig, OperatorEntry, PackageFilter};
use crate::masterminds::Version;

/// One validation error: the package it is about (empty for a catalog-wide one) and oc-mirror's
/// message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The package it is about (empty for a catalog-wide one).
    pub package: String,
    /// oc-mirror's message, word for word.
    pub message: String,
}

/// Every validation error of every entry, in oc-mirror's order (spec/mirror.md §2.1–2.6).
///
/// # Complexity
/// O(P + C) expected for P packages and C channels (hash sets for the duplicate checks).
pub fn validate_config(cfg: &MirrorConfig) -> Vec<ConfigError> {
    let mut errs = Vec::new();
    let mut catalogs: HashSet<&str> = HashSet::new();
    for op in &cfg.operators {
        if !catalogs.insert(op.catalog.as_str()) {
            errs.push(ConfigError {
                package: String::new(),
                message: format!("catalog {:?}: duplicate found in configuration", op.catalog),
            });
        }
        errs.extend(validate_entry(op));
    }
    errs
}

/// The errors of one `mirror.operators[]` entry (spec/mirror.md §2.2–2.6).
///
/// # Complexity
/// O(P + C) expected for P packages and C channels.
pub fn validate_entry(op: &OperatorEntry) -> Vec<ConfigError> {
    let mut errs = Vec::new();
    let mut packages: HashSet<&str> = HashSet::new();
    for pkg in &op.packages {
        let mut push = |message: String| {
            errs.push(ConfigError {
                package: pkg.name.clone(),
                message,
            })
        };
        if !packages.insert(pkg.name.as_str()) {
            push(format!(
                "catalog {:?}: duplicate package entry {:?}",
                op.catalog, pkg.name
            ));
        }
        for (field, value) in [
            ("maxVersion", &pkg.max_version),
            ("minVersion", &pkg.min_version),
        ] {
            if let Some(v) = value.as_deref().filter(|v| Version::parse(v).is_err()) {
                push(format!(
                    "catalog {:?}: operator {:?}: {field} {v:?} must respect semantic versioning notation",
                    op.catalog, pkg.name
                ));
            }
        }
        channel_errors(&op.catalog, pkg, &mut push);
    }
    errs
}

fn channel_errors(catalog: &str, pkg: &PackageFilter, push: &mut impl FnMut(String)) {
    let mut channels: HashSet<&str> = HashSet::new();
    let pkg_range = pkg.min_version.is_some() || pkg.max_version.is_some();
    for ch in &pkg.channels {
        if !channels.insert(ch.name.as_str()) {
            push(format!(
                "catalog {catalog:?}: operator {:?}: duplicate channel entry {:?}",
                pkg.name, ch.name
            ));
        }
        for (field, value) in [
            ("maxVersion", &ch.max_version),
            ("minVersion", &ch.min_version),
        ] {
            if let Some(v) = value.as_deref().filter(|v| Version::parse(v).is_err()) {
                push(format!(
                    "catalog {catalog:?}: operator {:?}: channel {:?}: {field} {v:?} must respect semantic versioning notation",
                    pkg.name, ch.name
                ));
            }
        }
        if (ch.min_version.is_some() || ch.max_version.is_some()) && pkg_range {
            push(format!(
                "catalog {catalog:?}: operator {:?}: mixing both filtering by minVersion/maxVersion and filtering by channel minVersion/maxVersion is not allowed",
                pkg.name
            ));
        }
    }
}

/// The errors as oc-mirror reports them together: `invalid configuration: e` for one,
/// `invalid configuration: [e1, e2]` for several (spec/mirror.md §2).
///
/// # Complexity
/// O(total length of the messages).
pub fn aggregate(errs: &[ConfigError]) -> Option<String> {
    match errs {
        [] => None,
        [one] => Some(format!("invalid configuration: {}", one.message)),
        many => {
            let list: Vec<&str> = many.iter().map(|e| e.message.as_str()).collect();
            Some(format!("invalid configuration: [{}]", list.join(", ")))
        }
    }
}
