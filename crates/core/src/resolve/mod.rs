//! Upgrade resolution: which bundle a cluster moves to next, and the whole path it takes
//! (spec/olm.md §5 for OLM v0, §8 for OLM v1, §6 for fail-forward, §7 for deprecation).
//!
//! - OLM v0 (Subscriptions, [`v0`]): candidates are the channel's entries in replaces-chain order
//!   from the head, without entries named in any `skips`; an entry is a successor when its
//!   `replaces` is the installed bundle, its `skips` name it, or its skipRange contains the
//!   installed version; bundles carrying `olm.deprecated` are prohibited; the successor closest
//!   to the head wins.
//! - OLM v1 (ClusterExtensions, [`v1`]): the same three tests on every entry (no chain, no head),
//!   plus the installed bundle itself; non-deprecated first, then the highest version wins.
//! - Paths repeat the hop until none is left; fail-forward ([`Failure`]) changes what counts as
//!   installed after a failed upgrade; an updated catalog can take over after the failure.
//! - When a path ends before the channel head, [`explain`] says why in one sentence and
//!   suggests a catalog change.

mod chain;
mod explain;
mod hop;
pub(crate) mod index;
mod links;
mod path;
mod v0;
mod v1;
mod v1_catalogs;

use serde::Serialize;

pub use explain::Explanation;
pub use hop::{next_hop, HopResolver};
pub use path::{crd_failure, first_difference, resolve_path, Hop, PathDocument, UpgradePath};
pub use v1_catalogs::{
    resolve_install, resolve_path_across, CatalogHop, CatalogStep, CatalogsError, CatalogsPath,
    CatalogsResolver, ClusterCatalog, PassedCatalog, ResolutionError,
};

use crate::graph::EdgeKind;
use crate::model::{Channel, Package};
use crate::range::Range;
use crate::semver::Version;
use crate::sort::SortWith;

/// How a path ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// No further hop: at the head, or no successor.
    #[serde(rename = "up-to-date")]
    UpToDate,
    /// A failed upgrade stops the path until someone intervenes by hand.
    #[serde(rename = "blocked")]
    Blocked,
    /// Fail-forward is on, but the catalog has nothing to move to yet.
    #[serde(rename = "waiting-for-catalog-update")]
    WaitingForCatalogUpdate,
}

impl Outcome {
    /// The outcome's name in JSON and text (`up-to-date`, `blocked`,
    /// `waiting-for-catalog-update`).
    ///
    /// # Complexity
    /// O(1).
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::UpToDate => "up-to-date",
            Outcome::Blocked => "blocked",
            Outcome::WaitingForCatalogUpdate => "waiting-for-catalog-update",
        }
    }
}

/// Which OLM generation's rules choose the next bundle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Resolver {
    /// Subscriptions: chain order from the channel head, closest to the head wins.
    #[default]
    V0,
    /// ClusterExtensions: highest non-deprecated successor wins.
    V1,
}

crate::choice::spelled_choice!(Resolver, "resolver", V0 => "v0", V1 => "v1");

/// OLM v1 `upgradeConstraintPolicy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UpgradeConstraintPolicy {
    /// Only successors the catalog declares (`replaces`, `skips`, `skipRange`).
    #[default]
    CatalogProvided,
    /// Any bundle of the selected channels: upgrades, downgrades and sidegrades.
    SelfCertified,
}

crate::choice::spelled_choice!(
    UpgradeConstraintPolicy,
    "upgrade constraint policy",
    CatalogProvided => "CatalogProvided",
    SelfCertified => "SelfCertified",
);

/// How an upgrade into the failing bundle fails. A failure named without its kind is the
/// CSV's (the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FailureKind {
    /// The bundle's ClusterServiceVersion reaches phase Failed (it was installed).
    #[default]
    Csv,
    /// The InstallPlan fails before the bundle is installed.
    InstallPlan,
}

crate::choice::spelled_choice!(
    FailureKind,
    "failure kind",
    Csv => "csv",
    InstallPlan => "installplan",
);

/// The OperatorGroup's `spec.upgradeStrategy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum UpgradeStrategy {
    /// A failed upgrade blocks the Subscription until someone intervenes.
    #[default]
    Default,
    /// Fail-forward: OLM may upgrade past a failed bundle to one that replaces or skips it.
    TechPreviewUnsafeFailForward,
}

