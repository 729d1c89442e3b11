//! Support lifecycle data (`io.openshift.operators.lifecycles.v1alpha1`): reading the blobs,
//! each bundle's phase and compatibility on a day, and the `lifecycle.*` findings.

use crate::common::catalog;
use olm_graph_core::model::Catalog;
use olm_graph_core::support::{
    lint_lifecycles, parse_platform, AsOf, BundleSupport, Date, PackageLifecycle,
};
use olm_graph_core::{load_files, load_paths, InputFile};

fn day(text: &str) -> Date {
    text.parse().unwrap()
}

fn as_of(date: &str, platform: Option<&str>) -> AsOf {
    AsOf {
        date: day(date),
        platform: platform.map(str::to_string),
    }
}

/// The v4.21 split catalog of submariner with the real lifecycle blobs.
fn real(split: &str) -> Catalog {
    let paths = [
        catalog(&format!("submariner-operator-fbc/{split}")),
        catalog("lifecycle/lifecycles-v1alpha1.yaml"),
    ];
    load_paths(&paths).unwrap()
}

fn facts(c: &Catalog, package: &str, at: &AsOf) -> Vec<BundleSupport> {
    let pkg = c.package(package).unwrap();
    PackageLifecycle::of(&c.lifecycles, package).package(pkg, at)
}

fn row<'a>(rows: &'a [BundleSupport], bundle: &str) -> &'a BundleSupport {
    rows.iter().find(|r| r.bundle.contains(bundle)).unwrap()
}

#[test]
fn the_real_blobs_are_read_with_their_lines_and_kept_as_other_objects() {
    let c = load_paths(&[catalog("lifecycle/lifecycles-v1alpha1.yaml")]).unwrap();
    assert_eq!(c.lifecycles.len(), 20);
    assert_eq!(c.others.len(), 20);
    let sub = c
        .lifecycles
        .iter()
        .find(|b| b.package == "submariner")
        .unwrap();
    assert_eq!(sub.line, Some(1412));
    let names: Vec<_> = sub
        .versions
        .iter()
        .map(|v| v.name.text.clone().unwrap())
        .collect();
    assert_eq!(names.first().map(String::as_str), Some("0.13"));
    assert_eq!(names.last().map(String::as_str), Some("0.22"));
    let v022 = sub.versions.last().unwrap();
    assert_eq!(v022.name.line, Some(1530));
    assert_eq!(v022.phases[0].end_date.text.as_deref(), Some("2027-01-05"));
    assert_eq!(v022.phases[0].end_date.line, Some(1532));
    assert!(c.diagnostics.iter().all(|d| !d.is_error()));
}

#[test]
fn submariner_0_22_is_in_full_support_on_4_20_and_the_newer_streams_have_no_entry() {
    let c = real("v4.21-split");
    let rows = facts(&c, "submariner", &as_of("2026-11-26", Some("4.20")));
    let r = row(&rows, "v0.22.0");
    assert_eq!(r.stream.as_deref(), Some("0.22"));
    assert_eq!(r.phase.as_deref(), Some("Full support"));
    assert_eq!(r.phase_ends, Some(day("2027-01-05")));
    assert_eq!(r.end_of_life, Some(day("2027-09-10")));
    assert_eq!(r.compatible, Some(true));
    for newer in ["v0.23.1", "v0.24.0"] {
        let r = row(&rows, newer);
        assert_eq!(
            (r.phase.as_ref(), r.end_of_life, r.compatible),
            (None, None, None)
        );
    }
    let missing: Vec<_> = lint_lifecycles(&c)
        .into_iter()
        .filter(|d| d.code == "lifecycle.missing-stream")
        .map(|d| d.message)
        .collect();
    assert_eq!(missing.len(), 2, "{missing:?}");
    assert!(missing[0].contains("0.23") && missing[1].contains("0.24"));
}

#[test]
fn submariner_on_4_17_misses_0_21_0_23_and_0_24_and_its_oldest_stream_is_end_of_life() {
    let c = real("v4.17-split");
    let rows = facts(&c, "submariner", &as_of("2026-11-26", Some("4.21")));
    let oldest = row(&rows, "v0.19.");
    assert!(oldest.is_end_of_life(), "{oldest:?}");
    let r = row(&rows, "v0.22.0");
    assert_eq!(r.compatible, Some(false));
    let missing: Vec<_> = lint_lifecycles(&c)
        .into_iter()
        .filter(|d| {
            d.code == "lifecycle.missing-stream" && d.package.as_deref() == Some("submariner")
        })
        .map(|d| d.message)
        .collect();
    assert_eq!(missing.len(), 3, "{missing:?}");
    assert!(
        missing[0].starts_with("stream 0.21 (2 bundle(s)"),
        "{missing:?}"
    );
}

