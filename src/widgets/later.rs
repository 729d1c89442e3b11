//! Parts of the page built in a later task than the component that holds them, so the app's
//! first mount is not one long task of the main thread (docs/performance.md, "First draw").

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Its children, built in a later task of the page than the component that holds it; nothing
/// until then. Several are built in the order they were created, one task each, and the
/// browser may paint and handle input between two of them. The tasks have the browser's
/// background priority where it has one (`scheduler.postTask`): the catalog's path (its
/// fetch, the worker's reply, the loader's stages) goes first, so the first drawing does not
/// wait for them.
#[component]
pub fn Later(children: ChildrenFn) -> impl IntoView {
    let ready = RwSignal::new(false);
    in_background_task(move || ready.set(true));
    move || ready.get().then(|| children())
}

/// Runs `f` in a task of background priority (`scheduler.postTask`), or, in a browser without
/// it, in a zero-delay timer.
fn in_background_task(f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let callback = Closure::once_into_js(f);
    let scheduler = js_sys::Reflect::get(&window, &JsValue::from_str("scheduler"))
        .ok()
        .filter(JsValue::is_object);
    let post_task = scheduler.as_ref().and_then(|s| {
        js_sys::Reflect::get(s, &JsValue::from_str("postTask"))
            .ok()?
            .dyn_into::<js_sys::Function>()
            .ok()
    });
    if let (Some(scheduler), Some(post_task)) = (scheduler, post_task) {
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(
            &options,
            &JsValue::from_str("priority"),
            &JsValue::from_str("background"),
        );
        if post_task.call2(&scheduler, &callback, &options).is_ok() {
            return;
        }
    }
    let _ =
        window.set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 0);
}
