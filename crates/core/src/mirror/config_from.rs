//! The smallest ImageSetConfiguration that mirrors what clusters run (spec/mirror.md §7): per
//! package an installed bundle runs, the channels its operators follow plus the default
//! channel, each with the lowest `minVersion` that keeps every installed bundle's path to
//! where the source catalog takes it, checked by cutting the catalog with [`mirror_package`]
//! and resolving again on what is kept.

use std::collections::BTreeMap;

use serde::Serialize;

use super::config::{ChannelFilter, OperatorEntry, PackageFilter};
use super::edit::write_config;
use super::{mirror_package, MirrorOptions, MirrorReport};
use crate::cluster::{Api, ClusterState, Diagnosis, GivenCatalog, OperatorReport};
use crate::masterminds::VersionRange;
use crate::model::{Catalog, Package};
use crate::resolve::{resolve_path, CatalogsPath, PathOptions, Resolver, UpgradeConstraintPolicy};
use crate::semver::Version;
use crate::sort::SortWith;

/// The apiVersion written (oc-mirror v2).
pub const WRITTEN_API_VERSION: &str = "mirror.openshift.io/v2alpha1";

/// A catalog given for the configuration, and the image its `mirror.operators[]` entry names
/// (`None`: the image of the CatalogSource or ClusterCatalog its operators are joined to).
#[derive(Debug, Clone, Copy)]
pub struct StateCatalog<'c> {
    /// The catalog, as `diagnose` joins it.
    pub given: GivenCatalog<'c>,
    /// The image its entry names.
    pub image: Option<&'c str>,
}

/// An installed bundle a channel's range serves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Served {
    /// `Subscription namespace/name` or `ClusterExtension name`.
    pub operator: String,
    /// Empty when nothing is installed yet (it installs the head).
    pub bundle: String,
    /// The installed bundle's version, when known.
    pub version: Option<String>,
    /// Where the source catalog takes it (the end of its path).
    pub end: String,
    /// For a ClusterExtension whose path crosses several catalogs: the hops this catalog
    /// serves (`bundle` is then where they start, not always the installed bundle).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
}

/// One channel written, and why its range is what it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChannelPlan {
    /// The channel's name.
    pub name: String,
    /// The source channel's head, which the cut keeps.
    pub head: String,
    /// The `minVersion` written (`None`: none).
    #[serde(rename = "minVersion")]
    pub min_version: Option<String>,
    /// The `maxVersion` written (`None`: none).
    #[serde(rename = "maxVersion")]
    pub max_version: Option<String>,
    /// The installed bundles the range serves.
    pub serves: Vec<Served>,
    /// Why the range is what it is, in words.
    pub why: String,
    /// Bundles the cut keeps of the channel, sorted.
    pub kept: Vec<String>,
}

/// One package written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PackagePlan {
    /// The package's name.
    pub name: String,
    /// The source catalog's default channel for the package.
    #[serde(rename = "defaultChannel")]
    pub default_channel: Option<String>,
    /// Every channel written.
    pub channels: Vec<ChannelPlan>,
    /// Why the package is listed.
    pub why: String,
    /// What the cut of the package reports as errors (none when the plan holds).
    pub errors: Vec<String>,
}

/// One `mirror.operators[]` entry written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CatalogPlan {
    /// The catalog image reference written.
    pub catalog: String,
    /// The catalog as given (its path).
    pub label: String,
    /// Every package written.
    pub packages: Vec<PackagePlan>,
}

/// An operator the configuration cannot serve, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unserved {
    /// `Subscription namespace/name` or `ClusterExtension name`.
    pub operator: String,
    /// The package it installs.
    pub package: String,
    /// The bundle installed, when one is.
    pub bundle: Option<String>,
    /// Why no range serves it, in words.
    pub why: String,
}

