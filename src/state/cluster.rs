//! Cluster state: the objects of a cluster the user opened beside the catalog (the files the
//! workers tell from catalog files with core's `cluster::is_cluster_state`, read in the tools
//! worker with core's `cluster::read_cluster_files`: [`Opened::read`]), what core's
//! `cluster::diagnose` says of each operator over the catalog on screen, and the operator
//! chosen in the Cluster tab with what it marks on the graph: the installed bundle ("you are
//! here"), the failed one, and its resolved path (drawn as a route). Nothing leaves the page.

use leptos::prelude::*;
use olm_graph_core::cluster::{
    diagnose, join_series, read_cluster_files, ClusterState, Diagnosis, GivenCatalog,
    OperatorReport,
};
use olm_graph_core::load::Limits;
use olm_graph_core::model::Catalog;
use olm_graph_core::InputFile;
use serde::{Deserialize, Serialize};

use crate::state::comparison::Series;
use crate::state::load::Loaded;
use crate::state::selection::{ChannelChoice, Selection};
use crate::state::shared::Shared;

/// One file of cluster state, as the worker hands it to the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterFile {
    pub path: String,
    pub text: String,
}

/// The cluster state opened: what to call it, and what core read of its files. The parsing
/// worker reads them ([`Opened::read`]) and sends this to the page as JSON, so the page's wasm
/// does not link core's YAML reader (docs/performance.md, "First draw").
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Opened {
    /// A file's name, or "3 files".
    pub label: String,
    /// The objects read, with every problem met (core's reader, within the loader's limits).
    pub state: ClusterState,
}

impl Opened {
    /// The files read with core's reader, named after the one file or counted.
    ///
    /// # Complexity
    /// O(n) in the length of the files.
    pub fn read(files: &[ClusterFile]) -> Opened {
        let label = match files {
            [one] => one.path.clone(),
            many => format!("{} files", many.len()),
        };
        Opened {
            label,
            state: read_state(files),
        }
    }
}

/// The objects read from `files` (core's reader, within the loader's limits).
///
/// # Complexity
/// O(n) in the length of the files.
pub fn read_state(files: &[ClusterFile]) -> ClusterState {
    let files: Vec<InputFile> = files
        .iter()
        .map(|f| InputFile::new(f.path.clone(), f.text.clone()))
        .collect();
    read_cluster_files(&files, &Limits::DEFAULT)
}

/// Every operator of `state` joined to the catalogs of `series` that serve its
/// ClusterCatalogs (core's `join_series`, docs/spec/cluster.md §2.4) when it serves any, else
/// to `catalog` (serving every operator), or to none.
///
/// # Complexity
/// That of core's `cluster::join_series` and `cluster::diagnose`.
pub fn diagnosis_of(
    state: &ClusterState,
    catalog: Option<(&str, &Catalog)>,
    series: Option<&Series>,
) -> Diagnosis {
    let joined = series.map(|s| join_series(state, s)).unwrap_or_default();
    if !joined.is_empty() {
        return diagnose(state, &joined);
    }
    let given: Vec<GivenCatalog> = catalog
        .map(|(label, catalog)| GivenCatalog {
            source: None,
            label,
            catalog,
        })
        .into_iter()
        .collect();
    diagnose(state, &given)
}

/// Which series catalog serves which of the state's ClusterCatalogs (`name ← label`), for the
/// Cluster tab to say so.
///
/// # Complexity
/// That of core's `cluster::join_series`.
pub fn series_joins(state: &ClusterState, series: &Series) -> Vec<(String, String)> {
    join_series(state, series)
        .iter()
        .map(|g| {
            (
                g.source.unwrap_or_default().to_string(),
                g.label.to_string(),
            )
        })
        .collect()
}

