//! The messages between the page and the parsing Web Worker.
//!
//! The page posts a JS object `{id, kind, onlyCatalogExtensions, files: [{path, bytes}]}`, each
//! file's bytes a `Uint8Array` whose buffer is transferred, not copied, and decoded by the worker
//! (a file given as text, the sample or pasted text, is `{path, text}` with a JS string); `kind` is
//! [`KIND_CATALOG`] or [`KIND_SERIES`], or for a catalog template [`KIND_TEMPLATE`] or
//! [`KIND_RENDER_TEMPLATE`] (`files` holds the template, `sources` the bundle sources, as
//! `files`), or for a pipeline's pre-flight checks [`KIND_PREFLIGHT`] (`pipeline` its name,
//! `catalog` the catalog on screen as JSON, `files` the files it was opened from; answered
//! `preflight-done` with the report and, per message, the file it is about), or for a catalog
//! written back as FBC with an edit [`KIND_WRITE_FBC`] (`edit` an [`FbcEdit`] as JSON, `files`
//! the files the catalog was read from; answered `written` with the text). The worker answers with [`WorkerReply`] values serialized as JSON, each posted as
//! its UTF-8 bytes in a `Uint8Array` whose buffer is transferred: `ready`
//! once it listens, `cluster-state` first when some files of a catalog request hold cluster
//! objects rather than a catalog (their paths and the objects core read of them, with its
//! diagnostics; `alone` when no catalog follows), likewise `mirror-config` for
//! ImageSetConfigurations (each file with core's reading of it), `progress`
//! while it reads, `picture` when the request asked for one ([`REQ_PICTURE`]): before the
//! reading, drawn from core's skim of the files, or once the catalog is read when the skim
//! gives up; `stage` when it moves on to checking, then for a
//! catalog its bundles in `part`s of at most [`PART_BYTES`] of JSON each (so that the page
//! decodes them in short tasks of their own) and `done` with the rest of the [`Catalog`] and its
//! findings (or `series-done` with one catalog per subfolder, `render-done` with a template's
//! FBC text, `render-failed` with opm's error), or `failed`.

use olm_graph_core::change::TruncateReport;
use olm_graph_core::model::{Bundle, Package};
use olm_graph_core::preflight::Report;
use olm_graph_core::{Catalog, Diagnostic, Progress};
use serde::{Deserialize, Serialize};

use crate::state::load::LoadStage;
use crate::state::{cluster, mirror};

/// The tools worker's script, next to index.html and worker-boot.js (assets/tools-boot.js),
/// started by the page for its rare tools and by the parsing worker for what it passes on.
pub const TOOLS_URL: &str = "./tools-boot.js";

/// Most bytes of bundle JSON in one `part` reply (a bundle larger than this goes alone).
pub const PART_BYTES: usize = 256 * 1024;

/// Field names of the request object.
pub const REQ_ID: &str = "id";
pub const REQ_KIND: &str = "kind";
pub const REQ_ONLY_CATALOG_EXTENSIONS: &str = "onlyCatalogExtensions";
pub const REQ_FILES: &str = "files";
/// The bundle sources of a template request (rendered catalogs standing in for the registry).
pub const REQ_SOURCES: &str = "sources";
/// The pipeline of a pre-flight request (`community`, `certified`, `konflux`).
pub const REQ_PIPELINE: &str = "pipeline";
/// The catalog of a pre-flight request, as the JSON of core's `Catalog` (a JS string).
pub const REQ_CATALOG: &str = "catalog";
/// The edit of a write request, as the JSON of an [`FbcEdit`] (a JS string).
pub const REQ_EDIT: &str = "edit";
/// The channel a catalog request asks to have drawn as soon as the catalog is read, before it
/// is checked: `{package, channel}` (JS strings); answered with `picture` when the catalog has
/// it. Posted by assets/boot.js for a `url=` link (docs/performance.md, "First draw").
pub const REQ_PICTURE: &str = "picture";
pub const PICTURE_PACKAGE: &str = "package";
pub const PICTURE_CHANNEL: &str = "channel";
/// The id of the request assets/boot.js posts itself for a `url=` link's catalog, before the
/// app has started (it must say the same number); the app adopts it
/// (`services::parser::WorkerClient::take_early`). The app's own ids count up from 1 and do not
/// reach it.
pub const EARLY_REQUEST_ID: u32 = 2_000_000_000;
pub const FILE_PATH: &str = "path";
/// A file's text, as a JS string.
pub const FILE_TEXT: &str = "text";
/// A file's bytes, as a `Uint8Array` (decoded as `state::load::text_from_utf8` says).
pub const FILE_BYTES: &str = "bytes";