/// The configuration for a cluster state: `mirror-config --json`, and the entries written.
#[derive(Debug, Clone, Serialize)]
pub struct StateMirrorConfig {
    /// The `apiVersion` written ([`WRITTEN_API_VERSION`]).
    #[serde(rename = "apiVersion")]
    pub api_version: &'static str,
    /// One `mirror.operators[]` entry per catalog.
    pub catalogs: Vec<CatalogPlan>,
    /// Operators no entry serves.
    pub unserved: Vec<Unserved>,
    /// Catalogs whose image was not given and could not be read from the state (their labels).
    #[serde(rename = "noImage")]
    pub no_image: Vec<String>,
    /// The `mirror.operators` entries, as [`StateMirrorConfig::yaml`] writes them.
    #[serde(skip)]
    pub operators: Vec<OperatorEntry>,
}

impl StateMirrorConfig {
    /// The ImageSetConfiguration as YAML.
    ///
    /// # Complexity
    /// O(P + C) for the packages and channels written.
    pub fn yaml(&self) -> String {
        write_config("", WRITTEN_API_VERSION, &self.operators)
    }

    /// True when some package's cut still reports an error.
    pub fn has_errors(&self) -> bool {
        self.catalogs
            .iter()
            .flat_map(|c| &c.packages)
            .any(|p| !p.errors.is_empty())
    }
}

/// One installed bundle joined to its catalog and resolved there.
struct Subject<'a> {
    operator: String,
    bundle: String,
    version_text: Option<String>,
    options: PathOptions,
    end: String,
    /// The channels whose ranges must serve it.
    channels: Vec<String>,
    catalog: usize,
    /// The hops of a path across catalogs this subject stands for (`None`: the whole path).
    part: Option<String>,
    report: &'a OperatorReport,
}

/// The configuration that mirrors what the operators of `state` run (spec/mirror.md §7):
/// `diagnosis` is [`crate::cluster::diagnose`] of `state` over the same catalogs. With
/// `all_packages`, every other package of each catalog is listed too, heads only.
///
/// # Complexity
/// O(S·r) to resolve the S operators (r: one [`resolve_path`]), then per package served
/// up to V rounds of [`mirror_package`] plus S resolutions, for V entries of its channels:
/// O(V·(p + S·r)) for a package of size p.
pub fn config_from_state(
    state: &ClusterState,
    diagnosis: &Diagnosis,
    catalogs: &[StateCatalog],
    all_packages: bool,
) -> StateMirrorConfig {
    let mut unserved = Vec::new();
    let mut subjects: Vec<Subject> = Vec::new();
    for o in &diagnosis.operators {
        let found = match o.across.as_ref().filter(|p| !p.hops.is_empty()) {
            Some(path) => across_subjects(state, o, path, catalogs),
            None => subject(state, o, catalogs).map(|s| vec![s]),
        };
        match found {
            Ok(s) => subjects.extend(s),
            Err(why) => unserved.push(Unserved {
                operator: operator_name(o),
                package: o.package.clone(),
                bundle: o.installed.clone(),
                why,
            }),
        }
    }
    let mut out = StateMirrorConfig {
        api_version: WRITTEN_API_VERSION,
        catalogs: Vec::new(),
        unserved,
        no_image: Vec::new(),
        operators: Vec::new(),
    };
    for (i, c) in catalogs.iter().enumerate() {
        let joined: Vec<&OperatorReport> = subjects
            .iter()
            .filter(|s| s.catalog == i)
            .map(|s| s.report)
            .collect();
        let image = c
            .image
            .map(str::to_string)
            .or_else(|| c.given.source.and_then(|n| image_of_source(state, n)))
            .or_else(|| image_in_state(state, &joined))
            .unwrap_or_default();
        let mut by_package: BTreeMap<&str, Vec<&Subject>> = BTreeMap::new();
        for s in subjects.iter().filter(|s| s.catalog == i) {
            by_package.entry(&s.report.package).or_default().push(s);
        }
        let mut entry = OperatorEntry {
            catalog: image.clone(),
            ..OperatorEntry::default()
        };
        let mut plan = CatalogPlan {
            catalog: image.clone(),
            label: c.given.label.to_string(),
            packages: Vec::new(),
        };
        for pkg in &c.given.catalog.packages {
            let (filter, p) = match by_package.get(pkg.name.as_str()) {
                Some(subs) => plan_package(c.given.catalog, &image, pkg, subs),
                None if all_packages => all_heads(pkg),
                None => continue,
            };
            entry.packages.push(filter);
            plan.packages.push(p);
        }
        if !entry.packages.is_empty() {
            if image.is_empty() {
                out.no_image.push(c.given.label.to_string());
            }
            out.operators.push(entry);
            out.catalogs.push(plan);
        }
    }
    out
}

