//! Upgrade resolution on small fixtures: one test per rule of OLM v0, OLM v1 and fail-forward.

use crate::common;

use common::{fixture, load};
use olm_graph_core::graph::EdgeKind;
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{
    resolve_path, Failure, FailureKind, Outcome, PathOptions, Resolver, UpgradePath,
    UpgradeStrategy,
};

fn catalog(name: &str) -> Catalog {
    let c = load(&fixture(&format!("resolve/{name}")));
    let errors: Vec<_> = c.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{name}: {errors:?}");
    c
}

fn options(resolver: Resolver, channel: &str) -> PathOptions {
    PathOptions {
        resolver,
        channel: Some(channel.to_string()),
        ..PathOptions::default()
    }
}

fn path(c: &Catalog, pkg: &str, from: &str, o: &PathOptions) -> UpgradePath {
    resolve_path(c, pkg, from, o, None).unwrap_or_else(|e| panic!("{e}"))
}

fn steps(p: &UpgradePath) -> Vec<&str> {
    let mut v = vec![p.from.as_str()];
    v.extend(p.hops.iter().map(|h| h.to.as_str()));
    v
}

#[test]
fn v0_and_v1_pick_different_successors() {
    let c = catalog("v0-v1-differ.yaml");
    let v0 = path(
        &c,
        "differ",
        "differ.v1.0.0",
        &options(Resolver::V0, "stable"),
    );
    let v1 = path(
        &c,
        "differ",
        "differ.v1.0.0",
        &options(Resolver::V1, "stable"),
    );
    // v0 never offers the skipped 1.1.5; v1 has no chain and takes the highest successor.
    assert_eq!(
        steps(&v0),
        ["differ.v1.0.0", "differ.v1.1.0", "differ.v1.2.0"]
    );
    assert_eq!(
        steps(&v1),
        ["differ.v1.0.0", "differ.v1.1.5", "differ.v1.2.0"]
    );
    assert_eq!(v0.outcome, Outcome::UpToDate);
    assert_eq!(v0.explanation, None, "v0 ends at the head");
    assert_eq!(v1.hops[0].via[0].kind, EdgeKind::SkipRange);
    assert_eq!(v1.hops[0].via[0].range.as_deref(), Some(">=1.0.0 <1.1.5"));
    let skipped = v0.hops[0]
        .alternatives
        .iter()
        .find(|a| a.bundle == "differ.v1.1.5")
        .expect("the skipped entry is listed");
    assert!(
        skipped.why.contains("skipped by differ.v1.2.0"),
        "{}",
        skipped.why
    );
}

#[test]
fn non_transitive_skips_trap_stops_v0_but_not_v1() {
    let c = catalog("skips-trap.yaml");
    let v0 = path(&c, "trap", "n1", &options(Resolver::V0, "stable"));
    assert!(v0.hops.is_empty(), "{v0:?}");
    assert_eq!(v0.outcome, Outcome::UpToDate);
    let e = v0
        .explanation
        .expect("v0 stuck before the head is explained");
    assert_eq!(e.code, "skips-not-transitive");
    assert!(
        e.message.contains("n2") && e.message.contains("skipped by n3"),
        "{}",
        e.message
    );
    assert_eq!(e.bundle.as_deref(), Some("n2"));
    assert_eq!(e.edge, Some(("n1".into(), "n2".into(), EdgeKind::Replaces)));
    let snippet = e.snippet.expect("a copyable fix");
    assert!(
        snippet.contains("- name: n3") && snippet.contains("  - n1"),
        "{snippet}"
    );

    let v1 = path(&c, "trap", "n1", &options(Resolver::V1, "stable"));
    assert_eq!(steps(&v1), ["n1", "n2", "n3"]);
    assert_eq!(v1.explanation, None);
}

#[test]
fn legacy_deprecated_is_prohibited_in_v0_and_ignored_in_v1() {
    let c = catalog("legacy-deprecated.yaml");
    let v0 = path(&c, "prohibited", "p1", &options(Resolver::V0, "stable"));
    assert!(v0.hops.is_empty());
    let e = v0.explanation.expect("explained");
    assert_eq!(e.code, "prohibited-v0");
    assert!(e.message.contains("olm.deprecated"), "{}", e.message);
    let v1 = path(&c, "prohibited", "p1", &options(Resolver::V1, "stable"));
    assert_eq!(steps(&v1), ["p1", "p2"]);
}

