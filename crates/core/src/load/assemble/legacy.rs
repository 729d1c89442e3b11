//! The legacy package-manifest layout, converted to the same model as FBC.
//!
//! A package manifest (`<pkg>.package.yaml`: `packageName`, `defaultChannel`,
//! `channels[].currentCSV`) plus ClusterServiceVersion documents. Each channel's entries are
//! found by walking `spec.replaces` from its `currentCSV`, as the registry did when it loaded
//! such a directory; each entry carries the CSV's `spec.replaces`, `spec.skips` and its
//! `olm.skipRange` annotation. Every CSV becomes a bundle whose version is `spec.version`.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::object::convert::Obj;
use crate::load::object::RawObject;
use crate::model::{Bundle, Channel, ChannelEntry, Package};
use crate::semver::Version;
use crate::yaml::LimitKind;

/// A package manifest found in the input.
pub(crate) struct Manifest {
    pub dir: String,
    pub raw: RawObject,
    pub location: Location,
}

/// A ClusterServiceVersion found in the input.
pub(crate) struct Csv {
    pub path: String,
    pub raw: RawObject,
    pub location: Location,
}

/// True when the object is a package manifest.
pub(crate) fn is_manifest(o: &RawObject) -> bool {
    o.schema.is_none() && o.package_name.is_some() && o.channels.is_some()
}

/// True when the object is a ClusterServiceVersion.
pub(crate) fn is_csv(o: &RawObject) -> bool {
    o.schema.is_none() && o.kind.as_ref().and_then(Value::as_str) == Some("ClusterServiceVersion")
}

fn s(v: Option<&Value>) -> Option<String> {
    v.and_then(Value::as_str).map(str::to_string)
}

/// Converts each manifest with the CSVs found in its directory tree (one manifest per
/// directory: a second one is reported and not read). The channels' walks together produce at
/// most `max_entries` entries (the key-count limit): past it, a `load.limit` error and the rest
/// of the walks are cut short.
///
/// # Complexity
/// O((M + C·D) log C + E log C) for M manifests, C CSVs at most D directories deep, and
/// E ≤ `max_entries` channel entries walked.
pub(crate) fn convert(
    manifests: Vec<Manifest>,
    csvs: &[Csv],
    max_entries: usize,
    diags: &mut Vec<Diagnostic>,
) -> Vec<Obj> {
    let mut dirs: BTreeMap<String, BTreeMap<String, &Csv>> = BTreeMap::new();
    let mut read = Vec::new();
    for m in manifests {
        if dirs.contains_key(&m.dir) {
            let msg = format!(
                "a second package manifest in directory {:?}: not read (one package per directory)",
                m.dir
            );
            diags.push(Diagnostic::error(Rule::LoadLegacy, msg).at(m.location.clone()));
            continue;
        }
        dirs.insert(m.dir.clone(), BTreeMap::new());
        read.push(m);
    }
    // Each CSV belongs to every manifest directory above it; the first CSV of a name wins.
    for c in csvs {
        let Some(n) = c.raw.metadata.as_ref().and_then(|md| s(md.get("name"))) else {
            continue;
        };
        let ancestors =
            std::iter::once("").chain(c.path.match_indices('/').map(|(i, _)| &c.path[..i]));
        for dir in ancestors {
            if let Some(by_name) = dirs.get_mut(dir) {
                by_name.entry(n.clone()).or_insert(c);
            }
        }
    }
    let mut out = Vec::new();
    let mut walk = Walk {
        left: max_entries,
        cut: false,
    };
    for m in read {
        let by_name = dirs.remove(&m.dir).unwrap_or_default();
        convert_manifest(m, &by_name, &mut walk, diags, &mut out);
    }
    if walk.cut {
        let msg = crate::yaml::limit_message(LimitKind::Nodes, max_entries);
        diags.push(Diagnostic::error(
            Rule::LoadLimit,
            format!("package manifests: their channels walk to {msg}; the walks were cut short"),
        ));
    }
    out
}

/// What the channel walks may still produce.
struct Walk {
    left: usize,
    cut: bool,
}