const BLOB: &str = r#"schema: io.openshift.operators.lifecycles.v1alpha1
package: foo
versions:
- name: "1.2"
  phases:
  - {name: Full support, startDate: "2025-01-01", endDate: "2025-06-30"}
  - {name: Maintenance support, startDate: "2025-07-01", endDate: "2025-12-31"}
  platformCompatibility:
  - {name: openshift, versions: ["4.18", "4.19"]}
- name: "1.3"
  phases:
  - {name: Full support, startDate: "2026-01-01", endDate: "2026-03-31"}
  - {name: Extended support, startDate: "2026-05-01", endDate: "2026-12-31"}
"#;

const FOO: &str = r#"{"schema": "olm.package", "name": "foo", "defaultChannel": "stable"}
{"schema": "olm.channel", "package": "foo", "name": "stable", "entries": [{"name": "foo.v1.2.0"}, {"name": "foo.v1.3.0-rc.1", "replaces": "foo.v1.2.0"}, {"name": "foo.v1.4.0+b1", "replaces": "foo.v1.3.0-rc.1"}]}
{"schema": "olm.bundle", "package": "foo", "name": "foo.v1.2.0", "image": "quay.io/foo@sha256:0000000000000000000000000000000000000000000000000000000000000000", "properties": [{"type": "olm.package", "value": {"packageName": "foo", "version": "1.2.0"}}]}
{"schema": "olm.bundle", "package": "foo", "name": "foo.v1.3.0-rc.1", "image": "quay.io/foo@sha256:0000000000000000000000000000000000000000000000000000000000000001", "properties": [{"type": "olm.package", "value": {"packageName": "foo", "version": "1.3.0-rc.1"}}]}
{"schema": "olm.bundle", "package": "foo", "name": "foo.v1.4.0+b1", "image": "quay.io/foo@sha256:0000000000000000000000000000000000000000000000000000000000000002", "properties": [{"type": "olm.package", "value": {"packageName": "foo", "version": "1.4.0+b1"}}]}
"#;

fn synthetic(blob: &str) -> Catalog {
    load_files(vec![
        InputFile::new("foo.json", FOO),
        InputFile::new("lifecycle.yaml", blob),
    ])
}

fn phase_on(c: &Catalog, bundle: &str, date: &str) -> BundleSupport {
    let rows = facts(c, "foo", &as_of(date, Some("4.19")));
    row(&rows, bundle).clone()
}

#[test]
fn a_phase_holds_from_its_first_day_to_its_last_day() {
    let c = synthetic(BLOB);
    let at = |d: &str| phase_on(&c, "foo.v1.2.0", d);
    assert_eq!(at("2024-12-31").phase.as_deref(), Some("not yet supported"));
    assert_eq!(at("2025-01-01").phase.as_deref(), Some("Full support"));
    assert_eq!(at("2025-06-30").phase.as_deref(), Some("Full support"));
    assert_eq!(at("2025-06-30").phase_ends, Some(day("2025-06-30")));
    assert_eq!(
        at("2025-07-01").phase.as_deref(),
        Some("Maintenance support")
    );
    assert_eq!(
        at("2025-12-31").phase.as_deref(),
        Some("Maintenance support")
    );
    let after = at("2026-01-01");
    assert_eq!(after.phase.as_deref(), Some("end of life"));
    assert_eq!(after.phase_ends, None);
    assert_eq!(after.end_of_life, Some(day("2025-12-31")));
    assert!(after.is_end_of_life());
}

#[test]
fn pre_release_and_build_metadata_do_not_change_the_stream_and_a_gap_has_no_phase() {
    let c = synthetic(BLOB);
    let rc = phase_on(&c, "foo.v1.3.0-rc.1", "2026-04-15");
    assert_eq!(rc.stream.as_deref(), Some("1.3"));
    assert_eq!(rc.phase, None, "between two phases");
    assert_eq!(rc.phase_ends, None);
    assert_eq!(rc.end_of_life, Some(day("2026-12-31")));
    assert_eq!(rc.compatible, None, "no platformCompatibility");
    let in_second = phase_on(&c, "foo.v1.3.0-rc.1", "2026-05-01");
    assert_eq!(in_second.phase.as_deref(), Some("Extended support"));
    let build = phase_on(&c, "foo.v1.4.0+b1", "2026-04-15");
    assert_eq!(build.stream.as_deref(), Some("1.4"));
    assert_eq!((build.phase, build.end_of_life), (None, None));
}

