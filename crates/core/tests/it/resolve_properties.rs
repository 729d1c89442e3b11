//! Properties of resolution on generated catalogs and on a whole real catalog.

use crate::common;

use std::collections::HashSet;

use common::{catalog, load};
use olm_graph_core::change::{diff_package, DiffOptions, Fate};
use olm_graph_core::graph::{channel_graphs, ChannelGraph};
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{resolve_path, PathOptions, Resolver};
use olm_graph_core::{load_files, InputFile};
use proptest::prelude::*;

/// A generated channel: entry i has version 1.i.0; `replaces` points at an earlier entry, `skips`
/// name earlier entries, and `range` is a skipRange over earlier minors.
#[derive(Debug, Clone)]
struct GenEntry {
    replaces: Option<usize>,
    skips: Vec<usize>,
    range: Option<(usize, usize)>,
}

fn gen_channel() -> impl Strategy<Value = Vec<GenEntry>> {
    (2usize..12).prop_flat_map(|n| {
        let entries: Vec<_> = (0..n)
            .map(|i| {
                let earlier = if i == 0 { 0..1 } else { 0..i };
                (
                    proptest::option::weighted(0.8, earlier.clone()),
                    proptest::collection::vec(earlier.clone(), 0..3),
                    proptest::option::weighted(0.3, (earlier.clone(), earlier)),
                )
                    .prop_map(move |(r, s, g)| GenEntry {
                        replaces: if i == 0 { None } else { r },
                        skips: if i == 0 { Vec::new() } else { s },
                        range: if i == 0 {
                            None
                        } else {
                            g.map(|(a, b)| (a.min(b), a.max(b) + 1))
                        },
                    })
            })
            .collect();
        entries
    })
}

fn to_catalog(entries: &[GenEntry]) -> Catalog {
    let mut y = String::from("schema: olm.package\nname: gen\ndefaultChannel: c\n---\nschema: olm.channel\npackage: gen\nname: c\nentries:\n");
    for (i, e) in entries.iter().enumerate() {
        y += &format!("- name: gen.v1.{i}.0\n");
        if let Some(r) = e.replaces {
            y += &format!("  replaces: gen.v1.{r}.0\n");
        }
        if !e.skips.is_empty() {
            y += "  skips:\n";
            for s in &e.skips {
                y += &format!("  - gen.v1.{s}.0\n");
            }
        }
        if let Some((a, b)) = e.range {
            y += &format!("  skipRange: '>=1.{a}.0 <1.{b}.0'\n");
        }
    }
    for i in 0..entries.len() {
        y += &format!("---\nschema: olm.bundle\npackage: gen\nname: gen.v1.{i}.0\nimage: example/gen:{i}\nproperties:\n- type: olm.package\n  value:\n    packageName: gen\n    version: 1.{i}.0\n");
    }
    load_files(vec![InputFile::new("gen.yaml", y)])
}

fn has_edge(g: &ChannelGraph, from: &str, to: &str) -> bool {
    let (Some(f), Some(t)) = (g.node_index(from), g.node_index(to)) else {
        return false;
    };
    g.outgoing(f).any(|e| e.to == t)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn paths_follow_edges_avoid_skipped_entries_and_terminate(entries in gen_channel()) {
        let catalog = to_catalog(&entries);
        let pkg = catalog.package("gen").expect("generated package");
        let graph = &channel_graphs(pkg)[0];
        let skipped: HashSet<String> = pkg.channels[0].entries.iter().flat_map(|e| e.skips.iter().cloned()).collect();
        for start in 0..entries.len() {
            let from = format!("gen.v1.{start}.0");
            for resolver in [Resolver::V0, Resolver::V1] {
                let options = PathOptions { resolver, channel: Some("c".into()), ..PathOptions::default() };
                // Several heads or a cycle is a v0 error, as in OLM; everything else resolves.
                let Ok(path) = resolve_path(&catalog, "gen", &from, &options, None) else {
                    prop_assert_eq!(resolver, Resolver::V0);
                    continue;
                };
                prop_assert!(path.hops.len() < entries.len(), "terminates within the channel size");
                for hop in &path.hops {
                    prop_assert!(has_edge(graph, &hop.from, &hop.to), "hop {} -> {} is an edge", hop.from, hop.to);
                    prop_assert!(!hop.via.is_empty());
                    if resolver == Resolver::V0 {
                        prop_assert!(!skipped.contains(&hop.to), "v0 entered skipped {}", hop.to);
                    }
                }
            }
        }
    }
}

#[test]
fn every_bundle_of_a_real_catalog_resolves_under_both_resolvers() {
    let catalog = load(&catalog("community-operators-prod/v4.21"));
    let mut paths = 0;
    let mut explained = 0;
    for pkg in &catalog.packages {
        for (c, g) in pkg.channels.iter().zip(channel_graphs(pkg)) {
            let head = g
                .head
                .name()
                .expect("published channels have one head")
                .to_string();
            for e in &c.entries {
                for resolver in [Resolver::V0, Resolver::V1] {
                    let options = PathOptions {
                        resolver,
                        channel: Some(c.name.clone()),
                        ..PathOptions::default()
                    };
                    let path = resolve_path(&catalog, &pkg.name, &e.name, &options, None)
                        .unwrap_or_else(|err| {
                            panic!("{} {} {} {resolver:?}: {err}", pkg.name, c.name, e.name)
                        });
                    paths += 1;
                    if resolver == Resolver::V0 && path.end != head {
                        assert!(
                            path.explanation.is_some(),
                            "{} {}: v0 from {} ends on {} before the head {head} without an explanation",
                            pkg.name,
                            c.name,
                            e.name,
                            path.end
                        );
                        explained += 1;
                    }
                    if path.end == head {
                        assert!(path.explanation.is_none());
                    }
                }
            }
        }
    }
    assert!(paths > 1000, "{paths} paths");
    // Skipped entries and off-chain bundles exist in this catalog, so some paths are explained.
    assert!(explained > 0, "{explained} explained");
}

