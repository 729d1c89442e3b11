//! Helpers of the browser tests (`tests/web*.rs`): mount components over an `AppState` fed a
//! catalog parsed by core (no worker), and let effects run.
#![allow(dead_code)]

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, InputFile};
use olm_graph_web::state::AppState;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

pub fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Parses catalog text with core, as the worker does.
pub fn parse(text: &str) -> (olm_graph_core::Catalog, Vec<olm_graph_core::Diagnostic>) {
    let catalog = load_files(vec![InputFile::new("test.yaml", text)]);
    let findings = lint_catalog(&catalog);
    (catalog, findings)
}

/// Mounts `view` in a fresh element with an `AppState` that shows `text`.
pub fn mount<F, N>(text: &str, view: F) -> (AppState, HtmlElement)
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
    let (catalog, findings) = parse(text);
    let out: Rc<Cell<Option<AppState>>> = Rc::new(Cell::new(None));
    let out2 = out.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let state = AppState::new();
        provide_context(state);
        state.catalog_arrived("test catalog".into(), catalog, findings);
        out2.set(Some(state));
        view()
    });
    std::mem::forget(handle);
    (out.get().expect("mounted"), root)
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