#[test]
fn compatibility_is_unknown_without_a_platform_asked() {
    let c = synthetic(BLOB);
    let pkg = c.package("foo").unwrap();
    let lc = PackageLifecycle::of(&c.lifecycles, "foo");
    let b = &pkg.bundles[pkg.bundle_index("foo.v1.2.0").unwrap()];
    assert_eq!(lc.bundle(b, &as_of("2025-02-01", None)).compatible, None);
    assert_eq!(
        lc.bundle(b, &as_of("2025-02-01", Some("4.19"))).compatible,
        Some(true)
    );
    assert_eq!(
        lc.bundle(b, &as_of("2025-02-01", Some("4.20"))).compatible,
        Some(false)
    );
}

fn codes(c: &Catalog) -> Vec<(String, Option<usize>, String)> {
    lint_lifecycles(c)
        .into_iter()
        .map(|d| {
            let line = d.location.and_then(|l| l.line);
            (d.code.to_string(), line, d.field.unwrap_or_default())
        })
        .collect()
}

#[test]
fn a_gap_between_phases_is_a_finding_on_the_later_start_date() {
    let c = synthetic(BLOB);
    let found = codes(&c);
    assert!(found.contains(&(
        "lifecycle.phase-gap".into(),
        Some(13),
        "versions[1].phases[1].startDate".into()
    )));
    assert!(found.contains(&(
        "lifecycle.missing-stream".into(),
        Some(1),
        "versions".into()
    )));
    assert_eq!(found.len(), 2, "{found:?}");
}

#[test]
fn every_rule_of_a_blob_has_its_finding_with_line_and_field() {
    let blob = r#"---
# a comment before the object
schema: io.openshift.operators.lifecycles.v1alpha1
package: foo
extraField: {kept: true}
versions:
- name: "1.2"
  phases:
  - name: Full support
    startDate: "2025-02-29"
    endDate: "2025-06-30"
  - name: Maintenance support
    startDate: "2025-07-01"
    endDate: "2025-07-01"
  platformCompatibility:
  - name: openshift
    versions: ["4.18", "v4.19", "4.019"]
- name: "1.2"
  phases: []
- name: "1.3.0"
- name: "1.4"
  phases:
  - {name: A, startDate: "2026-01-01", endDate: "2026-01-31"}
  - {name: B, startDate: "2026-02-01", endDate: "2026-03-31"}
---
schema: io.openshift.operators.lifecycles.v1alpha1
package: bar
versions: []
"#;
    let c = synthetic(blob);
    let foo = c.lifecycles.iter().find(|b| b.package == "foo").unwrap();
    assert_eq!(foo.extra["extraField"], serde_json::json!({"kept": true}));
    let found = codes(&c);
    let expect = |code: &str, line: usize, field: &str| {
        assert!(
            found.contains(&(code.to_string(), Some(line), field.to_string())),
            "{code} at {line} {field}: {found:?}"
        );
    };
    expect("lifecycle.date", 10, "versions[0].phases[0].startDate");
    expect("lifecycle.phase-order", 14, "versions[0].phases[1].endDate");
    expect(
        "lifecycle.platform-version",
        17,
        "versions[0].platformCompatibility[0].versions[1]",
    );
    expect(
        "lifecycle.platform-version",
        17,
        "versions[0].platformCompatibility[0].versions[2]",
    );
    expect("lifecycle.duplicate-version", 18, "versions[1].name");
    expect("lifecycle.version-name", 20, "versions[2].name");
    expect("lifecycle.unknown-package", 26, "package");
    expect("lifecycle.missing-stream", 3, "versions");
    assert!(
        !found.iter().any(|f| f.0 == "lifecycle.phase-gap"),
        "{found:?}"
    );
    assert_eq!(found.len(), 8, "{found:?}");
    let all = lint_lifecycles(&c);
    assert!(all.iter().all(|d| !d.is_error()));
}

#[test]
fn a_missing_date_and_a_blob_in_json_are_findings_too() {
    let blob = r#"{"schema": "io.openshift.operators.lifecycles.v1alpha1", "package": "foo", "versions": [{"name": "1.2", "phases": [{"name": "Full support", "startDate": "2025-01-01"}]}, {"name": 1.3}]}"#;
    let c = load_files(vec![
        InputFile::new("foo.json", FOO),
        InputFile::new("life.json", blob),
    ]);
    let found = codes(&c);
    assert!(found.contains(&(
        "lifecycle.date".into(),
        Some(1),
        "versions[0].phases[0].endDate".into()
    )));
    let missing: Vec<_> = found
        .iter()
        .filter(|f| f.0 == "lifecycle.missing-stream")
        .collect();
    assert_eq!(
        missing.len(),
        1,
        "1.3 written as a number still names 1.3: {found:?}"
    );
}

