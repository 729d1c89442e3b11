//! Pre-flight checks (docs/spec/preflight.md): the pipelines' check names, results and exact
//! messages on small catalogs built here, and Konflux's pruning check on a real package of
//! community-operators-prod published for two OpenShift versions.

use olm_graph_core::model::Catalog;
use olm_graph_core::preflight::{self, Check, Outcome, Pipeline};
use olm_graph_core::{load_files, InputFile};
use serde_json::json;

use crate::common::{catalog, load};

/// check_using_fbc's suggestion, word for word (operator-pipelines).
const NON_FBC_SUGGESTION: &str = "[File Based Catalog (FBC)](https://github.com/redhat-openshift-ecosystem/community-operators-prod/discussions/5031#discussion-7097441) is a new way to manage operator metadata. This operator does not use FBC. Consider [migrating](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_onboarding/) for better maintainability.";

/// check_pruned_graph's warning, word for word (operator-pipelines).
const PRUNED_GRAPH_ERROR: &str = "olm.skipRange annotation is set but replaces field is not set in the CSV. The definition may lead to unintentional pruning of the update graph. https://olm.operatorframework.io/docs/concepts/olm-architecture/operator-catalog/creating-an-update-graph/#skiprange. If this is intentional, you can skip the check by adding `/test skip check_pruned_graph` comment to a pull request.";

/// A channel entry: name, replaces, skipRange.
type Entry<'a> = (&'a str, Option<&'a str>, Option<&'a str>);

/// An FBC package as a JSON stream: its channels with their entries, and one bundle per entry
/// named `<pkg>.v<version>`.
fn fbc(pkg: &str, channels: &[(&str, &[Entry])]) -> Catalog {
    let mut docs =
        vec![json!({"schema": "olm.package", "name": pkg, "defaultChannel": channels[0].0})];
    let mut bundles = std::collections::BTreeSet::new();
    for (name, entries) in channels {
        let entries: Vec<_> = entries
            .iter()
            .map(|(n, r, s)| {
                bundles.insert(n.to_string());
                let mut e = json!({"name": n});
                if let Some(r) = r {
                    e["replaces"] = json!(r);
                }
                if let Some(s) = s {
                    e["skipRange"] = json!(s);
                }
                e
            })
            .collect();
        docs.push(
            json!({"schema": "olm.channel", "package": pkg, "name": name, "entries": entries}),
        );
    }
    for b in bundles {
        let version = b.split_once(".v").map(|(_, v)| v).unwrap_or("0.0.0");
        docs.push(json!({"schema": "olm.bundle", "package": pkg, "name": b,
            "image": format!("quay.io/example/{pkg}@sha256:{}", "0".repeat(64)),
            "properties": [{"type": "olm.package", "value": {"packageName": pkg, "version": version}}]}));
    }
    let text: String = docs.iter().map(|d| format!("{d}\n")).collect();
    load_files(vec![InputFile::new(format!("{pkg}/catalog.json"), text)])
}

fn check<'r>(report: &'r preflight::Report, name: &str) -> &'r Check {
    report
        .checks
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no check {name}"))
}

#[test]
fn a_loop_fails_check_upgrade_graph_loop_naming_the_edge_that_closes_it() {
    let cat = fbc(
        "loop-op",
        &[
            (
                "beta",
                &[
                    ("loop-op.v1.0.0", Some("loop-op.v1.2.0"), None),
                    ("loop-op.v1.1.0", Some("loop-op.v1.0.0"), None),
                    ("loop-op.v1.2.0", Some("loop-op.v1.1.0"), None),
                ],
            ),
            (
                "stable",
                &[
                    ("loop-op.v1.0.0", None, None),
                    ("loop-op.v1.1.0", Some("loop-op.v1.0.0"), None),
                ],
            ),
        ],
    );
    let report = preflight::run(Pipeline::Community, &cat, &[]);
    let c = check(&report, "check_upgrade_graph_loop");
    assert_eq!(c.result, Outcome::Fail);
    assert_eq!(
        c.messages,
        ["Upgrade graph loop detected: Bundle(loop-op/1.2.0) -> Bundle(loop-op/1.0.0)"]
    );
    assert!(report.failed());
}

#[test]
fn a_self_replacing_entry_is_a_loop_of_one_edge() {
    let cat = fbc(
        "self-op",
        &[("alpha", &[("self-op.v0.1.0", Some("self-op.v0.1.0"), None)])],
    );
    let report = preflight::run(Pipeline::Community, &cat, &[]);
    let c = check(&report, "check_upgrade_graph_loop");
    assert_eq!(
        c.messages,
        ["Upgrade graph loop detected: Bundle(self-op/0.1.0) -> Bundle(self-op/0.1.0)"]
    );
}

#[test]
fn a_bundle_nothing_upgrades_fails_check_dangling_bundles_and_the_highest_is_the_head() {
    let cat = fbc(
        "dangle-op",
        &[
            (
                "beta",
                &[
                    ("dangle-op.v1.0.0", None, None),
                    ("dangle-op.v1.0.1", Some("dangle-op.v1.0.0"), None),
                    ("dangle-op.v1.1.0", Some("dangle-op.v1.0.0"), None),
                    ("dangle-op.v1.2.0", Some("dangle-op.v1.1.0"), None),
                    ("dangle-op.v0.9.0", None, None),
                ],
            ),
            (
                "stable",
                &[
                    ("dangle-op.v1.0.0", None, None),
                    // A skipRange edge upgrades as a replaces does.
                    ("dangle-op.v1.2.0", None, Some("<1.2.0")),
                ],
            ),
        ],
    );
    let report = preflight::run(Pipeline::Community, &cat, &[]);
    let c = check(&report, "check_dangling_bundles");
    assert_eq!(c.result, Outcome::Fail);
    assert_eq!(
        c.messages,
        ["Channel beta has dangling bundles: {Bundle(dangle-op/0.9.0), Bundle(dangle-op/1.0.1)}"]
    );
    assert_eq!(
        check(&report, "check_upgrade_graph_loop").result,
        Outcome::Pass
    );
}

#[test]
fn every_other_check_of_the_pipeline_is_listed_as_skipped_with_its_reason() {
    let cat = fbc("ok-op", &[("stable", &[("ok-op.v1.0.0", None, None)])]);
    let community = preflight::run(Pipeline::Community, &cat, &[]);
    assert!(!community.failed());
    let names: Vec<&str> = community.checks.iter().map(|c| c.name.as_str()).collect();
    for n in [
        "check_ci_upgrade_graph",
        "check_api_version_constraints",
        "check_replaces_availability",
        "check_olm_bundle_object_in_fbc",
        "check_bundle_images_in_fbc",
    ] {
        assert!(names.contains(&n), "{n} missing from {names:?}");
    }
    let api = check(&community, "check_replaces_availability");
    assert_eq!(api.result, Outcome::Skip);
    assert!(api.messages[0].starts_with("needs the operator's files"));
    assert_eq!(
        check(&community, "check_api_version_constraints").messages,
        ["needs the operator's files (ci.yaml, bundle directories, catalogs/): not given"]
    );
    let ran: Vec<&str> = community
        .checks
        .iter()
        .filter(|c| c.result != Outcome::Skip)
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(ran, ["check_upgrade_graph_loop", "check_dangling_bundles"]);
    // The certified pipeline runs the ISV suite, which has no upgrade-graph loop check.
    let certified = preflight::run(Pipeline::Certified, &cat, &[]);
    assert!(certified.checks.iter().all(|c| c.result == Outcome::Skip));
    assert!(certified
        .checks
        .iter()
        .any(|c| c.name == "check_pruned_graph"));
    assert!(!certified
        .checks
        .iter()
        .any(|c| c.name == "check_upgrade_graph_loop"));
}

fn target() -> Catalog {
    fbc(
        "prune-op",
        &[
            (
                "stable",
                &[
                    ("prune-op.v1.0.0", None, None),
                    ("prune-op.v1.1.0", Some("prune-op.v1.0.0"), None),
                ],
            ),
            ("fast", &[("prune-op.v1.1.0", None, None)]),
            ("candidate-v1", &[("prune-op.v1.1.0", None, None)]),
        ],
    )
}

fn pruning(fragment: &Catalog, target: &Catalog) -> Check {
    let report = preflight::run(Pipeline::Konflux, fragment, std::slice::from_ref(target));
    check(&report, "fbc-target-index-pruning-check").clone()
}

