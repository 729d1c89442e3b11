//! The catalog on screen and the loading around it: what is loaded (with where it came from),
//! the load in progress, the outcome of the last load and the problems outside any catalog.

use leptos::prelude::*;
use olm_graph_core::view::{package_summaries, PackageSummary};
use olm_graph_core::{Catalog, Diagnostic, InputFile, Progress, Severity};
use serde::{Deserialize, Serialize};

use crate::state::shared::Shared;

/// One file to parse: its path (relative to a picked folder, or just the name) and its
/// content, kept in JS so that large catalogs are not copied into the page's memory.
#[derive(Debug, Clone)]
pub struct FileText {
    pub path: String,
    pub text: FileBody,
}

impl FileText {
    /// The file as core reads it (the text copied out of JS).
    pub fn to_input_file(&self) -> InputFile {
        InputFile::new(self.path.clone(), String::from(&self.text))
    }
}

/// A file's content as the page holds it: text given as text (the sample, pasted text, a
/// template being edited), or the bytes of a file read from the disk or the network, which
/// the parsing worker decodes itself, so the page never decodes them unless it needs the text.
/// Bytes decode as the browser decodes a file's text (`Blob.text()`): UTF-8, a leading byte
/// order mark dropped, each invalid sequence replaced by U+FFFD.
#[derive(Debug, Clone)]
pub enum FileBody {
    Text(js_sys::JsString),
    Bytes(js_sys::Uint8Array),
}

impl FileBody {
    /// The text, as a JS string (decoded by the browser's `TextDecoder` when these are bytes).
    ///
    /// # Complexity
    /// O(n) for n bytes when decoding.
    pub fn text(&self) -> js_sys::JsString {
        match self {
            FileBody::Text(text) => text.clone(),
            FileBody::Bytes(bytes) => decoder::Utf8Decoder::new().decode(bytes),
        }
    }

    /// Whether the text holds `needle`.
    ///
    /// # Complexity
    /// O(n) for n bytes.
    pub fn includes(&self, needle: &str) -> bool {
        self.text().includes(needle, 0)
    }
}

impl From<js_sys::JsString> for FileBody {
    fn from(text: js_sys::JsString) -> Self {
        FileBody::Text(text)
    }
}

impl From<&FileBody> for String {
    /// The text copied out of JS (bytes decoded with [`text_from_utf8`]).
    fn from(body: &FileBody) -> String {
        match body {
            FileBody::Text(text) => String::from(text),
            FileBody::Bytes(bytes) => text_from_utf8(bytes.to_vec()),
        }
    }
}

/// A file's bytes as text, as the browser decodes them (`Blob.text()`, `TextDecoder`): UTF-8,
/// a leading byte order mark dropped, each invalid sequence replaced by U+FFFD (the Unicode
/// Standard's maximal-subpart substitution, which both follow). Valid UTF-8 is not copied.
///
/// # Complexity
/// O(n) for n bytes.
pub fn text_from_utf8(mut bytes: Vec<u8>) -> String {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

mod decoder {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        /// The browser's `TextDecoder` (UTF-8, the default), returning a JS string.
        #[wasm_bindgen(js_name = TextDecoder)]
        pub type Utf8Decoder;
        #[wasm_bindgen(constructor, js_class = "TextDecoder")]
        pub fn new() -> Utf8Decoder;
        #[wasm_bindgen(method, js_class = "TextDecoder")]
        pub fn decode(this: &Utf8Decoder, bytes: &js_sys::Uint8Array) -> js_sys::JsString;
    }
}

/// A catalog on screen.
#[derive(Debug)]
pub struct Loaded {
    /// What was loaded ("sample catalog", a file name, "3 files from v4.21", a URL).
    pub label: String,
    pub catalog: Catalog,
    /// Every finding: load diagnostics, opm's rules and the curator lints.
    pub findings: Vec<Diagnostic>,
    pub summaries: Vec<PackageSummary>,
    /// Where it was read from, when that can be read again or written back.
    pub origin: Origin,
}

impl Loaded {
    pub fn new(label: String, catalog: Catalog, findings: Vec<Diagnostic>, origin: Origin) -> Self {
        let summaries = package_summaries(&catalog, &findings);
        Loaded {
            label,
            catalog,
            findings,
            summaries,
            origin,
        }
    }
}

/// Where a loaded catalog came from.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    /// The http(s) URL it was fetched from (a link can name it).
    pub url: Option<String>,
    /// The files as read, for writing a changed catalog back out.
    pub files: Vec<FileText>,
    /// Read with directory semantics (only .json, .yaml and .yml files count).
    pub only_catalog_extensions: bool,
    /// The one folder picked or dropped, which the files' paths are relative to.
    pub folder: Option<String>,
}

