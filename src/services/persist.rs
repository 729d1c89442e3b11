//! What the user brought, kept in this browser's own storage and given back on reload; nothing
//! is sent anywhere. The catalog on screen (its files, as text or as the bytes read from the
//! disk) and the template studio's session go to IndexedDB through `rexie`, one record each
//! in one object store; small form inputs (Plan, and the tools' forms: deprecate & truncate,
//! compare catalogs, the catalog image template) go to `localStorage`, as do the times the
//! user last worked on the catalog and on the studio (which of the two draws after a reload,
//! `state::kept::studio_draws`). Every failure (a quota, a private window without storage, a
//! record written by another version) comes back as an `Err` with a sentence for a notice,
//! never a panic.

use js_sys::{Array, JsString, Object, Reflect, Uint8Array};
use rexie::{ObjectStore, Rexie, TransactionMode};
use wasm_bindgen::{JsCast, JsValue};

use crate::services::sources::Source;
use crate::state::load::{FileBody, FileText};

/// The database and its one object store.
const DATABASE: &str = "olm-graph";
const STORE: &str = "kept";
/// The records of the store.
const CATALOG_KEY: &str = "catalog";
const STUDIO_KEY: &str = "studio";
/// The prefix of the form inputs' `localStorage` keys.
const FORM_PREFIX: &str = "olm-graph.form.";
/// The prefix of the `localStorage` keys of the times the user last worked on something kept
/// (milliseconds since the epoch): [`WORKED_CATALOG`], [`WORKED_STUDIO`].
const WORKED_PREFIX: &str = "olm-graph.worked.";
/// The catalog on screen was opened (a file, a folder, pasted text).
pub const WORKED_CATALOG: &str = "catalog";
/// The studio's session was started, edited, or began or stopped drawing the graph.
pub const WORKED_STUDIO: &str = "studio";

/// The most catalog text kept (bytes, or UTF-16 units for pasted text): past it the catalog is
/// shown but not kept, and a notice says so.
pub const MAX_KEPT_BYTES: u64 = 50 * 1024 * 1024;

/// Why a catalog of `bytes` is not kept, or `None` when it fits [`MAX_KEPT_BYTES`].
pub fn too_large(bytes: u64) -> Option<String> {
    (bytes > MAX_KEPT_BYTES).then(|| {
        format!(
            "This catalog ({:.1} MB) is too large to keep in this browser (at most {} MB): it is shown, but a reload will not bring it back.",
            bytes as f64 / 1_048_576.0,
            MAX_KEPT_BYTES / 1_048_576
        )
    })
}

/// The size of a file's content as kept.
fn body_len(body: &FileBody) -> u64 {
    match body {
        FileBody::Text(text) => u64::from(text.length()),
        FileBody::Bytes(bytes) => u64::from(bytes.byte_length()),
    }
}

/// The total size of `files`.
///
/// # Complexity
/// O(F) for F files.
pub fn files_len(files: &[FileText]) -> u64 {
    files.iter().map(|f| body_len(&f.text)).sum()
}

fn storage_error(what: &str, e: impl std::fmt::Debug) -> String {
    format!("this browser's storage refused to {what} ({e:?})")
}

async fn open() -> Result<Rexie, String> {
    Rexie::builder(DATABASE)
        .version(1)
        .add_object_store(ObjectStore::new(STORE))
        .build()
        .await
        .map_err(|e| storage_error("open", e))
}

/// Writes `value` under `key`, and waits until the write is done.
async fn put(key: &str, value: &JsValue) -> Result<(), String> {
    let db = open().await?;
    let tx = db
        .transaction(&[STORE], TransactionMode::ReadWrite)
        .map_err(|e| storage_error("write", e))?;
    let store = tx.store(STORE).map_err(|e| storage_error("write", e))?;
    store
        .put(value, Some(&JsValue::from_str(key)))
        .await
        .map_err(|e| storage_error("keep this", e))?;
    tx.done().await.map_err(|e| storage_error("keep this", e))?;
    db.close();
    Ok(())
}

async fn get(key: &str) -> Result<Option<JsValue>, String> {
    let db = open().await?;
    let tx = db
        .transaction(&[STORE], TransactionMode::ReadOnly)
        .map_err(|e| storage_error("read", e))?;
    let store = tx.store(STORE).map_err(|e| storage_error("read", e))?;
    let value = store
        .get(JsValue::from_str(key))
        .await
        .map_err(|e| storage_error("read", e))?;
    db.close();
    Ok(value.filter(|v| !v.is_undefined() && !v.is_null()))
}