/// The image of the CatalogSource (OLM v0) or ClusterCatalog (v1) the first of `joined` that
/// names one is joined to.
///
/// # Complexity
/// O(J·(S + K)) for J operators, S CatalogSources and K ClusterCatalogs.
fn image_in_state(state: &ClusterState, joined: &[&OperatorReport]) -> Option<String> {
    joined.iter().find_map(|o| {
        let name = o.catalog.as_deref()?;
        let image = match o.api {
            Api::V0 => state
                .catalog_sources
                .iter()
                .find(|c| c.meta.key() == name)
                .map(|c| c.image.clone()),
            Api::V1 => state
                .cluster_catalogs
                .iter()
                .find(|c| c.meta.name == name)
                .map(|c| c.image.clone()),
        };
        image.filter(|i| !i.is_empty())
    })
}

/// The image of the ClusterCatalog or CatalogSource a catalog was given for by name.
///
/// # Complexity
/// O(K + S) for K ClusterCatalogs and S CatalogSources.
fn image_of_source(state: &ClusterState, source: &str) -> Option<String> {
    let catalog = state
        .cluster_catalogs
        .iter()
        .find(|c| c.meta.name == source)
        .map(|c| c.image.clone());
    let image = catalog.or_else(|| {
        state
            .catalog_sources
            .iter()
            .find(|c| c.meta.key() == source)
            .map(|c| c.image.clone())
    });
    image.filter(|i| !i.is_empty())
}

fn operator_name(o: &OperatorReport) -> String {
    match o.api {
        Api::V0 => format!("Subscription {}/{}", o.namespace, o.name),
        Api::V1 => format!("ClusterExtension {}", o.name),
    }
}

/// The catalog an operator is joined to, as `diagnose` joins it: one given for its
/// CatalogSource or ClusterCatalog by name, else the first given for every operator that holds
/// its package.
///
/// # Complexity
/// O(C log P) for C catalogs of P packages.
fn catalog_of(o: &OperatorReport, catalogs: &[StateCatalog]) -> Option<usize> {
    let joined = o.catalog.as_deref().unwrap_or_default();
    let short = joined.rsplit('/').next().unwrap_or(joined);
    let holds = |c: &StateCatalog| c.given.catalog.package(&o.package).is_some();
    catalogs
        .iter()
        .position(|c| holds(c) && c.given.source.is_some_and(|s| s == joined || s == short))
        .or_else(|| {
            catalogs
                .iter()
                .position(|c| holds(c) && (c.given.source.is_none() || c.given.label == joined))
        })
}

/// The path options `diagnose` resolves the operator with, without the failure (the mirror
/// keeps the catalog's path, whatever the cluster met on it).
///
/// # Complexity
/// O(S + log B) for S ClusterExtensions and B bundles.
fn options(state: &ClusterState, o: &OperatorReport, pkg: &Package, bundle: &str) -> PathOptions {
    let installed_version = o
        .installed_version
        .as_deref()
        .filter(|_| pkg.bundle(bundle).is_none())
        .and_then(|v| Version::parse(v).ok());
    let ce = state
        .cluster_extensions
        .iter()
        .find(|c| o.api == Api::V1 && c.meta.name == o.name);
    match ce {
        None => PathOptions {
            resolver: Resolver::V0,
            channel: o.channel.clone().or_else(|| pkg.default_channel.clone()),
            installed_version,
            ..PathOptions::default()
        },
        Some(ce) => PathOptions {
            resolver: Resolver::V1,
            channels: ce.channels.clone(),
            version: VersionRange::parse(&ce.version).ok(),
            policy: if ce.policy == "SelfCertified" {
                UpgradeConstraintPolicy::SelfCertified
            } else {
                UpgradeConstraintPolicy::CatalogProvided
            },
            installed_version,
            ..PathOptions::default()
        },
    }
}

