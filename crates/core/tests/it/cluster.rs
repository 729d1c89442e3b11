//! Cluster state read and joined to the real catalogs: every verdict of issue #31's list from the
//! fixtures in `tests/fixtures/cluster` (written by `scripts/cluster-fixtures.py` in the shape
//! OLM gives the objects), the four input shapes reading alike, and hostile input refused.

use std::collections::BTreeMap;
use std::path::Path;

use olm_graph_core::cluster::{
    diagnose, is_cluster_state, read_cluster_files, ClusterState, Diagnosis, GivenCatalog,
    OperatorReport,
};
use olm_graph_core::load::{read_paths, Limits};
use olm_graph_core::model::Catalog;

use crate::common::{catalog, fixture, load};

fn read(path: &Path) -> ClusterState {
    let limits = Limits::DEFAULT;
    let files = read_paths(&[path], &limits).expect("readable").files;
    read_cluster_files(&files, &limits)
}

fn catalogs() -> (Catalog, Catalog) {
    (
        load(&catalog("openshift-kube-descheduler-fbc/v4.16")),
        load(&catalog(
            "community-operators-prod/v4.21/patterns-operator.yaml",
        )),
    )
}

fn v0(form: &str) -> Diagnosis {
    v0_of(&fixture(&format!("cluster/v0/{form}")))
}

/// The v0 state at `path` diagnosed over the descheduler and patterns catalogs.
fn v0_of(path: &Path) -> Diagnosis {
    let (d, p) = catalogs();
    let given = [
        GivenCatalog {
            source: None,
            label: "descheduler",
            catalog: &d,
        },
        GivenCatalog {
            source: None,
            label: "patterns",
            catalog: &p,
        },
    ];
    diagnose(&read(path), &given)
}

fn v1() -> Diagnosis {
    let p = load(&catalog(
        "community-operators-prod/v4.21/patterns-operator.yaml",
    ));
    let given = [GivenCatalog {
        source: Some("operatorhubio"),
        label: "patterns",
        catalog: &p,
    }];
    diagnose(&read(&fixture("cluster/v1/stream.yaml")), &given)
}

fn by_namespace(d: &Diagnosis) -> BTreeMap<String, &OperatorReport> {
    d.operators
        .iter()
        .map(|o| (o.namespace.clone(), o))
        .collect()
}

#[test]
fn every_v0_state_comes_from_a_fixture() {
    let d = v0("stream.yaml");
    assert!(d.diagnostics.is_empty(), "{:?}", d.diagnostics);
    let states: BTreeMap<String, &str> = by_namespace(&d)
        .into_iter()
        .map(|(ns, o)| (ns, o.state.as_str()))
        .collect();
    let want = [
        ("descheduler-latest", "at-latest"),
        ("descheduler-behind", "upgrade-available"),
        ("descheduler-manual", "awaiting-approval"),
        ("descheduler-upgrading", "upgrading"),
        ("descheduler-failed", "failed-stuck"),
        ("patterns-failed-ff", "failed-fail-forward"),
        ("patterns-failed-default", "failed-stuck"),
        ("patterns-ip-failed", "failed-stuck"),
        ("descheduler-resolution", "resolution-failed"),
        ("descheduler-dropped", "not-in-catalog"),
        ("descheduler-skipped", "upgrade-available"),
        ("descheduler-unhealthy", "catalog-unhealthy"),
        ("descheduler-new", "not-installed"),
    ];
    for (ns, state) in want {
        assert_eq!(states.get(ns).copied(), Some(state), "{ns}");
    }
    assert_eq!(states.len(), want.len());
    assert_eq!(d.skipped.get("Namespace"), Some(&1));
    assert_eq!(
        d.skipped.get("Subscription"),
        Some(&1),
        "the ACM Subscription is another group's"
    );
}

