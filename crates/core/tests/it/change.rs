//! How a catalog changes: terminated bundles, deprecate-and-truncate, catalog switch diffs.

use crate::common;

use common::{catalog, fixture, load};
use olm_graph_core::graph::channel_graphs;
use std::collections::BTreeSet;

use olm_graph_core::change::{
    deprecate_truncate, diff_package, terminated_in_view, terminated_nodes, write_truncated,
    DiffOptions, Fate, TruncateError, TruncateOptions,
};
use olm_graph_core::layout::LayoutOptions;
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::Resolver;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::view::GraphView;
use olm_graph_core::{load_files, InputFile};

fn bundle(pkg: &str, name: &str, version: &str) -> String {
    format!("---\nschema: olm.bundle\npackage: {pkg}\nname: {name}\nimage: example/{name}\nproperties:\n- type: olm.package\n  value:\n    packageName: {pkg}\n    version: {version}\n- type: olm.gvk\n  value: {{group: example.com, kind: Thing, version: v1}}\n")
}

/// The seed's example: 1.4.0 → 1.3.0 → 1.2.0 → 1.1.0 in `stable` (the default channel), and a
/// `fast` channel sharing 1.2.0 (but not 1.3.0) and holding 1.4.0 too.
fn seed_catalog() -> (Vec<InputFile>, Catalog) {
    let mut y = String::from("schema: olm.package\nname: p\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: p\nname: stable\nentries:\n- name: p.v1.1.0\n- name: p.v1.2.0\n  replaces: p.v1.1.0\n- name: p.v1.3.0\n  replaces: p.v1.2.0\n- name: p.v1.4.0\n  replaces: p.v1.3.0\n---\nschema: olm.channel\npackage: p\nname: fast\nentries:\n- name: p.v1.2.0\n- name: p.v1.4.0\n  replaces: p.v1.2.0\n");
    for v in ["1.1.0", "1.2.0", "1.3.0", "1.4.0"] {
        y += &bundle("p", &format!("p.v{v}"), v);
    }
    let files = vec![InputFile::new("seed.yaml", y)];
    let c = load_files(files.clone());
    assert!(
        lint_catalog(&c).iter().all(|d| !d.is_error()),
        "{:?}",
        lint_catalog(&c)
    );
    (files, c)
}

