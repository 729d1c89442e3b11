//! Where catalog text comes from: picked files or a picked folder, dropped files and folders,
//! a URL (fetched by the browser), pasted text, and the embedded sample. Each gives the files
//! for the parsing worker: files from the disk or the network as their bytes (`Blob.arrayBuffer()`,
//! `Response.arrayBuffer()`, all of a pick or a drop read at once), which the worker decodes,
//! so the page never decodes nor copies them into its own memory; the sample and pasted text as
//! JS strings.

use gloo_net::http::Request;
use js_sys::{Array, JsString, Promise};
use olm_graph_core::load::fetched_catalog_problem;
use olm_graph_core::sort::SortWith;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    DataTransfer, File, FileList, FileSystemDirectoryEntry, FileSystemEntry, FileSystemFileEntry,
    HtmlInputElement,
};

use crate::services::parser::js_text;
use crate::state::load::{FileBody, FileText};

/// The sample catalog, served beside the app (`dist/sample-catalog.yaml`, from
/// `assets/`) and fetched only when the sample is shown ([`sample`]); the tests read it here.
pub const SAMPLE_CATALOG: &str = include_str!("../../assets/sample-catalog.yaml");
pub const SAMPLE_PATH: &str = "sample-catalog.yaml";
/// The worker's reply for the sample (`done`, id 0), served beside the app
/// (`dist/sample-reply.json`) so that the sample is drawn without waiting for the worker
/// (`services::loader`); `worker::protocol`'s tests keep it equal to what the worker says
/// (`OLM_BLESS=1` rewrites it).
pub const SAMPLE_REPLY: &str = include_str!("../../assets/sample-reply.json");
/// Where the app finds the sample's reply, beside the page.
const SAMPLE_REPLY_PATH: &str = "sample-reply.json";
/// The global on which assets/boot.js leaves the sample's two fetches (`catalog` and `reply`,
/// promises of their texts or null) when the page opens bare.
const SAMPLE_PREFETCH: &str = "olmGraphSample";

/// Files to parse, with how to read them.
#[derive(Debug, Clone)]
pub struct Source {
    /// Shown to the user ("sample catalog", "project-quay.yaml", "folder v4.21 (12 files)").
    pub label: String,
    pub files: Vec<FileText>,
    /// Directory semantics: only .json, .yaml and .yml files are read, `.indexignore` applies.
    pub only_catalog_extensions: bool,
    /// The http(s) URL it was fetched from, so a link can reload it.
    pub url: Option<String>,
    /// The name of the one folder picked or dropped, whose files' paths are relative to it.
    pub folder: Option<String>,
}

impl Source {
    fn one(label: &str, path: &str, text: JsString) -> Source {
        Source {
            label: label.into(),
            files: vec![FileText {
                path: path.into(),
                text: text.into(),
            }],
            only_catalog_extensions: false,
            url: None,
            folder: None,
        }
    }
}

impl Source {
    /// Whether this is the embedded sample (what a page shows when nothing was brought).
    pub fn is_sample(&self) -> bool {
        self.url.is_none()
            && self.label == SAMPLE_LABEL
            && matches!(self.files.as_slice(), [f] if f.path == SAMPLE_PATH)
    }
}

const SAMPLE_LABEL: &str = "sample catalog";

/// The sample, and the worker's reply for it when it could be fetched (without it the worker
/// reads the sample). Both are served beside the app and fetched only when the sample is shown,
/// not carried in the app's wasm (docs/performance.md, "First draw"): taken from
/// assets/boot.js's fetches when the page opened bare, else fetched now.
pub async fn sample() -> Result<(Source, Option<String>), String> {
    let (catalog, reply) = prefetched_sample();
    // boot.js's fetch of the catalog failed (null): fetched again, its failure told; of the
    // reply: the worker reads the sample instead.
    let prefetched_catalog = match catalog {
        Some(text) => settled_text(text).await,
        None => None,
    };
    let catalog = match prefetched_catalog {
        Some(text) => text,
        None => fetch_text(SAMPLE_PATH).await?,
    };
    let reply = match reply {
        Some(text) => settled_text(text).await,
        None => fetch_text(SAMPLE_REPLY_PATH).await.ok(),
    };
    let source = Source::one(SAMPLE_LABEL, SAMPLE_PATH, JsString::from(catalog));
    Ok((source, reply))
}