/// A loading in progress, or none.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum LoadStatus {
    #[default]
    Idle,
    Reading {
        label: String,
    },
    /// In the worker, then on the page: `stage` says which step, `progress` how far the
    /// reading has got (while parsing) or the parts received so far (while receiving).
    Parsing {
        label: String,
        progress: Option<Progress>,
        stage: LoadStage,
    },
}

/// The steps of a load after the files are read, named in the progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LoadStage {
    /// The worker reads the files (core's loader).
    #[default]
    Parsing,
    /// The worker checks the catalog (opm's rules and the lints).
    Checking,
    /// The page receives the catalog, part by part.
    Receiving,
    /// The page builds the channel graphs of the package to show.
    Graphs,
    /// The page lays out the channel to show.
    Layout,
}

impl LoadStage {
    /// The step in words, as the progress bar starts its line.
    pub fn verb(self) -> &'static str {
        match self {
            LoadStage::Parsing => "Parsing",
            LoadStage::Checking => "Checking",
            LoadStage::Receiving => "Receiving",
            LoadStage::Graphs => "Building the graphs of",
            LoadStage::Layout => "Laying out",
        }
    }
}

/// The outcome of the last load, for the problems panel.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadReport {
    pub label: String,
    /// Errors and warnings found while reading (not the lints: those are in the findings panel).
    pub diagnostics: Vec<Diagnostic>,
    pub packages: usize,
    /// The catalog could not be used and the previous one (this label) stays on screen.
    pub kept_previous: Option<String>,
}

/// A problem outside any catalog: a failed fetch, an unreadable file, a crashed parser.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub message: String,
}

/// The load store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct LoadStore {
    pub loaded: RwSignal<Option<Shared<Loaded>>>,
    pub status: RwSignal<LoadStatus>,
    pub report: RwSignal<Option<LoadReport>>,
    pub problems: RwSignal<Vec<Problem>>,
}

impl LoadStore {
    pub fn new() -> LoadStore {
        LoadStore {
            loaded: RwSignal::new(None),
            status: RwSignal::new(LoadStatus::Idle),
            report: RwSignal::new(None),
            problems: RwSignal::new(Vec::new()),
        }
    }

    pub fn get() -> LoadStore {
        expect_context::<LoadStore>()
    }

    /// Takes a parsed catalog: reports how the load went and shows it, unless it has no package
    /// while the catalog on screen has some (then that one stays). Returns whether it is shown.
    pub fn accept(&self, incoming: Shared<Loaded>) -> bool {
        let diagnostics: Vec<Diagnostic> = incoming
            .catalog
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Info)
            .cloned()
            .collect();
        let packages = incoming.catalog.packages.len();
        let previous = self.loaded.get_untracked();
        let reject = packages == 0
            && previous
                .as_ref()
                .is_some_and(|p| !p.catalog.packages.is_empty());
        self.report.set(Some(LoadReport {
            label: incoming.label.clone(),
            diagnostics,
            packages,
            kept_previous: previous.filter(|_| reject).map(|p| p.label.clone()),
        }));
        self.status.set(LoadStatus::Idle);
        if !reject {
            self.loaded.set(Some(incoming));
        }
        !reject
    }

    /// Records a problem for the problems panel and ends the load in progress.
    pub fn problem(&self, message: impl Into<String>) {
        let message = message.into();
        self.status.set(LoadStatus::Idle);
        self.problems.update(|p| p.push(Problem { message }));
    }

    /// The http(s) URL the catalog on screen came from.
    pub fn catalog_url(&self) -> Option<String> {
        self.loaded
            .with(|l| l.as_ref().and_then(|l| l.origin.url.clone()))
    }
}

impl Default for LoadStore {
    fn default() -> Self {
        LoadStore::new()
    }
}

#[cfg(test)]
mod tests {
    use super::text_from_utf8;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn bytes_decode_as_the_browser_decodes_them() {
        assert_eq!(text_from_utf8(b"a: 1\n".to_vec()), "a: 1\n");
        assert_eq!(
            text_from_utf8(b"\xEF\xBB\xBFa".to_vec()),
            "a",
            "a BOM is dropped"
        );
        assert_eq!(
            text_from_utf8(b"a\xEF\xBB\xBF".to_vec()),
            "a\u{FEFF}",
            "only a leading BOM"
        );
        // What TextDecoder gives for the same bytes (WHATWG Encoding, maximal subparts).
        assert_eq!(text_from_utf8(b"a\xFFb".to_vec()), "a\u{FFFD}b");
        assert_eq!(text_from_utf8(b"\xE2\x82".to_vec()), "\u{FFFD}");
        assert_eq!(
            text_from_utf8(b"\xF0\x80\x80".to_vec()),
            "\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        assert_eq!(
            text_from_utf8(b"\xED\xA0\x80x".to_vec()),
            "\u{FFFD}\u{FFFD}\u{FFFD}x"
        );
        assert_eq!(
            text_from_utf8(b"caf\xE9 \xC3\xA9".to_vec()),
            "caf\u{FFFD} \u{e9}"
        );
    }
}