/// The channel view an operator follows: its channel (the first of a ClusterExtension's) when
/// the catalog's package has it, else the default.
///
/// # Complexity
/// O(C) for C channels of the package.
pub fn channel_of(report: &OperatorReport, catalog: Option<&Catalog>) -> ChannelChoice {
    catalog
        .and_then(|c| c.package(&report.package))
        .and_then(|p| report.drawn_channel(p))
        .map_or(ChannelChoice::Default, |c| {
            ChannelChoice::Named(c.to_string())
        })
}

/// What the chosen operator marks on the graph of its package.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ClusterMarks {
    /// The bundle the cluster runs: `data-installed`, "you are here".
    pub installed: Option<String>,
    /// The bundle whose upgrade failed, and how (`csv`, `installplan`, `clusterextension`):
    /// `data-failed`.
    pub failed: Option<(String, &'static str)>,
}

impl ClusterMarks {
    /// The marks of one operator.
    pub fn of(report: &OperatorReport) -> ClusterMarks {
        ClusterMarks {
            installed: report.installed.clone(),
            failed: report
                .failed
                .as_ref()
                .and_then(|f| Some((f.bundle.clone()?, f.kind))),
        }
    }

    pub fn is_installed(&self, bundle: &str) -> bool {
        self.installed.as_deref() == Some(bundle)
    }

    pub fn failed_kind(&self, bundle: &str) -> Option<&'static str> {
        self.failed
            .as_ref()
            .filter(|(b, _)| b == bundle)
            .map(|(_, k)| *k)
    }
}

/// The cluster store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct ClusterStore {
    pub opened: RwSignal<Option<Shared<Opened>>>,
    pub state: Memo<Option<Shared<ClusterState>>>,
    /// Every operator over the catalog on screen (or the series' catalogs that serve the
    /// state's ClusterCatalogs).
    pub diagnosis: Memo<Option<Shared<Diagnosis>>>,
    /// The series catalogs that serve the state's ClusterCatalogs: (ClusterCatalog, label).
    pub joins: Memo<Vec<(String, String)>>,
    /// The operator chosen in the Cluster tab (its index in the diagnosis).
    pub chosen: RwSignal<Option<usize>>,
    /// What the chosen operator marks, while its package is on screen.
    pub marks: Memo<Option<Shared<ClusterMarks>>>,
}

impl ClusterStore {
    /// A store over the catalog in `loaded` and the package `selection` shows.
    pub fn new(
        loaded: RwSignal<Option<Shared<Loaded>>>,
        series: RwSignal<Option<Shared<Series>>>,
        selection: Selection,
    ) -> ClusterStore {
        let opened: RwSignal<Option<Shared<Opened>>> = RwSignal::new(None);
        let state =
            Memo::new(move |_| opened.with(|o| Some(Shared::new(o.as_ref()?.state.clone()))));
        let diagnosis = Memo::new(move |_| {
            let state = state.get()?;
            let loaded = loaded.get();
            let catalog = loaded.as_ref().map(|l| (l.label.as_str(), &l.catalog));
            let series = series.get();
            Some(Shared::new(diagnosis_of(
                &state,
                catalog,
                series.as_deref(),
            )))
        });
        let joins = Memo::new(move |_| {
            let (Some(state), Some(series)) = (state.get(), series.get()) else {
                return Vec::new();
            };
            series_joins(&state, &series)
        });
        let chosen = RwSignal::new(None);
        let marks = Memo::new(move |_| {
            let i = chosen.get()?;
            let shown = selection.package.get();
            diagnosis.with(|d: &Option<Shared<Diagnosis>>| {
                let r: &OperatorReport = d.as_ref()?.operators.get(i)?;
                (shown.as_deref() == Some(r.package.as_str()))
                    .then(|| Shared::new(ClusterMarks::of(r)))
            })
        });
        ClusterStore {
            opened,
            state,
            diagnosis,
            joins,
            chosen,
            marks,
        }
    }

    pub fn get() -> ClusterStore {
        expect_context::<ClusterStore>()
    }

    /// New cluster state (read by the tools worker) replaces the old; nothing is chosen.
    pub fn open(&self, opened: Opened) {
        self.chosen.set(None);
        self.opened.set(Some(Shared::new(opened)));
    }

