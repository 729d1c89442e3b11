//! Parts of the page built in a later task than the component that holds them, so the app's
//! first mount is not one long task of the main thread (docs/performance.md, "First draw").

use std::time::Duration;

use leptos::prelude::*;

/// Its children, built in a later task of the page (a zero-delay timer) than the component
/// that holds it; nothing until then. Several are built in the order they were created, one
/// task each, and the browser may paint and handle input between two of them.
#[component]
pub fn Later(children: ChildrenFn) -> impl IntoView {
    let ready = RwSignal::new(false);
    set_timeout(move || ready.set(true), Duration::ZERO);
    move || ready.get().then(|| children())
}
