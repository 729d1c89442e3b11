//! The view on a small catalog: every edge once, the package view's merged edges, details,
//! summaries and finding targets.

use super::*;
use crate::diag::{Diagnostic, Rule};
use crate::graph::EdgeKind;
use crate::graph::{channel_graphs, PackageGraph};
use crate::layout::FanMode;
use crate::layout::LayoutOptions;
use crate::model::Catalog;
use crate::sort::SortWith;
use crate::{load_files, InputFile};

const CATALOG: &str = "\
schema: olm.package
name: p
defaultChannel: stable
---
schema: olm.channel
package: p
name: stable
entries:
- name: p.v1.0.0
  replaces: p.v0.9.0
- name: p.v1.1.0
  replaces: p.v1.0.0
- name: p.v1.2.0
  replaces: p.v1.1.0
  skips: [p.v1.1.5]
  skipRange: '>=1.0.0 <1.2.0'
---
schema: olm.channel
package: p
name: fast
entries:
- name: p.v1.1.0
- name: p.v1.2.0
  replaces: p.v1.1.0
---
schema: olm.deprecations
package: p
entries:
- reference: {schema: olm.channel, name: fast}
  message: fast is gone
- reference: {schema: olm.bundle, name: p.v1.0.0}
  message: |
    CVE-1
---
schema: olm.bundle
package: p
name: p.v1.0.0
image: i
properties:
- {type: olm.package, value: {packageName: p, version: 1.0.0}}
- {type: olm.csv.metadata, value: {displayName: P, description: '<script>x</script>', minKubeVersion: 1.25.0}}
---
schema: olm.bundle
package: p
name: p.v1.1.0
image: i
properties:
- {type: olm.package, value: {packageName: p, version: 1.1.0}}
---
schema: olm.bundle
package: p
name: p.v1.2.0
image: i
properties:
- {type: olm.package, value: {packageName: p, version: 1.2.0}}
";

fn catalog() -> Catalog {
    load_files(vec![InputFile::new("c.yaml", CATALOG)])
}

#[test]
fn channel_view_draws_every_edge_once() {
    let c = catalog();
    let p = c.package("p").unwrap();
    let graphs = channel_graphs(p);
    for fans in [FanMode::Bands, FanMode::Edges] {
        let opts = LayoutOptions {
            fans,
            ..LayoutOptions::default()
        };
        for g in &graphs {
            let v = GraphView::channel(p, g, &opts);
            assert_eq!(v.nodes.len(), g.nodes.len());
            assert!(v
                .nodes
                .iter_enumerated()
                .all(|(i, n)| n.bbox.node == i.index()));
            assert_eq!(v.edge_total(), g.edges.len(), "{} {fans:?}", g.channel);
        }
    }
    let stable = graphs.iter().find(|g| g.channel == "stable").unwrap();
    let v = GraphView::channel(p, stable, &LayoutOptions::default());
    assert_eq!(v.bands.len(), 1);
    assert_eq!(v.bands()[BandId::new(0)].edge_count(), 2);
    assert!(v.nodes[v.node_index("p.v1.2.0").unwrap()].head);
    assert!(v.nodes[v.node_index("p.v0.9.0").unwrap()].is_virtual);
    assert!(v.nodes[v.node_index("p.v1.1.5").unwrap()].is_virtual);
    let old = &v.nodes[v.node_index("p.v1.0.0").unwrap()];
    assert!(old.deprecated);
    assert_eq!(old.deprecation.as_deref(), Some("CVE-1"));
    // Hovering 1.2.0 highlights what upgrades to it, through edges and the band.
    let n = v.neighbours(v.node_index("p.v1.2.0").unwrap());
    let names: Vec<&str> = n.iter().map(|&i| v.nodes[i].name.as_str()).collect();
    assert_eq!(names.len(), 3);
    for want in ["p.v1.0.0", "p.v1.1.0", "p.v1.1.5"] {
        assert!(names.contains(&want), "{names:?}");
    }
    let fast = graphs.iter().find(|g| g.channel == "fast").unwrap();
    let v = GraphView::channel(p, fast, &LayoutOptions::default());
    assert_eq!(v.channel_deprecation.as_deref(), Some("fast is gone"));
}

