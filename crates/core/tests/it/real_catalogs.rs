//! Loads every real catalog under `../shared/catalogs/` and checks olm-graph against the counts
//! an independent counter (`catalog_stats.py`) wrote into SOURCES.md (and that no input limit is
//! hit), then checks that opm-valid catalogs lint clean and that every channel has exactly one
//! head.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use common::{catalogs_dir, load};
use olm_graph_core::change::terminated_nodes;
use olm_graph_core::graph::{channel_graphs, channel_head};
use olm_graph_core::model::{Channel, Package};
use olm_graph_core::resolve::{HopResolver, PathOptions, Resolver};
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::view::{channel_summaries, channel_summaries_of};

/// One row of a SOURCES.md file table.
#[derive(Debug)]
struct Row {
    source: String,
    file: String,
    packages: usize,
    channels: usize,
    bundles: usize,
    entries: usize,
    replaces: usize,
    skip_entries: usize,
    skip_names: usize,
    skip_range: usize,
    deprecations: BTreeMap<String, usize>,
}

fn rows() -> Vec<Row> {
    let text =
        std::fs::read_to_string(catalogs_dir().join("SOURCES.md")).expect("SOURCES.md is readable");
    let mut source = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(s) = line.strip_prefix("### ") {
            source = s.trim().to_string();
            continue;
        }
        if !line.starts_with("| `") || source.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        // ["", file, source path, bytes, pkg, ch, bun, ent, repl, skips, sRng, depr, payload, notes, ""]
        let n = |i: usize| {
            cols[i]
                .parse::<usize>()
                .unwrap_or_else(|_| panic!("number in column {i} of {line}"))
        };
        let (se, sn) = cols[9].split_once('/').expect("skips column is a/b");
        let mut deprecations = BTreeMap::new();
        for part in cols[11].split_whitespace() {
            if let Some((k, v)) = part.split_once(':') {
                deprecations.insert(k.to_string(), v.parse().expect("deprecation count"));
            }
        }
        out.push(Row {
            source: source.clone(),
            file: cols[1].trim_matches('`').to_string(),
            packages: n(4),
            channels: n(5),
            bundles: n(6),
            entries: n(7),
            replaces: n(8),
            skip_entries: se.parse().expect("skip entries"),
            skip_names: sn.parse().expect("skip names"),
            skip_range: n(10),
            deprecations,
        });
    }
    out
}

/// Rendered catalogs from the Red Hat and community repositories: each passed `opm validate`.
fn is_published(source: &str) -> bool {
    !matches!(
        source,
        "examples" | "legacy-package-manifests" | "templates"
    )
}

#[test]
fn counts_match_sources_md_for_every_catalog() {
    let rows = rows();
    assert!(
        rows.len() > 150,
        "expected the whole SOURCES.md file list, found {} rows",
        rows.len()
    );
    let mut checked = 0;
    let mut failures = Vec::new();
    for row in rows.iter().filter(|r| r.source != "templates") {
        let path = catalogs_dir().join(&row.source).join(&row.file);
        let catalog = load(&path);
        // The default input limits are generous enough for every real catalog.
        for d in catalog
            .diagnostics
            .iter()
            .filter(|d| d.code == "load.limit")
        {
            failures.push(format!("{}/{}: {d}", row.source, row.file));
        }
        let declared = catalog.packages.iter().filter(|p| p.declared).count();
        let channels: Vec<_> = catalog
            .packages
            .iter()
            .flat_map(|p| p.channels.iter())
            .collect();
        let entries: Vec<_> = channels.iter().flat_map(|c| c.entries.iter()).collect();
        let bundles: usize = catalog.packages.iter().map(|p| p.bundles.len()).sum();
        let mut deprecations = BTreeMap::new();
        for p in &catalog.packages {
            let d = &p.deprecations;
            if d.package.is_some() {
                *deprecations.entry("package".to_string()).or_insert(0) += 1;
            }
            if !d.channels.is_empty() {
                *deprecations.entry("channel".to_string()).or_insert(0) += d.channels.len();
            }
            if !d.bundles.is_empty() {
                *deprecations.entry("bundle".to_string()).or_insert(0) += d.bundles.len();
            }
        }
        // A file holding only an olm.deprecations object: its package is not in the file, so the
        // deprecation cannot be applied; count the raw object's entries instead.
        let raw_deprecations: usize = catalog.files.iter().map(|f| f.deprecations).sum();
        let got = (
            declared,
            channels.len(),
            bundles,
            entries.len(),
            entries.iter().filter(|e| e.replaces.is_some()).count(),
            entries.iter().filter(|e| !e.skips.is_empty()).count(),
            entries.iter().map(|e| e.skips.len()).sum::<usize>(),
            entries.iter().filter(|e| e.skip_range.is_some()).count(),
        );
        let want = (
            row.packages,
            row.channels,
            row.bundles,
            row.entries,
            row.replaces,
            row.skip_entries,
            row.skip_names,
            row.skip_range,
        );
        if got != want {
            failures.push(format!("{}/{}: (pkg, ch, bun, ent, repl, skipEntries, skipNames, sRng) got {got:?}, want {want:?}", row.source, row.file));
        }
        if declared > 0 && deprecations != row.deprecations {
            failures.push(format!(
                "{}/{}: deprecations got {deprecations:?}, want {:?}",
                row.source, row.file, row.deprecations
            ));
        }
        if declared == 0 && !row.deprecations.is_empty() {
            assert_eq!(
                raw_deprecations, 1,
                "{}: the lone olm.deprecations object is read",
                row.file
            );
        }
        checked += 1;
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} catalogs differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 140, "checked {checked}");
}

