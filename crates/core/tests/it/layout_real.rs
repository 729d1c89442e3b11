//! The wrapped layout on every distinct real channel: versions read in order (left to right, top
//! to bottom), the head ends the reading order among the entries, and with every fan drawn each
//! fan has its rail; the replaces edges never cross.

use crate::common;

use olm_graph_core::graph::{channel_graphs, ChannelGraph, Head};
use olm_graph_core::layout::{crossings_of_routes, layout_channel, FanMode, Layout, LayoutOptions};

/// Where node `u` is in reading order: its row, then its x.
fn reading(l: &Layout, u: usize) -> (usize, i64) {
    let b = &l.nodes[u];
    (b.row, b.x.round() as i64)
}

#[test]
fn every_real_channel_reads_in_version_order_with_the_head_last() {
    let channels = common::distinct_channels();
    assert!(channels.len() >= 200, "{} channels", channels.len());
    let markers = LayoutOptions::default();
    let bands = LayoutOptions {
        fans: FanMode::Bands,
        ..LayoutOptions::default()
    };
    for g in &channels {
        let what = format!("{}/{}", g.package, g.channel);
        let l = layout_channel(g, &markers);
        // Entries with versions read in version order, except an entry that replaces a newer
        // version: it reads right after the bundle it replaces.
        let backward = replaces_a_newer_version(g);
        for &(old, new) in &backward {
            let (a, b) = (reading(&l, old), reading(&l, new));
            assert!(
                a < b,
                "{what}: {} after what it replaces",
                g.nodes[new].name
            );
        }
        let mut entries: Vec<usize> = (0..g.nodes.len())
            .filter(|&u| !g.nodes[u].is_virtual && g.nodes[u].version.is_some())
            .filter(|&u| backward.iter().all(|&(_, new)| new != u))
            .collect();
        entries.sort_by(|&a, &b| g.nodes[a].version.cmp(&g.nodes[b].version));
        for w in entries.windows(2) {
            if g.nodes[w[0]].version != g.nodes[w[1]].version {
                assert!(
                    reading(&l, w[0]) < reading(&l, w[1]),
                    "{what}: {} before {}",
                    g.nodes[w[0]].name,
                    g.nodes[w[1]].name
                );
            }
        }
        // A single head that is the newest entry ends the reading order of the entries.
        if let Head::Unique(name) = &g.head {
            let h = g.nodes.iter().position(|n| &n.name == name);
            if let (Some(h), true) = (h, entries.last() == h.as_ref()) {
                assert!(
                    entries.iter().all(|&u| reading(&l, u) <= reading(&l, h)),
                    "{what}: the head ends the reading order"
                );
            }
        }
        // With every fan drawn, every fan keeps a rail into its entry and a tap per source.
        let drawn = layout_channel(g, &bands);
        for b in &drawn.bands {
            assert!(b.rail.risers.iter().any(|r| r.0 == b.to), "{what}: riser");
            assert_eq!(b.rail.taps.len(), b.sources.len(), "{what}: taps");
        }
    }
}

/// The `replaces` edges of `g` (replaced, replacing) whose replacing bundle has the lower version.
fn replaces_a_newer_version(g: &ChannelGraph) -> Vec<(usize, usize)> {
    g.edges
        .iter()
        .filter(|e| e.kind == olm_graph_core::graph::EdgeKind::Replaces)
        .filter(
            |e| match (&g.nodes[e.from].version, &g.nodes[e.to].version) {
                (Some(a), Some(b)) => b < a,
                _ => false,
            },
        )
        .map(|e| (e.from, e.to))
        .collect()
}

/// Crossings among the `replaces` routes of a layout.
fn replaces_crossings(g: &ChannelGraph, l: &Layout) -> usize {
    let routes = l
        .edges
        .iter()
        .filter(|r| g.edges[r.edge].kind == olm_graph_core::graph::EdgeKind::Replaces);
    crossings_of_routes(routes)
}

/// Whether some bundle of `g` is replaced by several (the replaces edges form a tree).
fn replaces_branch(g: &ChannelGraph) -> bool {
    let mut outs = vec![0usize; g.nodes.len()];
    for e in &g.edges {
        if e.kind == olm_graph_core::graph::EdgeKind::Replaces {
            outs[e.from] += 1;
        }
    }
    outs.iter().any(|&n| n > 1)
}

