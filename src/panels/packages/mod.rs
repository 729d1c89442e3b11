//! The package list: every package with its channel and bundle counts, deprecation and finding
//! markers, filtered by a fuzzy search (`/` focuses it; Enter opens the best match).

pub mod filter;
pub mod fuzzy;

use leptos::html;
use leptos::prelude::*;
use olm_graph_core::text::plural;
use web_sys::KeyboardEvent;

use crate::state::load::LoadStore;
use crate::state::selection::Selection;
use filter::{filter_packages, Hit};
use fuzzy::segments;

/// Whether a key event comes from a text field (where `/` is typed, not a shortcut).
fn typing(ev: &KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .is_some_and(|e| {
            matches!(
                e.tag_name().to_ascii_lowercase().as_str(),
                "input" | "textarea" | "select"
            )
        })
}

/// `/` focuses the search from anywhere but a text field.
fn focus_search_on_slash(search: NodeRef<html::Input>) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev: KeyboardEvent| {
        if ev.key() != "/" || ev.ctrl_key() || ev.meta_key() || ev.alt_key() || typing(&ev) {
            return;
        }
        if let Some(input) = search.get() {
            ev.prevent_default();
            let _ = input.focus();
            input.select();
        }
    });
    on_cleanup(move || handle.remove());
}

#[component]
pub fn PackageList() -> impl IntoView {
    let load = LoadStore::get();
    let selection = Selection::get();
    let query = RwSignal::new(String::new());
    let search = NodeRef::<html::Input>::new();
    focus_search_on_slash(search);
    let hits = Memo::new(move |_| {
        let q = query.get();
        load.loaded
            .with(|l| l.as_ref().map(|l| filter_packages(&l.summaries, &q)))
            .unwrap_or_default()
    });
    let total = move || {
        load.loaded
            .with(|l| l.as_ref().map_or(0, |l| l.summaries.len()))
    };
    let on_key = move |ev: KeyboardEvent| match ev.key().as_str() {
        "Enter" => {
            if let Some(h) = hits.with_untracked(|h| h.first().cloned()) {
                selection.select_package(&h.summary.name);
            }
        }
        "Escape" => query.set(String::new()),
        _ => {}
    };
    let count = move || {
        let (shown, all) = (hits.with(Vec::len), total());
        if shown == all {
            plural(all, "package", "packages")
        } else {
            format!("{shown} of {all} packages")
        }
    };
    view! {
        <nav class="package-list" aria-label="Packages">
            <div class="search">
                <input type="search" node_ref=search data-testid="package-search"
                    placeholder="Search packages  ( / )" aria-label="Search packages (press / to focus)"
                    aria-keyshortcuts="/" autocomplete="off" spellcheck="false"
                    prop:value=move || query.get()
                    on:input=move |ev| query.set(event_target_value(&ev))
                    on:keydown=on_key/>
                <div class="count" aria-live="polite">{count}</div>
            </div>
            <ul class="packages">
                <For each=move || hits.get() key=hit_key children=move |hit: Hit| view! { <PackageItem hit=hit/> }/>
            </ul>
            {move || (total() > 0 && hits.with(Vec::is_empty)).then(|| view! {
                <p class="empty">"No package matches."</p>
            })}
        </nav>
    }
}

type HitKey = (
    String,
    Vec<usize>,
    usize,
    usize,
    usize,
    usize,
    Option<String>,
);

fn hit_key(h: &Hit) -> HitKey {
    let s = &h.summary;
    (
        s.name.clone(),
        h.positions.clone(),
        s.channels,
        s.bundles,
        s.errors,
        s.warnings,
        s.deprecation.clone(),
    )
}

/// One package: its name (matched letters marked), counts and badges.
#[component]
fn PackageItem(hit: Hit) -> impl IntoView {
    let selection = Selection::get();
    let s = hit.summary;
    let name = s.name.clone();
    let selected = {
        let name = name.clone();
        Memo::new(move |_| {
            selection
                .package
                .with(|p| p.as_deref() == Some(name.as_str()))
        })
    };
    let parts = segments(&name, &hit.positions)
        .into_iter()
        .map(|(t, hit)| {
            if hit {
                view! { <mark>{t}</mark> }.into_any()
            } else {
                view! { <span>{t}</span> }.into_any()
            }
        })
        .collect_view();
    let counts = format!(
        "{} · {}",
        plural(s.channels, "channel", "channels"),
        plural(s.bundles, "bundle", "bundles")
    );
    let click_name = name.clone();
    view! {
        <li data-package=name class:selected=move || selected.get()>
            <button class="package" aria-current=move || if selected.get() { "true" } else { "false" }
                on:click=move |_| selection.select_package(&click_name)>
                <span class="name">{parts}</span>
                <span class="meta">
                    <span class="counts">{counts}</span>
                    {s.deprecation.clone().map(|m| view! {
                        <span class="badge deprecated" title=format!("Deprecated: {m}")>"deprecated"</span>
                    })}
                    {(s.errors > 0).then(|| view! {
                        <span class="badge error" title="errors found by validation">{plural(s.errors, "error", "errors")}</span>
                    })}
                    {(s.warnings > 0).then(|| view! {
                        <span class="badge warning" title="lint warnings">{plural(s.warnings, "warning", "warnings")}</span>
                    })}
                </span>
            </button>
        </li>
    }
}
