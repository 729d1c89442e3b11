//! Page-level catalog input: drop files or folders anywhere on the page, or paste catalog text
//! anywhere outside a text field.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use web_sys::{ClipboardEvent, DragEvent, Element};

use crate::services::loader::Loader;
use crate::services::sources;

fn in_text_field(target: Option<web_sys::EventTarget>) -> bool {
    target
        .and_then(|t| t.dyn_into::<Element>().ok())
        .is_some_and(|e| {
            matches!(
                e.tag_name().to_ascii_lowercase().as_str(),
                "input" | "textarea" | "select"
            ) || e.closest("[contenteditable]").ok().flatten().is_some()
        })
}

fn carries_files(ev: &DragEvent) -> bool {
    ev.data_transfer().is_some_and(|dt| {
        let types = dt.types();
        types
            .iter()
            .any(|t| t.as_string().as_deref() == Some("Files"))
    })
}

/// The drop overlay; installs the page's drop and paste handlers.
#[component]
pub fn DropZone() -> impl IntoView {
    let loader = Loader::get();
    let dragging = RwSignal::new(false);
    // Nested elements fire enter/leave in pairs: count them.
    let depth = StoredValue::new(0i32);

    let h1 = window_event_listener(leptos::ev::dragenter, move |ev: DragEvent| {
        if carries_files(&ev) {
            ev.prevent_default();
            depth.update_value(|d| *d += 1);
            dragging.set(true);
        }
    });
    let h2 = window_event_listener(leptos::ev::dragover, move |ev: DragEvent| {
        if carries_files(&ev) {
            ev.prevent_default();
            if let Some(dt) = ev.data_transfer() {
                dt.set_drop_effect("copy");
            }
        }
    });
    let h3 = window_event_listener(leptos::ev::dragleave, move |_: DragEvent| {
        depth.update_value(|d| *d -= 1);
        if depth.get_value() <= 0 {
            depth.set_value(0);
            dragging.set(false);
        }
    });
    let h4 = window_event_listener(leptos::ev::drop, move |ev: DragEvent| {
        depth.set_value(0);
        dragging.set(false);
        let Some(dt) = ev.data_transfer() else { return };
        ev.prevent_default();
        let (entries, plain) = sources::drop_entries(&dt);
        if entries.is_empty() && plain.is_empty() {
            return;
        }
        loader.read_and_load("dropped files".into(), sources::from_drop(entries, plain));
    });
    let h5 = window_event_listener(leptos::ev::paste, move |ev: ClipboardEvent| {
        if in_text_field(ev.target()) {
            return;
        }
        let Some(text) = ev
            .clipboard_data()
            .and_then(|d| d.get_data("text/plain").ok())
            .filter(|t| !t.trim().is_empty())
        else {
            return;
        };
        ev.prevent_default();
        loader.load(sources::pasted(&text));
    });
    on_cleanup(move || {
        h1.remove();
        h2.remove();
        h3.remove();
        h4.remove();
        h5.remove();
    });

    view! {
        <div class="drop-overlay" class:active=move || dragging.get() aria-hidden="true">
            <div class="drop-message">"Drop catalog files or a catalog folder"</div>
        </div>
    }
}