#[test]
fn every_v1_state_of_the_issue_comes_from_a_fixture() {
    let d = v1();
    let states: Vec<(&str, &str)> = d
        .operators
        .iter()
        .map(|o| (o.name.as_str(), o.state.as_str()))
        .collect();
    assert_eq!(
        states,
        [
            ("patterns-behind", "upgrade-available"),
            ("patterns-gone", "not-in-catalog"),
            ("patterns-latest", "at-latest"),
            ("patterns-retrying", "failed-stuck"),
        ]
    );
    let retry = &d.operators[3];
    let failed = retry.failed.as_ref().expect("failed");
    assert_eq!(failed.reason, "Retrying");
    assert!(failed
        .message
        .starts_with("error for resolved bundle \"patterns-operator.v0.0.80\""));
    assert_eq!(
        d.operators[0].next.as_deref(),
        Some("patterns-operator.v0.0.71")
    );
    // The channels as a list; a drawing shows the first one the package has.
    let p = load(&catalog(
        "community-operators-prod/v4.21/patterns-operator.yaml",
    ));
    let pkg = p.package("patterns-operator").expect("package");
    let behind = &d.operators[0];
    assert_eq!(behind.channels, ["fast"]);
    assert_eq!(behind.drawn_channel(pkg), Some("fast"));
    let mut several = behind.clone();
    several.channels = vec!["gone".into(), "fast".into()];
    assert_eq!(several.drawn_channel(pkg), Some("fast"));
    several.channels = vec!["gone".into()];
    assert_eq!(several.drawn_channel(pkg), None);
    let v0 = v0("stream.yaml");
    let latest = by_namespace(&v0)["descheduler-latest"].clone();
    assert_eq!(
        latest.channels,
        [latest.channel.clone().expect("its channel")]
    );
}

#[test]
fn a_failed_csv_under_default_is_stuck_and_only_manual_recovery_helps() {
    let d = v0("stream.yaml");
    let o = by_namespace(&d)["descheduler-failed"];
    assert_eq!(
        o.installed.as_deref(),
        Some("clusterkubedescheduleroperator.v5.0.3")
    );
    let f = o.failed.as_ref().expect("failed");
    assert_eq!((f.kind, f.reason.as_str()), ("csv", "InstallCheckFailed"));
    assert_eq!(
        f.bundle.as_deref(),
        Some("clusterkubedescheduleroperator.v5.0.4")
    );
    assert_eq!(o.next, None);
    assert!(o.commands[0].starts_with("oc delete clusterserviceversion clusterkubedescheduleroperator.v5.0.4 -n descheduler-failed"));
    assert!(o
        .commands
        .last()
        .unwrap()
        .contains("startingCSV: clusterkubedescheduleroperator.v5.0.3"));
}

#[test]
fn fail_forward_moves_past_a_failed_csv_and_is_offered_where_it_would() {
    let d = v0("stream.yaml");
    let ns = by_namespace(&d);
    let ff = ns["patterns-failed-ff"];
    assert_eq!(ff.strategy.as_deref(), Some("TechPreviewUnsafeFailForward"));
    assert_eq!(
        serde_json::to_value(ff.state).unwrap(),
        "failed-fail-forward"
    );
    assert_eq!(ff.next.as_deref(), Some("patterns-operator.v0.0.79"));
    let stuck = ns["patterns-failed-default"];
    assert_eq!(stuck.next, None);
    assert_eq!(
        stuck.commands,
        ["oc patch operatorgroup og -n patterns-failed-default --type merge -p '{\"spec\":{\"upgradeStrategy\":\"TechPreviewUnsafeFailForward\"}}'"]
    );
    let ip = ns["patterns-ip-failed"];
    assert_eq!(ip.failed.as_ref().map(|f| f.kind), Some("installplan"));
    assert!(ip
        .explanation
        .contains("the catalog still offers patterns-operator.v0.0.80"));
}

