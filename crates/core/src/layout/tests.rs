//! Whole-layout tests: every invariant on real channels in both fan modes, determinism, and
//! graphs that must not break the engine.

use super::test_support::*;
use super::*;
use crate::graph::{channel_graphs, EdgeKind, Head, PackageGraph};
use crate::model::{Bundle, Channel, ChannelEntry, Package};
use crate::semver::Version;

#[test]
fn real_channels_satisfy_all_invariants_in_both_modes() {
    for g in real_graphs() {
        for fans in [FanMode::Bands, FanMode::Edges] {
            let what = format!("{}/{} {fans:?}", g.package, g.channel);
            let layout = layout_channel(&g, &opts(fans));
            check(&layout, g.nodes.len(), &edge_list(&g), fans, &what);
            check_routes_avoid_boxes(&layout, &what);
            if fans == FanMode::Edges {
                assert!(layout.bands.is_empty());
                assert_eq!(layout.edges.len(), g.edges.len(), "{what}");
            }
        }
    }
}

#[test]
fn layouts_are_deterministic() {
    for g in real_graphs() {
        for fans in [FanMode::Bands, FanMode::Edges] {
            assert_eq!(
                layout_channel(&g, &opts(fans)),
                layout_channel(&g, &opts(fans))
            );
        }
    }
    let (packages, gs) = load(QUAY);
    let pg = PackageGraph::build(&packages[0], &gs);
    assert_eq!(
        layout_package(&pg, &LayoutOptions::default()),
        layout_package(&pg, &LayoutOptions::default())
    );
}

#[test]
fn empty_single_and_self_loop_graphs_do_not_panic() {
    let o = LayoutOptions::default();
    let e = |from, to, kind| LayoutEdge {
        from,
        to,
        kind,
        range: Some(">=0.0.0"),
    };
    let as_list = |edges: &[LayoutEdge<'_>]| {
        edges
            .iter()
            .map(|e| (e.from, e.to, e.kind))
            .collect::<Vec<_>>()
    };
    // Empty.
    let empty = layout_graph(&[], &[], &[], &o);
    assert!(
        empty.nodes.is_empty()
            && empty.edges.is_empty()
            && empty.width >= 0.0
            && empty.height >= 0.0
    );
    assert_eq!(crossings(&empty), 0);
    // Single node, with and without a main line, and a self-loop.
    let v1 = Version::new(1, 0, 0);
    let one = [LayoutNode::new("one", Some(&v1))];
    for main in [&[][..], &[0][..], &[0, 0, 7][..]] {
        let l = layout_graph(&one, &[], main, &o);
        check(&l, 1, &[], FanMode::Bands, "single");
        assert_eq!(l.lanes, 1);
    }
    let self_loop = [e(0, 0, EdgeKind::Replaces), e(0, 0, EdgeKind::SkipRange)];
    for fans in [FanMode::Bands, FanMode::Edges] {
        let l = layout_graph(&one, &self_loop, &[0], &opts(fans));
        check(&l, 1, &as_list(&self_loop), fans, "self-loop");
        check_routes_avoid_boxes(&l, "self-loop");
    }
}

#[test]
fn cycles_backward_edges_and_bad_options_do_not_break_the_layout() {
    let e = |from, to, kind| LayoutEdge {
        from,
        to,
        kind,
        range: Some(">=0.0.0"),
    };
    let as_list = |edges: &[LayoutEdge<'_>]| {
        edges
            .iter()
            .map(|e| (e.from, e.to, e.kind))
            .collect::<Vec<_>>()
    };
    let o = LayoutOptions::default();
    let v1 = Version::new(1, 0, 0);
    let one = [LayoutNode::new("one", Some(&v1))];
    // A cycle, with backward edges, and versionless nodes only.
    let vs: Vec<Version> = (0..4).map(|i| Version::new(1, i, 0)).collect();
    let names = ["c0", "c1", "c2", "c3"];
    let cyc = [
        e(0, 1, EdgeKind::Replaces),
        e(1, 2, EdgeKind::Replaces),
        e(2, 3, EdgeKind::Skips),
        e(3, 0, EdgeKind::Replaces),
        e(3, 1, EdgeKind::SkipRange),
        e(2, 0, EdgeKind::SkipRange),
    ];
    for versioned in [true, false] {
        let nodes: Vec<LayoutNode<'_>> = names
            .iter()
            .zip(&vs)
            .map(|(n, v)| LayoutNode::new(n, versioned.then_some(v)))
            .collect();
        for fans in [FanMode::Bands, FanMode::Edges] {
            let l = layout_graph(&nodes, &cyc, &[0, 1, 2, 3], &opts(fans));
            check(&l, 4, &as_list(&cyc), fans, "cycle");
            check_routes_avoid_boxes(&l, "cycle");
        }
    }
    // Out-of-range edges and main-line indices are ignored.
    let bad = [e(0, 9, EdgeKind::Replaces)];
    let l = layout_graph(&one, &bad, &[5], &o);
    assert!(l.edges.is_empty());
    // Bad options.
    let weird = LayoutOptions {
        node_width: f64::NAN,
        node_height: -3.0,
        column_gap: f64::INFINITY,
        lane_gap: -1.0,
        arc_step: 0.0,
        margin: f64::NAN,
        fans: FanMode::Bands,
        band_min_sources: 0,
        skips_band_min_sources: 0,
        target: Some((f64::NAN, -1.0)),
        reserved_height: f64::NAN,
        labels: LabelMode::Names,
        group_min: 0,
        expanded_groups: vec!["nothing".into()],
    };
    let nodes: Vec<LayoutNode<'_>> = names
        .iter()
        .zip(&vs)
        .map(|(n, v)| LayoutNode::new(n, Some(v)))
        .collect();
    let l = layout_graph(&nodes, &cyc, &[3], &weird);
    check(&l, 4, &as_list(&cyc), FanMode::Bands, "weird options");
}