// The command line's words print; OLM's field values (the web app's URL) read too.
crate::choice::spelled_choice!(
    UpgradeStrategy,
    "upgrade strategy",
    Default => "default" ["Default"],
    TechPreviewUnsafeFailForward => "fail-forward" ["TechPreviewUnsafeFailForward"],
);

impl UpgradeStrategy {
    /// The value of the OperatorGroup's `spec.upgradeStrategy` field (`Default`,
    /// `TechPreviewUnsafeFailForward`); [`str::parse`] reads it too.
    ///
    /// # Complexity
    /// O(1).
    pub fn olm_name(self) -> &'static str {
        match self {
            UpgradeStrategy::Default => "Default",
            UpgradeStrategy::TechPreviewUnsafeFailForward => "TechPreviewUnsafeFailForward",
        }
    }
}

/// A bundle whose upgrade fails, for a what-if.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The bundle whose upgrade fails.
    pub bundle: String,
    /// Where it fails: its CSV, or its InstallPlan before it is installed.
    pub kind: FailureKind,
    /// The OperatorGroup's upgrade strategy, which decides what OLM does next.
    pub strategy: UpgradeStrategy,
}

/// What to resolve.
#[derive(Debug, Clone, Default)]
pub struct PathOptions {
    /// Which OLM generation's rules pick each hop.
    pub resolver: Resolver,
    /// The subscription's channel; `None` means every channel (v0: default channel first).
    pub channel: Option<String>,
    /// OLM v1 only.
    pub policy: UpgradeConstraintPolicy,
    /// OLM v1 only: the ClusterExtension's `channels` when it lists several (`channel` is
    /// then ignored); empty: `channel`, or every channel.
    pub channels: Vec<String>,
    /// OLM v1 only: the ClusterExtension's `version` range; bundles outside it are never
    /// chosen.
    pub version: Option<crate::masterminds::VersionRange>,
    /// A what-if: this bundle's upgrade fails.
    pub failure: Option<Failure>,
    /// The installed bundle's version, used when the catalog does not have that bundle (a
    /// cluster running a bundle a newer catalog dropped); otherwise only `replaces` and
    /// `skips` naming it can match.
    pub installed_version: Option<Version>,
}

/// The bundle a cluster runs: its name, and its version when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Installed {
    /// The bundle's name, which `replaces` and `skips` match.
    pub name: String,
    /// Its version, which a `skipRange` matches (`None`: no range can).
    pub version: Option<Version>,
    /// Its `release`, which orders bundles of one version under OLM v1.
    pub release: Option<String>,
}

impl Installed {
    /// The installed bundle as the package knows it. A channel entry the package has no
    /// `olm.bundle` for takes the version in its name (`<package>.v<semver>`, see
    /// [`crate::infer::version_from_name`]); a name that is neither a bundle nor an entry keeps
    /// no version: then only `replaces` and `skips` can match it.
    ///
    /// # Complexity
    /// O(log B) for B bundles when the package has the bundle, else O(V) for V entries over its
    /// channels (a [`HopResolver`] answers in O(log B) from its index).
    pub fn from_package(pkg: &Package, name: &str) -> Installed {
        let is_entry = || pkg.channels.iter().any(|c| c.entry(name).is_some());
        Installed::known_as(pkg, name, is_entry)
    }

    /// [`Installed::from_package`], with the entry test given.
    pub(crate) fn known_as(
        pkg: &Package,
        name: &str,
        is_entry: impl FnOnce() -> bool,
    ) -> Installed {
        let b = pkg.bundle(name);
        let version = match b {
            Some(b) => b.version.clone(),
            None if is_entry() => crate::infer::version_from_name(name),
            None => None,
        };
        Installed {
            name: name.to_string(),
            version,
            release: b.and_then(|b| b.release.clone()),
        }
    }
}

/// Why an entry is a successor of the installed bundle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// Which field of the entry names or covers the installed bundle.
    pub kind: EdgeKind,
    /// The entry's skipRange, for `skipRange` reasons.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<String>,
}

impl Reason {
    /// `replaces`, `skips`, or `skipRange >=1.0.0 <1.3.0`.
    pub fn label(&self) -> String {
        match &self.range {
            Some(r) => format!("{} {r}", self.kind.as_str()),
            None => self.kind.as_str().to_string(),
        }
    }
}

/// A hop's reasons as one label, each [`Reason::label`] joined by `, `
/// (`replaces, skipRange >=1.0.0 <1.2.0`); empty when there is none.
///
/// # Complexity
/// O(R) for R reasons.
pub fn via_label(via: &[Reason]) -> String {
    via.iter().map(Reason::label).collect::<Vec<_>>().join(", ")
}

