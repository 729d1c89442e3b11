//! What a details panel shows for one bundle ([`bundle_details`]): its entries' `replaces` /
//! `skips` / `skipRange` per channel, incoming and outgoing edges across channels, deprecation
//! messages, CSV metadata and the findings about it.

use crate::diag::Diagnostic;
use crate::graph::{ChannelGraph, EdgeKind};
use crate::model::Package;
use crate::sort::SortWith;

use super::text::{is_legacy_deprecated, LEGACY_DEPRECATION};

/// Where a deprecation message comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeprecationScope {
    /// The package's `olm.deprecations` entry.
    Package,
    /// A channel's entry: the bundle is in a deprecated channel.
    Channel,
    /// The bundle's own entry.
    Bundle,
    /// The legacy `olm.deprecated` bundle property.
    LegacyProperty,
}

/// A deprecation that applies to a bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeprecationNote {
    /// What the deprecation is of.
    pub scope: DeprecationScope,
    /// The channel, for [`DeprecationScope::Channel`].
    pub channel: Option<String>,
    /// The deprecation's message, as written.
    pub message: String,
}

/// A bundle's entry in one channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryDetails {
    /// The channel.
    pub channel: String,
    /// The entry's `replaces`.
    pub replaces: Option<String>,
    /// The entry's `skips`.
    pub skips: Vec<String>,
    /// The entry's `skipRange`.
    pub skip_range: Option<String>,
}

/// An edge seen from one of its ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeDetails {
    /// The node at the other end.
    pub other: String,
    /// Which field makes the edge.
    pub kind: EdgeKind,
    /// The channel the edge is in.
    pub channel: String,
    /// The skipRange, for a `skipRange` edge.
    pub range: Option<String>,
}

/// What a details panel shows for one bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleDetails {
    /// The bundle's name.
    pub name: String,
    /// Its package.
    pub package: String,
    /// The package has an `olm.bundle` of this name (false for a name only `replaces`/`skips`
    /// mention).
    pub in_catalog: bool,
    /// Its version, as written.
    pub version: Option<String>,
    /// Its `release`, when it has one.
    pub release: Option<String>,
    /// Its bundle image reference.
    pub image: Option<String>,
    /// Channels with an entry for it, sorted.
    pub channels: Vec<String>,
    /// Channels whose head it is, sorted.
    pub head_of: Vec<String>,
    /// Its entries, in channel order.
    pub entries: Vec<EntryDetails>,
    /// Edges into it (upgrades *to* this bundle), by channel then kind then name.
    pub incoming: Vec<EdgeDetails>,
    /// Edges out of it (upgrades *from* this bundle).
    pub outgoing: Vec<EdgeDetails>,
    /// Every deprecation that applies to it: its package's, its channels', its own.
    pub deprecations: Vec<DeprecationNote>,
    /// The CSV's display name.
    pub display_name: Option<String>,
    /// The CSV's description.
    pub description: Option<String>,
    /// The CSV's `minKubeVersion`.
    pub min_kube_version: Option<String>,
    /// The `olm.maxOpenShiftVersion` property.
    pub max_openshift_version: Option<String>,
    /// The CSV's provider.
    pub provider: Option<String>,
    /// Findings about this bundle.
    pub findings: Vec<Diagnostic>,
}

/// The details of bundle `name` of `package`; `graphs` are the package's channel graphs (in
/// channel order, as [`crate::graph::channel_graphs`] builds them) and `findings` any list of
/// findings (those about this bundle are kept). `None` when no entry, bundle or edge names it.
///
/// # Complexity
/// O(V + E + F) for the V nodes and E edges of the graphs and F findings.
pub fn bundle_details(
    package: &Package,
    graphs: &[ChannelGraph],
    findings: &[Diagnostic],
    name: &str,
) -> Option<BundleDetails> {
    let bundle = package.bundle(name);
    let graph_part = GraphPart::collect(package, graphs, name);
    if bundle.is_none() && !graph_part.named {
        return None;
    }
    let channels = package
        .channels_of(name)
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>();
    let deprecations = deprecation_notes(package, name, &channels);
    Some(BundleDetails {
        name: name.to_string(),
        package: package.name.clone(),
        in_catalog: bundle.is_some(),
        version: bundle.and_then(|b| {
            b.version
                .as_ref()
                .map(|v| v.to_string())
                .or_else(|| b.version_text.clone())
        }),
        release: bundle.and_then(|b| b.release.clone()),
        image: bundle.and_then(|b| b.image.clone()),
        channels,
        head_of: graph_part.head_of,
        entries: graph_part.entries,
        incoming: graph_part.incoming,
        outgoing: graph_part.outgoing,
        deprecations,
        display_name: bundle.and_then(|b| b.display_name.clone()),
        description: bundle.and_then(|b| b.description.clone()),
        min_kube_version: bundle.and_then(|b| b.min_kube_version.clone()),
        max_openshift_version: bundle.and_then(|b| b.max_openshift_version.clone()),
        provider: bundle.and_then(|b| b.provider.clone()),
        findings: findings_for_bundle(findings, &package.name, name)
            .into_iter()
            .cloned()
            .collect(),
    })
}

