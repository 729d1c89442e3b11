//! Helpers of the browser tests (`tests/web`): mount components over the stores fed a catalog
//! parsed by core (no worker), query the DOM, and let effects run.
#![allow(dead_code)]

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, InputFile};
use olm_graph_web::graph::text::drawing_layout;
use olm_graph_web::state::load::{Loaded, Origin};
use olm_graph_web::state::Stores;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Parses catalog text with core, as the worker does.
pub fn parse(text: &str) -> (olm_graph_core::Catalog, Vec<olm_graph_core::Diagnostic>) {
    let catalog = load_files(vec![InputFile::new("test.yaml", text)]);
    let findings = lint_catalog(&catalog);
    (catalog, findings)
}

/// `text` parsed, as the loader hands it to the stores.
pub fn loaded(label: &str, text: &str) -> Loaded {
    let (catalog, findings) = parse(text);
    Loaded::new(label.into(), catalog, findings, Origin::default())
}

/// Mounts `view` in a fresh element with stores that show `text`.
pub fn mount<F, N>(text: &str, view: F) -> (Stores, HtmlElement)
where
    F: FnOnce() -> N + 'static,
    N: IntoView + 'static,
{
    let root: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    root.set_attribute(
        "style",
        "width: 900px; height: 600px; display: flex; flex-direction: column",
    )
    .unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    let incoming = loaded("test catalog", text);
    let out: Rc<Cell<Option<Stores>>> = Rc::new(Cell::new(None));
    let out2 = out.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let stores = Stores::new(drawing_layout());
        stores.provide();
        stores.catalog_arrived(incoming);
        out2.set(Some(stores));
        view()
    });
    std::mem::forget(handle);
    (out.get().expect("mounted"), root)
}

/// Mounts `view` as [`mount`] does, with a store of its own (made by `make`) in the context, and
/// hands that store back too.
pub fn mount_providing<S, M, F, N>(text: &str, make: M, view: F) -> (Stores, S, HtmlElement)
where
    S: Copy + Send + Sync + 'static,
    M: FnOnce() -> S + 'static,
    F: FnOnce() -> N + 'static,
    N: IntoView + 'static,
{
    let out: Rc<Cell<Option<S>>> = Rc::new(Cell::new(None));
    let out2 = out.clone();
    let (stores, root) = mount(text, move || {
        let store = make();
        provide_context(store);
        out2.set(Some(store));
        view()
    });
    (stores, out.get().expect("mounted"), root)
}

/// Lets effects and timers run.
pub async fn settle() {
    let p = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 60)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
}

pub fn all(root: &Element, selector: &str) -> Vec<Element> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into::<Element>())
        .collect()
}

pub fn one(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

pub fn attr(e: &Element, name: &str) -> String {
    e.get_attribute(name).unwrap_or_default()
}

/// The attribute `attr` of the node of `bundle`.
pub fn attr_of(root: &Element, bundle: &str, attr: &str) -> Option<String> {
    root.query_selector(&format!("[data-bundle=\"{bundle}\"]"))
        .unwrap()
        .and_then(|e| e.get_attribute(attr))
}

/// A bubbling mouse event (SVG elements have no `click()`).
pub fn mouse(e: &Element, kind: &str) {
    let init = web_sys::MouseEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = web_sys::MouseEvent::new_with_mouse_event_init_dict(kind, &init).unwrap();
    e.dispatch_event(&ev).unwrap();
}

pub fn click(e: &Element) {
    mouse(e, "click");
}

/// A bubbling key press on `e`.
pub fn key(e: &Element, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    e.dispatch_event(&ev).unwrap();
}

/// Drawn edges: one element per graph edge, an edge drawn on its own, a fan's tap or a
/// member's edge leaving a group (the fans and group paths, with `data-edges`, stand for them).
pub fn drawn_edges(root: &Element) -> usize {
    all(root, "[data-edge-kind]:not([data-edges])").len()
}
