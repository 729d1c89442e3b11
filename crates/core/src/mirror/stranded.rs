//! Who the cut leaves behind: every bundle of a source channel from which the kept channel
//! offers no OLM v0 path to its head, and the smallest change that gives it one
//! (spec/mirror.md §5).

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::filter::{ChannelCut, Scope};
use crate::masterminds::Version as MmVersion;
use crate::model::Package;
use crate::resolve::{HopResolver, Installed, PathOptions, Resolver};

/// A change to the configuration: set `field` to `value` on the package or the channel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The package's range or the channel's.
    pub scope: Scope,
    /// `minVersion` or `maxVersion`.
    pub field: &'static str,
    /// The version to set.
    pub value: String,
}

/// A bundle left without a path to the kept head.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stranded {
    /// The package.
    pub package: String,
    /// The kept channel.
    pub channel: String,
    /// The stranded bundle.
    pub bundle: String,
    /// Its version, when the catalog gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// True when the cut keeps the bundle itself.
    pub kept: bool,
    /// The smallest change that gives it a path, when a range change does.
    pub change: Option<Change>,
    /// Why no range change helps, when none does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Whether each bundle reaches the head by OLM v0's next hops, remembered.
struct Reach<'a> {
    resolver: HopResolver<'a>,
    head: &'a str,
    memo: HashMap<String, bool>,
}

impl<'a> Reach<'a> {
    /// The v0 resolver of `channel` and its head.
    ///
    /// # Complexity
    /// What [`HopResolver::new`] costs on the channel: O((V + E) log V).
    fn new(pkg: &'a Package, channel: &str, head: &'a str) -> Option<Reach<'a>> {
        let options = PathOptions {
            resolver: Resolver::V0,
            channel: Some(channel.to_string()),
            ..PathOptions::default()
        };
        let resolver = HopResolver::new(pkg, &options).ok()?;
        Some(Reach {
            resolver,
            head,
            memo: HashMap::new(),
        })
    }

    /// True when repeated next hops from `name` reach the head; every bundle met on the way is
    /// remembered, so all calls together make O(V) hops.
    ///
    /// # Complexity
    /// O(h) hops for h bundles not met before, each a [`HopResolver::next`].
    fn reaches(&mut self, name: &str) -> bool {
        let mut walked: Vec<String> = Vec::new();
        let mut met: HashSet<String> = HashSet::new();
        let mut cur: Installed = self.resolver.installed(name);
        let result = loop {
            if cur.name == self.head {
                break true;
            }
            if let Some(&r) = self.memo.get(&cur.name) {
                break r;
            }
            if !met.insert(cur.name.clone()) {
                break false;
            }
            walked.push(cur.name.clone());
            match self.resolver.next(&cur).ok().and_then(|c| c.chosen) {
                Some((next, _)) => cur = self.resolver.installed(&next),
                None => break false,
            }
        };
        for n in walked {
            self.memo.insert(n, result);
        }
        result
    }
}

/// The package to resolve in: the kept channels, every bundle of the source (so that a dropped
/// bundle is placed by its version, spec/mirror.md §5).
///
/// # Complexity
/// O(B + V) for B bundles and V kept entries (cloned).
fn resolution_package(source: &Package, kept: &Package) -> Package {
    let mut pkg = source.clone_shell();
    pkg.channels = kept.channels.clone();
    pkg.bundles = source.bundles.clone();
    pkg.default_channel = kept.default_channel.clone();
    pkg
}

/// The stranded bundles of every kept channel of one package; `installed` (when not empty)
/// limits them to those bundle names or version texts.
///
/// # Complexity
/// O(B + V + E) expected for B bundles, V entries and E edges of the package, plus one hop
/// per entry (each O(k log k) for its k successors).
pub fn stranded_in_package(
    source: &Package,
    kept: &Package,
    cuts: &[ChannelCut],
    installed: &[String],
) -> Vec<Stranded> {
    let pkg = resolution_package(source, kept);
    let mut out = Vec::new();
    for cut in cuts {
        let Some(src) = source.channel(&cut.name) else {
            continue;
        };
        // A channel without a head (kept whole by `full: true` though unsound) strands nothing
        // the cut is to blame for.
        if cut.head.is_empty() {
            continue;
        }
        let Some(mut reach) = Reach::new(&pkg, &cut.name, &cut.head) else {
            continue;
        };
        let mut source_reach: Option<Option<Reach>> = None;
        for e in &src.entries {
            let b = source.bundle(&e.name);
            let version = b.and_then(|b| b.version_text.clone());
            let wanted = installed.is_empty()
                || installed
                    .iter()
                    .any(|i| *i == e.name || Some(i) == version.as_ref());
            if !wanted || reach.reaches(&e.name) {
                continue;
            }
            let kept_it = cut.bundles.binary_search(&e.name).is_ok();
            // A bundle the source channel strands too gets no change: no range brings it a path.
            let sr = source_reach.get_or_insert_with(|| {
                source_head(source, &cut.name).and_then(|h| Reach::new(source, &cut.name, h))
            });
            let in_source = sr.as_mut().is_none_or(|r| r.reaches(&e.name));
            let change = in_source
                .then(|| change_for(cut, version.as_deref()))
                .flatten();
            let note = match (&change, in_source) {
                (Some(_), _) => None,
                (None, false) => Some("the source channel strands it too".to_string()),
                (None, true) => Some(
                    "in range, but the chain walk of the filter leaves it without a path".into(),
                ),
            };
            let s = Stranded {
                package: source.name.clone(),
                channel: cut.name.clone(),
                bundle: e.name.clone(),
                version: version.clone(),
                kept: kept_it,
                change,
                note,
            };
            out.push(s);
        }
    }
    out
}

/// The source channel's head as OLM v0 orders the channel (first in chain order).
///
/// # Complexity
/// O(V + S) expected for V entries and S skipped names (the v0 chain order).
fn source_head<'p>(source: &'p Package, channel: &str) -> Option<&'p str> {
    let ch = source.channel(channel)?;
    let order = crate::resolve::chain_order(source, ch).ok()?;
    order.first().map(|e| e.name.as_str())
}

/// The smallest range change that brings version `v` into the kept channel (spec/mirror.md §5).
///
/// # Complexity
/// O(1) (three version parses).
fn change_for(cut: &ChannelCut, version: Option<&str>) -> Option<Change> {
    let v = MmVersion::parse(version?).ok()?;
    let below = |bound: &Option<String>| {
        bound
            .as_deref()
            .and_then(|b| MmVersion::parse(b).ok())
            .map(|b| v.compare(&b))
    };
    let change = |field| Change {
        scope: cut.scope,
        field,
        value: version.unwrap_or_default().to_string(),
    };
    if cut.full {
        return None;
    }
    if cut.min_version.is_none() && cut.max_version.is_none() {
        return Some(change("minVersion"));
    }
    if below(&cut.min_version) == Some(Ordering::Less) {
        return Some(change("minVersion"));
    }
    if below(&cut.max_version) == Some(Ordering::Greater) {
        return Some(change("maxVersion"));
    }
    None
}
