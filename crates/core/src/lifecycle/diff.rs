//! What a catalog switch (a cluster upgrade that changes the catalog image) does to a package:
//! what changed between the two catalogs, and, for every bundle of the old catalog taken as
//! installed, what happens after the switch.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::graph::{channel_graphs, channel_head, ChannelGraph, EdgeKind};
use crate::model::{Catalog, Package};
use crate::resolve::{resolve_path, PathOptions, Resolver};

/// Options of [`diff_package`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiffOptions {
    /// Only this channel (the subscription's); otherwise each bundle is followed in the old
    /// default channel when it is there, else in the first channel that has it.
    pub channel: Option<String>,
    pub resolver: Resolver,
}

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
    /// The path in the new catalog, starting with the bundle itself (just it when no hop).
    pub path: Vec<String>,
    /// Why, in words (the resolver's explanation or error).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A changed upgrade edge.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EdgeChange {
    pub channel: String,
    pub from: String,
    pub to: String,
    pub kind: EdgeKind,
}

/// A channel head that moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeadChange {
    pub channel: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

/// Everything that changed for a package between two catalogs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackageDiff {
    pub package: String,
    pub bundles_added: Vec<String>,
    pub bundles_removed: Vec<String>,
    pub channels_added: Vec<String>,
    pub channels_removed: Vec<String>,
    pub heads_moved: Vec<HeadChange>,
    pub edges_added: Vec<EdgeChange>,
    pub edges_removed: Vec<EdgeChange>,
    /// `olm.package`, `olm.channel/<c>`, `olm.bundle/<b>` references newly deprecated.
    pub deprecations_added: Vec<String>,
    pub fates: Vec<BundleFate>,
}

impl PackageDiff {
    /// How many old bundles end in `fate`.
    pub fn count(&self, fate: Fate) -> usize {
        self.fates.iter().filter(|f| f.status == fate).count()
    }
}

fn edge_set(graphs: &[ChannelGraph]) -> BTreeSet<EdgeChange> {
    graphs
        .iter()
        .flat_map(|g| {
            g.edges.iter().map(move |e| EdgeChange {
                channel: g.channel.clone(),
                from: g.nodes[e.from].name.clone(),
                to: g.nodes[e.to].name.clone(),
                kind: e.kind,
            })
        })
        .collect()
}

fn deprecation_refs(p: &Package) -> BTreeSet<String> {
    let d = &p.deprecations;
    let mut out = BTreeSet::new();
    if d.package.is_some() {
        out.insert("olm.package".to_string());
    }
    out.extend(d.channels.keys().map(|c| format!("olm.channel/{c}")));
    out.extend(d.bundles.keys().map(|b| format!("olm.bundle/{b}")));
    out
}

/// Compares `package` in the old and new catalogs.
///
/// # Complexity
/// O(B · P) for B old bundles and P the cost of one path in the new catalog, plus the size of
/// both packages' graphs for the edge comparison.
pub fn diff_package(
    old: &Catalog,
    new: &Catalog,
    package: &str,
    options: &DiffOptions,
) -> Result<PackageDiff, String> {
    let Some(op) = old.package(package) else {
        return Err(format!("unknown package {package:?} in the old catalog"));
    };
    if let Some(c) = &options.channel {
        if op.channel(c).is_none() {
            return Err(format!(
                "package {package:?} has no channel {c:?} in the old catalog"
            ));
        }
    }
    let np = new.package(package);
    let names = |p: Option<&Package>| -> BTreeSet<String> {
        p.map(|p| p.bundles.iter().map(|b| b.name.clone()).collect())
            .unwrap_or_default()
    };
    let chans = |p: Option<&Package>| -> BTreeSet<String> {
        p.map(|p| p.channels.iter().map(|c| c.name.clone()).collect())
            .unwrap_or_default()
    };
    let (ob, nb) = (names(Some(op)), names(np));
    let (oc, nc) = (chans(Some(op)), chans(np));
    let og = channel_graphs(op);
    let ng = np.map(channel_graphs).unwrap_or_default();
    let (oe, ne) = (edge_set(&og), edge_set(&ng));
    let mut heads_moved = Vec::new();
    for c in oc.intersection(&nc) {
        let oh = op
            .channel(c)
            .map(channel_head)
            .and_then(|h| h.name().map(str::to_string));
        let nh = np
            .and_then(|p| p.channel(c))
            .map(channel_head)
            .and_then(|h| h.name().map(str::to_string));
        if oh != nh {
            heads_moved.push(HeadChange {
                channel: c.clone(),
                old: oh,
                new: nh,
            });
        }
    }
    let (od, nd) = (
        deprecation_refs(op),
        np.map(deprecation_refs).unwrap_or_default(),
    );

    // Which bundles, followed in which channel.
    let mut followed: Vec<(String, String)> = Vec::new();
    for b in &op.bundles {
        let channels = op.channels_of(&b.name);
        let channel = match &options.channel {
            Some(c) if channels.contains(&c.as_str()) => Some(c.clone()),
            Some(_) => None,
            None => op
                .default_channel
                .clone()
                .filter(|d| channels.contains(&d.as_str()))
                .or_else(|| channels.first().map(|c| c.to_string())),
        };
        if let Some(c) = channel {
            followed.push((b.name.clone(), c));
        }
    }

    let mut fates = Vec::new();
    for (bundle, channel) in followed {
        let removed = |note: &str| BundleFate {
            bundle: bundle.clone(),
            channel: channel.clone(),
            status: Fate::ChannelRemoved,
            path: vec![bundle.clone()],
            note: Some(note.to_string()),
        };
        let Some(np) = np else {
            fates.push(removed("the package is not in the new catalog"));
            continue;
        };
        let Some(nch) = np.channel(&channel) else {
            fates.push(removed(&format!(
                "channel {channel:?} is not in the new catalog"
            )));
            continue;
        };
        // The installed bundle's version comes from the old catalog when the new one lacks it.
        let opts = PathOptions {
            resolver: options.resolver,
            channel: Some(channel.clone()),
            installed_version: op.bundle(&bundle).and_then(|b| b.version.clone()),
            ..PathOptions::default()
        };
        let fate = match resolve_path(new, package, &bundle, &opts, None) {
            Err(e) => BundleFate {
                bundle: bundle.clone(),
                channel: channel.clone(),
                status: Fate::Stranded,
                path: vec![bundle.clone()],
                note: Some(e.message),
            },
            Ok(p) => {
                let mut path = vec![bundle.clone()];
                path.extend(p.hops.iter().map(|h| h.to.clone()));
                let head = channel_head(nch);
                let status = if !p.hops.is_empty() {
                    Fate::Upgradable
                } else if head.name() == Some(bundle.as_str()) {
                    Fate::UpToDate
                } else if np.is_bundle_deprecated(&bundle) {
                    Fate::Deprecated
                } else {
                    Fate::Stranded
                };
                BundleFate {
                    bundle: bundle.clone(),
                    channel: channel.clone(),
                    status,
                    path,
                    note: p.explanation.map(|e| e.message),
                }
            }
        };
        fates.push(fate);
    }

    Ok(PackageDiff {
        package: package.to_string(),
        bundles_added: nb.difference(&ob).cloned().collect(),
        bundles_removed: ob.difference(&nb).cloned().collect(),
        channels_added: nc.difference(&oc).cloned().collect(),
        channels_removed: oc.difference(&nc).cloned().collect(),
        heads_moved,
        edges_added: ne.difference(&oe).cloned().collect(),
        edges_removed: oe.difference(&ne).cloned().collect(),
        deprecations_added: nd.difference(&od).cloned().collect(),
        fates,
    })
}
