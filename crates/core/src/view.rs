//! Views for user interfaces: everything a viewer draws or lists, derived from the model, the
//! graphs, the layout and the findings, so that a UI only renders.
//!
//! - [`GraphView`]: one channel (or the package-level "all channels" view) ready to draw: node
//!   boxes with their flags (virtual, deprecated with its message, head), individually routed
//!   edges, `skipRange` bands, and each node's neighbours (for hover highlighting).
//! - [`bundle_details`]: what a details panel shows for one bundle: its entries' `replaces` /
//!   `skips` / `skipRange` per channel, incoming and outgoing edges across channels,
//!   deprecation messages, CSV metadata and the findings about it.
//! - [`package_summaries`] and [`channel_summaries`]: counts and markers for lists and tabs.
//! - [`finding_target`]: what a finding points at, so a UI can focus it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::diag::{Diagnostic, Severity};
use crate::graph::{channel_head, ChannelGraph, EdgeKind, Head, PackageGraph};
use crate::layout::{layout_channel, layout_package, LayoutOptions, NodeBox};
use crate::model::{Catalog, Package};

/// A node ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewNode {
    pub name: String,
    /// The version as text, when known.
    pub version: Option<String>,
    /// Not an entry of the channel (channel view) or not a bundle of any channel (package view).
    pub is_virtual: bool,
    pub deprecated: bool,
    /// Why it is deprecated: the `olm.deprecations` message, or a note on the legacy property.
    pub deprecation: Option<String>,
    /// Carries the legacy `olm.deprecated` property: OLM v0 prohibits installing it.
    pub legacy_deprecated: bool,
    /// The channel's head (channel view) or the head of at least one channel (package view).
    pub head: bool,
    /// Channels it is the head of (package view; the channel itself in the channel view).
    pub head_of: Vec<String>,
    /// Channels that have an entry for it.
    pub channels: Vec<String>,
}

/// An individually drawn edge. In the package view, the same (from, to, kind) in several
/// channels is one edge listing those channels.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewEdge {
    /// Indices into [`GraphView::nodes`].
    pub from: usize,
    pub to: usize,
    pub kind: EdgeKind,
    /// The target's skipRange, for `skipRange` edges.
    pub range: Option<String>,
    pub channels: Vec<String>,
    /// The route (see [`crate::layout::EdgeRoute`]).
    pub points: Vec<(f64, f64)>,
    pub curved: bool,
}

/// A `skipRange` or `skips` fan drawn as one band: it stands for one edge per source.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewBand {
    /// [`EdgeKind::SkipRange`] or [`EdgeKind::Skips`].
    pub kind: EdgeKind,
    /// The target node.
    pub to: usize,
    /// The source nodes, ascending.
    pub sources: Vec<usize>,
    pub range: Option<String>,
    /// Closed outline polygon.
    pub points: Vec<(f64, f64)>,
}

impl ViewBand {
    /// Number of distinct edges the band stands for.
    pub fn edge_count(&self) -> usize {
        self.sources.len()
    }
}

/// One channel, or the whole package, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphView {
    pub package: String,
    /// The channel, or `None` for the package-level view of all channels.
    pub channel: Option<String>,
    pub width: f64,
    pub height: f64,
    pub nodes: Vec<ViewNode>,
    /// One box per node, in node order.
    pub boxes: Vec<NodeBox>,
    pub edges: Vec<ViewEdge>,
    pub bands: Vec<ViewBand>,
    /// For every node, the nodes joined to it by an edge or a band (either direction), sorted.
    pub neighbours: Vec<Vec<usize>>,
    /// The channel's deprecation message (channel view).
    pub channel_deprecation: Option<String>,
    /// opm's error when the channel has no unique head (channel view).
    pub head_error: Option<String>,
}

