//! Operator repositories in the bundle layout (community-operators-prod, certified-operators),
//! converted to the same model as FBC, as the pipeline's index build (`opm index add`) builds
//! them ([spec/operator-repo.md](../../../../../docs/spec/operator-repo.md)).
//!
//! An operator directory holds `ci.yaml` (optional: `updateGraph`) and one directory per
//! bundle: `<bundle>/manifests/*.clusterserviceversion.yaml` and
//! `<bundle>/metadata/annotations.yaml` (package, channels, default channel). A repository
//! root is read the same way: its `operators/<name>/` directories are operator directories.
//! In `replaces-mode` (the default) each channel's head is its highest version and its entries
//! are the `spec.replaces` chain from there (spec/operator-repo.md §3); in `semver-mode` each
//! bundle of a channel replaces the next lower version of that channel, and only the CSV's
//! skipRange is kept (§4). The default
//! channel is the one the highest version that names one names (§5).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::assemble::legacy::{csv_bundle, Csv};
use crate::load::input::parent_dir;
use crate::load::object::convert::Obj;
use crate::load::object::RawObject;
use crate::model::{Channel, ChannelEntry, Package};
use crate::semver::Version;
use crate::sort::SortWith;

/// The annotation naming a bundle's package.
pub(crate) const PACKAGE_KEY: &str = "operators.operatorframework.io.bundle.package.v1";
/// The annotation listing a bundle's channels, comma-separated.
pub(crate) const CHANNELS_KEY: &str = "operators.operatorframework.io.bundle.channels.v1";
/// The annotation naming the default channel.
pub(crate) const DEFAULT_KEY: &str = "operators.operatorframework.io.bundle.channel.default.v1";

/// A bundle's `metadata/annotations.yaml`, as read.
pub(crate) struct Annotations {
    /// The bundle directory: the path without `/metadata/annotations.yaml`.
    pub bundle_dir: String,
    pub annotations: Value,
    pub location: Location,
}

/// An operator's `ci.yaml`, as read.
pub(crate) struct CiConfig {
    pub dir: String,
    pub update_graph: Option<Value>,
    pub location: Location,
}

/// How the index build chains a package's bundles (`updateGraph` in `ci.yaml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Replaces,
    Semver,
}

/// The bundle directory of a `metadata/annotations.yaml` (or `.yml`) path, if it is one.
pub(crate) fn annotations_bundle_dir(path: &str) -> Option<&str> {
    let meta = parent_dir(path);
    let name = &path[meta.len()..].trim_start_matches('/');
    let is_meta = meta == "metadata" || meta.ends_with("/metadata");
    (is_meta && (*name == "annotations.yaml" || *name == "annotations.yml"))
        .then(|| parent_dir(meta))
}

/// True when `path` names an operator's `ci.yaml` (or `ci.yml`).
pub(crate) fn is_ci_config(path: &str) -> bool {
    let name = &path[parent_dir(path).len()..].trim_start_matches('/');
    *name == "ci.yaml" || *name == "ci.yml"
}

/// The bundle directory a CSV at `path` belongs to: the one whose `manifests/` holds it.
fn csv_bundle_dir(path: &str) -> Option<&str> {
    let manifests = parent_dir(path);
    (manifests == "manifests" || manifests.ends_with("/manifests")).then(|| parent_dir(manifests))
}

/// One bundle of an operator directory, read from its annotations and CSV.
struct RepoBundle<'c> {
    csv: &'c Csv,
    name: String,
    version: Option<Version>,
    channels: Vec<String>,
    default_channel: Option<String>,
    location: Location,
}

/// What the conversion yields: the objects, and the operator directories it read (their other
/// documents, CRDs and the like, are not catalog content and are not reported).
pub(crate) struct Converted {
    pub objs: Vec<Obj>,
    pub operator_dirs: BTreeSet<String>,
}