#[test]
fn a_fragment_dropping_an_entry_or_a_channel_fails_the_pruning_check() {
    let fragment = fbc(
        "prune-op",
        &[
            ("stable", &[("prune-op.v1.1.0", None, None)]),
            ("candidate-v1", &[("prune-op.v1.1.0", None, None)]),
        ],
    );
    let c = pruning(&fragment, &target());
    assert_eq!(c.result, Outcome::Fail);
    assert_eq!(
        c.messages,
        [
            "!FAILURE! - FBC fragment prunes entire prune-op.fast channel.",
            "!FAILURE! - FBC fragment prunes prune-op.v1.0.0 from prune-op.stable channel.",
        ]
    );
}

#[test]
fn pruning_a_channel_the_task_exempts_passes_with_its_note() {
    let fragment = fbc(
        "prune-op",
        &[
            (
                "stable",
                &[
                    ("prune-op.v1.0.0", None, None),
                    ("prune-op.v1.1.0", Some("prune-op.v1.0.0"), None),
                ],
            ),
            ("fast", &[("prune-op.v1.1.0", None, None)]),
        ],
    );
    let c = pruning(&fragment, &target());
    assert_eq!(c.result, Outcome::Pass);
    assert_eq!(
        c.messages,
        ["FBC fragment prunes entire prune-op.candidate-v1 channel. Pruning in candidate-v1 channel is allowed."]
    );
}

#[test]
fn the_task_finds_names_as_whole_words_as_its_grep_does() {
    // `grep -Fw` finds "fast" in "fast-v2" and "prune-op.v1.0" in "prune-op.v1.0.1": the task
    // does not see the channel as pruned, nor the entry of `stable`; it then looks for `fast`'s
    // entries in the fragment's channel named exactly `fast`, which has none.
    let target = fbc(
        "prune-op",
        &[
            ("fast", &[("prune-op.v1.0", None, None)]),
            ("stable", &[("prune-op.v1.0", None, None)]),
        ],
    );
    let fragment = fbc(
        "prune-op",
        &[
            ("fast-v2", &[("prune-op.v1.0.1", None, None)]),
            ("stable", &[("prune-op.v1.0.1", None, None)]),
        ],
    );
    let c = pruning(&fragment, &target);
    assert_eq!(
        c.messages,
        ["!FAILURE! - FBC fragment prunes prune-op.v1.0 from prune-op.fast channel."]
    );
    // A name that only begins another one is not a whole word there.
    let fragment = fbc("prune-op", &[("stable", &[("prune-op.v1.0x", None, None)])]);
    let c = pruning(&fragment, &target);
    assert_eq!(
        c.messages,
        [
            "!FAILURE! - FBC fragment prunes entire prune-op.fast channel.",
            "!FAILURE! - FBC fragment prunes prune-op.v1.0 from prune-op.stable channel.",
        ]
    );
}

#[test]
fn a_new_package_or_no_target_index() {
    let fragment = fbc("new-op", &[("stable", &[("new-op.v0.1.0", None, None)])]);
    let c = pruning(&fragment, &target());
    assert_eq!(c.result, Outcome::Pass);
    assert_eq!(
        c.messages,
        ["FBC fragment is not modifying any existing channels in the target index."]
    );
    let report = preflight::run(Pipeline::Konflux, &fragment, &[]);
    let c = check(&report, "fbc-target-index-pruning-check");
    assert_eq!(c.result, Outcome::Skip);
    assert_eq!(
        c.messages,
        ["needs the target index: give it as local FBC (--target-index)"]
    );
    assert_eq!(
        check(&report, "fbc-fips-check-oci-ta").messages,
        ["needs a registry"]
    );
}

#[test]
fn a_real_package_published_for_two_openshift_versions() {
    // multicluster-global-hub-operator: v4.20 publishes release-1.6 and release-1.7, v4.17 also
    // release-1.4 and release-1.5 (the output of the task's own script on these two files).
    let dir = "community-operators-prod";
    let fragment = load(&catalog(&format!(
        "{dir}/v4.20/multicluster-global-hub-operator.yaml"
    )));
    let target = load(&catalog(&format!(
        "{dir}/v4.17/multicluster-global-hub-operator.yaml"
    )));
    let c = pruning(&fragment, &target);
    assert_eq!(c.result, Outcome::Fail);
    assert_eq!(
        c.messages,
        [
            "!FAILURE! - FBC fragment prunes entire multicluster-global-hub-operator.release-1.4 channel.",
            "!FAILURE! - FBC fragment prunes entire multicluster-global-hub-operator.release-1.5 channel.",
        ]
    );
    assert_eq!(pruning(&target, &fragment).result, Outcome::Pass);
    let own = preflight::run(Pipeline::Community, &fragment, &[]);
    assert!(!own.failed(), "{own:?}");
}

/// One bundle directory of operator `op` in the bundle layout, in channel `beta`.
fn layout_bundle(op: &str, v: &str, replaces: Option<&str>) -> [InputFile; 2] {
    let spec = replaces
        .map(|r| format!("  replaces: {r}\n"))
        .unwrap_or_default();
    let csv = format!(
        "apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: {op}.v{v}\nspec:\n  version: {v}\n{spec}"
    );
    let ann = format!(
        "annotations:\n  operators.operatorframework.io.bundle.package.v1: {op}\n  operators.operatorframework.io.bundle.channels.v1: beta\n"
    );
    [
        InputFile::new(
            format!("{op}/{v}/manifests/{op}.clusterserviceversion.yaml"),
            csv,
        ),
        InputFile::new(format!("{op}/{v}/metadata/annotations.yaml"), ann),
    ]
}

#[test]
fn in_the_bundle_layout_a_bundle_off_the_replaces_chain_is_dangling() {
    // replaces-mode: the index build walks 1.1.0 → 1.0.0, so 1.0.1 is no entry of `beta`; the
    // pipeline still counts it among the bundles that name `beta`.
    let mut files = Vec::new();
    files.extend(layout_bundle("repo-op", "1.0.0", None));
    files.extend(layout_bundle("repo-op", "1.0.1", Some("repo-op.v1.0.0")));
    files.extend(layout_bundle("repo-op", "1.1.0", Some("repo-op.v1.0.0")));
    let cat = load_files(files);
    let beta = &cat.packages[0].channels[0];
    assert_eq!(beta.entries.len(), 2, "{beta:?}");
    let report = preflight::run(Pipeline::Community, &cat, &[]);
    let c = check(&report, "check_dangling_bundles");
    assert_eq!(
        c.messages,
        ["Channel beta has dangling bundles: {Bundle(repo-op/1.0.1)}"]
    );
    assert_eq!(
        check(&report, "check_upgrade_graph_loop").result,
        Outcome::Pass
    );
}

#[test]
fn published_operators_in_the_bundle_layout_pass_the_upgrade_graph_checks() {
    // Both are published from community-operators-prod (the fixtures hold a subset of their
    // versions, see their SOURCE.md) and have no loop and no dangling bundle.
    for op in ["koku-metrics-operator", "trident-operator"] {
        let cat = load(&crate::common::fixture(&format!("operator-repo/{op}")));
        assert!(!cat.packages[0].channels.is_empty());
        let report = preflight::run(Pipeline::Community, &cat, &[]);
        for name in ["check_upgrade_graph_loop", "check_dangling_bundles"] {
            let c = check(&report, name);
            assert_eq!(
                (c.result, c.messages.len()),
                (Outcome::Pass, 0),
                "{op} {name}"
            );
        }
    }
}

// The pipeline's own test cases (operator-pipelines `tests/static_tests/`), each written as a
// repository root under `tests/fixtures/preflight/<check>/<case>/` (see its SOURCE.md).

/// Runs `pipeline` on the files of a ported case and returns the check of that name.
fn ported(pipeline: Pipeline, name: &str, case: &str) -> Check {
    ported_with(pipeline, name, case, &preflight::Options::default())
}

/// [`ported`] with the command line's options.
fn ported_with(pipeline: Pipeline, name: &str, case: &str, options: &preflight::Options) -> Check {
    let dir = crate::common::fixture(&format!("preflight/{name}/{case}"));
    let limits = olm_graph_core::LoadOptions::default().limits;
    let files = olm_graph_core::load::read_paths(&[&dir], &limits)
        .unwrap_or_else(|e| panic!("{e}"))
        .files;
    let catalog = load_files(files.clone());
    let report = preflight::run_with_options(pipeline, &catalog, &files, &[], options);
    check(&report, name).clone()
}