/// An operator resolved in its catalog, or why it is not served.
///
/// # Complexity
/// One [`resolve_path`] plus O(C·V) to find the channels of its path.
fn subject<'a>(
    state: &ClusterState,
    o: &'a OperatorReport,
    catalogs: &[StateCatalog],
) -> Result<Subject<'a>, String> {
    let Some(i) = catalog_of(o, catalogs) else {
        return Err(format!("no catalog given holds package {}", o.package));
    };
    let catalog = catalogs[i].given.catalog;
    let pkg = catalog
        .package(&o.package)
        .ok_or("package not in the catalog")?;
    let Some(bundle) = o.installed.clone() else {
        return Ok(to_install(state, o, pkg, i));
    };
    let options = options(state, o, pkg, &bundle);
    let path = resolve_path(catalog, &o.package, &bundle, &options, None)
        .map_err(|e| format!("the catalog gives it no path: {}", e.message))?;
    let mut names = vec![bundle.clone()];
    names.extend(path.hops.iter().map(|h| h.to.clone()));
    let in_channels = |n: &String| pkg.channels.iter().any(|c| c.entry(n).is_some());
    if !names.iter().any(in_channels) {
        return Err(format!(
            "{bundle} is in no channel of the catalog and no entry upgrades it: no range gives it a path"
        ));
    }
    let channels = subject_channels(pkg, &options, &names);
    Ok(Subject {
        operator: operator_name(o),
        version_text: o.installed_version.clone(),
        bundle,
        options,
        end: path.end.clone(),
        channels,
        catalog: i,
        part: None,
        report: o,
    })
}

/// A ClusterExtension's path across several catalogs (spec/mirror.md §7), cut into runs of
/// consecutive hops from one catalog: each run is served by that catalog, from the bundle the
/// run starts at, so every hop is kept in the catalog that serves it.
///
/// # Complexity
/// One [`resolve_path`] per run, plus O(C) per run to find its catalog among the C given.
fn across_subjects<'a>(
    state: &ClusterState,
    o: &'a OperatorReport,
    path: &CatalogsPath,
    catalogs: &[StateCatalog],
) -> Result<Vec<Subject<'a>>, String> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < path.hops.len() {
        let name = path.hops[k].catalog.as_str();
        let end = path.hops[k..]
            .iter()
            .position(|h| h.catalog != name)
            .map_or(path.hops.len(), |n| k + n);
        let i = catalogs
            .iter()
            .position(|c| {
                c.given.source.unwrap_or(c.given.label) == name
                    && c.given.catalog.package(&o.package).is_some()
            })
            .ok_or_else(|| format!("no catalog given is {name}, which serves hops of its path"))?;
        let mut run = vec![path.hops[k].from.clone()];
        run.extend(path.hops[k..end].iter().map(|h| h.to.clone()));
        let part = format!(
            "hops {}-{} of its path across catalogs, from {name}",
            k + 1,
            end
        );
        out.push(run_subject(state, o, catalogs, i, &run, part)?);
        k = end;
    }
    Ok(out)
}

/// One run of a path across catalogs, served in catalog `i` from its first bundle (its
/// version, when catalog `i` lacks it, from the catalog that has it).
///
/// # Complexity
/// One [`resolve_path`], plus O(C log B) to find the start's version.
fn run_subject<'a>(
    state: &ClusterState,
    o: &'a OperatorReport,
    catalogs: &[StateCatalog],
    i: usize,
    run: &[String],
    part: String,
) -> Result<Subject<'a>, String> {
    let catalog = catalogs[i].given.catalog;
    let pkg = catalog
        .package(&o.package)
        .ok_or("package not in the catalog")?;
    let start = run[0].clone();
    let mut options = options(state, o, pkg, &start);
    let known = catalogs
        .iter()
        .find_map(|c| c.given.catalog.package(&o.package)?.bundle(&start))
        .and_then(|b| Some((b.version.clone()?, b.version_text.clone()?)));
    if o.installed.as_deref() != Some(start.as_str()) && pkg.bundle(&start).is_none() {
        options.installed_version = known.as_ref().map(|k| k.0.clone());
    }
    let path = resolve_path(catalog, &o.package, &start, &options, None)
        .map_err(|e| format!("{part}: the catalog gives it no path: {}", e.message))?;
    let mut names = run.to_vec();
    names.extend(path.hops.iter().map(|h| h.to.clone()));
    let channels = subject_channels(pkg, &options, &names);
    let version_text = if o.installed.as_deref() == Some(start.as_str()) {
        o.installed_version.clone()
    } else {
        known.map(|k| k.1)
    };
    Ok(Subject {
        operator: operator_name(o),
        version_text,
        bundle: start,
        options,
        end: path.end.clone(),
        channels,
        catalog: i,
        part: Some(part),
        report: o,
    })
}

