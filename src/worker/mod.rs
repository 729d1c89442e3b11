//! The app's Web Workers, one scaffold ([`run`]) serving what it is given:
//! - the parsing worker (`src/bin/worker.rs`, started by the page as `worker-boot.js`,
//!   [`parsing::serve`]): reads each request's files with core's loader and posts the catalog
//!   back ([`protocol`]); what it does not serve (catalog templates, files that might hold one,
//!   cluster state, ImageSetConfigurations, preflight) it hands to a tools worker of its own
//!   ([`relay`]);
//! - the tools worker (`src/bin/tools.rs`, `tools-boot.js`, [`tools::serve`]), started on the
//!   first request for a rare tool only: renders catalog templates ([`template`]), reads
//!   catalogs with templates expanded, and the files of cluster state and ImageSetConfigurations
//!   beside them or alone.
//!
//! What they do with the files is pure ([`parse`], [`template`]); this module only talks to the
//! worker scope. Each binary's `main` names what its worker serves, so the parsing worker's
//! wasm links neither core's template renderer nor the tools (docs/performance.md, "First
//! draw").

pub mod parse;
pub mod parsing;
pub mod protocol;
pub mod relay;
pub mod template;
pub mod tools;

use gloo_events::EventListener;
use js_sys::{Array, Reflect, Uint8Array};
use olm_graph_core::InputFile;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::state::load::text_from_utf8;
use crate::state::{cluster, mirror};
use parse::{
    first_picture, load_options, parse_catalog, skimmed_picture, split_cluster_state,
    split_mirror_configs, LoadFn,
};
use protocol::{catalog_replies, WorkerReply};

/// Progress is posted at most this often (milliseconds), plus at the start and the end.
const PROGRESS_INTERVAL_MS: f64 = 40.0;

/// What a worker does with one request (the message's data).
pub type Serve = fn(&DedicatedWorkerGlobalScope, JsValue);

/// Listens for requests, each handed to `serve`, and tells the page the worker is ready.
pub fn run(serve: Serve) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post_scope = scope.clone();
    EventListener::new(&scope, "message", move |ev| {
        if let Some(ev) = ev.dyn_ref::<MessageEvent>() {
            serve(&post_scope, ev.data());
        }
    })
    .forget();
    post(&scope, &WorkerReply::Ready);
}

fn post(scope: &DedicatedWorkerGlobalScope, reply: &WorkerReply) {
    post_text(scope, &reply.to_json());
}

/// Posts a reply's JSON as UTF-8 bytes in a buffer of its own, transferred to the page (no
/// re-encoding to a JS string here, no copy in between, no decoding on the page).
fn post_text(scope: &DedicatedWorkerGlobalScope, text: &str) {
    post_bytes(scope, &Uint8Array::from(text.as_bytes()));
}

/// Posts a reply's bytes, their buffer transferred.
fn post_bytes(scope: &DedicatedWorkerGlobalScope, bytes: &Uint8Array) {
    let transfer = Array::of1(&bytes.buffer());
    // Posting only fails for uncloneable values; a buffer always transfers.
    let _ = scope.post_message_with_transfer(bytes, &transfer);
}

fn field(data: &JsValue, name: &str) -> Option<JsValue> {
    Reflect::get(data, &name.into()).ok()
}

/// The request's id (0 when it has none).
fn request_id(data: &JsValue) -> u32 {
    field(data, protocol::REQ_ID)
        .and_then(|v| v.as_f64())
        .map_or(0, |v| v as u32)
}

/// The request's kind.
fn request_kind(data: &JsValue) -> Option<String> {
    field(data, protocol::REQ_KIND).and_then(|v| v.as_string())
}

/// The `{package, channel}` a request asks to have drawn ([`protocol::REQ_PICTURE`]).
fn requested_picture(data: &JsValue) -> Option<(String, String)> {
    let picture = field(data, protocol::REQ_PICTURE)?;
    let text = |name| field(&picture, name).and_then(|v| v.as_string());
    Some((
        text(protocol::PICTURE_PACKAGE)?,
        text(protocol::PICTURE_CHANNEL)?,
    ))
}

