use super::*;
use olm_graph_core::resolve::{via_label, FailureKind, UpgradeStrategy};
use olm_graph_core::{load_files, InputFile};
// The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
use wasm_bindgen_test::wasm_bindgen_test as test;

fn fixture(name: &str, text: &str) -> Catalog {
    load_files(vec![InputFile::new(name, text)])
}

/// What the simulation's paths mark, for their first `visible` hops.
fn marks_of(s: &Simulation, visible: usize) -> OverlayMarks {
    OverlayMarks::new(s.overlays.iter().map(Option::as_ref), visible)
}

fn inputs(installed: &str, failure: Option<FailureKind>, strategy: UpgradeStrategy) -> SimInputs {
    SimInputs {
        installed: installed.into(),
        failure,
        failing: "f2".into(),
        strategy,
        ..SimInputs::default()
    }
}

#[test]
fn failure_combos_and_an_added_entry_come_from_core() {
    let catalog = fixture(
        "failforward.yaml",
        include_str!("../../../crates/core/tests/fixtures/resolve/failforward.yaml"),
    );
    let outcome = |kind, strategy, added: Option<&AddedEntry>| {
        let s = simulate(
            &catalog,
            "ff",
            "stable",
            &inputs("f1", Some(kind), strategy),
            added,
            None,
        );
        let p = s.paths[0].result.as_ref().unwrap();
        (
            p.outcome.as_str(),
            p.hops.iter().map(|h| h.to.clone()).collect::<Vec<_>>(),
        )
    };
    let ff = UpgradeStrategy::TechPreviewUnsafeFailForward;
    assert_eq!(
        outcome(FailureKind::Csv, UpgradeStrategy::Default, None).0,
        "blocked"
    );
    assert_eq!(
        outcome(FailureKind::InstallPlan, UpgradeStrategy::Default, None).0,
        "blocked"
    );
    assert_eq!(
        outcome(FailureKind::Csv, ff, None).0,
        "waiting-for-catalog-update"
    );
    assert_eq!(
        outcome(FailureKind::InstallPlan, ff, None).0,
        "waiting-for-catalog-update"
    );
    let f3 = AddedEntry {
        name: "f3".into(),
        replaces: "f2".into(),
        version: "3.0.0".into(),
        ..AddedEntry::default()
    };
    assert_eq!(
        outcome(FailureKind::Csv, ff, Some(&f3)),
        ("up-to-date", vec!["f2".to_string(), "f3".to_string()])
    );
    // A bad version is reported, and the path runs on the catalog as it is.
    let bad = AddedEntry {
        version: "not a version".into(),
        ..f3.clone()
    };
    let s = simulate(
        &catalog,
        "ff",
        "stable",
        &inputs("f1", Some(FailureKind::Csv), ff),
        Some(&bad),
        None,
    );
    assert!(s.update_error.unwrap().contains("not a version"));
}

#[test]
fn both_resolvers_report_the_first_difference() {
    let catalog = fixture(
        "v0-v1-differ.yaml",
        include_str!("../../../crates/core/tests/fixtures/resolve/v0-v1-differ.yaml"),
    );
    let both = SimInputs {
        installed: "differ.v1.0.0".into(),
        resolver: ResolverChoice::Both,
        ..SimInputs::default()
    };
    let s = simulate(&catalog, "differ", "stable", &both, None, None);
    assert_eq!(s.paths.len(), 2);
    assert_eq!(s.difference, Some(0));
    // The markings: v0's path without suffix, v1's with; the first path's end is current.
    let marks = marks_of(&s, usize::MAX);
    let v0 = s.paths[0].result.as_ref().unwrap();
    let v1 = s.paths[1].result.as_ref().unwrap();
    assert_eq!(marks.node(&v0.from).unwrap().step, [Some(0), Some(0)]);
    assert_eq!(marks.node(&v0.hops[0].to).unwrap().step[0], Some(1));
    assert_eq!(marks.node(&v1.hops[0].to).unwrap().step[1], Some(1));
    assert!(marks.node(&v0.end).unwrap().current);
    let hop = &v0.hops[0];
    assert_eq!(
        marks.edge(&hop.from, &hop.to).unwrap()[0].as_deref(),
        Some(via_label(&hop.via).as_str())
    );
    // Only the visible hops are marked.
    let none = marks_of(&s, 0);
    assert!(none.edges.is_empty() && none.labels.is_empty());
    assert!(none.node(&v0.from).unwrap().current);
}

#[test]
fn hops_into_entries_without_bundles_are_marked() {
    // A channel file of a split catalog: entries by name, no olm.bundle.
    let catalog = fixture(
        "index.yaml",
        "schema: olm.package\nname: p\n---\nschema: olm.channel\npackage: p\nname: stable\nentries:\n- name: p.v1.0.0\n- name: p.v1.0.1\n  replaces: p.v1.0.0\n- name: p.v1.0.2\n  replaces: p.v1.0.1\n",
    );
    let v0 = SimInputs {
        installed: "p.v1.0.0".into(),
        ..SimInputs::default()
    };
    let s = simulate(&catalog, "p", "stable", &v0, None, None);
    let marks = marks_of(&s, usize::MAX);
    for name in ["p.v1.0.1", "p.v1.0.2"] {
        assert!(marks.node(name).unwrap().missing_bundle, "{name}");
    }
    // The installed bundle is no hop's target.
    assert!(!marks.node("p.v1.0.0").unwrap().missing_bundle);
}

#[test]
fn a_failed_hop_is_marked_with_its_kind() {
    let catalog = fixture(
        "failforward.yaml",
        include_str!("../../../crates/core/tests/fixtures/resolve/failforward.yaml"),
    );
    let s = simulate(
        &catalog,
        "ff",
        "stable",
        &inputs(
            "f1",
            Some(FailureKind::InstallPlan),
            UpgradeStrategy::Default,
        ),
        None,
        None,
    );
    let marks = marks_of(&s, usize::MAX);
    assert_eq!(
        marks.node("f2").unwrap().failed,
        Some(FailureKind::InstallPlan)
    );
}

#[test]
fn parameters_parse_once_and_an_animated_path_follows_the_resolver() {
    assert_eq!("both".parse(), Ok(ResolverChoice::Both));
    assert!("v2".parse::<ResolverChoice>().is_err());
    for r in ResolverChoice::ALL {
        assert_eq!(r.as_str().parse(), Ok(*r));
    }
    assert_eq!(ResolverChoice::V1.path_resolver(), Resolver::V1);
    assert_eq!(ResolverChoice::V0.path_resolver(), Resolver::V0);
    assert_eq!(ResolverChoice::Both.path_resolver(), Resolver::V0);
    assert_eq!(failure_choice("none"), Some(None));
    assert_eq!(failure_choice("csv"), Some(Some(FailureKind::Csv)));
    assert_eq!(failure_choice("x"), None);
    assert_eq!(failure_param(Some(FailureKind::InstallPlan)), "installplan");
    for s in [
        UpgradeStrategy::Default,
        UpgradeStrategy::TechPreviewUnsafeFailForward,
    ] {
        assert_eq!(s.olm_name().parse::<UpgradeStrategy>(), Ok(s));
    }
    // No failing bundle, no failure.
    let i = SimInputs {
        failure: Some(FailureKind::Csv),
        ..SimInputs::default()
    };
    assert_eq!(i.failure(), None);
}
