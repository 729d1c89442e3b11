//! What a catalog switch (a cluster upgrade that changes the catalog image) does to a package:
//! what changed between the two catalogs, and, for every bundle of the old catalog taken as
//! installed, what happens after the switch.

use std::collections::{BTreeMap, BTreeSet};

use foldhash::{HashMap as FastMap, HashSet as FastSet};

use serde::{Deserialize, Serialize};

use super::fates::FateWalker;
pub use super::fates::{BundleFate, Fate, Steps, FATES};
use crate::graph::{channel_graphs, ChannelGraph, Edge, EdgeKind};
use crate::model::{Bundle, Catalog, Package};
use crate::resolve::Resolver;
use crate::sort::SortWith;

/// Options of [`diff_package`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiffOptions {
    /// Only this channel (the subscription's); otherwise each bundle is followed in the old
    /// default channel when it is there, else in the first channel that has it.
    pub channel: Option<String>,
    /// Which OLM generation's rules follow each bundle in the new catalog.
    pub resolver: Resolver,
}

/// A changed upgrade edge.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EdgeChange {
    /// The channel the edge is in.
    pub channel: String,
    /// The older bundle.
    pub from: String,
    /// The newer bundle, whose entry makes the edge.
    pub to: String,
    /// Which field of the newer entry makes it.
    pub kind: EdgeKind,
}

/// A channel head that moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeadChange {
    /// The channel.
    pub channel: String,
    /// Its head in the old catalog (`None`: no single head).
    pub old: Option<String>,
    /// Its head in the new catalog (`None`: no single head).
    pub new: Option<String>,
}

/// Everything that changed for a package between two catalogs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackageDiff {
    /// The package compared.
    pub package: String,
    /// Bundles only the new catalog has.
    pub bundles_added: Vec<String>,
    /// Bundles only the old catalog has.
    pub bundles_removed: Vec<String>,
    /// Channels only the new catalog has.
    pub channels_added: Vec<String>,
    /// Channels only the old catalog has.
    pub channels_removed: Vec<String>,
    /// Channels of both catalogs whose head differs.
    pub heads_moved: Vec<HeadChange>,
    /// Upgrade edges only the new catalog has.
    pub edges_added: Vec<EdgeChange>,
    /// Upgrade edges only the old catalog has.
    pub edges_removed: Vec<EdgeChange>,
    /// `olm.package`, `olm.channel/<c>`, `olm.bundle/<b>` references newly deprecated.
    pub deprecations_added: Vec<String>,
    /// What becomes of each old bundle, taken as installed, in the new catalog.
    pub fates: Vec<BundleFate>,
    /// Channel → bundle → the bundle the new catalog upgrades it to, for every bundle a path of
    /// [`PackageDiff::fates`] passes through: the paths share their tails, so they are kept
    /// once here and listed by [`PackageDiff::path`].
    pub steps: BTreeMap<String, Steps>,
}

impl PackageDiff {
    /// How many old bundles end in `fate`.
    ///
    /// # Complexity
    /// O(B) for B fates.
    pub fn count(&self, fate: Fate) -> usize {
        self.fates.iter().filter(|f| f.status == fate).count()
    }

    /// The path of `fate` in the new catalog, starting with the bundle itself (just it when it
    /// does not move).
    ///
    /// # Complexity
    /// O(H) expected time for H hops.
    pub fn path(&self, fate: &BundleFate) -> Vec<String> {
        match self.steps.get(&fate.channel) {
            Some(steps) => steps.path(&fate.bundle, fate.next.as_deref(), fate.hops),
            None => Steps::default().path(&fate.bundle, fate.next.as_deref(), fate.hops),
        }
    }
}

/// Why a catalog comparison could not start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiffError {
    /// The old catalog has no such package.
    UnknownPackage {
        /// The package asked for.
        package: String,
    },
    /// The old catalog's package has no such channel.
    UnknownChannel {
        /// The package.
        package: String,
        /// The channel asked for.
        channel: String,
    },
}

impl std::fmt::Display for DiffError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DiffError::UnknownPackage { package } => {
                write!(f, "unknown package {package:?} in the old catalog")
            }
            DiffError::UnknownChannel { package, channel } => write!(
                f,
                "package {package:?} has no channel {channel:?} in the old catalog"
            ),
        }
    }
}