#[test]
fn truncation_of_the_seed_example() {
    let (files, c) = seed_catalog();
    let pkg = c.package("p").unwrap();
    let options = TruncateOptions {
        bundle: "p.v1.3.0".into(),
        message: Some("1.3.0 has a data-loss bug".into()),
        legacy_property: true,
        allow_package_removal: false,
    };
    let (new, report) = deprecate_truncate(pkg, &options).expect("allowed");
    assert_eq!(report.tail, ["p.v1.1.0", "p.v1.2.0"]);
    // 1.4.0 → 1.3.0 [deprecated]: the tail leaves `stable`.
    let stable = new.channel("stable").unwrap();
    let names: Vec<_> = stable.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["p.v1.3.0", "p.v1.4.0"]);
    assert_eq!(
        stable.entry("p.v1.3.0").unwrap().replaces,
        None,
        "its own replaces is dropped"
    );
    assert_eq!(
        stable.entry("p.v1.4.0").unwrap().replaces.as_deref(),
        Some("p.v1.3.0")
    );
    // 1.2.0 is still in `fast` (which does not hold 1.3.0), so only 1.1.0 is deleted.
    assert_eq!(report.removed_bundles, ["p.v1.1.0"]);
    // What each view loses: the tail in `stable`, nothing in `fast`, the deleted bundle overall.
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        report.removed_nodes(Some("stable")),
        set(&["p.v1.1.0", "p.v1.2.0"])
    );
    assert_eq!(report.removed_nodes(Some("fast")), set(&[]));
    assert_eq!(report.removed_nodes(None), set(&["p.v1.1.0"]));
    assert_eq!(new.channel("fast").unwrap().entries.len(), 2);
    assert!(report.removed_channels.is_empty());
    assert_eq!(
        new.deprecations.bundles.get("p.v1.3.0").map(String::as_str),
        Some("1.3.0 has a data-loss bug")
    );
    // A cluster on 1.1.0 had a way forward and has none now; one on 1.2.0 still has `fast`'s... no:
    // its subscription is on `stable`, where nothing upgrades 1.2.0 any more.
    assert_eq!(report.stranded, ["p.v1.1.0", "p.v1.2.0"]);

    // The written catalog is valid FBC, keeps untouched objects verbatim, and records both marks.
    let text = write_truncated(&files, &report, &new).expect("writes");
    let out = load_files(vec![InputFile::new("out.json", text.clone())]);
    let errors: Vec<_> = lint_catalog(&out)
        .into_iter()
        .filter(|d| d.is_error())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    let p = out.package("p").unwrap();
    assert_eq!(p.bundles.len(), 3);
    assert!(p.bundle("p.v1.3.0").unwrap().legacy_deprecated);
    // Views mark the legacy property apart from olm.deprecations.
    let graphs = channel_graphs(p);
    let stable_graph = graphs.iter().find(|g| g.channel == "stable").unwrap();
    let view = GraphView::channel(p, stable_graph, &LayoutOptions::default());
    let node = |n: &str| view.nodes().iter().find(|x| x.name == n).unwrap();
    assert!(node("p.v1.3.0").legacy_deprecated && node("p.v1.3.0").deprecated);
    assert!(!node("p.v1.4.0").legacy_deprecated && !node("p.v1.4.0").deprecated);
    assert!(p.is_bundle_deprecated("p.v1.3.0"));
    assert_eq!(
        p.bundle("p.v1.2.0").unwrap().property_counts.get("olm.gvk"),
        Some(&1),
        "properties kept"
    );
}

#[test]
fn the_default_channel_head_may_not_go() {
    let (_, c) = seed_catalog();
    let pkg = c.package("p").unwrap();
    let err = deprecate_truncate(
        pkg,
        &TruncateOptions {
            bundle: "p.v1.4.0".into(),
            ..Default::default()
        },
    )
    .expect_err("refused");
    assert!(err.to_string().contains("default channel"), "{err}");
    assert!(
        err.to_string().contains("--allow-package-removal"),
        "every head would go: {err}"
    );
    assert!(
        matches!(err, TruncateError::PackageRemovalNotAllowed { ref default_channel, .. } if default_channel == "stable"),
        "{err:?}"
    );
    // 1.4.0 heads both channels: with package removal allowed, the package goes.
    let (new, report) = deprecate_truncate(
        pkg,
        &TruncateOptions {
            bundle: "p.v1.4.0".into(),
            allow_package_removal: true,
            ..Default::default()
        },
    )
    .expect("allowed");
    assert!(report.package_removed);
    assert!(new.channels.is_empty() && new.bundles.is_empty());
}

