//! The support lifecycle overlay on the view and in the SVG export, on the real submariner
//! v4.21 split catalog and the real lifecycle blobs: 0.22 is in full support on 2026-11-26 and
//! runs on OpenShift 4.20; 0.23 and 0.24 have no entry.

use crate::common::catalog;
use olm_graph_core::export::{render, RenderFormat, RenderRequest};
use olm_graph_core::graph::{channel_graphs, PackageGraph};
use olm_graph_core::layout::LayoutOptions;
use olm_graph_core::model::Catalog;
use olm_graph_core::support::AsOf;
use olm_graph_core::view::{GraphView, PhaseClass, SupportOverlay};
use olm_graph_core::{load_files, load_paths, InputFile};

fn as_of(date: &str, platform: Option<&str>) -> AsOf {
    AsOf {
        date: date.parse().unwrap(),
        platform: platform.map(str::to_string),
    }
}

fn real() -> Catalog {
    load_paths(&[
        catalog("submariner-operator-fbc/v4.21-split"),
        catalog("lifecycle/lifecycles-v1alpha1.yaml"),
    ])
    .unwrap()
}

fn svg(c: &Catalog, support: Option<AsOf>) -> String {
    let request = RenderRequest {
        support,
        ..RenderRequest::new("submariner", RenderFormat::Svg)
    };
    render(c, &request).unwrap().text
}

/// The opening tag of the node element of `bundle`.
fn node_tag<'s>(svg: &'s str, bundle: &str) -> &'s str {
    let key = format!("data-name=\"{bundle}\"");
    let at = svg.find(&key).unwrap_or_else(|| panic!("no node {bundle}"));
    let start = svg[..at].rfind('<').unwrap();
    let end = at + svg[at..].find('>').unwrap();
    &svg[start..=end]
}

#[test]
fn the_svg_carries_the_phase_and_compatibility_of_each_node() {
    let c = real();
    let out = svg(&c, Some(as_of("2026-11-26", Some("4.20"))));
    for b in ["submariner.v0.22.0", "submariner.v0.22.1"] {
        let tag = node_tag(&out, b);
        assert!(tag.contains("data-phase=\"Full support\""), "{tag}");
        assert!(tag.contains("data-compatible=\"true\""), "{tag}");
        assert!(tag.contains("phase-full"), "{tag}");
    }
    for b in ["submariner.v0.23.1", "submariner.v0.24.0"] {
        let tag = node_tag(&out, b);
        assert!(tag.contains("data-phase=\"unknown\""), "{tag}");
        assert!(!tag.contains("data-compatible"), "{tag}");
        assert!(tag.contains("phase-no-data"), "{tag}");
    }
    // Six legend swatches, their tints in the stylesheet, and the day in a subtitle.
    assert_eq!(out.matches("data-phase-class=").count(), 6);
    for class in PhaseClass::ALL {
        assert!(out.contains(&format!(".node.{} rect{{fill:#", class.css_class())));
        assert!(out.contains(class.label()), "{}", class.label());
    }
    assert!(out.contains("support phases on 2026-11-26, OpenShift 4.20"));
    // The tooltip says the phase, its end and the end of life.
    let title_at = out.find("data-name=\"submariner.v0.22.0\"").unwrap();
    let title = &out[title_at..title_at + out[title_at..].find("</title>").unwrap()];
    assert!(
        title.contains("support on 2026-11-26: Full support (until 2027-01-05)"),
        "{title}"
    );
    assert!(title.contains("end of life: 2027-09-10"), "{title}");
    assert!(title.contains("runs on OpenShift 4.20: yes"), "{title}");
}

#[test]
fn without_the_overlay_the_svg_has_no_phase() {
    let c = real();
    let plain = svg(&c, None);
    assert!(!plain.contains("data-phase"));
    assert!(!plain.contains("data-compatible"));
    assert!(!plain.contains("phase-"));
    // Without a platform, compatibility is unknown everywhere.
    let no_platform = svg(&c, Some(as_of("2026-11-26", None)));
    assert!(!no_platform.contains("data-compatible"));
    assert!(node_tag(&no_platform, "submariner.v0.22.0").contains("data-phase=\"Full support\""));
    // On a platform the stream does not list, compatible is false.
    let old = svg(&c, Some(as_of("2026-11-26", Some("4.10"))));
    assert!(node_tag(&old, "submariner.v0.22.0").contains("data-compatible=\"false\""));
    // After the last end date: end of life.
    let late = svg(&c, Some(as_of("2030-01-01", None)));
    let tag = node_tag(&late, "submariner.v0.22.0");
    assert!(tag.contains("data-phase=\"end of life\""), "{tag}");
    assert!(tag.contains("phase-end-of-life"), "{tag}");
}