/// An operator with nothing installed yet: OLM installs the head of its channel, which every
/// channel kept keeps.
///
/// # Complexity
/// O(S + log B), as [`options`].
fn to_install<'a>(
    state: &ClusterState,
    o: &'a OperatorReport,
    pkg: &Package,
    catalog: usize,
) -> Subject<'a> {
    let options = options(state, o, pkg, "");
    let mut channels = subject_channels(pkg, &options, &[]);
    if channels.is_empty() {
        channels.extend(pkg.default_channel.clone());
    }
    Subject {
        operator: operator_name(o),
        bundle: String::new(),
        version_text: None,
        options,
        end: String::new(),
        channels,
        catalog,
        part: None,
        report: o,
    }
}

/// The channels a range must serve for an operator: its Subscription's channel, its
/// ClusterExtension's channels, or (a ClusterExtension that names none) every channel that
/// holds a bundle of its path.
///
/// # Complexity
/// O(C·V·n) for C channels of V entries and n bundles on the path.
fn subject_channels(pkg: &Package, options: &PathOptions, path: &[String]) -> Vec<String> {
    if let Some(c) = &options.channel {
        return vec![c.clone()];
    }
    if !options.channels.is_empty() {
        return options.channels.clone();
    }
    pkg.channels
        .iter()
        .filter(|c| path.iter().any(|n| c.entry(n).is_some()))
        .map(|c| c.name.clone())
        .collect()
}

/// A package nobody runs, listed for `--all-packages`: every channel's head.
fn all_heads(pkg: &Package) -> (PackageFilter, PackagePlan) {
    let filter = PackageFilter {
        name: pkg.name.clone(),
        ..PackageFilter::default()
    };
    let plan = PackagePlan {
        name: pkg.name.clone(),
        default_channel: pkg.default_channel.clone(),
        channels: Vec::new(),
        why: "no installed bundle; listed for --all-packages: every channel's head".into(),
        errors: Vec::new(),
    };
    (filter, plan)
}

/// One channel being planned: its versions lowest first, and where its lower bound stands.
struct Draft {
    name: String,
    head: String,
    head_version: Option<Version>,
    /// The channel's entries with a version, sorted by version.
    versions: Vec<(Version, String)>,
    /// Index in `versions` of the lower bound; `None`: heads only.
    min: Option<usize>,
    max: Option<String>,
    /// What the next higher bound (or heads only) broke, when the bound was lowered.
    broke: Option<String>,
    serves: Vec<Served>,
}

impl Draft {
    /// Moves the lower bound one version down (from heads only: to the highest version below
    /// the head's), with `maxVersion` at the head's version when an entry of a higher version
    /// would otherwise be kept; false when it is already the lowest.
    ///
    /// # Complexity
    /// O(V) for V versions.
    fn lower(&mut self, broke: &str) -> bool {
        let previous = match self.min {
            None => "heads only".to_string(),
            Some(i) => format!("minVersion {}", self.versions[i].1),
        };
        let next = match (self.min, &self.head_version) {
            (Some(0), _) => return false,
            (Some(i), _) => i - 1,
            (None, Some(h)) => match self.versions.iter().rposition(|(v, _)| v < h) {
                Some(i) => i,
                None => return false,
            },
            (None, None) if self.versions.is_empty() => return false,
            (None, None) => self.versions.len() - 1,
        };
        self.min = Some(next);
        self.max = match &self.head_version {
            Some(h) if self.versions[next..].iter().any(|(v, _)| v > h) => self
                .versions
                .iter()
                .find(|(v, _)| v == h)
                .map(|(_, t)| t.clone()),
            _ => None,
        };
        self.broke = Some(format!("with {previous}, {broke}"));
        true
    }
}

