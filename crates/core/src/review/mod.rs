//! What a change to a catalog does, for a pull-request review: every package that changed (heads
//! moved, bundles, channels and entries added and removed, edges changed, deprecations), the lint
//! findings the change introduced or fixed, the fate of every installed bundle of the old catalog
//! under OLM v0 and v1 (from [`crate::change::diff_package`]), and a picture of each changed
//! channel. [`markdown`] writes the report a CI job posts on the pull request; the JSON form is
//! the [`Review`] itself.
//!
//! Only what the change introduced counts against it: a finding is matched between the two
//! catalogs by its rule and its object (not by line number), and a bundle counts as stranded by
//! the change only when it was not already stranded before it.

mod compare;
mod end_of_life;
mod findings;
pub mod markdown;
mod picture;

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::change::diff::{EdgeChange, HeadChange};
use crate::change::{Fate, Steps};
use crate::resolve::Resolver;
use crate::Diagnostic;

pub use compare::review_catalogs;
pub use end_of_life::end_of_life_heads;
pub use findings::{match_findings, FindingChanges};
pub use markdown::{markdown, markdown_escape, MarkdownOptions};
pub use picture::{
    Change, ChannelPicture, MermaidDrawing, MermaidLimits, MermaidScope, PictureEdge, PictureNode,
    PictureRange,
};

/// Names of the two sides, as the report shows them (paths, or git revisions), and the input
/// paths each side was loaded from, as the loader shows them in file names (findings about a
/// whole file are matched by their path relative to these).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReviewOptions {
    /// The old side's name in the report.
    pub old_label: String,
    /// The new side's name in the report.
    pub new_label: String,
    /// The paths the old side was loaded from.
    pub old_roots: Vec<String>,
    /// The paths the new side was loaded from.
    pub new_roots: Vec<String>,
    /// The review date: the new side's channel heads past their stream's end of life on it
    /// are named as new findings (`lifecycle.end-of-life-head`); `None` leaves them out.
    pub as_of: Option<crate::support::Date>,
}

/// The whole review of a catalog change.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Review {
    /// The old side's name.
    pub old: String,
    /// The new side's name.
    pub new: String,
    /// The counts the report starts with.
    pub summary: Summary,
    /// Every package that changed, by name.
    pub packages: Vec<PackageReview>,
    /// Packages present on both sides with the same content.
    pub unchanged_packages: usize,
    /// Findings that belong to no package (a file that cannot be read, an object without schema).
    pub catalog_findings: FindingChanges,
}

/// The counts a report starts with.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Packages on both sides whose content differs.
    pub packages_changed: usize,
    /// Packages only the new side has.
    pub packages_added: usize,
    /// Packages only the old side has.
    pub packages_removed: usize,
    /// Error findings the new side has and the old did not.
    pub new_errors: usize,
    /// Warning findings the new side has and the old did not.
    pub new_warnings: usize,
    /// Error findings the old side had and the new has not.
    pub fixed_errors: usize,
    /// Warning findings the old side had and the new has not.
    pub fixed_warnings: usize,
    /// Installed bundles of the old catalog the change strands under OLM v0.
    pub stranded_v0: usize,
    /// Installed bundles of the old catalog the change strands under OLM v1.
    pub stranded_v1: usize,
    /// Old channel heads no longer in their channel.
    pub removed_heads: usize,
}

/// Whether a package is new, gone, or on both sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PackageStatus {
    /// Only on the new side.
    Added,
    /// Only on the old side.
    Removed,
    /// On both sides, with another content.
    Changed,
}

/// A value that differs between the sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValueChange {
    /// The old side's value.
    pub old: Option<String>,
    /// The new side's value.
    pub new: Option<String>,
}

/// A bundle on both sides whose own fields changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BundleChange {
    /// The bundle.
    pub bundle: String,
    /// `version`, `image`, `release`, `olm.deprecated`.
    pub fields: Vec<&'static str>,
}

/// How a channel entry changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryChangeKind {
    /// The new side adds the entry.
    Added,
    /// The new side drops the entry.
    Removed,
    /// Its `replaces`, `skips` or `skipRange` changed.
    Modified,
}

/// A channel entry added, removed, or with other `replaces`, `skips` or `skipRange`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryChange {
    /// The channel.
    pub channel: String,
    /// The entry's bundle.
    pub entry: String,
    /// How it changed.
    pub change: EntryChangeKind,
    /// For `modified`: `replaces`, `skips`, `skipRange`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<&'static str>,
}

/// An old channel head that is no longer an entry of its channel (or the channel is gone).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RemovedHead {
    /// The channel.
    pub channel: String,
    /// Its old head.
    pub bundle: String,
}

