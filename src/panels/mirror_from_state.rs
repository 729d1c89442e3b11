//! The Mirror tab's "From the cluster state": with cluster state open beside the catalog,
//! core's `mirror::config_from_state` writes the smallest ImageSetConfiguration that keeps
//! every installed bundle's path (the YAML `olm-graph mirror-config` prints for the same state
//! and catalog), with each channel's range and its reason, and downloads it.
//!
//! Test hooks: `mirror-from-state`, `mirror-from-state-image`, `mirror-from-state-channels`
//! (items carry `data-from-state-package`, `data-from-state-channel`: not `data-package`, which
//! names the package list's items), `mirror-from-state-unserved`,
//! `mirror-from-state-download`.

use leptos::prelude::*;
use olm_graph_core::cluster::GivenCatalog;
use olm_graph_core::mirror::{config_from_state, StateCatalog, StateMirrorConfig};

use crate::services::download::download_text;
use crate::state::cluster::ClusterStore;
use crate::state::load::LoadStore;
use crate::state::shared::Shared;

/// The configuration for the state and the catalog on screen, under the image typed (or the
/// one the state names).
///
/// # Complexity
/// What [`config_from_state`] costs, once per change of the state, catalog or image.
fn plan(
    cluster: ClusterStore,
    load: LoadStore,
    image: RwSignal<String>,
) -> Memo<Option<Shared<StateMirrorConfig>>> {
    Memo::new(move |_| {
        let state = cluster.state.get()?;
        let diagnosis = cluster.diagnosis.get()?;
        let loaded = load.loaded.get()?;
        let typed = image.get();
        let given = GivenCatalog {
            source: None,
            label: &loaded.label,
            catalog: &loaded.catalog,
        };
        let catalogs = [StateCatalog {
            given,
            image: Some(typed.trim()).filter(|i| !i.is_empty()),
        }];
        Some(Shared::new(config_from_state(
            &state, &diagnosis, &catalogs, false,
        )))
    })
}

#[component]
pub fn FromState() -> impl IntoView {
    let cluster = ClusterStore::get();
    let load = LoadStore::get();
    let image = RwSignal::new(String::new());
    let plan = plan(cluster, load, image);
    let problem = RwSignal::new(None::<String>);
    let ready = move || {
        plan.with(|p| {
            p.as_ref()
                .is_some_and(|p| !p.operators.is_empty() && p.no_image.is_empty())
        })
    };
    let download = move |_| {
        let Some(p) = plan.get_untracked() else {
            return;
        };
        problem.set(download_text("imageset-config.yaml", "application/yaml", &p.yaml()).err());
    };
    view! {
        <section class="mirror-from-state" data-testid="mirror-from-state" hidden=move || cluster.opened.with(Option::is_none)>
            <h3 class="subheading">"From the cluster state"</h3>
            <p class="note">"The smallest ImageSetConfiguration that keeps, for every bundle the cluster state runs, its upgrade path to the channel head in the catalog on screen: what "
                <code>"olm-graph mirror-config"</code>" writes."</p>
            <label class="field">
                <span class="field-label">"Catalog image"</span>
                <input type="text" data-testid="mirror-from-state-image" placeholder="from the state's CatalogSource"
                    prop:value=move || image.get()
                    on:input=move |ev| image.set(event_target_value(&ev))/>
            </label>
            {move || plan.get().map(|p| summary(&p))}
            <div class="row">
                <button class="button" type="button" data-testid="mirror-from-state-download"
                    disabled=move || !ready() on:click=download
                    title="The ImageSetConfiguration for the cluster state, as olm-graph mirror-config writes it">
                    "Download from the cluster state"
                </button>
            </div>
            {move || problem.get().map(|e| view! { <p class="notice error" role="alert">{e}</p> })}
        </section>
    }
}

/// Each channel written with its range and reason, the operators not served, and a missing
/// image.
fn summary(p: &StateMirrorConfig) -> impl IntoView {
    let channels = p
        .catalogs
        .iter()
        .flat_map(|c| &c.packages)
        .flat_map(|pkg| {
            pkg.channels
                .iter()
                .map(move |ch| (pkg.name.clone(), ch.clone()))
        })
        .map(|(package, ch)| {
            let range = match (&ch.min_version, &ch.max_version) {
                (None, None) => "heads only".to_string(),
                (min, max) => [
                    min.as_ref().map(|m| format!("minVersion {m}")),
                    max.as_ref().map(|m| format!("maxVersion {m}")),
                ]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", "),
            };
            view! {
                <li data-from-state-package=package.clone() data-from-state-channel=ch.name.clone()>
                    <strong>{format!("{package} / {}: {range}", ch.name)}</strong>
                    <span class="note">{format!(" — {}", ch.why)}</span>
                </li>
            }
        })
        .collect_view();
    let unserved = p
        .unserved
        .iter()
        .map(|u| view! { <li>{format!("{}: {}", u.operator, u.why)}</li> })
        .collect_view();
    view! {
        <ul class="from-state-channels" data-testid="mirror-from-state-channels">{channels}</ul>
        {(!p.unserved.is_empty()).then(|| view! {
            <p class="note">"Not served:"</p>
            <ul class="from-state-unserved" data-testid="mirror-from-state-unserved">{unserved}</ul>
        })}
        {(!p.no_image.is_empty()).then(|| view! {
            <p class="notice" data-testid="mirror-from-state-no-image">"The state names no catalog image for these operators: type the image the configuration should name."</p>
        })}
    }
}