/// The version of a channel entry, and its text as written.
fn entry_version(pkg: &Package, name: &str) -> Option<(Version, String)> {
    let b = pkg.bundle(name)?;
    Some((b.version.clone()?, b.version_text.clone()?))
}

/// A channel's draft: the head (as OLM v0 orders the channel), the operators it serves, and
/// heads only to start from.
///
/// # Complexity
/// O(V log V) for V entries, plus the chain order.
fn draft(pkg: &Package, channel: &str, subs: &[&Subject]) -> Option<Draft> {
    let ch = pkg.channel(channel)?;
    let head = crate::resolve::chain_order(pkg, ch)
        .ok()
        .and_then(|o| o.first().map(|e| e.name.clone()))
        .unwrap_or_default();
    let mut versions: Vec<(Version, String)> = ch
        .entries
        .iter()
        .filter_map(|e| entry_version(pkg, &e.name))
        .collect();
    versions.sort_ord();
    versions.dedup_by(|a, b| a.0 == b.0);
    let serves = subs
        .iter()
        .filter(|s| s.channels.iter().any(|c| c == channel))
        .map(|s| Served {
            operator: s.operator.clone(),
            bundle: s.bundle.clone(),
            version: s.version_text.clone(),
            end: if s.bundle.is_empty() {
                head.clone()
            } else {
                s.end.clone()
            },
            part: s.part.clone(),
        })
        .collect();
    Some(Draft {
        name: channel.to_string(),
        head_version: entry_version(pkg, &head).map(|v| v.0),
        head,
        versions,
        min: None,
        max: None,
        broke: None,
        serves,
    })
}

/// The package filter the drafts stand for.
fn filter_of(pkg: &Package, drafts: &[Draft]) -> PackageFilter {
    PackageFilter {
        name: pkg.name.clone(),
        channels: drafts
            .iter()
            .map(|d| ChannelFilter {
                name: d.name.clone(),
                min_version: d.min.map(|i| d.versions[i].1.clone()),
                max_version: d.max.clone(),
            })
            .collect(),
        ..PackageFilter::default()
    }
}

/// The channels planned for a package: those its operators follow, and the default channel,
/// in the catalog's order.
fn channels_of(pkg: &Package, subs: &[&Subject]) -> Vec<String> {
    pkg.channels
        .iter()
        .map(|c| c.name.clone())
        .filter(|c| {
            pkg.default_channel.as_deref() == Some(c.as_str())
                || subs.iter().any(|s| s.channels.contains(c))
        })
        .collect()
}

/// The package planned: every channel heads only to start with, then each channel whose cut
/// breaks something given a lower bound one version lower, until nothing breaks
/// (spec/mirror.md §7): the highest bounds that hold, so the fewest bundles kept.
///
/// # Complexity
/// Up to V rounds for V entries of the planned channels, each one [`mirror_package`] and one
/// [`resolve_path`] per operator of the package.
fn plan_package(
    catalog: &Catalog,
    image: &str,
    pkg: &Package,
    subs: &[&Subject],
) -> (PackageFilter, PackagePlan) {
    let mut drafts: Vec<Draft> = channels_of(pkg, subs)
        .iter()
        .filter_map(|ch| draft(pkg, ch, subs))
        .collect();
    let installed: Vec<String> = subs
        .iter()
        .filter(|s| !s.bundle.is_empty())
        .map(|s| s.bundle.clone())
        .collect();
    let options = MirrorOptions { installed };
    loop {
        let filter = filter_of(pkg, &drafts);
        let entry = OperatorEntry {
            catalog: image.to_string(),
            packages: vec![filter.clone()],
            ..OperatorEntry::default()
        };
        let report = mirror_package(catalog, &entry, &pkg.name, &options);
        let failing = failing_channels(pkg, &drafts, subs, &report);
        if failing.is_empty() || !report.errors.is_empty() {
            return (filter, package_plan(pkg, drafts, &report, Vec::new()));
        }
        let mut stuck = Vec::new();
        for (channel, broke) in failing {
            let lowered = drafts
                .iter_mut()
                .find(|d| d.name == channel)
                .is_some_and(|d| d.lower(&broke));
            if !lowered {
                stuck.push(format!("channel {channel}: {broke}, at the lowest bound"));
            }
        }
        if !stuck.is_empty() {
            return (filter, package_plan(pkg, drafts, &report, stuck));
        }
    }
}