/// What happens to one installed bundle under one resolver.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// After the change.
    pub status: Fate,
    /// With the old catalog itself, before the change.
    pub before: Fate,
    /// The first hop of the path in the new catalog, when it moves.
    pub next: Option<String>,
    /// Where that path ends (the bundle itself when it does not move).
    pub end: String,
    /// How many hops that path has: [`PackageReview::path`] lists them, following
    /// [`PackageReview::steps`] (the paths share their tails, so they are kept once there).
    pub hops: usize,
    /// Why, in words (the resolver's explanation or error).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Outcome {
    /// True when the change puts the bundle in `fate` (it was not there before).
    pub fn newly(&self, fate: Fate) -> bool {
        self.status == fate && self.before != fate
    }
}

/// A bundle of the old catalog taken as installed, followed in `channel`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InstalledBundle {
    /// The old bundle.
    pub bundle: String,
    /// The channel it is followed in.
    pub channel: String,
    /// What happens to it under OLM v0.
    pub v0: Outcome,
    /// What happens to it under OLM v1.
    pub v1: Outcome,
}

impl InstalledBundle {
    /// The outcome under `resolver`.
    pub fn outcome(&self, resolver: Resolver) -> &Outcome {
        match resolver {
            Resolver::V0 => &self.v0,
            Resolver::V1 => &self.v1,
        }
    }
}

/// Everything that changed in one package.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PackageReview {
    /// The package.
    pub package: String,
    /// New, gone, or changed.
    pub status: PackageStatus,
    /// The default channel, when it changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_channel: Option<ValueChange>,
    /// Bundles only the new side has.
    pub bundles_added: Vec<String>,
    /// Bundles only the old side has.
    pub bundles_removed: Vec<String>,
    /// Bundles on both sides whose own fields changed.
    pub bundles_modified: Vec<BundleChange>,
    /// Channels only the new side has.
    pub channels_added: Vec<String>,
    /// Channels only the old side has.
    pub channels_removed: Vec<String>,
    /// Channel entries added, removed or modified.
    pub entries_changed: Vec<EntryChange>,
    /// Channels whose head differs.
    pub heads_moved: Vec<HeadChange>,
    /// Old heads no longer in their channel.
    pub removed_heads: Vec<RemovedHead>,
    /// Upgrade edges only the new side has.
    pub edges_added: Vec<EdgeChange>,
    /// Upgrade edges only the old side has.
    pub edges_removed: Vec<EdgeChange>,
    /// Deprecations the new side adds: `olm.package`, `olm.channel/<c>`, `olm.bundle/<b>`.
    pub deprecations_added: Vec<String>,
    /// Deprecations the new side drops, named the same way.
    pub deprecations_removed: Vec<String>,
    /// The package's findings, new and fixed.
    pub findings: FindingChanges,
    /// Every bundle of the old package, as installed, in the old package's bundle order.
    pub installed: Vec<InstalledBundle>,
    /// One picture per changed channel, by channel name.
    pub channels: Vec<ChannelPicture>,
    /// The hops of the installed bundles' paths after the change, per resolver.
    pub steps: ResolverSteps,
}

/// Channel → bundle → its hop in the new catalog, for every bundle a path of an installed
/// bundle goes through, under each resolver.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ResolverSteps {
    /// Under OLM v0, by channel.
    pub v0: BTreeMap<String, Steps>,
    /// Under OLM v1, by channel.
    pub v1: BTreeMap<String, Steps>,
}

impl PackageReview {
    /// The path of `b` in the new catalog under `resolver`, starting with the bundle itself
    /// (just it when it does not move).
    ///
    /// # Complexity
    /// O(H) expected time for H hops.
    pub fn path(&self, b: &InstalledBundle, resolver: Resolver) -> Vec<String> {
        let o = b.outcome(resolver);
        let steps = match resolver {
            Resolver::V0 => &self.steps.v0,
            Resolver::V1 => &self.steps.v1,
        };
        match steps.get(&b.channel) {
            Some(s) => s.path(&b.bundle, o.next.as_deref(), o.hops),
            None => Steps::default().path(&b.bundle, o.next.as_deref(), o.hops),
        }
    }

    /// Installed bundles that the change puts in `fate` under `resolver`.
    pub fn newly(&self, resolver: Resolver, fate: Fate) -> impl Iterator<Item = &InstalledBundle> {
        self.installed
            .iter()
            .filter(move |b| b.outcome(resolver).newly(fate))
    }
}

/// The conditions `olm-graph review --fail-on` can fail on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FailOn {
    /// The change introduces an error finding.
    pub error: bool,
    /// The change strands an installed bundle (OLM v0 or v1).
    pub stranded: bool,
    /// The change removes a channel head from its channel.
    pub removed_head: bool,
}

impl Default for FailOn {
    /// `error,stranded`.
    fn default() -> Self {
        FailOn {
            error: true,
            stranded: true,
            removed_head: false,
        }
    }
}

/// One condition of `olm-graph review --fail-on`, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailOnCondition {
    /// The change introduces an error finding.
    Error,
    /// The change strands an installed bundle (OLM v0 or v1).
    Stranded,
    /// The change removes a channel head from its channel.
    RemovedHead,
    /// Never fail.
    None,
}