#[test]
fn malformed_blobs_never_panic() {
    for blob in [
        "schema: io.openshift.operators.lifecycles.v1alpha1\nversions: 3\n",
        "schema: io.openshift.operators.lifecycles.v1alpha1\npackage: [x]\nversions: [1, [2], {name: {a: 1}}]\n",
        "schema: io.openshift.operators.lifecycles.v1alpha1\npackage: foo\nversions:\n- name: \"1.2\"\n  phases: {a: 1}\n  platformCompatibility: 7\n",
        "schema: io.openshift.operators.lifecycles.v1alpha1\npackage: foo\nversions:\n- name: &n \"1.2\"\n  phases:\n  - {name: *n, startDate: 2025-01-01, endDate: [1]}\n",
    ] {
        let c = synthetic(blob);
        let _ = lint_lifecycles(&c);
        let _ = facts(&c, "foo", &as_of("2025-03-01", Some("4.19")));
    }
}

mod planner {
    use super::*;
    use olm_graph_core::plan::{
        plan_route, plan_route_supported, plan_support, PlanOptions, PlanStep, Preference,
        StopSupport, Target,
    };

    fn support_of(c: &Catalog, plan: &olm_graph_core::plan::Plan, at: &AsOf) -> Vec<StopSupport> {
        let pkg = c.package("submariner").unwrap();
        let lc = PackageLifecycle::of(&c.lifecycles, "submariner");
        let version_of =
            |_: Option<&str>, b: &str| olm_graph_core::infer::bundle_version(pkg, b).map(|v| v.0);
        plan_support(plan, &lc, at, &version_of)
    }

    #[test]
    fn each_stop_and_the_target_get_their_phase_and_compatibility() {
        let c = real("v4.17-split");
        let pkg = c.package("submariner").unwrap();
        let target = Target::Bundle("submariner.v0.22.1".into());
        let plan = plan_route(pkg, "submariner.v0.19.0", &target, &PlanOptions::default()).unwrap();
        let at = as_of("2026-11-26", Some("4.18"));
        let facts = support_of(&c, &plan, &at);
        assert_eq!(facts.len(), plan.steps.len());
        let last = facts.last().unwrap();
        assert_eq!(
            (last.role, last.facts.bundle.as_str()),
            ("target", "submariner.v0.22.1")
        );
        assert_eq!(last.facts.phase.as_deref(), Some("Full support"));
        assert_eq!(last.facts.compatible, Some(true));
        assert!(!last.unsupported());
        for stop in &facts[..facts.len() - 1] {
            assert_eq!(stop.role, "stop");
            if stop.facts.stream.as_deref() == Some("0.20") {
                assert!(stop.unsupported(), "0.20 is end of life: {stop:?}");
            }
        }
    }

    #[test]
    fn prefer_supported_takes_the_route_with_fewest_unsupported_stops() {
        let c = real("v4.17-split");
        let pkg = c.package("submariner").unwrap();
        let lc = PackageLifecycle::of(&c.lifecycles, "submariner");
        let at = as_of("2026-11-26", Some("4.18"));
        let target = Target::Bundle("submariner.v0.22.1".into());
        let options = PlanOptions::default();
        let (plan, facts) =
            plan_route_supported(pkg, "submariner.v0.19.0", &target, &options, &lc, &at).unwrap();
        assert!(plan.reachable);
        assert_eq!(facts, support_of(&c, &plan, &at));
        let chosen = facts.iter().filter(|s| s.unsupported()).count();
        for prefer in [
            Preference::FewestSwitches,
            Preference::FewestHops,
            Preference::AvoidDeprecated,
        ] {
            let options = PlanOptions {
                prefer,
                ..PlanOptions::default()
            };
            let other = plan_route(pkg, "submariner.v0.19.0", &target, &options).unwrap();
            let n = support_of(&c, &other, &at)
                .iter()
                .filter(|s| s.unsupported())
                .count();
            assert!(
                chosen <= n,
                "{prefer:?} has {n} unsupported stops, the choice {chosen}"
            );
        }
    }