async fn delete(keys: &[&str]) -> Result<(), String> {
    let db = open().await?;
    let tx = db
        .transaction(&[STORE], TransactionMode::ReadWrite)
        .map_err(|e| storage_error("forget", e))?;
    let store = tx.store(STORE).map_err(|e| storage_error("forget", e))?;
    for key in keys {
        store
            .delete(JsValue::from_str(key))
            .await
            .map_err(|e| storage_error("forget", e))?;
    }
    tx.done().await.map_err(|e| storage_error("forget", e))?;
    db.close();
    Ok(())
}

fn set(obj: &Object, key: &str, value: &JsValue) {
    // Setting a property of a plain new object cannot fail.
    let _ = Reflect::set(obj, &JsValue::from_str(key), value);
}

fn field(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn text_field(obj: &JsValue, key: &str) -> Option<String> {
    field(obj, key).as_string()
}

/// Files as a JS array of `{path, text}`, the text a string or the bytes as read.
fn files_value(files: &[FileText]) -> Array {
    files
        .iter()
        .map(|f| {
            let o = Object::new();
            set(&o, "path", &JsValue::from_str(&f.path));
            let body: JsValue = match &f.text {
                FileBody::Text(t) => t.clone().into(),
                FileBody::Bytes(b) => b.clone().into(),
            };
            set(&o, "text", &body);
            JsValue::from(o)
        })
        .collect()
}

/// The files of a record; `None` when one is not as [`files_value`] writes it.
fn files_from(value: &JsValue) -> Option<Vec<FileText>> {
    let array: &Array = value.dyn_ref()?;
    array
        .iter()
        .map(|f| {
            let path = text_field(&f, "path")?;
            let body = field(&f, "text");
            let text = if let Some(s) = body.dyn_ref::<JsString>() {
                FileBody::Text(s.clone())
            } else {
                FileBody::Bytes(body.dyn_into::<Uint8Array>().ok()?)
            };
            Some(FileText { path, text })
        })
        .collect()
}

/// Keeps `source` as the catalog to restore; a catalog over [`MAX_KEPT_BYTES`] is not kept
/// (and the one kept before is forgotten), with the reason as the `Err`.
pub async fn keep_catalog(source: &Source) -> Result<(), String> {
    if let Some(why) = too_large(files_len(&source.files)) {
        delete(&[CATALOG_KEY]).await?;
        return Err(why);
    }
    let o = Object::new();
    set(&o, "label", &JsValue::from_str(&source.label));
    set(
        &o,
        "onlyCatalogExtensions",
        &JsValue::from_bool(source.only_catalog_extensions),
    );
    set(&o, "files", &files_value(&source.files));
    put(CATALOG_KEY, &o.into()).await
}

/// The catalog kept by [`keep_catalog`], if any.
pub async fn kept_catalog() -> Result<Option<Source>, String> {
    let Some(value) = get(CATALOG_KEY).await? else {
        return Ok(None);
    };
    let files = files_from(&field(&value, "files"));
    match (text_field(&value, "label"), files) {
        (Some(label), Some(files)) if !files.is_empty() => Ok(Some(Source {
            label,
            files,
            only_catalog_extensions: field(&value, "onlyCatalogExtensions").is_truthy(),
            url: None,
            folder: None,
        })),
        _ => Err("the catalog kept in this browser could not be read back".into()),
    }
}

/// Forgets the kept catalog (the sample or a URL is on screen: nothing to keep).
pub async fn forget_catalog() -> Result<(), String> {
    delete(&[CATALOG_KEY]).await
}

/// A template studio session as kept: the template, where it came from, its text as edited,
/// and its bundle sources.
#[derive(Debug, Clone)]
pub struct KeptStudio {
    pub path: String,
    pub started_from: String,
    pub text: String,
    pub sources: Vec<FileText>,
    /// Its rendering was the catalog on screen (not paused by another catalog's load).
    pub live: bool,
}

/// Keeps the studio's session (`None`: the session was closed, forget it).
pub async fn keep_studio(studio: Option<&KeptStudio>) -> Result<(), String> {
    let Some(s) = studio else {
        return delete(&[STUDIO_KEY]).await;
    };
    if let Some(why) = too_large(files_len(&s.sources) + s.text.len() as u64) {
        delete(&[STUDIO_KEY]).await?;
        return Err(why);
    }
    let o = Object::new();
    set(&o, "path", &JsValue::from_str(&s.path));
    set(&o, "startedFrom", &JsValue::from_str(&s.started_from));
    set(&o, "text", &JsValue::from_str(&s.text));
    set(&o, "sources", &files_value(&s.sources));
    set(&o, "live", &JsValue::from_bool(s.live));
    put(STUDIO_KEY, &o.into()).await
}

/// The studio session kept by [`keep_studio`], if any.
pub async fn kept_studio() -> Result<Option<KeptStudio>, String> {
    let Some(value) = get(STUDIO_KEY).await? else {
        return Ok(None);
    };
    let read = || {
        Some(KeptStudio {
            path: text_field(&value, "path")?,
            started_from: text_field(&value, "startedFrom")?,
            text: text_field(&value, "text")?,
            sources: files_from(&field(&value, "sources"))?,
            // A record kept before this field was a live session.
            live: field(&value, "live").as_bool().unwrap_or(true),
        })
    };
    read()
        .map(Some)
        .ok_or_else(|| "the template kept in this browser could not be read back".into())
}

fn local_storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .ok_or("no window")?
        .local_storage()
        .map_err(|e| storage_error("open its local storage", e))?
        .ok_or_else(|| "this browser offers no local storage".into())
}