/// A ported case: its directory, the result and the messages olm-graph gives (the pipeline's
/// set of messages, in olm-graph's order).
type Case<'a> = (&'a str, Outcome, &'a [&'a str]);

fn assert_cases(pipeline: Pipeline, name: &str, cases: &[Case]) {
    for (case, result, messages) in cases {
        let c = ported(pipeline, name, case);
        let got: Vec<&str> = c.messages.iter().map(String::as_str).collect();
        assert_eq!(
            (c.result, got.as_slice()),
            (*result, *messages),
            "{name}/{case}"
        );
    }
}

const CI_INVALID: &str =
    "Operator's 'ci.yaml' contains invalid data which does not comply with the schema: ";

#[test]
fn ported_check_schema_operator_ci_config() {
    let m = |s: &str| format!("{CI_INVALID}{s}");
    let not_object = m("'hello' is not of type 'object'");
    let not_array = m("'hello' is not of type 'array'");
    let (t, ty, c) = (
        m("'template_name' is a required property"),
        m("'type' is a required property"),
        m("'catalog_names' is a required property"),
    );
    let bad_type = m("'demo.type' is not one of ['olm.template.basic', 'olm.semver']");
    let dup = m("['1.0', '1.0'] has non-unique elements");
    let name = "check_schema_operator_ci_config";
    assert_cases(
        Pipeline::Certified,
        name,
        &[
            ("fbc-not-a-mapping", Outcome::Fail, &[&not_object]),
            ("catalog-mapping-not-a-list", Outcome::Fail, &[&not_array]),
            (
                "mapping-missing-every-required-field",
                Outcome::Fail,
                &[&c, &t, &ty],
            ),
            (
                "mapping-missing-fields-and-unknown-type",
                Outcome::Fail,
                &[&c, &bad_type, &t],
            ),
            ("duplicate-catalog-names", Outcome::Fail, &[&dup]),
            ("valid", Outcome::Pass, &[]),
        ],
    );
}

#[test]
fn ported_check_catalog_usage_ci_config() {
    let two = |c: &str| {
        format!("Operator's 'ci.yaml' contains multiple templates '['foo', 'bar']' for the same catalog '{c}'.")
    };
    let (two_0, two_1) = (two("2.0"), two("3.0"));
    assert_cases(
        Pipeline::Community,
        "check_catalog_usage_ci_config",
        &[
            ("no-catalog-mapping", Outcome::Pass, &[]),
            (
                "two-templates-for-one-catalog",
                Outcome::Fail,
                &[&two_0, &two_1],
            ),
            ("disjoint-catalogs", Outcome::Pass, &[]),
        ],
    );
}

#[test]
fn ported_check_ci_upgrade_graph() {
    assert_cases(Pipeline::Community, "check_ci_upgrade_graph", &[
        ("empty", Outcome::Warn, &["The 'updateGraph' option is missing in ci.yaml. The default upgrade graph 'replaces-mode' will be used."]),
        ("replaces", Outcome::Pass, &[]),
        ("semver", Outcome::Pass, &[]),
        ("unknown", Outcome::Fail, &["The 'updateGraph' option in ci.yaml must be one of ['replaces-mode', 'semver-mode']"]),
    ]);
    // The pipeline does not run it for an FBC operator.
    let c = ported(
        Pipeline::Community,
        "check_schema_operator_ci_config",
        "valid",
    );
    assert_eq!(c.result, Outcome::Pass);
    let dir = crate::common::fixture("preflight/check_schema_operator_ci_config/valid");
    let files =
        olm_graph_core::load::read_paths(&[&dir], &olm_graph_core::LoadOptions::default().limits)
            .unwrap()
            .files;
    let report =
        preflight::run_with_files(Pipeline::Community, &load_files(files.clone()), &files, &[]);
    let graph = check(&report, "check_ci_upgrade_graph");
    assert_eq!(graph.result, Outcome::Skip);
    assert_eq!(
        graph.messages,
        ["not run by the pipeline for an FBC-enabled operator (ci.yaml fbc.enabled: true)"]
    );
}

const RC_INVALID: &str =
    "Bundle's 'release-config.yaml' contains invalid data which does not comply with the schema: ";

#[test]
fn ported_check_bundle_release_config() {
    let missing = |t: &str| {
        format!("Bundle's 'release-config.yaml' contains a catalog template '{t}' that is not defined in the ci.yaml file under 'catalog_mapping'. Add the template to the 'catalog_mapping.")
    };
    let (m2, m3) = (missing("template2.yaml"), missing("template3.yaml"));
    assert_cases(Pipeline::Certified, "check_bundle_release_config", &[
        ("no-release-config", Outcome::Pass, &[]),
        ("release-config-without-fbc", Outcome::Fail, &["Bundle's 'release-config.yaml' is used but FBC is not enabled for the operator. Update the 'fbc.enabled' field in the ci.yaml file."]),
        ("template-missing-from-mapping", Outcome::Fail, &[&m2, &m3]),
        ("invalid-semver-channels", Outcome::Fail, &["Bundle's 'release-config.yaml' contains a semver catalog template 'template3.yaml' with invalid channels: ['Fast', 'Custom']. Allowed channels are: ['Fast', 'Candidate', 'Stable']. Follow olm [documentation](https://olm.operatorframework.io/docs/reference/catalog-templates/#specification) to see more details about semver template."]),
    ]);
}

#[test]
fn ported_check_validate_schema_bundle_release_config() {
    let m = |s: &str| format!("{RC_INVALID}{s}");
    let (templates, extra) = (
        m("'catalog_templates' is a required property"),
        m("Additional properties are not allowed ('key' was unexpected)"),
    );
    let not_array = m("'hello' is not of type 'array'");
    let (channels, name) = (
        m("'channels' is a required property"),
        m("'template_name' is a required property"),
    );
    assert_cases(
        Pipeline::Community,
        "check_validate_schema_bundle_release_config",
        &[
            ("no-release-config", Outcome::Pass, &[]),
            (
                "without-catalog-templates",
                Outcome::Fail,
                &[&templates, &extra],
            ),
            ("catalog-templates-not-a-list", Outcome::Fail, &[&not_array]),
            (
                "template-missing-every-required-field",
                Outcome::Fail,
                &[&channels, &name],
            ),
            ("template-missing-template-name", Outcome::Fail, &[&name]),
            ("template-missing-channels", Outcome::Fail, &[&channels]),
            ("valid", Outcome::Pass, &[]),
        ],
    );
}

#[test]
fn ported_check_operator_name_on_the_bundle_of_highest_version() {
    let dir = "Operator name from annotations.yaml (foo) does not match the operator's directory name (hello)";
    let csv = "Operator name from annotations.yaml (foo) does not match the name defined in the CSV (hello)";
    let csv_foo = "Operator name from annotations.yaml (hello) does not match the name defined in the CSV (foo)";
    assert_cases(Pipeline::Certified, "check_operator_name", &[
        ("names-ok", Outcome::Pass, &[]),
        ("wrong-annotations-name", Outcome::Fail, &[csv, dir]),
        ("empty-annotations", Outcome::Fail, &["Bundle does not define the operator name in annotations.yaml"]),
        ("wrong-annotations-name-inconsistent-bundles", Outcome::Warn, &[
            "Operator name from annotations.yaml is not consistent across bundles: ['foo', 'hello']", csv, dir]),
        ("wrong-csv-name-inconsistent-bundles", Outcome::Warn, &[
            "Operator name from the CSV is not consistent across bundles: ['foo', 'hello']", csv_foo]),
        ("wrong-annotations-name-consistent-bundles", Outcome::Fail, &[
            "Operator name from annotations.yaml (foo) does not match the name defined in other bundles (hello)", csv, dir]),
        ("wrong-csv-name-consistent-bundles", Outcome::Fail, &[
            "Operator name from the CSV (foo) does not match the name defined in other bundles (hello)", csv_foo]),
        ("wrong-csv-name-in-all-bundles", Outcome::Warn, &[csv_foo]),
        ("invalid-csv-name-in-old-bundle", Outcome::Pass, &[]),
        ("invalid-csv-name-in-new-bundle", Outcome::Fail, &["Invalid operator name in CSV for Bundle(hello/0.0.3)"]),
        ("invalid-annotations-in-old-bundle", Outcome::Pass, &[]),
        ("invalid-annotations-in-new-bundle", Outcome::Fail, &["Invalid operator name in annotations.yaml for Bundle(hello/0.0.3)"]),
    ]);
}