/// A generated entry for a catalog switch: links may point anywhere (loops included), a range
/// may cover any versions, the bundle may carry a version other than its name's, and the new
/// catalog may drop the entry or its bundle object.
#[derive(Debug, Clone)]
struct SwitchEntry {
    replaces: Option<usize>,
    skips: Vec<usize>,
    range: Option<(usize, usize)>,
    version_shift: bool,
    in_new: bool,
    bundle_in_new: bool,
    deprecated_in_new: bool,
}

fn gen_switch() -> impl Strategy<Value = Vec<SwitchEntry>> {
    (2usize..9).prop_flat_map(|n| {
        let entry = (
            proptest::option::weighted(0.7, 0..n),
            proptest::collection::vec(0..n, 0..3),
            proptest::option::weighted(0.4, (0..n, 0..n)),
            proptest::bool::weighted(0.15),
            proptest::bool::weighted(0.85),
            proptest::bool::weighted(0.8),
            proptest::bool::weighted(0.1),
        )
            .prop_map(|(replaces, skips, g, shift, in_new, bundle, deprecated)| {
                SwitchEntry {
                    replaces,
                    skips,
                    range: g.map(|(a, b)| (a.min(b), a.max(b) + 1)),
                    version_shift: shift,
                    in_new,
                    bundle_in_new: bundle,
                    deprecated_in_new: deprecated,
                }
            });
        proptest::collection::vec(entry, n)
    })
}

/// The old catalog (every entry and bundle) or the new one (what the flags keep).
fn switch_catalog(entries: &[SwitchEntry], new: bool) -> Catalog {
    let name = |i: usize| format!("gen.v1.{i}.0");
    let mut y = String::from("schema: olm.package\nname: gen\ndefaultChannel: c\n---\nschema: olm.channel\npackage: gen\nname: c\nentries:\n");
    for (i, e) in entries.iter().enumerate().filter(|(_, e)| !new || e.in_new) {
        y += &format!("- name: {}\n", name(i));
        if let Some(r) = e.replaces {
            y += &format!("  replaces: {}\n", name(r));
        }
        for (k, s) in e.skips.iter().enumerate() {
            y += &format!(
                "{}  - {}\n",
                if k == 0 { "  skips:\n" } else { "" },
                name(*s)
            );
        }
        if let Some((a, b)) = e.range {
            y += &format!("  skipRange: '>=1.{a}.0 <1.{b}.0'\n");
        }
    }
    let mut deprecated = String::new();
    for (i, e) in entries.iter().enumerate() {
        if new && !(e.in_new && e.bundle_in_new) {
            continue;
        }
        let minor = if e.version_shift { i * 10 + 5 } else { i };
        y += &format!("---\nschema: olm.bundle\npackage: gen\nname: {}\nimage: example/gen:{i}\nproperties:\n- type: olm.package\n  value:\n    packageName: gen\n    version: 1.{minor}.0\n", name(i));
        if new && e.deprecated_in_new {
            deprecated += &format!(
                "- reference: {{schema: olm.bundle, name: {}}}\n  message: gone\n",
                name(i)
            );
        }
    }
    if !deprecated.is_empty() {
        y += &format!("---\nschema: olm.deprecations\npackage: gen\nentries:\n{deprecated}");
    }
    load_files(vec![InputFile::new("gen.yaml", y)])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// `diff_package` measures every old bundle's path at once, sharing their tails; each one
    /// must be the path `resolve_path` walks on its own, with the same end and explanation.
    #[test]
    fn switch_fates_are_the_paths_resolved_one_by_one(entries in gen_switch()) {
        let (old, new) = (switch_catalog(&entries, false), switch_catalog(&entries, true));
        for resolver in [Resolver::V0, Resolver::V1] {
            let options = DiffOptions { channel: None, resolver };
            let d = diff_package(&old, &new, "gen", &options).expect("the old catalog has the package");
            prop_assert_eq!(d.fates.len(), entries.len());
            for f in &d.fates {
                let path_options = PathOptions {
                    resolver,
                    channel: Some(f.channel.clone()),
                    installed_version: old.package("gen").and_then(|p| p.bundle(&f.bundle)).and_then(|b| b.version.clone()),
                    ..PathOptions::default()
                };
                match resolve_path(&new, "gen", &f.bundle, &path_options, None) {
                    Err(e) => {
                        prop_assert_eq!(f.status, Fate::Stranded);
                        prop_assert_eq!(f.note.as_deref(), Some(e.message.as_str()));
                    }
                    Ok(p) => {
                        let mut expected = vec![f.bundle.clone()];
                        expected.extend(p.hops.iter().map(|h| h.to.clone()));
                        prop_assert_eq!(d.path(f), expected, "{:?} from {}", resolver, f.bundle);
                        prop_assert_eq!(&f.end, &p.end);
                        prop_assert_eq!(f.hops, p.hops.len());
                        prop_assert_eq!(f.note.clone(), p.explanation.map(|e| e.message));
                        prop_assert_eq!(f.status == Fate::Upgradable, !p.hops.is_empty());
                    }
                }
            }
        }
    }
}