#[test]
fn the_replaces_chain_never_crosses_itself_on_a_real_channel() {
    let channels = common::distinct_channels();
    let (mut trees, mut backward) = (0, 0);
    let mut crossed = Vec::new();
    for g in &channels {
        trees += usize::from(replaces_branch(g));
        backward += usize::from(!replaces_a_newer_version(g).is_empty());
        for fans in [FanMode::Markers, FanMode::Bands] {
            let options = LayoutOptions {
                fans,
                ..LayoutOptions::default()
            };
            let n = replaces_crossings(g, &layout_channel(g, &options));
            if n > 0 {
                crossed.push(format!("{}/{} ({fans:?}): {n}", g.package, g.channel));
            }
        }
    }
    // Trees (descheduler `stable`: v5.1.0 replaced by two bundles, v5.2.0 by three) and a chain
    // that runs back in version order (clife 1.17: v1.17.5, v0.0.1, v1.17.7) are among them.
    assert!(trees >= 5, "{trees} channels whose replaces edges branch");
    assert!(
        backward >= 1,
        "{backward} channels with a replaces edge to an older version"
    );
    assert!(crossed.is_empty(), "replaces crossings: {crossed:#?}");
}

#[test]
fn the_package_view_of_project_quay_reads_at_seven_pixels_in_a_full_hd_window() {
    use olm_graph_core::graph::PackageGraph;
    use olm_graph_core::view::GraphView;
    let path = common::catalogs_dir().join("community-operators-prod/v4.21/project-quay.yaml");
    let catalog = olm_graph_core::load_paths(&[&path]).expect("project-quay loads");
    let package = &catalog.packages[0];
    let graphs = channel_graphs(package);
    let pg = PackageGraph::build(package, &graphs);
    // The graph panel of a 1920 × 1080 window.
    let (w, h) = (1380.0, 820.0);
    let options = LayoutOptions {
        target: Some((w, h)),
        ..LayoutOptions::default()
    };
    let view = GraphView::package(package, &pg, &options);
    let zoom = (w / view.width).min(h / view.height);
    assert!(
        view.font_size * zoom >= 7.0,
        "labels at {:.1} px ({} × {})",
        view.font_size * zoom,
        view.width,
        view.height
    );
    // One caption per channel, the default channel first, each above its lane's first bundle.
    let names: Vec<&str> = view.captions.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(names.len(), package.channels.len(), "{names:?}");
    assert_eq!(Some(names[0]), package.default_channel.as_deref());
    for c in &view.captions {
        let just_below = view.nodes().iter().any(|n| {
            let b = &n.bbox;
            n.channels.contains(&c.text) && b.y > c.y && b.y - c.y < 40.0
        });
        // The baseline clears the badges on the node's top edge (up to 8 px above it).
        let clear = view
            .nodes()
            .iter()
            .map(|n| &n.bbox)
            .all(|b| c.y <= b.y - 9.0 || c.y > b.y + b.height || c.x + 200.0 < b.x);
        assert!(clear, "{}: caption runs into a node's badges", c.text);
        assert!(
            just_below,
            "{}: caption just above a row of its channel",
            c.text
        );
    }
}

/// When the first wrapped layout's replaces edges cross, the retry keeps the target box's shape:
/// the descheduler's `stable` (v4.21: v5.0.1, not in the channel, replaced by four 5.1 entries;
/// v5.1.0 by two 5.2 entries; v5.2.0 by three 5.3 entries) used to fall back to one column of
/// eleven rows (a picture five times taller than wide). Its absent v5.0.1 now stands before its
/// stream, and the drawing is wrapped into rows of several bundles, crossing-free.
#[test]
fn a_replaces_tree_falls_back_to_wrapped_rows_not_one_column() {
    let c = common::load(&common::catalog(
        "openshift-kube-descheduler-fbc/v4.21/cluster-kube-descheduler-operator.json",
    ));
    let g = channel_graphs(&c.packages[0])
        .into_iter()
        .find(|g| g.channel == "stable")
        .expect("channel stable");
    assert!(replaces_branch(&g));
    for fans in [FanMode::Markers, FanMode::Bands] {
        let options = LayoutOptions {
            fans,
            ..LayoutOptions::default()
        };
        let l = layout_channel(&g, &options);
        assert_eq!(replaces_crossings(&g, &l), 0, "{fans:?}");
        let mut per_row = vec![0usize; l.rows];
        for b in l.nodes.iter().filter(|b| b.group.is_none()) {
            per_row[b.row] += 1;
        }
        let widest = per_row.iter().max().copied().unwrap_or(0);
        assert!(widest >= 2, "{fans:?}: one column ({per_row:?})");
        let (tw, th) = options.target.expect("a target box");
        let zoom = (tw / l.width).min(th / l.height);
        assert!(
            l.height < 2.0 * l.width,
            "{fans:?}: {} x {}",
            l.width,
            l.height
        );
        assert!(
            zoom >= 0.8,
            "{fans:?}: zoom {zoom} ({} x {})",
            l.width,
            l.height
        );
    }
}