/// `kind` of a request: parse the files as one catalog, and lint it.
pub const KIND_CATALOG: &str = "catalog";
/// `kind` of a request: parse each subfolder as one catalog of a series.
pub const KIND_SERIES: &str = "series";
/// `kind` of a request: the catalog a template stands for, rendered with the bundle sources
/// and linted (answered with `done`).
pub const KIND_TEMPLATE: &str = "template";
/// `kind` of a request: a template's FBC text, as `olm-graph render-template` writes it
/// (answered with `render-done` or `render-failed`).
pub const KIND_RENDER_TEMPLATE: &str = "render-template";
/// `kind` of a request: a pipeline's pre-flight checks of a catalog and the files it was
/// opened from (answered with `preflight-done`).
pub const KIND_PREFLIGHT: &str = "preflight";

/// `kind` of a request: a catalog written back as FBC from the files it was read from (`files`),
/// with an edit (`edit`), by core's one FBC writer, which reads the files' documents again
/// (answered with `written`).
pub const KIND_WRITE_FBC: &str = "write-fbc";

/// The edit a write request applies while it writes the catalog's files back as FBC.
/// Externally tagged (`{"truncated": {…}}`): an internally tagged enum is decoded through
/// serde's buffered content, which added 80 KB of code to the tools worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FbcEdit {
    /// Deprecate-and-truncate's result (core's `change::write_truncated`): the package as
    /// changed, and the report of what went.
    Truncated {
        report: TruncateReport,
        package: Box<Package>,
    },
    /// What a mirror cut keeps (core's `mirror::write_kept`): the packages kept.
    Kept { packages: Vec<Package> },
}

/// What the worker posts back (as a JSON string).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum WorkerReply {
    /// The worker is listening; requests posted before this would be lost.
    Ready,
    /// Files of catalog request `id` that hold cluster objects (core's `is_cluster_state`),
    /// their paths and what core read of them (`cluster::read_cluster_files`); they are not
    /// part of the catalog. `alone`: no other file came with them, so no catalog follows and
    /// the one on screen stays.
    ClusterState {
        id: u32,
        paths: Vec<String>,
        opened: cluster::Opened,
        alone: bool,
    },
    /// Files of catalog request `id` that hold an ImageSetConfiguration (core's
    /// `mirror::looks_like_isc`), each with what core read of it (`mirror::read_config`); not
    /// part of the catalog. `alone`: nothing else came with them.
    MirrorConfig {
        id: u32,
        configs: Vec<mirror::Opened>,
        alone: bool,
    },
    /// The channel catalog request `id` asked for ([`REQ_PICTURE`]), drawn as `olm-graph render
    /// -f svg --no-tooltips` draws it, posted before the catalog is read (from core's skim of
    /// the files) or, when the skim gives up, as soon as it is read: assets/boot.js shows it
    /// until the app has drawn its own graph; the app ignores it.
    Picture { id: u32, svg: String },
    /// Parsing request `id` has got this far.
    Progress { id: u32, progress: Progress },
    /// Parsing request `id` has moved on to `stage`.
    Stage { id: u32, stage: LoadStage },
    /// Bundles of package `package` (its index in the catalog of the coming `done`), in order:
    /// they are appended to that package's bundles.
    Part {
        id: u32,
        package: usize,
        bundles: Vec<Bundle>,
    },
    /// Request `id` is done: the catalog (its bundles sent ahead in `part`s when it is a
    /// parsing request) and every finding (`lint_catalog`).
    Done {
        id: u32,
        catalog: Catalog,
        findings: Vec<Diagnostic>,
    },
    /// Series request `id` is done: (folder name, catalog) in version order.
    SeriesDone {
        id: u32,
        series: Vec<(String, Catalog)>,
    },
    /// Template request `id` rendered: the FBC text and its warnings (stubs, passed-through
    /// documents, unreadable bundle-source documents).
    RenderDone {
        id: u32,
        text: String,
        warnings: Vec<Diagnostic>,
    },
    /// Template request `id` could not be rendered: opm's error, with the template's position.
    RenderFailed { id: u32, error: Diagnostic },
    /// Pre-flight request `id` is done: the pipeline's report (core's `preflight`) and, for
    /// each message of each check, the file it is about (empty when none).
    PreflightDone {
        id: u32,
        report: Report,
        places: Vec<Vec<String>>,
    },
    /// Write request `id` is done: the catalog's FBC text.
    Written { id: u32, text: String },
    /// Request `id` could not be handled (a malformed request, a folder that is no series;
    /// problems inside a catalog are findings).
    Failed { id: u32, message: String },
}

