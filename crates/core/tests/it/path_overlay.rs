//! The path overlay: what a resolved path or a planned route marks on a graph, the one source
//! of the web app's markings and the SVG export's drawn hops.

use crate::common;

use common::{fixture, load};
use olm_graph_core::export::svg::{channel_svg, SvgOptions};
use olm_graph_core::graph::ChannelGraph;
use olm_graph_core::model::Catalog;
use olm_graph_core::plan::{plan_route, PlanOptions, Target};
use olm_graph_core::resolve::{
    resolve_path, via_label, Failure, FailureKind, PathOptions, Resolver, UpgradePath,
    UpgradeStrategy,
};
use olm_graph_core::view::{OverlayMarks, PathOverlay};

fn path(c: &Catalog, pkg: &str, from: &str, options: &PathOptions) -> UpgradePath {
    resolve_path(c, pkg, from, options, None).unwrap_or_else(|e| panic!("{e}"))
}

fn failing(kind: FailureKind) -> PathOptions {
    PathOptions {
        channel: Some("stable".into()),
        failure: Some(Failure {
            bundle: "f2".into(),
            kind,
            strategy: UpgradeStrategy::Default,
        }),
        ..PathOptions::default()
    }
}

#[test]
fn a_failed_hop_carries_the_kind_the_path_was_resolved_with() {
    let c = load(&fixture("resolve/failforward.yaml"));
    for kind in [FailureKind::Csv, FailureKind::InstallPlan] {
        let overlay = PathOverlay::from_path(&path(&c, "ff", "f1", &failing(kind)));
        let failed: Vec<_> = overlay.hops.iter().map(|h| h.failed).collect();
        assert_eq!(failed, [Some(kind)]);
        let marks = OverlayMarks::new([Some(&overlay)], usize::MAX);
        assert_eq!(marks.node("f2").and_then(|n| n.failed), Some(kind));
        assert_eq!(marks.node("f1").and_then(|n| n.failed), None);
    }
    // Without a failure, no hop fails.
    let plain = PathOptions {
        channel: Some("stable".into()),
        ..PathOptions::default()
    };
    let overlay = PathOverlay::from_path(&path(&c, "ff", "f1", &plain));
    assert!(overlay.hops.iter().all(|h| h.failed.is_none()));
}

#[test]
fn two_paths_mark_their_steps_and_the_first_says_where_the_cluster_is() {
    let c = load(&fixture("resolve/v0-v1-differ.yaml"));
    let options = |resolver| PathOptions {
        resolver,
        channel: Some("stable".into()),
        ..PathOptions::default()
    };
    let v0 = path(&c, "differ", "differ.v1.0.0", &options(Resolver::V0));
    let v1 = path(&c, "differ", "differ.v1.0.0", &options(Resolver::V1));
    let (a, b) = (PathOverlay::from_path(&v0), PathOverlay::from_path(&v1));
    assert_eq!(
        a.caption.as_deref(),
        Some(
            format!(
                "v0 path from differ.v1.0.0: differ.v1.0.0 → {} ({})",
                v0.hops
                    .iter()
                    .map(|h| h.to.as_str())
                    .collect::<Vec<_>>()
                    .join(" → "),
                v0.outcome.as_str()
            )
            .as_str()
        )
    );
    let marks = OverlayMarks::new([Some(&a), Some(&b)], usize::MAX);
    assert_eq!(
        marks.node("differ.v1.0.0").map(|n| n.step),
        Some([Some(0), Some(0)])
    );
    assert_eq!(marks.node(&v0.hops[0].to).unwrap().step[0], Some(1));
    assert_eq!(marks.node(&v1.hops[0].to).unwrap().step[1], Some(1));
    assert!(marks.node(&v0.end).unwrap().current);
    let hop = &v0.hops[0];
    assert_eq!(
        marks.edge(&hop.from, &hop.to).unwrap()[0].as_deref(),
        Some(via_label(&hop.via).as_str())
    );
    assert_eq!(marks.labels.len(), v0.hops.len() + v1.hops.len());
    // Nothing shown yet: the start is where the cluster is.
    let none = OverlayMarks::new([Some(&a), Some(&b)], 0);
    assert!(none.edges.is_empty() && none.labels.is_empty());
    assert!(none.node("differ.v1.0.0").unwrap().current);
    // A first path that could not be resolved leaves the second in its place.
    let second = OverlayMarks::new([None, Some(&b)], usize::MAX);
    assert!(second.labels.iter().all(|l| l.path == 1));
    assert!(second.nodes.values().all(|n| !n.current));
}

#[test]
fn a_route_across_channels_labels_its_switch_on_real_data() {
    let catalog = load(&common::catalog(
        "community-operators-prod/v4.21/project-quay.yaml",
    ));
    let pkg = catalog.package("project-quay").expect("project-quay");
    let options = PlanOptions {
        channel: Some("stable-3.15".into()),
        ..PlanOptions::default()
    };
    let target = Target::ChannelHead("stable-3.17".into());
    let plan = plan_route(pkg, "quay-operator.v3.15.0", &target, &options).expect("plan");
    let overlay = PathOverlay::from_route(&plan);
    let from_plan: Vec<(&str, &str)> = plan
        .steps
        .iter()
        .flat_map(|s| s.hops.iter().map(|h| (h.from.as_str(), h.to.as_str())))
        .collect();
    let hops: Vec<(&str, &str)> = overlay
        .hops
        .iter()
        .map(|h| (h.from.as_str(), h.to.as_str()))
        .collect();
    assert_eq!(hops, from_plan);
    assert_eq!(overlay.caption, None);
    let switches: Vec<&str> = overlay
        .hops
        .iter()
        .filter_map(|h| h.switch.as_deref())
        .collect();
    assert_eq!(switches, ["stable-3.16", "stable-3.17"]);
    let marks = OverlayMarks::new([Some(&overlay)], usize::MAX);
    let switched = overlay.hops.iter().find(|h| h.switch.is_some()).unwrap();
    assert!(marks.edge(&switched.from, &switched.to).unwrap()[0]
        .as_deref()
        .is_some_and(|l| l.starts_with("switch to stable-3.16 · ")));
    assert_eq!(overlay.end_after(usize::MAX), "quay-operator.v3.17.4");
    assert!(marks.node("quay-operator.v3.17.4").unwrap().current);
}

#[test]
fn the_svg_draws_one_hop_per_overlay_hop_on_real_data() {
    let catalog = load(&common::catalog(
        "community-operators-prod/v4.21/project-quay.yaml",
    ));
    let pkg = catalog.package("project-quay").expect("project-quay");
    let options = PathOptions {
        channel: Some("stable-3.15".into()),
        ..PathOptions::default()
    };
    let p = path(&catalog, "project-quay", "quay-operator.v3.15.0", &options);
    let overlay = PathOverlay::from_path(&p);
    assert!(!overlay.hops.is_empty());
    let graph = ChannelGraph::build(pkg, pkg.channel("stable-3.15").unwrap());
    let svg = channel_svg(
        pkg,
        &graph,
        &SvgOptions {
            path: Some(p.clone()),
            ..SvgOptions::default()
        },
    );
    assert_eq!(svg.matches(" data-hop=\"").count(), overlay.hops.len());
    for h in &overlay.hops {
        assert!(svg.contains(&format!("({})</title>", h.reasons)), "{h:?}");
    }
    assert!(svg.contains(overlay.caption.as_deref().unwrap()));
}