impl std::error::Error for DiffError {}

/// An edge by (channel, from, to, kind), borrowed: ordered as [`EdgeChange`].
type EdgeKey<'g> = (&'g str, &'g str, &'g str, EdgeKind);

/// The edges only the old graphs have and those only the new ones have, each in order.
/// Channels are matched by name (both lists are in name order); within a channel both sides'
/// nodes are matched by name once, and the edges compared as pairs of node indices, hashed:
/// only the differences are sorted.
///
/// # Complexity
/// O(V + E) expected time and memory for V nodes and E edges of both sides, plus O(D log D)
/// for the D differences.
fn edge_changes(old: &[ChannelGraph], new: &[ChannelGraph]) -> (Vec<EdgeChange>, Vec<EdgeChange>) {
    let (mut removed, mut added): (Vec<EdgeKey>, Vec<EdgeKey>) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < old.len() || j < new.len() {
        let order = match (old.get(i), new.get(j)) {
            (Some(o), Some(n)) => o.channel.cmp(&n.channel),
            (Some(_), None) => std::cmp::Ordering::Less,
            _ => std::cmp::Ordering::Greater,
        };
        match order {
            std::cmp::Ordering::Less => {
                removed.extend(old[i].edges.iter().map(|e| key(&old[i], e)));
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                added.extend(new[j].edges.iter().map(|e| key(&new[j], e)));
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                channel_edge_changes(&old[i], &new[j], &mut removed, &mut added);
                i += 1;
                j += 1;
            }
        }
    }
    (owned_sorted(removed), owned_sorted(added))
}

/// The edges of a channel both sides have that only `o` (old) has, into `removed`, and that
/// only `n` (new) has, into `added`: nodes matched by name once, edges compared as hashed
/// (from, to, kind) triples of `n`'s node indices.
///
/// # Complexity
/// O(V + E) expected time and memory for V nodes and E edges of both graphs.
fn channel_edge_changes<'g>(
    o: &'g ChannelGraph,
    n: &'g ChannelGraph,
    removed: &mut Vec<EdgeKey<'g>>,
    added: &mut Vec<EdgeKey<'g>>,
) {
    let in_new: Vec<Option<usize>> = o.nodes.iter().map(|x| n.node_index(&x.name)).collect();
    let new_edges: FastSet<(usize, usize, EdgeKind)> =
        n.edges.iter().map(|e| (e.from, e.to, e.kind)).collect();
    let mut old_edges: FastSet<(usize, usize, EdgeKind)> = FastSet::default();
    old_edges.reserve(o.edges.len());
    for e in &o.edges {
        match (in_new[e.from], in_new[e.to]) {
            (Some(from), Some(to)) => {
                old_edges.insert((from, to, e.kind));
                if !new_edges.contains(&(from, to, e.kind)) {
                    removed.push(key(o, e));
                }
            }
            _ => removed.push(key(o, e)),
        }
    }
    added.extend(
        n.edges
            .iter()
            .filter(|e| !old_edges.contains(&(e.from, e.to, e.kind)))
            .map(|e| key(n, e)),
    );
}

/// The key of edge `e` of `g`.
fn key<'g>(g: &'g ChannelGraph, e: &Edge) -> EdgeKey<'g> {
    let name = |n: usize| g.nodes[n].name.as_str();
    (g.channel.as_str(), name(e.from), name(e.to), e.kind)
}

/// Edge keys in order, without repeats, owned.
fn owned_sorted(mut keys: Vec<EdgeKey>) -> Vec<EdgeChange> {
    keys.sort_ord();
    keys.dedup();
    keys.into_iter()
        .map(|(channel, from, to, kind)| EdgeChange {
            channel: channel.to_string(),
            from: from.to_string(),
            to: to.to_string(),
            kind,
        })
        .collect()
}

/// Distinct names in order (sorted once: the model keeps bundles and channels sorted by name
/// already, which the sort sees in one pass).
fn sorted_names<'a>(names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut v: Vec<&str> = names.collect();
    v.sort_ord();
    v.dedup();
    v
}

