//! [`HopResolver`]: the considered channels indexed once, then one resolution step at a time
//! under OLM v0's (spec/olm.md §5) or v1's (spec/olm.md §8) rules.

use std::collections::HashSet;
use std::sync::OnceLock;

use super::explain::explain_stop;
use super::index::ChannelIndex;
use super::Installed;
use super::{channels_considered, channels_named, v0, v1, Alternative, Choice, Explanation};
use super::{PathOptions, ResolveError, Resolver, UpgradeConstraintPolicy};
use crate::masterminds::VersionRange;
use crate::model::Package;

/// Resolution of one hop at a time over prebuilt indexes of the considered channels: build it
/// once, then ask [`HopResolver::next`] for as many bundles as needed.
#[derive(Debug)]
pub struct HopResolver<'a> {
    pkg: &'a Package,
    /// The subscription's channel, when it names one.
    channel: Option<String>,
    /// Every entry name of every channel of the package (built when first needed: only for a
    /// name without a bundle that no considered channel lists).
    entries: OnceLock<HashSet<&'a str>>,
    resolver: Resolver,
    policy: UpgradeConstraintPolicy,
    /// OLM v1's version range, when the ClusterExtension sets one.
    version: Option<VersionRange>,
    channels: Vec<ChannelIndex<'a>>,
}

impl<'a> HopResolver<'a> {
    /// Indexes the channels `options` considers (its channel, or all of them, the default
    /// first) under its resolver and policy, and the entry names of every channel.
    ///
    /// # Complexity
    /// O((V + E) log V) time and O(V + E) memory for V entries and E edges of the considered
    /// channels.
    pub fn new(pkg: &'a Package, options: &PathOptions) -> Result<HopResolver<'a>, ResolveError> {
        let named = match options.resolver {
            Resolver::V1 if !options.channels.is_empty() => {
                channels_named(pkg, options.channels.iter().map(String::as_str))?
            }
            _ => channels_considered(pkg, options.channel.as_deref())?,
        };
        let channels = named
            .into_iter()
            .map(|c| ChannelIndex::new(pkg, c))
            .collect();
        Ok(HopResolver::of(pkg, options, channels))
    }

    /// [`HopResolver::new`] for `graph`'s channel alone under `resolver`, its entries' bundles
    /// taken from the graph's nodes instead of looked up again (see
    /// [`ChannelIndex::from_graph_nodes`]). `None` when the package has no such channel.
    ///
    /// # Complexity
    /// O((V + E) log V) for V entries and E edges, with no lookup of the entries' bundles.
    pub fn for_channel_graph(
        pkg: &'a Package,
        graph: &crate::graph::ChannelGraph,
        resolver: Resolver,
    ) -> Option<HopResolver<'a>> {
        let channel = pkg.channel(&graph.channel)?;
        let options = PathOptions {
            resolver,
            channel: Some(channel.name.clone()),
            ..PathOptions::default()
        };
        let index = ChannelIndex::from_graph_nodes(pkg, channel, &graph.nodes);
        Some(HopResolver::of(pkg, &options, vec![index]))
    }