/// Channels built from the model: two heads; no head (a replaces cycle); a missing bundle.
fn odd_package() -> Package {
    let bundle = |name: &str, v: Option<&str>| Bundle {
        name: name.into(),
        package: "p".into(),
        version: v.map(|v| Version::parse(v).expect("version")),
        ..Bundle::default()
    };
    let entry =
        |name: &str, replaces: Option<&str>, skips: &[&str], range: Option<&str>| ChannelEntry {
            name: name.into(),
            replaces: replaces.map(str::to_string),
            skips: skips.iter().map(|s| s.to_string()).collect(),
            skip_range: range.map(str::to_string),
        };
    let channel = |name: &str, entries: Vec<ChannelEntry>| Channel {
        name: name.into(),
        package: "p".into(),
        entries,
        location: None,
    };
    Package {
        name: "p".into(),
        declared: true,
        bundles: vec![
            bundle("a", Some("1.0.0")),
            bundle("b", Some("1.1.0")),
            bundle("c", Some("2.0.0")),
            bundle("d", None),
        ],
        channels: vec![
            channel(
                "multi",
                vec![
                    entry("a", None, &[], None),
                    entry("b", Some("a"), &[], None),
                    entry("c", Some("a"), &["gone"], Some(">=1.0.0 <2.0.0")),
                ],
            ),
            channel(
                "none",
                vec![
                    entry("a", Some("c"), &[], None),
                    entry("b", Some("a"), &[], None),
                    entry("c", Some("b"), &[], Some(">=0.1.0")),
                ],
            ),
            channel(
                "nover",
                vec![
                    entry("d", Some("a"), &["ghost"], None),
                    entry("a", None, &[], Some(">=0.0.0")),
                ],
            ),
        ],
        ..Package::default()
    }
}

#[test]
fn multi_head_and_headless_channels_satisfy_every_invariant() {
    let package = odd_package();
    let graphs = channel_graphs(&package);
    for g in &graphs {
        for fans in [FanMode::Bands, FanMode::Edges] {
            let what = format!("{} {fans:?}", g.channel);
            let l = layout_channel(g, &opts(fans));
            check(&l, g.nodes.len(), &edge_list(g), fans, &what);
            check_routes_avoid_boxes(&l, &what);
            for &u in &channel_main_line(g) {
                assert_eq!(l.nodes[u].lane, 0, "{what}");
            }
        }
    }
    assert!(matches!(graphs[0].head, Head::Multiple(_)));
    assert_eq!(graphs[0].nodes[channel_main_line(&graphs[0])[0]].name, "c");
    assert!(matches!(graphs[1].head, Head::None));
    let pg = PackageGraph::build(&package, &graphs);
    let l = layout_package(&pg, &LayoutOptions::default());
    check_lanes(
        &l,
        pg.nodes.len(),
        &pg.edges
            .iter()
            .map(|e| (e.from, e.to, e.kind))
            .collect::<Vec<_>>(),
        FanMode::Bands,
        "package",
    );
}

#[test]
fn random_graphs_of_600_nodes_satisfy_every_invariant() {
    // 600 nodes, some without a version, pseudo-random edges of every kind and direction.
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut rnd = move |m: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m as u64) as usize
    };
    let n = 600;
    let versions: Vec<Version> = (0..n)
        .map(|i| Version::new(1, (i / 10) as u64, (i % 10) as u64))
        .collect();
    let names: Vec<String> = (0..n).map(|i| format!("node-{i:04}")).collect();
    let nodes: Vec<LayoutNode<'_>> = (0..n)
        .map(|i| LayoutNode::new(&names[i], (i % 17 != 5).then_some(&versions[i])))
        .collect();
    let ranges = ["r1", "r2"];
    let mut edges = Vec::new();
    for to in 0..n {
        if to > 0 && rnd(10) < 8 {
            edges.push(LayoutEdge {
                from: to - 1 - rnd(to.min(3)),
                to,
                kind: EdgeKind::Replaces,
                range: None,
            });
        }
        for _ in 0..rnd(3) {
            edges.push(LayoutEdge {
                from: rnd(n),
                to,
                kind: EdgeKind::Skips,
                range: None,
            });
        }
        if rnd(4) == 0 {
            let lo = rnd(n);
            for from in lo..(lo + rnd(40)).min(n) {
                edges.push(LayoutEdge {
                    from,
                    to,
                    kind: EdgeKind::SkipRange,
                    range: Some(ranges[rnd(2)]),
                });
            }
        }
    }
    let main: Vec<usize> = (0..n).step_by(7).collect();
    let list: Vec<(usize, usize, EdgeKind)> =
        edges.iter().map(|e| (e.from, e.to, e.kind)).collect();
    for fans in [FanMode::Bands, FanMode::Edges] {
        let l = layout_graph(&nodes, &edges, &main, &opts(fans));
        check(&l, n, &list, fans, "random 600");
        check_routes_avoid_boxes(&l, "random 600");
        // The main line is on the first lane of its row.
        let mut first_lane = vec![usize::MAX; l.rows.max(1)];
        for b in &l.nodes {
            first_lane[b.row] = first_lane[b.row].min(b.lane);
        }
        for &u in &main {
            assert_eq!(l.nodes[u].lane, first_lane[l.nodes[u].row]);
        }
    }
}
