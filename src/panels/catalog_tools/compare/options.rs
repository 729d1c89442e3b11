//! The comparison's options: its direction, the subscription's channel and the resolver; the
//! names the curator gives both catalogs, and what the graph shows meanwhile.

use leptos::prelude::*;
use olm_graph_core::resolve::Resolver;

use crate::panels::catalog_tools::compare::settings::CompareSettings;
use crate::state::comparison::Comparison;
use crate::state::load::LoadStore;

/// "OCP 4.16 (on-screen catalog, x.yaml)" for the old side (`old`) or the new one.
fn side_label(
    settings: CompareSettings,
    load: LoadStore,
    comparison: Comparison,
    old: bool,
) -> String {
    let screen = old == settings.screen_is_old.get();
    let (given, file, which) = if screen {
        (
            settings.screen_name.get(),
            load.loaded.with(|l| l.as_ref().map(|l| l.label.clone())),
            "on-screen catalog",
        )
    } else {
        (
            settings.other_name.get(),
            comparison
                .other
                .with(|l| l.as_ref().map(|l| l.label.clone())),
            "other catalog",
        )
    };
    let file = file.unwrap_or_default();
    match given.trim() {
        "" => format!("{which} ({file})"),
        name => format!("{name} ({which}, {file})"),
    }
}

#[component]
pub fn CompareOptions(settings: CompareSettings, channels: Memo<Vec<String>>) -> impl IntoView {
    let comparison = Comparison::get();
    let comparing =
        move || comparison.other.with(Option::is_some) || comparison.series.with(Option::is_some);
    let pair =
        move || comparison.other.with(Option::is_some) && comparison.series.with(Option::is_none);
    view! {
        {move || comparing().then(|| view! { <SwitchOptions settings=settings channels=channels/> })}
        {move || pair().then(|| view! { <CatalogNames settings=settings/> })}
    }
}

#[component]
fn SwitchOptions(settings: CompareSettings, channels: Memo<Vec<String>>) -> impl IntoView {
    let comparison = Comparison::get();
    view! {
        <div class="form-row">
            {move || comparison.series.with(Option::is_none).then(|| view! {
                <label>"Direction"
                    <select data-testid="diff-direction"
                        prop:value=move || if settings.screen_is_old.get() { "screen-old" } else { "screen-new" }
                        on:change=move |ev| settings.screen_is_old.set(event_target_value(&ev) == "screen-old")>
                        <option value="screen-old">"on screen → other (switch to the other)"</option>
                        <option value="screen-new">"other → on screen (switch to this one)"</option>
                    </select>
                </label>
            })}
            <label title="The subscription's channel; by default each bundle is followed in the old default channel, else its first channel">"Subscription channel"
                <select data-testid="diff-channel" prop:value=move || settings.channel.get() on:change=move |ev| settings.channel.set(event_target_value(&ev))>
                    <option value="">"each bundle's (default first)"</option>
                    {move || channels.get().into_iter().map(|c| view! { <option value=c.clone()>{c.clone()}</option> }).collect_view()}
                </select>
            </label>
            <label>"Resolver"
                <select data-testid="diff-resolver" prop:value=move || settings.resolver.get().as_str()
                    on:change=move |ev| settings.resolver.set(if event_target_value(&ev) == "v1" { Resolver::V1 } else { Resolver::V0 })>
                    <option value="v0">"OLM v0 (Subscription)"</option>
                    <option value="v1">"OLM v1 (ClusterExtension)"</option>
                </select>
            </label>
        </div>
    }
}

#[component]
fn CatalogNames(settings: CompareSettings) -> impl IntoView {
    let load = LoadStore::get();
    let comparison = Comparison::get();
    let label = move |old: bool| side_label(settings, load, comparison, old);
    view! {
        <div class="form-row">
            <label title="A name for the catalog on screen, such as the platform version it ships with">"On-screen catalog is"
                <input type="text" data-testid="diff-screen-name" placeholder="e.g. OCP 4.16" prop:value=move || settings.screen_name.get()
                    on:input=move |ev| settings.screen_name.set(event_target_value(&ev))/>
            </label>
            <label title="A name for the other catalog, such as the platform version it ships with">"Other catalog is"
                <input type="text" data-testid="diff-other-name" placeholder="e.g. OCP 4.17" prop:value=move || settings.other_name.get()
                    on:input=move |ev| settings.other_name.set(event_target_value(&ev))/>
            </label>
        </div>
        <p class="diff-direction-note" data-testid="diff-direction-note">{move || format!("Old: {} → new: {}", label(true), label(false))}</p>
        {move || settings.screen_is_old.get().then(|| view! {
            <p class="muted" data-testid="diff-graph-note">"The graph outlines each bundle by its fate: green upgradable, blue up-to-date, dashed red stranded, dotted red deprecated, dashed amber channel removed (hover a bundle for it)."</p>
        })}
    }
}