#[test]
fn v1_prefers_non_deprecated_bundles_and_v0_ignores_fbc_deprecations() {
    let c = catalog("v1-deprecation.yaml");
    let v1 = path(&c, "dep", "d1", &options(Resolver::V1, "stable"));
    // d3 is higher and a successor, but deprecated: d2 wins, then staying on d2 beats d3.
    assert_eq!(steps(&v1), ["d1", "d2"]);
    let alt = v1.hops[0]
        .alternatives
        .iter()
        .find(|a| a.bundle == "d3")
        .expect("d3 passed over");
    assert!(alt.why.starts_with("deprecated"), "{}", alt.why);
    let e = v1.explanation.expect("stuck before the head");
    assert_eq!(e.code, "v1-deprecated");

    let v0 = path(&c, "dep", "d1", &options(Resolver::V0, "stable"));
    assert_eq!(
        steps(&v0),
        ["d1", "d3"],
        "v0: closest to the head, deprecations do not count"
    );
    assert_eq!(v0.hops[0].via.len(), 1);
}

fn with_failure(
    resolver: Resolver,
    bundle: &str,
    kind: FailureKind,
    strategy: UpgradeStrategy,
) -> PathOptions {
    PathOptions {
        failure: Some(Failure {
            bundle: bundle.into(),
            kind,
            strategy,
        }),
        ..options(resolver, "stable")
    }
}

#[test]
fn csv_failure_with_default_strategy_is_blocked_on_the_failed_bundle() {
    let c = catalog("failforward.yaml");
    let o = with_failure(
        Resolver::V0,
        "f2",
        FailureKind::Csv,
        UpgradeStrategy::Default,
    );
    let p = path(&c, "ff", "f1", &o);
    assert_eq!(p.outcome, Outcome::Blocked);
    assert_eq!(p.end, "f2");
    assert_eq!(p.hops.len(), 1);
    assert!(p.hops[0].failed);
    let e = p.explanation.expect("recovery explained");
    assert!(
        e.suggestion.contains("delete the failed CSV f2"),
        "{}",
        e.suggestion
    );
    // An updated catalog does not help without fail-forward.
    let fixed = catalog("failforward-fixed-csv.yaml");
    let p = resolve_path(&c, "ff", "f1", &o, Some(&fixed)).expect("resolves");
    assert_eq!(p.outcome, Outcome::Blocked);
}

#[test]
fn installplan_failure_with_default_strategy_stays_on_the_previous_bundle() {
    let c = catalog("failforward.yaml");
    let p = path(
        &c,
        "ff",
        "f1",
        &with_failure(
            Resolver::V0,
            "f2",
            FailureKind::InstallPlan,
            UpgradeStrategy::Default,
        ),
    );
    assert_eq!(p.outcome, Outcome::Blocked);
    assert_eq!(p.end, "f1");
    assert!(p.hops[0].failed);
    assert!(p
        .explanation
        .expect("explained")
        .message
        .contains("InstallPlan"));
}

#[test]
fn csv_failure_with_fail_forward_waits_then_continues_from_the_failed_bundle() {
    let c = catalog("failforward.yaml");
    let o = with_failure(
        Resolver::V0,
        "f2",
        FailureKind::Csv,
        UpgradeStrategy::TechPreviewUnsafeFailForward,
    );
    let p = path(&c, "ff", "f1", &o);
    assert_eq!(p.outcome, Outcome::WaitingForCatalogUpdate);
    assert_eq!(p.end, "f2");
    // The fix a curator is about to publish: f3 replaces f2.
    let fixed = catalog("failforward-fixed-csv.yaml");
    let p = resolve_path(&c, "ff", "f1", &o, Some(&fixed)).expect("resolves");
    assert_eq!(steps(&p), ["f1", "f2", "f3"]);
    assert_eq!(p.outcome, Outcome::UpToDate);
    assert!(p.hops[0].failed && !p.hops[1].failed);
    assert!(p.hops[1].updated_catalog);
    assert_eq!(p.explanation, None);
}