impl GraphView {
    /// The view of one channel graph of `package`.
    ///
    /// # Complexity
    /// That of [`layout_channel`], plus O(N + E) to assemble.
    pub fn channel(package: &Package, graph: &ChannelGraph, options: &LayoutOptions) -> GraphView {
        let layout = layout_channel(graph, options);
        let head = graph.head_index();
        let nodes: Vec<ViewNode> = graph
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let is_head = head == Some(i);
                ViewNode {
                    name: n.name.clone(),
                    version: n.version.as_ref().map(|v| v.to_string()),
                    is_virtual: n.is_virtual,
                    deprecated: n.deprecated,
                    deprecation: deprecation_text(package, &n.name),
                    legacy_deprecated: is_legacy_deprecated(package, &n.name),
                    head: is_head,
                    head_of: if is_head {
                        vec![graph.channel.clone()]
                    } else {
                        Vec::new()
                    },
                    channels: if n.is_virtual {
                        Vec::new()
                    } else {
                        vec![graph.channel.clone()]
                    },
                }
            })
            .collect();
        let edges: Vec<ViewEdge> = layout
            .edges
            .iter()
            .filter_map(|r| graph.edges.get(r.edge).map(|e| (r, e)))
            .map(|(r, e)| ViewEdge {
                from: e.from,
                to: e.to,
                kind: e.kind,
                range: e.range.clone(),
                channels: vec![graph.channel.clone()],
                points: r.points.clone(),
                curved: r.curved,
            })
            .collect();
        let bands = view_bands(&layout.bands, |i| graph.edges.get(i).map(|e| e.from));
        let mut view = GraphView {
            package: package.name.clone(),
            channel: Some(graph.channel.clone()),
            width: layout.width,
            height: layout.height,
            nodes,
            boxes: layout.nodes,
            edges,
            bands,
            neighbours: Vec::new(),
            channel_deprecation: graph.deprecation.clone(),
            head_error: graph.head.error(),
        };
        view.neighbours = neighbours(&view);
        view
    }

    /// The package-level view of all channels: every bundle once, each distinct edge once.
    ///
    /// # Complexity
    /// That of [`layout_package`], plus O((N + E) log E) to assemble.
    pub fn package(package: &Package, graph: &PackageGraph, options: &LayoutOptions) -> GraphView {
        let layout = layout_package(graph, options);
        let nodes: Vec<ViewNode> = graph
            .nodes
            .iter()
            .map(|n| ViewNode {
                name: n.name.clone(),
                version: n.version.as_ref().map(|v| v.to_string()),
                is_virtual: n.is_virtual,
                deprecated: n.deprecated,
                deprecation: deprecation_text(package, &n.name),
                legacy_deprecated: is_legacy_deprecated(package, &n.name),
                head: !n.head_of.is_empty(),
                head_of: n.head_of.clone(),
                channels: n.channels.clone(),
            })
            .collect();
        // Distinct (from, to, kind) edges, with the channels that have them.
        let mut channels_of: BTreeMap<(usize, usize, EdgeKind), BTreeSet<&str>> = BTreeMap::new();
        for e in &graph.edges {
            channels_of
                .entry((e.from, e.to, e.kind))
                .or_default()
                .insert(&e.channel);
        }
        let mut seen = std::collections::HashSet::new();
        let mut edges = Vec::new();
        for r in &layout.edges {
            let Some(e) = graph.edges.get(r.edge) else {
                continue;
            };
            if !seen.insert((e.from, e.to, e.kind)) {
                continue;
            }
            edges.push(ViewEdge {
                from: e.from,
                to: e.to,
                kind: e.kind,
                range: e.range.clone(),
                channels: channels_of
                    .get(&(e.from, e.to, e.kind))
                    .map(|s| s.iter().map(|c| c.to_string()).collect())
                    .unwrap_or_default(),
                points: r.points.clone(),
                curved: r.curved,
            });
        }
        let bands = view_bands(&layout.bands, |i| graph.edges.get(i).map(|e| e.from));
        let mut view = GraphView {
            package: package.name.clone(),
            channel: None,
            width: layout.width,
            height: layout.height,
            nodes,
            boxes: layout.nodes,
            edges,
            bands,
            neighbours: Vec::new(),
            channel_deprecation: None,
            head_error: None,
        };
        view.neighbours = neighbours(&view);
        view
    }

    /// Index of the node with this name.
    pub fn node_index(&self, name: &str) -> Option<usize> {
        self.nodes.iter().position(|n| n.name == name)
    }

    /// Number of graph edges drawn: individual edges plus what the bands stand for.
    pub fn edge_total(&self) -> usize {
        self.edges.len() + self.bands.iter().map(ViewBand::edge_count).sum::<usize>()
    }
}

/// The bands of a layout as the view draws them; `from_of` gives an edge's source node.
fn view_bands(
    bands: &[crate::layout::Band],
    from_of: impl Fn(usize) -> Option<usize>,
) -> Vec<ViewBand> {
    bands
        .iter()
        .map(|b| ViewBand {
            kind: b.kind,
            to: b.to,
            sources: sorted_unique(b.edges.iter().filter_map(|&i| from_of(i))),
            range: b.range.clone(),
            points: b.points.clone(),
        })
        .collect()
}

