//! The fate of every installed bundle after a catalog switch, for all of them at once: each
//! bundle's hop in the new catalog is resolved once, and the paths, which share their tails,
//! are measured once per bundle they pass through.
//!
//! A path here is exactly what [`crate::resolve::resolve_path`] walks: from the installed
//! bundle, hop after hop, until no hop is chosen or the next one would return to a bundle the
//! path has already been on.

use foldhash::{HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::graph::channel_head;
use crate::model::{ChannelEntry, Package};
use crate::resolve::index::ChannelIndex;
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
    /// The fate's name in JSON and text (`upgradable`, `up-to-date`, `stranded`,
    /// `deprecated`, `channel-removed`).
    ///
    /// # Complexity
    /// O(1).
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
    /// The old bundle.
    pub bundle: String,
    /// The channel it is followed in.
    pub channel: String,
    /// What becomes of it.
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

    /// No bundle has a hop.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The path from `bundle` whose first hop is `next` and that takes `hops` hops in all,
    /// following these hops after the first: the bundle itself, then every bundle it goes
    /// through, the last one its end. Stops early at a bundle without a hop here (which the
    /// fates of a switch never leave on their paths).
    ///
    /// # Complexity
    /// O(H) expected time for H hops.
    pub fn path(&self, bundle: &str, next: Option<&str>, hops: usize) -> Vec<String> {
        let mut path = vec![bundle.to_string()];
        let Some(next) = next else {
            return path;
        };
        path.push(next.to_string());
        let mut last = next;
        while path.len() <= hops {
            match self.get(last) {
                Some(n) => {
                    path.push(n.to_string());
                    last = n;
                }
                None => break,
            }
        }
        path
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

/// Where a path from some entry of the channel goes (entries by their index in the channel).
#[derive(Debug, Clone, Copy)]
struct Span {
    hops: usize,
    end: u32,
    /// The entry the path would return to, when it stops to avoid a loop.
    loops_to: Option<u32>,
}

/// What a walk from an entry runs into.
enum After {
    /// An entry whose span is known.
    Known(Span),
    /// The walk itself, at this position: a loop.
    Loop(usize),
    /// An entry with no hop.
    End,
}

/// An entry's hop, not resolved yet.
const UNKNOWN: u32 = u32::MAX;
/// An entry without a hop.
const NO_HOP: u32 = u32::MAX - 1;

/// The paths of one channel of the new catalog. Hops, spans and notes are kept by entry index:
/// a path of 100,000 hops is walked over plain arrays, not looked up by name at every hop.
pub(super) struct FateWalker<'a> {
    pkg: &'a Package,
    channel: String,
    /// The channel's entries in the new package (empty when it has no such channel).
    entries: &'a [ChannelEntry],
    resolver: Result<HopResolver<'a>, ResolveError>,
    head: Option<String>,
    /// Each entry's hop: [`UNKNOWN`], [`NO_HOP`], or the entry it goes to.
    succ: Vec<u32>,
    spans: Vec<Option<Span>>,
    /// Why paths that end on an entry (after at least one hop) stop there.
    notes: HashMap<u32, Option<String>>,
    /// Position + 1 of each entry on the current walk's stack (0: not on it).
    on_stack: Vec<u32>,
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
        let listed = pkg.channel(channel);
        let head = match &resolver {
            Ok(r) => r.head().map(str::to_string),
            Err(_) => listed.and_then(|c| channel_head(c).name().map(str::to_string)),
        };
        let entries = listed.map_or(&[][..], |c| &c.entries[..]);
        FateWalker {
            pkg,
            channel: channel.to_string(),
            entries,
            resolver,
            head,
            succ: vec![UNKNOWN; entries.len()],
            spans: vec![None; entries.len()],
            notes: HashMap::default(),
            on_stack: vec![0; entries.len()],
        }
    }

    /// The resolver and the index of the channel (the only one it considers), when the
    /// channel resolves at all.
    fn index(&self) -> Option<(&HopResolver<'a>, &ChannelIndex<'a>)> {
        let r = self.resolver.as_ref().ok()?;
        Some((r, r.channel(&self.channel)?))
    }

    /// The entry index of a bundle name in the channel.
    fn position(&self, name: &str) -> Option<u32> {
        let (_, c) = self.index()?;
        c.position(name).map(|i| i as u32)
    }

    /// The name of entry `i`.
    fn name(&self, i: u32) -> &'a str {
        self.entries[i as usize].name.as_str()
    }

    /// The hop from `installed`: the entry the resolver chooses. Resolution only offers
    /// entries of the channel it considers, so the choice always has an index.
    fn hop(&self, installed: &Installed) -> Option<u32> {
        let (r, c) = self.index()?;
        let chosen = r.next(installed).ok()?.chosen?.0;
        c.position(&chosen).map(|i| i as u32)
    }

    /// The hop from entry `i` (installed as the new catalog knows it), resolved once.
    fn succ(&mut self, i: u32) -> Option<u32> {
        if self.succ[i as usize] == UNKNOWN {
            let next = self
                .index()
                .and_then(|(_, c)| self.hop(&c.installed(i as usize)));
            self.succ[i as usize] = next.unwrap_or(NO_HOP);
        }
        match self.succ[i as usize] {
            NO_HOP => None,
            j => Some(j),
        }
    }

    /// The span of the path from entry `start`, computing and keeping the span of every entry
    /// the walk meets.
    ///
    /// # Complexity
    /// O(k) amortised for k entries met for the first time: each entry's span is computed
    /// once.
    fn span(&mut self, start: u32) -> Span {
        let mut stack: Vec<u32> = Vec::new();
        let mut cur = start;
        let after = loop {
            if let Some(s) = self.spans[cur as usize] {
                break After::Known(s);
            }
            if let Some(j) = self.on_stack[cur as usize].checked_sub(1) {
                break After::Loop(j as usize);
            }
            stack.push(cur);
            self.on_stack[cur as usize] = stack.len() as u32;
            match self.succ(cur) {
                Some(next) => cur = next,
                None => break After::End,
            }
        };
        let n = stack.len();
        let span = |hops, end: u32, loops_to: Option<u32>| Span {
            hops,
            end,
            loops_to,
        };
        for (i, &entry) in stack.iter().enumerate() {
            let s = match &after {
                After::End => span(n - 1 - i, stack[n - 1], None),
                After::Known(k) => Span {
                    hops: n - i + k.hops,
                    ..*k
                },
                // On the loop: round it once, stopping before this entry comes back.
                After::Loop(j) if i >= *j => {
                    let len = n - j;
                    span(len - 1, stack[j + (i - j + len - 1) % len], Some(entry))
                }
                // Before the loop: down to it, then round it.
                After::Loop(j) => span(j - i + (n - j) - 1, stack[n - 1], Some(stack[*j])),
            };
            self.spans[entry as usize] = Some(s);
            self.on_stack[entry as usize] = 0;
        }
        self.spans[start as usize].unwrap_or(span(0, start, None))
    }

    /// The path of a bundle that starts off the shared hops: an installed version that is not
    /// the one the new catalog gives its name, or a bundle the channel does not list. Its first
    /// hop is its own; the rest follows the shared hops, stopping before any entry comes back.
    ///
    /// # Complexity
    /// O(H) for H hops.
    fn own_walk(&mut self, start: &Installed) -> (Option<u32>, Option<Span>) {
        let Some(first) = self.hop(start) else {
            return (None, None);
        };
        let mut visited: HashSet<u32> = HashSet::default();
        if let Some(i) = self.position(&start.name) {
            visited.insert(i);
        }
        let (mut cur, mut hops) = (first, 1);
        let loops_to = loop {
            visited.insert(cur);
            match self.succ(cur) {
                Some(t) if visited.contains(&t) => break Some(t),
                Some(t) => (cur, hops) = (t, hops + 1),
                None => break None,
            }
        };
        let span = Span {
            hops,
            end: cur,
            loops_to,
        };
        (Some(first), Some(span))
    }

    /// Why a path that ends on `end` (installed as `installed`) stops there.
    fn note(&self, installed: &Installed, loops_to: Option<&str>, end: &str) -> Option<String> {
        if let Some(to) = loops_to {
            return Some(Explanation::cycle(end, to).message);
        }
        let r = self.resolver.as_ref().ok()?;
        let choice = r.next(installed).ok()?;
        r.why_stopped(installed, &choice.alternatives)
            .map(|e| e.message)
    }

    /// Why the path from `start` with this span (`None`: it does not move) stops on `end`. A
    /// path that moves and ends without a loop stops for a reason of its end entry, the same
    /// for every path that ends there: kept once per entry.
    fn path_note(
        &mut self,
        start: &Installed,
        span: Option<Span>,
        loops_to: Option<&str>,
        end: &str,
    ) -> Option<String> {
        match span {
            Some(s) if s.hops > 0 && s.loops_to.is_none() => {
                if let Some(known) = self.notes.get(&s.end) {
                    return known.clone();
                }
                let installed = self.index().map(|(_, c)| c.installed(s.end as usize));
                let note = installed.and_then(|at| self.note(&at, None, end));
                self.notes.insert(s.end, note.clone());
                note
            }
            _ => self.note(start, loops_to, end),
        }
    }

    /// The fate of `bundle`, installed at `old_version` (its version in the old catalog).
    ///
    /// # Complexity
    /// O(1) resolution steps amortised, plus O(H) for a bundle that starts off the shared
    /// hops, H its hops.
    pub(super) fn fate(
        &mut self,
        bundle: &str,
        channel: &str,
        old_version: Option<Version>,
    ) -> BundleFate {
        let fate = |status, next, end: String, hops, note| BundleFate {
            bundle: bundle.to_string(),
            channel: channel.to_string(),
            status,
            next,
            end,
            hops,
            note,
        };
        // The bundle as the new catalog knows it: through its entry when the channel lists it
        // (one lookup by name), else by name.
        let position = self.position(bundle);
        let (natural, has_bundle) = match (&self.resolver, self.index(), position) {
            (Err(e), _, _) => {
                let note = Some(e.message.clone());
                return fate(Fate::Stranded, None, bundle.to_string(), 0, note);
            }
            (Ok(_), Some((_, c)), Some(i)) => {
                let i = i as usize;
                (c.installed(i), c.bundle(i).is_some())
            }
            (Ok(r), _, _) => (r.installed(bundle), r.has_bundle(bundle)),
        };
        let mut start = natural.clone();
        if let Some(v) = old_version {
            if start.version.is_none() || !has_bundle {
                start.version = Some(v);
            }
        }
        let (next, span) = match position {
            Some(i) if start.version == natural.version => {
                let span = self.span(i);
                (
                    self.succ(i),
                    Some(span).filter(|s| s.hops > 0 || s.loops_to.is_some()),
                )
            }
            _ => self.own_walk(&start),
        };
        let (end, hops, loops_to) = match span {
            Some(s) => (
                self.name(s.end).to_string(),
                s.hops,
                s.loops_to.map(|t| self.name(t).to_string()),
            ),
            None => (bundle.to_string(), 0, None),
        };
        let note = self.path_note(&start, span, loops_to.as_deref(), &end);
        let status = if hops > 0 {
            Fate::Upgradable
        } else if self.head.as_deref() == Some(bundle) {
            Fate::UpToDate
        } else if self.pkg.is_bundle_deprecated(bundle) {
            Fate::Deprecated
        } else {
            Fate::Stranded
        };
        fate(
            status,
            next.map(|j| self.name(j).to_string()),
            end,
            hops,
            note,
        )
    }

    /// Every hop resolved: bundle → where it goes.
    ///
    /// # Complexity
    /// O(S) expected time for S entries whose hop was resolved.
    pub(super) fn into_steps(self) -> Steps {
        let name = |i: usize| self.entries[i].name.clone();
        let mut hops = HashMap::default();
        for (i, &to) in self.succ.iter().enumerate() {
            if to != UNKNOWN && to != NO_HOP {
                hops.insert(name(i), name(to as usize));
            }
        }
        Steps(hops)
    }
}