#[test]
fn installplan_failure_with_fail_forward_retries_from_the_previous_bundle() {
    let c = catalog("failforward.yaml");
    let o = with_failure(
        Resolver::V0,
        "f2",
        FailureKind::InstallPlan,
        UpgradeStrategy::TechPreviewUnsafeFailForward,
    );
    let p = path(&c, "ff", "f1", &o);
    assert_eq!(
        p.outcome,
        Outcome::WaitingForCatalogUpdate,
        "the same plan (f2) again"
    );
    assert_eq!(p.end, "f1");
    // The csv-style fix does not help: from f1 the catalog still offers f2 first.
    let fixed_csv = catalog("failforward-fixed-csv.yaml");
    let p = resolve_path(&c, "ff", "f1", &o, Some(&fixed_csv)).expect("resolves");
    assert_eq!(p.outcome, Outcome::WaitingForCatalogUpdate);
    // A bundle that replaces f1 and skips f2 gives a different successor.
    let fixed = catalog("failforward-fixed-installplan.yaml");
    let p = resolve_path(&c, "ff", "f1", &o, Some(&fixed)).expect("resolves");
    assert_eq!(steps(&p), ["f1", "f2", "f2.1"]);
    assert_eq!(p.end, "f2.1");
    assert_eq!(p.outcome, Outcome::UpToDate);
}

#[test]
fn fail_forward_outcomes_hold_for_v1_too() {
    let c = catalog("failforward.yaml");
    let o = with_failure(
        Resolver::V1,
        "f2",
        FailureKind::Csv,
        UpgradeStrategy::TechPreviewUnsafeFailForward,
    );
    let fixed = catalog("failforward-fixed-csv.yaml");
    let p = resolve_path(&c, "ff", "f1", &o, Some(&fixed)).expect("resolves");
    assert_eq!(steps(&p), ["f1", "f2", "f3"]);
}

#[test]
fn installed_bundle_from_another_channel_upgrades_through_skip_range() {
    let c = catalog("other-channel.yaml");
    for r in [Resolver::V0, Resolver::V1] {
        let p = path(&c, "chans", "chans.v1.5.0-rc.1", &options(r, "stable"));
        assert_eq!(steps(&p), ["chans.v1.5.0-rc.1", "chans.v2.0.0"], "{r:?}");
        assert_eq!(p.hops[0].via[0].range.as_deref(), Some(">= 1.0.0 < 2.0.0"));
    }
}

#[test]
fn a_name_the_catalog_no_longer_has_matches_only_by_name() {
    let c = catalog("other-channel.yaml");
    let p = path(
        &c,
        "chans",
        "chans.v1.2.0",
        &options(Resolver::V0, "stable"),
    );
    assert!(p.hops.is_empty(), "no version: the skipRange cannot match");
    let e = p.explanation.expect("explained");
    assert_eq!(e.code, "unknown-version");
    let p = path(
        &c,
        "chans",
        "chans.v1.0.0",
        &options(Resolver::V0, "stable"),
    );
    assert_eq!(
        p.hops[0].via.len(),
        2,
        "replaces and skipRange both hold: {:?}",
        p.hops[0].via
    );
}

#[test]
fn several_heads_are_a_v0_resolution_error_and_explained_in_v1() {
    let c = catalog("multi-head.yaml");
    let e = resolve_path(&c, "multi", "m1", &options(Resolver::V0, "stable"), None)
        .expect_err("v0 fails");
    assert!(
        e.message
            .contains("a unique replacement chain within a channel is required"),
        "{e}"
    );
    assert!(e.message.contains("2 replacement chains"), "{e}");
    let p = path(&c, "multi", "m1", &options(Resolver::V1, "stable"));
    assert_eq!(steps(&p), ["m1", "m3"], "v1 takes the highest");
}

#[test]
fn unknown_names_are_resolution_errors() {
    let c = catalog("multi-head.yaml");
    assert!(resolve_path(&c, "nope", "m1", &options(Resolver::V0, "stable"), None).is_err());
    assert!(resolve_path(&c, "multi", "m1", &options(Resolver::V0, "beta"), None).is_err());
    let o = with_failure(
        Resolver::V1,
        "zz",
        FailureKind::Csv,
        UpgradeStrategy::Default,
    );
    assert!(resolve_path(&c, "multi", "m1", &o, None).is_err());
}
