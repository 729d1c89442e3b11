//! The fate of every installed bundle after a catalog switch, for all of them at once: each
//! bundle's hop in the new catalog is resolved once, and the paths, which share their tails,
//! are measured once per bundle they pass through.
//!
//! A path here is exactly what [`crate::resolve::resolve_path`] walks: from the installed
//! bundle, hop after hop, until no hop is chosen or the next one would return to a bundle the
//! path has already been on.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use serde::{Deserialize, Serialize};

use crate::graph::channel_head;
use crate::model::Package;
use crate::resolve::{Explanation, HopResolver, Installed, PathOptions, ResolveError, Resolver};
use crate::semver::Version;

/// What happens to a cluster running a bundle of the old catalog after the switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// The new catalog has a way forward: `path` shows it.
    #[serde(rename = "upgradable")]
    Upgradable,
    /// The bundle is the head of its channel in the new catalog.
    #[serde(rename = "up-to-date")]
    UpToDate,
    /// Not the head and no way forward: the cluster is stuck on it (terminated).
    #[serde(rename = "stranded")]
    Stranded,
    /// The subscription's channel (or the whole package) is gone from the new catalog.
    #[serde(rename = "channel-removed")]
    ChannelRemoved,
    /// No way forward, and the new catalog deprecates the bundle.
    #[serde(rename = "deprecated")]
    Deprecated,
}

/// Every status, in the order summaries list them.
pub const FATES: [Fate; 5] = [
    Fate::Upgradable,
    Fate::UpToDate,
    Fate::Stranded,
    Fate::Deprecated,
    Fate::ChannelRemoved,
];

impl Fate {
    pub fn as_str(self) -> &'static str {
        match self {
            Fate::Upgradable => "upgradable",
            Fate::UpToDate => "up-to-date",
            Fate::Stranded => "stranded",
            Fate::ChannelRemoved => "channel-removed",
            Fate::Deprecated => "deprecated",
        }
    }
}

/// One old bundle taken as installed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BundleFate {
    pub bundle: String,
    pub channel: String,
    pub status: Fate,
    /// The first hop in the new catalog, when there is one.
    pub next: Option<String>,
    /// Where the path in the new catalog ends (the bundle itself when it does not move).
    pub end: String,
    /// How many hops that path has ([`PackageDiff::path`] lists them).
    pub hops: usize,
    /// Why, in words (the resolver's explanation or error).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Where a path from some bundle goes.
#[derive(Debug, Clone)]
struct Span {
    hops: usize,
    end: String,
    /// The bundle the path would return to, when it stops to avoid a loop.
    loops_to: Option<String>,
}

/// What a walk from a bundle runs into.
enum After {
    /// A bundle whose span is known.
    Known(Span),
    /// The walk itself, at this position: a loop.
    Loop(usize),
    /// A bundle with no hop.
    End,
}

/// The paths of one channel of the new catalog.
/// One channel's hops after a switch: bundle → the bundle the new catalog upgrades it to, for
/// every bundle a path passes through. Hashed, since every hop of every path is looked up here;
/// written in name order, so that its text does not depend on the hashing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct Steps(HashMap<String, String>);

impl Steps {
    /// Where the new catalog upgrades `from` to, when a path passes through it.
    pub fn get(&self, from: &str) -> Option<&str> {
        self.0.get(from).map(String::as_str)
    }

    /// How many bundles have a hop.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Steps {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let sorted: std::collections::BTreeMap<&str, &str> = self
            .0
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        sorted.serialize(s)
    }
}

pub(super) struct FateWalker<'a> {
    pkg: &'a Package,
    resolver: Result<HopResolver<'a>, ResolveError>,
    head: Option<String>,
    succ: HashMap<String, Option<String>>,
    spans: HashMap<String, Span>,
    /// Why paths that end on a bundle (after at least one hop) stop there.
    notes: HashMap<String, Option<String>>,
}