/// Converts every bundle directory that has `metadata/annotations.yaml`, taking the CSVs of
/// their `manifests/` out of `csvs` (the rest stay for the legacy reader).
///
/// # Complexity
/// O((A + C) log (A + C) + E log B) for A annotation files, C CSVs, B bundles and
/// E ≤ `max_entries` channel entries.
pub(crate) fn convert(
    annotations: Vec<Annotations>,
    configs: Vec<CiConfig>,
    csvs: &mut Vec<Csv>,
    max_entries: usize,
    diags: &mut Vec<Diagnostic>,
) -> Converted {
    let bundle_dirs: BTreeSet<String> = annotations.iter().map(|a| a.bundle_dir.clone()).collect();
    let (mine, rest): (Vec<Csv>, Vec<Csv>) = std::mem::take(csvs)
        .into_iter()
        .partition(|c| csv_bundle_dir(&c.path).is_some_and(|d| bundle_dirs.contains(d)));
    *csvs = rest;
    let mut by_dir: BTreeMap<&str, &Csv> = BTreeMap::new();
    for c in &mine {
        let dir = csv_bundle_dir(&c.path).unwrap_or_default();
        if by_dir.contains_key(dir) {
            let msg = format!("bundle directory {dir:?} holds more than one ClusterServiceVersion: the first one is read");
            diags.push(Diagnostic::warning(Rule::LoadRepo, msg).at(c.location.clone()));
            continue;
        }
        by_dir.insert(dir, c);
    }
    let modes: BTreeMap<String, Mode> = configs
        .into_iter()
        .map(|c| (c.dir.clone(), mode_of(&c, diags)))
        .collect();
    let mut packages: BTreeMap<(String, String), Vec<RepoBundle>> = BTreeMap::new();
    let mut operator_dirs = BTreeSet::new();
    for a in &annotations {
        let op_dir = parent_dir(&a.bundle_dir).to_string();
        operator_dirs.insert(op_dir.clone());
        let Some(csv) = by_dir.get(a.bundle_dir.as_str()) else {
            let msg = format!(
                "bundle directory {:?} has no ClusterServiceVersion in manifests/: not read",
                a.bundle_dir
            );
            diags.push(Diagnostic::error(Rule::LoadRepo, msg).at(a.location.clone()));
            continue;
        };
        if let Some((package, b)) = read_bundle(a, csv, &op_dir, diags) {
            packages.entry((op_dir, package)).or_default().push(b);
        }
    }
    let mut left = max_entries;
    let mut objs = Vec::new();
    for ((op_dir, package), bundles) in packages {
        let mode = modes.get(&op_dir).copied().unwrap_or(Mode::Replaces);
        package_objs(&package, bundles, mode, &mut left, diags, &mut objs);
    }
    Converted {
        objs,
        operator_dirs,
    }
}

/// `updateGraph`: absent is `replaces-mode`, as the pipeline reads it (spec/operator-repo.md §2).
fn mode_of(c: &CiConfig, diags: &mut Vec<Diagnostic>) -> Mode {
    match c.update_graph.as_ref() {
        None | Some(Value::Null) => Mode::Replaces,
        Some(Value::String(s)) if s == "replaces-mode" => Mode::Replaces,
        Some(Value::String(s)) if s == "semver-mode" => Mode::Semver,
        Some(v) => {
            let msg =
                format!("updateGraph {v}: not replaces-mode or semver-mode; read as replaces-mode");
            diags.push(
                Diagnostic::error(Rule::LoadRepo, msg)
                    .at(c.location.clone())
                    .field("updateGraph"),
            );
            Mode::Replaces
        }
    }
}