fn sorted_unique(it: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut v: Vec<usize> = it.collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn neighbours(view: &GraphView) -> Vec<Vec<usize>> {
    let n = view.nodes.len();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut link = |a: usize, b: usize| {
        if a < n && b < n && a != b {
            adj[a].push(b);
            adj[b].push(a);
        }
    };
    for e in &view.edges {
        link(e.from, e.to);
    }
    for b in &view.bands {
        for &s in &b.sources {
            link(s, b.to);
        }
    }
    for a in &mut adj {
        a.sort_unstable();
        a.dedup();
    }
    adj
}

/// Whether a bundle carries the legacy `olm.deprecated` property (prohibited by OLM v0).
pub fn is_legacy_deprecated(package: &Package, bundle: &str) -> bool {
    package.bundle(bundle).is_some_and(|b| b.legacy_deprecated)
}

/// Why a bundle is deprecated: its `olm.deprecations` message, or a note when it only carries
/// the legacy `olm.deprecated` property.
pub fn deprecation_text(package: &Package, bundle: &str) -> Option<String> {
    if let Some(m) = package.deprecations.bundles.get(bundle) {
        return Some(m.trim().to_string());
    }
    package
        .bundle(bundle)
        .filter(|b| b.legacy_deprecated)
        .map(|_| {
            "legacy olm.deprecated property: prohibited by OLM v0, which never installs it"
                .to_string()
        })
}

/// Where a deprecation message comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeprecationScope {
    Package,
    Channel,
    Bundle,
    /// The legacy `olm.deprecated` bundle property.
    LegacyProperty,
}

/// A deprecation that applies to a bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeprecationNote {
    pub scope: DeprecationScope,
    /// The channel, for [`DeprecationScope::Channel`].
    pub channel: Option<String>,
    pub message: String,
}

/// A bundle's entry in one channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryDetails {
    pub channel: String,
    pub replaces: Option<String>,
    pub skips: Vec<String>,
    pub skip_range: Option<String>,
}

/// An edge seen from one of its ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeDetails {
    /// The node at the other end.
    pub other: String,
    pub kind: EdgeKind,
    pub channel: String,
    pub range: Option<String>,
}

/// What a details panel shows for one bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleDetails {
    pub name: String,
    pub package: String,
    /// The package has an `olm.bundle` of this name (false for a name only `replaces`/`skips`
    /// mention).
    pub in_catalog: bool,
    pub version: Option<String>,
    pub release: Option<String>,
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
    pub deprecations: Vec<DeprecationNote>,
    pub display_name: Option<String>,
    pub description: Option<String>,
    pub min_kube_version: Option<String>,
    pub max_openshift_version: Option<String>,
    pub provider: Option<String>,
    /// Findings about this bundle.
    pub findings: Vec<Diagnostic>,
}