impl<'a> FateWalker<'a> {
    /// Indexes `channel` of the new package.
    ///
    /// # Complexity
    /// O((V + E) log V) for V entries and E edges of the channel.
    pub(super) fn new(pkg: &'a Package, channel: &str, resolver: Resolver) -> FateWalker<'a> {
        let options = PathOptions {
            resolver,
            channel: Some(channel.to_string()),
            ..PathOptions::default()
        };
        // OLM v0 fails a whole channel (several heads, a cycle) whatever is installed.
        let resolver = HopResolver::new(pkg, &options).and_then(|r| {
            let nobody = Installed {
                name: String::new(),
                version: None,
                release: None,
            };
            r.next(&nobody).map(|_| r)
        });
        let head = match &resolver {
            Ok(r) => r.head().map(str::to_string),
            Err(_) => pkg
                .channel(channel)
                .and_then(|c| channel_head(c).name().map(str::to_string)),
        };
        FateWalker {
            pkg,
            resolver,
            head,
            succ: HashMap::default(),
            spans: HashMap::default(),
            notes: HashMap::default(),
        }
    }

    /// The hop from `name` (installed as the new catalog knows it), resolved once.
    fn succ(&mut self, name: &str) -> Option<String> {
        if let Some(known) = self.succ.get(name) {
            return known.clone();
        }
        let next = self.resolver.as_ref().ok().and_then(|r| {
            r.next(&r.installed(name))
                .ok()
                .and_then(|c| c.chosen.map(|(to, _)| to))
        });
        self.succ.insert(name.to_string(), next.clone());
        next
    }

    /// The span of the path from `start`, computing and keeping the span of every bundle the
    /// walk meets.
    fn span(&mut self, start: &str) -> Span {
        let mut stack: Vec<String> = Vec::new();
        let mut on_stack: HashMap<String, usize> = HashMap::default();
        let mut cur = start.to_string();
        let after = loop {
            if let Some(s) = self.spans.get(&cur) {
                break After::Known(s.clone());
            }
            if let Some(&j) = on_stack.get(&cur) {
                break After::Loop(j);
            }
            on_stack.insert(cur.clone(), stack.len());
            stack.push(cur.clone());
            match self.succ(&cur) {
                Some(next) => cur = next,
                None => break After::End,
            }
        };
        let n = stack.len();
        let span = |hops, end: &String, loops_to: Option<&String>| Span {
            hops,
            end: end.clone(),
            loops_to: loops_to.cloned(),
        };
        for (i, name) in stack.iter().enumerate() {
            let s = match &after {
                After::End => span(n - 1 - i, &stack[n - 1], None),
                After::Known(k) => Span {
                    hops: n - i + k.hops,
                    ..k.clone()
                },
                // On the loop: round it once, stopping before this bundle comes back.
                After::Loop(j) if i >= *j => {
                    let len = n - j;
                    span(len - 1, &stack[j + (i - j + len - 1) % len], Some(name))
                }
                // Before the loop: down to it, then round it.
                After::Loop(j) => span(j - i + (n - j) - 1, &stack[n - 1], Some(&stack[*j])),
            };
            self.spans.insert(name.clone(), s);
        }
        self.spans
            .get(start)
            .cloned()
            .unwrap_or_else(|| self.stay(start))
    }

    /// The path of a bundle whose installed version is not the one the new catalog gives its
    /// name: its first hop is its own, the rest follows the shared hops.
    fn own_walk(&mut self, bundle: &str, start: &Installed) -> (Option<String>, Span) {
        let first = self
            .resolver
            .as_ref()
            .ok()
            .and_then(|r| r.next(start).ok().and_then(|c| c.chosen.map(|(to, _)| to)));
        let Some(first) = first else {
            return (None, self.stay(bundle));
        };
        let mut visited: HashSet<String> = HashSet::default();
        visited.insert(bundle.to_string());
        let (mut cur, mut hops) = (first.clone(), 1);
        loop {
            visited.insert(cur.clone());
            match self.succ(&cur) {
                Some(t) if visited.contains(&t) => {
                    let span = Span {
                        hops,
                        end: cur,
                        loops_to: Some(t),
                    };
                    return (Some(first), span);
                }
                Some(t) => (cur, hops) = (t, hops + 1),
                None => {
                    let span = Span {
                        hops,
                        end: cur,
                        loops_to: None,
                    };
                    return (Some(first), span);
                }
            }
        }
    }

    fn installed(&self, name: &str) -> Installed {
        match &self.resolver {
            Ok(r) => r.installed(name),
            Err(_) => Installed::from_package(self.pkg, name),
        }
    }

    fn stay(&self, bundle: &str) -> Span {
        Span {
            hops: 0,
            end: bundle.to_string(),
            loops_to: None,
        }
    }

    /// Why a path that ends on `end` (as `installed`) stops there.
    fn note(&self, installed: &Installed, span: &Span) -> Option<String> {
        if let Some(to) = &span.loops_to {
            return Some(Explanation::cycle(&span.end, to).message);
        }
        let r = self.resolver.as_ref().ok()?;
        let choice = r.next(installed).ok()?;
        r.why_stopped(installed, &choice.alternatives)
            .map(|e| e.message)
    }

    /// The fate of `bundle`, installed at `old_version` (its version in the old catalog).
    pub(super) fn fate(
        &mut self,
        bundle: &str,
        channel: &str,
        old_version: Option<Version>,
    ) -> BundleFate {
        let fate = |status, next, span: Span, note| BundleFate {
            bundle: bundle.to_string(),
            channel: channel.to_string(),
            status,
            next,
            end: span.end,
            hops: span.hops,
            note,
        };
        let natural = match &self.resolver {
            Ok(r) => r.installed(bundle),
            Err(e) => {
                let note = Some(e.message.clone());
                return fate(Fate::Stranded, None, self.stay(bundle), note);
            }
        };
        let mut start = natural.clone();
        if let Some(v) = old_version {
            let has_bundle = self.resolver.as_ref().is_ok_and(|r| r.has_bundle(bundle));
            if start.version.is_none() || !has_bundle {
                start.version = Some(v);
            }
        }
        let (next, span) = if start.version == natural.version {
            let span = self.span(bundle);
            (self.succ(bundle), span)
        } else {
            self.own_walk(bundle, &start)
        };
        let note = match (span.hops, &span.loops_to) {
            (0, _) | (_, Some(_)) => self.note(&start, &span),
            _ => match self.notes.get(&span.end) {
                Some(known) => known.clone(),
                None => {
                    let end = self.installed(&span.end);
                    let note = self.note(&end, &span);
                    self.notes.insert(span.end.clone(), note.clone());
                    note
                }
            },
        };
        let status = if span.hops > 0 {
            Fate::Upgradable
        } else if self.head.as_deref() == Some(bundle) {
            Fate::UpToDate
        } else if self.pkg.is_bundle_deprecated(bundle) {
            Fate::Deprecated
        } else {
            Fate::Stranded
        };
        fate(status, next, span, note)
    }

    /// Every hop resolved: bundle → where it goes.
    ///
    /// # Complexity
    /// O(S) expected time for S bundles the paths passed through.
    pub(super) fn into_steps(self) -> Steps {
        let mut hops = HashMap::with_capacity_and_hasher(self.succ.len(), Default::default());
        hops.extend(
            self.succ
                .into_iter()
                .filter_map(|(from, to)| to.map(|to| (from, to))),
        );
        Steps(hops)
    }
}
