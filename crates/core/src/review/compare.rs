//! Comparing the two catalogs package by package: a cheap content comparison first, and the
//! fates, edges and pictures only for the packages that changed.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::change::diff::EdgeChange;
use crate::change::{diff_package, BundleFate, DiffOptions, Fate, PackageDiff};
use crate::graph::{channel_graphs, channel_head, ChannelGraph};
use crate::model::{Bundle, Catalog, ChannelEntry, Package};
use crate::resolve::Resolver;
use crate::sort::SortWith;
use crate::validate::lint_catalog;
use crate::Diagnostic;

use super::findings::{match_findings, FindingChanges};
use super::picture::ChannelPicture;
use super::{
    summarize, BundleChange, EntryChange, EntryChangeKind, InstalledBundle, Outcome, PackageReview,
    PackageStatus, RemovedHead, ResolverSteps, Review, ReviewError, ReviewOptions, ValueChange,
};

/// Reviews the change from `old` to `new`: lints both, matches the findings, and compares every
/// package present on either side.
///
/// # Complexity
/// O(S + F) for the size S of both catalogs' channel graphs and F findings, plus, for each
/// changed package, four [`diff_package`] runs (v0 and v1, after the change and before it),
/// each O((V + E) log V) for V entries and E edges of the package on both sides. The review is
/// linear in them: an installed bundle's outcome gives the first hop, end and length of its
/// path, whose hops are kept once per resolver ([`PackageReview::steps`]).
pub fn review_catalogs(
    old: &Catalog,
    new: &Catalog,
    options: &ReviewOptions,
) -> Result<Review, ReviewError> {
    let (mut old_by_package, old_loose) = by_package(lint_catalog(old));
    let (mut new_by_package, new_loose) = by_package(review_findings(new, options));
    let names: BTreeSet<&str> = old
        .packages
        .iter()
        .chain(&new.packages)
        .map(|p| p.name.as_str())
        .collect();
    let mut packages = Vec::new();
    let mut unchanged_packages = 0;
    for name in names {
        let findings = match_findings(
            &old_by_package.remove(name).unwrap_or_default(),
            &new_by_package.remove(name).unwrap_or_default(),
            &options.old_roots,
            &options.new_roots,
        );
        let content = Content::of(old.package(name), new.package(name));
        if content.is_empty() && findings.is_empty() {
            unchanged_packages += 1;
            continue;
        }
        packages.push(package_review(old, new, name, content, findings)?);
    }
    let catalog_findings = match_findings(
        &old_loose,
        &new_loose,
        &options.old_roots,
        &options.new_roots,
    );
    Ok(Review {
        old: options.old_label.clone(),
        new: options.new_label.clone(),
        summary: summarize(&packages, &catalog_findings),
        packages,
        unchanged_packages,
        catalog_findings,
    })
}

/// The findings of the new side: its lint, and its end-of-life heads on the review date (only
/// on this side, so that each review names them, as new findings).
///
/// # Complexity
/// As [`lint_catalog`], plus [`super::end_of_life::end_of_life_heads`].
fn review_findings(catalog: &Catalog, options: &ReviewOptions) -> Vec<Diagnostic> {
    let mut findings = lint_catalog(catalog);
    if let Some(day) = options.as_of {
        findings.extend(super::end_of_life::end_of_life_heads(catalog, day));
    }
    findings
}

type ByPackage = (HashMap<String, Vec<Diagnostic>>, Vec<Diagnostic>);

/// Findings by package, and those of no package.
fn by_package(findings: Vec<Diagnostic>) -> ByPackage {
    let mut map: HashMap<String, Vec<Diagnostic>> = HashMap::new();
    let mut loose = Vec::new();
    for d in findings {
        match d.package.clone() {
            Some(p) => map.entry(p).or_default().push(d),
            None => loose.push(d),
        }
    }
    (map, loose)
}

/// What differs in a package's own content (no graph, no resolution).
#[derive(Debug, Default)]
struct Content {
    status: Option<PackageStatus>,
    default_channel: Option<ValueChange>,
    bundles_added: Vec<String>,
    bundles_removed: Vec<String>,
    bundles_modified: Vec<BundleChange>,
    channels_added: Vec<String>,
    channels_removed: Vec<String>,
    entries_changed: Vec<EntryChange>,
    deprecations_added: Vec<String>,
    deprecations_removed: Vec<String>,
}