#[test]
fn a_non_default_channel_head_removes_its_channel() {
    let y = format!(
        "schema: olm.package\nname: q\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: q\nname: stable\nentries:\n- name: q.v1.0.0\n- name: q.v1.1.0\n  replaces: q.v1.0.0\n---\nschema: olm.channel\npackage: q\nname: candidate\nentries:\n- name: q.v1.0.0\n- name: q.v2.0.0-rc.1\n  replaces: q.v1.0.0\n{}{}{}",
        bundle("q", "q.v1.0.0", "1.0.0"),
        bundle("q", "q.v1.1.0", "1.1.0"),
        bundle("q", "q.v2.0.0-rc.1", "2.0.0-rc.1")
    );
    let c = load_files(vec![InputFile::new("q.yaml", y)]);
    let (new, report) = deprecate_truncate(
        c.package("q").unwrap(),
        &TruncateOptions {
            bundle: "q.v2.0.0-rc.1".into(),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(report.removed_channels, ["candidate"]);
    assert_eq!(
        report.removed_bundles,
        ["q.v2.0.0-rc.1"],
        "1.0.0 stays in stable"
    );
    assert!(new.channel("candidate").is_none());
    assert!(new.bundle("q.v1.0.0").is_some());
}

#[test]
fn terminated_depends_on_the_resolver() {
    let c = load(&fixture("resolve/v1-deprecation.yaml"));
    let pkg = c.package("dep").unwrap();
    let g = &channel_graphs(pkg)[0];
    assert!(terminated_nodes(pkg, g, Resolver::V0).is_empty());
    // v1 stays on d2 rather than take the deprecated d3.
    assert_eq!(
        terminated_nodes(pkg, g, Resolver::V1)
            .into_iter()
            .collect::<Vec<_>>(),
        ["d2"]
    );
}

#[test]
fn terminated_on_a_real_catalog_where_skips_do_not_chain() {
    let c = load(&catalog(
        "openshift-kube-descheduler-fbc/v4.17/cluster-kube-descheduler-operator.json",
    ));
    let pkg = c.package("cluster-kube-descheduler-operator").unwrap();
    let graphs = channel_graphs(pkg);
    let stable = graphs.iter().find(|g| g.channel == "stable").unwrap();
    let t = terminated_nodes(pkg, stable, Resolver::V0);
    // v5.1.4 skips 4.14.0-202311021650, which alone covers 4.14.0-202310201027.
    assert!(
        t.contains("clusterkubedescheduleroperator.4.14.0-202310201027"),
        "{t:?}"
    );
    assert!(
        !t.contains("clusterkubedescheduleroperator.4.14.0-202311021650"),
        "{t:?}"
    );
    assert!(
        !t.contains("clusterkubedescheduleroperator.v5.1.4"),
        "the head is never terminated"
    );
    // v1 has no chain: the skipRange of v5.0.x reaches it.
    assert!(!terminated_nodes(pkg, stable, Resolver::V1)
        .contains("clusterkubedescheduleroperator.4.14.0-202310201027"));
    // The channel view is the channel's set; the all-channels view keeps a node only when
    // every channel holding it terminates it.
    assert_eq!(
        terminated_in_view(pkg, &graphs, Some("stable"), Resolver::V0),
        t
    );
    let all = terminated_in_view(pkg, &graphs, None, Resolver::V0);
    for n in &all {
        for g in graphs
            .iter()
            .filter(|g| g.nodes.iter().any(|x| &x.name == n))
        {
            assert!(
                terminated_nodes(pkg, g, Resolver::V0).contains(n),
                "{n} in {}",
                g.channel
            );
        }
    }
    let only_stable: Vec<&str> = graphs
        .iter()
        .filter(|g| {
            g.nodes
                .iter()
                .any(|x| x.name == "clusterkubedescheduleroperator.4.14.0-202310201027")
        })
        .map(|g| g.channel.as_str())
        .collect();
    assert_eq!(
        all.contains("clusterkubedescheduleroperator.4.14.0-202310201027"),
        only_stable == ["stable"],
        "held by {only_stable:?}"
    );
}

fn fates(
    old: &str,
    new: &str,
    pkg: &str,
    channel: Option<&str>,
) -> Vec<(String, Fate, Vec<String>)> {
    let (o, n) = (load(&catalog(old)), load(&catalog(new)));
    let d = diff_package(
        &o,
        &n,
        pkg,
        &DiffOptions {
            channel: channel.map(str::to_string),
            resolver: Resolver::V0,
        },
    )
    .expect("diff");
    d.fates
        .iter()
        .map(|f| (f.bundle.clone(), f.status, d.path(f)))
        .collect()
}

#[test]
fn descheduler_4_12_to_4_13_upgrades_every_bundle_to_the_new_head() {
    let f = fates(
        "openshift-kube-descheduler-fbc/v4.12",
        "openshift-kube-descheduler-fbc/v4.13",
        "cluster-kube-descheduler-operator",
        Some("stable"),
    );
    assert_eq!(f.len(), 44);
    for (b, status, path) in &f {
        assert_eq!(*status, Fate::Upgradable, "{b}");
        assert_eq!(
            path.last().unwrap(),
            "clusterkubedescheduleroperator.v4.13.1",
            "{b}"
        );
    }
    let o = load(&catalog("openshift-kube-descheduler-fbc/v4.12"));
    let n = load(&catalog("openshift-kube-descheduler-fbc/v4.13"));
    let d = diff_package(
        &o,
        &n,
        "cluster-kube-descheduler-operator",
        &DiffOptions::default(),
    )
    .unwrap();
    assert_eq!(d.channels_removed, ["4.12"]);
    assert_eq!(d.channels_added, ["4.13"]);
    assert_eq!(
        d.heads_moved[0].new.as_deref(),
        Some("clusterkubedescheduleroperator.v4.13.1")
    );
}

#[test]
fn descheduler_4_16_to_4_17_strands_bundles_behind_a_skipped_entry() {
    let f = fates(
        "openshift-kube-descheduler-fbc/v4.16",
        "openshift-kube-descheduler-fbc/v4.17",
        "cluster-kube-descheduler-operator",
        Some("stable"),
    );
    let get = |name: &str| {
        f.iter()
            .find(|x| x.0 == format!("clusterkubedescheduleroperator.{name}"))
            .unwrap()
            .clone()
    };
    assert_eq!(get("4.14.0-202310201027").1, Fate::Stranded);
    let up = get("4.14.0-202311021650");
    assert_eq!(up.1, Fate::Upgradable);
    assert_eq!(
        up.2.last().unwrap(),
        "clusterkubedescheduleroperator.v5.1.4"
    );
}

#[test]
fn trusted_profile_analyzer_drops_its_stable_channel_in_4_20() {
    let f = fates(
        "trusted-profile-analyzer-fbc/v4.19",
        "trusted-profile-analyzer-fbc/v4.20",
        "rhtpa-operator",
        None,
    );
    let status = |name: &str| f.iter().find(|x| x.0 == name).unwrap().1;
    assert_eq!(status("rhtpa-operator.v1.0.0"), Fate::ChannelRemoved);
    assert_eq!(status("rhtpa-operator.v1.1.0"), Fate::Upgradable);
    assert_eq!(status("rhtpa-operator.v1.1.7"), Fate::UpToDate);
    assert_eq!(status("rhtpa-operator.v3.1.0"), Fate::UpToDate);
}

#[test]
fn multicluster_global_hub_across_versions() {
    let f = fates(
        "community-operators-prod/v4.17/multicluster-global-hub-operator.yaml",
        "community-operators-prod/v4.19/multicluster-global-hub-operator.yaml",
        "multicluster-global-hub-operator",
        None,
    );
    let status = |suffix: &str| f.iter().find(|x| x.0.ends_with(suffix)).unwrap().1;
    assert_eq!(status("v1.4.0"), Fate::ChannelRemoved);
    assert_eq!(status("v1.7.0"), Fate::UpToDate);
    assert_eq!(status("v1.7.0-alpha"), Fate::Upgradable);
}

#[test]
fn a_bundle_without_a_way_forward_that_the_new_catalog_deprecates() {
    let old = format!(
        "schema: olm.package\nname: r\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: r\nname: stable\nentries:\n- name: r.v1\n- name: r.v2\n  replaces: r.v1\n{}{}",
        bundle("r", "r.v1", "1.0.0"),
        bundle("r", "r.v2", "2.0.0")
    );
    // r.v1 is skipped by r.v1.5, which r.v3 skips in turn: one head (r.v3), and no way
    // forward for r.v1 under OLM v0.
    let new = format!(
        "schema: olm.package\nname: r\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: r\nname: stable\nentries:\n- name: r.v1\n- name: r.v1.5\n  skips: [r.v1]\n- name: r.v3\n  replaces: r.v2\n  skips: [r.v1.5]\n---\nschema: olm.deprecations\npackage: r\nentries:\n- reference: {{schema: olm.bundle, name: r.v1}}\n  message: r.v1 is out of support\n{}{}{}",
        bundle("r", "r.v1", "1.0.0"),
        bundle("r", "r.v1.5", "1.5.0"),
        bundle("r", "r.v3", "3.0.0")
    );
    let o = load_files(vec![InputFile::new("old.yaml", old)]);
    let n = load_files(vec![InputFile::new("new.yaml", new)]);
    let d = diff_package(&o, &n, "r", &DiffOptions::default()).unwrap();
    let status = |b: &str| d.fates.iter().find(|f| f.bundle == b).unwrap().status;
    assert_eq!(status("r.v1"), Fate::Deprecated);
    // r.v2 is gone from the new catalog, but r.v3 replaces it by name.
    assert_eq!(status("r.v2"), Fate::Upgradable);
    assert_eq!(d.deprecations_added, ["olm.bundle/r.v1"]);
    assert_eq!(d.bundles_removed, ["r.v2"]);
    assert_eq!(d.bundles_added, ["r.v1.5", "r.v3"]);
}

/// The diff's changed edges are exactly the set differences of (channel, from, to, kind) over
/// both catalogs' channel graphs, in order and without repeats, on real catalog pairs: channels
/// dropped and added (4.12 → 4.13), kept with edges moved (4.16 → 4.17, 4.20 → 4.21), and a
/// switch back across nine releases (4.21 → 4.12).
#[test]
fn diff_edges_are_the_set_differences_of_both_graphs() {
    use olm_graph_core::change::EdgeChange;
    let edges = |c: &Catalog, package: &str| -> BTreeSet<EdgeChange> {
        let Some(p) = c.package(package) else {
            return BTreeSet::new();
        };
        channel_graphs(p)
            .iter()
            .flat_map(|g| {
                g.edges.iter().map(|e| EdgeChange {
                    channel: g.channel.clone(),
                    from: g.nodes[e.from].name.clone(),
                    to: g.nodes[e.to].name.clone(),
                    kind: e.kind,
                })
            })
            .collect()
    };
    let descheduler = "cluster-kube-descheduler-operator";
    let pairs = [
        (
            "openshift-kube-descheduler-fbc/v4.12",
            "openshift-kube-descheduler-fbc/v4.13",
            descheduler,
        ),
        (
            "openshift-kube-descheduler-fbc/v4.16",
            "openshift-kube-descheduler-fbc/v4.17",
            descheduler,
        ),
        (
            "openshift-kube-descheduler-fbc/v4.20",
            "openshift-kube-descheduler-fbc/v4.21",
            descheduler,
        ),
        (
            "openshift-kube-descheduler-fbc/v4.21",
            "openshift-kube-descheduler-fbc/v4.12",
            descheduler,
        ),
    ];
    let mut changed = 0;
    for (old, new, package) in pairs {
        let (o, n) = (load(&catalog(old)), load(&catalog(new)));
        let d = diff_package(&o, &n, package, &DiffOptions::default()).unwrap();
        let (oe, ne) = (edges(&o, package), edges(&n, package));
        let removed: Vec<_> = oe.difference(&ne).cloned().collect();
        let added: Vec<_> = ne.difference(&oe).cloned().collect();
        assert_eq!(d.edges_removed, removed, "{old} -> {new}: removed");
        assert_eq!(d.edges_added, added, "{old} -> {new}: added");
        changed += removed.len() + added.len();
    }
    assert!(changed > 100, "the pairs change edges: {changed}");
}

#[test]
fn a_typed_entry_version_is_read_leniently() {
    use olm_graph_core::change::edit::NewEntry;
    use olm_graph_core::semver::Version;
    assert_eq!(NewEntry::version_from_text(" "), Ok(None));
    assert_eq!(
        NewEntry::version_from_text(" v1.2 "),
        Ok(Some(Version::parse("1.2.0").unwrap()))
    );
    let e = NewEntry::version_from_text("not a version").unwrap_err();
    assert!(e.starts_with("version \"not a version\": "), "{e}");
}

/// `HopResolver::moves`, the question `terminated_nodes` asks of every node, gives the same
/// answer as a full hop (`next`: some bundle chosen, or the same failure) from every name of
/// every channel of real catalogs of several shapes (skipRange-heavy, skips that do not chain,
/// split catalogs) and of the resolver fixtures (fail-forward, deprecations, the legacy
/// `olm.deprecated` property), under both resolvers, and from every bundle of the package;
/// and `HopResolver::moves_from_entry`, the same question asked by entry index, gives the
/// answer `moves` gives by name; `entry_is_named` and `name_is_named` find the names a set of
/// every `replaces` and `skips` holds.
#[test]
fn moves_agrees_with_a_full_hop_on_real_catalogs() {
    use olm_graph_core::resolve::{HopResolver, PathOptions};
    let mut checked = 0;
    for rel in [
        "openshift-kube-descheduler-fbc/v4.17/cluster-kube-descheduler-operator.json",
        "openshift-kube-descheduler-fbc/v4.12",
        "certified-operators/v4.22/gpu-operator-certified.yaml",
        "kueue-fbc/v4.22",
        "submariner-operator-fbc/v4.21-split",
        "trusted-profile-analyzer-fbc/v4.18",
        "fixture:resolve/failforward.yaml",
        "fixture:resolve/v0-v1-differ.yaml",
        "fixture:resolve/v1-deprecation.yaml",
        "fixture:resolve/legacy-deprecated.yaml",
    ] {
        let c = match rel.strip_prefix("fixture:") {
            Some(f) => load(&fixture(f)),
            None => load(&catalog(rel)),
        };
        for pkg in &c.packages {
            for resolver in [Resolver::V0, Resolver::V1] {
                for ch in &pkg.channels {
                    let options = PathOptions {
                        resolver,
                        channel: Some(ch.name.clone()),
                        ..PathOptions::default()
                    };
                    let Ok(hops) = HopResolver::new(pkg, &options) else {
                        continue;
                    };
                    let names = (ch.entries.iter())
                        .flat_map(|e| [&e.name].into_iter().chain(&e.replaces).chain(&e.skips))
                        .chain(pkg.bundles.iter().map(|b| &b.name));
                    // Read by entry index (what `terminated_nodes` asks of an entry node), the
                    // same answer as by name, and the same "named" as a set of the names.
                    let named: std::collections::HashSet<&String> = ch
                        .entries
                        .iter()
                        .flat_map(|e| e.replaces.iter().chain(&e.skips))
                        .collect();
                    for (i, e) in ch.entries.iter().enumerate() {
                        let by_name = hops.moves(&hops.installed(&e.name));
                        let at = format!(
                            "{rel}: {}/{} entry {i} {} ({resolver:?})",
                            pkg.name, ch.name, e.name
                        );
                        assert_eq!(hops.moves_from_entry(&ch.name, i), Some(by_name), "{at}");
                        assert_eq!(
                            hops.entry_is_named(&ch.name, i),
                            Some(named.contains(&e.name)),
                            "{at}"
                        );
                        checked += 1;
                    }
                    assert_eq!(hops.moves_from_entry("no such channel", 0), None);
                    assert_eq!(hops.moves_from_entry(&ch.name, ch.entries.len()), None);
                    for name in names {
                        let at = format!("{rel}: {}/{} {name} ({resolver:?})", pkg.name, ch.name);
                        assert_eq!(
                            hops.name_is_named(&ch.name, name),
                            Some(named.contains(name)),
                            "{at}"
                        );
                        let installed = hops.installed(name);
                        let full = hops.next(&installed).map(|c| c.chosen.is_some());
                        assert_eq!(
                            hops.moves(&installed),
                            full,
                            "{rel}: {}/{} from {name} ({resolver:?})",
                            pkg.name,
                            ch.name
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 2_000, "only {checked} hops compared");
}
