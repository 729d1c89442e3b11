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