impl Content {
    /// # Complexity
    /// O(B + N + D) expected for B bundles, N channel entries (with their skips) and D
    /// deprecations of both sides.
    fn of(old: Option<&Package>, new: Option<&Package>) -> Content {
        let status = match (old, new) {
            (Some(_), Some(_)) => None,
            (None, _) => Some(PackageStatus::Added),
            (_, None) => Some(PackageStatus::Removed),
        };
        let default = |p: Option<&Package>| p.and_then(|p| p.default_channel.clone());
        let (old_default, new_default) = (default(old), default(new));
        let default_channel =
            (status.is_none() && old_default != new_default).then_some(ValueChange {
                old: old_default,
                new: new_default,
            });
        let (bundles_added, bundles_removed, bundles_modified) = bundle_changes(
            old.map(|p| p.bundles.as_slice()).unwrap_or_default(),
            new.map(|p| p.bundles.as_slice()).unwrap_or_default(),
        );
        let channels = |p: Option<&Package>| -> BTreeSet<String> {
            p.map(|p| p.channels.iter().map(|c| c.name.clone()).collect())
                .unwrap_or_default()
        };
        let (old_channels, new_channels) = (channels(old), channels(new));
        let deprecations =
            |p: Option<&Package>| p.map(Package::deprecation_refs).unwrap_or_default();
        let (old_deprecations, new_deprecations) = (deprecations(old), deprecations(new));
        Content {
            status,
            default_channel,
            bundles_added,
            bundles_removed,
            bundles_modified,
            channels_added: new_channels.difference(&old_channels).cloned().collect(),
            channels_removed: old_channels.difference(&new_channels).cloned().collect(),
            entries_changed: match (old, new) {
                (Some(o), Some(n)) => entry_changes(o, n),
                _ => Vec::new(),
            },
            deprecations_added: diff_sorted(&new_deprecations, &old_deprecations),
            deprecations_removed: diff_sorted(&old_deprecations, &new_deprecations),
        }
    }

    fn is_empty(&self) -> bool {
        self.status.is_none()
            && self.default_channel.is_none()
            && self.bundles_added.is_empty()
            && self.bundles_removed.is_empty()
            && self.bundles_modified.is_empty()
            && self.channels_added.is_empty()
            && self.channels_removed.is_empty()
            && self.entries_changed.is_empty()
            && self.deprecations_added.is_empty()
            && self.deprecations_removed.is_empty()
    }
}

fn diff_sorted(a: &BTreeSet<String>, b: &BTreeSet<String>) -> Vec<String> {
    a.difference(b).cloned().collect()
}

/// Bundles added, removed, and on both sides with other fields (both lists sorted by name).
///
/// # Complexity
/// O(B) expected for B bundles on both sides (hashing).
fn bundle_changes(old: &[Bundle], new: &[Bundle]) -> (Vec<String>, Vec<String>, Vec<BundleChange>) {
    let new_by_name: HashMap<&str, &Bundle> = new.iter().map(|b| (b.name.as_str(), b)).collect();
    let old_names: HashSet<&str> = old.iter().map(|b| b.name.as_str()).collect();
    let added = new
        .iter()
        .filter(|b| !old_names.contains(b.name.as_str()))
        .map(|b| b.name.clone())
        .collect();
    let mut removed = Vec::new();
    let mut modified = Vec::new();
    for o in old {
        let Some(n) = new_by_name.get(o.name.as_str()) else {
            removed.push(o.name.clone());
            continue;
        };
        let mut fields = Vec::new();
        if o.version_text != n.version_text {
            fields.push("version");
        }
        if o.image != n.image {
            fields.push("image");
        }
        if o.release != n.release {
            fields.push("release");
        }
        if o.legacy_deprecated != n.legacy_deprecated {
            fields.push("olm.deprecated");
        }
        if !fields.is_empty() {
            modified.push(BundleChange {
                bundle: o.name.clone(),
                fields,
            });
        }
    }
    (added, removed, modified)
}

