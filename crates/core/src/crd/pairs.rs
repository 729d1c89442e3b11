//! The upgrade pairs of a package and their judgements: every distinct (from, to) over the
//! replaces, skips and skipRange edges of every channel, each judged once per distinct pair
//! of CRD contents, since a skipRange fan repeats the same CRDs many times
//! ([spec/crd-safety.md §6](../../../../docs/spec/crd-safety.md)).

use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};

use serde::Serialize;

use super::limits::CrdLimits;
use super::{content, judge, Content, Live, PairJudgement};
use crate::graph::{channel_graphs, EdgeKind};
use crate::model::Package;
use crate::sort::SortWith;

/// One upgrade of a package: its bundles, the channels with such an edge and the edges' kinds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UpgradePair {
    /// The bundle upgraded from.
    pub from: String,
    /// The bundle upgraded to.
    pub to: String,
    /// The channels with an edge between them.
    pub channels: Vec<String>,
    /// The kinds of those edges.
    pub edges: Vec<EdgeKind>,
}

/// Every distinct upgrade edge between two bundles of the package, in (from, to) name order;
/// only `channel`'s when given. Edges from or to a bundle the package lacks are left out.
///
/// # Complexity
/// O(E log E + B + N) for E edges over every channel, B bundles and N entries.
pub fn upgrade_pairs(package: &Package, channel: Option<&str>) -> Vec<UpgradePair> {
    let mut pairs: BTreeMap<(String, String), UpgradePair> = BTreeMap::new();
    for g in channel_graphs(package) {
        if channel.is_some_and(|c| c != g.channel) {
            continue;
        }
        for e in &g.edges {
            let (a, b) = (&g.nodes[e.from], &g.nodes[e.to]);
            if a.bundle.is_none() || b.bundle.is_none() || a.name == b.name {
                continue;
            }
            let p = pairs
                .entry((a.name.clone(), b.name.clone()))
                .or_insert_with(|| UpgradePair {
                    from: a.name.clone(),
                    to: b.name.clone(),
                    channels: Vec::new(),
                    edges: Vec::new(),
                });
            if !p.channels.contains(&g.channel) {
                p.channels.push(g.channel.clone());
            }
            if !p.edges.contains(&e.kind) {
                p.edges.push(e.kind);
            }
        }
    }
    let mut out: Vec<UpgradePair> = pairs.into_values().collect();
    for p in &mut out {
        p.channels.sort_ord();
        p.edges.sort_ord();
    }
    out
}

/// The `olm.gvk`s of `from` that `to` no longer declares (both read with `keep_gvks`).
fn dropped_apis(from: &crate::model::Bundle, to: &crate::model::Bundle) -> Vec<String> {
    let (Some(a), Some(b)) = (from.crds.as_deref(), to.crds.as_deref()) else {
        return Vec::new();
    };
    if b.gvks.is_empty() {
        return Vec::new();
    }
    a.gvks
        .iter()
        .filter(|g| !b.gvks.contains(g))
        .cloned()
        .collect()
}

/// A package's bundles' CRD contents, read once each, and the judgements of pairs, made once
/// per distinct pair of contents.
pub struct Judge<'p> {
    package: &'p Package,
    live: Option<&'p Live>,
    limits: CrdLimits,
    /// Bundle index → (fingerprint of its CRDs, its content).
    contents: HashMap<usize, (u64, Content)>,
    memo: HashMap<(u64, u64), PairJudgement>,
}

impl<'p> Judge<'p> {
    /// A judge of `package`'s upgrades, against the cluster's CRDs when `live` gives them.
    pub fn new(package: &'p Package, live: Option<&'p Live>, limits: CrdLimits) -> Self {
        Judge {
            package,
            live,
            limits,
            contents: HashMap::new(),
            memo: HashMap::new(),
        }
    }

