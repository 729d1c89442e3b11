//! The state graph of (bundle, subscribed channel) and its shortest-route search.
//!
//! A state's next automatic step is resolved once, lazily, with the channel's prebuilt
//! [`HopResolver`]: the next-step table of each channel is computed at most once per bundle.

use std::cell::OnceCell;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use super::units::{Stepped, Unit};
use super::{PlanError, PlanOptions, Preference, Target};
use crate::model::Package;
use crate::resolve::{ClusterCatalog, Installed, Reason, ResolutionError};
use crate::semver::Version;

/// A state: bundle id × channel count + channel index.
pub(super) type State = usize;

/// The next automatic step of a state: the bundle id and the reasons (or none), with the
/// catalog that gave it and OLM v1's error across catalogs.
struct Next {
    to: Option<(usize, Vec<Reason>)>,
    catalog: Option<String>,
    error: Option<ResolutionError>,
}

/// The package's states and their transitions.
pub(super) struct StateGraph<'a> {
    pub(super) pkg: &'a Package,
    pub(super) options: &'a PlanOptions,
    units: Vec<Unit<'a>>,
    /// Across catalogs: each channel's head in the catalog of the highest priority.
    heads: Option<HashMap<String, String>>,
    /// Why a channel cannot be resolved at all (several heads, a cycle), by channel index.
    pub(super) broken: Vec<Option<String>>,
    names: Vec<&'a str>,
    ids: HashMap<&'a str, usize>,
    pub(super) start: usize,
    next: Vec<OnceCell<Next>>,
}

/// What a search found: the best goal state and the tree of best routes.
pub(super) struct Found {
    pub(super) best: Option<State>,
    /// For each state, the state it was reached from (`None` for starts and unreached states).
    pub(super) prev: Vec<Option<State>>,
    pub(super) reached: Vec<bool>,
    /// The cost of the best route to each state, under the preference.
    pub(super) dist: Vec<Option<(u32, u32)>>,
}

/// The targets as states.
pub(super) struct Goals {
    pub(super) bundles: Vec<usize>,
    pub(super) channel: Option<usize>,
    /// For each bundle id, whether it is in `bundles`.
    mask: Vec<bool>,
}

impl Goals {
    /// Goals on the given bundle ids of a graph of `count` bundles.
    pub(super) fn new(bundles: Vec<usize>, channel: Option<usize>, count: usize) -> Goals {
        let mut mask = vec![false; count];
        for &b in &bundles {
            if let Some(m) = mask.get_mut(b) {
                *m = true;
            }
        }
        Goals {
            bundles,
            channel,
            mask,
        }
    }
}