/// Entries added to, removed from, or changed in the channels both sides have.
///
/// # Complexity
/// O(N) expected for N entries (and their skips) in both packages.
fn entry_changes(old: &Package, new: &Package) -> Vec<EntryChange> {
    let mut out = Vec::new();
    for oc in &old.channels {
        let Some(nc) = new.channel(&oc.name) else {
            continue;
        };
        let new_entries: HashMap<&str, &ChannelEntry> =
            nc.entries.iter().map(|e| (e.name.as_str(), e)).collect();
        let old_entries: HashMap<&str, &ChannelEntry> =
            oc.entries.iter().map(|e| (e.name.as_str(), e)).collect();
        let change = |entry: &str, change, fields| EntryChange {
            channel: oc.name.clone(),
            entry: entry.to_string(),
            change,
            fields,
        };
        for e in &oc.entries {
            match new_entries.get(e.name.as_str()) {
                None => out.push(change(&e.name, EntryChangeKind::Removed, Vec::new())),
                Some(n) => {
                    let fields = entry_fields(e, n);
                    if !fields.is_empty() {
                        out.push(change(&e.name, EntryChangeKind::Modified, fields));
                    }
                }
            }
        }
        for e in nc
            .entries
            .iter()
            .filter(|e| !old_entries.contains_key(e.name.as_str()))
        {
            out.push(change(&e.name, EntryChangeKind::Added, Vec::new()));
        }
    }
    out
}

/// The upgrade fields of an entry that differ (`skips` compared as sets).
fn entry_fields(old: &ChannelEntry, new: &ChannelEntry) -> Vec<&'static str> {
    let mut fields = Vec::new();
    if old.replaces != new.replaces {
        fields.push("replaces");
    }
    let skips = |e: &ChannelEntry| -> BTreeSet<String> { e.skips.iter().cloned().collect() };
    if skips(old) != skips(new) {
        fields.push("skips");
    }
    if old.skip_range != new.skip_range {
        fields.push("skipRange");
    }
    fields
}

/// The full review of a package known to have changed.
fn package_review(
    old: &Catalog,
    new: &Catalog,
    name: &str,
    content: Content,
    findings: FindingChanges,
) -> Result<PackageReview, ReviewError> {
    let old_package = old.package(name);
    let new_package = new.package(name);
    let (heads_moved, edges_added, edges_removed, installed, steps) = match old_package {
        Some(_) => {
            let diffs = Diffs::run(old, new, name)?;
            let installed = diffs.installed();
            let d = diffs.after_v0;
            let steps = ResolverSteps {
                v0: d.steps,
                v1: diffs.after_v1.steps,
            };
            (
                d.heads_moved,
                d.edges_added,
                d.edges_removed,
                installed,
                steps,
            )
        }
        None => {
            let graphs = new_package.map(channel_graphs).unwrap_or_default();
            let none = ResolverSteps::default();
            (Vec::new(), edge_list(&graphs), Vec::new(), Vec::new(), none)
        }
    };
    let mut review = PackageReview {
        package: name.to_string(),
        status: content.status.unwrap_or(PackageStatus::Changed),
        default_channel: content.default_channel,
        bundles_added: content.bundles_added,
        bundles_removed: content.bundles_removed,
        bundles_modified: content.bundles_modified,
        channels_added: content.channels_added,
        channels_removed: content.channels_removed,
        entries_changed: content.entries_changed,
        heads_moved,
        removed_heads: removed_heads(old_package, new_package),
        edges_added,
        edges_removed,
        deprecations_added: content.deprecations_added,
        deprecations_removed: content.deprecations_removed,
        findings,
        installed,
        channels: Vec::new(),
        steps,
    };
    review.channels = pictures(&review, old_package, new_package);
    Ok(review)
}

/// Every edge of `graphs`, as [`EdgeChange`]s.
fn edge_list(graphs: &[ChannelGraph]) -> Vec<EdgeChange> {
    let mut out: Vec<EdgeChange> = graphs
        .iter()
        .flat_map(|g| {
            g.edges.iter().map(move |e| EdgeChange {
                channel: g.channel.clone(),
                from: g.nodes[e.from].name.clone(),
                to: g.nodes[e.to].name.clone(),
                kind: e.kind,
            })
        })
        .collect();
    out.sort_ord();
    out
}

/// Old channel heads that are no longer entries of their channel.
fn removed_heads(old: Option<&Package>, new: Option<&Package>) -> Vec<RemovedHead> {
    let Some(old) = old else {
        return Vec::new();
    };
    old.channels
        .iter()
        .filter_map(|c| {
            let head = channel_head(c).name()?.to_string();
            let kept = new
                .and_then(|n| n.channel(&c.name))
                .is_some_and(|nc| nc.entry(&head).is_some());
            (!kept).then(|| RemovedHead {
                channel: c.name.clone(),
                bundle: head,
            })
        })
        .collect()
}

/// The four comparisons behind the installed bundles' outcomes.
struct Diffs {
    after_v0: PackageDiff,
    after_v1: PackageDiff,
    before_v0: PackageDiff,
    before_v1: PackageDiff,
}