/// The details of bundle `name` of `package`; `graphs` are the package's channel graphs (in
/// channel order, as [`crate::graph::channel_graphs`] builds them) and `findings` any list of
/// findings (those about this bundle are kept). `None` when no entry, bundle or edge names it.
///
/// # Complexity
/// O(total nodes and edges of the graphs + findings).
pub fn bundle_details(
    package: &Package,
    graphs: &[ChannelGraph],
    findings: &[Diagnostic],
    name: &str,
) -> Option<BundleDetails> {
    let bundle = package.bundle(name);
    let mut entries = Vec::new();
    let mut incoming = Vec::new();
    let mut outgoing = Vec::new();
    let mut head_of = Vec::new();
    let mut named = bundle.is_some();
    for g in graphs {
        let Some(i) = g.node_index(name) else {
            continue;
        };
        named = true;
        if let Some(entry) = g.nodes[i]
            .entry
            .and_then(|e| package.channel(&g.channel).and_then(|c| c.entries.get(e)))
        {
            entries.push(EntryDetails {
                channel: g.channel.clone(),
                replaces: entry.replaces.clone(),
                skips: entry.skips.clone(),
                skip_range: entry.skip_range.clone(),
            });
        }
        if g.head_index() == Some(i) {
            head_of.push(g.channel.clone());
        }
        for e in g.incoming(i) {
            incoming.push(EdgeDetails {
                other: g.nodes[e.from].name.clone(),
                kind: e.kind,
                channel: g.channel.clone(),
                range: e.range.clone(),
            });
        }
        for e in g.outgoing(i) {
            outgoing.push(EdgeDetails {
                other: g.nodes[e.to].name.clone(),
                kind: e.kind,
                channel: g.channel.clone(),
                range: e.range.clone(),
            });
        }
    }
    if !named {
        return None;
    }
    let order = |a: &EdgeDetails, b: &EdgeDetails| {
        (&a.channel, a.kind, &a.other).cmp(&(&b.channel, b.kind, &b.other))
    };
    incoming.sort_by(order);
    outgoing.sort_by(order);
    head_of.sort();
    let channels = package
        .channels_of(name)
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>();

    let mut deprecations = Vec::new();
    if let Some(m) = package.deprecations.bundles.get(name) {
        deprecations.push(DeprecationNote {
            scope: DeprecationScope::Bundle,
            channel: None,
            message: m.trim().to_string(),
        });
    }
    if bundle.is_some_and(|b| b.legacy_deprecated) {
        deprecations.push(DeprecationNote {
            scope: DeprecationScope::LegacyProperty,
            channel: None,
            message:
                "legacy olm.deprecated property: prohibited by OLM v0, which never installs it"
                    .into(),
        });
    }
    for c in &channels {
        if let Some(m) = package.deprecations.channels.get(c) {
            deprecations.push(DeprecationNote {
                scope: DeprecationScope::Channel,
                channel: Some(c.clone()),
                message: m.trim().to_string(),
            });
        }
    }
    if let Some(m) = &package.deprecations.package {
        deprecations.push(DeprecationNote {
            scope: DeprecationScope::Package,
            channel: None,
            message: m.trim().to_string(),
        });
    }

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
        head_of,
        entries,
        incoming,
        outgoing,
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

/// The findings about bundle `bundle` of package `package`.
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

/// Counts and markers of a package, for a package list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackageSummary {
    pub name: String,
    pub channels: usize,
    pub bundles: usize,
    pub default_channel: Option<String>,
    /// The package-level deprecation message.
    pub deprecation: Option<String>,
    pub errors: usize,
    pub warnings: usize,
}

/// One summary per package, in package order; `findings` are counted per package.
///
/// # Complexity
/// O(P + F) for P packages and F findings.
pub fn package_summaries(catalog: &Catalog, findings: &[Diagnostic]) -> Vec<PackageSummary> {
    let mut counts: HashMap<&str, (usize, usize)> = HashMap::new();
    for d in findings {
        if let Some(p) = &d.package {
            let c = counts.entry(p.as_str()).or_default();
            match d.severity {
                Severity::Error => c.0 += 1,
                Severity::Warning => c.1 += 1,
                Severity::Info => {}
            }
        }
    }
    catalog
        .packages
        .iter()
        .map(|p| {
            let (errors, warnings) = counts.get(p.name.as_str()).copied().unwrap_or_default();
            PackageSummary {
                name: p.name.clone(),
                channels: p.channels.len(),
                bundles: p.bundles.len(),
                default_channel: p.default_channel.clone(),
                deprecation: p
                    .deprecations
                    .package
                    .as_ref()
                    .map(|m| m.trim().to_string()),
                errors,
                warnings,
            }
        })
        .collect()
}

/// Markers of a channel, for tabs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChannelSummary {
    pub name: String,
    pub entries: usize,
    pub is_default: bool,
    pub deprecation: Option<String>,
    /// The unique head, when there is one.
    pub head: Option<String>,
}

/// One summary per channel of the package, default channel first, then by name.
///
/// # Complexity
/// O(total entries).
pub fn channel_summaries(package: &Package) -> Vec<ChannelSummary> {
    let mut out: Vec<ChannelSummary> = package
        .channels
        .iter()
        .map(|c| ChannelSummary {
            name: c.name.clone(),
            entries: c.entries.len(),
            is_default: package.default_channel.as_deref() == Some(c.name.as_str()),
            deprecation: package
                .deprecations
                .channels
                .get(&c.name)
                .map(|m| m.trim().to_string()),
            head: match channel_head(c) {
                Head::Unique(h) => Some(h),
                _ => None,
            },
        })
        .collect();
    out.sort_by(|a, b| {
        b.is_default
            .cmp(&a.is_default)
            .then_with(|| natural_cmp(&a.name, &b.name))
    });
    out
}