/// The text a promise of boot.js's gives, if it gives one.
async fn settled_text(text: Promise) -> Option<String> {
    JsFuture::from(text).await.ok()?.as_string()
}

/// A sample file's text, fetched from beside the page.
async fn fetch_text(path: &str) -> Result<String, String> {
    let failed = |why: String| format!("could not fetch the sample ({path}): {why}");
    let resp = fetch_beside(path).await.map_err(failed)?;
    resp.text().await.map_err(|e| failed(e.to_string()))
}

/// A file served beside the page (a path relative to it), answered with a success status;
/// else why not ("HTTP 404", the network's error), for the caller to word.
pub async fn fetch_beside(path: &str) -> Result<gloo_net::http::Response, String> {
    let resp = Request::get(path).send().await.map_err(|e| e.to_string())?;
    if !resp.ok() {
        return Err(format!("HTTP {}", resp.status()));
    }
    Ok(resp)
}

/// assets/boot.js's fetches of the sample's catalog and reply, taken once.
fn prefetched_sample() -> (Option<Promise>, Option<Promise>) {
    let global = js_sys::global();
    let Ok(started) = js_sys::Reflect::get(&global, &SAMPLE_PREFETCH.into()) else {
        return (None, None);
    };
    let _ = js_sys::Reflect::delete_property(&global, &SAMPLE_PREFETCH.into());
    let promise = |key: &str| {
        js_sys::Reflect::get(&started, &key.into())
            .ok()?
            .dyn_into::<Promise>()
            .ok()
    };
    (promise("catalog"), promise("reply"))
}

/// Pasted text.
pub fn pasted(text: &str) -> Source {
    Source::one("pasted text", "pasted", JsString::from(text))
}

/// Reads files' bytes, all at once (the browser reads them side by side), in order.
///
/// # Complexity
/// O(F + B) for F files of B bytes.
async fn read_files(files: Vec<(String, File)>) -> Result<Vec<FileText>, String> {
    let reads: Vec<(String, File, Promise)> = files
        .into_iter()
        .map(|(path, file)| {
            let read = file.array_buffer();
            (path, file, read)
        })
        .collect();
    let mut out = Vec::with_capacity(reads.len());
    for (path, file, read) in reads {
        let buffer = JsFuture::from(read)
            .await
            .map_err(|e| format!("could not read {}: {}", file.name(), js_text(&e)))?;
        out.push(FileText {
            path,
            text: FileBody::Bytes(js_sys::Uint8Array::new(&buffer)),
        });
    }
    Ok(out)
}

/// A path relative to the picked folder: `webkitRelativePath` without its first part.
pub fn relative_to_picked_folder(relative: &str) -> (Option<&str>, &str) {
    match relative.split_once('/') {
        Some((folder, rest)) if !rest.is_empty() => (Some(folder), rest),
        _ => (None, relative),
    }
}

/// The file input an event came from and the files picked in it (none when nothing was).
pub fn picked(ev: &web_sys::Event) -> Option<(HtmlInputElement, FileList)> {
    let input: HtmlInputElement = ev.target()?.dyn_into().ok()?;
    let list = input.files().filter(|l| l.length() > 0)?;
    Some((input, list))
}

/// Reads what was picked in `input` ([`from_file_list`]), then clears the input so that the same
/// files can be picked again.
pub async fn read_picked(
    input: HtmlInputElement,
    list: FileList,
    directory: bool,
) -> Result<Source, String> {
    let source = from_file_list(&list, directory).await;
    input.set_value("");
    source
}