#[test]
fn ported_check_operator_version_directory_name() {
    assert_cases(Pipeline::Community, "check_operator_version_directory_name", &[
        ("version-matches-directory", Outcome::Pass, &[]),
        ("version-differs-from-directory", Outcome::Fail, &["Bundle directory name 'hello/0.0.1' does not match the expected operator CSV version '0.0.2' from ./operators/hello/0.0.1/manifests/hello.clusterserviceversion.yaml."]),
    ]);
}

#[test]
fn ported_check_bundle_images_in_fbc() {
    assert_cases(Pipeline::Certified, "check_bundle_images_in_fbc", &[
        ("config-not-set", Outcome::Pass, &[]),
        ("all-registries-allowed", Outcome::Pass, &[]),
        ("registry-not-allowed", Outcome::Fail, &["Invalid bundle image(s) found in OperatorCatalog(v4.14/fake-operator): quay.io/org-bar/registry/bundle@sha256:123. Only these registries are allowed for bundle images: quay.io/org-foo/."]),
    ]);
}

#[test]
fn ported_check_olm_bundle_object_in_fbc() {
    assert_cases(Pipeline::Community, "check_olm_bundle_object_in_fbc", &[
        ("unknown-catalog-name", Outcome::Pass, &[]),
        ("v4.16-bundle-object", Outcome::Pass, &[]),
        ("v4.17-bundle-object", Outcome::Fail, &["Bundle object found in OperatorCatalog(v4.17/fake-operator) catalog uses 'olm.bundle.object'. This is not allowed for catalogs with version `>= 4.17`. Render catalog again with latest [Makefile](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/#generate-catalogs-using-templates) using `make catalogs`. Bundle object is not supported in FBC."]),
        ("v4.17-csv-metadata", Outcome::Pass, &[]),
    ]);
}

