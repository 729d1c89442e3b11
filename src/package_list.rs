//! The package list: every package with its channel and bundle counts, deprecation and finding
//! markers, filtered by a fuzzy search (`/` focuses it; Enter opens the best match).

use leptos::html;
use leptos::prelude::*;
use olm_graph_core::view::PackageSummary;
use web_sys::KeyboardEvent;

use crate::fuzzy::{fuzzy_match, segments};
use crate::state::AppState;

/// A summary that matched the query, with the positions to highlight.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub summary: PackageSummary,
    pub positions: Vec<usize>,
}

/// The summaries matching `query`, best first (all, in name order, for an empty query).
pub fn filter_packages(summaries: &[PackageSummary], query: &str) -> Vec<Hit> {
    let mut hits: Vec<(i64, Hit)> = summaries
        .iter()
        .filter_map(|s| {
            fuzzy_match(query, &s.name).map(|m| {
                (
                    m.score,
                    Hit {
                        summary: s.clone(),
                        positions: m.positions,
                    },
                )
            })
        })
        .collect();
    hits.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then_with(|| a.1.summary.name.cmp(&b.1.summary.name))
    });
    hits.into_iter().map(|(_, h)| h).collect()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[component]
pub fn PackageList() -> impl IntoView {
    let state = AppState::get();
    let query = RwSignal::new(String::new());
    let search = NodeRef::<html::Input>::new();

    // `/` focuses the search from anywhere but a text field.
    let handle = window_event_listener(leptos::ev::keydown, move |ev: KeyboardEvent| {
        if ev.key() != "/" || ev.ctrl_key() || ev.meta_key() || ev.alt_key() {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|e| {
                matches!(
                    e.tag_name().to_ascii_lowercase().as_str(),
                    "input" | "textarea" | "select"
                )
            });
        if typing {
            return;
        }
        if let Some(input) = search.get() {
            ev.prevent_default();
            let _ = input.focus();
            input.select();
        }
    });
    on_cleanup(move || handle.remove());

    let hits = Memo::new(move |_| {
        let q = query.get();
        state
            .loaded
            .with(|l| l.as_ref().map(|l| filter_packages(&l.summaries, &q)))
            .unwrap_or_default()
    });
    let total = move || {
        state
            .loaded
            .with(|l| l.as_ref().map_or(0, |l| l.summaries.len()))
    };

    let on_key = move |ev: KeyboardEvent| match ev.key().as_str() {
        "Enter" => {
            if let Some(h) = hits.with_untracked(|h| h.first().cloned()) {
                state.select_package(&h.summary.name);
            }
        }
        "Escape" => query.set(String::new()),
        _ => {}
    };

    view! {
        <nav class="package-list" aria-label="Packages">
            <div class="search">
                <input
                    type="search"
                    node_ref=search
                    data-testid="package-search"
                    placeholder="Search packages  ( / )"
                    aria-label="Search packages (press / to focus)"
                    aria-keyshortcuts="/"
                    autocomplete="off"
                    spellcheck="false"
                    prop:value=move || query.get()
                    on:input=move |ev| query.set(event_target_value(&ev))
                    on:keydown=on_key
                />
                <div class="count" aria-live="polite">
                    {move || {
                        let (shown, all) = (hits.with(Vec::len), total());
                        if shown == all {
                            plural(all, "package", "packages")
                        } else {
                            format!("{shown} of {all} packages")
                        }
                    }}
                </div>
            </div>
            <ul class="packages">
                <For
                    each=move || hits.get()
                    key=|h| {
                        let s = &h.summary;
                        (s.name.clone(), h.positions.clone(), s.channels, s.bundles, s.errors, s.warnings, s.deprecation.clone())
                    }
                    children=move |hit: Hit| {
                        let name = hit.summary.name.clone();
                        let name_for_click = name.clone();
                        let name_for_sel = name.clone();
                        let selected = Memo::new(move |_| state.package.with(|p| p.as_deref() == Some(name_for_sel.as_str())));
                        let s = hit.summary.clone();
                        let parts = segments(&name, &hit.positions);
                        let counts = format!(
                            "{} · {}",
                            plural(s.channels, "channel", "channels"),
                            plural(s.bundles, "bundle", "bundles")
                        );
                        view! {
                            <li data-package=name.clone() class:selected=move || selected.get()>
                                <button
                                    class="package"
                                    aria-current=move || if selected.get() { "true" } else { "false" }
                                    on:click=move |_| state.select_package(&name_for_click)
                                >
                                    <span class="name">
                                        {parts
                                            .into_iter()
                                            .map(|(t, hit)| {
                                                if hit {
                                                    view! { <mark>{t}</mark> }.into_any()
                                                } else {
                                                    view! { <span>{t}</span> }.into_any()
                                                }
                                            })
                                            .collect_view()}
                                    </span>
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
                />
            </ul>
            {move || (total() > 0 && hits.with(Vec::is_empty)).then(|| view! {
                <p class="empty">"No package matches."</p>
            })}
        </nav>
    }
}
