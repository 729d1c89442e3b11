//! The wasm of the `<olm-graph>` element (`embed/olm-graph.js`): catalogs are read into a
//! table of handles ([`load`], [`load_bytes`], [`release`]) and a figure is drawn for an element's
//! attributes ([`draw`], answered as JSON: `{"ok": figure}` or `{"error": "…"}`; a first draw
//! from a fetched catalog's skim, [`first_draw`]), or its still
//! fallback for the page's own DOM ([`fallback`], for the AsciiDoc extension in Node).
//!
//! All semantics are core's ([`olm_graph_core::export::figure`]); this crate only parses the
//! element's attributes ([`request`]) and words the errors. Bad input never panics: an
//! unreadable catalog, an unknown package or channel is an error message naming the cause.

/// The global allocator of the wasm builds: Talc, which makes them smaller than Rust's default
/// dlmalloc (0.5-3 KB gzipped each; their first-draw timings moved within the noise:
/// docs/performance.md, "First draw").
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub mod request;

use std::cell::RefCell;

use olm_graph_core::export::{
    figure, figure_fallback, read_catalog, read_skimmed_catalog, RenderError,
};
use olm_graph_core::Catalog;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

thread_local! {
    /// The catalogs read so far, by handle (a released handle's slot is `None`).
    static CATALOGS: RefCell<Vec<Option<Catalog>>> = const { RefCell::new(Vec::new()) };
}

/// Reads one catalog file (`name` ends in `.json`, `.yaml` or `.yml`; a JSON stream or YAML
/// documents of FBC objects, no template) and returns its handle.
///
/// # Complexity
/// That of [`read_catalog`]: O(B + N log N) for B bytes and N objects.
#[wasm_bindgen]
pub fn load(name: &str, text: &str) -> u32 {
    keep(read_catalog(name, text))
}

/// [`load`] on a catalog's bytes as fetched: decoded as a browser's `Response.text()` decodes
/// them ([`decode_utf8`]). The element passes a fetched catalog this way: a string crosses into
/// the wasm through a JavaScript loop over its characters (10–30 ms for an 807 KB catalog on
/// a page's first call), bytes through one copy.
///
/// # Complexity
/// O(B) to decode B bytes, then that of [`load`].
#[wasm_bindgen]
pub fn load_bytes(name: &str, bytes: &[u8]) -> u32 {
    keep(read_catalog(name, &decode_utf8(bytes)))
}

/// The element's first draw of a fetched catalog, before the whole catalog is read: the figure
/// `request` asks for, without tooltips, drawn from only what core's skim keeps of the bytes
/// ([`read_skimmed_catalog`]: the package's channels, and of each bundle its name, version and
/// marks): `{"ok": figure}`, or `{"skim": false}` when the skim gives up, the request names a
/// failing bundle, or the figure cannot be drawn from it (the element then reads the whole
/// catalog with [`load_bytes`], which also words any error). The figure is the one the whole
/// catalog draws (core's test over every real catalog); the element puts the whole drawing,
/// with tooltips, in its place a task later.
///
/// # Complexity
/// O(B) to decode and skim B bytes, then the reading of what is kept and [`figure`]'s drawing.
#[wasm_bindgen]
pub fn first_draw(name: &str, bytes: &[u8], request: &str) -> String {
    let skimmed = request::parse(request).ok().and_then(|mut req| {
        if req.failure.is_some() {
            return None;
        }
        req.without_tooltips = true;
        let catalog = read_skimmed_catalog(name, &decode_utf8(bytes), &req.package)?;
        figure(&catalog, &req).ok()
    });
    match skimmed {
        Some(f) => json!({ "ok": f }),
        None => json!({ "skim": false }),
    }
    .to_string()
}

/// UTF-8 bytes as text the way the Encoding Standard's "UTF-8 decode" (`Response.text()`) reads
/// them: one leading byte order mark dropped, each invalid sequence (its maximal subpart) one
/// U+FFFD, which is what [`String::from_utf8_lossy`] does.
///
/// # Complexity
/// O(B) for B bytes.
pub fn decode_utf8(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
}