/// Each name of `a`, in order, with whether `b` has it (both sorted and distinct): one merge
/// walk, O(|a| + |b|).
fn membership<'a, 's>(
    a: &'s [&'a str],
    b: &'s [&str],
) -> impl Iterator<Item = (&'a str, bool)> + 's {
    let mut j = 0;
    a.iter().map(move |&x| {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        (x, b.get(j) == Some(&x))
    })
}

/// The names in `a` that `b` does not have (both sorted and distinct), owned, in order.
fn only_in(a: &[&str], b: &[&str]) -> Vec<String> {
    membership(a, b)
        .filter(|&(_, in_b)| !in_b)
        .map(|(x, _)| x.to_string())
        .collect()
}

/// The names both `a` and `b` have (both sorted and distinct), in order.
fn in_both<'a>(a: &[&'a str], b: &[&str]) -> Vec<&'a str> {
    membership(a, b)
        .filter(|&(_, in_b)| in_b)
        .map(|(x, _)| x)
        .collect()
}

/// Compares `package` in the old and new catalogs.
///
/// # Complexity
/// O((V + E) log V) time and O(V + E) memory for V entries and E edges of both packages: each
/// channel of the new catalog is indexed once, every bundle's hop is resolved once, and the
/// paths of all old bundles share their tails ([`PackageDiff::steps`]). A bundle whose old
/// version differs from the one the new catalog gives it walks its own path: O(H) more for H
/// hops.
pub fn diff_package<'a>(
    old: &'a Catalog,
    new: &'a Catalog,
    package: &str,
    options: &DiffOptions,
) -> Result<PackageDiff, DiffError> {
    let (op, np) = diff_packages(old, new, package, options)?;
    let (old_side, new_side) = (DiffSide::of(Some(op)), DiffSide::of(np));
    let fates = package_fates(op, np, options);
    Ok(PackageDiff::from_parts(
        package, &old_side, &new_side, fates,
    ))
}

/// The package [`diff_package`] compares, in the old catalog and (when it is there) in the new
/// one: the checks it makes before anything else. With [`DiffSide::of`], [`package_fates`] and
/// [`PackageDiff::from_parts`], a caller that has threads can build the parts side by side.
///
/// # Complexity
/// O(log P + C) for P packages and the old package's C channels.
pub fn diff_packages<'a>(
    old: &'a Catalog,
    new: &'a Catalog,
    package: &str,
    options: &DiffOptions,
) -> Result<(&'a Package, Option<&'a Package>), DiffError> {
    let Some(op) = old.package(package) else {
        return Err(DiffError::UnknownPackage {
            package: package.to_string(),
        });
    };
    if let Some(c) = &options.channel {
        if op.channel(c).is_none() {
            return Err(DiffError::UnknownChannel {
                package: package.to_string(),
                channel: c.clone(),
            });
        }
    }
    Ok((op, new.package(package)))
}

/// What [`diff_package`] compares of one catalog's package: its channel graphs, bundle and
/// channel names, and deprecated references.
#[derive(Default)]
pub struct DiffSide<'a> {
    graphs: Vec<ChannelGraph>,
    names: Vec<&'a str>,
    chans: Vec<&'a str>,
    deprecations: BTreeSet<String>,
}

