//! Sharing the view: a link to it (with the catalog's URL, so the link reloads it) and the
//! `<iframe>` snippet that embeds it; both copied through the one clipboard service.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::panels::export::menu::Menu;
use crate::services::clipboard::copy_text;
use crate::services::url::{current_params, iframe_snippet, link, page_href};
use crate::state::selection::{ChannelChoice, LinkedView};
use crate::state::Stores;

/// A link to the view on screen (the full app).
pub fn view_link(stores: &Stores) -> String {
    link(&page_href(), &current_params(stores, false))
}

/// The embed snippet of the view on screen: the channel on screen named explicitly (or
/// `view=all`), the simulation's parameters, no selected bundle; `None` without a catalog URL.
pub fn embed_snippet(stores: &Stores) -> Option<String> {
    stores.load.catalog_url()?;
    let mut params = current_params(stores, true);
    let channel = stores.graph.shown_channel.get();
    params.view = LinkedView {
        package: params.view.package,
        channel: channel
            .clone()
            .map_or(ChannelChoice::All, ChannelChoice::Named),
        bundle: None,
    };
    let title = format!(
        "Upgrade graph of {} / {}",
        params.view.package.clone().unwrap_or_default(),
        channel.unwrap_or_else(|| "all channels".into())
    );
    Some(iframe_snippet(&link(&page_href(), &params), &title))
}

/// Copies `text` and notes in the menu whether the clipboard took it.
pub fn copy(menu: Menu, text: String) {
    menu.copied.set(None);
    spawn_local(async move {
        menu.copied.set(Some(copy_text(&text).await));
    });
}

fn select_target(e: &web_sys::FocusEvent) {
    use wasm_bindgen::JsCast;
    let Some(t) = e.target() else { return };
    if let Some(i) = t.dyn_ref::<web_sys::HtmlInputElement>() {
        i.select();
    } else if let Some(a) = t.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        a.select();
    }
}

#[component]
fn CopiedNote(menu: Menu) -> impl IntoView {
    move || {
        menu.copied.get().map(|ok| {
            let text = if ok {
                "Copied."
            } else {
                "The clipboard is not available: select the text and copy it."
            };
            view! { <span class="export-copied" data-testid="copy-result" data-ok=ok.to_string()>{text}</span> }
        })
    }
}

/// The link box, under the menu.
#[component]
pub fn LinkPanel(menu: Menu) -> impl IntoView {
    let stores = Stores::get();
    view! {
        <div class="export-panel" data-testid="copy-link-panel">
            <label>"Link to this view"
                <input class="mono" readonly data-testid="copy-link-text" prop:value=move || view_link(&stores)
                    on:focus=|e| select_target(&e)/>
            </label>
            {stores.load.catalog_url().is_none().then(|| view! {
                <p class="export-note">"The catalog on screen was not loaded from a URL, so the link opens the view once someone loads a catalog that has it."</p>
            })}
            <CopiedNote menu=menu/>
        </div>
    }
}

/// The snippet box, under the menu, or why there is none.
#[component]
pub fn EmbedPanel(menu: Menu) -> impl IntoView {
    let stores = Stores::get();
    let Some(code) = embed_snippet(&stores) else {
        return view! {
            <div class="export-panel" data-testid="embed-panel">
                <p class="export-note" data-testid="embed-needs-url">
                    "Embedding needs a catalog URL: files and pasted text cannot be linked. Load the catalog from an http(s) URL (it must allow cross-origin requests), then copy the snippet."
                </p>
            </div>
        }
        .into_any();
    };
    let for_copy = code.clone();
    view! {
        <div class="export-panel" data-testid="embed-panel">
            <label>"Paste this where the graph should appear"
                <textarea class="mono" readonly rows="4" data-testid="embed-snippet-text"
                    prop:value=code on:focus=|e| select_target(&e)></textarea>
            </label>
            <button class="button" type="button" data-testid="embed-snippet-copy"
                on:click=move |_| copy(menu, for_copy.clone())>"Copy"</button>
            <CopiedNote menu=menu/>
            <p class="export-note">"The catalog URL must allow cross-origin requests (CORS) from this app's address."</p>
        </div>
    }
    .into_any()
}