/// Files from an `<input type="file">` (several files, or a folder with `webkitdirectory`).
pub async fn from_file_list(list: &FileList, directory: bool) -> Result<Source, String> {
    let mut picked = Vec::new();
    let mut folder: Option<String> = None;
    for i in 0..list.length() {
        let Some(file) = list.item(i) else { continue };
        let relative = js_sys::Reflect::get(&file, &"webkitRelativePath".into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        let path = if directory && !relative.is_empty() {
            let (dir, rest) = relative_to_picked_folder(&relative);
            if folder.is_none() {
                folder = dir.map(str::to_string);
            }
            rest.to_string()
        } else {
            file.name()
        };
        picked.push((path, file));
    }
    let files = read_files(picked).await?;
    if files.is_empty() {
        return Err(if directory {
            "the folder has no files".into()
        } else {
            "no file was chosen".into()
        });
    }
    let label = label_for(&files, folder.as_deref(), directory);
    Ok(Source {
        label,
        files,
        only_catalog_extensions: directory,
        url: None,
        folder: folder.filter(|_| directory),
    })
}

fn label_for(files: &[FileText], folder: Option<&str>, directory: bool) -> String {
    let n = files.len();
    match (directory, folder) {
        (true, Some(f)) => format!("folder {f} ({n} file{})", if n == 1 { "" } else { "s" }),
        _ if n == 1 => files[0].path.clone(),
        _ => format!("{n} files"),
    }
}

/// The entries of a drop, taken synchronously (they are only readable during the event).
pub fn drop_entries(dt: &DataTransfer) -> (Vec<FileSystemEntry>, Vec<File>) {
    let mut entries = Vec::new();
    let mut plain = Vec::new();
    let items = dt.items();
    for i in 0..items.length() {
        let Some(item) = items.get(i) else { continue };
        if item.kind() != "file" {
            continue;
        }
        match item.webkit_get_as_entry() {
            Ok(Some(entry)) => entries.push(entry),
            _ => {
                if let Ok(Some(f)) = item.get_as_file() {
                    plain.push(f);
                }
            }
        }
    }
    (entries, plain)
}

fn promise_of(f: impl FnOnce(&js_sys::Function, &js_sys::Function)) -> Promise {
    let mut f = Some(f);
    Promise::new(&mut |resolve, reject| {
        if let Some(f) = f.take() {
            f(&resolve, &reject);
        }
    })
}

/// The file of an entry; asked for at once, answered when awaited.
fn entry_file(
    entry: FileSystemFileEntry,
) -> impl std::future::Future<Output = Result<File, String>> {
    let asked = JsFuture::from(promise_of(|ok, err| {
        entry.file_with_callback_and_callback(ok, err)
    }));
    async move {
        asked
            .await
            .map_err(|e| format!("could not read {}: {}", entry.full_path(), js_text(&e)))?
            .dyn_into::<File>()
            .map_err(|_| format!("could not read {}", entry.full_path()))
    }
}

async fn dir_children(dir: &FileSystemDirectoryEntry) -> Result<Vec<FileSystemEntry>, String> {
    let reader = dir.create_reader();
    let mut out = Vec::new();
    loop {
        let p = promise_of(|ok, err| {
            let _ = reader.read_entries_with_callback_and_callback(ok, err);
        });
        let batch = JsFuture::from(p)
            .await
            .map_err(|e| format!("could not list {}: {}", dir.full_path(), js_text(&e)))?;
        let batch: Array = batch.unchecked_into();
        if batch.length() == 0 {
            break;
        }
        out.extend(batch.iter().map(|e| e.unchecked_into::<FileSystemEntry>()));
    }
    Ok(out)
}

/// The path of a dropped file: without the leading `/`, and relative to the dropped folder
/// when a single folder was dropped.
pub fn dropped_path(full: &str, single_dir: Option<&str>) -> String {
    let path = full.trim_start_matches('/');
    match single_dir {
        Some(d) => path
            .strip_prefix(d)
            .map(|p| p.trim_start_matches('/'))
            .unwrap_or(path),
        None => path,
    }
    .to_string()
}

/// Files from a drop: dropped folders are walked (paths relative to the dropped folder when a
/// single folder was dropped) and read with directory semantics.
pub async fn from_drop(entries: Vec<FileSystemEntry>, plain: Vec<File>) -> Result<Source, String> {
    let dirs = entries.iter().filter(|e| e.is_directory()).count();
    let single_dir = (dirs == 1 && entries.len() == 1).then(|| entries[0].name());
    let mut found = Vec::new();
    let mut stack: Vec<FileSystemEntry> = entries;
    stack.reverse();
    while let Some(entry) = stack.pop() {
        if entry.is_directory() {
            let dir: FileSystemDirectoryEntry = entry.unchecked_into();
            let mut children = dir_children(&dir).await?;
            children.sort_keyed(|c| std::cmp::Reverse(c.name()));
            stack.extend(children);
        } else if entry.is_file() {
            let path = dropped_path(&entry.full_path(), single_dir.as_deref());
            found.push((path, entry.unchecked_into::<FileSystemFileEntry>()));
        }
    }
    // The files of the entries, asked for all at once, then read all at once.
    let asked: Vec<_> = found
        .into_iter()
        .map(|(path, entry)| (path, entry_file(entry)))
        .collect();
    let mut picked = Vec::with_capacity(asked.len() + plain.len());
    for (path, file) in asked {
        picked.push((path, file.await?));
    }
    picked.extend(plain.into_iter().map(|f| (f.name(), f)));
    let files = read_files(picked).await?;
    if files.is_empty() {
        return Err("nothing to read in what was dropped".into());
    }
    let label = label_for(&files, single_dir.as_deref(), dirs > 0);
    Ok(Source {
        label,
        files,
        only_catalog_extensions: dirs > 0,
        url: None,
        folder: single_dir,
    })
}

/// The message for a fetch that failed before any answer (network error or CORS).
pub fn fetch_failure(url: &str, reason: &str) -> String {
    format!("could not fetch {url}: {reason} (the server must allow cross-origin requests: CORS)")
}

/// A catalog fetched by the browser.
pub async fn from_url(input: &str) -> Result<Source, String> {
    let input = input.trim();
    if input.is_empty() {
        return Err("enter the URL of a catalog file".into());
    }
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let url =
        web_sys::Url::new_with_base(input, &base).map_err(|_| format!("{input:?} is not a URL"))?;
    let scheme = url.protocol();
    if scheme != "http:" && scheme != "https:" {
        return Err(format!(
            "could not fetch {input}: only http and https URLs can be fetched"
        ));
    }
    let href = url.href();
    let resp = match prefetched(&href) {
        Some(response) => JsFuture::from(response)
            .await
            .and_then(|r| r.dyn_into::<web_sys::Response>())
            .map(gloo_net::http::Response::from)
            .map_err(|e| fetch_failure(&href, &js_text(&e)))?,
        None => Request::get(&href)
            .send()
            .await
            .map_err(|e| fetch_failure(&href, &e.to_string()))?,
    };
    if !resp.ok() {
        return Err(format!(
            "could not fetch {href}: the server answered HTTP {} {}",
            resp.status(),
            resp.status_text()
        ));
    }
    let content_type = resp.headers().get("content-type");
    let read_failed = |e: JsValue| format!("could not read {href}: {}", js_text(&e));
    let resp: web_sys::Response = resp.into();
    let buffer = JsFuture::from(resp.array_buffer().map_err(read_failed)?)
        .await
        .map_err(read_failed)?;
    let bytes = js_sys::Uint8Array::new(&buffer);
    // An HTML page (a directory listing, a login page) is named as such by core, from its
    // content type and its first kilobyte (copied; the rest stays for the worker).
    let head = bytes.subarray(0, bytes.length().min(1024)).to_vec();
    if let Some(problem) = fetched_catalog_problem(&href, content_type.as_deref(), &head) {
        return Err(problem);
    }
    let text = FileBody::Bytes(bytes);
    let name = url
        .pathname()
        .rsplit('/')
        .find(|s| !s.is_empty())
        .unwrap_or("catalog")
        .to_string();
    Ok(Source {
        label: href.clone(),
        files: vec![FileText { path: name, text }],
        only_catalog_extensions: false,
        url: Some(href),
        folder: None,
    })
}

/// The global on which assets/boot.js leaves the fetch of the page's `url=` catalog, started
/// with the page: `{href, response}`.
const PREFETCH: &str = "olmGraphPrefetch";

/// The response promise of the fetch assets/boot.js started for `href` (taken once: the
/// global is cleared), if it started one for that address.
fn prefetched(href: &str) -> Option<Promise> {
    let global = js_sys::global();
    let started = js_sys::Reflect::get(&global, &PREFETCH.into()).ok()?;
    let same = js_sys::Reflect::get(&started, &"href".into())
        .ok()?
        .as_string()
        .is_some_and(|h| h == href);
    if !same {
        return None;
    }
    let _ = js_sys::Reflect::delete_property(&global, &PREFETCH.into());
    js_sys::Reflect::get(&started, &"response".into())
        .ok()?
        .dyn_into::<Promise>()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn folder_paths() {
        assert_eq!(
            relative_to_picked_folder("v4.21/sub/a.yaml"),
            (Some("v4.21"), "sub/a.yaml")
        );
        assert_eq!(relative_to_picked_folder("a.yaml"), (None, "a.yaml"));
        assert_eq!(
            dropped_path("/v4.21/sub/a.yaml", Some("v4.21")),
            "sub/a.yaml"
        );
        assert_eq!(dropped_path("/a.yaml", None), "a.yaml");
    }
}
