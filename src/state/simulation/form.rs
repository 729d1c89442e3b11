//! The simulation's inputs as typed: the resolvers to run, the failure, the entry added for
//! the "updated catalog". Strings from the URL or a form are parsed once, at that boundary, with
//! `str::parse` (core's spellings; an upgrade strategy reads as OLM spells it,
//! `TechPreviewUnsafeFailForward`, or as the CLI does) and [`failure_choice`].

use olm_graph_core::change::edit::NewEntry;
use olm_graph_core::model::ChannelEntry;
use olm_graph_core::resolve::{Failure, FailureKind, Resolver, UpgradeStrategy};

/// Which resolvers to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ResolverChoice {
    #[default]
    V0,
    V1,
    Both,
}

olm_graph_core::spelled_choice!(
    ResolverChoice,
    "resolver choice",
    V0 => "v0",
    V1 => "v1",
    Both => "both",
);

impl ResolverChoice {
    /// The resolvers to run, in the order their paths are shown.
    pub fn resolvers(self) -> &'static [Resolver] {
        match self {
            ResolverChoice::V0 => &[Resolver::V0],
            ResolverChoice::V1 => &[Resolver::V1],
            ResolverChoice::Both => &[Resolver::V0, Resolver::V1],
        }
    }

    /// The resolver of a single drawn path (an animated export): `both` draws v0's.
    pub fn path_resolver(self) -> Resolver {
        match self {
            ResolverChoice::V1 => Resolver::V1,
            ResolverChoice::V0 | ResolverChoice::Both => Resolver::V0,
        }
    }
}

/// Reads a failure kind: `csv`, `installplan` (core's spellings), or `none` (`Some(None)`);
/// `None` for anything else.
pub fn failure_choice(s: &str) -> Option<Option<FailureKind>> {
    match s {
        "none" => Some(None),
        kind => kind.parse().ok().map(Some),
    }
}

/// The parameter value of a failure kind (`none` for no failure).
pub fn failure_param(kind: Option<FailureKind>) -> &'static str {
    kind.map_or("none", FailureKind::as_str)
}

/// The what-if inputs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SimInputs {
    pub installed: String,
    pub resolver: ResolverChoice,
    /// How the failing bundle's upgrade fails (no failure: `None`).
    pub failure: Option<FailureKind>,
    pub failing: String,
    pub strategy: UpgradeStrategy,
}

impl SimInputs {
    /// The failure these inputs describe, if a kind and a bundle are both given.
    pub fn failure(&self) -> Option<Failure> {
        let bundle = self.failing.trim();
        let kind = self.failure.filter(|_| !bundle.is_empty())?;
        Some(Failure {
            bundle: bundle.to_string(),
            kind,
            strategy: self.strategy,
        })
    }
}

/// An entry to add to the channel for the "updated catalog", as typed in the form.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AddedEntry {
    pub name: String,
    pub replaces: String,
    /// Comma-separated.
    pub skips: String,
    pub skip_range: String,
    pub version: String,
}

impl AddedEntry {
    /// The core edit this form describes.
    pub fn to_new_entry(&self) -> Result<NewEntry, String> {
        let opt = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
        let version = NewEntry::version_from_text(&self.version)?;
        let skips = self
            .skips
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        Ok(NewEntry {
            entry: ChannelEntry {
                name: self.name.trim().to_string(),
                replaces: opt(&self.replaces),
                skips,
                skip_range: opt(&self.skip_range),
            },
            version,
        })
    }
}
