//! Split catalogs opened file by file: paths follow the channels by name, with versions taken
//! from the bundle names, and say so; opened whole, the same paths without the markings.
//!
//! The expected paths are computed here by a direct reading of the rules (chain order from the
//! head for OLM v0, the highest version for OLM v1), independently of the resolver.

use crate::common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use common::{catalog, load};
use olm_graph_core::model::{Channel, ChannelEntry, Package};
use olm_graph_core::partial::partial_catalog;
use olm_graph_core::range::Range;
use olm_graph_core::resolve::{resolve_path, PathOptions, Resolver, UpgradePath};
use olm_graph_core::semver::Version;

/// The split directories of the real catalogs.
fn split_dirs() -> Vec<PathBuf> {
    let dirs = [
        "lightspeed-operator/v4.17-split",
        "submariner-operator-fbc/v4.17-split",
        "submariner-operator-fbc/v4.21-split",
    ];
    dirs.iter().map(|d| catalog(d)).collect()
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable split directory")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// A bundle's version by the name-level rule: its `olm.package` version when the catalog has
/// the bundle, else the `<package>.v<semver>` suffix of its name.
fn version_of(pkg: &Package, name: &str) -> Option<Version> {
    if let Some(b) = pkg.bundle(name) {
        return b.version.clone();
    }
    let prefix = format!("{}.v", pkg.name);
    Version::parse(name.strip_prefix(&prefix)?).ok()
}

/// True when `e` upgrades `installed` by name or by its skipRange.
fn upgrades(e: &ChannelEntry, installed: &str, version: Option<&Version>) -> bool {
    let by_range = match (&e.skip_range, version) {
        (Some(r), Some(v)) => Range::parse(r).is_ok_and(|r| r.contains(v)),
        _ => false,
    };
    e.name != installed
        && (e.replaces.as_deref() == Some(installed)
            || e.skips.iter().any(|s| s == installed)
            || by_range)
}

/// OLM v0: the entries from the head along `replaces`, skipped ones left out.
fn chain(c: &Channel) -> Vec<&ChannelEntry> {
    let named: HashSet<&str> = c
        .entries
        .iter()
        .flat_map(|e| e.replaces.iter().chain(&e.skips))
        .map(String::as_str)
        .collect();
    let skipped: HashSet<&str> = c
        .entries
        .iter()
        .flat_map(|e| &e.skips)
        .map(String::as_str)
        .collect();
    let mut cur = c.entries.iter().find(|e| !named.contains(e.name.as_str()));
    let mut out = Vec::new();
    while let Some(e) = cur {
        if !skipped.contains(e.name.as_str()) {
            out.push(e);
        }
        cur = e
            .replaces
            .as_ref()
            .and_then(|r| c.entries.iter().find(|x| &x.name == r));
    }
    out
}

/// The next bundle under `resolver`, by a direct reading of the rules.
fn expected_next(
    pkg: &Package,
    c: &Channel,
    installed: &str,
    resolver: Resolver,
) -> Option<String> {
    let version = version_of(pkg, installed);
    match resolver {
        Resolver::V0 => chain(c)
            .into_iter()
            .find(|e| upgrades(e, installed, version.as_ref()))
            .map(|e| e.name.clone()),
        Resolver::V1 => {
            let best = c
                .entries
                .iter()
                .filter(|e| upgrades(e, installed, version.as_ref()))
                .max_by(|a, b| version_of(pkg, &a.name).cmp(&version_of(pkg, &b.name)))?;
            (version_of(pkg, &best.name) > version).then(|| best.name.clone())
        }
    }
}

fn expected_path(pkg: &Package, c: &Channel, from: &str, resolver: Resolver) -> Vec<String> {
    let mut path = vec![from.to_string()];
    while let Some(next) = expected_next(pkg, c, path.last().map_or(from, |s| s), resolver) {
        if path.contains(&next) {
            break;
        }
        path.push(next);
    }
    path
}

fn steps(p: &UpgradePath) -> Vec<String> {
    let mut v = vec![p.from.clone()];
    v.extend(p.hops.iter().map(|h| h.to.clone()));
    v
}

fn resolve(file: &Path, package: &str, channel: &str, from: &str, r: Resolver) -> UpgradePath {
    let c = load(file);
    let options = PathOptions {
        resolver: r,
        channel: Some(channel.to_string()),
        ..PathOptions::default()
    };
    resolve_path(&c, package, from, &options, None)
        .unwrap_or_else(|e| panic!("{}: {package} {channel} {from}: {e}", file.display()))
}

#[test]
fn every_split_file_alone_resolves_by_name_and_agrees_with_its_whole_directory() {
    let mut checked = 0;
    for dir in split_dirs() {
        let whole = load(&dir);
        assert!(
            partial_catalog(&whole).is_none(),
            "{} is whole",
            dir.display()
        );
        let mut files = Vec::new();
        files_under(&dir, &mut files);
        for file in files {
            let part = load(&file);
            for pkg in &part.packages {
                for c in &pkg.channels {
                    for e in &c.entries {
                        for r in [Resolver::V0, Resolver::V1] {
                            let alone = resolve(&file, &pkg.name, &c.name, &e.name, r);
                            let what = format!("{} {} {} {r:?}", file.display(), c.name, e.name);
                            assert_eq!(steps(&alone), expected_path(pkg, c, &e.name, r), "{what}");
                            assert_ne!(
                                alone.explanation.as_ref().map(|x| x.code),
                                Some("cycle"),
                                "{what}"
                            );
                            for h in &alone.hops {
                                assert_eq!(
                                    h.missing_bundle,
                                    pkg.bundle(&h.to).is_none(),
                                    "{what}: {}",
                                    h.to
                                );
                            }
                            let by_name = alone.hops.iter().any(|h| h.missing_bundle)
                                || pkg.bundle(&e.name).is_none();
                            assert_eq!(alone.without_bundles_note().is_some(), by_name, "{what}");
                            // The whole directory: the same path, with every bundle present.
                            let full = resolve(&dir, &pkg.name, &c.name, &e.name, r);
                            assert_eq!(steps(&full), steps(&alone), "{what}: whole directory");
                            assert!(full.hops.iter().all(|h| !h.missing_bundle), "{what}");
                            assert_eq!(full.without_bundles_note(), None, "{what}");
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    // Every entry of every channel, under both resolvers: lightspeed's index.yaml holds 2
    // channels of 10 entries (40 paths); submariner's channel files hold 17 entries (34 paths).
    assert_eq!(checked, 74, "paths checked");
}

#[test]
fn lightspeed_index_alone_walks_the_whole_chain_without_claiming_a_loop() {
    let file = catalog("lightspeed-operator/v4.17-split/index.yaml");
    let p = resolve(
        &file,
        "lightspeed-operator",
        "stable",
        "lightspeed-operator.v1.0.8",
        Resolver::V0,
    );
    assert_eq!(p.hops.len(), 9);
    assert_eq!(p.end, "lightspeed-operator.v1.1.3");
    assert_eq!(p.explanation, None, "it ends on the head");
    assert!(p.hops.iter().all(|h| h.missing_bundle));
    let note = p.without_bundles_note().expect("said");
    assert!(note.contains("computed without bundle objects"), "{note}");
    let partial = partial_catalog(&load(&file)).expect("a part of a split catalog");
    assert_eq!(partial.entries_without_bundles, 10);
    assert_eq!(partial.bundles_without_channels, 0);
    assert!(partial
        .message()
        .contains("10 channel entries have no olm.bundle"));
}

#[test]
fn submariner_channel_file_alone_upgrades_under_v1_by_name() {
    let file = catalog("submariner-operator-fbc/v4.17-split/channels/channel-stable-0.19.yaml");
    let p = resolve(
        &file,
        "submariner",
        "stable-0.19",
        "submariner.v0.19.3",
        Resolver::V1,
    );
    assert_eq!(steps(&p), ["submariner.v0.19.3", "submariner.v0.19.4"]);
    assert!(p.hops[0].missing_bundle);
    let kinds: Vec<&str> = p.hops[0].via.iter().map(|r| r.kind.as_str()).collect();
    assert_eq!(
        kinds,
        ["replaces", "skipRange"],
        "the range matches the version in the name"
    );
}

#[test]
fn a_bundle_file_alone_is_a_bundle_in_no_channel() {
    let file = catalog("submariner-operator-fbc/v4.17-split/bundles/bundle-v0.19.3.yaml");
    let partial = partial_catalog(&load(&file)).expect("a part of a split catalog");
    assert_eq!(partial.entries_without_bundles, 0);
    assert_eq!(partial.bundles_without_channels, 1);
    assert_eq!(partial.packages, ["submariner"]);
    assert!(partial.message().contains("1 bundle is in no channel"));
}

/// Two catalogs that share packages loaded together (community-operators-prod v4.21 and
/// certified-operators v4.22 both hold `trident-operator` and `victoriametrics-operator`): opm's
/// duplicate errors, and trident's second v26.6.0 bundle in no channel (its channel is the
/// duplicate), which is no sign of a split catalog: no hint.
#[test]
fn a_package_in_two_catalogs_is_a_duplicate_not_a_split_catalog() {
    let (a, b) = (
        catalog("community-operators-prod/v4.21"),
        catalog("certified-operators/v4.22"),
    );
    let both = olm_graph_core::load_paths(&[a.as_path(), b.as_path()]).expect("readable");
    let errors: Vec<&str> = both
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.as_str())
        .collect();
    for pkg in ["trident-operator", "victoriametrics-operator"] {
        let message = format!("duplicate package {pkg:?}");
        assert!(errors.contains(&message.as_str()), "{errors:#?}");
    }
    assert!(
        errors
            .iter()
            .any(|m| m.contains("not found in any channel entries")),
        "{errors:#?}"
    );
    let duplicated = olm_graph_core::partial::duplicated_packages(&both);
    assert_eq!(duplicated.len(), 2, "{duplicated:?}");
    assert_eq!(partial_catalog(&both), None);
    // Each catalog alone is whole.
    assert_eq!(partial_catalog(&load(&a)), None);
    assert_eq!(partial_catalog(&load(&b)), None);
}