fn text(v: Option<&Value>) -> Option<String> {
    v.and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// One bundle: its package (the annotation, else the operator directory's name), its CSV's
/// name and version, its channels and default channel.
fn read_bundle<'c>(
    a: &Annotations,
    csv: &'c Csv,
    op_dir: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<(String, RepoBundle<'c>)> {
    let ann = &a.annotations;
    let err = |msg: String, field: &str| {
        Diagnostic::error(Rule::LoadRepo, msg)
            .at(a.location.clone())
            .field(format!("annotations.{field}"))
    };
    if !ann.is_object() {
        diags.push(err("annotations is not a mapping".into(), "").field("annotations"));
        return None;
    }
    let package = text(ann.get(PACKAGE_KEY)).unwrap_or_else(|| {
        let dir_name = op_dir.rsplit('/').next().unwrap_or(op_dir).to_string();
        let msg =
            format!("no package annotation: the package is named {dir_name:?} after its directory");
        diags.push(err(msg, PACKAGE_KEY));
        dir_name
    });
    let channels: Vec<String> = text(ann.get(CHANNELS_KEY))
        .map(|s| {
            s.split(',')
                .filter_map(|c| text(Some(&Value::from(c))))
                .collect()
        })
        .unwrap_or_default();
    if channels.is_empty() {
        diags.push(err("bundle names no channel".into(), CHANNELS_KEY).package(&package));
    }
    let metadata = csv.raw.metadata.as_ref();
    let Some(name) = text(metadata.and_then(|m| m.get("name"))) else {
        diags.push(
            Diagnostic::error(
                Rule::LoadRepo,
                "ClusterServiceVersion has no metadata.name: not read",
            )
            .at(csv.location.clone())
            .package(&package)
            .field("metadata.name"),
        );
        return None;
    };
    let version = text(csv.raw.spec.as_ref().and_then(|s| s.get("version")))
        .and_then(|v| Version::parse(&v).ok());
    let bundle = RepoBundle {
        csv,
        name,
        version,
        channels,
        default_channel: text(ann.get(DEFAULT_KEY)),
        location: a.location.clone(),
    };
    Some((package, bundle))
}

/// A package's objects: the package, one channel per channel any bundle names, one bundle per
/// CSV. Bundles without a valid version stay out of the channels (their CSV reader reports
/// the version); of two bundles with one version, the second stays out.
///
/// # Complexity
/// O(B log B + E log B) for B bundles and E entries walked.
fn package_objs(
    package: &str,
    mut bundles: Vec<RepoBundle>,
    mode: Mode,
    left: &mut usize,
    diags: &mut Vec<Diagnostic>,
    out: &mut Vec<Obj>,
) {
    bundles.sort_with(|a, b| a.version.cmp(&b.version).then_with(|| a.name.cmp(&b.name)));
    let mut ordered: Vec<&RepoBundle> = Vec::new();
    for b in bundles.iter().filter(|b| b.version.is_some()) {
        if let Some(prev) = ordered.last().filter(|p| p.version == b.version) {
            let msg =
                format!(
                "bundles {:?} and {:?} have the same version {}: {:?} is left out of the channels",
                prev.name,
                b.name,
                b.version.as_ref().map(ToString::to_string).unwrap_or_default(),
                b.name
            );
            diags.push(
                Diagnostic::error(Rule::LoadRepo, msg)
                    .at(b.location.clone())
                    .package(package)
                    .bundle(&b.name),
            );
            continue;
        }
        ordered.push(b);
    }
    let default_channel = default_channel(package, &ordered, diags);
    let location = ordered.first().map(|b| b.location.clone());
    let mut channels: BTreeMap<&str, Vec<&RepoBundle>> = BTreeMap::new();
    for b in &ordered {
        for c in &b.channels {
            channels.entry(c.as_str()).or_default().push(b);
        }
    }
    let annotated_channels = match mode {
        Mode::Semver => Vec::new(),
        Mode::Replaces => annotated(package, &channels),
    };
    out.push(Obj::Package(Package {
        name: package.to_string(),
        declared: true,
        default_channel,
        location,
        annotated_channels,
        ..Package::default()
    }));
    let by_name: BTreeMap<&str, &RepoBundle> =
        ordered.iter().map(|b| (b.name.as_str(), *b)).collect();
    let first_new = diags.len();
    for (name, members) in channels {
        let entries = match mode {
            Mode::Semver => semver_entries(&members, left),
            Mode::Replaces => replaces_entries(package, &members, &by_name, left, diags),
        };
        out.push(Obj::Channel(Channel {
            name: name.to_string(),
            package: package.to_string(),
            entries,
            location: members.last().map(|b| b.location.clone()),
        }));
    }
    // A chain shared by several channels reports its break once.
    let mut seen = BTreeSet::new();
    let mut tail = diags.split_off(first_new);
    tail.retain(|d| seen.insert(d.message.clone()));
    diags.append(&mut tail);
    for b in &bundles {
        out.push(Obj::Bundle(csv_bundle(
            b.name.clone(),
            b.csv,
            package,
            diags,
        )));
    }
}

/// Each channel as its members' annotations name it, every member an entry with its CSV's
/// edges (spec/operator-repo.md §3.5).
///
/// # Complexity
/// O(M) for M channel memberships in all.
fn annotated(package: &str, channels: &BTreeMap<&str, Vec<&RepoBundle>>) -> Vec<Channel> {
    channels
        .iter()
        .map(|(name, members)| Channel {
            name: name.to_string(),
            package: package.to_string(),
            entries: members
                .iter()
                .map(|b| {
                    let (replaces, skips, skip_range) = csv_edges(&b.csv.raw);
                    ChannelEntry {
                        name: b.name.clone(),
                        replaces,
                        skips,
                        skip_range,
                    }
                })
                .collect(),
            location: members.last().map(|b| b.location.clone()),
        })
        .collect()
}

/// The default channel: the annotation of the highest version that has one; with none, the
/// only channel when there is one (spec/operator-repo.md §5).
///
/// # Complexity
/// O(B + N log N) for B bundles naming N channel names in all.
fn default_channel(
    package: &str,
    ordered: &[&RepoBundle],
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    if let Some(d) = ordered.iter().rev().find_map(|b| b.default_channel.clone()) {
        return Some(d);
    }
    let all: BTreeSet<&str> = ordered
        .iter()
        .flat_map(|b| b.channels.iter().map(String::as_str))
        .collect();
    if all.len() == 1 {
        return all.first().map(|c| c.to_string());
    }
    if let Some(b) = ordered.last() {
        let msg = "no bundle names a default channel and there is more than one channel: unable to determine default channel";
        diags.push(
            Diagnostic::error(Rule::LoadRepo, msg)
                .at(b.location.clone())
                .package(package)
                .field(format!("annotations.{DEFAULT_KEY}")),
        );
    }
    None
}

/// The CSV's own edges of a bundle: `spec.replaces`, `spec.skips`, `olm.skipRange`.
fn csv_edges(raw: &RawObject) -> (Option<String>, Vec<String>, Option<String>) {
    let spec = raw.spec.as_ref();
    let replaces = text(spec.and_then(|s| s.get("replaces")));
    let skips = spec
        .and_then(|s| s.get("skips"))
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|v| text(Some(v))).collect())
        .unwrap_or_default();
    let skip_range = text(
        raw.metadata
            .as_ref()
            .and_then(|m| m.get("annotations"))
            .and_then(|a| a.get("olm.skipRange")),
    );
    (replaces, skips, skip_range)
}

