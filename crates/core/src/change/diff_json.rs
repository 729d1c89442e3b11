//! The JSON document of a catalog switch (`olm-graph diff --json`): what changed, and every
//! installed bundle's fate, in size linear in the package.
//!
//! A fate gives the first hop of its path in the new catalog (`next`), where the path ends
//! (`end`) and how many hops it takes (`hops`); `steps` gives, per channel, the hop of every
//! bundle a path goes through. A path is the bundle, then `next`, then the step of each bundle
//! reached, `hops` hops in all. The paths of a switch share their tails (a chain of N bundles
//! has N paths of up to N hops each), so they are written once, as steps, instead of once per
//! bundle; [`PathListing::Whole`] also writes each fate's whole path, in size bundles × hops.

use std::collections::BTreeMap;

use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

use super::diff::{DiffOptions, EdgeChange, HeadChange, PackageDiff};
use super::fates::{BundleFate, Fate, Steps};

/// Whether the fates of a [`DiffDocument`] list their whole paths.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PathListing {
    /// Only `next`, `end` and `hops`; `steps` links them (size linear in the package).
    #[default]
    Linked,
    /// Also each fate's whole `path` (size bundles × hops).
    Whole,
}

/// The `diff --json` document of a [`PackageDiff`], borrowed from it; serializing it writes the
/// paths of [`PathListing::Whole`] one fate at a time, without holding them all.
#[derive(Debug, Clone, Serialize)]
pub struct DiffDocument<'d> {
    package: &'d str,
    /// The subscription's channel, when one was given (else each bundle's, default first).
    channel: Option<&'d str>,
    resolver: &'static str,
    bundles_added: &'d [String],
    bundles_removed: &'d [String],
    channels_added: &'d [String],
    channels_removed: &'d [String],
    heads_moved: &'d [HeadChange],
    edges_added: &'d [EdgeChange],
    edges_removed: &'d [EdgeChange],
    deprecations_added: &'d [String],
    fates: FateList<'d>,
    /// Channel → bundle → its hop in the new catalog, for every bundle a path goes through.
    steps: &'d BTreeMap<String, Steps>,
}

/// The fates of a document, each with its path when listed whole.
#[derive(Debug, Clone)]
struct FateList<'d> {
    diff: &'d PackageDiff,
    listing: PathListing,
}

/// One fate as the document writes it.
#[derive(Serialize)]
struct FateRecord<'d> {
    bundle: &'d str,
    channel: &'d str,
    status: Fate,
    next: Option<&'d str>,
    end: &'d str,
    hops: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<&'d str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<Vec<String>>,
}

impl Serialize for FateList<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.diff.fates.len()))?;
        for f in &self.diff.fates {
            seq.serialize_element(&self.record(f))?;
        }
        seq.end()
    }
}

impl<'d> FateList<'d> {
    /// The record of `f`; its path (only when listed whole) is built here and dropped once
    /// written.
    ///
    /// # Complexity
    /// O(1), or O(H) for H hops when paths are listed whole.
    fn record(&self, f: &'d BundleFate) -> FateRecord<'d> {
        FateRecord {
            bundle: &f.bundle,
            channel: &f.channel,
            status: f.status,
            next: f.next.as_deref(),
            end: &f.end,
            hops: f.hops,
            note: f.note.as_deref(),
            path: (self.listing == PathListing::Whole).then(|| self.diff.path(f)),
        }
    }
}

impl PackageDiff {
    /// The `diff --json` document of this comparison, made with `options`.
    ///
    /// # Complexity
    /// O(1) to build. Writing it: O(B + S + D) time and output for B fates, S steps and D
    /// changes (steps written in name order: O(S log S) time); with [`PathListing::Whole`],
    /// O(B × H) more for paths of up to H hops, one path held at a time.
    pub fn document<'d>(
        &'d self,
        options: &'d DiffOptions,
        listing: PathListing,
    ) -> DiffDocument<'d> {
        DiffDocument {
            package: &self.package,
            channel: options.channel.as_deref(),
            resolver: options.resolver.as_str(),
            bundles_added: &self.bundles_added,
            bundles_removed: &self.bundles_removed,
            channels_added: &self.channels_added,
            channels_removed: &self.channels_removed,
            heads_moved: &self.heads_moved,
            edges_added: &self.edges_added,
            edges_removed: &self.edges_removed,
            deprecations_added: &self.deprecations_added,
            fates: FateList {
                diff: self,
                listing,
            },
            steps: &self.steps,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::InputFile;
    use crate::open::load_files;

    fn chain(names: &[&str]) -> String {
        let mut text = String::from(r#"{"schema":"olm.package","name":"p","defaultChannel":"c"}"#);
        let entries: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| match i {
                0 => format!(r#"{{"name":"{n}"}}"#),
                _ => format!(r#"{{"name":"{n}","replaces":"{}"}}"#, names[i - 1]),
            })
            .collect();
        text += &format!(
            r#"{{"schema":"olm.channel","package":"p","name":"c","entries":[{}]}}"#,
            entries.join(",")
        );
        for (i, n) in names.iter().enumerate() {
            text += &format!(
                r#"{{"schema":"olm.bundle","package":"p","name":"{n}","image":"q/p:{i}","properties":[{{"type":"olm.package","value":{{"packageName":"p","version":"1.0.{i}"}}}}]}}"#
            );
        }
        text
    }

    #[test]
    fn fates_link_through_steps_and_list_paths_only_when_asked() {
        let load = |names: &[&str]| load_files(vec![InputFile::new("c.json", chain(names))]);
        let (old, new) = (load(&["p.a", "p.b"]), load(&["p.a", "p.b", "p.c", "p.d"]));
        let options = DiffOptions::default();
        let d = super::super::diff_package(&old, &new, "p", &options).expect("diff");
        let linked = serde_json::to_value(d.document(&options, PathListing::Linked)).unwrap();
        let a = &linked["fates"][0];
        assert_eq!(a["bundle"], "p.a");
        assert_eq!(a["next"], "p.b");
        assert_eq!(a["end"], "p.d");
        assert_eq!(a["hops"], 3);
        assert!(a.get("path").is_none());
        assert_eq!(linked["steps"]["c"]["p.b"], "p.c");
        assert_eq!(linked["steps"]["c"]["p.c"], "p.d");
        assert_eq!(linked["channel"], serde_json::Value::Null);
        assert_eq!(linked["resolver"], "v0");
        assert_eq!(linked["bundles_added"], serde_json::json!(["p.c", "p.d"]));
        let whole = serde_json::to_value(d.document(&options, PathListing::Whole)).unwrap();
        assert_eq!(
            whole["fates"][0]["path"],
            serde_json::json!(["p.a", "p.b", "p.c", "p.d"])
        );
        assert_eq!(
            whole["fates"][1]["path"],
            serde_json::json!(["p.b", "p.c", "p.d"])
        );
    }
}