/// Keeps a form's inputs (a short text, e.g. a query string) under `name`.
pub fn keep_form(name: &str, value: &str) -> Result<(), String> {
    local_storage()?
        .set_item(&format!("{FORM_PREFIX}{name}"), value)
        .map_err(|e| storage_error("keep a form", e))
}

/// A form's inputs kept by [`keep_form`].
pub fn kept_form(name: &str) -> Option<String> {
    local_storage()
        .ok()?
        .get_item(&format!("{FORM_PREFIX}{name}"))
        .ok()
        .flatten()
}

/// Keeps a form's inputs under `name`, as JSON.
pub fn keep_form_as<T: serde::Serialize>(name: &str, value: &T) -> Result<(), String> {
    let json = serde_json::to_string(value).map_err(|e| storage_error("keep a form", e))?;
    keep_form(name, &json)
}

/// A form's inputs kept by [`keep_form_as`]; `None` when there are none or they no longer
/// read as `T` (kept by another version).
pub fn kept_form_as<T: serde::de::DeserializeOwned>(name: &str) -> Option<T> {
    serde_json::from_str(&kept_form(name)?).ok()
}

/// Notes that the user worked on `what` ([`WORKED_CATALOG`], [`WORKED_STUDIO`]) now.
pub fn mark_worked(what: &str) -> Result<(), String> {
    local_storage()?
        .set_item(
            &format!("{WORKED_PREFIX}{what}"),
            &js_sys::Date::now().to_string(),
        )
        .map_err(|e| storage_error("keep the time of an edit", e))
}

/// When the user last worked on `what` (milliseconds since the epoch), as [`mark_worked`]
/// noted it.
pub fn worked_at(what: &str) -> Option<f64> {
    local_storage()
        .ok()?
        .get_item(&format!("{WORKED_PREFIX}{what}"))
        .ok()
        .flatten()?
        .parse()
        .ok()
}

/// Forgets everything kept: the catalog, the studio's session, every form and the times.
pub async fn forget_all() -> Result<(), String> {
    if let Ok(storage) = local_storage() {
        let n = storage.length().unwrap_or(0);
        let keys: Vec<String> = (0..n)
            .filter_map(|i| storage.key(i).ok().flatten())
            .filter(|k| k.starts_with(FORM_PREFIX) || k.starts_with(WORKED_PREFIX))
            .collect();
        for k in keys {
            let _ = storage.remove_item(&k);
        }
    }
    delete(&[CATALOG_KEY, STUDIO_KEY]).await
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn a_catalog_over_the_cap_is_named_with_its_size() {
        assert_eq!(too_large(MAX_KEPT_BYTES), None);
        let why = too_large(MAX_KEPT_BYTES + 10 * 1_048_576).unwrap();
        assert!(why.contains("(60.0 MB)"), "{why}");
        assert!(why.contains("at most 50 MB"), "{why}");
    }
}