/// The channels whose cut breaks the plan, each with what it breaks: a lost head, a served
/// bundle stranded, or a served operator whose path on the kept catalog ends elsewhere than on
/// the source.
///
/// # Complexity
/// O(K + S·r) for K kept channels and S operators resolved again.
fn failing_channels(
    pkg: &Package,
    drafts: &[Draft],
    subs: &[&Subject],
    report: &MirrorReport,
) -> Vec<(String, String)> {
    let mut failing: Vec<(String, String)> = Vec::new();
    let mut fail = |c: &str, why: String| {
        if !failing.iter().any(|f| f.0 == c) {
            failing.push((c.to_string(), why));
        }
    };
    let cuts = report.cuts.first().map(Vec::as_slice).unwrap_or_default();
    for d in drafts {
        if !cuts.iter().any(|c| c.name == d.name && c.head == d.head) {
            fail(&d.name, format!("the cut loses the head {}", d.head));
        }
    }
    for s in &report.stranded {
        fail(&s.channel, format!("it strands the installed {}", s.bundle));
    }
    let kept = Catalog {
        packages: report.kept.clone(),
        ..Catalog::default()
    };
    for s in subs.iter().filter(|s| !s.bundle.is_empty()) {
        let end = resolve_path(&kept, &pkg.name, &s.bundle, &s.options, None)
            .map(|p| p.end)
            .unwrap_or_default();
        if end != s.end {
            let why = format!(
                "{}'s {} would end at {} instead of {}",
                s.operator,
                s.bundle,
                if end.is_empty() { "no bundle" } else { &end },
                s.end
            );
            s.channels.iter().for_each(|c| fail(c, why.clone()));
        }
    }
    failing
}

/// The package's plan as `--json` prints it, with the reason for each range.
fn package_plan(
    pkg: &Package,
    drafts: Vec<Draft>,
    report: &MirrorReport,
    stuck: Vec<String>,
) -> PackagePlan {
    let cuts = report.cuts.first().map(Vec::as_slice).unwrap_or_default();
    let mut errors: Vec<String> = report.errors.iter().map(|e| e.message.clone()).collect();
    errors.extend(stuck);
    let channels = drafts
        .into_iter()
        .map(|d| {
            let why = why(pkg, &d);
            let kept = cuts
                .iter()
                .find(|c| c.name == d.name)
                .map(|c| c.bundles.clone())
                .unwrap_or_default();
            ChannelPlan {
                name: d.name.clone(),
                head: d.head.clone(),
                min_version: d.min.map(|i| d.versions[i].1.clone()),
                max_version: d.max.clone(),
                serves: d.serves,
                why,
                kept,
            }
        })
        .collect();
    PackagePlan {
        name: pkg.name.clone(),
        default_channel: pkg.default_channel.clone(),
        channels,
        why: "an installed bundle runs it".into(),
        errors,
    }
}

/// Why a channel's range is what it is, in words.
fn why(pkg: &Package, d: &Draft) -> String {
    let default = pkg.default_channel.as_deref() == Some(d.name.as_str());
    let (Some(i), Some(broke)) = (d.min, &d.broke) else {
        let listed = if d.serves.is_empty() && default {
            "the default channel (oc-mirror refuses a package that drops it)"
        } else {
            "every bundle it serves reaches its end from the head alone"
        };
        return format!("heads only: {listed}; keeps {}", d.head);
    };
    let v = &d.versions[i].1;
    let mut w = format!("minVersion {v}: the highest lower bound that breaks nothing ({broke})");
    if let Some(m) = &d.max {
        w.push_str(&format!("; maxVersion {m}, the head's version: an entry of a higher version lower on the chain would otherwise be kept"));
    }
    w
}