#[test]
fn published_catalogs_lint_without_errors_and_have_one_head_per_channel() {
    let mut failures = Vec::new();
    let mut channels = 0;
    for row in rows().iter().filter(|r| is_published(&r.source)) {
        let path = catalogs_dir().join(&row.source).join(&row.file);
        let catalog = load(&path);
        let placeholder = row.source == "mtv-fbc" && row.file.starts_with("v4.23/");
        let errors: Vec<String> = lint_catalog(&catalog)
            .into_iter()
            .filter(|d| d.is_error())
            .map(|d| d.to_string())
            .collect();
        if placeholder {
            // The default channel names a channel that does not exist: opm reports an empty channel.
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert!(
                errors[0].contains("channel must contain at least one bundle"),
                "{errors:?}"
            );
        } else if !errors.is_empty() {
            failures.push(format!(
                "{}/{}:\n  {}",
                row.source,
                row.file,
                errors.join("\n  ")
            ));
        }
        for pkg in &catalog.packages {
            for g in channel_graphs(pkg) {
                channels += 1;
                if g.head.name().is_none() {
                    failures.push(format!(
                        "{}/{} channel {}: {:?}",
                        row.source, row.file, g.channel, g.head
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(channels > 300, "checked {channels} channels");
}

/// A channel graph finds its head from the names its edges looked up, and the app's channel
/// tabs take it from there (`channel_summaries_of`): both must be [`channel_head`]'s, the
/// head opm computes, on every channel of every real catalog.
#[test]
fn every_real_channel_graph_has_channel_heads_head() {
    let mut paths = Vec::new();
    common::units(&catalogs_dir(), &mut paths);
    let mut channels = 0;
    for path in &paths {
        let Ok(catalog) = olm_graph_core::load_paths(&[path]) else {
            continue;
        };
        for pkg in &catalog.packages {
            let graphs = channel_graphs(pkg);
            for (g, c) in graphs.iter().zip(&pkg.channels) {
                channels += 1;
                let head = channel_head(c);
                assert_eq!(g.head, head, "{} {} {}", path.display(), pkg.name, c.name);
            }
            assert_eq!(
                channel_summaries_of(pkg, &graphs),
                channel_summaries(pkg),
                "{} {}",
                path.display(),
                pkg.name
            );
        }
    }
    // Every real channel has a unique head; the next test takes the other cases.
    assert!(channels > 400, "checked {channels} channels");
}

/// The cases a channel's head turns on, each built as a one-channel package (the model built
/// directly: the loader reports and drops some of these entries): a duplicate entry's
/// `replaces` still names, an empty name names an entry named "", a self-`replaces` names its
/// entry, a `skips` names, a `skipRange` does not, several heads are sorted, a cycle has none.
fn head_cases() -> Vec<(&'static str, olm_graph_core::model::Package)> {
    use olm_graph_core::model::ChannelEntry;
    let entry =
        |name: &str, replaces: Option<&str>, skips: &[&str], range: Option<&str>| ChannelEntry {
            name: name.to_string(),
            replaces: replaces.map(str::to_string),
            skips: skips.iter().map(|s| s.to_string()).collect(),
            skip_range: range.map(str::to_string),
        };
    let cases: Vec<(&str, Vec<ChannelEntry>)> = vec![
        (
            "a duplicate entry's replaces names",
            vec![
                entry("a.1", None, &[], None),
                entry("a.2", Some("a.1"), &[], None),
                entry("a.3", None, &[], None),
                entry("a.2", Some("a.3"), &[], None),
            ],
        ),
        (
            "an empty name names the entry named \"\"",
            vec![
                entry("", None, &[], None),
                entry("a.2", Some(""), &[""], None),
            ],
        ),
        (
            "a self-replaces names its entry",
            vec![
                entry("a.1", Some("a.1"), &[], None),
                entry("a.2", Some("a.1"), &[], None),
            ],
        ),
        (
            "skips name, a skipRange does not",
            vec![
                entry("a.1", None, &[], None),
                entry("a.2", None, &["a.1"], None),
                entry("a.3", None, &[], Some("<0.0.3")),
            ],
        ),
        (
            "several heads, sorted",
            vec![
                entry("b.2", None, &[], None),
                entry("a.9", None, &[], None),
                entry("c.1", None, &[], None),
            ],
        ),
        (
            "a cycle has none",
            vec![
                entry("a.1", Some("a.2"), &[], None),
                entry("a.2", Some("a.1"), &[], None),
            ],
        ),
        (
            "names that are not entries",
            vec![entry("a.2", Some("gone.1"), &["gone.0", ""], None)],
        ),
    ];
    cases
        .into_iter()
        .map(|(case, entries)| {
            let channel = Channel {
                name: "s".into(),
                package: "a".into(),
                entries,
                ..Default::default()
            };
            let pkg = Package {
                name: "a".into(),
                channels: vec![channel],
                ..Default::default()
            };
            (case, pkg)
        })
        .collect()
}

/// On [`head_cases`], a channel graph's head and the channel tabs' are [`channel_head`]'s.
#[test]
fn a_channel_graphs_head_is_channel_heads_on_the_cases_it_turns_on() {
    for (case, pkg) in head_cases() {
        let graphs = channel_graphs(&pkg);
        assert_eq!(graphs[0].head, channel_head(&pkg.channels[0]), "{case}");
        assert_eq!(
            channel_summaries_of(&pkg, &graphs),
            channel_summaries(&pkg),
            "{case}"
        );
    }
}

/// Terminated nodes as first defined, asked by name: a node that is virtual or that some entry
/// names, from which a hop under `resolver` in the graph's channel chooses nothing or fails.
fn terminated_by_name(
    pkg: &olm_graph_core::model::Package,
    g: &olm_graph_core::graph::ChannelGraph,
    resolver: Resolver,
) -> BTreeSet<String> {
    let Some(channel) = pkg.channel(&g.channel) else {
        return BTreeSet::new();
    };
    let named: BTreeSet<&str> = (channel.entries.iter())
        .flat_map(|e| e.replaces.iter().chain(&e.skips))
        .map(String::as_str)
        .collect();
    let options = PathOptions {
        resolver,
        channel: Some(g.channel.clone()),
        ..PathOptions::default()
    };
    let hops = HopResolver::new(pkg, &options);
    (g.nodes.iter())
        .filter(|n| n.is_virtual || named.contains(n.name.as_str()))
        .filter(|n| {
            let moves = hops.as_ref().ok().map(|h| h.moves(&h.installed(&n.name)));
            !matches!(moves, Some(Ok(true)))
        })
        .map(|n| n.name.clone())
        .collect()
}

/// `terminated_nodes` reads entry nodes by their index in the channel; it must find what
/// asking every node by name finds ([`terminated_by_name`]), under both resolvers, on every
/// channel of every real catalog and on [`head_cases`] (duplicates, cycles, names that are no
/// entries), also when given the graph of another package.
#[test]
fn terminated_nodes_by_index_are_those_found_by_name() {
    let mut paths = Vec::new();
    common::units(&catalogs_dir(), &mut paths);
    let mut pkgs: Vec<(String, olm_graph_core::model::Package)> = head_cases()
        .into_iter()
        .map(|(case, pkg)| (case.to_string(), pkg))
        .collect();
    for path in &paths {
        if let Ok(catalog) = olm_graph_core::load_paths(&[path]) {
            let at = path.display().to_string();
            pkgs.extend(catalog.packages.into_iter().map(|p| (at.clone(), p)));
        }
    }
    let (mut channels, mut terminated) = (0, 0);
    for (at, pkg) in &pkgs {
        for g in &channel_graphs(pkg) {
            for resolver in [Resolver::V0, Resolver::V1] {
                let found = terminated_nodes(pkg, g, resolver);
                assert_eq!(
                    found,
                    terminated_by_name(pkg, g, resolver),
                    "{at} {} {} {resolver:?}",
                    pkg.name,
                    g.channel
                );
                channels += 1;
                terminated += found.len();
            }
        }
    }
    // A graph of another package's channel of the same name: its nodes' entry and bundle
    // indices do not fit this package, and are read by name instead, without a panic.
    let cases = head_cases();
    for (case, pkg) in &cases {
        for (other, of) in &cases {
            let g = &channel_graphs(of)[0];
            for resolver in [Resolver::V0, Resolver::V1] {
                let found = terminated_nodes(pkg, g, resolver);
                let expected = terminated_by_name(pkg, g, resolver);
                assert_eq!(found, expected, "{case} with the graph of {other}");
            }
        }
    }
    // And real ones: each package's `stable` graph read against the next package that has a
    // `stable` channel (bundle indices of other names, entries at other positions).
    let stable: Vec<_> = (pkgs.iter())
        .filter_map(|(_, p)| {
            Some((
                p,
                channel_graphs(p)
                    .into_iter()
                    .find(|g| g.channel == "stable")?,
            ))
        })
        .collect();
    for pair in stable.windows(2) {
        let ((pkg, _), (of, g)) = (&pair[0], &pair[1]);
        let found = terminated_nodes(pkg, g, Resolver::V0);
        assert_eq!(
            found,
            terminated_by_name(pkg, g, Resolver::V0),
            "{} with {}'s graph",
            pkg.name,
            of.name
        );
    }
    assert!(stable.len() > 20, "only {} stable channels", stable.len());
    // The same channel with a bundle added that sorts first: every node's bundle index now
    // points at the bundle before its own, and must be looked up again by name (each entry's
    // version is then its own bundle's, as `HopResolver::new` finds it).
    for rel in [
        "openshift-kube-descheduler-fbc/v4.17/cluster-kube-descheduler-operator.json",
        "certified-operators/v4.22/gpu-operator-certified.yaml",
    ] {
        let pkg = &load(&common::catalog(rel)).packages[0];
        let mut shifted = pkg.clone();
        let mut first = pkg.bundles[0].clone();
        first.name = format!("0-{}", first.name);
        first.version = Some(olm_graph_core::semver::Version::parse("0.0.1").unwrap());
        shifted.bundles.insert(0, first);
        for g in &channel_graphs(pkg) {
            let by_graph = HopResolver::for_channel_graph(&shifted, g, Resolver::V1).unwrap();
            let options = PathOptions {
                resolver: Resolver::V1,
                channel: Some(g.channel.clone()),
                ..PathOptions::default()
            };
            let by_name = HopResolver::new(&shifted, &options).unwrap();
            for n in &g.nodes {
                assert_eq!(
                    by_graph.installed(&n.name),
                    by_name.installed(&n.name),
                    "{rel} {}",
                    n.name
                );
            }
            for resolver in [Resolver::V0, Resolver::V1] {
                let found = terminated_nodes(&shifted, g, resolver);
                let expected = terminated_by_name(&shifted, g, resolver);
                assert_eq!(found, expected, "{rel} {} shifted {resolver:?}", g.channel);
            }
        }
    }
    assert!(channels > 900, "checked {channels} channels");
    assert!(
        terminated > 50,
        "only {terminated} terminated nodes compared"
    );
}