/// Every reason that holds for `entry` to upgrade `installed` (empty when none does).
///
/// # Complexity
/// O(S + P) for S skipped names of the entry and P the length of its skipRange (parsed here).
pub fn successor_reasons(entry: &crate::model::ChannelEntry, installed: &Installed) -> Vec<Reason> {
    let mut reasons = Vec::new();
    if entry.replaces.as_deref() == Some(installed.name.as_str()) {
        reasons.push(Reason {
            kind: EdgeKind::Replaces,
            range: None,
        });
    }
    if entry.skips.contains(&installed.name) {
        reasons.push(Reason {
            kind: EdgeKind::Skips,
            range: None,
        });
    }
    if let (Some(text), Some(v)) = (&entry.skip_range, &installed.version) {
        // OLM v0 ignores a range that does not parse; v1 does too.
        if Range::parse(text).is_ok_and(|r| r.contains(v)) {
            reasons.push(Reason {
                kind: EdgeKind::SkipRange,
                range: Some(text.clone()),
            });
        }
    }
    reasons
}

/// A candidate that was not chosen, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Alternative {
    /// The candidate bundle.
    pub bundle: String,
    /// Every reason it is a successor.
    pub via: Vec<Reason>,
    /// Plain words: "lower preference: further from the channel head than X", "prohibited:
    /// carries olm.deprecated", "skipped by Y: OLM v0 never offers a skipped entry", ...
    pub why: String,
}

/// The outcome of one resolution step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The chosen successor and the reasons that held; `None` when nothing is chosen.
    pub chosen: Option<(String, Vec<Reason>)>,
    /// Candidates passed over (and, for v0, entries that would match but are never offered).
    pub alternatives: Vec<Alternative>,
}

/// A resolution that OLM itself would fail (several heads, a cycle, an unknown name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolveError {
    /// What OLM would fail on, in its words where it has them.
    pub message: String,
}

impl std::fmt::Display for ResolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ResolveError {}

fn err<T>(message: impl Into<String>) -> Result<T, ResolveError> {
    Err(ResolveError {
        message: message.into(),
    })
}

/// The channels a subscription considers: the named one, or all (default channel first, then
/// by name, as OLM v0 orders them).
///
/// # Complexity
/// O(C log C) for C channels.
fn channels_considered<'a>(
    pkg: &'a Package,
    channel: Option<&str>,
) -> Result<Vec<&'a Channel>, ResolveError> {
    channels_named(pkg, channel.into_iter())
}

/// The channels named (each must exist), or every channel, the default first, when none is.
///
/// # Complexity
/// O(C log C) for C channels of the package.
fn channels_named<'a, 'n>(
    pkg: &'a Package,
    names: impl Iterator<Item = &'n str>,
) -> Result<Vec<&'a Channel>, ResolveError> {
    let names: Vec<&str> = names.collect();
    if !names.is_empty() {
        let mut out = Vec::with_capacity(names.len());
        for c in names {
            match pkg.channel(c) {
                Some(ch) => out.push(ch),
                None => return err(format!("package {:?} has no channel {c:?}", pkg.name)),
            }
        }
        return Ok(out);
    }
    let mut chans: Vec<&Channel> = pkg.channels.iter().collect();
    let not_default = |c: &Channel| Some(&c.name) != pkg.default_channel.as_ref();
    chans.sort_with(|a, b| (not_default(a), &a.name).cmp(&(not_default(b), &b.name)));
    Ok(chans)
}

pub use v0::chain_order;

/// The entries of `channel` that upgrade `installed` (its name in their `replaces` or `skips`,
/// its version in their skipRange), as entry indices with the reasons, ascending: how a
/// channel the cluster switches to picks up a bundle installed from another channel.
///
/// # Complexity
/// O((V + E) log V) for V entries and E edges of the channel (it is indexed for this call).
pub fn channel_successors(
    pkg: &Package,
    channel: &Channel,
    installed: &Installed,
) -> Vec<(usize, Vec<Reason>)> {
    let index = index::ChannelIndex::new(pkg, channel);
    index
        .successors(installed)
        .into_iter()
        .filter(|&(i, _)| index.entry(i).name != installed.name)
        .map(|(i, kinds)| (i, index.reasons(i, kinds)))
        .collect()
}