/// The files of cluster state and ImageSetConfigurations of a catalog request, split off, read
/// with core's readers and posted (so the page links no YAML parser): by the tools worker, to
/// which the parsing worker passes any request that holds one ([`parsing`]; its wasm then
/// links neither reader: docs/performance.md, "First draw"). The rest of the files, to be read
/// as a catalog, or `None` when the request held nothing else.
///
/// # Complexity
/// O(n) in the length of the files to split them, then that of core's cluster-state and
/// ImageSetConfiguration readers on theirs.
fn serve_state_and_configs(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    files: Vec<InputFile>,
) -> Option<Vec<InputFile>> {
    let (state, files) = split_cluster_state(files);
    let (configs, files) = split_mirror_configs(files);
    if !configs.is_empty() {
        let alone = files.is_empty() && state.is_empty();
        let configs = configs.into_iter().map(mirror::read_file).collect();
        post(scope, &WorkerReply::MirrorConfig { id, configs, alone });
        if alone {
            return None;
        }
    }
    if !state.is_empty() {
        let alone = files.is_empty();
        let paths = state.iter().map(|f| f.path.clone()).collect();
        let opened = cluster::Opened::read(&state);
        drop(state);
        post(
            scope,
            &WorkerReply::ClusterState {
                id,
                paths,
                opened,
                alone,
            },
        );
        if alone {
            return None;
        }
    }
    Some(files)
}

/// A catalog request's files read with `load`, the channel it asks to have drawn posted as soon
/// as it is read, then linted, the catalog posted in parts.
fn serve_catalog(
    scope: &DedicatedWorkerGlobalScope,
    id: u32,
    data: &JsValue,
    files: Vec<InputFile>,
    load: LoadFn,
) {
    let only = field(data, protocol::REQ_ONLY_CATALOG_EXTENSIONS)
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let picture = requested_picture(data);
    // Drawn from the skim first when it can be: before the whole catalog is read.
    let skimmed = (picture.as_ref()).and_then(|(p, c)| skimmed_picture(&files, only, p, c));
    let pictured = skimmed.is_some();
    if let Some(svg) = skimmed {
        post(scope, &WorkerReply::Picture { id, svg });
    }
    let mut last = f64::NEG_INFINITY;
    let (catalog, findings) = parse_catalog(
        load,
        files,
        load_options(only),
        &mut |progress| {
            let now = js_sys::Date::now();
            let finished = progress.bytes_done >= progress.bytes_total
                && progress.files_done >= progress.files_total;
            if now - last >= PROGRESS_INTERVAL_MS || finished {
                last = now;
                post(scope, &WorkerReply::Progress { id, progress });
            }
        },
        &mut |catalog| {
            if pictured {
                return;
            }
            let drawn = (picture.as_ref()).and_then(|(p, c)| first_picture(catalog, p, c));
            if let Some(svg) = drawn {
                post(scope, &WorkerReply::Picture { id, svg });
            }
        },
        &mut |stage| post(scope, &WorkerReply::Stage { id, stage }),
    );
    catalog_replies(id, catalog, findings, &mut |text| post_text(scope, &text));
}

/// A series request: one catalog per subfolder, read with `load`.
fn serve_series(scope: &DedicatedWorkerGlobalScope, id: u32, files: Vec<InputFile>, load: LoadFn) {
    let reply = match parse::parse_series(load, files) {
        Ok(series) => WorkerReply::SeriesDone { id, series },
        Err(message) => WorkerReply::Failed { id, message },
    };
    post(scope, &reply);
}

fn decode_files(data: &JsValue) -> Result<Vec<InputFile>, String> {
    decode_list(data, protocol::REQ_FILES)
}

/// The `{path, text}` or `{path, bytes}` list in field `name` of the request.
///
/// # Complexity
/// O(F + B) for F files of B bytes (each file's bytes copied into wasm memory once).
fn decode_list(data: &JsValue, name: &str) -> Result<Vec<InputFile>, String> {
    let files = field(data, name)
        .filter(Array::is_array)
        .ok_or_else(|| format!("the request has no {name} list"))?;
    let files: Array = files.unchecked_into();
    let mut out = Vec::with_capacity(files.length() as usize);
    for f in files.iter() {
        let path = field(&f, protocol::FILE_PATH)
            .and_then(|v| v.as_string())
            .ok_or("a file of the request has no path")?;
        let bytes = field(&f, protocol::FILE_BYTES).and_then(|v| v.dyn_into::<Uint8Array>().ok());
        let text = match bytes {
            Some(bytes) => text_from_utf8(bytes.to_vec()),
            None => field(&f, protocol::FILE_TEXT)
                .and_then(|v| v.as_string())
                .ok_or_else(|| format!("{path}: the file has no text"))?,
        };
        out.push(InputFile { path, text });
    }
    Ok(out)
}