impl Diffs {
    fn run(old: &Catalog, new: &Catalog, name: &str) -> Result<Diffs, ReviewError> {
        let diff = |to: &Catalog, resolver| {
            let options = DiffOptions {
                channel: None,
                resolver,
            };
            diff_package(old, to, name, &options).map_err(|e| ReviewError::Diff {
                package: name.to_string(),
                message: e.to_string(),
            })
        };
        Ok(Diffs {
            after_v0: diff(new, Resolver::V0)?,
            after_v1: diff(new, Resolver::V1)?,
            before_v0: diff(old, Resolver::V0)?,
            before_v1: diff(old, Resolver::V1)?,
        })
    }

    /// The outcomes of every installed bundle, matched by bundle and channel.
    fn installed(&self) -> Vec<InstalledBundle> {
        let index = |d: &PackageDiff| -> HashMap<(String, String), BundleFate> {
            d.fates
                .iter()
                .map(|f| ((f.bundle.clone(), f.channel.clone()), f.clone()))
                .collect()
        };
        let (after_v1, before_v0, before_v1) = (
            index(&self.after_v1),
            index(&self.before_v0),
            index(&self.before_v1),
        );
        self.after_v0
            .fates
            .iter()
            .map(|f| {
                let key = (f.bundle.clone(), f.channel.clone());
                let before = |m: &HashMap<(String, String), BundleFate>| {
                    m.get(&key).map_or(Fate::UpToDate, |b| b.status)
                };
                InstalledBundle {
                    bundle: f.bundle.clone(),
                    channel: f.channel.clone(),
                    v0: outcome(Some(f), &f.bundle, before(&before_v0)),
                    v1: outcome(after_v1.get(&key), &f.bundle, before(&before_v1)),
                }
            })
            .collect()
    }
}

fn outcome(after: Option<&BundleFate>, bundle: &str, before: Fate) -> Outcome {
    match after {
        Some(f) => Outcome {
            status: f.status,
            before,
            next: f.next.clone(),
            end: f.end.clone(),
            hops: f.hops,
            note: f.note.clone(),
        },
        None => Outcome {
            status: before,
            before,
            next: None,
            end: bundle.to_string(),
            hops: 0,
            note: None,
        },
    }
}

/// A picture of every channel the change touches, by channel name.
///
/// # Complexity
/// O(S) expected for the size S of the package's channel graphs on both sides.
fn pictures(
    review: &PackageReview,
    old: Option<&Package>,
    new: Option<&Package>,
) -> Vec<ChannelPicture> {
    let mut touched: BTreeSet<&str> = BTreeSet::new();
    touched.extend(review.channels_added.iter().map(String::as_str));
    touched.extend(review.channels_removed.iter().map(String::as_str));
    touched.extend(review.entries_changed.iter().map(|e| e.channel.as_str()));
    touched.extend(review.heads_moved.iter().map(|h| h.channel.as_str()));
    touched.extend(
        review
            .edges_added
            .iter()
            .chain(&review.edges_removed)
            .map(|e| e.channel.as_str()),
    );
    for d in review
        .deprecations_added
        .iter()
        .chain(&review.deprecations_removed)
    {
        if let Some(c) = d.strip_prefix("olm.channel/") {
            touched.insert(c);
        }
    }
    let graphs = |p: Option<&Package>| -> HashMap<String, ChannelGraph> {
        p.map(channel_graphs)
            .unwrap_or_default()
            .into_iter()
            .map(|g| (g.channel.clone(), g))
            .collect()
    };
    let (old_graphs, new_graphs) = (graphs(old), graphs(new));
    let stranded = stranded_by_channel(review);
    let none = HashMap::new();
    touched
        .into_iter()
        .map(|channel| {
            ChannelPicture::build(
                channel,
                old_graphs.get(channel),
                new_graphs.get(channel),
                stranded.get(channel).unwrap_or(&none),
            )
        })
        .collect()
}

type Stranded<'a> = HashMap<&'a str, HashMap<&'a str, Vec<Resolver>>>;

/// By channel, the bundles followed in it that the change strands, with the resolvers that
/// strand them.
fn stranded_by_channel(review: &PackageReview) -> Stranded<'_> {
    let mut out: Stranded<'_> = HashMap::new();
    for b in &review.installed {
        for r in [Resolver::V0, Resolver::V1] {
            if b.outcome(r).newly(Fate::Stranded) {
                out.entry(b.channel.as_str())
                    .or_default()
                    .entry(b.bundle.as_str())
                    .or_default()
                    .push(r);
            }
        }
    }
    out
}
