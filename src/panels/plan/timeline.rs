//! The Plan panel's platform timeline: with a series folder loaded (one catalog per platform
//! version, the same series the catalog-switch comparison reads), the plan across platform
//! versions, one column per platform with the bundle the cluster arrives with, the bundle to
//! reach before the next cluster upgrade, and the `olm.maxOpenShiftVersion` that blocks it.
//! Core plans it (`plan_series`, `series_timeline`), as `olm-graph plan --series` does; the
//! column only shows what core says.

use leptos::prelude::*;
use olm_graph_core::plan::TimelineColumn;

use crate::services::loader::{Loader, Target};
use crate::services::sources;
use crate::state::comparison::{Comparison, SeriesStatus};
use crate::state::plan::{PlanStore, SeriesInputs, SeriesPlanned};
use crate::state::shared::Shared;
use crate::widgets::form::Field;

#[component]
pub fn SeriesPlan(store: PlanStore) -> impl IntoView {
    let comparison = Comparison::get();
    // Taken when there is one (the full app): a panel mounted alone still draws.
    let loader = use_context::<Loader>();
    let open = move |ev: leptos::ev::Event| {
        let (Some(loader), Some((input, list))) = (loader, sources::picked(&ev)) else {
            return;
        };
        let files = sources::read_picked(input, list, true);
        loader.read_and_load_into("series folder".to_string(), files, Target::Series);
    };
    view! {
        <section class="plan-series" aria-label="Plan across platform versions" data-testid="plan-series">
            <h3 class="subheading">"Across platform versions"</h3>
            <p class="muted">"A folder with one catalog per platform version (v4.12/, v4.13/, …): for each cluster upgrade, the bundle the operator must reach first. The installed bundle, target, channel, resolver and preference are the ones above."</p>
            <label class="button" title="A folder with one catalog per subfolder named by platform version">
                <input type="file" class="visually-hidden" prop:webkitdirectory=true multiple
                    data-testid="plan-series-input" aria-label="Open a folder of catalogs, one per platform version"
                    on:change=open/>
                "Open a series folder…"
            </label>
            {move || match comparison.series_status.get() {
                SeriesStatus::Reading => Some(view! { <p class="muted" role="status">"Reading the series…"</p> }.into_any()),
                SeriesStatus::Failed(e) => Some(view! { <div class="notice error" role="alert">{e}</div> }.into_any()),
                SeriesStatus::Idle => None,
            }}
            {move || comparison.series.get().map(|s| {
                let labels: Vec<String> = s.iter().map(|(l, _)| l.clone()).collect();
                platform_form(store, labels)
            })}
            {move || store.series_result.get().map(result_view)}
        </section>
    }
}

/// A `<select>` of the series' platforms bound to one of the series inputs.
fn platform_select(
    store: PlanStore,
    testid: &'static str,
    label: &'static str,
    labels: Vec<String>,
    get: fn(&SeriesInputs) -> &String,
    set: fn(&mut SeriesInputs, String),
) -> impl IntoView {
    let inputs = store.series_inputs;
    view! {
        <Field label=label>
            <select class="control" data-testid=testid on:change=move |ev| inputs.update(|i| set(i, event_target_value(&ev)))>
                <option value="" selected=move || inputs.with(|i| get(i).is_empty())>"—"</option>
                {labels.into_iter().map(|l| {
                    let (value, text) = (l.clone(), l.clone());
                    view! { <option value=l selected=move || inputs.with(|i| get(i) == &value)>{text}</option> }
                }).collect_view()}
            </select>
        </Field>
    }
}

fn platform_form(store: PlanStore, labels: Vec<String>) -> impl IntoView {
    let inputs = store.series_inputs;
    let run = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let wanted = (store.inputs.get_untracked(), inputs.get_untracked());
        store.series_request.set(Some(wanted));
    };
    view! {
        <form class="plan-form" on:submit=run>
            <span class="compare-label" data-testid="plan-series-label">{format!("Series of {}: {}", labels.len(), labels.join(" → "))}</span>
            {platform_select(store, "plan-platform-from", "Cluster now on", labels.clone(), |i| &i.platform_from, |i, v| i.platform_from = v)}
            {platform_select(store, "plan-platform-to", "Upgrading to", labels, |i| &i.platform_to, |i, v| i.platform_to = v)}
            <Field label="or through (platform versions, comma-separated)">
                <input type="text" class="control" data-testid="plan-platform-path" placeholder="4.14,4.16 (EUS jumps)" autocomplete="off"
                    prop:value=move || inputs.with(|i| i.platform_path.clone())
                    on:change=move |ev| inputs.update(|i| i.platform_path = event_target_value(&ev))/>
            </Field>
            <div class="form-actions">
                <button class="button primary" type="submit" data-testid="plan-series-run">"Plan across platforms"</button>
            </div>
        </form>
    }
}

fn result_view(result: Shared<Result<SeriesPlanned, String>>) -> AnyView {
    let planned = match &*result {
        Err(e) => {
            return view! { <div class="notice error" data-testid="plan-series-error">{e.clone()}</div> }
                .into_any()
        }
        Ok(p) => p.clone(),
    };
    let plan = &planned.plan;
    let no_route = (!plan.reachable).then(|| {
        let why = plan.explanation.clone().unwrap_or_default();
        view! { <p class="notice" data-testid="plan-series-no-route"><strong>"No route. "</strong>{why}</p> }
    });
    let next: Vec<Option<String>> = planned
        .columns
        .iter()
        .skip(1)
        .map(|c| Some(c.platform.clone()))
        .chain(std::iter::once(None))
        .collect();
    let columns = planned
        .columns
        .iter()
        .zip(next)
        .map(|(c, n)| column_view(c, n))
        .collect_view();
    let commands = planned.commands.join("\n");
    view! {
        <div class="plan-result" data-testid="plan-series-result" data-reachable=plan.reachable.to_string()>
            {no_route}
            <ol class="plan-timeline" data-testid="plan-timeline">
                {columns}
            </ol>
            <details class="plan-commands">
                <summary>"Commands"</summary>
                <pre data-testid="plan-series-commands">{commands}</pre>
            </details>
        </div>
    }
    .into_any()
}

/// One platform: where the cluster arrives, what to reach before the next upgrade, the block.
fn column_view(c: &TimelineColumn, next: Option<String>) -> impl IntoView {
    let required = match (&c.required, &next) {
        (Some(r), Some(n)) => format!("Reach {r} before upgrading the cluster to {n}"),
        (Some(r), None) => format!("Ends on {r}"),
        (None, _) => "No route on this platform".to_string(),
    };
    let via = if c.channels.is_empty() {
        String::new()
    } else {
        format!(
            "{} upgrade(s) in channel {}",
            c.hops,
            c.channels.join(", then ")
        )
    };
    let blocks = c.blocks.clone().map(|m| {
        let text = format!(
            "Blocks the cluster upgrade: {} has olm.maxOpenShiftVersion {m}",
            c.arrives_on
        );
        view! { <p class="notice" data-testid="plan-platform-block">{text}</p> }
    });
    view! {
        <li class="plan-platform" data-testid="plan-platform" data-platform=c.platform.clone()
            data-arrives=c.arrives_on.clone() data-required=c.required.clone() data-blocks=c.blocks.clone()>
            <h4>{c.platform.clone()}</h4>
            <p class="muted">{format!("Arrives with {}", c.arrives_on)}</p>
            <p><strong data-testid="plan-platform-required">{required}</strong></p>
            <p class="muted">{via}</p>
            {blocks}
        </li>
    }
}
