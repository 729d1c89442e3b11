//! Where the comparison's other side comes from: the other catalog's files or URL, or a
//! series folder (one catalog per platform version); what is loaded, and forgetting it.

use leptos::prelude::*;

use crate::panels::load_bar::CATALOG_TYPES;
use crate::services::loader::{Loader, Target};
use crate::services::sources;
use crate::state::comparison::{Comparison, SeriesStatus};

#[component]
pub fn CompareSources(url: RwSignal<String>) -> impl IntoView {
    let comparison = Comparison::get();
    let nothing_yet =
        move || comparison.other.with(Option::is_none) && comparison.series.with(Option::is_none);
    view! {
        <CompareInputs url=url/>
        {move || match comparison.series_status.get() {
            SeriesStatus::Reading => Some(view! { <p class="muted" role="status">"Reading the series…"</p> }.into_any()),
            SeriesStatus::Failed(e) => Some(view! { <div class="notice error" role="alert" data-testid="series-error">{e}</div> }.into_any()),
            SeriesStatus::Idle => None,
        }}
        {move || comparison.series.get().map(|s| {
            let labels: Vec<String> = s.iter().map(|(l, _)| l.clone()).collect();
            view! {
                <div class="form-row">
                    <span class="compare-label" data-testid="series-label">{format!("Series of {}: {}", labels.len(), labels.join(" → "))}</span>
                    <button class="button" data-testid="series-forget" on:click=move |_| comparison.series.set(None)>"Forget the series"</button>
                </div>
            }
        })}
        {move || comparison.other.get().filter(|_| comparison.series.with(Option::is_none)).map(|c| view! {
            <div class="form-row">
                <span class="compare-label" data-testid="compare-label">{c.label.clone()}</span>
                <button class="button" data-testid="compare-forget" on:click=move |_| comparison.other.set(None)>"Forget"</button>
            </div>
        })}
        {move || nothing_yet().then(|| view! {
            <p class="muted">"Load the catalog the cluster switches to (for example the next OpenShift version's), or a folder with one catalog per platform version to see every switch along the way."</p>
        })}
    }
}

/// The other catalog's files or URL (`url`, as typed), or a series folder.
#[component]
fn CompareInputs(url: RwSignal<String>) -> impl IntoView {
    let loader = Loader::get();
    let on_files = move |ev: leptos::ev::Event, target: Target| {
        let Some((input, list)) = sources::picked(&ev) else {
            return;
        };
        let (label, directory) = match target {
            Target::Series => ("series folder".to_string(), true),
            _ => (format!("{} file(s) to compare", list.length()), false),
        };
        loader.read_and_load_into(label, sources::read_picked(input, list, directory), target);
    };
    let load_url = move || {
        let url = url.get_untracked();
        loader.read_and_load_into(
            url.clone(),
            async move { sources::from_url(&url).await },
            Target::Compare,
        );
    };
    view! {
        <div class="form-row">
            <label class="button" title="Open the other catalog's files (.yaml, .yml, .json)">
                <input type="file" class="visually-hidden" multiple accept=CATALOG_TYPES
                    data-testid="compare-file-input" aria-label="Open the catalog to compare with"
                    on:change=move |ev| on_files(ev, Target::Compare)/>
                "Open the other catalog…"
            </label>
            <form class="url-form" on:submit=move |ev| { ev.prevent_default(); load_url(); }>
                <input type="url" prop:value=move || url.get() on:input=move |ev| url.set(event_target_value(&ev)) placeholder="https://…/catalog.json" data-testid="compare-url-input" aria-label="URL of the catalog to compare with"/>
                <button type="submit" class="button">"Fetch"</button>
            </form>
            <label class="button" title="A folder with one catalog per subfolder named by platform version (v4.12/, v4.13/, …): every switch along the series">
                <input type="file" class="visually-hidden" prop:webkitdirectory=true multiple
                    data-testid="compare-series-input" aria-label="Open a folder of catalogs, one per platform version"
                    on:change=move |ev| on_files(ev, Target::Series)/>
                "Open a series folder…"
            </label>
        </div>
    }
}