/// `layout_graph` of these inputs, and the same in two calls ([`LayoutStart`]): equal, and
/// whether the first call laid it out whole.
fn in_two_calls(
    nodes: &[olm_graph_core::layout::LayoutNode<'_>],
    edges: &[olm_graph_core::layout::LayoutEdge<'_>],
    line: &[usize],
    options: &LayoutOptions,
    what: &str,
) -> bool {
    use olm_graph_core::layout::{layout_graph, LayoutStart};
    let whole = layout_graph(nodes, edges, line, options);
    let start = LayoutStart::new(nodes, edges, line, options);
    let done = start.is_done();
    assert!(
        start.finish() == whole,
        "{what}: the layout in two calls differs"
    );
    done
}

/// The layout in two calls is the layout in one, on every distinct real channel (in every fan
/// mode, with the default target box and with none: then every channel goes the two-call way),
/// on real package views (whose nodes carry their lanes), and on generated chains longer than
/// the graphs laid out whole in the first call.
#[test]
fn the_layout_in_two_calls_is_the_layout_in_one() {
    use olm_graph_core::graph::{EdgeKind, PackageGraph};
    use olm_graph_core::layout::{LayoutEdge, LayoutNode, LayoutSource};
    let mut halved = 0;
    for g in &common::distinct_channels() {
        for fans in [FanMode::Markers, FanMode::Bands, FanMode::Edges] {
            for target in [LayoutOptions::default().target, None, Some((742.0, 645.0))] {
                let options = LayoutOptions {
                    fans,
                    target,
                    ..LayoutOptions::default()
                };
                let what = format!("{}/{} {fans:?} {target:?}", g.package, g.channel);
                let (nodes, edges, line) = (g.layout_nodes(), g.layout_edges(), g.main_line());
                let done = in_two_calls(&nodes, &edges, &line, &options, &what);
                assert!(
                    target.is_some() || !done,
                    "{what}: no target box, yet laid out whole"
                );
                halved += usize::from(!done);
            }
        }
    }
    assert!(halved >= 600, "{halved} layouts in two calls");
    for rel in [
        "community-operators-prod/v4.21/project-quay.yaml",
        "certified-operators/v4.22/gpu-operator-certified.yaml",
    ] {
        let catalog = olm_graph_core::load_paths(&[&common::catalogs_dir().join(rel)]).expect(rel);
        for package in &catalog.packages {
            let graphs = channel_graphs(package);
            let pg = PackageGraph::build(package, &graphs);
            let (nodes, edges, line) = (pg.layout_nodes(), pg.layout_edges(), pg.main_line());
            assert!(nodes.iter().all(|n| n.lane.is_some()), "{rel}: lanes");
            let done = in_two_calls(&nodes, &edges, &line, &LayoutOptions::default(), rel);
            assert!(
                !done,
                "{rel}: a package view (its lanes given) goes the two-call way"
            );
        }
    }
    // Chains of 3,000 bundles (more than are laid out whole), a skipRange on every 50th, with a
    // second branch of absent bundles named by `skips`.
    let versions: Vec<olm_graph_core::semver::Version> = (0..3000)
        .map(|i| {
            format!("0.{}.{}", i / 100, i % 100)
                .parse()
                .expect("version")
        })
        .collect();
    let names: Vec<String> = (0..3000).map(|i| format!("big.v{}", versions[i])).collect();
    let ranges: Vec<String> = (0..3000)
        .map(|i| format!(">=0.0.0 <{}", versions[i]))
        .collect();
    let mut nodes: Vec<LayoutNode<'_>> = (0..3000)
        .map(|i| LayoutNode::new(&names[i], Some(&versions[i])))
        .collect();
    let mut edges = Vec::new();
    for (i, range) in ranges.iter().enumerate().skip(1) {
        edges.push(LayoutEdge {
            from: i - 1,
            to: i,
            kind: EdgeKind::Replaces,
            range: None,
        });
        if i % 50 == 0 {
            for j in i - 10..i - 1 {
                edges.push(LayoutEdge {
                    from: j,
                    to: i,
                    kind: EdgeKind::SkipRange,
                    range: Some(range),
                });
            }
        }
    }
    for k in 0..40 {
        nodes.push(LayoutNode {
            name: "absent",
            version: None,
            is_virtual: true,
            lane: None,
        });
        edges.push(LayoutEdge {
            from: 3000 + k,
            to: 75 * k + 1,
            kind: EdgeKind::Skips,
            range: None,
        });
    }
    let line: Vec<usize> = (0..3000).rev().collect();
    for fans in [FanMode::Markers, FanMode::Bands, FanMode::Edges] {
        let options = LayoutOptions {
            fans,
            ..LayoutOptions::default()
        };
        let done = in_two_calls(&nodes, &edges, &line, &options, &format!("chain {fans:?}"));
        assert!(!done, "a 3,000-bundle chain goes the two-call way");
        let laned: Vec<LayoutNode<'_>> = (nodes.iter().enumerate())
            .map(|(u, n)| LayoutNode {
                lane: Some(u % 2),
                ..*n
            })
            .collect();
        in_two_calls(
            &laned,
            &edges,
            &line,
            &options,
            &format!("laned chain {fans:?}"),
        );
    }
}