    /// The chosen operator's report.
    pub fn chosen_report(&self) -> Option<OperatorReport> {
        let i = self.chosen.get()?;
        self.diagnosis
            .with(|d| d.as_ref().and_then(|d| d.operators.get(i).cloned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::cluster::State;
    use olm_graph_core::load_files;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    const STUCK: &str = include_str!("../../tests/e2e/fixtures/cluster-stuck.yaml");
    /// A real catalog, built into the test (the tests run as wasm, without a file system).
    const DESCHEDULER: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/catalogs/openshift-kube-descheduler-fbc/v4.16/cluster-kube-descheduler-operator.json"
    ));

    fn descheduler() -> Catalog {
        load_files(vec![InputFile::new("descheduler.json", DESCHEDULER)])
    }

    fn files() -> Vec<ClusterFile> {
        vec![ClusterFile {
            path: "cluster-stuck.yaml".into(),
            text: STUCK.into(),
        }]
    }

    #[test]
    fn the_stuck_upgrade_is_failed_stuck_with_its_path_and_marks() {
        let catalog = descheduler();
        let state = read_state(&files());
        let d = diagnosis_of(&state, Some(("v4.16", &catalog)), None);
        assert_eq!(d.operators.len(), 1);
        let r = &d.operators[0];
        assert_eq!(r.state, State::FailedStuck);
        assert_eq!(
            channel_of(r, Some(&catalog)),
            ChannelChoice::Named("stable".into())
        );
        let marks = ClusterMarks::of(r);
        assert!(marks.is_installed("clusterkubedescheduleroperator.v5.0.3"));
        assert_eq!(
            marks.failed_kind("clusterkubedescheduleroperator.v5.0.4"),
            Some("csv")
        );
        assert_eq!(
            marks.failed_kind("clusterkubedescheduleroperator.v5.0.3"),
            None
        );
        let route =
            olm_graph_core::view::PathOverlay::from_path(r.upgrade.as_ref().expect("a path"));
        assert_eq!(route.from, "clusterkubedescheduleroperator.v5.0.3");
        let to: Vec<&str> = route.hops.iter().map(|h| h.to.as_str()).collect();
        assert_eq!(to, ["clusterkubedescheduleroperator.v5.0.4"]);
        assert!(route.hops[0].range, "{:?}", route.hops[0]);
        assert!(!r.commands.is_empty());
    }

    #[test]
    fn without_a_catalog_the_objects_still_speak() {
        let state = read_state(&files());
        let d = diagnosis_of(&state, None, None);
        let r = &d.operators[0];
        assert_eq!(r.state, State::FailedStuck);
        assert!(r.upgrade.is_none());
        assert!(
            !r.findings.is_empty(),
            "a finding says no catalog was given"
        );
        assert_eq!(channel_of(r, None), ChannelChoice::Default);
        assert_eq!(Opened::read(&files()).label, "cluster-stuck.yaml");
        assert_eq!(
            Opened::read(&[files()[0].clone(), files()[0].clone()]).label,
            "2 files"
        );
    }
    #[test]
    fn the_state_read_by_the_worker_crosses_as_json_unchanged() {
        let opened = Opened::read(&files());
        let json = serde_json::to_string(&opened).expect("encoded");
        let back: Opened = serde_json::from_str(&json).expect("decoded");
        assert_eq!(back.label, opened.label);
        // Every field, the objects' origins (file, line, document) and the diagnostics included.
        assert_eq!(format!("{:?}", back.state), format!("{:?}", opened.state));
        assert!(back.state.subscriptions[0].meta.origin.line > 0);
        let catalog = descheduler();
        let before = diagnosis_of(&opened.state, Some(("v4.16", &catalog)), None);
        let after = diagnosis_of(&back.state, Some(("v4.16", &catalog)), None);
        assert_eq!(format!("{after:?}"), format!("{before:?}"));
    }
}