/// Puts a catalog in the table and returns its handle.
fn keep(catalog: Catalog) -> u32 {
    CATALOGS.with(|c| {
        let mut c = c.borrow_mut();
        c.push(Some(catalog));
        (c.len() - 1) as u32
    })
}

/// Frees a catalog (an unknown handle is ignored).
#[wasm_bindgen]
pub fn release(handle: u32) {
    CATALOGS.with(|c| {
        if let Some(slot) = c.borrow_mut().get_mut(handle as usize) {
            *slot = None;
        }
    });
}

/// Draws the figure `request` (a JSON object of the element's attributes, see [`request`])
/// asks for from catalog `handle`: `{"ok": figure}` or `{"error": message}`.
///
/// # Complexity
/// That of [`figure`]: O((V + E) log(V + E)) for the graph drawn, plus its paths.
#[wasm_bindgen]
pub fn draw(handle: u32, request: &str) -> String {
    CATALOGS.with(|c| {
        let c = c.borrow();
        let answer = match c.get(handle as usize).and_then(Option::as_ref) {
            Some(catalog) => draw_json(catalog, request),
            None => json!({"error": "the catalog is no longer loaded"}),
        };
        answer.to_string()
    })
}

/// The still SVG to put inside the `<olm-graph>` the request's attributes describe, drawn from
/// catalog `handle` (its stylesheet scoped to `olm-graph>svg`, its ids unique):
/// `{"ok": svg}` or `{"error": message}`.
///
/// # Complexity
/// That of [`draw`], plus O(S) for S bytes of SVG.
#[wasm_bindgen]
pub fn fallback(handle: u32, request: &str) -> String {
    CATALOGS.with(|c| {
        let c = c.borrow();
        let answer = match c.get(handle as usize).and_then(Option::as_ref) {
            Some(catalog) => fallback_json(catalog, request),
            None => json!({"error": "the catalog is no longer loaded"}),
        };
        answer.to_string()
    })
}

/// [`fallback`] on a catalog.
///
/// # Complexity
/// As [`fallback`].
pub fn fallback_json(catalog: &Catalog, request: &str) -> Value {
    let req = match request::parse(request) {
        Ok(r) => r,
        Err(e) => return json!({ "error": e }),
    };
    match figure(catalog, &req) {
        Ok(f) => json!({ "ok": figure_fallback(&f, req.installed.as_deref()) }),
        Err(e) => json!({ "error": explain(catalog, &e) }),
    }
}

/// [`draw`] on a catalog.
///
/// # Complexity
/// As [`draw`].
pub fn draw_json(catalog: &Catalog, request: &str) -> Value {
    let req = match request::parse(request) {
        Ok(r) => r,
        Err(e) => return json!({ "error": e }),
    };
    match figure(catalog, &req) {
        Ok(f) => json!({ "ok": f }),
        Err(e) => json!({ "error": explain(catalog, &e) }),
    }
}

/// The error, with what the catalog offers instead and why it may have none.
///
/// # Complexity
/// O(P + D) for P packages and D diagnostics (at most a few of each are named).
pub fn explain(catalog: &Catalog, error: &RenderError) -> String {
    let mut out = error.to_string();
    match error {
        RenderError::UnknownPackage(_) => {
            let names: Vec<&str> = catalog
                .packages
                .iter()
                .take(8)
                .map(|p| p.name.as_str())
                .collect();
            if names.is_empty() {
                out.push_str(": the catalog has no package");
            } else {
                let more = if catalog.packages.len() > 8 {
                    ", …"
                } else {
                    ""
                };
                out.push_str(&format!(" (the catalog has {}{more})", names.join(", ")));
            }
            let problems: Vec<String> = catalog
                .diagnostics
                .iter()
                .filter(|d| d.is_error())
                .take(3)
                .map(|d| d.to_string())
                .collect();
            if !problems.is_empty() {
                out.push_str(&format!("; {}", problems.join("; ")));
            }
        }
        RenderError::UnknownChannel { package, .. } => {
            if let Some(p) = catalog.package(package) {
                let names: Vec<&str> = p.channels.iter().map(|c| c.name.as_str()).collect();
                out.push_str(&format!(" (its channels: {})", names.join(", ")));
            }
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests;
