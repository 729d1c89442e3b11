//! Copying text to the clipboard: the one writer every "Copy" button uses.

use wasm_bindgen_futures::JsFuture;

/// Copies `text`; resolves to whether the clipboard took it (it is missing on insecure pages
/// and refuses without permission).
pub async fn copy_text(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let clipboard = window.navigator().clipboard();
    if clipboard.is_undefined() || clipboard.is_null() {
        return false;
    }
    JsFuture::from(clipboard.write_text(text)).await.is_ok()
}
