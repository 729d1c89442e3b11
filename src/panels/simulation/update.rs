//! "What if the catalog is updated?": one entry added to the channel, or a second catalog
//! loaded as the update (parsed on the page: what-if updates are small; the catalog on screen
//! is parsed in the worker).

use leptos::prelude::*;
use leptos::task::spawn_local;
use olm_graph_core::load_files;

use crate::services::sources;
use crate::state::shared::Shared;
use crate::state::simulation::{AddedEntry, SimulationStore};

/// One text field of the add-entry form.
fn field(label: &'static str, testid: &'static str, value: RwSignal<String>) -> impl IntoView {
    view! {
        <label>{label}<input data-testid=testid on:input=move |ev| value.set(event_target_value(&ev))/></label>
    }
}

/// The add-entry form.
#[component]
fn AddEntryForm() -> impl IntoView {
    let sim = SimulationStore::get();
    let name = RwSignal::new(String::new());
    let replaces = RwSignal::new(String::new());
    let skips = RwSignal::new(String::new());
    let range = RwSignal::new(String::new());
    let version = RwSignal::new(String::new());
    let apply = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        sim.added.set(Some(AddedEntry {
            name: name.get_untracked(),
            replaces: replaces.get_untracked(),
            skips: skips.get_untracked(),
            skip_range: range.get_untracked(),
            version: version.get_untracked(),
        }));
    };
    view! {
        <form on:submit=apply data-testid="add-entry-form">
            {field("Name", "add-entry-name", name)}
            {field("Replaces", "add-entry-replaces", replaces)}
            {field("Skips (comma-separated)", "add-entry-skips", skips)}
            {field("skipRange", "add-entry-skiprange", range)}
            {field("Version", "add-entry-version", version)}
            <button class="button" type="submit" data-testid="add-entry-apply">"Use as the updated catalog"</button>
            <button class="button" type="button" data-testid="add-entry-clear" on:click=move |_| sim.added.set(None)>"Clear"</button>
        </form>
    }
}

/// Reads the picked files and parses them with core as the update.
fn load_update(ev: leptos::ev::Event, sim: SimulationStore) {
    let Some((input, list)) = sources::picked(&ev) else {
        return;
    };
    spawn_local(async move {
        let (files, label) = sources::read_small_files(&list).await;
        input.set_value("");
        let catalog = load_files(files);
        sim.update.set(Some((label, Shared::new(catalog))));
    });
}

#[component]
pub fn UpdatedCatalog() -> impl IntoView {
    let sim = SimulationStore::get();
    view! {
        <details class="sim-update" data-testid="updated-catalog">
            <summary>"What if the catalog is updated? Add an entry to this channel"</summary>
            <AddEntryForm/>
            <label>"Or load a second catalog as the update"
                <input type="file" multiple accept=".yaml,.yml,.json" data-testid="update-catalog-input"
                    on:change=move |ev| load_update(ev, sim)/>
            </label>
            {move || sim.update.get().map(|(label, _)| view! {
                <div class="note" data-testid="update-catalog-active">{format!("Updated catalog: {label} ")}
                    <button class="button" type="button" data-testid="update-catalog-clear" on:click=move |_| sim.update.set(None)>"Forget"</button>
                </div>
            })}
            {move || sim.result.with(|s| s.as_ref().and_then(|s| s.update_error.clone())).map(|e| view! {
                <div class="notice error" data-testid="add-entry-error">{e}</div>
            })}
            {move || sim.added.get().map(|a| view! {
                <div class="note" data-testid="add-entry-active">{format!("Updated catalog: this channel plus {}", a.name)}</div>
            })}
        </details>
    }
}
