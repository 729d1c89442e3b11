//! Saving text the app made (a truncated catalog, an export) as a file: a Blob, an object URL
//! and a temporary `<a download>`.

use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

/// One part of a download's file name: anything but letters, digits, `.`, `_`, `-` replaced
/// by `_`, at most 80 characters, no leading dot, never empty.
pub fn file_name_part(s: &str) -> String {
    let s: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    let s = s.trim_start_matches('.');
    if s.is_empty() {
        "_".to_string()
    } else {
        s.to_string()
    }
}

/// Offers `text` for download as `filename` with media type `mime`.
pub fn download_text(filename: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let bag = BlobPropertyBag::new();
    bag.set_type(mime);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &bag)
        .map_err(|_| format!("could not prepare {filename}"))?;
    download_blob(filename, &blob)
}

/// Offers a blob for download as `filename`.
pub fn download_blob(filename: &str, blob: &Blob) -> Result<(), String> {
    let url = Url::create_object_url_with_blob(blob)
        .map_err(|_| format!("could not prepare {filename}"))?;
    let result = (|| {
        let document = web_sys::window()
            .and_then(|w| w.document())
            .ok_or("no document")?;
        let a: HtmlAnchorElement = document
            .create_element("a")
            .map_err(|_| "could not create a link")?
            .dyn_into()
            .map_err(|_| "could not create a link")?;
        a.set_href(&url);
        a.set_download(filename);
        a.set_hidden(true);
        let body = document.body().ok_or("no body")?;
        body.append_child(&a)
            .map_err(|_| "could not add the link")?;
        a.click();
        a.remove();
        Ok::<(), &str>(())
    })()
    .map_err(|e| format!("could not download {filename}: {e}"));
    // The click has started the download; the URL may go once the event loop turns.
    let revoke = url.clone();
    leptos::prelude::set_timeout(
        move || {
            let _ = Url::revoke_object_url(&revoke);
        },
        std::time::Duration::from_millis(30_000),
    );
    result
}