#[test]
fn a_real_package_rendered_with_olm_bundle_object_fails_from_openshift_4_17_on() {
    // multicluster-global-hub-operator as community-operators-prod publishes it: for v4.16 its
    // bundles carry olm.bundle.object, for v4.17 olm.csv.metadata.
    let read = |v: &str| {
        let path = catalog(&format!(
            "community-operators-prod/{v}/multicluster-global-hub-operator.yaml"
        ));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let as_catalog = |dir: &str, text: String| {
        let file = InputFile::new(
            format!("repo/catalogs/{dir}/multicluster-global-hub-operator/catalog.yaml"),
            text,
        );
        let files = vec![file];
        let report =
            preflight::run_with_files(Pipeline::Community, &load_files(files.clone()), &files, &[]);
        check(&report, "check_olm_bundle_object_in_fbc").clone()
    };
    assert_eq!(as_catalog("v4.16", read("v4.16")).result, Outcome::Pass);
    assert_eq!(as_catalog("v4.17", read("v4.17")).result, Outcome::Pass);
    let moved = as_catalog("v4.17", read("v4.16"));
    assert_eq!(moved.result, Outcome::Fail);
    assert_eq!(
        moved.messages,
        ["Bundle object found in OperatorCatalog(v4.17/multicluster-global-hub-operator) catalog uses 'olm.bundle.object'. This is not allowed for catalogs with version `>= 4.17`. Render catalog again with latest [Makefile](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/#generate-catalogs-using-templates) using `make catalogs`. Bundle object is not supported in FBC."]
    );
}

#[test]
fn ported_check_replaces_availability_against_the_table_up_to_4_16() {
    // The pipeline's test answers for a service that knows 4.15 and 4.16; `--ocp 4.16` cuts
    // olm-graph's table there.
    let options = preflight::Options {
        ocp: Some(olm_graph_core::openshift::OpenShiftVersion::new(4, 16)),
    };
    let name = "check_replaces_availability";
    let cases: &[Case] = &[
        ("no-replaces", Outcome::Pass, &[]),
        ("no-annotations", Outcome::Pass, &[]),
        ("same-annotations", Outcome::Pass, &[]),
        ("different-annotation-versions-match", Outcome::Pass, &[]),
        ("different-annotation-different-version", Outcome::Fail, &["Replaces bundle Bundle(hello/0.0.1) ['v4.16'] does not support the same OCP versions as bundle Bundle(hello/0.0.2) ['v4.15', 'v4.16']. In order to fix this issue, align the OCP version range to match the range of the replaced bundle. This can be done by setting the `com.redhat.openshift.versions` annotation in the `metadata/annotations.yaml` file.\n`Bundle(hello/0.0.2)` - `v4.15`\n`Bundle(hello/0.0.1)` - `v4.16`"]),
        ("nonexistent-replaces-version", Outcome::Fail, &["Bundle(hello/0.0.2) attempts to replace version '0.0.5' which does not exist in the submitted PR branch. Available versions: ['0.0.1', '0.0.2']. If you are submitting multiple versions in sequence, make sure your fork is up to date with origin (rebased) before each submission to include all previously merged versions."]),
        ("replaces-itself", Outcome::Fail, &["Bundle(hello/0.0.2) attempts to replace itself. Please set 'spec.replaces' field to a different version in the CSV."]),
    ];
    for (case, result, messages) in cases {
        let c = ported_with(Pipeline::Community, name, case, &options);
        let got: Vec<&str> = c.messages.iter().map(String::as_str).collect();
        assert_eq!((c.result, got.as_slice()), (*result, *messages), "{case}");
    }
    // Without --ocp the table runs to 4.21: the same case names every version from 4.15.
    let c = ported(
        Pipeline::Community,
        name,
        "different-annotation-different-version",
    );
    assert!(c.messages[0].starts_with("Replaces bundle Bundle(hello/0.0.1) ['v4.16', 'v4.17', 'v4.18', 'v4.19', 'v4.20', 'v4.21'] does not support the same OCP versions as bundle Bundle(hello/0.0.2) ['v4.15', 'v4.16', "), "{c:?}");
}

#[test]
fn the_openshift_versions_annotation_is_read_as_the_pipeline_reads_it() {
    use olm_graph_core::openshift::OpenShiftVersion;
    use preflight::openshift::{selected, table};
    let t = table(None);
    let names = |a: Option<&str>| -> Vec<String> {
        selected(a, &t)
            .into_iter()
            .map(preflight::openshift::label)
            .collect()
    };
    assert_eq!(
        names(Some("v4.12-v4.15")),
        ["v4.12", "v4.13", "v4.14", "v4.15"]
    );
    assert_eq!(names(Some("=v4.14")), ["v4.14"]);
    assert_eq!(names(Some("v4.19")), ["v4.19", "v4.20", "v4.21"]);
    // The two historical comma values mean their lower version and later.
    assert_eq!(names(Some("v4.20,v4.19")), ["v4.19", "v4.20", "v4.21"]);
    assert_eq!(names(None).len(), 10);
    assert!(names(Some("4.x")).is_empty());
    assert!(names(Some("=v4.9")).is_empty());
    // --ocp cuts the table, or extends it by the minor versions up to it.
    let v = OpenShiftVersion::new;
    assert_eq!(table(Some(v(4, 13))), [v(4, 12), v(4, 13)]);
    assert_eq!(table(Some(v(4, 23))).last(), Some(&v(4, 23)));
    assert_eq!(table(Some(v(4, 23))).len(), 12);
}

#[test]
fn files_of_the_wrong_shape_are_reported_or_skipped_never_a_panic() {
    // Where the pipeline would stop on a Python error, olm-graph reads what it can
    // (spec/preflight.md §5.1): a ci.yaml that is a list, a release config that is a string,
    // a CSV name that is a number, an annotation that is a list, a replaces without a dot.
    let b = "repo/operators/odd/1.0.0";
    let files = vec![
        InputFile::new("repo/operators/odd/ci.yaml", "- fbc\n- 7\n"),
        InputFile::new(format!("{b}/metadata/annotations.yaml"),
            "annotations:\n  operators.operatorframework.io.bundle.package.v1: [odd]\n  com.redhat.openshift.versions: 4\n"),
        InputFile::new(format!("{b}/manifests/odd.clusterserviceversion.yaml"),
            "kind: ClusterServiceVersion\nmetadata:\n  name: 12\nspec:\n  version: 1.0.0\n  replaces: nodot\n"),
        InputFile::new(format!("{b}/release-config.yaml"), "just text\n"),
        InputFile::new("repo/catalogs/v4.18/odd/catalog.yaml", "- not\n- a mapping\n---\nschema: olm.bundle\nimage: 5\nproperties: 9\n"),
        InputFile::new("repo/config.yaml", "allowed_bundle_registries: quay.io/\n"),
    ];
    let report =
        preflight::run_with_files(Pipeline::Certified, &load_files(files.clone()), &files, &[]);
    let c = check(&report, "check_schema_operator_ci_config");
    assert_eq!(c.messages, ["Operator's 'ci.yaml' contains invalid data which does not comply with the schema: ['fbc', 7] is not of type 'object'"]);
    let c = check(&report, "check_validate_schema_bundle_release_config");
    assert_eq!(c.messages, ["Bundle's 'release-config.yaml' contains invalid data which does not comply with the schema: 'just text' is not of type 'object'"]);
    // str() of the list, as Python's f-string prints it.
    let c = check(&report, "check_operator_name");
    assert_eq!(
        c.messages,
        ["Invalid operator name in CSV for Bundle(odd/1.0.0)"]
    );
    for name in [
        "check_replaces_availability",
        "check_bundle_images_in_fbc",
        "check_olm_bundle_object_in_fbc",
    ] {
        assert_eq!(check(&report, name).result, Outcome::Pass, "{name}");
    }
}

/// The CSV fields of `check_required_fields`, in the pipeline's order, and whether a problem
/// with each is a failure.
const REQUIRED: &[(&str, bool)] = &[
    ("metadata.annotations.capabilities", false),
    ("metadata.annotations.categories", false),
    ("metadata.annotations.containerImage", false),
    ("metadata.annotations.createdAt", false),
    ("metadata.annotations.repository", false),
    ("metadata.annotations.support", false),
    ("metadata.annotations.description", false),
    ("spec.displayName", true),
    ("spec.description", true),
    ("spec.icon", true),
    ("spec.version", true),
    ("spec.maintainers", true),
    ("spec.provider.name", true),
    ("spec.links", true),
    ("spec.keywords", false),
];

#[test]
fn ported_check_required_fields() {
    let name = "check_required_fields";
    // All missing: the bundle of `bundle_files` defines only spec.version.
    let c = ported(Pipeline::Community, name, "all-missing");
    let missing: Vec<String> = REQUIRED
        .iter()
        .filter(|(f, _)| *f != "spec.version")
        .map(|(f, _)| format!("CSV does not define {f}"))
        .collect();
    assert_eq!((c.result, &c.messages), (Outcome::Fail, &missing));
    // All invalid: every field an empty string.
    let c = ported(Pipeline::Community, name, "all-invalid");
    let invalid: Vec<String> = REQUIRED
        .iter()
        .map(|(f, _)| format!("CSV contains an invalid value for {f}"))
        .collect();
    assert_eq!((c.result, &c.messages), (Outcome::Fail, &invalid));
    assert_eq!(
        ported(Pipeline::Community, name, "all-valid").result,
        Outcome::Pass
    );
    // The container image: the fields left out are missing, the image valid or not.
    let image = "CSV contains an invalid value for metadata.annotations.containerImage";
    for (case, ok) in [
        ("image-one-namespace", true),
        ("image-nested-namespaces", true),
        ("image-nested-reference", true),
        ("image-special-characters", true),
        ("image-invalid-namespace", false),
    ] {
        let c = ported(Pipeline::Community, name, case);
        assert_eq!(!c.messages.iter().any(|m| m == image), ok, "{case}: {c:?}");
        assert!(
            c.messages
                .iter()
                .all(|m| m == image || m.starts_with("CSV does not define")),
            "{case}"
        );
    }
    // Only a fatal field's problem fails the check.
    assert!(REQUIRED.iter().filter(|(_, fatal)| *fatal).count() == 7);
}

#[test]
fn published_operators_in_the_bundle_layout_pass_every_file_check() {
    // Bundles the pipeline merged into community-operators-prod (fixtures/operator-repo, see
    // its SOURCE.md): every check olm-graph computes on their files passes.
    for op in ["koku-metrics-operator", "trident-operator"] {
        let dir = crate::common::fixture(&format!("operator-repo/{op}"));
        let limits = olm_graph_core::LoadOptions::default().limits;
        let files = olm_graph_core::load::read_paths(&[&dir], &limits)
            .unwrap_or_else(|e| panic!("{e}"))
            .files;
        let report =
            preflight::run_with_files(Pipeline::Community, &load_files(files.clone()), &files, &[]);
        let ran: Vec<(&str, Outcome)> = report
            .checks
            .iter()
            .filter(|c| c.result != Outcome::Skip)
            .map(|c| (c.name.as_str(), c.result))
            .collect();
        assert_eq!(ran.len(), 17, "{op}: {ran:?}");
        // Nothing fails but operator-sdk's bundle validator, on the one thing the fixture
        // leaves out: its CRDs (SOURCE.md), which the CSV owns. Warned: every operator still in
        // the bundle layout (the pipeline's FBC suggestion), operator-sdk's `operatorhub`
        // validator (always deprecated), and the operator-sdk checks (a CSV without
        // minKubeVersion, channel names).
        let osdk = [
            "check_osdk_bundle_validate_operatorhub",
            "check_osdk_bundle_validate_operator_framework",
        ];
        assert!(
            ran.iter().all(|(n, r)| *r == Outcome::Pass
                || (osdk.contains(n) || *n == "check_using_fbc") && *r == Outcome::Warn
                || osdk.contains(n)),
            "{op}: {report:?}"
        );
        for name in osdk {
            let errors: Vec<&String> = check(&report, name)
                .messages
                .iter()
                .filter(|m| m.starts_with("Error: "))
                .collect();
            assert!(!errors.is_empty(), "{op} {name}");
            assert!(
                errors.iter().all(|m| m.contains("not found in bundle")),
                "{op} {name}: {errors:?}"
            );
        }
        assert_eq!(
            check(&report, "check_using_fbc").messages,
            [NON_FBC_SUGGESTION]
        );
    }
}

/// An operator directory of the bundle layout: `ci.yaml` and, per bundle, its version, the
/// CSV's `spec` and `metadata.annotations` as YAML lines, and its channels.
fn repo_operator(
    op: &str,
    ci: &str,
    bundles: &[(&str, &str, &str, &str)],
) -> (Catalog, Vec<InputFile>) {
    let mut files = vec![InputFile::new(
        format!("operators/{op}/ci.yaml"),
        ci.to_string(),
    )];
    for (v, spec, annotations, channels) in bundles {
        let csv = format!(
            "apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: {op}.v{v}\n  annotations: {{{annotations}}}\nspec: {{version: {v}{spec}}}\n"
        );
        let ann = format!(
            "annotations:\n  operators.operatorframework.io.bundle.package.v1: {op}\n  operators.operatorframework.io.bundle.channels.v1: {channels}\n"
        );
        files.push(InputFile::new(
            format!("operators/{op}/{v}/manifests/{op}.clusterserviceversion.yaml"),
            csv,
        ));
        files.push(InputFile::new(
            format!("operators/{op}/{v}/metadata/annotations.yaml"),
            ann,
        ));
    }
    (load_files(files.clone()), files)
}

/// operator-pipelines' `test_check_pruned_graph` (tests/static_tests/isv/test_bundle.py), row
/// by row: bundle 0.0.1 in alpha and beta, the bundle under test 0.0.2 with the row's
/// skipRange, replaces and channels.
#[test]
fn ported_check_pruned_graph() {
    let rows: [(Option<&str>, Option<&str>, &str, bool); 6] = [
        (None, None, "alpha", false),
        (None, Some("1.1"), "alpha", false),
        (Some(">=1.0.2 <6.5.7"), None, "alpha", true),
        (Some(">=1.0.2 <6.5.7"), None, "xyz", false),
        (Some(">=1.0.2 <6.5.7"), None, "xyz,alpha", true),
        (Some(">=1.0.2 <6.5.7"), Some("1.1"), "alpha", false),
    ];
    for (range, replaces, channels, warns) in rows {
        let ann = range.map_or(String::new(), |r| format!("olm.skipRange: '{r}'"));
        let spec = replaces.map_or(String::new(), |r| format!(", replaces: '{r}'"));
        let (cat, files) = repo_operator(
            "test-operator",
            "updateGraph: replaces-mode",
            &[
                ("0.0.1", "", "", "alpha,beta"),
                ("0.0.2", &spec, &ann, channels),
            ],
        );
        let report = preflight::run_with_files(Pipeline::Certified, &cat, &files, &[]);
        let c = check(&report, "check_pruned_graph");
        let want: &[&str] = if warns { &[PRUNED_GRAPH_ERROR] } else { &[] };
        let outcome = if warns { Outcome::Warn } else { Outcome::Pass };
        assert_eq!(
            (
                c.result,
                c.messages.iter().map(String::as_str).collect::<Vec<_>>()
            ),
            (outcome, want.to_vec()),
            "{range:?} {replaces:?} {channels}"
        );
    }
    assert!(PRUNED_GRAPH_ERROR.starts_with("olm.skipRange annotation is set but replaces field is not set in the CSV. The definition may lead to unintentional pruning of the update graph. "));
}

/// operator-pipelines' `test_check_upgrade_graph_loop` and `test_check_dangling_bundles`: an
/// `updateGraph` that is neither mode, and a malformed `replaces`, fail both graph checks with
/// the pipeline's messages.
#[test]
fn an_unsupported_update_graph_or_a_malformed_replaces_fails_both_graph_checks() {
    let (cat, files) = repo_operator(
        "hello",
        "updateGraph: unknown-mode",
        &[
            ("0.0.1", "", "", "beta"),
            ("0.0.2", ", replaces: hello.v0.0.1", "", "beta"),
        ],
    );
    let report = preflight::run_with_files(Pipeline::Community, &cat, &files, &[]);
    for name in ["check_upgrade_graph_loop", "check_dangling_bundles"] {
        let c = check(&report, name);
        assert_eq!(
            (c.result, c.messages.clone()),
            (
                Outcome::Fail,
                vec!["Operator(hello): unsupported updateGraph value: unknown-mode".to_string()]
            ),
            "{name}"
        );
    }
    let (cat, files) = repo_operator(
        "malformed",
        "updateGraph: replaces-mode",
        &[("0.0.1", ", replaces: ''", "", "beta")],
    );
    let report = preflight::run_with_files(Pipeline::Community, &cat, &files, &[]);
    for name in ["check_upgrade_graph_loop", "check_dangling_bundles"] {
        let c = check(&report, name);
        assert_eq!(c.result, Outcome::Fail, "{name}");
        assert_eq!(
            c.messages,
            ["Bundle(malformed/0.0.1) has invalid 'replaces' field: ''"],
            "{name}"
        );
    }
    // semver-mode takes no `replaces` at all: nothing to stop on.
    let (cat, files) = repo_operator(
        "hello",
        "updateGraph: semver-mode",
        &[("0.0.1", ", replaces: ''", "", "beta")],
    );
    let report = preflight::run_with_files(Pipeline::Community, &cat, &files, &[]);
    assert_eq!(
        check(&report, "check_upgrade_graph_loop").result,
        Outcome::Pass
    );
}

/// `fbc.enabled: true`: the pipeline does not run its graph checks on the bundle tree (they
/// are marked `skip_fbc`), so a loop there is not reported.
#[test]
fn an_fbc_enabled_operator_is_not_graph_checked_on_its_bundle_tree() {
    let (cat, files) = repo_operator(
        "hello",
        "updateGraph: replaces-mode\nfbc:\n  enabled: true",
        &[
            ("0.0.1", ", replaces: hello.v0.0.2", "", "beta"),
            ("0.0.2", ", replaces: hello.v0.0.1", "", "beta"),
        ],
    );
    let report = preflight::run_with_files(Pipeline::Community, &cat, &files, &[]);
    for name in ["check_upgrade_graph_loop", "check_dangling_bundles"] {
        let c = check(&report, name);
        assert_eq!(c.result, Outcome::Skip, "{name}: {c:?}");
    }
    // The same tree without fbc.enabled has the loop.
    let (cat, files) = repo_operator(
        "hello",
        "updateGraph: replaces-mode",
        &[
            ("0.0.1", ", replaces: hello.v0.0.2", "", "beta"),
            ("0.0.2", ", replaces: hello.v0.0.1", "", "beta"),
        ],
    );
    let report = preflight::run_with_files(Pipeline::Community, &cat, &files, &[]);
    let c = check(&report, "check_upgrade_graph_loop");
    assert_eq!(c.result, Outcome::Fail);
    assert!(c.messages[0].starts_with("Upgrade graph loop detected: "));
}

/// The pipeline's `bundle_files(op, version)` as input files: `annotations.yaml` with the
/// base annotations and `extra` lines, and the CSV with `csv_spec` lines under `spec` (after
/// `version`) and the CSV's `metadata.name` (default `<op>.v<version>`).
fn bundle_files(
    op: &str,
    v: &str,
    name: Option<&str>,
    csv_spec: &str,
    extra: &str,
) -> Vec<InputFile> {
    let name = name.map_or(format!("{op}.v{v}"), str::to_string);
    vec![
        InputFile::new(
            format!("operators/{op}/{v}/metadata/annotations.yaml"),
            format!("annotations:\n  operators.operatorframework.io.bundle.mediatype.v1: registry+v1\n  operators.operatorframework.io.bundle.package.v1: {op}\n  operators.operatorframework.io.bundle.channel.default.v1: beta\n  operators.operatorframework.io.bundle.channels.v1: beta\n{extra}"),
        ),
        InputFile::new(
            format!("operators/{op}/{v}/manifests/{op}.clusterserviceversion.yaml"),
            format!("metadata:\n  name: {name}\nspec:\n  version: {v}\n{csv_spec}"),
        ),
    ]
}

fn run_files(pipeline: Pipeline, files: Vec<InputFile>, name: &str) -> Check {
    let cat = load_files(files.clone());
    check(
        &preflight::run_with_files(pipeline, &cat, &files, &[]),
        name,
    )
    .clone()
}

/// operator-pipelines' `test_check_api_version_constraints`, its thirteen rows.
#[test]
fn ported_check_api_version_constraints() {
    let rows: [(&str, &str, Outcome, &[&str]); 13] = [
        ("", "", Outcome::Pass, &[]),
        ("", "v4.11", Outcome::Pass, &[]),
        ("1.24.0", "=v4.11", Outcome::Pass, &[]),
        ("1.0.0", "=v3.1", Outcome::Pass, &[]),
        ("foo", "v4.11", Outcome::Fail, &["Invalid minKubeVersion: foo is not valid SemVer string"]),
        ("1.24.0", "v4.11", Outcome::Pass, &[]),
        ("1.24.0", "v4.11-v4.13", Outcome::Pass, &[]),
        ("1.16.0", "v4.5,v4.6", Outcome::Pass, &[]),
        ("1.16.0", "v4.5,v4.7", Outcome::Warn, &["Comma separated list of versions in com.redhat.openshift.versions is only supported for v4.5 and v4.6"]),
        ("1.24.0", "", Outcome::Fail, &["minKubeVersion is set to 1.24.0 but com.redhat.openshift.versions is not set"]),
        ("1.24.0", "v4.10", Outcome::Fail, &["OCP version(s) 4.10 conflict with minKubeVersion=1.24.0"]),
        ("1.24.0", "foo", Outcome::Fail, &["Invalid com.redhat.openshift.versions: foo is not valid SemVer string"]),
        ("1.24", "v4.9-v4.12", Outcome::Fail, &["OCP version(s) 4.9,4.10 conflict with minKubeVersion=1.24.0"]),
    ];
    for (kube, ocp, result, messages) in rows {
        let spec = if kube.is_empty() {
            String::new()
        } else {
            format!("  minKubeVersion: '{kube}'\n")
        };
        let extra = if ocp.is_empty() {
            String::new()
        } else {
            format!("  com.redhat.openshift.versions: '{ocp}'\n")
        };
        let c = run_files(
            Pipeline::Community,
            bundle_files("hello", "0.0.1", None, &spec, &extra),
            "check_api_version_constraints",
        );
        let got: Vec<&str> = c.messages.iter().map(String::as_str).collect();
        assert_eq!(
            (c.result, got.as_slice()),
            (result, messages),
            "{kube:?} {ocp:?}"
        );
    }
}

/// operator-pipelines' `test_check_operator_name_unique`, `test_using_fbc` and
/// `test_check_network_policy_presence`.
#[test]
fn ported_check_operator_name_unique_using_fbc_and_network_policy_presence() {
    let one = bundle_files("test-operator", "0.0.1", None, "", "");
    let c = run_files(
        Pipeline::Community,
        one.clone(),
        "check_operator_name_unique",
    );
    assert_eq!(c.result, Outcome::Pass);
    let mut two = one.clone();
    two.extend(bundle_files(
        "test-operator",
        "0.0.2",
        Some("other-operator.v0.0.2"),
        "",
        "",
    ));
    let c = run_files(Pipeline::Community, two, "check_operator_name_unique");
    assert_eq!(
        (c.result, c.messages),
        (
            Outcome::Fail,
            vec![
                "Bundles use multiple operator names: {'other-operator', 'test-operator'}"
                    .to_string()
            ]
        )
    );

    let new = run_files(
        Pipeline::Community,
        bundle_files("hello", "0.0.1", None, "", ""),
        "check_using_fbc",
    );
    assert_eq!(new.result, Outcome::Warn);
    assert!(new.messages[0].contains("is recommended for new operators"));
    let mut files = bundle_files("hello", "0.0.1", None, "", "");
    files.extend(bundle_files("hello", "0.0.2", None, "", ""));
    let update = run_files(Pipeline::Community, files, "check_using_fbc");
    assert_eq!(update.result, Outcome::Warn);
    assert!(update.messages[0].contains("This operator does not use FBC. Consider"));

    let plain = run_files(
        Pipeline::Certified,
        bundle_files("hello", "0.0.1", None, "", ""),
        "check_network_policy_presence",
    );
    assert_eq!(plain.result, Outcome::Pass);
    let mut files = bundle_files("hello", "0.0.1", None, "", "");
    files.push(InputFile::new(
        "operators/hello/0.0.1/manifests/dummy_.k8s.io_v1_networkpolicy.yaml",
        "kind: NetworkPolicy\napiVersion: networking.k8s.io/v1\n",
    ));
    let c = run_files(Pipeline::Community, files, "check_network_policy_presence");
    assert_eq!(
        (c.result, c.messages),
        (Outcome::Fail, vec!["Bundle contains a NetworkPolicy in dummy_.k8s.io_v1_networkpolicy.yaml. Network policies are not a supported resource that Operator Lifecycle Manager(OLM) can install and manage.".to_string()])
    );
}

/// operator-pipelines' `test_check_marketplace_annotation` (isv), its four rows.
#[test]
fn ported_check_marketplace_annotation() {
    let pricing = "https://marketplace.redhat.com/en-us/operators/package/pricing?utm_source=openshift_console";
    let support = "https://marketplace.redhat.com/en-us/operators/package/support?utm_source=openshift_console";
    let fail = |key: &str, expected: &str| {
        format!("CSV marketplace.openshift.io/{key} annotation is set to ''. Expected value is {expected}. To fix this issue define the annotation in 'manifests/*.clusterserviceversion.yaml' file.")
    };
    let rows: [(&str, &str, &str, Vec<String>); 4] = [
        ("certified-operators", "", "", vec![]),
        ("redhat-marketplace", pricing, support, vec![]),
        (
            "redhat-marketplace",
            "",
            support,
            vec![fail("remote-workflow", pricing)],
        ),
        (
            "redhat-marketplace",
            pricing,
            "",
            vec![fail("support-workflow", support)],
        ),
    ];
    for (org, remote, sup, want) in rows {
        let mut files = bundle_files("package", "0.0.1", None, "", "");
        files[1] = InputFile::new(
            files[1].path.clone(),
            format!("metadata:\n  name: package.v0.0.1\n  annotations:\n    marketplace.openshift.io/remote-workflow: '{remote}'\n    marketplace.openshift.io/support-workflow: '{sup}'\nspec:\n  version: 0.0.1\n"),
        );
        files.push(InputFile::new(
            "config.yaml",
            format!("organization: {org}\n"),
        ));
        let c = run_files(Pipeline::Certified, files, "check_marketplace_annotation");
        let result = if want.is_empty() {
            Outcome::Pass
        } else {
            Outcome::Fail
        };
        assert_eq!(
            (c.result, c.messages),
            (result, want),
            "{org} {remote:?} {sup:?}"
        );
    }
}

/// A Konflux fragment at `path` of one bundle with `properties` (JSON) and `image`.
fn fragment(path: &str, properties: &str, image: &str, declared: bool) -> Vec<InputFile> {
    let pkg = if declared {
        "{\"schema\":\"olm.package\",\"name\":\"p\",\"defaultChannel\":\"stable\"}\n"
    } else {
        ""
    };
    let text = format!(
        "{pkg}{{\"schema\":\"olm.channel\",\"package\":\"p\",\"name\":\"stable\",\"entries\":[{{\"name\":\"p.v1.0.0\"}}]}}\n{{\"schema\":\"olm.bundle\",\"package\":\"p\",\"name\":\"p.v1.0.0\",\"image\":\"{image}\",\"properties\":[{{\"type\":\"olm.package\",\"value\":{{\"packageName\":\"p\",\"version\":\"1.0.0\"}}}}{properties}]}}\n"
    );
    vec![InputFile::new(path, text)]
}

/// Konflux `validate-fbc`'s fragment checks (its script's messages): bundle metadata by the
/// fragment's OpenShift version, digest-pinned images from Red Hat's registries, a package.
#[test]
fn validate_fbc_checks_metadata_by_openshift_version_and_bundle_images() {
    let pinned = format!("registry.redhat.io/p/bundle@sha256:{}", "a".repeat(64));
    let csv_md = ",{\"type\":\"olm.csv.metadata\",\"value\":{\"displayName\":\"P\"}}";
    let object = ",{\"type\":\"olm.bundle.object\",\"value\":{\"data\":\"e30=\"}}";
    let run = |files: Vec<InputFile>| run_files(Pipeline::Konflux, files, "validate-fbc");
    // 4.17 on: olm.csv.metadata, and no olm.bundle.object.
    let ok = run(fragment(
        "v4.17/catalog/p/catalog.json",
        csv_md,
        &pinned,
        true,
    ));
    assert_eq!((ok.result, ok.messages.len()), (Outcome::Pass, 0), "{ok:?}");
    let c = run(fragment(
        "v4.17/catalog/p/catalog.json",
        object,
        &pinned,
        true,
    ));
    assert_eq!(c.result, Outcome::Fail);
    assert_eq!(c.messages, [
        "!FAILURE! - olm.bundle.object bundle properties are not permitted in a FBC fragment for OCP version 4.17. Fragments must move to olm.csv.metadata bundle metadata.",
        "!FAILURE! - every olm.bundle object in the fragment must have a corresponding olm.csv.metadata bundle property",
    ]);
    // Before 4.17 the other way round.
    let ok = run(fragment(
        "v4.16/catalog/p/catalog.json",
        object,
        &pinned,
        true,
    ));
    assert_eq!(ok.result, Outcome::Pass, "{ok:?}");
    let c = run(fragment(
        "v4.16/catalog/p/catalog.json",
        csv_md,
        &pinned,
        true,
    ));
    assert_eq!(c.messages, [
        "!FAILURE! - olm.csv.metadata bundle properties are not permitted in a FBC fragment for OCP version 4.16. Fragments must only use olm.bundle.object bundle metadata.",
        "!FAILURE! - every olm.bundle object in the fragment must have at least one olm.bundle.object bundle property",
    ]);
    // Images: a tag, and another registry.
    let c = run(fragment(
        "v4.18/catalog/p/catalog.json",
        csv_md,
        "quay.io/acme/p-bundle:v1.0.0",
        true,
    ));
    assert_eq!(c.messages, [
        "!FAILURE! - The following olm.bundle image references are not digest-pinned:\n  quay.io/acme/p-bundle:v1.0.0",
        "!FAILURE! - The following olm.bundle image references are not from registry.redhat.io or registry.stage.redhat.io:\n  quay.io/acme/p-bundle:v1.0.0",
    ]);
    let stage = format!(
        "registry.stage.redhat.io/p/bundle@sha256:{}",
        "b".repeat(64)
    );
    assert_eq!(
        run(fragment("v4.18/c/catalog.json", csv_md, &stage, true)).result,
        Outcome::Pass
    );
    // No olm.package.
    let c = run(fragment("v4.18/c/catalog.json", csv_md, &pinned, false));
    assert_eq!(
        c.messages,
        ["!FAILURE! - There are no olm package entries defined in this FBC fragment."]
    );
    // No version in the path: the metadata check is not run, with the task's warning.
    let c = run(fragment("fragment/catalog.json", csv_md, &pinned, true));
    assert_eq!(c.result, Outcome::Warn);
    assert!(c.messages[0].starts_with("!WARNING! - unable to assess bundle metadata alignment with OCP version because we cannot parse OCP version from the base image"));
}

/// Red Hat's own fragments, which Konflux built, pass `validate-fbc`'s fragment checks on both
/// sides of 4.17.
#[test]
fn real_fragments_pass_validate_fbc() {
    for v in ["v4.16", "v4.17"] {
        let dir = catalog(&format!("openshift-kube-descheduler-fbc/{v}"));
        let limits = olm_graph_core::LoadOptions::default().limits;
        let files = olm_graph_core::load::read_paths(&[&dir], &limits)
            .unwrap()
            .files;
        let c = run_files(Pipeline::Konflux, files, "validate-fbc");
        assert_eq!(
            (c.result, c.messages.len()),
            (Outcome::Pass, 0),
            "{v}: {c:?}"
        );
    }
}

/// A bundle directory holding one of operator-framework/api's test CSVs, for OpenShift 4.12 on.
fn osdk_bundle(csv_file: &str) -> Vec<InputFile> {
    let csv = std::fs::read_to_string(crate::common::fixture(&format!(
        "preflight/osdk/{csv_file}"
    )))
    .expect("fixture");
    vec![
        InputFile::new(
            "operators/etcd/0.9.4/metadata/annotations.yaml",
            "annotations:\n  operators.operatorframework.io.bundle.package.v1: etcd\n  operators.operatorframework.io.bundle.channels.v1: alpha\n  com.redhat.openshift.versions: v4.12\n",
        ),
        InputFile::new(
            "operators/etcd/0.9.4/manifests/etcdoperator.v0.9.4.clusterserviceversion.yaml",
            csv,
        ),
    ]
}

/// operator-framework/api's `TestValidateBundleOperatorHub`: the valid bundle has no error and
/// the invalid one exactly its nine errors, as operator-sdk prints them (`Error: Value : (csv)
/// …`); `TestCheckSpecIcon` and `TestCheckSpecMinKubeVersion` through the same checks.
#[test]
fn ported_osdk_operatorhub_validator() {
    let valid = run_files(
        Pipeline::Community,
        osdk_bundle("valid_bundle.csv.yaml"),
        "check_osdk_bundle_validate_operatorhub",
    );
    // The CSV checks only (`Value : (csv)`): the fixture has no CRDs, which the bundle
    // validator reports (tests/it/preflight_osdk.rs).
    let csv_only = |c: &Check| -> Vec<String> {
        c.messages
            .iter()
            .filter(|m| m.contains("Value : ("))
            .cloned()
            .collect()
    };
    assert!(csv_only(&valid).iter().all(|m| m.starts_with("Warning: ")));
    assert!(valid.messages.contains(&"Warning: Value : The \"operatorhub\" validator is deprecated; for equivalent validation use \"operatorhub/v2\", \"standardcapabilities\" and \"standardcategories\" validators".to_string()));
    let invalid = run_files(
        Pipeline::Community,
        osdk_bundle("invalid_bundle_operatorhub.csv.yaml"),
        "check_osdk_bundle_validate_operatorhub",
    );
    let errors: Vec<&str> = invalid
        .messages
        .iter()
        .filter(|m| m.starts_with("Error: Value : ("))
        .map(String::as_str)
        .collect();
    let mut want = vec![
        "Error: Value : (etcdoperator.v0.9.4) csv.Spec.Provider.Name not specified",
        "Error: Value : (etcdoperator.v0.9.4) csv.Spec.Maintainers elements should contain both name and email",
        "Error: Value : (etcdoperator.v0.9.4) csv.Spec.Maintainers email invalidemail is invalid: mail: missing '@' or angle-addr",
        "Error: Value : (etcdoperator.v0.9.4) csv.Spec.Links elements should contain both name and url",
        "Error: Value : (etcdoperator.v0.9.4) csv.Spec.Links url https//coreos.com/operators/etcd/docs/latest/ is invalid: parse \"https//coreos.com/operators/etcd/docs/latest/\": invalid URI for request",
        "Error: Value : (etcdoperator.v0.9.4) csv.Metadata.Annotations.Capabilities \"Installs and stuff\" is not a valid capabilities level",
        "Error: Value : (etcdoperator.v0.9.4) csv.Spec.Icon should only have one element",
        "Error: Value : (etcdoperator.v0.9.4) csv.Metadata.Annotations[\"categories\"] value \"Magic\" is not in the set of standard categories",
        "Error: Value : (etcdoperator.v0.9.4) csv.Spec.Version must be set",
    ];
    let mut got = errors.clone();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
    assert_eq!(invalid.result, Outcome::Fail);
    // The operatorframework suite: operatorhubv2 plus the capabilities and categories
    // validators, the same errors, without the deprecation warning.
    let suite = run_files(
        Pipeline::Community,
        osdk_bundle("invalid_bundle_operatorhub.csv.yaml"),
        "check_osdk_bundle_validate_operator_framework",
    );
    let mut suite_errors: Vec<&str> = suite
        .messages
        .iter()
        .filter(|m| m.starts_with("Error: Value : ("))
        .map(String::as_str)
        .collect();
    suite_errors.sort_unstable();
    assert_eq!(suite_errors, want);
    assert!(!suite.messages.iter().any(|m| m.contains("is deprecated")));

    // TestCheckSpecIcon and TestCheckSpecMinKubeVersion, one CSV per row.
    let csv_with = |spec: &str| -> Vec<String> {
        let files = vec![
            InputFile::new("operators/x/1.0.0/metadata/annotations.yaml", "annotations:\n  operators.operatorframework.io.bundle.package.v1: x\n  com.redhat.openshift.versions: v4.12\n"),
            InputFile::new("operators/x/1.0.0/manifests/x.clusterserviceversion.yaml", format!("metadata:\n  name: x.v1.0.0\nspec:\n  version: 1.0.0\n  provider: {{name: X}}\n{spec}")),
        ];
        // The icon and minKubeVersion checks of the rows (the CSV validator's own messages,
        // on this CSV's missing install modes and examples, are tested in preflight_osdk.rs).
        csv_only(&run_files(
            Pipeline::Community,
            files,
            "check_osdk_bundle_validate_operator_framework",
        ))
        .into_iter()
        .filter(|m| m.contains("csv.Spec."))
        .collect()
    };
    let icon = "  icon: [{base64data: iVBORw0KGgo, mediatype: image/png}]\n";
    let kube = "  minKubeVersion: 1.16.0\n";
    assert!(csv_with(&format!("{icon}{kube}")).is_empty());
    assert_eq!(
        csv_with(kube),
        ["Warning: Value : (x.v1.0.0) csv.Spec.Icon not specified"]
    );
    assert_eq!(
        csv_with(&format!("  icon: [{{mediatype: image/png}}]\n{kube}")),
        ["Error: Value : (x.v1.0.0) csv.Spec.Icon elements should contain both data and mediatype"]
    );
    assert_eq!(
        csv_with(&format!(
            "  icon: [{{base64data: iVBORw0KGgo, mediatype: invalid}}]\n{kube}"
        )),
        ["Error: Value : (x.v1.0.0) csv.Spec.Icon invalid does not have a valid mediatype"]
    );
    assert_eq!(
        csv_with(icon),
        ["Warning: Value : (x.v1.0.0) csv.Spec.minKubeVersion is not informed. It is recommended you provide this information. Otherwise, it would mean that your operator project can be distributed and installed in any cluster version available, which is not necessarily the case for all projects."]
    );
    assert_eq!(
        csv_with(&format!("{icon}  minKubeVersion: alpha1\n")),
        ["Error: Value : (x.v1.0.0) csv.Spec.MinKubeVersion has an invalid value: alpha1"]
    );
}
