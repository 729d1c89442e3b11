//! A series of catalogs, one per platform version (for example one catalog image per OpenShift
//! minor version), and what each switch to the next does to a package: the consecutive
//! [`diff_package`]s.

use std::collections::BTreeMap;

use serde::Serialize;

use super::diff::{diff_package, DiffError, DiffOptions, Fate, PackageDiff};
use crate::load::InputFile;
use crate::model::Catalog;
use crate::sort::SortWith;
use crate::view::natural_cmp;

/// One switch of a series: from one catalog to the next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeriesStep {
    /// The label of the catalog switched from (its name in the series, e.g. `v4.16`).
    pub from: String,
    /// The label of the catalog switched to.
    pub to: String,
    /// The comparison, or why there is none (the package is not in `from`).
    pub diff: Result<PackageDiff, DiffError>,
}

impl SeriesStep {
    /// How many old bundles end in `fate` (0 without a comparison).
    ///
    /// # Complexity
    /// O(B) for B fates.
    pub fn count(&self, fate: Fate) -> usize {
        self.diff.as_ref().map_or(0, |d| d.count(fate))
    }
}

/// Splits the files of a picked folder into one catalog per first-level subfolder (its name is
/// the label, e.g. `v4.12`), in natural order of the labels. Files directly in the folder form
/// no catalog of their own and are left out, as are empty groups.
///
/// # Complexity
/// O(F log F) for F files.
pub fn group_by_folder(files: Vec<InputFile>) -> Vec<(String, Vec<InputFile>)> {
    let mut groups: BTreeMap<String, Vec<InputFile>> = BTreeMap::new();
    for f in files {
        let Some((folder, rest)) = f.path.split_once('/') else {
            continue;
        };
        if rest.is_empty() {
            continue;
        }
        let file = InputFile::new(rest, f.text);
        groups.entry(folder.to_string()).or_default().push(file);
    }
    let mut groups: Vec<(String, Vec<InputFile>)> = groups.into_iter().collect();
    groups.sort_with(|a, b| natural_cmp(&a.0, &b.0));
    groups
}

/// Compares each catalog of the series with the next for `package`.
///
/// # Complexity
/// The sum of the [`diff_package`] costs of the consecutive pairs: O((V + E) log V) for V
/// entries and E edges over all the catalogs' packages.
pub fn diff_series(
    catalogs: &[(String, Catalog)],
    package: &str,
    options: &DiffOptions,
) -> Vec<SeriesStep> {
    catalogs
        .windows(2)
        .map(|w| {
            let (from, old) = &w[0];
            let (to, new) = &w[1];
            // A channel the old catalog lacks: follow each bundle's own channel instead.
            let mut o = options.clone();
            if let Some(c) = &o.channel {
                if old.package(package).and_then(|p| p.channel(c)).is_none() {
                    o.channel = None;
                }
            }
            SeriesStep {
                from: from.clone(),
                to: to.clone(),
                diff: diff_package(old, new, package, &o),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open::load_files;

    fn pkg(entries: &[&str]) -> String {
        let mut y = String::from("schema: olm.package\nname: p\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: p\nname: stable\nentries:\n");
        let mut prev: Option<&str> = None;
        for e in entries {
            y += &format!("- name: {e}\n");
            if let Some(p) = prev {
                y += &format!("  replaces: {p}\n");
            }
            prev = Some(e);
        }
        for e in entries {
            let v = e.trim_start_matches("p.v");
            y += &format!("---\nschema: olm.bundle\npackage: p\nname: {e}\nimage: x/{e}\nproperties:\n- type: olm.package\n  value: {{packageName: p, version: {v}}}\n");
        }
        y
    }

    #[test]
    fn groups_follow_natural_version_order_and_skip_loose_files() {
        let files = vec![
            InputFile::new("v4.10/c.yaml", "a"),
            InputFile::new("v4.9/c.yaml", "b"),
            InputFile::new("v4.9/sub/d.yaml", "c"),
            InputFile::new("README.md", "loose"),
        ];
        let g = group_by_folder(files);
        let labels: Vec<&str> = g.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(labels, ["v4.9", "v4.10"]);
        let paths: Vec<&str> = g[0].1.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["c.yaml", "sub/d.yaml"]);
    }

    #[test]
    fn each_step_compares_neighbours() {
        let cat = |v: &str, e: &[&str]| {
            (
                v.to_string(),
                load_files(vec![InputFile::new("c.yaml", pkg(e))]),
            )
        };
        let series = vec![
            cat("v1", &["p.v1.0.0"]),
            cat("v2", &["p.v1.0.0", "p.v1.1.0"]),
            cat("v3", &["p.v1.2.0"]),
        ];
        let steps = diff_series(&series, "p", &DiffOptions::default());
        assert_eq!(steps.len(), 2);
        assert_eq!((steps[0].from.as_str(), steps[0].to.as_str()), ("v1", "v2"));
        assert_eq!(steps[0].count(Fate::Upgradable), 1);
        // v3 drops the chain: 1.0.0 and 1.1.0 have no way forward.
        assert_eq!(steps[1].count(Fate::Stranded), 2);
        assert_eq!(steps[1].count(Fate::Upgradable), 0);
    }

    #[test]
    fn a_package_missing_from_a_catalog_is_an_error_step() {
        let empty = ("v0".to_string(), load_files(vec![]));
        let one = (
            "v1".to_string(),
            load_files(vec![InputFile::new("c.yaml", pkg(&["p.v1.0.0"]))]),
        );
        let steps = diff_series(&[empty, one], "p", &DiffOptions::default());
        assert!(steps[0].diff.is_err());
        assert_eq!(steps[0].count(Fate::Upgradable), 0);
    }
}