#[test]
fn package_view_merges_channels() {
    let c = catalog();
    let p = c.package("p").unwrap();
    let graphs = channel_graphs(p);
    let pg = PackageGraph::build(p, &graphs);
    let v = GraphView::package(
        p,
        &pg,
        &LayoutOptions {
            fans: FanMode::Edges,
            ..LayoutOptions::default()
        },
    );
    let i = v.node_index("p.v1.1.0").unwrap();
    let j = v.node_index("p.v1.2.0").unwrap();
    let shared: Vec<&ViewEdge> = v
        .edges
        .iter()
        .filter(|e| e.from == i && e.to == j && e.kind == EdgeKind::Replaces)
        .collect();
    assert_eq!(shared.len(), 1);
    assert_eq!(shared[0].channels, vec!["fast", "stable"]);
    assert!(v.nodes[j].head);
    assert_eq!(v.nodes[j].head_of, vec!["fast", "stable"]);
}

#[test]
fn details_of_a_bundle() {
    let c = catalog();
    let p = c.package("p").unwrap();
    let graphs = channel_graphs(p);
    let findings = crate::validate::lint_catalog(&c);
    let d = bundle_details(p, &graphs, &findings, "p.v1.1.0").unwrap();
    assert_eq!(d.channels, vec!["fast", "stable"]);
    assert_eq!(d.entries.len(), 2);
    assert_eq!(d.entries[1].replaces.as_deref(), Some("p.v1.0.0"));
    assert!(d.in_catalog);
    assert!(d
        .outgoing
        .iter()
        .any(|e| e.other == "p.v1.2.0" && e.kind == EdgeKind::SkipRange));
    assert!(d
        .deprecations
        .iter()
        .any(|n| n.scope == DeprecationScope::Channel));
    let old = bundle_details(p, &graphs, &findings, "p.v1.0.0").unwrap();
    assert_eq!(old.description.as_deref(), Some("<script>x</script>"));
    assert_eq!(old.min_kube_version.as_deref(), Some("1.25.0"));
    assert_eq!(old.deprecations[0].message, "CVE-1");
    let virt = bundle_details(p, &graphs, &findings, "p.v0.9.0").unwrap();
    assert!(!virt.in_catalog);
    assert_eq!(virt.outgoing.len(), 1);
    assert!(bundle_details(p, &graphs, &findings, "nope").is_none());
}

#[test]
fn summaries_and_targets() {
    let c = catalog();
    let findings = crate::validate::lint_catalog(&c);
    let s = package_summaries(&c, &findings);
    assert_eq!(s.len(), 1);
    assert_eq!((s[0].channels, s[0].bundles), (2, 3));
    let ch = channel_summaries(c.package("p").unwrap());
    assert_eq!(ch[0].name, "stable");
    assert!(ch[0].is_default);
    assert_eq!(ch[0].head.as_deref(), Some("p.v1.2.0"));
    assert_eq!(ch[1].deprecation.as_deref(), Some("fast is gone"));
    let mut names = vec![
        "stable-3.17",
        "stable-3.6",
        "v25.10",
        "v25.3",
        "alpha",
        "stable-3.10",
    ];
    names.sort_with(|a, b| natural_cmp(a, b));
    assert_eq!(
        names,
        vec![
            "alpha",
            "stable-3.6",
            "stable-3.10",
            "stable-3.17",
            "v25.3",
            "v25.10"
        ]
    );
    let d = Diagnostic::warning(Rule::LintUnreachableV0, "m")
        .package("p")
        .channel("c");
    assert_eq!(
        finding_target(&d),
        FindingTarget::Channel {
            package: "p".into(),
            channel: "c".into()
        }
    );
    assert_eq!(
        finding_target(&Diagnostic::error(Rule::LoadYaml, "m")),
        FindingTarget::File
    );
}