#[test]
fn approval_resolution_and_catalog_health_say_what_olm_says() {
    let d = v0("stream.yaml");
    let ns = by_namespace(&d);
    let manual = ns["descheduler-manual"];
    assert_eq!(
        manual.commands,
        ["oc patch installplan install-m4n9z -n descheduler-manual --type merge -p '{\"spec\":{\"approved\":true}}'"]
    );
    let res = ns["descheduler-resolution"]
        .resolution
        .as_ref()
        .expect("resolution");
    assert_eq!(res.reason, "ConstraintsNotSatisfiable");
    assert!(res.message.starts_with(
        "constraints not satisfiable: subscription cluster-kube-descheduler-operator requires"
    ));
    assert_eq!(res.clauses.len(), 4);
    assert_eq!(
        res.clauses[1],
        "subscription cluster-kube-descheduler-operator exists"
    );
    let sick = ns["descheduler-unhealthy"];
    assert!(
        sick.explanation.contains("TRANSIENT_FAILURE"),
        "{}",
        sick.explanation
    );
    let image = ns["descheduler-latest"]
        .findings
        .iter()
        .find(|f| f.code == "cluster.catalog-image")
        .expect("image finding");
    assert!(image.message.contains("resolves to registry.redhat.io/redhat/redhat-operator-index:v4.16 on OpenShift 4.16.21, but it runs registry.redhat.io/redhat/redhat-operator-index:v4.15"));
}

#[test]
fn a_dropped_bundle_is_placed_by_its_version_or_named_not_in_catalog() {
    let d = v0("stream.yaml");
    let ns = by_namespace(&d);
    let dropped = ns["descheduler-dropped"];
    assert_eq!(dropped.commands, ["olm-graph plan descheduler -p cluster-kube-descheduler-operator --from clusterkubedescheduleroperator.4.11.0-202212070335 --to channel:stable"]);
    let skipped = ns["descheduler-skipped"];
    assert_eq!(
        skipped.next.as_deref(),
        Some("clusterkubedescheduleroperator.v5.0.4")
    );
    assert!(skipped.path_args.iter().any(|a| a == "--installed-version"));
}

#[test]
fn the_four_shapes_of_the_same_objects_read_alike() {
    let json = |d: &Diagnosis| {
        let mut v = serde_json::to_value(d).unwrap();
        v.as_object_mut().unwrap().remove("diagnostics");
        v
    };
    let stream = json(&v0("stream.yaml"));
    for form in ["list.yaml", "list.json", "must-gather"] {
        let d = v0(form);
        assert!(d.diagnostics.is_empty(), "{form}: {:?}", d.diagnostics);
        assert_eq!(json(&d), stream, "{form}");
    }
}