    /// The resolver of `options` over these indexed channels.
    fn of(
        pkg: &'a Package,
        options: &PathOptions,
        channels: Vec<ChannelIndex<'a>>,
    ) -> HopResolver<'a> {
        HopResolver {
            pkg,
            channel: options.channel.clone(),
            entries: OnceLock::new(),
            resolver: options.resolver,
            policy: options.policy,
            version: options.version.clone(),
            channels,
        }
    }

    /// The package resolved in.
    pub fn package(&self) -> &'a Package {
        self.pkg
    }

    /// The installed bundle `name` as this package knows it (see [`Installed::from_package`]).
    ///
    /// # Complexity
    /// O(C) expected for an entry of the C considered channels, else O(log B) for B bundles
    /// (plus the length of the name).
    pub fn installed(&self, name: &str) -> Installed {
        for c in &self.channels {
            if let Some(i) = c.position(name) {
                return c.installed(i);
            }
        }
        Installed::known_as(self.pkg, name, || {
            self.entries
                .get_or_init(|| {
                    let entries = self.pkg.channels.iter().flat_map(|c| &c.entries);
                    entries.map(|e| e.name.as_str()).collect()
                })
                .contains(name)
        })
    }

    /// True when the package has a bundle of this name (found through the considered channels'
    /// entries first: a hash lookup instead of a search by name).
    pub fn has_bundle(&self, name: &str) -> bool {
        for c in &self.channels {
            if let Some(i) = c.position(name) {
                return c.bundle(i).is_some();
            }
        }
        self.pkg.bundle(name).is_some()
    }

    /// One resolution step from `installed`.
    ///
    /// # Complexity
    /// O(C + k log k) for C considered channels and k successors of `installed` (plus O(R) for
    /// R skipRanges when `installed` is not an entry with its indexed version); OLM v1's
    /// SelfCertified policy takes every entry as a candidate: O(V log V).
    pub fn next(&self, installed: &Installed) -> Result<Choice, ResolveError> {
        match self.resolver {
            Resolver::V0 => v0::next(&self.channels, installed),
            Resolver::V1 => Ok(v1::next(
                self.pkg,
                &self.channels,
                installed,
                &self.v1_limits(),
            )),
        }
    }

    /// What limits OLM v1's candidates: the upgrade constraint policy and the version range.
    fn v1_limits(&self) -> v1::Limits<'_> {
        v1::Limits {
            policy: self.policy,
            version: self.version.as_ref(),
        }
    }

    /// Whether [`HopResolver::next`] would choose a bundle from `installed`: the same answer
    /// without wording the alternatives it passes over (OLM v0's; OLM v1's asks
    /// [`HopResolver::next`]).
    ///
    /// # Complexity
    /// As [`HopResolver::next`].
    pub fn moves(&self, installed: &Installed) -> Result<bool, ResolveError> {
        match self.resolver {
            Resolver::V0 => v0::moves(&self.channels, installed),
            Resolver::V1 => self.next(installed).map(|c| c.chosen.is_some()),
        }
    }

    /// [`HopResolver::moves`] from the entry of channel `channel` at index `i`, when that
    /// channel is the only one considered (the resolver built for one channel): OLM v0's answer
    /// read from the channel's index without hashing a name or building the installed bundle.
    /// `None` when the resolver considers other channels, or none by that name.
    ///
    /// # Complexity
    /// O(k) for k successors under OLM v0; as [`HopResolver::next`] under OLM v1.
    pub fn moves_from_entry(&self, channel: &str, i: usize) -> Option<Result<bool, ResolveError>> {
        let index = self.only_channel(channel)?;
        (i < index.channel.entries.len()).then(|| match self.resolver {
            Resolver::V0 => v0::moves_entry(index, i),
            Resolver::V1 => self.moves(&index.installed(index.first_entry(i))),
        })
    }

    /// True when entry `i` of the only channel considered is named by another's `replaces` or
    /// `skips` (`None`: the resolver considers other channels, or none by that name).
    pub fn entry_is_named(&self, channel: &str, i: usize) -> Option<bool> {
        let index = self.only_channel(channel)?;
        (i < index.channel.entries.len()).then(|| index.is_named(i))
    }

    /// True when some entry of the only channel considered gives `name` in its `replaces` or
    /// `skips` (`None`: the resolver considers other channels, or none by that name).
    ///
    /// # Complexity
    /// O(1) expected (one lookup of the name).
    pub fn name_is_named(&self, channel: &str, name: &str) -> Option<bool> {
        Some(self.only_channel(channel)?.is_name_named(name))
    }

    /// The index of channel `channel` when it is the only channel considered.
    fn only_channel(&self, channel: &str) -> Option<&ChannelIndex<'a>> {
        match self.channels.as_slice() {
            [index] if index.channel.name == channel => Some(index),
            _ => None,
        }
    }

    /// OLM v1's step from `installed` with its first-ranked candidate (see [`v1::pick`]);
    /// the resolver set in the options is not consulted.
    ///
    /// # Complexity
    /// As [`HopResolver::next`].
    pub(crate) fn v1_pick(&self, installed: &Installed) -> v1::Pick {
        v1::pick(self.pkg, &self.channels, installed, &self.v1_limits())
    }

    /// Why a path that reached `installed` stops there, given the alternatives of its last
    /// [`HopResolver::next`]; `None` at the channel head (see [`Explanation`]).
    ///
    /// # Complexity
    /// O(C + A + L) for C considered channels, A alternatives and a snippet of L bytes.
    pub fn why_stopped(
        &self,
        installed: &Installed,
        alternatives: &[Alternative],
    ) -> Option<Explanation> {
        explain_stop(
            self.pkg,
            self.explained_channel(),
            self.resolver,
            installed,
            alternatives,
        )
    }

    /// The index of a considered channel.
    ///
    /// # Complexity
    /// O(C) for C considered channels.
    pub(crate) fn channel(&self, name: &str) -> Option<&ChannelIndex<'a>> {
        self.channels.iter().find(|c| c.channel.name == name)
    }

    /// The head of the channel explanations talk about, when it has a unique one.
    pub(crate) fn head(&self) -> Option<&str> {
        self.explained_channel().and_then(|c| c.head.name())
    }

    /// The channel explanations talk about: the subscription's, or the default one.
    pub(crate) fn explained_channel(&self) -> Option<&ChannelIndex<'a>> {
        let name = self
            .channel
            .as_deref()
            .or(self.pkg.default_channel.as_deref())?;
        self.channel(name)
    }
}

/// One resolution step under `resolver`. For many steps in the same package, build a
/// [`HopResolver`] once and call [`HopResolver::next`].
///
/// # Complexity
/// O((V + E) log V) for V entries and E edges of the considered channels: their indexes are
/// built for this one step.
pub fn next_hop(
    pkg: &Package,
    installed: &Installed,
    options: &PathOptions,
) -> Result<Choice, ResolveError> {
    HopResolver::new(pkg, options)?.next(installed)
}
