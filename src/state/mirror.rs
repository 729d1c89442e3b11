//! The mirror preview: an ImageSetConfiguration opened beside the catalog (told from catalog
//! files by core's `mirror::looks_like_isc`, and read in the tools worker with core's
//! `mirror::read_config`: [`read_file`]), its `mirror.operators`
//! entry as edited in the Mirror tab, and what core's `mirror` says the cut does to the package
//! on screen: per bundle of the drawn channel kept, kept only for the chain, dropped, stranded,
//! the new head, and the channels it drops (`mirror=1` in the URL shows it on the graph).
//! Nothing leaves the page.

use leptos::prelude::*;
use olm_graph_core::load::Limits;
use olm_graph_core::mirror::{
    channel_marks, dropped_channels, mirror_package, read_config, ChannelMarks, MirrorConfig,
    MirrorOptions, MirrorReport, OperatorEntry,
};
use serde::{Deserialize, Serialize};

use crate::state::graph::GraphStore;
use crate::state::load::Loaded;
use crate::state::selection::Selection;
use crate::state::shared::Shared;

/// An ImageSetConfiguration file, as the worker hands it to the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfigFile {
    pub path: String,
    pub text: String,
}

/// The configuration as read: the file and core's reading of it (entries and diagnostics).
/// The tools worker reads it and sends this to the page as JSON, so the page's wasm does not
/// link core's YAML reader (docs/performance.md, "First draw"); the text stays for the
/// download, which rewrites its lines (core's `mirror::write_config`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Opened {
    pub file: ConfigFile,
    pub config: MirrorConfig,
}

/// Reads a configuration file with core's reader, within the loader's limits.
///
/// # Complexity
/// O(n) in the length of the file.
pub fn read_file(file: ConfigFile) -> Opened {
    let config = read_config(&file.path, &file.text, &Limits::DEFAULT);
    Opened { file, config }
}

/// The cut of the package `package` of `loaded` under `entry`.
///
/// # Complexity
/// That of core's `mirror::mirror_package`: linear in the package.
pub fn report_of(loaded: &Loaded, entry: &OperatorEntry, package: &str) -> MirrorReport {
    mirror_package(&loaded.catalog, entry, package, &MirrorOptions::default())
}

/// The mirror store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct MirrorStore {
    pub opened: RwSignal<Option<Shared<Opened>>>,
    /// The `mirror.operators` entry shown (its index in the file).
    pub entry_index: RwSignal<usize>,
    /// That entry as edited in the Mirror tab (the file's, until an edit).
    pub edited: RwSignal<Option<OperatorEntry>>,
    /// `mirror=1`: the cut is drawn on the graph.
    pub on: RwSignal<bool>,
    /// The cut of the package on screen.
    pub report: Memo<Option<Shared<MirrorReport>>>,
    /// What the cut marks on the drawn channel, while `on`.
    pub marks: Memo<Option<Shared<ChannelMarks>>>,
    /// The package's channels the cut drops, while `on`.
    pub dropped: Memo<Vec<String>>,
}

impl MirrorStore {
    pub fn new(
        loaded: RwSignal<Option<Shared<Loaded>>>,
        selection: Selection,
        graph: GraphStore,
    ) -> MirrorStore {
        let opened: RwSignal<Option<Shared<Opened>>> = RwSignal::new(None);
        let edited: RwSignal<Option<OperatorEntry>> = RwSignal::new(None);
        let on = RwSignal::new(false);
        let report = Memo::new(move |_| {
            let loaded = loaded.get()?;
            let package = selection.package.get()?;
            edited.with(|e| Some(Shared::new(report_of(&loaded, e.as_ref()?, &package))))
        });
        let marks = Memo::new(move |_| {
            if !on.get() {
                return None;
            }
            let report = report.get()?;
            let channel = graph.shown_channel.get()?;
            let data = graph.package_data.get()?;
            Some(Shared::new(channel_marks(
                data.package(),
                &report,
                &channel,
            )))
        });
        let dropped = Memo::new(move |_| {
            let (true, Some(report), Some(data)) =
                (on.get(), report.get(), graph.package_data.get())
            else {
                return Vec::new();
            };
            dropped_channels(data.package(), &report)
        });
        MirrorStore {
            opened,
            entry_index: RwSignal::new(0),
            edited,
            on,
            report,
            marks,
            dropped,
        }
    }

    pub fn get() -> MirrorStore {
        expect_context::<MirrorStore>()
    }

    /// A configuration opened (read by the tools worker): it replaces the one before, its
    /// first entry is shown, the cut is drawn.
    pub fn open(&self, opened: Opened) {
        self.entry_index.set(0);
        self.edited.set(opened.config.operators.first().cloned());
        self.opened.set(Some(Shared::new(opened)));
        self.on.set(true);
    }

    /// Shows entry `i` of the file, as the file has it.
    pub fn choose_entry(&self, i: usize) {
        let entry = self
            .opened
            .with(|o| o.as_ref().and_then(|o| o.config.operators.get(i).cloned()));
        self.entry_index.set(i);
        self.edited.set(entry);
    }

    /// True when a configuration with an entry is open.
    pub fn has_config(&self) -> bool {
        self.edited.with(Option::is_some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use olm_graph_core::mirror::{set_bound, Bound};
    use olm_graph_core::{load_files, InputFile};
    use wasm_bindgen_test::wasm_bindgen_test as test;

    const ISC: &str = include_str!("../../tests/e2e/fixtures/mirror-neuron.yaml");
    /// A real catalog, built into the test (the tests run as wasm, without a file system).
    const NEURON: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/catalogs/community-operators-prod/v4.21/aws-neuron-operator.yaml"
    ));

    #[test]
    fn the_fixture_strands_two_bundles_until_min_version_is_lowered() {
        let catalog = load_files(vec![InputFile::new("neuron.yaml", NEURON)]);
        let loaded = Loaded::new("neuron".into(), catalog, Vec::new(), Default::default());
        let opened = read_file(ConfigFile {
            path: "isc.yaml".into(),
            text: ISC.into(),
        });
        assert!(opened.config.diagnostics.is_empty());
        let mut entry = opened.config.operators[0].clone();
        let report = report_of(&loaded, &entry, "aws-neuron-operator");
        assert_eq!(report.stranded.len(), 2, "{:?}", report.stranded);
        assert!(set_bound(
            &mut entry,
            "aws-neuron-operator",
            Some("Fast"),
            Bound::Min,
            "0.0.1"
        ));
        let report = report_of(&loaded, &entry, "aws-neuron-operator");
        assert!(report.stranded.is_empty());
    }

    #[test]
    fn the_configuration_read_by_the_worker_crosses_as_json_unchanged() {
        let opened = read_file(ConfigFile {
            path: "isc.yaml".into(),
            text: format!("{ISC}\nbogus: [\n"),
        });
        assert!(!opened.config.diagnostics.is_empty());
        let json = serde_json::to_string(&opened).expect("encoded");
        let back: Opened = serde_json::from_str(&json).expect("decoded");
        // The file, the entries with their locations, and the diagnostics.
        assert_eq!(format!("{back:?}"), format!("{opened:?}"));
    }
}
