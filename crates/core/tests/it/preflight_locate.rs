//! Where a pre-flight result points (spec/preflight.md §5): the default pipeline of an operator
//! directory of an operator repository, and the CSV a loop or dangling-bundle message is about,
//! on the koku-metrics-operator fixture read as `operators/koku-metrics-operator/` with 4.4.0's
//! CSV made to skip 4.4.1 (a loop).

use olm_graph_core::preflight::{self, Pipeline};
use olm_graph_core::preflight::{default_pipeline, message_location};
use olm_graph_core::{load_files, InputFile};

use crate::common::{catalogs_dir, fixture, load};
use crate::operator_repo::walk;

const OP: &str = "operators/koku-metrics-operator";
const CSV: &str = "manifests/koku-metrics-operator.clusterserviceversion.yaml";

fn looped_repository() -> Vec<InputFile> {
    let mut files = Vec::new();
    walk(
        &fixture("operator-repo/koku-metrics-operator"),
        OP,
        &mut files,
    );
    let target = format!("{OP}/4.4.0/{CSV}");
    let file = files
        .iter_mut()
        .find(|f| f.path == target)
        .expect("4.4.0's CSV");
    let text = format!("{}  skips:\n  - koku-metrics-operator.v4.4.1\n", file.text);
    *file = InputFile::new(target, text);
    files
}

#[test]
fn an_operator_directory_of_a_repository_defaults_to_community() {
    let repo = load_files(looped_repository());
    assert_eq!(default_pipeline(&repo), Some(Pipeline::Community));
    // The same directory opened on its own, and an FBC catalog: no pipeline.
    let alone = load(&fixture("operator-repo/koku-metrics-operator"));
    assert!(!alone.packages.is_empty());
    assert_eq!(default_pipeline(&alone), None);
    let fbc = load(&catalogs_dir().join("community-operators-prod/v4.21/aws-neuron-operator.yaml"));
    assert_eq!(default_pipeline(&fbc), None);
}

#[test]
fn a_loop_points_at_the_csv_that_closes_it() {
    let catalog = load_files(looped_repository());
    let report = preflight::run(Pipeline::Community, &catalog, &[]);
    let check = report
        .checks
        .iter()
        .find(|c| c.name == "check_upgrade_graph_loop")
        .expect("loop check");
    let message = "Upgrade graph loop detected: Bundle(koku-metrics-operator/4.4.1) -> Bundle(koku-metrics-operator/4.4.0)";
    assert_eq!(check.messages, [message, message], "one per channel");
    let at = message_location(&catalog, message).expect("a place");
    assert_eq!(at.file, format!("{OP}/4.4.0/{CSV}"));
    assert_eq!(at.line, Some(1));
}

#[test]
fn a_message_points_at_the_first_bundle_it_names_that_exists() {
    let catalog = load_files(looped_repository());
    let at = |m: &str| message_location(&catalog, m).map(|l| l.file);
    assert_eq!(
        at("Channel alpha has dangling bundles: {Bundle(koku-metrics-operator/9.9.9), Bundle(other/1.0.0), Bundle(koku-metrics-operator/4.3.1), Bundle(koku-metrics-operator/4.3.0)}"),
        Some(format!("{OP}/4.3.1/{CSV}"))
    );
    // By name, for a bundle printed without a version.
    assert_eq!(
        at("Bundle(koku-metrics-operator/koku-metrics-operator.v4.4.1)"),
        Some(format!("{OP}/4.4.1/{CSV}"))
    );
    assert_eq!(
        at("!FAILURE! - FBC fragment prunes entire koku-metrics-operator.alpha channel."),
        None
    );
}
