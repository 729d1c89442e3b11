//! Package icons: catalog data, so never inlined. An icon is shown only as an `<img>` whose
//! `src` is a `data:` URL of a raster or SVG media type with plain base64 data (an SVG in an
//! `<img>` cannot run scripts); anything else shows no icon.

use leptos::prelude::*;
use olm_graph_core::model::Icon;

/// Media types an icon may have.
pub const ALLOWED_MEDIA_TYPES: &[&str] = &[
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
    "image/svg+xml",
];

/// Icons larger than this (base64 characters) are not shown.
pub const MAX_ICON_BASE64: usize = 2 * 1024 * 1024;

/// The `data:` URL of an icon, or `None` when its media type is not allowed or its data is not
/// plain base64.
pub fn icon_data_url(icon: &Icon) -> Option<String> {
    let media = icon.media_type.trim().to_ascii_lowercase();
    if !ALLOWED_MEDIA_TYPES.contains(&media.as_str()) {
        return None;
    }
    let data: String = icon
        .base64_data
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    if data.is_empty() || data.len() > MAX_ICON_BASE64 || !is_plain_base64(&data) {
        return None;
    }
    Some(format!("data:{media};base64,{data}"))
}

/// Standard base64 alphabet, padding only at the end, length a multiple of 4.
pub fn is_plain_base64(data: &str) -> bool {
    let bytes = data.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return false;
    }
    let body = data.trim_end_matches('=');
    if bytes.len() - body.len() > 2 {
        return false;
    }
    body.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

/// A package icon, or nothing.
#[component]
pub fn PackageIcon(icon: Option<Icon>, #[prop(into)] label: String) -> impl IntoView {
    icon.as_ref().and_then(icon_data_url).map(|src| {
        view! { <img class="package-icon" src=src alt=format!("icon of {label}") width="40" height="40"/> }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn icons_only_as_data_urls_of_image_types() {
        let icon = |m: &str, d: &str| Icon {
            media_type: m.into(),
            base64_data: d.into(),
        };
        assert_eq!(
            icon_data_url(&icon("image/png", "iVBORw0KGgo=")).as_deref(),
            Some("data:image/png;base64,iVBORw0KGgo=")
        );
        assert!(icon_data_url(&icon("image/svg+xml", "PHN2Zy8+")).is_some());
        assert!(icon_data_url(&icon("text/html", "PHN2Zy8+")).is_none());
        assert!(icon_data_url(&icon("image/svg+xml;charset=utf-8", "PHN2Zy8+")).is_none());
        assert!(icon_data_url(&icon("image/png", "abc\"onerror=\"x")).is_none());
        assert!(icon_data_url(&icon("image/png", "")).is_none());
        assert!(is_plain_base64("QUJD"));
        assert!(!is_plain_base64("QU=D"));
        assert!(!is_plain_base64("QUJ"));
    }
}
