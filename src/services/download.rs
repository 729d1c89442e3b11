//! Saving what the app made (a truncated catalog, an export) as a file: a Blob, an object URL
//! and a temporary `<a download>`; the URL is revoked (gloo's `ObjectUrl` dropped) once the
//! download has surely started.

use std::time::Duration;

use gloo_file::{Blob, ObjectUrl};
use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::HtmlAnchorElement;

/// How long an object URL stays valid after its download started.
const KEEP_URL: Duration = Duration::from_secs(30);

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
    download_blob(filename, &Blob::new_with_options(text, Some(mime)))
}

/// Offers a blob for download as `filename`.
pub fn download_blob(filename: &str, blob: &Blob) -> Result<(), String> {
    let url = ObjectUrl::from(blob.clone());
    let result =
        click_link(&url, filename).map_err(|e| format!("could not download {filename}: {e}"));
    // The click has started the download; the URL may go once the event loop turns.
    Timeout::new(KEEP_URL.as_millis() as u32, move || drop(url)).forget();
    result
}

fn click_link(href: &str, filename: &str) -> Result<(), &'static str> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: HtmlAnchorElement = document
        .create_element("a")
        .map_err(|_| "could not create a link")?
        .dyn_into()
        .map_err(|_| "could not create a link")?;
    a.set_href(href);
    a.set_download(filename);
    a.set_hidden(true);
    let body = document.body().ok_or("no body")?;
    body.append_child(&a)
        .map_err(|_| "could not add the link")?;
    a.click();
    a.remove();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn file_name_parts_are_safe() {
        assert_eq!(file_name_part("gpu-operator.v1"), "gpu-operator.v1");
        assert_eq!(file_name_part("a/b c\"<x>"), "a_b_c__x_");
        assert_eq!(file_name_part(".."), "_");
        assert_eq!(file_name_part(""), "_");
        assert_eq!(file_name_part(&"x".repeat(500)).len(), 80);
    }
}