/// What the channel graphs say about one bundle.
#[derive(Default)]
struct GraphPart {
    /// Some graph has a node of that name.
    named: bool,
    entries: Vec<EntryDetails>,
    head_of: Vec<String>,
    incoming: Vec<EdgeDetails>,
    outgoing: Vec<EdgeDetails>,
}

impl GraphPart {
    fn collect(package: &Package, graphs: &[ChannelGraph], name: &str) -> GraphPart {
        let mut part = GraphPart::default();
        for g in graphs {
            let Some(i) = g.node_index(name) else {
                continue;
            };
            part.named = true;
            if let Some(entry) = g.nodes[i]
                .entry
                .and_then(|e| package.channel(&g.channel).and_then(|c| c.entries.get(e)))
            {
                part.entries.push(EntryDetails {
                    channel: g.channel.clone(),
                    replaces: entry.replaces.clone(),
                    skips: entry.skips.clone(),
                    skip_range: entry.skip_range.clone(),
                });
            }
            if g.head_index() == Some(i) {
                part.head_of.push(g.channel.clone());
            }
            let seen_from = |other: usize, e: &crate::graph::Edge| EdgeDetails {
                other: g.nodes[other].name.clone(),
                kind: e.kind,
                channel: g.channel.clone(),
                range: e.range.clone(),
            };
            part.incoming
                .extend(g.incoming(i).map(|e| seen_from(e.from, e)));
            part.outgoing
                .extend(g.outgoing(i).map(|e| seen_from(e.to, e)));
        }
        let order = |a: &EdgeDetails, b: &EdgeDetails| {
            (&a.channel, a.kind, &a.other).cmp(&(&b.channel, b.kind, &b.other))
        };
        part.incoming.sort_with(order);
        part.outgoing.sort_with(order);
        part.head_of.sort_ord();
        part
    }
}

/// Every deprecation that applies to the bundle, most specific first.
fn deprecation_notes(package: &Package, name: &str, channels: &[String]) -> Vec<DeprecationNote> {
    let mut notes = Vec::new();
    if let Some(m) = package.deprecations.bundles.get(name) {
        notes.push(DeprecationNote {
            scope: DeprecationScope::Bundle,
            channel: None,
            message: m.trim().to_string(),
        });
    }
    if is_legacy_deprecated(package, name) {
        notes.push(DeprecationNote {
            scope: DeprecationScope::LegacyProperty,
            channel: None,
            message: LEGACY_DEPRECATION.to_string(),
        });
    }
    for c in channels {
        if let Some(m) = package.deprecations.channels.get(c) {
            notes.push(DeprecationNote {
                scope: DeprecationScope::Channel,
                channel: Some(c.clone()),
                message: m.trim().to_string(),
            });
        }
    }
    if let Some(m) = &package.deprecations.package {
        notes.push(DeprecationNote {
            scope: DeprecationScope::Package,
            channel: None,
            message: m.trim().to_string(),
        });
    }
    notes
}

/// The findings about bundle `bundle` of package `package`.
///
/// # Complexity
/// O(F) for F findings.
pub fn findings_for_bundle<'a>(
    findings: &'a [Diagnostic],
    package: &str,
    bundle: &str,
) -> Vec<&'a Diagnostic> {
    findings
        .iter()
        .filter(|d| d.package.as_deref() == Some(package) && d.bundle.as_deref() == Some(bundle))
        .collect()
}