impl<'a> StateGraph<'a> {
    /// Indexes every unit (channel, or ClusterExtension channel set) of `pkg` once under the
    /// options' resolver.
    ///
    /// # Complexity
    /// O(C·(V + E) log V) for C channels, V entries and E edges over all channels, and
    /// O(B × C) memory for the lazily filled next-step table.
    pub(super) fn new(
        pkg: &'a Package,
        from: &'a str,
        options: &'a PlanOptions,
    ) -> Result<StateGraph<'a>, PlanError> {
        check_channel(pkg, options)?;
        let units = super::units::units(pkg, options)?;
        Ok(Self::build(pkg, from, options, units, None))
    }

    /// The graph of `merged` (the package as every catalog lists it) with each unit's steps
    /// resolved across `catalogs` by OLM v1's rules; `heads` gives each channel's head.
    ///
    /// # Complexity
    /// O(C·Σ (V + E) log V) for C channels over each catalog's V entries and E edges, and
    /// O(B × C) memory for the next-step table.
    pub(super) fn across(
        merged: &'a Package,
        catalogs: &[ClusterCatalog<'a>],
        from: &'a str,
        options: &'a PlanOptions,
        heads: HashMap<String, String>,
    ) -> Result<StateGraph<'a>, PlanError> {
        check_channel(merged, options)?;
        let units = super::units::units_across(merged, catalogs, options)?;
        Ok(Self::build(merged, from, options, units, Some(heads)))
    }

    fn build(
        pkg: &'a Package,
        from: &'a str,
        options: &'a PlanOptions,
        units: Vec<Unit<'a>>,
        heads: Option<HashMap<String, String>>,
    ) -> StateGraph<'a> {
        let broken = units.iter().map(|u| u.broken(options.resolver)).collect();
        let mut names: Vec<&'a str> = Vec::new();
        let mut ids: HashMap<&'a str, usize> = HashMap::new();
        let all = std::iter::once(from).chain(
            pkg.channels
                .iter()
                .flat_map(|c| c.entries.iter().map(|e| e.name.as_str())),
        );
        for name in all {
            ids.entry(name).or_insert_with(|| {
                names.push(name);
                names.len() - 1
            });
        }
        let states = names.len() * units.len();
        StateGraph {
            pkg,
            options,
            units,
            heads,
            broken,
            start: 0,
            next: (0..states).map(|_| OnceCell::new()).collect(),
            names,
            ids,
        }
    }

    /// The number of bundles (names) the graph knows.
    pub(super) fn bundles(&self) -> usize {
        self.names.len()
    }

    /// The number of units (channels, or a ClusterExtension's channel set and the channels
    /// outside it).
    pub(super) fn channels(&self) -> usize {
        self.units.len()
    }

    pub(super) fn state(&self, bundle: usize, channel: usize) -> State {
        bundle * self.channels() + channel
    }

    pub(super) fn bundle_of(&self, s: State) -> usize {
        s / self.channels().max(1)
    }

    pub(super) fn channel_of(&self, s: State) -> usize {
        s % self.channels().max(1)
    }

    pub(super) fn name(&self, s: State) -> &'a str {
        self.names[self.bundle_of(s)]
    }

    pub(super) fn bundle_name(&self, b: usize) -> &'a str {
        self.names[b]
    }

    /// The unit's channel, or its channel set's names joined by commas.
    pub(super) fn channel_name(&self, c: usize) -> &str {
        &self.units[c].label
    }

    /// The ClusterExtension's channels of unit `c` when it is a set (empty: every channel).
    pub(super) fn channel_set(&self, c: usize) -> Option<Vec<String>> {
        self.units[c].set.clone()
    }

    /// True when one of unit `c`'s channels has an entry named `name`.
    ///
    /// # Complexity
    /// O(V) for V entries of the unit's channels.
    pub(super) fn lists(&self, c: usize, name: &str) -> bool {
        self.units[c]
            .members
            .iter()
            .any(|&m| self.pkg.channels[m].entry(name).is_some())
    }

    /// The resolver's next step from state `s`, resolved once.
    ///
    /// # Complexity
    /// O(k log k) for k successors the first time (see [`crate::resolve::HopResolver::next`]),
    /// then O(1).
    pub(super) fn next(&self, s: State) -> Option<(usize, &[Reason])> {
        let next = self.stepped(s);
        next.to.as_ref().map(|(b, via)| (*b, via.as_slice()))
    }

    /// The catalog whose pick gave state `s`'s next step (across catalogs).
    pub(super) fn catalog(&self, s: State) -> Option<&str> {
        self.stepped(s).catalog.as_deref()
    }

    /// OLM v1's resolution error at state `s` (across catalogs: a tie, or no bundle).
    pub(super) fn error(&self, s: State) -> Option<&ResolutionError> {
        self.stepped(s).error.as_ref()
    }

    fn stepped(&self, s: State) -> &Next {
        self.next[s].get_or_init(|| {
            let unit = &self.units[self.channel_of(s)];
            let installed = self.installed(unit, self.bundle_of(s));
            let Stepped { to, catalog, error } = unit.next(&installed);
            let to = to.and_then(|(to, via)| Some((*self.ids.get(to.as_str())?, via)));
            Next { to, catalog, error }
        })
    }

    /// Bundle `b` as unit `u` takes it installed: the start takes the given installed
    /// version when the catalog does not know its own.
    fn installed(&self, u: &Unit, b: usize) -> Installed {
        let mut installed = u.installed(self.names[b]);
        if b == self.start {
            if let Some(v) = &self.options.installed_version {
                if installed.version.is_none() || self.pkg.bundle(self.names[b]).is_none() {
                    installed.version = Some(v.clone());
                }
            }
        }
        installed
    }

    /// True when the bundle's `minKubeVersion` is above the cluster's Kubernetes version.
    fn too_new_for_cluster(&self, b: usize) -> bool {
        let (Some(kube), Some(bundle)) =
            (&self.options.cluster_kube, self.pkg.bundle(self.names[b]))
        else {
            return false;
        };
        bundle
            .min_kube_version
            .as_deref()
            .and_then(|m| Version::parse_tolerant(m.trim_start_matches('v')).ok())
            .is_some_and(|m| m.compare(kube).is_gt())
    }

    fn deprecated_bundle(&self, b: usize) -> bool {
        self.pkg.is_bundle_deprecated(self.names[b])
    }

    /// True when every channel of unit `c` is deprecated.
    fn deprecated_channel(&self, c: usize) -> bool {
        let deprecated = |&m: &usize| {
            self.pkg
                .deprecations
                .channels
                .contains_key(&self.pkg.channels[m].name)
        };
        self.units[c].members.iter().all(deprecated)
    }

    fn avoiding(&self) -> bool {
        self.options.prefer == Preference::AvoidDeprecated
    }

    /// True when the route may subscribe to channel `c`.
    pub(super) fn channel_allowed(&self, c: usize) -> bool {
        !(self.avoiding() && self.deprecated_channel(c))
    }

    /// True when the route may pass through bundle `b`.
    pub(super) fn bundle_allowed(&self, b: usize) -> bool {
        !(self.too_new_for_cluster(b) || self.avoiding() && self.deprecated_bundle(b))
    }

    /// The states the target names.
    ///
    /// # Complexity
    /// O(V) for V entries over all channels.
    pub(super) fn goals(&self, target: &Target) -> Result<Goals, PlanError> {
        let unknown = || PlanError::UnknownTarget {
            package: self.pkg.name.clone(),
            target: target.label(),
        };
        let version_of = |b: usize| crate::infer::bundle_version(self.pkg, self.names[b]);
        let entries = 1..self.names.len();
        let in_channels = |b: &usize| {
            self.pkg
                .channels
                .iter()
                .any(|c| c.entry(self.names[*b]).is_some())
        };
        let (bundles, channel) = match target {
            Target::Bundle(name) => (
                vec![*self.ids.get(name.as_str()).ok_or_else(unknown)?],
                None,
            ),
            Target::Version(text) => {
                let want = Version::parse(text).map_err(|_| unknown())?;
                let bundles: Vec<usize> = (0..self.names.len())
                    .filter(|&b| version_of(b).is_some_and(|(v, _)| v.compare(&want).is_eq()))
                    .collect();
                (bundles, None)
            }
            Target::ChannelHead(c) => {
                let (head, unit) = self.head_goal(c)?;
                (vec![head], Some(unit))
            }
            Target::Latest => {
                // Under a ClusterExtension's version range, the latest bundle inside it.
                let in_range =
                    |v: &Version| self.options.version.as_ref().is_none_or(|r| r.contains(v));
                let best = entries
                    .chain(std::iter::once(0))
                    .filter(in_channels)
                    .filter_map(|b| Some((version_of(b)?.0, b)))
                    .filter(|(v, _)| in_range(v))
                    .max_by(|(x, i), (y, j)| x.compare(y).then(j.cmp(i)));
                (best.map(|(_, b)| b).into_iter().collect(), None)
            }
        };
        let goals = Goals::new(bundles, channel, self.names.len());
        if goals.bundles.is_empty() {
            return Err(unknown());
        }
        Ok(goals)
    }

    /// The head of channel `c` (across catalogs: in the catalog of the highest priority that
    /// has it) as a bundle id, and the unit that subscribes to `c`.
    ///
    /// # Complexity
    /// O(V + C) for V entries of the channel and C units.
    fn head_goal(&self, c: &str) -> Result<(usize, usize), PlanError> {
        let unknown_channel = || PlanError::UnknownChannel {
            package: self.pkg.name.clone(),
            channel: c.to_string(),
        };
        let index = self
            .pkg
            .channels
            .binary_search_by(|ch| ch.name.as_str().cmp(c))
            .map_err(|_| unknown_channel())?;
        let unit = (0..self.channels())
            .find(|&u| self.units[u].members.contains(&index))
            .ok_or_else(unknown_channel)?;
        let own = crate::graph::channel_head(&self.pkg.channels[index]);
        let name = match &self.heads {
            Some(heads) => heads.get(c).map(String::as_str),
            None => own.name(),
        };
        let name = name.ok_or_else(|| PlanError::Resolve {
            channel: c.to_string(),
            message: "the channel has no single head".into(),
        })?;
        let id = self.ids.get(name).ok_or_else(|| PlanError::UnknownTarget {
            package: self.pkg.name.clone(),
            target: format!("channel:{c}"),
        })?;
        Ok((*id, unit))
    }

    pub(super) fn is_goal(&self, goals: &Goals, s: State) -> bool {
        goals.mask.get(self.bundle_of(s)).copied().unwrap_or(false)
            && goals.channel.is_none_or(|c| c == self.channel_of(s))
    }

    /// The channels the route may start in at no cost: the subscription's, or (when unknown)
    /// every channel listing the installed bundle, or every channel when none does.
    fn starts(&self) -> Vec<usize> {
        let from = self.names[self.start];
        let all = 0..self.channels();
        let chosen: Vec<usize> = match (&self.options.channels, &self.options.channel) {
            // The ClusterExtension's channel set is the first unit.
            (Some(_), _) => vec![0],
            (None, Some(c)) => all.filter(|&i| self.channel_name(i) == c).collect(),
            (None, None) => {
                let listing: Vec<usize> = all.clone().filter(|&i| self.lists(i, from)).collect();
                if listing.is_empty() {
                    all.collect()
                } else {
                    listing
                }
            }
        };
        let given = self.options.channel.is_some() || self.options.channels.is_some();
        chosen
            .into_iter()
            .filter(|&c| self.channel_allowed(c) || given)
            .collect()
    }

    /// The cost of one move under the preference: (first, second) criteria.
    fn cost(&self, switch: bool) -> (u32, u32) {
        match (self.options.prefer, switch) {
            (Preference::FewestHops, true) => (0, 1),
            (Preference::FewestHops, false) => (1, 0),
            (_, true) => (1, 0),
            (_, false) => (0, 1),
        }
    }

    /// The best route to a goal state (Dijkstra over lexicographic costs; ties go to the lower
    /// state, so the answer is deterministic).
    ///
    /// # Complexity
    /// O(S·C log S + Σ k log k) for S = B × C states of B bundles and C channels: each state
    /// is settled once, resolves its next step once and offers at most C − 1 switches.
    pub(super) fn search(&self, goals: &Goals) -> Found {
        self.search_with(goals, true)
    }

    /// Every state reachable, with the best route to each (no early stop at a goal); `best` is
    /// the reached goal state of the highest bundle version (the planner's "as far as it can
    /// go" choice across platform versions).
    ///
    /// # Complexity
    /// As [`StateGraph::search`].
    pub(super) fn search_highest(&self, goals: &Goals) -> Found {
        let mut found = self.search_with(goals, false);
        let version =
            |s: State| crate::infer::bundle_version(self.pkg, self.name(s)).map(|(v, _)| v);
        found.best = (0..found.reached.len())
            .filter(|&s| found.reached[s] && self.is_goal(goals, s))
            .filter_map(|s| Some((version(s)?, s)))
            .max_by(|(x, i), (y, j)| {
                x.compare(y)
                    .then_with(|| found.dist[*j].cmp(&found.dist[*i]))
                    .then(j.cmp(i))
            })
            .map(|(_, s)| s);
        found
    }

    fn search_with(&self, goals: &Goals, stop_early: bool) -> Found {
        let n = self.next.len();
        let mut dist: Vec<Option<(u32, u32)>> = vec![None; n];
        let mut found = Found {
            best: None,
            prev: vec![None; n],
            reached: vec![false; n],
            dist: Vec::new(),
        };
        let mut heap = BinaryHeap::new();
        for c in self.starts() {
            let s = self.state(self.start, c);
            dist[s] = Some((0, 0));
            heap.push(Reverse(((0, 0), s)));
        }
        while let Some(Reverse((d, s))) = heap.pop() {
            if found.reached[s] || dist[s] != Some(d) {
                continue;
            }
            found.reached[s] = true;
            if stop_early && self.is_goal(goals, s) {
                found.best = Some(s);
                found.dist = dist;
                return found;
            }
            let mut relax = |t: State, step: (u32, u32), heap: &mut BinaryHeap<_>| {
                let nd = (d.0 + step.0, d.1 + step.1);
                if dist[t].is_none_or(|old| nd < old) {
                    dist[t] = Some(nd);
                    found.prev[t] = Some(s);
                    heap.push(Reverse((nd, t)));
                }
            };
            let (b, c) = (self.bundle_of(s), self.channel_of(s));
            if let Some((to, _)) = self.next(s) {
                if self.bundle_allowed(to) {
                    relax(self.state(to, c), self.cost(false), &mut heap);
                }
            }
            for other in (0..self.channels()).filter(|&o| o != c && self.channel_allowed(o)) {
                let t = self.state(b, other);
                // A switch is worth it when the new channel moves on, or it is the goal.
                if self.next(t).is_some() || self.is_goal(goals, t) {
                    relax(t, self.cost(true), &mut heap);
                }
            }
        }
        found.dist = dist;
        found
    }
}

/// Refuses a subscription channel the package does not have.
fn check_channel(pkg: &Package, options: &PlanOptions) -> Result<(), PlanError> {
    match &options.channel {
        Some(c) if options.channels.is_none() && pkg.channel(c).is_none() => {
            Err(PlanError::UnknownChannel {
                package: pkg.name.clone(),
                channel: c.clone(),
            })
        }
        _ => Ok(()),
    }
}