impl WorkerReply {
    /// The JSON text posted to the page.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            format!(r#"{{"type":"failed","id":0,"message":"could not encode the reply: {e}"}}"#)
        })
    }

    /// The request a reply answers (`None` for `ready`).
    pub fn request_id(&self) -> Option<u32> {
        match self {
            WorkerReply::Ready => None,
            WorkerReply::Progress { id, .. }
            | WorkerReply::Picture { id, .. }
            | WorkerReply::ClusterState { id, .. }
            | WorkerReply::MirrorConfig { id, .. }
            | WorkerReply::Stage { id, .. }
            | WorkerReply::Part { id, .. }
            | WorkerReply::Done { id, .. }
            | WorkerReply::SeriesDone { id, .. }
            | WorkerReply::RenderDone { id, .. }
            | WorkerReply::RenderFailed { id, .. }
            | WorkerReply::PreflightDone { id, .. }
            | WorkerReply::Written { id, .. }
            | WorkerReply::Failed { id, .. } => Some(*id),
        }
    }

    /// Reads a reply; an error message when it is not one.
    pub fn from_json(text: &str) -> Result<WorkerReply, String> {
        WorkerReply::from_json_bytes(text.as_bytes())
    }

    /// Reads a reply from its JSON's UTF-8 bytes (as posted); an error message when it is not
    /// one.
    pub fn from_json_bytes(bytes: &[u8]) -> Result<WorkerReply, String> {
        serde_json::from_slice(bytes).map_err(|e| format!("unreadable reply from the parser: {e}"))
    }
}

/// The replies that carry a parsed catalog, each passed to `post` as its JSON text: the
/// bundles of each package in `part`s of at most [`PART_BYTES`] (a larger bundle alone), then
/// `done` with the catalog without them. JSON is written once per bundle, as for one reply.
///
/// # Complexity
/// O(S) for S bytes of JSON.
pub fn catalog_replies(
    id: u32,
    mut catalog: Catalog,
    findings: Vec<Diagnostic>,
    post: &mut dyn FnMut(String),
) {
    for (index, package) in catalog.packages.iter_mut().enumerate() {
        let bundles = std::mem::take(&mut package.bundles);
        let mut part = String::new();
        for bundle in &bundles {
            let json = match serde_json::to_string(bundle) {
                Ok(json) => json,
                Err(e) => {
                    let message = format!("could not encode bundle {}: {e}", bundle.name);
                    return post(WorkerReply::Failed { id, message }.to_json());
                }
            };
            if !part.is_empty() && part.len() + json.len() > PART_BYTES {
                post(part_reply(id, index, &part));
                part.clear();
            }
            if !part.is_empty() {
                part.push(',');
            }
            part.push_str(&json);
        }
        if !part.is_empty() {
            post(part_reply(id, index, &part));
        }
    }
    post(
        WorkerReply::Done {
            id,
            catalog,
            findings,
        }
        .to_json(),
    );
}