#[test]
fn one_wording_for_tooltips_classes_and_labels() {
    let c = catalog();
    let p = c.package("p").unwrap();
    let graphs = channel_graphs(p);
    let stable = graphs.iter().find(|g| g.channel == "stable").unwrap();
    let v = GraphView::channel(p, stable, &LayoutOptions::default());
    let old = v.node_index("p.v1.0.0").unwrap();
    assert_eq!(v.nodes[old].class(), "node deprecated");
    assert_eq!(
        v.node_tooltip(old),
        "p.v1.0.0\nversion 1.0.0\ndeprecated: CVE-1\nP\n<script>x</script>"
    );
    assert_eq!(v.nodes[old].aria_label(), "p.v1.0.0, deprecated");
    assert_eq!(v.node_aria_label(old), "v1.0.0: p.v1.0.0, deprecated");
    let head = v.node_index("p.v1.2.0").unwrap();
    assert_eq!(v.nodes[head].class(), "node head");
    assert_eq!(
        v.node_aria_label(head),
        "v1.2.0 ≥1.0.0 · 2 HEAD: p.v1.2.0, channel head"
    );
    assert_eq!(v.node_aria_label(NodeId::new(99)), "");
    assert_eq!(
        v.node_label(head).unwrap(),
        NodeLabel {
            primary: "v1.2.0".into(),
            caption: Some("≥1.0.0 · 2".into())
        }
    );
    let gone = v.node_index("p.v0.9.0").unwrap();
    assert_eq!(v.nodes[gone].class(), "node virtual");
    assert_eq!(
        v.node_tooltip(gone),
        "p.v0.9.0\nversion unknown\nnot an entry of this channel"
    );
    // Edges: the channel view does not list channels; the band lists its sources.
    let e = v
        .edges
        .iter()
        .find(|e| e.kind == EdgeKind::Replaces)
        .unwrap();
    assert_eq!(e.class(), "edge replaces");
    assert!(v.edge_tooltip(e).contains(" → ") && !v.edge_tooltip(e).contains("channels"));
    assert!(e.path_d().starts_with('M'));
    let band = &v.bands()[BandId::new(0)];
    assert_eq!(band.class(), "band skipRange");
    assert_eq!(band.tap_class(), "tap skipRange");
    assert_eq!(
        v.band_tooltip(band),
        "skipRange >=1.0.0 <1.2.0 into p.v1.2.0: 2 sources\n  p.v1.0.0\n  p.v1.1.0"
    );
    assert_eq!(
        v.band_edge_tooltip(band, 0),
        "p.v1.0.0 → p.v1.2.0: skipRange >=1.0.0 <1.2.0"
    );
    // The fan's rail: one stroke per piece (teeth, spine, risers), covering both sources.
    let d = band.path_d();
    assert!(d.starts_with('M') && !d.contains('Z'));
    assert_eq!(d.matches('M').count(), band.rail.paths.len());
    assert!(band.covers(v.node_index("p.v1.0.0").unwrap()));
    assert!(band.covers(v.node_index("p.v1.1.0").unwrap()));
    assert!(!band.covers(head));
    // The package view names channels, and heads by channel.
    let pg = PackageGraph::build(p, &graphs);
    let all = GraphView::package(p, &pg, &LayoutOptions::default());
    let h = all.node_index("p.v1.2.0").unwrap();
    assert!(all.node_tooltip(h).contains("\nhead of: fast, stable\n"));
    assert!(
        all.node_tooltip(h).contains("\nchannels: fast, stable"),
        "{}",
        all.node_tooltip(h)
    );
    let shared = all
        .edges
        .iter()
        .find(|e| e.channels.len() == 2)
        .expect("an edge of both channels");
    assert!(all
        .edge_tooltip(shared)
        .ends_with(" (channels: fast, stable)"));
    // Out-of-range indices give nothing rather than a panic.
    assert_eq!(v.node_tooltip(NodeId::new(999)), "");
    assert!(v.node_label(NodeId::new(999)).is_none());
}

#[test]
fn legacy_and_message_deprecations_have_one_wording() {
    let text = "\
schema: olm.package
name: q
---
schema: olm.channel
package: q
name: s
entries:
- name: q.v1.0.0
---
schema: olm.deprecations
package: q
entries:
- reference: {schema: olm.bundle, name: q.v1.0.0}
  message: '  use 2.0  '
---
schema: olm.bundle
package: q
name: q.v1.0.0
image: i
properties:
- {type: olm.package, value: {packageName: q, version: 1.0.0}}
- {type: olm.deprecated, value: {}}
";
    let c = load_files(vec![InputFile::new("q.yaml", text)]);
    let q = c.package("q").unwrap();
    let want = format!("use 2.0\n{LEGACY_DEPRECATION}");
    assert_eq!(
        deprecation_text(q, "q.v1.0.0").as_deref(),
        Some(want.as_str())
    );
    let v = GraphView::channel(q, &channel_graphs(q)[0], &LayoutOptions::default());
    assert_eq!(
        v.nodes()[NodeId::new(0)].deprecation.as_deref(),
        Some(want.as_str())
    );
    assert_eq!(
        v.nodes()[NodeId::new(0)].class(),
        "node head deprecated legacy"
    );
    assert!(v
        .node_tooltip(NodeId::new(0))
        .contains(&format!("\ndeprecated: {want}")));
    let notes = bundle_details(q, &channel_graphs(q), &[], "q.v1.0.0").unwrap();
    assert!(notes
        .deprecations
        .iter()
        .any(|n| n.scope == DeprecationScope::LegacyProperty && n.message == LEGACY_DEPRECATION));
}

