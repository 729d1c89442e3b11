//! What the worker does with the files of a request: the files of cluster state told from the
//! catalog's, one catalog (with its findings), or a series of catalogs, one per subfolder in
//! version order. Pure: tested natively.

use olm_graph_core::change::group_by_folder;
use olm_graph_core::cluster::is_cluster_state;
use olm_graph_core::export::{channel_picture, skimmed_channel_svg};
use olm_graph_core::mirror::looks_like_isc;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{Catalog, Diagnostic, InputFile, LoadOptions, Progress};

use crate::state::cluster::ClusterFile;
use crate::state::load::LoadStage;
use crate::state::mirror::ConfigFile;

/// Splits off the files whose first object is a cluster object of a kind core reads
/// (`apiVersion`/`kind`: a Subscription, a CSV, a `List` of them…): (cluster state, the rest).
///
/// # Complexity
/// O(F + D) for F files whose first documents are D bytes long in all.
pub fn split_cluster_state(files: Vec<InputFile>) -> (Vec<ClusterFile>, Vec<InputFile>) {
    split_off(files, is_cluster_state, |path, text| ClusterFile {
        path,
        text,
    })
}

/// Splits off the ImageSetConfigurations (core's `mirror::looks_like_isc`: `kind:
/// ImageSetConfiguration` on a line of its own): (configurations, the rest).
///
/// # Complexity
/// O(n) in the length of the files.
pub fn split_mirror_configs(files: Vec<InputFile>) -> (Vec<ConfigFile>, Vec<InputFile>) {
    split_off(files, looks_like_isc, |path, text| ConfigFile {
        path,
        text,
    })
}

/// The files whose text `is` picks, made into what their store takes, and the rest, in order.
fn split_off<T>(
    files: Vec<InputFile>,
    is: fn(&str) -> bool,
    make: fn(String, String) -> T,
) -> (Vec<T>, Vec<InputFile>) {
    let (picked, rest): (Vec<_>, Vec<_>) = files.into_iter().partition(|f| is(&f.text));
    let picked = picked.into_iter().map(|f| make(f.path, f.text)).collect();
    (picked, rest)
}

/// How a worker reads a catalog's files: core's `open::load_files_with_progress` (templates
/// expanded: the tools worker) or `open::load_fbc_files_with_progress` (File-Based Catalog
/// only: the parsing worker, which hands files that might hold a template to the tools worker,
/// so that it does not link the template renderer).
pub type LoadFn = fn(Vec<InputFile>, LoadOptions, &mut dyn FnMut(Progress)) -> Catalog;

/// Parses `files` with `load` as one catalog and lints it; `progress` hears after each
/// document, `read` once the catalog is read, `stage` when the linting starts.
///
/// # Complexity
/// That of core's loader and linter: linear in the text, plus the linter's cost per package;
/// plus that of `read`.
pub fn parse_catalog(
    load: LoadFn,
    files: Vec<InputFile>,
    options: LoadOptions,
    progress: &mut dyn FnMut(Progress),
    read: &mut dyn FnMut(&Catalog),
    stage: &mut dyn FnMut(LoadStage),
) -> (Catalog, Vec<Diagnostic>) {
    let catalog = load(files, options, progress);
    read(&catalog);
    stage(LoadStage::Checking);
    let findings = lint_catalog(&catalog);
    (catalog, findings)
}

/// The most entries a channel drawn as a first picture has: a larger one would keep its
/// reader's catalog from the app for longer than the picture saves (the app culls what it
/// draws; a picture draws everything).
pub const PICTURE_MAX_ENTRIES: usize = 1_000;

/// Channel `channel` of package `package` drawn as `olm-graph render -f svg --no-tooltips
/// --package P --channel C` draws it: the first picture of a `url=` link, shown while the app
/// starts, in an `<img>`, where tooltips would only be bytes to carry and decode (without them
/// the SVG is an eighth of its size on gpu-operator-certified `stable`; docs/performance.md,
/// "First draw"). None when the catalog has no such channel, or it has more than
/// [`PICTURE_MAX_ENTRIES`] entries.
///
/// # Complexity
/// That of core's `export::channel_picture`: O(log P + log C) to find it, then
/// O((V + E) log(V + E)) for its V nodes and E edges.
pub fn first_picture(catalog: &Catalog, package: &str, channel: &str) -> Option<String> {
    channel_picture(catalog, package, channel, PICTURE_MAX_ENTRIES)
}

/// The picture [`first_picture`] draws, drawn before the catalog is read: from only what core's
/// skim keeps of the files (`export::skimmed_channel_svg`: the package, the channel, and each
/// bundle's name, version and marks, with the CSV metadata and bundle objects left unread).
/// On gpu-operator-certified it is posted ~90 ms sooner on a cold load than after the whole
/// catalog is read (docs/performance.md, "First draw"). None when the skim gives up (then the
/// picture is drawn once the catalog is read), or as [`first_picture`].
///
/// # Complexity
/// O(n) in the length of the files, then the reading of what is kept and
/// [`first_picture`]'s drawing.
pub fn skimmed_picture(
    files: &[InputFile],
    only_catalog_extensions: bool,
    package: &str,
    channel: &str,
) -> Option<String> {
    skimmed_channel_svg(
        files,
        package,
        channel,
        only_catalog_extensions,
        PICTURE_MAX_ENTRIES,
    )
}