crate::choice::spelled_choice!(
    FailOnCondition,
    "fail-on condition",
    Error => "error" : "The change introduces an error finding",
    Stranded => "stranded" : "The change strands an installed bundle (OLM v0 or v1)",
    RemovedHead => "removed-head" : "The change removes a channel head from its channel",
    None => "none" : "Never fail",
);

impl FailOn {
    /// The conditions named, or `None` when `none` is combined with another condition.
    ///
    /// # Complexity
    /// O(n) in the conditions named.
    pub fn from_conditions(conditions: &[FailOnCondition]) -> Option<FailOn> {
        if conditions.contains(&FailOnCondition::None) && conditions.len() > 1 {
            return None;
        }
        Some(FailOn {
            error: conditions.contains(&FailOnCondition::Error),
            stranded: conditions.contains(&FailOnCondition::Stranded),
            removed_head: conditions.contains(&FailOnCondition::RemovedHead),
        })
    }
}

/// Why a review fails.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum FailReason {
    /// The change brings new errors.
    NewErrors {
        /// How many.
        count: usize,
    },
    /// The change strands installed bundles under a resolver.
    Stranded {
        /// The resolver.
        resolver: Resolver,
        /// How many bundles.
        count: usize,
    },
    /// The change removes channel heads.
    RemovedHeads {
        /// How many.
        count: usize,
    },
}

impl fmt::Display for FailReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = |n: usize| if n == 1 { "" } else { "s" };
        match self {
            FailReason::NewErrors { count } => {
                write!(f, "{count} new error finding{}", s(*count))
            }
            FailReason::Stranded { resolver, count } => write!(
                f,
                "{count} installed bundle{} stranded under OLM {}",
                s(*count),
                resolver.as_str()
            ),
            FailReason::RemovedHeads { count } => {
                write!(f, "{count} channel head{} removed", s(*count))
            }
        }
    }
}

impl Review {
    /// The conditions of `fail_on` that this change meets (empty: it passes).
    pub fn failures(&self, fail_on: &FailOn) -> Vec<FailReason> {
        let s = &self.summary;
        let mut out = Vec::new();
        if fail_on.error && s.new_errors > 0 {
            out.push(FailReason::NewErrors {
                count: s.new_errors,
            });
        }
        if fail_on.stranded {
            for (resolver, count) in [(Resolver::V0, s.stranded_v0), (Resolver::V1, s.stranded_v1)]
            {
                if count > 0 {
                    out.push(FailReason::Stranded { resolver, count });
                }
            }
        }
        if fail_on.removed_head && s.removed_heads > 0 {
            out.push(FailReason::RemovedHeads {
                count: s.removed_heads,
            });
        }
        out
    }

    /// Rewrites the file name of every finding's location (e.g. a temporary checkout's path
    /// back to the repository path).
    pub fn map_files(&mut self, map: impl Fn(&str) -> String) {
        let findings = self
            .packages
            .iter_mut()
            .map(|p| &mut p.findings)
            .chain(std::iter::once(&mut self.catalog_findings));
        for f in findings {
            for d in f.new.iter_mut().chain(f.fixed.iter_mut()) {
                if let Some(loc) = &mut d.location {
                    loc.file = map(&loc.file);
                }
            }
        }
    }
}

/// Why a review could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewError {
    /// Comparing a package failed (core's diff message).
    Diff {
        /// The package.
        package: String,
        /// The diff's message.
        message: String,
    },
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Diff { package, message } => {
                write!(f, "cannot compare package {package:?}: {message}")
            }
        }
    }
}

impl std::error::Error for ReviewError {}

/// Counts the summary of `packages` and the catalog-level findings.
fn summarize(packages: &[PackageReview], catalog: &FindingChanges) -> Summary {
    let mut s = Summary::default();
    let mut count_findings = |f: &FindingChanges| {
        s.new_errors += f.new.iter().filter(|d| d.is_error()).count();
        s.new_warnings += f.new.iter().filter(|d| is_warning(d)).count();
        s.fixed_errors += f.fixed.iter().filter(|d| d.is_error()).count();
        s.fixed_warnings += f.fixed.iter().filter(|d| is_warning(d)).count();
    };
    count_findings(catalog);
    for p in packages {
        count_findings(&p.findings);
    }
    for p in packages {
        match p.status {
            PackageStatus::Added => s.packages_added += 1,
            PackageStatus::Removed => s.packages_removed += 1,
            PackageStatus::Changed => s.packages_changed += 1,
        }
        s.stranded_v0 += p.newly(Resolver::V0, Fate::Stranded).count();
        s.stranded_v1 += p.newly(Resolver::V1, Fate::Stranded).count();
        s.removed_heads += p.removed_heads.len();
    }
    s
}

fn is_warning(d: &Diagnostic) -> bool {
    d.severity == crate::Severity::Warning
}