impl<'a> DiffSide<'a> {
    /// The side of `package` (empty when the catalog does not have it).
    ///
    /// # Complexity
    /// O((V + E) log V) time and O(V + E) memory for V entries and E edges of the package.
    pub fn of(package: Option<&'a Package>) -> DiffSide<'a> {
        let Some(p) = package else {
            return DiffSide::default();
        };
        DiffSide {
            graphs: channel_graphs(p),
            names: sorted_names(p.bundles.iter().map(|b| b.name.as_str())),
            chans: sorted_names(p.channels.iter().map(|c| c.name.as_str())),
            deprecations: p.deprecation_refs(),
        }
    }
}

/// Every followed old bundle's fate in the new catalog, and the hops their paths take.
pub struct PackageFates {
    fates: Vec<BundleFate>,
    steps: BTreeMap<String, Steps>,
}

/// The fate of every followed bundle of `op` (the old package) in `np` (the new one).
///
/// # Complexity
/// O((V + E) log V) time and O(V + E) memory for V entries and E edges of both packages, as
/// [`diff_package`].
pub fn package_fates(op: &Package, np: Option<&Package>, options: &DiffOptions) -> PackageFates {
    let (fates, steps) = fates(op, np, options);
    PackageFates { fates, steps }
}

impl PackageDiff {
    /// The comparison of `package` from its two sides and its fates.
    ///
    /// # Complexity
    /// O(V + E) expected time (edges hashed as node index pairs), plus O(D log D) for the D
    /// differences found.
    pub fn from_parts(
        package: &str,
        old: &DiffSide,
        new: &DiffSide,
        fates: PackageFates,
    ) -> PackageDiff {
        let (edges_removed, edges_added) = edge_changes(&old.graphs, &new.graphs);
        PackageDiff {
            package: package.to_string(),
            bundles_added: only_in(&new.names, &old.names),
            bundles_removed: only_in(&old.names, &new.names),
            channels_added: only_in(&new.chans, &old.chans),
            channels_removed: only_in(&old.chans, &new.chans),
            heads_moved: heads_moved(&old.graphs, &new.graphs, &old.chans, &new.chans),
            edges_added,
            edges_removed,
            deprecations_added: new
                .deprecations
                .difference(&old.deprecations)
                .cloned()
                .collect(),
            fates: fates.fates,
            steps: fates.steps,
        }
    }
}

/// The channels both catalogs have whose head moved (`og`, `ng`: the channel graphs, in
/// channel-name order).
fn heads_moved(
    og: &[ChannelGraph],
    ng: &[ChannelGraph],
    oc: &[&str],
    nc: &[&str],
) -> Vec<HeadChange> {
    let head = |graphs: &[ChannelGraph], c: &str| {
        let at = graphs
            .binary_search_by(|g| g.channel.as_str().cmp(c))
            .ok()?;
        graphs[at].head.name().map(str::to_string)
    };
    in_both(oc, nc)
        .into_iter()
        .filter_map(|c| {
            let (old, new) = (head(og, c), head(ng, c));
            (old != new).then(|| HeadChange {
                channel: c.to_string(),
                old,
                new,
            })
        })
        .collect()
}

/// Which old bundles are followed, and in which channel: the subscription's when it has the
/// bundle, else (no channel given) the default channel when it has it, else the first.
fn followed<'p>(op: &'p Package, options: &DiffOptions) -> Vec<(&'p Bundle, String)> {
    let mut channels_of: FastMap<&str, Vec<&str>> = FastMap::default();
    for c in &op.channels {
        for e in &c.entries {
            let list = channels_of.entry(e.name.as_str()).or_default();
            if list.last() != Some(&c.name.as_str()) {
                list.push(c.name.as_str());
            }
        }
    }
    let mut out = Vec::new();
    for b in &op.bundles {
        let channels = channels_of
            .get(b.name.as_str())
            .map_or(&[][..], Vec::as_slice);
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
            out.push((b, c));
        }
    }
    out
}

/// Every followed old bundle's fate in the new catalog, and the hops their paths take.
fn fates(
    op: &Package,
    np: Option<&Package>,
    options: &DiffOptions,
) -> (Vec<BundleFate>, BTreeMap<String, Steps>) {
    let mut walkers: BTreeMap<String, FateWalker> = BTreeMap::new();
    let mut out = Vec::new();
    for (old, channel) in followed(op, options) {
        let bundle = &old.name;
        let removed = |note: String| BundleFate {
            bundle: bundle.clone(),
            channel: channel.clone(),
            status: Fate::ChannelRemoved,
            next: None,
            end: bundle.clone(),
            hops: 0,
            note: Some(note),
        };
        let Some(np) = np else {
            out.push(removed("the package is not in the new catalog".into()));
            continue;
        };
        if np.channel(&channel).is_none() {
            out.push(removed(format!(
                "channel {channel:?} is not in the new catalog"
            )));
            continue;
        }
        let walker = walkers
            .entry(channel.clone())
            .or_insert_with(|| FateWalker::new(np, &channel, options.resolver));
        out.push(walker.fate(bundle, &channel, old.version.clone()));
    }
    let steps = walkers
        .into_iter()
        .map(|(channel, w)| (channel, w.into_steps()))
        .collect();
    (out, steps)
}