/// Parses the files of a picked folder with `load` as a series: one catalog per subfolder, in version
/// order (directory semantics: only .json, .yaml and .yml files count, `.indexignore` applies).
///
/// # Complexity
/// Linear in the text of the files, plus sorting the F subfolders: O(F log F).
pub fn parse_series(load: LoadFn, files: Vec<InputFile>) -> Result<Vec<(String, Catalog)>, String> {
    let groups = group_by_folder(files);
    if groups.len() < 2 {
        return Err("a series needs a folder with at least two subfolders, one catalog each (for example v4.12/ and v4.13/)".into());
    }
    Ok(groups
        .into_iter()
        .map(|(label, files)| (label, load(files, load_options(true), &mut |_| {})))
        .collect())
}

/// Core's load options, with directory semantics or not (every other option at its default).
#[allow(clippy::field_reassign_with_default)] // LoadOptions gains fields, all with defaults
pub fn load_options(only_catalog_extensions: bool) -> LoadOptions {
    let mut options = LoadOptions::default();
    options.only_catalog_extensions = only_catalog_extensions;
    // The bundles' CRDs, so the view can judge each upgrade edge (spec/crd-safety.md §1).
    options.keep_crds = true;
    options
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::open::load_files_with_progress;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    const FIXTURE: &str = include_str!("../../tests/e2e/fixtures/lifecycle.yaml");

    #[test]
    fn a_series_needs_two_subfolders_and_keeps_version_order() {
        let one = vec![InputFile::new("v4.12/c.yaml", FIXTURE)];
        assert!(parse_series(load_files_with_progress, one)
            .unwrap_err()
            .contains("at least two subfolders"));
        let files = vec![
            InputFile::new("v4.10/c.yaml", FIXTURE),
            InputFile::new("v4.9/c.yaml", FIXTURE),
            InputFile::new("v4.9/notes.txt", "not a catalog"),
        ];
        let series = parse_series(load_files_with_progress, files).unwrap();
        let labels: Vec<&str> = series.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(labels, ["v4.9", "v4.10"]);
        assert!(series[0].1.package("seed").is_some());
        assert!(
            series[0].1.diagnostics.iter().all(|d| !d.is_error()),
            "the .txt file is skipped"
        );
    }

    #[test]
    fn cluster_state_is_split_off_the_catalog() {
        let files = vec![
            InputFile::new("catalog.yaml", FIXTURE),
            InputFile::new(
                "state.yaml",
                include_str!("../../tests/e2e/fixtures/cluster-stuck.yaml"),
            ),
            InputFile::new(
                "sub.json",
                r#"{"apiVersion":"operators.coreos.com/v1alpha1","kind":"Subscription"}"#,
            ),
        ];
        // A package manifest's CSV is the catalog's (it has no namespace).
        let legacy = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/catalogs/legacy-package-manifests/community-operators-2021/etcd/0.9.4/etcdoperator.v0.9.4.clusterserviceversion.yaml"
        ));
        let mut files = files;
        files.push(InputFile::new("etcd.csv.yaml", legacy));
        files.push(InputFile::new(
            "isc.yaml",
            include_str!("../../tests/e2e/fixtures/mirror-neuron.yaml"),
        ));
        let (state, rest) = split_cluster_state(files);
        let names: Vec<&str> = state.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(names, ["state.yaml", "sub.json"]);
        let (configs, rest) = split_mirror_configs(rest);
        let names: Vec<&str> = configs.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(names, ["isc.yaml"]);
        let rest: Vec<&str> = rest.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(rest, ["catalog.yaml", "etcd.csv.yaml"]);
    }

    #[test]
    fn the_skimmed_picture_is_the_read_catalogs() {
        let files = vec![InputFile::new("lifecycle.yaml", FIXTURE)];
        let catalog = load_files_with_progress(files.clone(), load_options(false), &mut |_| {});
        for channel in ["stable", "old"] {
            let skimmed = skimmed_picture(&files, false, "lifecycle-demo", channel);
            assert!(skimmed.is_some(), "{channel}");
            assert_eq!(skimmed, first_picture(&catalog, "lifecycle-demo", channel));
        }
        assert_eq!(
            skimmed_picture(&files, false, "lifecycle-demo", "gone"),
            None
        );
        // A JSON stream is not skimmed: pictured once read.
        let json = vec![InputFile::new(
            "c.json",
            r#"{"schema":"olm.package","name":"p","defaultChannel":"c"}"#,
        )];
        assert_eq!(skimmed_picture(&json, false, "p", "c"), None);
    }

    #[test]
    fn a_catalog_comes_with_its_findings_and_progress() {
        let mut calls = 0;
        let mut read = 0;
        let mut stages = Vec::new();
        let (catalog, findings) = parse_catalog(
            load_files_with_progress,
            vec![InputFile::new(
                "sample.yaml",
                include_str!("../../assets/sample-catalog.yaml"),
            )],
            LoadOptions::default(),
            &mut |_| calls += 1,
            &mut |c| read = c.packages.len(),
            &mut |s| stages.push(s),
        );
        assert_eq!(stages, [LoadStage::Checking]);
        assert_eq!(read, 2, "told of the catalog once read");
        assert_eq!(catalog.packages.len(), 2);
        assert_eq!(findings.len(), 1, "the sample has one intentional warning");
        assert!(calls > 0);
    }
}