/// Compares names with their digit runs as numbers: `v1.9` < `v1.10`, `stable-3.6` <
/// `stable-3.17`; equal-looking names fall back to plain order.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        match (x.first(), y.first()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let i = x.iter().take_while(|c| c.is_ascii_digit()).count();
                let j = y.iter().take_while(|c| c.is_ascii_digit()).count();
                let (n, m) = (&x[..i], &y[..j]);
                let strip = |s: &[u8]| -> usize { s.iter().take_while(|&&c| c == b'0').count() };
                let (n, m) = (&n[strip(n)..], &m[strip(m)..]);
                let ord = n.len().cmp(&m.len()).then_with(|| n.cmp(m));
                if ord != Ordering::Equal {
                    return ord;
                }
                x = &x[i..];
                y = &y[j..];
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(d);
                }
                x = &x[1..];
                y = &y[1..];
            }
        }
    }
}

/// What a finding is about, most specific first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FindingTarget {
    Bundle {
        package: String,
        channel: Option<String>,
        bundle: String,
    },
    Channel {
        package: String,
        channel: String,
    },
    Package {
        package: String,
    },
    /// Only a file position (a file that could not be read, ...).
    File,
}

/// The most specific thing a finding is about.
pub fn finding_target(d: &Diagnostic) -> FindingTarget {
    match (&d.package, &d.channel, &d.bundle) {
        (Some(p), c, Some(b)) => FindingTarget::Bundle {
            package: p.clone(),
            channel: c.clone(),
            bundle: b.clone(),
        },
        (Some(p), Some(c), None) => FindingTarget::Channel {
            package: p.clone(),
            channel: c.clone(),
        },
        (Some(p), None, None) => FindingTarget::Package { package: p.clone() },
        _ => FindingTarget::File,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{channel_graphs, PackageGraph};
    use crate::layout::FanMode;
    use crate::{load_files, InputFile};

    const CATALOG: &str = "\
schema: olm.package
name: p
defaultChannel: stable
---
schema: olm.channel
package: p
name: stable
entries:
- name: p.v1.0.0
  replaces: p.v0.9.0
- name: p.v1.1.0
  replaces: p.v1.0.0
- name: p.v1.2.0
  replaces: p.v1.1.0
  skips: [p.v1.1.5]
  skipRange: '>=1.0.0 <1.2.0'
---
schema: olm.channel
package: p
name: fast
entries:
- name: p.v1.1.0
- name: p.v1.2.0
  replaces: p.v1.1.0
---
schema: olm.deprecations
package: p
entries:
- reference: {schema: olm.channel, name: fast}
  message: fast is gone
- reference: {schema: olm.bundle, name: p.v1.0.0}
  message: |
    CVE-1
---
schema: olm.bundle
package: p
name: p.v1.0.0
image: i
properties:
- {type: olm.package, value: {packageName: p, version: 1.0.0}}
- {type: olm.csv.metadata, value: {displayName: P, description: '<script>x</script>', minKubeVersion: 1.25.0}}
---
schema: olm.bundle
package: p
name: p.v1.1.0
image: i
properties:
- {type: olm.package, value: {packageName: p, version: 1.1.0}}
---
schema: olm.bundle
package: p
name: p.v1.2.0
image: i
properties:
- {type: olm.package, value: {packageName: p, version: 1.2.0}}
";

    fn catalog() -> Catalog {
        load_files(vec![InputFile::new("c.yaml", CATALOG)])
    }

    #[test]
    fn channel_view_draws_every_edge_once() {
        let c = catalog();
        let p = c.package("p").unwrap();
        let graphs = channel_graphs(p);
        for fans in [FanMode::Bands, FanMode::Edges] {
            let opts = LayoutOptions {
                fans,
                ..LayoutOptions::default()
            };
            for g in &graphs {
                let v = GraphView::channel(p, g, &opts);
                assert_eq!(v.nodes.len(), g.nodes.len());
                assert_eq!(v.boxes.len(), g.nodes.len());
                assert_eq!(v.edge_total(), g.edges.len(), "{} {fans:?}", g.channel);
            }
        }
        let stable = graphs.iter().find(|g| g.channel == "stable").unwrap();
        let v = GraphView::channel(p, stable, &LayoutOptions::default());
        assert_eq!(v.bands.len(), 1);
        assert_eq!(v.bands[0].edge_count(), 2);
        assert!(v.nodes[v.node_index("p.v1.2.0").unwrap()].head);
        assert!(v.nodes[v.node_index("p.v0.9.0").unwrap()].is_virtual);
        assert!(v.nodes[v.node_index("p.v1.1.5").unwrap()].is_virtual);
        let old = &v.nodes[v.node_index("p.v1.0.0").unwrap()];
        assert!(old.deprecated);
        assert_eq!(old.deprecation.as_deref(), Some("CVE-1"));
        // Hovering 1.2.0 highlights what upgrades to it, through edges and the band.
        let n = &v.neighbours[v.node_index("p.v1.2.0").unwrap()];
        let names: Vec<&str> = n.iter().map(|&i| v.nodes[i].name.as_str()).collect();
        assert_eq!(names.len(), 3);
        for want in ["p.v1.0.0", "p.v1.1.0", "p.v1.1.5"] {
            assert!(names.contains(&want), "{names:?}");
        }
        let fast = graphs.iter().find(|g| g.channel == "fast").unwrap();
        let v = GraphView::channel(p, fast, &LayoutOptions::default());
        assert_eq!(v.channel_deprecation.as_deref(), Some("fast is gone"));
    }

    #[test]
    fn package_view_merges_channels() {
        let c = catalog();
        let p = c.package("p").unwrap();
        let graphs = channel_graphs(p);
        let pg = PackageGraph::build(p, &graphs);
        let v = GraphView::package(
            p,
            &pg,
            &LayoutOptions {
                fans: FanMode::Edges,
                ..LayoutOptions::default()
            },
        );
        let i = v.node_index("p.v1.1.0").unwrap();
        let j = v.node_index("p.v1.2.0").unwrap();
        let shared: Vec<&ViewEdge> = v
            .edges
            .iter()
            .filter(|e| e.from == i && e.to == j && e.kind == EdgeKind::Replaces)
            .collect();
        assert_eq!(shared.len(), 1);
        assert_eq!(shared[0].channels, vec!["fast", "stable"]);
        assert!(v.nodes[j].head);
        assert_eq!(v.nodes[j].head_of, vec!["fast", "stable"]);
    }

    #[test]
    fn details_of_a_bundle() {
        let c = catalog();
        let p = c.package("p").unwrap();
        let graphs = channel_graphs(p);
        let findings = crate::validate::lint_catalog(&c);
        let d = bundle_details(p, &graphs, &findings, "p.v1.1.0").unwrap();
        assert_eq!(d.channels, vec!["fast", "stable"]);
        assert_eq!(d.entries.len(), 2);
        assert_eq!(d.entries[1].replaces.as_deref(), Some("p.v1.0.0"));
        assert!(d.in_catalog);
        assert!(d
            .outgoing
            .iter()
            .any(|e| e.other == "p.v1.2.0" && e.kind == EdgeKind::SkipRange));
        assert!(d
            .deprecations
            .iter()
            .any(|n| n.scope == DeprecationScope::Channel));
        let old = bundle_details(p, &graphs, &findings, "p.v1.0.0").unwrap();
        assert_eq!(old.description.as_deref(), Some("<script>x</script>"));
        assert_eq!(old.min_kube_version.as_deref(), Some("1.25.0"));
        assert_eq!(old.deprecations[0].message, "CVE-1");
        let virt = bundle_details(p, &graphs, &findings, "p.v0.9.0").unwrap();
        assert!(!virt.in_catalog);
        assert_eq!(virt.outgoing.len(), 1);
        assert!(bundle_details(p, &graphs, &findings, "nope").is_none());
    }

    #[test]
    fn summaries_and_targets() {
        let c = catalog();
        let findings = crate::validate::lint_catalog(&c);
        let s = package_summaries(&c, &findings);
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].channels, s[0].bundles), (2, 3));
        let ch = channel_summaries(c.package("p").unwrap());
        assert_eq!(ch[0].name, "stable");
        assert!(ch[0].is_default);
        assert_eq!(ch[0].head.as_deref(), Some("p.v1.2.0"));
        assert_eq!(ch[1].deprecation.as_deref(), Some("fast is gone"));
        let mut names = vec![
            "stable-3.17",
            "stable-3.6",
            "v25.10",
            "v25.3",
            "alpha",
            "stable-3.10",
        ];
        names.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            names,
            vec![
                "alpha",
                "stable-3.6",
                "stable-3.10",
                "stable-3.17",
                "v25.3",
                "v25.10"
            ]
        );
        let d = Diagnostic::warning("x", "m").package("p").channel("c");
        assert_eq!(
            finding_target(&d),
            FindingTarget::Channel {
                package: "p".into(),
                channel: "c".into()
            }
        );
        assert_eq!(
            finding_target(&Diagnostic::error("x", "m")),
            FindingTarget::File
        );
    }
}