#[test]
fn the_view_carries_the_facts_and_the_notice_counts_the_streams_without_data() {
    let c = real();
    let pkg = c.package("submariner").unwrap();
    let overlay = SupportOverlay::of(&c.lifecycles, pkg, as_of("2026-11-26", Some("4.20")));
    assert!(overlay.has_data);
    assert_eq!(overlay.unlisted_streams, ["0.23", "0.24"]);
    assert_eq!(
        overlay.notice("submariner").as_deref(),
        Some("2 shipped streams of submariner have no lifecycle data: 0.23, 0.24")
    );
    let graphs = channel_graphs(pkg);
    let mut view = GraphView::package(
        pkg,
        &PackageGraph::build(pkg, &graphs),
        &LayoutOptions::default(),
    );
    assert!(view.phase_classes().is_empty());
    view.apply_support(&overlay);
    assert_eq!(view.phase_classes(), [PhaseClass::Full, PhaseClass::NoData]);
    let i = view.node_index("submariner.v0.22.0").unwrap();
    let n = &view.nodes()[i];
    assert_eq!(n.phase_attr(), Some("Full support"));
    assert_eq!(n.compatible_attr(), Some("true"));
    assert!(view.node_aria_label(i).ends_with(", support: Full support"));
    let j = view.node_index("submariner.v0.24.0").unwrap();
    assert_eq!(view.nodes()[j].phase_attr(), Some("unknown"));
    assert_eq!(view.nodes()[j].compatible_attr(), None);
    assert!(view
        .node_tooltip(j)
        .contains("support on 2026-11-26: no lifecycle data"));
}

#[test]
fn a_package_without_blobs_has_no_data_and_no_notice() {
    let c = load_files(vec![InputFile::new(
        "c.yaml",
        "schema: olm.package\nname: foo\ndefaultChannel: a\n---\nschema: olm.channel\npackage: foo\nname: a\nentries:\n  - name: foo.v1.0.0\n---\nschema: olm.bundle\npackage: foo\nname: foo.v1.0.0\nimage: x.test/foo:1\nproperties:\n  - type: olm.package\n    value: {packageName: foo, version: 1.0.0}\n",
    )]);
    let pkg = c.package("foo").unwrap();
    let overlay = SupportOverlay::of(&c.lifecycles, pkg, as_of("2026-11-26", None));
    assert!(!overlay.has_data);
    assert_eq!(overlay.notice("foo"), None);
    let out = render(
        &c,
        &RenderRequest {
            support: Some(as_of("2026-11-26", None)),
            ..RenderRequest::new("foo", RenderFormat::Svg)
        },
    )
    .unwrap()
    .text;
    assert!(node_tag(&out, "foo.v1.0.0").contains("data-phase=\"unknown\""));
}

#[test]
fn every_phase_name_of_the_real_blobs_has_its_class() {
    let c = load_paths(&[catalog("lifecycle/lifecycles-v1alpha1.yaml")]).unwrap();
    let mut names: Vec<String> = c
        .lifecycles
        .iter()
        .flat_map(|b| &b.versions)
        .flat_map(|v| &v.phases)
        .filter_map(|p| p.name.text.clone())
        .collect();
    names.sort();
    names.dedup();
    assert!(names.len() >= 8, "{names:?}");
    for name in &names {
        let class = PhaseClass::of(Some(name));
        let lower = name.to_ascii_lowercase();
        let want = if lower.starts_with("full") {
            PhaseClass::Full
        } else if lower.starts_with("extended") {
            PhaseClass::Extended
        } else {
            assert!(lower.starts_with("maintenance"), "unexpected phase {name}");
            PhaseClass::Maintenance
        };
        assert_eq!(class, want, "{name}");
    }
    assert_eq!(PhaseClass::of(None), PhaseClass::NoData);
    assert_eq!(PhaseClass::of(Some("end of life")), PhaseClass::EndOfLife);
    assert_eq!(
        PhaseClass::of(Some("not yet supported")),
        PhaseClass::NotYetSupported
    );
    // A name no rule knows is still a supported phase; "Elsewhere" is not ELS.
    assert_eq!(PhaseClass::of(Some("Elsewhere")), PhaseClass::Maintenance);
    assert_eq!(PhaseClass::of(Some("EUS term 1")), PhaseClass::Extended);
}
