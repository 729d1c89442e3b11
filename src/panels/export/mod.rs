//! The export menu of the graph toolbar: the view on screen as SVG, as an animated SVG of the
//! simulation's upgrade path, as PNG (the same SVG drawn on a canvas at 2×), as Mermaid
//! (`opm alpha render-graph`) and as DOT ([`items`], [`files`], [`png`]); a link to the view
//! and the `<iframe>` snippet that embeds it ([`share`]). Catalog text only ever leaves as a
//! download or as an image drawn on a canvas, never as page markup.
//!
//! Test hooks: the button `export-menu-button` (with `aria-expanded`), the menu `export-menu`,
//! its items `export-svg`, `export-svg-animated`, `export-png`, `export-mermaid`, `export-dot`,
//! `copy-link`, `embed-snippet`; the link box `copy-link-text`, the snippet `embed-snippet-text`
//! with `embed-snippet-copy`, or `embed-needs-url`; the outcome `export-status` (`data-state`
//! ok / error / busy, and for a PNG `data-ms`, `data-width`, `data-height`).

pub mod files;
pub mod items;
pub mod menu;
pub mod png;
pub mod share;

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::Stores;
use items::FileItems;
use menu::{Menu, Panel};
use share::{copy, view_link, EmbedPanel, LinkPanel};

/// An outside click closes the menu.
pub fn close_on_outside_click(menu: Menu, root: NodeRef<html::Div>) {
    let outside = window_event_listener(ev::pointerdown, move |e| {
        if !menu.open.get_untracked() {
            return;
        }
        let inside = root.get_untracked().is_some_and(|r| {
            e.target()
                .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
                .is_some_and(|n| r.contains(Some(&n)))
        });
        if !inside {
            menu.close(false);
        }
    });
    on_cleanup(move || outside.remove());
}

/// The export menu.
#[component]
pub fn ExportMenu() -> impl IntoView {
    let stores = Stores::get();
    let menu = Menu::new();
    let root = NodeRef::<html::Div>::new();
    close_on_outside_click(menu, root);
    view! {
        <div class="export-menu" node_ref=root on:keydown=move |e| menu.on_key(&e)>
            <button class="button" type="button" node_ref=menu.button data-testid="export-menu-button"
                aria-haspopup="menu" aria-controls="export-menu"
                aria-expanded=move || menu.open.get().to_string()
                title="Save the graph as a file, copy a link, or embed it"
                on:click=move |_| menu.toggle()>
                "Export ▾"
            </button>
            <div class="export-popover" id="export-menu" hidden=move || !menu.open.get() data-testid="export-menu">
                <div role="menu" aria-label="Export" class="export-items" node_ref=menu.items>
                    <FileItems menu=menu/>
                    <div role="separator" class="export-sep"></div>
                    <button type="button" role="menuitem" class="export-item" data-testid="copy-link"
                        title="Copy a link to this view (it names the catalog's URL when it came from one)"
                        on:click=move |_| {
                            menu.panel.set(Some(Panel::Link));
                            copy(menu, view_link(&stores));
                        }>"Copy link"</button>
                    <button type="button" role="menuitem" class="export-item" data-testid="embed-snippet"
                        title="An <iframe> that shows only this graph on another page"
                        on:click=move |_| {
                            menu.copied.set(None);
                            menu.panel.set(Some(Panel::Embed));
                        }>"Embed snippet…"</button>
                </div>
                {move || menu.panel.get().map(|p| match p {
                    Panel::Link => view! { <LinkPanel menu=menu/> }.into_any(),
                    Panel::Embed => view! { <EmbedPanel menu=menu/> }.into_any(),
                })}
            </div>
            <StatusLine menu=menu/>
        </div>
    }
}

/// The outcome of the last action, dismissable.
#[component]
fn StatusLine(menu: Menu) -> impl IntoView {
    view! {
        <div class="export-status-region" role="status" aria-live="polite">
            {move || menu.status.get().map(|s| {
                let (ms, w, h) = match s.png {
                    Some((ms, w, h)) => (Some(format!("{ms:.0}")), Some(w.to_string()), Some(h.to_string())),
                    None => (None, None, None),
                };
                view! {
                    <div class="export-status" data-testid="export-status" data-state=s.kind.as_str()
                        data-ms=ms data-width=w data-height=h>
                        <span>{s.text}</span>
                        <button class="export-dismiss" type="button" aria-label="Dismiss" on:click=move |_| menu.status.set(None)>"×"</button>
                    </div>
                }
            })}
        </div>
    }
}