    /// True when some bundle of the package carries a CRD among its manifests: only then do
    /// `graph --json`, `path`, `lint` and the view add CRD-safety verdicts, so the outputs for
    /// catalogs without CRDs stay as they were.
    ///
    /// # Complexity
    /// O(B) for B bundles.
    pub fn carries_manifests(package: &Package) -> bool {
        package
            .bundles
            .iter()
            .any(|b| b.crds.as_ref().is_some_and(|c| !c.objects.is_empty()))
    }

    fn content_of(&mut self, bundle: usize) -> u64 {
        if let Some((f, _)) = self.contents.get(&bundle) {
            return *f;
        }
        let b = &self.package.bundles[bundle];
        let c = content(b, self.limits);
        let mut h = std::collections::hash_map::DefaultHasher::new();
        match b.crds.as_deref() {
            Some(crds) => {
                for o in &crds.objects {
                    super::gojson::marshal(o).hash(&mut h);
                }
                crds.owned.hash(&mut h);
                crds.manifests.hash(&mut h);
                crds.gvks.hash(&mut h);
            }
            None => 0u8.hash(&mut h),
        }
        if let Content::Unknown(why) = &c {
            why.hash(&mut h);
        }
        let f = h.finish();
        self.contents.insert(bundle, (f, c));
        f
    }

    /// The judgement of upgrading from the bundle named `from` to the one named `to`; `None`
    /// when the package lacks either.
    ///
    /// # Complexity
    /// O(log B) plus, the first time for a pair of contents, [`judge`]'s cost.
    pub fn pair(&mut self, from: &str, to: &str) -> Option<PairJudgement> {
        let (a, b) = (
            self.package.bundle_index(from)?,
            self.package.bundle_index(to)?,
        );
        let (fa, fb) = (self.content_of(a), self.content_of(b));
        if let Some(j) = self.memo.get(&(fa, fb)) {
            return Some(j.clone());
        }
        let mut j = judge(&self.contents[&a].1, &self.contents[&b].1, self.live);
        let dropped = dropped_apis(&self.package.bundles[a], &self.package.bundles[b]);
        if !dropped.is_empty() {
            let note = format!(
                "olm.gvk shows API(s) dropped: {}; a stored version removed would fail both OLMs",
                dropped.join("; ")
            );
            for side in [&mut j.olm_v1, &mut j.olm_v0] {
                if side.verdict == super::Verdict::Unknown {
                    side.message = format!("{}\n{note}", side.message);
                }
            }
        }
        self.memo.insert((fa, fb), j.clone());
        Some(j)
    }
}

impl Judge<'_> {
    /// The judgements of the hops of a path `(from, to)` in order, the stored versions of every
    /// bundle installed before each hop counted (spec/crd-safety.md §2.2); `None` for a hop
    /// with a bundle the package lacks.
    ///
    /// # Complexity
    /// O(H) judgements for H hops.
    pub fn path(&mut self, hops: &[(&str, &str)]) -> Vec<Option<PairJudgement>> {
        let mut history = super::History::new();
        let mut out = Vec::with_capacity(hops.len());
        for (from, to) in hops {
            let (Some(a), Some(b)) = (
                self.package.bundle_index(from),
                self.package.bundle_index(to),
            ) else {
                out.push(None);
                continue;
            };
            self.content_of(a);
            self.content_of(b);
            let record = |c: &Content, h: &mut super::History| {
                if let Content::Known(crds) = c {
                    for crd in crds {
                        let seen = h.entry(crd.name.clone()).or_default();
                        for s in crd
                            .storage_version()
                            .into_iter()
                            .chain(crd.stored_versions.iter().map(String::as_str))
                        {
                            if !seen.iter().any(|x| x == s) {
                                seen.push(s.to_string());
                            }
                        }
                    }
                }
            };
            record(&self.contents[&a].1, &mut history);
            let j = super::judge_with(
                &self.contents[&a].1,
                &self.contents[&b].1,
                self.live,
                Some(&history),
            );
            out.push(Some(j));
        }
        out
    }
}