    #[test]
    fn a_series_step_is_checked_on_its_own_platform_and_the_next_one() {
        let c = real("v4.21-split");
        let pkg = c.package("submariner").unwrap();
        let target = Target::Bundle("submariner.v0.22.1".into());
        let mut plan =
            plan_route(pkg, "submariner.v0.22.0", &target, &PlanOptions::default()).unwrap();
        let step = plan.steps[0].clone();
        plan.steps = vec![
            PlanStep {
                platform: Some("v4.20".into()),
                hops: Vec::new(),
                ..step.clone()
            },
            PlanStep {
                platform: Some("v4.21".into()),
                ..step
            },
        ];
        let at = as_of("2026-11-26", None);
        let facts = support_of(&c, &plan, &at);
        assert_eq!(facts[0].facts.bundle, "submariner.v0.22.0");
        assert_eq!(facts[0].platform.as_deref(), Some("4.20"));
        assert_eq!(facts[0].facts.compatible, Some(true));
        assert_eq!(facts[0].next_platform.as_deref(), Some("4.21"));
        assert_eq!(
            facts[0].compatible_with_next,
            Some(false),
            "0.22 does not list 4.21"
        );
        assert!(facts[0].unsupported());
        assert_eq!(facts[1].facts.compatible, Some(false));
    }
}

mod review {
    use super::*;
    use olm_graph_core::review::{review_catalogs, ReviewOptions};

    const ENDED: &str = r#"schema: io.openshift.operators.lifecycles.v1alpha1
package: foo
versions:
- name: "1.2"
  phases:
  - {name: Full support, startDate: "2025-01-01", endDate: "2025-12-31"}
- name: "1.3"
  phases:
  - {name: Full support, startDate: "2025-01-01", endDate: "2025-12-31"}
- name: "1.4"
  phases:
  - {name: Full support, startDate: "2025-01-01", endDate: "2025-12-31"}
"#;

    fn codes_of(diags: &[olm_graph_core::Diagnostic]) -> Vec<&str> {
        diags.iter().map(|d| d.code.as_ref()).collect()
    }

    #[test]
    fn a_new_stream_without_data_a_broken_blob_and_an_end_of_life_head_are_findings() {
        let old = synthetic(ENDED);
        let five = FOO.lines().nth(4).unwrap().replace("1.4.0+b1", "1.5.0");
        let channel = FOO.lines().nth(1).unwrap().replace(
            "]}",
            r#", {"name": "foo.v1.5.0", "replaces": "foo.v1.4.0+b1"}]}"#,
        );
        let mut lines: Vec<String> = FOO.lines().map(str::to_string).collect();
        lines[1] = channel;
        lines.push(five);
        let broken = ENDED.replace(
            "2025-12-31\"}\n- name: \"1.3\"",
            "2025-02-30\"}\n- name: \"1.3\"",
        );
        let new = load_files(vec![
            InputFile::new("foo.json", lines.join("\n")),
            InputFile::new("lifecycle.yaml", broken),
        ]);
        let options = ReviewOptions {
            as_of: Some(day("2026-06-01")),
            ..ReviewOptions::default()
        };
        let review = review_catalogs(&old, &new, &options).unwrap();
        let foo = review.packages.iter().find(|p| p.package == "foo").unwrap();
        let found = codes_of(&foo.findings.new);
        assert!(found.contains(&"lifecycle.missing-stream"), "{found:?}");
        assert!(found.contains(&"lifecycle.date"), "{found:?}");
        let eol: Vec<_> = foo
            .findings
            .new
            .iter()
            .filter(|d| d.code == "lifecycle.end-of-life-head")
            .collect();
        assert!(
            eol.is_empty(),
            "the head is now 1.5.0, which has no data: {eol:?}"
        );

        let same = review_catalogs(&old, &old, &options).unwrap();
        let foo = same.packages.iter().find(|p| p.package == "foo").unwrap();
        assert_eq!(codes_of(&foo.findings.new), ["lifecycle.end-of-life-head"]);
        assert_eq!(foo.findings.new[0].bundle.as_deref(), Some("foo.v1.4.0+b1"));
        let without_date = review_catalogs(&old, &old, &ReviewOptions::default()).unwrap();
        assert!(without_date.packages.is_empty());
    }
}

#[test]
fn a_platform_is_major_minor_as_a_person_types_it() {
    assert_eq!(parse_platform("4.20").as_deref(), Ok("4.20"));
    assert_eq!(parse_platform(" v4.18 ").as_deref(), Ok("4.18"));
    assert_eq!(parse_platform("10.0").as_deref(), Ok("10.0"));
    for bad in [
        "four", "4", "4.20.1", "v", "04.20", "4.020", "", "V4.20", "4.-1",
    ] {
        let err = parse_platform(bad).unwrap_err();
        assert!(err.contains("is not MAJOR.MINOR"), "{bad:?}: {err}");
    }
}