/// A `part` reply around bundles already written as JSON (comma-separated).
fn part_reply(id: u32, package: usize, bundles: &str) -> String {
    format!(r#"{{"type":"part","id":{id},"package":{package},"bundles":[{bundles}]}}"#)
}

/// Appends the bundles of `part` replies to the packages of the catalog of the `done` reply
/// that followed them (a part naming no package of the catalog is dropped).
///
/// # Complexity
/// O(B) for B bundles in the parts.
pub fn join_parts(catalog: &mut Catalog, parts: Vec<(usize, Vec<Bundle>)>) {
    for (index, bundles) in parts {
        if let Some(package) = catalog.packages.get_mut(index) {
            package.bundles.extend(bundles);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::validate::lint_catalog;
    use olm_graph_core::{load_files, InputFile};
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// The sample's reply the app keeps (`sources::SAMPLE_REPLY`) is the worker's reply for
    /// the sample, byte for byte. `OLM_BLESS=1` rewrites assets/sample-reply.json instead
    /// (the tests run in Node, which can write it).
    #[test]
    fn the_samples_reply_kept_by_the_app_is_the_workers() {
        use crate::services::sources::{SAMPLE_CATALOG, SAMPLE_PATH, SAMPLE_REPLY};
        use crate::worker::parse::{load_options, parse_catalog};
        use olm_graph_core::open::load_fbc_files_with_progress;
        let files = vec![InputFile::new(SAMPLE_PATH, SAMPLE_CATALOG)];
        let (catalog, findings) = parse_catalog(
            load_fbc_files_with_progress,
            files,
            load_options(false),
            &mut |_| {},
            &mut |_| {},
            &mut |_| {},
        );
        let fresh = WorkerReply::Done {
            id: 0,
            catalog,
            findings,
        }
        .to_json();
        let bless = js_sys::eval("globalThis.process?.env?.OLM_BLESS === '1'")
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(false);
        if bless {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/sample-reply.json");
            let script = format!(
                "process.getBuiltinModule('fs').writeFileSync({}, {})",
                serde_json::to_string(path).unwrap(),
                serde_json::to_string(&format!("{fresh}\n")).unwrap()
            );
            js_sys::eval(&script).expect("assets/sample-reply.json written");
            return;
        }
        assert!(
            SAMPLE_REPLY.trim_end() == fresh,
            "assets/sample-reply.json is not the worker's reply for the sample: run this test with OLM_BLESS=1"
        );
    }

    #[test]
    fn worker_replies_round_trip() {
        let catalog = load_files(vec![InputFile::new(
            "sample.yaml",
            include_str!("../../assets/sample-catalog.yaml"),
        )]);
        let findings = lint_catalog(&catalog);
        let reply = WorkerReply::Done {
            id: 7,
            catalog,
            findings,
        };
        match WorkerReply::from_json(&reply.to_json()) {
            Ok(WorkerReply::Done {
                id,
                catalog,
                findings,
            }) => {
                assert_eq!(id, 7);
                assert_eq!(catalog.packages.len(), 2);
                assert_eq!(findings.len(), 1);
            }
            other => panic!("unexpected {other:?}"),
        }
        assert!(WorkerReply::from_json("{\"type\":\"nope\"}").is_err());
    }

    #[test]
    fn a_catalog_crosses_in_parts_and_is_joined_again() {
        let text = include_str!("../../tests/e2e/fixtures/lifecycle.yaml");
        let catalog = load_files(vec![InputFile::new("c.yaml", text)]);
        let expected = serde_json::to_string(&catalog).unwrap();
        let bundles: usize = catalog.packages.iter().map(|p| p.bundles.len()).sum();
        assert!(bundles > 2, "the fixture has bundles to split");
        let mut replies = Vec::new();
        catalog_replies(3, catalog, Vec::new(), &mut |r| replies.push(r));
        assert!(replies.len() >= 2, "bundles cross before the catalog");
        let mut parts = Vec::new();
        let mut joined = None;
        for reply in &replies {
            match WorkerReply::from_json(reply).unwrap() {
                WorkerReply::Part {
                    id: 3,
                    package,
                    bundles,
                } => parts.push((package, bundles)),
                WorkerReply::Done { id: 3, catalog, .. } => {
                    assert!(catalog.packages.iter().all(|p| p.bundles.is_empty()));
                    joined = Some(catalog);
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        let mut joined = joined.unwrap();
        join_parts(&mut joined, parts);
        assert_eq!(serde_json::to_string(&joined).unwrap(), expected);
    }

    #[test]
    fn replies_read_from_their_bytes() {
        let reply = WorkerReply::Failed {
            id: 4,
            message: "caf\u{e9}".into(),
        };
        match WorkerReply::from_json_bytes(reply.to_json().as_bytes()) {
            Ok(WorkerReply::Failed { id: 4, message }) => assert_eq!(message, "caf\u{e9}"),
            other => panic!("unexpected {other:?}"),
        }
        let err = WorkerReply::from_json_bytes(b"{\"type\":\"ready\"\xFF").unwrap_err();
        assert!(err.starts_with("unreadable reply from the parser"), "{err}");
    }

    #[test]
    fn big_catalogs_cross_in_parts_under_the_budget() {
        let mut text = String::from("schema: olm.package\nname: p\n");
        for i in 0..3000 {
            text += &format!(
                "---\nschema: olm.bundle\nname: p.v{i}\npackage: p\nimage: quay.io/p:v{i}\nproperties:\n- type: olm.package\n  value: {{packageName: p, version: 0.0.{i}}}\n"
            );
        }
        let catalog = load_files(vec![InputFile::new("c.yaml", text)]);
        let mut replies = Vec::new();
        catalog_replies(1, catalog, Vec::new(), &mut |r| replies.push(r));
        let (done, parts) = replies.split_last().unwrap();
        assert!(parts.len() > 1, "{} parts", parts.len());
        // Each part stays within the budget (plus its small envelope).
        assert!(parts.iter().all(|p| p.len() <= PART_BYTES + 100));
        let received: usize = parts
            .iter()
            .map(|p| match WorkerReply::from_json(p).unwrap() {
                WorkerReply::Part { bundles, .. } => bundles.len(),
                other => panic!("unexpected {other:?}"),
            })
            .sum();
        assert_eq!(received, 3000);
        assert!(done.starts_with(r#"{"type":"done""#));
    }
}