#[test]
fn cluster_state_is_told_from_a_catalog() {
    let text = std::fs::read_to_string(fixture("cluster/v0/list.json")).unwrap();
    assert!(is_cluster_state(&text));
    let text = std::fs::read_to_string(fixture("cluster/v1/stream.yaml")).unwrap();
    assert!(is_cluster_state(&text));
    let fbc = std::fs::read_to_string(catalog(
        "community-operators-prod/v4.21/patterns-operator.yaml",
    ))
    .unwrap();
    assert!(!is_cluster_state(&fbc));
    // The same objects as a YAML List, and each form where the fast reader gives up (an
    // anchor), read by granit-parser instead: the same answers.
    let text = std::fs::read_to_string(fixture("cluster/v0/list.yaml")).unwrap();
    assert!(is_cluster_state(&text));
    let sub = "apiVersion: operators.coreos.com/v1alpha1\nkind: Subscription\nmetadata:\n  name: a\n  namespace: ns\nspec:\n  name: &p pkg\n  source: *p\n";
    assert!(is_cluster_state(sub));
    assert!(is_cluster_state(
        &sub.replace("&p ", "").replace("*p", "cs")
    ));
    // A CSV without a status is a bundle's manifest (the catalog loader's), in a List too.
    let csv = "apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: pkg.v1.0.0\nspec: {}\n";
    assert!(!is_cluster_state(csv));
    assert!(is_cluster_state(&format!(
        "{csv}status:\n  phase: Succeeded\n"
    )));
    let list = |item: &str| {
        let item: String = item
            .lines()
            .map(|l| format!("  {l}\n"))
            .collect::<String>()
            .replacen("  ", "- ", 1);
        format!("apiVersion: v1\nkind: List\nitems:\n{item}")
    };
    assert!(!is_cluster_state(&list(csv)));
    assert!(is_cluster_state(&list(&format!(
        "{csv}status:\n  phase: Succeeded\n"
    ))));
    assert!(is_cluster_state(&list(sub)));
    assert!(!is_cluster_state("apiVersion: v1\nkind: List\nitems: []\n"));
    // The kind spelled with escapes, and repeated by an alias, is still read.
    assert!(is_cluster_state(&sub.replace("kind:", "\"k\\x69nd\":")));
    assert!(is_cluster_state(&format!(
        "x: &k kind\n{}",
        sub.replace("kind:", "*k :")
    )));
    assert!(is_cluster_state(
        r#"{"apiVersion": "operators.coreos.com/v1alpha1", "\u006bind": "Subscription", "metadata": {"name": "a", "namespace": "ns"}, "spec": {"name": "p"}}"#
    ));
    // No catalog of the shared set is taken for cluster state.
    for rel in [
        "certified-operators/v4.22/gpu-operator-certified.yaml",
        "certified-operators/v4.22/cloudnative-pg.yaml",
        "community-operators-prod/v4.21/sailoperator.yaml",
    ] {
        let text = std::fs::read_to_string(catalog(rel)).unwrap();
        assert!(!is_cluster_state(&text), "{rel}");
    }
}

#[test]
fn a_malformed_object_names_file_line_and_field_and_the_rest_is_read() {
    let text = "apiVersion: operators.coreos.com/v1alpha1\nkind: Subscription\nmetadata:\n  name: a\n  namespace: ns\nspec:\n  name: pkg\n  channel: [1]\nstatus:\n  installedCSV: pkg.v1.0.0\n---\napiVersion: operators.coreos.com/v1alpha1\nkind: Subscription\nmetadata:\n  name: b\nspec:\n  name: pkg\n---\n{ broken\n---\napiVersion: operators.coreos.com/v1alpha1\nkind: InstallPlan\nmetadata: {name: p, namespace: ns}\nspec: {clusterServiceVersionNames: [pkg.v1.1.0]}\nstatus: {phase: Failed}\n";
    let files = [olm_graph_core::InputFile::new("state.yaml", text)];
    let s = read_cluster_files(&files, &Limits::DEFAULT);
    assert_eq!(s.subscriptions.len(), 1);
    assert_eq!(s.subscriptions[0].channel, "");
    assert_eq!(s.install_plans.len(), 1);
    let msgs: Vec<String> = s.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(msgs.len(), 3, "{msgs:#?}");
    assert!(
        msgs[0].contains("state.yaml:8")
            && msgs[0].contains("spec.channel: expected a string, found array"),
        "{}",
        msgs[0]
    );
    assert!(
        msgs[1].contains("missing metadata.namespace"),
        "{}",
        msgs[1]
    );
    assert!(msgs[2].contains("state.yaml:19"), "{}", msgs[2]);
}

