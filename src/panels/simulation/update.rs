//! "What if the catalog is updated?": one entry added to the channel, or a second catalog
//! loaded as the update (parsed in the jobs worker, like the catalog on screen in its own: the
//! page links no catalog reader).

use crate::services::jobs::{JobReply, Jobs};
use crate::services::sources;
use crate::state::load::LoadStore;
use crate::state::shared::Shared;
use crate::state::simulation::{AddedEntry, SimulationStore};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::widgets::form::Field;

/// One text field of the add-entry form.
fn field(label: &'static str, testid: &'static str, value: RwSignal<String>) -> impl IntoView {
    view! {
        <Field label=label><input type="text" class="control" data-testid=testid on:input=move |ev| value.set(event_target_value(&ev))/></Field>
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

/// Reads the picked files and has them parsed as the update.
fn load_update(ev: leptos::ev::Event, sim: SimulationStore, jobs: Jobs) {
    let Some((input, list)) = sources::picked(&ev) else {
        return;
    };
    let load = LoadStore::get();
    spawn_local(async move {
        let source = match sources::read_picked(input, list, false).await {
            Ok(s) => s,
            Err(e) => return load.problem(e),
        };
        let label: Vec<&str> = source.files.iter().map(|f| f.path.as_str()).collect();
        let label = label.join(", ");
        jobs.catalog(source.files, move |reply| match reply {
            JobReply::Catalog { catalog, .. } => {
                sim.update.set(Some((label, Shared::new(catalog))))
            }
            JobReply::Failed(e) => load.problem(e),
            JobReply::Rendered { .. }
            | JobReply::Refused(_)
            | JobReply::Preflight { .. }
            | JobReply::Written(_) => {}
        });
    });
}

#[component]
pub fn UpdatedCatalog() -> impl IntoView {
    let sim = SimulationStore::get();
    let jobs = Jobs::get();
    view! {
        <details class="sim-update" data-testid="updated-catalog">
            <summary>"What if the catalog is updated? Add an entry to this channel"</summary>
            <AddEntryForm/>
            <label>"Or load a second catalog as the update"
                <input type="file" multiple accept=".yaml,.yml,.json" data-testid="update-catalog-input"
                    on:change=move |ev| load_update(ev, sim, jobs)/>
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