/// A cluster that installed demo.v1.0.0 from `stable` and subscribed to `fast`, whose first
/// entry covers it by skipRange: the channel view gets the installed node and its edge.
#[test]
fn installed_from_another_channel_is_drawn_with_its_upgrade_edges() {
    let yaml = "schema: olm.package\nname: demo\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: demo\nname: stable\nentries:\n- name: demo.v1.0.0\n---\nschema: olm.channel\npackage: demo\nname: fast\nentries:\n- name: demo.v1.2.0\n  skipRange: '>=1.0.0 <1.2.0'\n- name: demo.v1.3.0\n  replaces: demo.v1.2.0\n---\nschema: olm.bundle\npackage: demo\nname: demo.v1.0.0\nimage: q/d:1\nproperties: [{type: olm.package, value: {packageName: demo, version: 1.0.0}}]\n---\nschema: olm.bundle\npackage: demo\nname: demo.v1.2.0\nimage: q/d:2\nproperties: [{type: olm.package, value: {packageName: demo, version: 1.2.0}}]\n---\nschema: olm.bundle\npackage: demo\nname: demo.v1.3.0\nimage: q/d:3\nproperties: [{type: olm.package, value: {packageName: demo, version: 1.3.0}}]\n";
    let catalog = crate::open::load_files(vec![crate::load::InputFile::new("c.yaml", yaml)]);
    let pkg = catalog.package("demo").expect("demo");
    let graphs = crate::graph::channel_graphs(pkg);
    let fast = graphs.iter().find(|g| g.channel == "fast").expect("fast");
    let mut view = GraphView::channel(pkg, fast, &crate::layout::LayoutOptions::default());
    assert_eq!(view.node_index("demo.v1.0.0"), None);
    let width = view.width;
    let installed = crate::resolve::Installed::from_package(pkg, "demo.v1.0.0");
    let node = view.add_installed(pkg, &installed).expect("added");
    assert_eq!(view.installed_from_other_channel, Some(node));
    assert_eq!(view.node_index("demo.v1.0.0"), Some(node));
    assert!(view.width > width);
    let to = view.node_index("demo.v1.2.0").expect("entry");
    let edges: Vec<_> = view.edges.iter().filter(|e| e.from == node).collect();
    assert_eq!(edges.len(), 1);
    assert_eq!(edges[0].to, to);
    assert_eq!(edges[0].kind, crate::graph::EdgeKind::SkipRange);
    assert!(view.neighbours(to).contains(&node));
    // The installed node sits left of every entry.
    let x = |n: NodeId| view.nodes[n].bbox.x;
    assert!(x(node) < x(to));
    // The SVG of the path starts from it.
    let request = crate::export::RenderRequest {
        channel: Some("fast".into()),
        from: Some("demo.v1.0.0".into()),
        ..crate::export::RenderRequest::new("demo", crate::export::RenderFormat::Svg)
    };
    let svg = crate::export::render(&catalog, &request).expect("svg").text;
    let first_hop = r#"data-hop="1" data-hop-from="demo.v1.0.0" data-hop-to="demo.v1.2.0""#;
    assert!(
        svg.contains(first_hop),
        "the path starts from the installed node: {svg}"
    );
}

#[test]
fn counts_and_fan_sources_come_from_the_view() {
    let c = catalog();
    let p = c.package("p").unwrap();
    let graphs = channel_graphs(p);
    let stable = graphs.iter().find(|g| g.channel == "stable").unwrap();
    let v = GraphView::channel(p, stable, &LayoutOptions::default());
    let counts = v.counts();
    assert_eq!(
        (counts.bundles, counts.virtuals, counts.head),
        (3, 2, Some("p.v1.2.0"))
    );
    assert_eq!(counts.edges, v.edge_total());
    let pkg_view = GraphView::package(
        p,
        &PackageGraph::build(p, &graphs),
        &LayoutOptions::default(),
    );
    assert_eq!(
        pkg_view.counts().head,
        None,
        "no single head in the package view"
    );
    // With every skips list a fan, the head's skips fan names p.v1.1.5.
    let options = LayoutOptions {
        skips_band_min_sources: 1,
        band_min_sources: 1,
        ..LayoutOptions::default()
    };
    let v = GraphView::channel(p, stable, &options);
    let head = v.node_index("p.v1.2.0").unwrap();
    let names = |ids: Vec<NodeId>| -> Vec<String> {
        ids.into_iter().map(|i| v.nodes()[i].name.clone()).collect()
    };
    assert_eq!(names(v.skipped_by(head)), ["p.v1.1.5"]);
    assert_eq!(names(v.covered_by(head)), ["p.v1.0.0", "p.v1.1.0"]);
}