#[test]
fn hostile_state_is_refused_with_a_named_limit() {
    let deep = format!(
        "apiVersion: operators.coreos.com/v1alpha1\nkind: Subscription\nmetadata: {}{}\n",
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let mut bomb =
        String::from("apiVersion: v1\nkind: List\na: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 0..9 {
        let prev = if i == 0 {
            "a".to_string()
        } else {
            format!("b{}", i - 1)
        };
        bomb.push_str(&format!("b{i}: &b{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
    }
    for (name, text) in [("deep.yaml", deep), ("bomb.yaml", bomb)] {
        let files = [olm_graph_core::InputFile::new(name, text)];
        let s = read_cluster_files(&files, &Limits::DEFAULT);
        assert_eq!(s.diagnostics.len(), 1, "{name}: {:?}", s.diagnostics);
        let d = &s.diagnostics[0];
        assert_eq!(d.code, "load.limit", "{name}: {d}");
        assert!(d.to_string().contains(name), "{d}");
    }
}

#[test]
fn ten_thousand_objects_are_all_read() {
    let mut text = String::with_capacity(10_000 * 300);
    for i in 0..10_000 {
        text.push_str(&format!("---\napiVersion: operators.coreos.com/v1alpha1\nkind: Subscription\nmetadata:\n  name: sub-{i}\n  namespace: ns-{i}\nspec:\n  channel: stable\n  name: pkg-{i}\n  source: cat\n  sourceNamespace: openshift-marketplace\nstatus:\n  installedCSV: pkg-{i}.v1.0.0\n  state: AtLatestKnown\n"));
    }
    let files = [olm_graph_core::InputFile::new("many.yaml", text)];
    let s = read_cluster_files(&files, &Limits::DEFAULT);
    assert!(s.diagnostics.is_empty());
    assert_eq!(s.subscriptions.len(), 10_000);
    let d = diagnose(&s, &[]);
    assert_eq!(d.operators.len(), 10_000);
    assert!(d
        .operators
        .iter()
        .all(|o| o.findings.iter().any(|f| f.code == "cluster.no-catalog")));
}

#[test]
fn a_long_json_list_is_read_while_it_is_checked_and_a_broken_one_reads_nothing() {
    // Over a mebibyte: the JSON check runs on a second thread beside the reading.
    let item = |i: usize| {
        format!(
            r#"{{"apiVersion":"operators.coreos.com/v1alpha1","kind":"Subscription","metadata":{{"name":"sub-{i}","namespace":"ns-{i}"}},"spec":{{"channel":"stable","name":"pkg-{i}","source":"cat","sourceNamespace":"openshift-marketplace"}},"status":{{"installedCSV":"pkg-{i}.v1.0.0","state":"AtLatestKnown"}}}}"#
        )
    };
    let items: Vec<String> = (0..6_000).map(item).collect();
    let list = format!(
        "{{\n\"apiVersion\": \"v1\",\n\"items\": [\n{}\n],\n\"kind\": \"List\"\n}}\n",
        items.join(",\n")
    );
    assert!(list.len() > 1 << 20);
    let read = |name: &str, text: &str| {
        read_cluster_files(
            &[olm_graph_core::InputFile::new(name, text.to_string())],
            &Limits::DEFAULT,
        )
    };
    let s = read("list.json", &list);
    assert!(s.diagnostics.is_empty(), "{:?}", s.diagnostics);
    assert_eq!(s.subscriptions.len(), 6_000);
    assert_eq!(s.subscriptions[5_999].meta.name, "sub-5999");
    // A comma too many before the closing bracket: serde_json's message, where it stops, and
    // no object, long or short.
    let broken = list.replacen("\n],", ",\n],", 1);
    let short = format!(
        "{{\n\"apiVersion\": \"v1\",\n\"items\": [\n{},\n],\n\"kind\": \"List\"\n}}\n",
        item(0)
    );
    for (text, line) in [(&broken, 6_004), (&short, 5)] {
        let s = read("broken.json", text);
        assert_eq!(s.object_count(), 0);
        let msgs: Vec<String> = s.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(msgs.len(), 1, "{msgs:?}");
        assert!(
            msgs[0].contains(&format!(
                "broken.json:{line}:1 (document 1): expected value"
            )),
            "{}",
            msgs[0]
        );
    }
}

/// The ClusterExtension status OLM v1 writes in 2026 (`tests/fixtures/cluster/v1/status.yaml`),
/// joined to trusted-profile-analyzer-fbc/v4.18, whose `olm.deprecations` deprecate channel
/// stable-v1.0 and bundles 1.0.0 to 1.0.2.
fn v1_status() -> Diagnosis {
    let c = load(&catalog("trusted-profile-analyzer-fbc/v4.18"));
    let given = [GivenCatalog {
        source: Some("redhat-operators"),
        label: "rhtpa",
        catalog: &c,
    }];
    diagnose(&read(&fixture("cluster/v1/status.yaml")), &given)
}

#[test]
fn each_progressing_reason_of_olm_v1_maps_to_a_verdict() {
    let d = v1_status();
    assert!(d.diagnostics.is_empty(), "{:?}", d.diagnostics);
    let by_name: BTreeMap<&str, &OperatorReport> =
        d.operators.iter().map(|o| (o.name.as_str(), o)).collect();
    let state = |n: &str| by_name[n].state.as_str();
    assert_eq!(state("rhtpa-deprecated"), "upgrade-available");
    assert_eq!(state("rhtpa-rolling-out"), "upgrading");
    assert_eq!(state("rhtpa-deadline"), "failed-stuck");
    assert_eq!(state("rhtpa-invalid-config"), "failed-stuck");
    assert_eq!(state("rhtpa-blocked"), "failed-stuck");
    assert_eq!(state("rhtpa-release"), "at-latest");
    assert_eq!(state("rhtpa-gone-retrying"), "not-in-catalog");
    for (name, reason, words) in [
        (
            "rhtpa-deadline",
            "ProgressDeadlineExceeded",
            "spec.progressDeadlineMinutes",
        ),
        (
            "rhtpa-invalid-config",
            "InvalidConfiguration",
            "spec.config",
        ),
        ("rhtpa-blocked", "Blocked", "terminal error"),
    ] {
        let o = by_name[name];
        assert_eq!(o.failed.as_ref().map(|f| f.reason.as_str()), Some(reason));
        assert!(o.explanation.contains(words), "{name}: {}", o.explanation);
    }
    // Nothing installed, nothing resolved: the bundle is the one OLM v1's error names.
    let invalid = by_name["rhtpa-invalid-config"].failed.as_ref().unwrap();
    assert_eq!(invalid.bundle.as_deref(), Some("rhtpa-operator.v3.1.0"));
    let rolling = by_name["rhtpa-rolling-out"];
    assert_eq!(rolling.next.as_deref(), Some("rhtpa-operator.v1.1.6"));
    assert!(rolling
        .explanation
        .contains("Revision 1.1.6 is rolling out."));
}

#[test]
fn a_bundle_the_catalog_no_longer_has_is_named_before_olm_v1s_retry() {
    let d = v1_status();
    let o = d
        .operators
        .iter()
        .find(|o| o.name == "rhtpa-gone-retrying")
        .unwrap();
    assert_eq!(o.state.as_str(), "not-in-catalog");
    assert_eq!(o.failed, None);
    // OLM v1's own error, as the cluster's Progressing condition carries it, is the one
    // olm-graph resolves in the catalog given.
    let olm = "error upgrading from currently installed version \"3.2.0\": no bundles found for package \"rhtpa-operator\" in channels [stable-v3]";
    assert!(
        o.explanation.contains(&format!("(OLM v1: {olm})")),
        "{}",
        o.explanation
    );
    assert!(o.explanation.contains("fix the catalog first"));
    assert!(
        o.commands[0].starts_with("olm-graph plan rhtpa"),
        "{:?}",
        o.commands
    );
}

#[test]
fn deprecation_conditions_and_the_release_are_read() {
    let d = v1_status();
    let by_name: BTreeMap<&str, &OperatorReport> =
        d.operators.iter().map(|o| (o.name.as_str(), o)).collect();
    let dep = by_name["rhtpa-deprecated"];
    let found: Vec<&str> = dep
        .findings
        .iter()
        .filter(|f| f.code == "cluster.deprecated")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("ChannelDeprecated): stable-v1.0 is no longer supported"));
    assert!(found[1].contains("BundleDeprecated): rhtpa-operator.v1.0.1 is deprecated"));
    assert!(dep.explanation.contains("The catalog deprecates"));
    assert_eq!(dep.next.as_deref(), Some("rhtpa-operator.v1.0.2"));
    for (name, o) in &by_name {
        if *name != "rhtpa-deprecated" {
            assert!(
                o.findings.iter().all(|f| f.code != "cluster.deprecated"),
                "{name}: {:?}",
                o.findings
            );
        }
    }
    let rel = by_name["rhtpa-release"];
    assert_eq!(rel.installed_release.as_deref(), Some("2"));
    let at = rel
        .path_args
        .iter()
        .position(|a| a == "--installed-version");
    assert_eq!(at.map(|i| rel.path_args[i + 1].as_str()), Some("3.1.0+2"));
}

#[test]
fn upgrade_strategy_is_the_string_clusters_hold_and_the_drafts_object_reads_alike() {
    // What a cluster holds: `spec.upgradeStrategy: TechPreviewUnsafeFailForward`.
    let text = std::fs::read_to_string(fixture("cluster/v0/stream.yaml")).unwrap();
    let string = "spec:\n  upgradeStrategy: TechPreviewUnsafeFailForward\n";
    assert!(text.contains(string), "the fixture holds the string");
    // The fail-forward proposal's draft, `{name: …}`, never shipped but read the same.
    let dir = std::env::temp_dir().join(format!("olm-graph-og-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let drafted = dir.join("stream.yaml");
    let object = "spec:\n  upgradeStrategy:\n    name: TechPreviewUnsafeFailForward\n";
    std::fs::write(&drafted, text.replace(string, object)).unwrap();
    let draft = v0_of(&drafted);
    std::fs::remove_dir_all(&dir).unwrap();
    let string = v0("stream.yaml");
    for d in [&string, &draft] {
        let ff = by_namespace(d)["patterns-failed-ff"];
        assert_eq!(ff.strategy.as_deref(), Some("TechPreviewUnsafeFailForward"));
        assert_eq!(
            serde_json::to_value(ff.state).unwrap(),
            "failed-fail-forward"
        );
        assert_eq!(ff.next.as_deref(), Some("patterns-operator.v0.0.79"));
    }
}

/// The `spec` schema of `kind` (fixtures/cluster/schemas/: the facts of OLM's CRDs).
fn spec_schema(kind: &str) -> serde_json::Value {
    let file = fixture(&format!("cluster/schemas/{kind}.json"));
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    doc["spec"].clone()
}

/// Why a merge patch's `value` at `at` is not accepted by `schema` (type, enum, unknown
/// field), as the API server checks a structural schema.
fn schema_errors(value: &serde_json::Value, schema: &serde_json::Value, at: &str) -> Vec<String> {
    use serde_json::Value;
    let ty = schema["type"].as_str().unwrap_or("");
    let fits = match (ty, value) {
        ("object", Value::Object(_))
        | ("array", Value::Array(_))
        | ("string", Value::String(_)) => true,
        ("boolean", Value::Bool(_)) => true,
        ("integer", Value::Number(n)) => n.is_i64() || n.is_u64(),
        _ => false,
    };
    if !fits {
        return vec![format!(
            "{at}: Invalid value: {value}: {at} in body must be of type {ty}"
        )];
    }
    if let Some(allowed) = schema["enum"].as_array() {
        if !allowed.contains(value) {
            return vec![format!("{at}: Unsupported value: {value}")];
        }
    }
    match value {
        Value::Object(fields) => fields
            .iter()
            .flat_map(|(k, v)| match schema["properties"].get(k) {
                Some(s) => schema_errors(v, s, &format!("{at}.{k}")),
                None => vec![format!("{at}.{k}: unknown field")],
            })
            .collect(),
        Value::Array(items) => items
            .iter()
            .flat_map(|v| schema_errors(v, &schema["items"], &format!("{at}[]")))
            .collect(),
        _ => Vec::new(),
    }
}

#[test]
fn every_oc_patch_diagnose_prints_is_accepted_by_olms_schema() {
    let mut seen = BTreeMap::<String, usize>::new();
    let diagnoses = [v0("stream.yaml"), v0("list.json"), v1()];
    for c in diagnoses
        .iter()
        .flat_map(|d| d.operators.iter())
        .flat_map(|o| &o.commands)
    {
        let Some(rest) = c.strip_prefix("oc patch ") else {
            continue;
        };
        let kind = rest.split(' ').next().unwrap().to_string();
        let body = c
            .split(" -p '")
            .nth(1)
            .and_then(|b| b.strip_suffix('\''))
            .expect(c);
        let body: serde_json::Value = serde_json::from_str(body).expect(c);
        let patch = body.as_object().expect(c);
        assert_eq!(patch.keys().collect::<Vec<_>>(), ["spec"], "{c}");
        let errors = schema_errors(&body["spec"], &spec_schema(&kind), "spec");
        assert!(errors.is_empty(), "{c}: {errors:?}");
        *seen.entry(kind).or_default() += 1;
    }
    assert!(
        seen.get("operatorgroup").copied().unwrap_or(0) >= 1,
        "{seen:?}"
    );
    assert!(
        seen.get("installplan").copied().unwrap_or(0) >= 1,
        "{seen:?}"
    );
    // The object shape the command used to print is what the API server rejects.
    let old = serde_json::json!({"upgradeStrategy": {"name": "TechPreviewUnsafeFailForward"}});
    assert_eq!(
        schema_errors(&old, &spec_schema("operatorgroup"), "spec"),
        ["spec.upgradeStrategy: Invalid value: {\"name\":\"TechPreviewUnsafeFailForward\"}: spec.upgradeStrategy in body must be of type string"]
    );
}

/// A series of real descheduler catalogs (one per OpenShift version) stands for the across
/// fixture's ClusterCatalogs by the version their images' tags name (spec/cluster.md §2.4):
/// v4.16 and v4.17 serve them, the other versions serve none; the ClusterExtension then takes
/// the path across them, every hop from redhat-operators-v4-17 (priority 10), and its overlay
/// names that catalog on each hop.
#[test]
fn a_series_serves_the_cluster_catalogs_its_versions_name() {
    let series: Vec<(String, Catalog)> = ["v4.15", "v4.16", "v4.17"]
        .iter()
        .map(|v| {
            let c = load(&catalog(&format!("openshift-kube-descheduler-fbc/{v}")));
            (v.to_string(), c)
        })
        .collect();
    let state = read(&fixture("cluster/v1/across.yaml"));
    let joined = olm_graph_core::cluster::join_series(&state, &series);
    let pairs: Vec<(&str, &str)> = joined
        .iter()
        .map(|g| (g.source.unwrap(), g.label))
        .collect();
    assert_eq!(
        pairs,
        [
            ("redhat-operators-v4-16", "v4.16"),
            ("redhat-operators-v4-17", "v4.17")
        ]
    );
    let d = diagnose(&state, &joined);
    let o = &d.operators[0];
    let path = o.across.as_ref().expect("a path across the catalogs");
    assert_eq!(path.end, "clusterkubedescheduleroperator.v5.1.4");
    let overlay = olm_graph_core::view::PathOverlay::from_catalogs_path(path);
    let hops: Vec<(&str, &str, &str)> = overlay
        .hops
        .iter()
        .map(|h| {
            (
                h.from.as_str(),
                h.to.as_str(),
                h.catalog.as_deref().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        hops,
        [(
            "clusterkubedescheduleroperator.v5.0.2",
            "clusterkubedescheduleroperator.v5.1.4",
            "redhat-operators-v4-17"
        )]
    );
    assert!(
        overlay.hops[0]
            .label()
            .starts_with("from redhat-operators-v4-17 · "),
        "{}",
        overlay.hops[0].label()
    );
    // The JSON report's hops are the same.
    assert_eq!(o.path.len(), 1);
    assert_eq!(o.path[0]["catalog"], "redhat-operators-v4-17");
}
