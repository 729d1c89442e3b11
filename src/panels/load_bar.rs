//! Every way to load a catalog from the top bar: file picker (several files or a whole
//! folder), URL, paste, and the sample. Drag and drop is in [`crate::panels::drop_zone`].

use gloo_timers::callback::Timeout;
use leptos::html;
use leptos::prelude::*;

use crate::services::loader::Loader;
use crate::services::sources;

/// File types the pickers offer.
pub const CATALOG_TYPES: &str = ".yaml,.yml,.json,application/json,application/yaml,text/yaml";

#[component]
pub fn LoadBar() -> impl IntoView {
    view! {
        <div class="load-bar" role="toolbar" aria-label="Load a catalog">
            <FilePickers/>
            <UrlForm/>
            <button class="button" data-testid="load-sample" title="Show the embedded sample catalog again"
                on:click=move |_| Loader::get().load_sample(false)>
                "Sample"
            </button>
            <PasteBox/>
        </div>
    }
}

/// "Open files…" and "Open folder…".
#[component]
fn FilePickers() -> impl IntoView {
    let loader = Loader::get();
    let on_files = move |ev: leptos::ev::Event, directory: bool| {
        let Some((input, list)) = sources::picked(&ev) else {
            return;
        };
        let label = if directory {
            "folder".to_string()
        } else {
            format!("{} file(s)", list.length())
        };
        loader.read_and_load(label, sources::read_picked(input, list, directory));
    };
    view! {
        <label class="button primary" title="Open one or several catalog files (.yaml, .yml, .json)">
            <input type="file" class="visually-hidden" multiple accept=CATALOG_TYPES
                data-testid="catalog-file-input" aria-label="Open catalog files"
                on:change=move |ev| on_files(ev, false)/>
            "Open files…"
        </label>
        <label class="button" title="Open a whole catalog folder (only .json, .yaml and .yml files are read; .indexignore applies)">
            <input type="file" class="visually-hidden" prop:webkitdirectory=true multiple
                data-testid="catalog-dir-input" aria-label="Open a catalog folder"
                on:change=move |ev| on_files(ev, true)/>
            "Open folder…"
        </label>
    }
}

/// A catalog URL, fetched by the browser.
#[component]
fn UrlForm() -> impl IntoView {
    let loader = Loader::get();
    let url_input = NodeRef::<html::Input>::new();
    let load_url = move || {
        let Some(input) = url_input.get() else { return };
        let url = input.value();
        loader.read_and_load(url.clone(), async move { sources::from_url(&url).await });
    };
    view! {
        <form class="url-form" on:submit=move |ev| { ev.prevent_default(); load_url(); }>
            <input type="url" node_ref=url_input placeholder="https://…/catalog.yaml"
                data-testid="catalog-url-input" aria-label="Catalog URL (fetched by your browser)"/>
            <button type="submit" class="button" data-testid="catalog-url-load">"Fetch"</button>
        </form>
    }
}

/// A box to paste catalog text into: it loads at once (or with Ctrl+Enter).
#[component]
fn PasteBox() -> impl IntoView {
    let loader = Loader::get();
    let paste_text = NodeRef::<html::Textarea>::new();
    let last_len = StoredValue::new(0usize);
    let last_loaded = StoredValue::new(String::new());
    let paste_now = move || {
        let Some(area) = paste_text.get() else { return };
        let text = area.value();
        if text.trim().is_empty() {
            return;
        }
        loader.load(sources::pasted(&text));
        last_loaded.set_value(text);
        // Done with the box: shrink it back (it grows while focused).
        area.set_value("");
        last_len.set_value(0);
        let _ = area.blur();
    };
    // A paste fires both `paste` and `input`: load a text once, on the next tick (the pasted
    // text lands after the event).
    let paste_soon = move || {
        Timeout::new(0, move || {
            let same = paste_text
                .get()
                .is_some_and(|a| last_loaded.with_value(|t| *t == a.value()));
            if !same {
                paste_now();
            }
        })
        .forget();
    };
    let on_input = move |_| {
        // A large jump in length is a paste (or a test filling the box).
        let len = paste_text.get().map(|a| a.value().len()).unwrap_or(0);
        let before = last_len.get_value();
        last_len.set_value(len);
        if len > before + 40 {
            paste_soon();
        }
    };
    view! {
        <div class="paste-box">
            <textarea node_ref=paste_text rows="1" data-testid="catalog-paste"
                aria-label="Paste catalog text (YAML or JSON); it loads at once"
                placeholder="Paste catalog YAML/JSON…" spellcheck="false"
                on:paste=move |_| paste_soon()
                on:input=on_input
                on:keydown=move |ev| {
                    if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
                        ev.prevent_default();
                        paste_now();
                    }
                }
            ></textarea>
            <button class="button" data-testid="catalog-paste-load" title="Load the pasted text (Ctrl+Enter)"
                on:click=move |_| paste_now()>"Load pasted"</button>
        </div>
    }
}