/// One manifest: its package, one channel per `channels[]` item, one bundle per CSV below it.
fn convert_manifest(
    m: Manifest,
    by_name: &BTreeMap<String, &Csv>,
    walk: &mut Walk,
    diags: &mut Vec<Diagnostic>,
    out: &mut Vec<Obj>,
) {
    let Some(name) = s(m.raw.package_name.as_ref()) else {
        diags.push(
            Diagnostic::error(
                Rule::LoadLegacy,
                "package manifest has no string packageName",
            )
            .at(m.location.clone())
            .field("packageName"),
        );
        return;
    };
    out.push(Obj::Package(Package {
        name: name.clone(),
        declared: true,
        default_channel: s(m.raw.default_channel.as_ref()),
        location: Some(m.location.clone()),
        ..Package::default()
    }));
    let channels = m.raw.channels.as_ref().and_then(Value::as_array);
    for ch in channels.into_iter().flatten() {
        out.push(Obj::Channel(Channel {
            name: s(ch.get("name")).unwrap_or_default(),
            package: name.clone(),
            entries: walk_channel(s(ch.get("currentCSV")), by_name, walk),
            location: Some(m.location.clone()),
        }));
    }
    for (csv_name, csv) in by_name {
        out.push(Obj::Bundle(csv_bundle(csv_name.clone(), csv, &name, diags)));
    }
}

/// A channel's entries: from its `currentCSV` down the `spec.replaces` chain, as the registry
/// walked it (a name without a CSV ends the walk as an entry of its own; a loop ends it too).
fn walk_channel(
    current: Option<String>,
    by_name: &BTreeMap<String, &Csv>,
    walk: &mut Walk,
) -> Vec<ChannelEntry> {
    let mut entries = Vec::new();
    let mut seen = BTreeSet::new();
    let mut cur = current;
    while let Some(c) = cur.take() {
        if !seen.insert(c.clone()) {
            break;
        }
        if walk.left == 0 {
            walk.cut = true;
            break;
        }
        walk.left -= 1;
        let Some(csv) = by_name.get(&c) else {
            entries.push(ChannelEntry {
                name: c,
                ..ChannelEntry::default()
            });
            break;
        };
        let spec = csv.raw.spec.as_ref();
        let replaces = s(spec.and_then(|sp| sp.get("replaces"))).filter(|r| !r.is_empty());
        let skips = spec
            .and_then(|sp| sp.get("skips"))
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|v| s(Some(v))).collect())
            .unwrap_or_default();
        let skip_range = annotations(csv)
            .and_then(|a| s(a.get("olm.skipRange")))
            .filter(|r| !r.is_empty());
        cur = replaces.clone();
        entries.push(ChannelEntry {
            name: c,
            replaces,
            skips,
            skip_range,
        });
    }
    entries
}

fn annotations(csv: &Csv) -> Option<&Value> {
    csv.raw
        .metadata
        .as_ref()
        .and_then(|md| md.get("annotations"))
}

/// The bundle a CSV stands for; its version is `spec.version`.
pub(in crate::load) fn csv_bundle(
    csv_name: String,
    csv: &Csv,
    package: &str,
    diags: &mut Vec<Diagnostic>,
) -> Bundle {
    let spec = csv.raw.spec.as_ref();
    let field = |f: &str| s(spec.and_then(|sp| sp.get(f)));
    let version_text = field("version");
    let version = version_text.as_deref().and_then(|v| Version::parse(v).ok());
    if let (Some(t), None) = (&version_text, &version) {
        diags.push(
            Diagnostic::error(
                Rule::OpmConvert,
                format!(
                    "error parsing bundle {csv_name:?} version {t:?}: not a valid semantic version"
                ),
            )
            .at(csv.location.clone())
            .package(package)
            .bundle(&csv_name)
            .field("spec.version"),
        );
    }
    Bundle {
        name: csv_name,
        package: package.to_string(),
        image: None,
        version_text,
        version,
        package_property_count: 1,
        package_property_name: Some(package.to_string()),
        display_name: field("displayName"),
        description: field("description"),
        min_kube_version: field("minKubeVersion"),
        provider: s(spec
            .and_then(|sp| sp.get("provider"))
            .and_then(|p| p.get("name"))),
        max_openshift_version: s(annotations(csv).and_then(|a| a.get("olm.maxOpenShiftVersion"))),
        from_legacy_manifest: true,
        location: Some(csv.location.clone()),
        ..Bundle::default()
    }
}
