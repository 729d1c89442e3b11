//! The worker side: runs in the Web Worker (`src/bin/worker.rs`), parses the posted files with
//! core's loader, lints the catalog and posts it back. Never called on the page.

use js_sys::{Array, Reflect};
use olm_graph_core::{load_files_with_progress, validate::lint_catalog, InputFile, LoadOptions};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::protocol::{self, WorkerReply};

/// Progress is posted at most this often (milliseconds), plus at the start and the end.
const PROGRESS_INTERVAL_MS: f64 = 40.0;

/// Installs the message handler and tells the page the worker is ready.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post_scope = scope.clone();
    let handler = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        handle(&post_scope, ev.data());
    });
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
    post(&scope, &WorkerReply::Ready);
}

fn post(scope: &DedicatedWorkerGlobalScope, reply: &WorkerReply) {
    // Posting only fails for uncloneable values; a string always clones.
    let _ = scope.post_message(&JsValue::from_str(&reply.to_json()));
}

fn handle(scope: &DedicatedWorkerGlobalScope, data: JsValue) {
    let id = Reflect::get(&data, &protocol::REQ_ID.into())
        .ok()
        .and_then(|v| v.as_f64())
        .map_or(0, |v| v as u32);
    let files = match decode_files(&data) {
        Ok(f) => f,
        Err(message) => {
            post(scope, &WorkerReply::Failed { id, message });
            return;
        }
    };
    let only = Reflect::get(&data, &protocol::REQ_ONLY_CATALOG_EXTENSIONS.into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    let options = LoadOptions {
        only_catalog_extensions: only,
    };
    let mut last = f64::NEG_INFINITY;
    let catalog = load_files_with_progress(files, options, &mut |progress| {
        let now = js_sys::Date::now();
        let finished = progress.bytes_done >= progress.bytes_total
            && progress.files_done >= progress.files_total;
        if now - last >= PROGRESS_INTERVAL_MS || finished {
            last = now;
            post(scope, &WorkerReply::Progress { id, progress });
        }
    });
    let findings = lint_catalog(&catalog);
    post(
        scope,
        &WorkerReply::Done {
            id,
            catalog,
            findings,
        },
    );
}

fn decode_files(data: &JsValue) -> Result<Vec<InputFile>, String> {
    let files = Reflect::get(data, &protocol::REQ_FILES.into())
        .ok()
        .filter(Array::is_array)
        .ok_or("the request has no file list")?;
    let files: Array = files.unchecked_into();
    let mut out = Vec::with_capacity(files.length() as usize);
    for f in files.iter() {
        let path = Reflect::get(&f, &protocol::FILE_PATH.into())
            .ok()
            .and_then(|v| v.as_string())
            .ok_or("a file of the request has no path")?;
        let text = Reflect::get(&f, &protocol::FILE_TEXT.into())
            .ok()
            .and_then(|v| v.as_string())
            .ok_or_else(|| format!("{path}: the file has no text"))?;
        out.push(InputFile { path, text });
    }
    Ok(out)
}