/// semver-mode: each member replaces the one below it; the CSV's `replaces` and `skips` are not
/// used, its skipRange is kept (spec/operator-repo.md §4).
///
/// # Complexity
/// O(M) for M members.
fn semver_entries(members: &[&RepoBundle], left: &mut usize) -> Vec<ChannelEntry> {
    let mut entries = Vec::new();
    for (i, b) in members.iter().enumerate() {
        if *left == 0 {
            break;
        }
        *left -= 1;
        let (_, _, skip_range) = csv_edges(&b.csv.raw);
        entries.push(ChannelEntry {
            name: b.name.clone(),
            replaces: i.checked_sub(1).map(|p| members[p].name.clone()),
            skips: Vec::new(),
            skip_range,
        });
    }
    entries
}

/// replaces-mode: from the highest member, down the `spec.replaces` chain through the
/// package's bundles, whatever channels they name (spec/operator-repo.md §3).
///
/// # Complexity
/// O(L log B) for a chain of L links over B bundles.
fn replaces_entries(
    package: &str,
    members: &[&RepoBundle],
    by_name: &BTreeMap<&str, &RepoBundle>,
    left: &mut usize,
    diags: &mut Vec<Diagnostic>,
) -> Vec<ChannelEntry> {
    let mut entries = Vec::new();
    let mut seen = BTreeSet::new();
    let mut cur = members.last().copied();
    while let Some(b) = cur.take() {
        if *left == 0 {
            break;
        }
        *left -= 1;
        seen.insert(b.name.as_str());
        let (replaces, skips, skip_range) = csv_edges(&b.csv.raw);
        if let Some(r) = &replaces {
            let d = |msg: String| {
                Diagnostic::warning(Rule::LoadRepo, msg)
                    .at(b.csv.location.clone())
                    .package(package)
                    .bundle(&b.name)
                    .field("spec.replaces")
            };
            match by_name.get(r.as_str()) {
                Some(next) if seen.contains(r.as_str()) => {
                    diags.push(d(format!(
                        "Cycle detected, {} replaces {}",
                        b.name, next.name
                    )));
                }
                Some(next) => cur = Some(*next),
                None => diags.push(d(format!(
                    "Invalid bundle {}, replaces nonexistent bundle {}",
                    b.name, r
                ))),
            }
        }
        entries.push(ChannelEntry {
            name: b.name.clone(),
            replaces,
            skips,
            skip_range,
        });
    }
    entries
}
