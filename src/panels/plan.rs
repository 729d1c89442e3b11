//! The Plan panel, beside the simulation: from the installed bundle to a target (the latest
//! version, a channel's head, a version or bundle), under OLM v0 or v1, with a preference.
//! Core plans the route (`plan_route`) and writes the commands (`plan_commands`), exactly as
//! `olm-graph plan` does; the panel lists the steps, draws the route on the package view (all
//! channels) through the simulation's path marks, with each channel switch written on the hop
//! after it, steps through it with the simulation's animation, and copies the commands. With
//! a series folder, the platform timeline ([`timeline`]).

mod timeline;

use leptos::prelude::*;
use leptos::task::spawn_local;
use olm_graph_core::plan::{Plan, PlanStep, StopSupport};
use olm_graph_core::resolve::{via_label, Resolver};
use olm_graph_core::sort::SortWith;
use olm_graph_core::support::AsOf;

use crate::services::clipboard::copy_text;
use crate::services::persist;
use crate::state::graph::GraphStore;
use crate::state::plan::{PlanInputs, PlanStore, Planned, TargetKind};
use crate::state::selection::{ChannelChoice, Selection};
use crate::state::shared::Shared;
use crate::state::simulation::SimulationStore;
use crate::state::workspace::Workspace;
use crate::state::Stores;
use crate::widgets::form::{Field, PanelHeading, SelectControl};

const TARGETS: &[(&str, &str)] = &[
    ("latest", "the latest version"),
    ("channel", "the head of channel"),
    ("version", "version or bundle"),
];
const PREFERENCES: &[(&str, &str)] = &[
    ("fewest-switches", "fewest channel switches"),
    ("fewest-hops", "fewest upgrades"),
    ("avoid-deprecated", "avoid deprecated"),
];

/// Every bundle and every channel of the package on screen, sorted.
fn names(graph: GraphStore) -> Memo<(Shared<Vec<String>>, Vec<String>)> {
    Memo::new(move |_| {
        graph.package_data.with(|d| {
            let Some(d) = d else {
                return (Shared::new(Vec::new()), Vec::new());
            };
            let pkg = d.package();
            let bundles = d.bundle_names();
            let mut channels: Vec<String> = pkg.channels.iter().map(|c| c.name.clone()).collect();
            channels.sort_ord();
            (bundles, channels)
        })
    })
}

/// The most bundle names the datalist offers at once: a datalist of every bundle of a
/// 20,000-bundle package took most of half a second to build when a catalog was shown.
const MAX_SUGGESTIONS: usize = 500;

/// The bundle names to offer: all of them when few, else those containing what is typed in
/// either field, at most [`MAX_SUGGESTIONS`].
///
/// # Complexity
/// O(V · t) for V names and t bytes typed.
fn suggested(names: &[String], from: &str, target: &str) -> Vec<String> {
    if names.len() <= MAX_SUGGESTIONS {
        return names.to_vec();
    }
    names
        .iter()
        .filter(|n| n.contains(from.trim()) || n.contains(target.trim()))
        .take(MAX_SUGGESTIONS)
        .cloned()
        .collect()
}

/// The form's inputs come back from this browser's storage, and are kept as they change.
fn keep_inputs(store: PlanStore) {
    if let Some(kept) = persist::kept_form("plan") {
        store.inputs.set(PlanInputs::from_query(&kept));
    }
    let kept = Stores::get().kept;
    Effect::new(move |_| {
        let query = store.inputs.with(PlanInputs::to_query);
        kept.wrote("form", persist::keep_form("plan", &query));
    });
}

#[component]
pub fn PlanPanel() -> impl IntoView {
    let graph = GraphStore::get();
    let store = PlanStore::new(graph, crate::state::comparison::Comparison::get().series);
    keep_inputs(store);
    // "Plan from here": the selected bundle becomes the starting point.
    if let Some(ws) = Workspace::try_get() {
        Effect::new(move |_| {
            if let Some(from) = ws.plan_from.get() {
                store.inputs.update(|i| i.from = from);
                ws.plan_from.set(None);
            }
        });
    }
    let sim = SimulationStore::get();
    let selection = Selection::get();
    // Another package: the plan and its route go.
    Effect::new(move |prev: Option<Option<String>>| {
        let p = selection.package.get();
        if prev.is_some_and(|prev| prev != p) {
            store.request.set(None);
            sim.route.set(None);
        }
        p
    });
    view! {
        <section class="panel plan" aria-label="Upgrade plan" data-testid="plan-panel">
            <PanelHeading text="Plan an upgrade route"/>
            <PlanForm store=store/>
            {move || store.result.get().map(|r| result_view(r, sim, selection))}
            {move || store.support.get().map(|(as_of, stops)| support_view(&as_of, &stops))}
            <timeline::SeriesPlan store=store/>
        </section>
    }
}

/// A labelled `<select>` of (value, label) options bound to a part of the inputs.
fn select(
    store: PlanStore,
    testid: &'static str,
    label: &'static str,
    options: &'static [(&'static str, &'static str)],
    current: impl Fn(&PlanInputs) -> &'static str + Copy + Send + Sync + 'static,
    apply: impl Fn(&mut PlanInputs, &str) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let inputs = store.inputs;
    let current = Signal::derive(move || inputs.with(current));
    let on_change = Callback::new(move |v: String| inputs.update(|i| apply(i, &v)));
    view! {
        <Field label=label>
            <SelectControl testid=testid options=options current=current on_change=on_change/>
        </Field>
    }
}

/// A text field bound to a part of the inputs, with suggestions.
fn field(
    store: PlanStore,
    testid: &'static str,
    list: &'static str,
    placeholder: &'static str,
    get: impl Fn(&PlanInputs) -> String + Copy + Send + Sync + 'static,
    set: impl Fn(&mut PlanInputs, String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let inputs = store.inputs;
    view! {
        <input type="text" class="control" data-testid=testid list=list placeholder=placeholder autocomplete="off"
            prop:value=move || inputs.with(get)
            on:change=move |ev| inputs.update(|i| set(i, event_target_value(&ev)))/>
    }
}

#[component]
fn PlanForm(store: PlanStore) -> impl IntoView {
    let names = names(GraphStore::get());
    // The datalists are filled once a field of the form has had the focus (as the
    // simulation's pickers are, src/panels/simulation/inputs.rs).
    let wanted = RwSignal::new(false);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        store.request.set(Some(store.inputs.get_untracked()));
    };
    let target_list = move || match store.inputs.with(|i| i.kind) {
        TargetKind::ChannelHead => "plan-channels",
        _ => "plan-bundles",
    };
    view! {
        <form class="plan-form" on:submit=submit on:focusin=move |_| wanted.set(true)>
            <datalist id="plan-bundles">{move || wanted.get().then(|| names.with(|(b, _)| store.inputs.with(|i| suggested(b, &i.from, &i.target)).into_iter().map(|n| view! { <option value=n/> }).collect_view()))}</datalist>
            <datalist id="plan-channels">{move || wanted.get().then(|| names.with(|(_, c)| c.iter().map(|n| view! { <option value=n.clone()/> }).collect_view()))}</datalist>
            <Field label="From (installed)">
                {field(store, "plan-from", "plan-bundles", "installed bundle", |i| i.from.clone(), |i, v| i.from = v)}
            </Field>
            <Field label="Subscribed channel">
                {field(store, "plan-channel", "plan-channels", "any channel listing it", |i| i.channel.clone(), |i, v| i.channel = v)}
            </Field>
            {select(store, "plan-target-kind", "To", TARGETS, |i| i.kind.as_str(), |i, v| {
                if let Ok(k) = v.parse() { i.kind = k; }
            })}
            <Field label="Target channel, version or bundle">
                <input type="text" class="control" data-testid="plan-target" list=target_list autocomplete="off"
                    disabled=move || store.inputs.with(|i| i.kind == TargetKind::Latest)
                    placeholder=move || if store.inputs.with(|i| i.kind == TargetKind::Latest) { "(not needed for the latest version)" } else { "" }
                    prop:value=move || store.inputs.with(|i| i.target.clone())
                    on:change=move |ev| store.inputs.update(|i| i.target = event_target_value(&ev))/>
            </Field>
            {select(store, "plan-resolver", "Resolver", &[("v0", "OLM v0 (Subscription)"), ("v1", "OLM v1 (ClusterExtension)")],
                |i| i.resolver.as_str(), |i, v| i.resolver = if v == "v1" { Resolver::V1 } else { Resolver::V0 })}
            {select(store, "plan-prefer", "Prefer", PREFERENCES, |i| i.prefer.as_str(), |i, v| {
                if let Ok(p) = v.parse() { i.prefer = p; }
            })}
            <div class="form-actions">
                <button class="button primary" type="submit" data-testid="plan-run">"Plan"</button>
            </div>
        </form>
    }
}

fn result_view(
    result: Shared<Result<Planned, String>>,
    sim: SimulationStore,
    selection: Selection,
) -> AnyView {
    let planned = match &*result {
        Err(e) => {
            return view! { <div class="notice error" data-testid="plan-error">{e.clone()}</div> }
                .into_any()
        }
        Ok(p) => p.clone(),
    };
    let plan = &planned.plan;
    if !plan.reachable {
        let why = plan.explanation.clone().unwrap_or_default();
        return view! {
            <div class="plan-result" data-testid="plan-result" data-reachable="false">
                <p class="notice" data-testid="plan-no-route"><strong>"No route. "</strong>{why}</p>
            </div>
        }
        .into_any();
    }
    let route = Shared::new(planned.route.clone());
    let show = move |_| {
        selection.select_channel(ChannelChoice::All);
        sim.route.set(Some(route.clone()));
    };
    view! {
        <div class="plan-result" data-testid="plan-result" data-reachable="true">
            <p class="plan-summary">{summary(plan)}</p>
            <ol class="plan-steps" data-testid="plan-steps">
                {plan.steps.iter().map(step_view).collect_view()}
            </ol>
            <div class="sim-controls" role="toolbar" aria-label="Route on the graph">
                <button class="button" type="button" data-testid="plan-show" on:click=show>"Show on graph"</button>
                <button class="button" type="button" data-testid="plan-play"
                    disabled=move || sim.route.with(Option::is_none)
                    on:click=move |_| sim.toggle_play()>
                    {move || if sim.playing.get() { "Pause" } else { "Step through" }}
                </button>
            </div>
            {commands_view(planned.commands.clone())}
        </div>
    }
    .into_any()
}

/// "quay-operator.v3.15.0 → quay-operator.v3.17.4 in 6 hop(s), 2 switch(es)".
fn summary(plan: &Plan) -> String {
    let hops: usize = plan.steps.iter().map(|s| s.hops.len()).sum();
    let switches = plan.steps.len().saturating_sub(1);
    format!(
        "{} → {} in {hops} hop(s) and {switches} channel switch(es), under OLM {}.",
        plan.from,
        plan.end.as_deref().unwrap_or(&plan.from),
        plan.resolver.as_str()
    )
}

fn step_view(step: &PlanStep) -> impl IntoView {
    let hops = step
        .hops
        .iter()
        .map(|h| {
            view! {
                <li data-testid="plan-hop" data-from=h.from.clone() data-to=h.to.clone()>
                    {format!("{} → {}", h.from, h.to)}<span class="reason">{format!(" via {}", via_label(&h.via))}</span>
                </li>
            }
        })
        .collect_view();
    let hold = step.stop.clone().map(|s| {
        let why = step.stop_reason.clone().unwrap_or_default();
        view! { <p class="plan-hold" data-testid="plan-hold">{format!("Hold at {s}: {why}")}</p> }
    });
    let switch = step.switch_reason.clone().map(
        |r| view! { <p class="plan-switch" data-testid="plan-switch">{format!("Switch: {r}")}</p> },
    );
    view! {
        <li data-testid="plan-step" data-channel=step.channel.clone() data-stop=step.stop.clone()>
            <strong>{format!("Subscribe to channel {}", step.channel)}</strong>
            {switch}
            <ol class="hops">{hops}</ol>
            {hold}
        </li>
    }
}

/// With the lifecycle overlay on: each stop's and the target's support phase, phase end, end
/// of life and compatibility (core's per-stop facts).
fn support_view(as_of: &AsOf, stops: &[StopSupport]) -> impl IntoView {
    let heading = match &as_of.platform {
        Some(p) => format!("Support on {} (OpenShift {p})", as_of.date),
        None => format!("Support on {}", as_of.date),
    };
    let rows = stops
        .iter()
        .map(|s| {
            let f = &s.facts;
            let phase = f
                .phase
                .clone()
                .unwrap_or_else(|| "no lifecycle data".into());
            let ends = f.phase_ends.map(|d| d.to_string()).unwrap_or_default();
            let eol = f.end_of_life.map(|d| d.to_string()).unwrap_or_default();
            let compatible = match f.compatible {
                Some(true) => "yes",
                Some(false) => "no",
                None => "",
            };
            view! {
                <tr data-testid="plan-support-stop" data-bundle=f.bundle.clone() data-role=s.role
                    data-phase=f.phase.clone().unwrap_or_else(|| "unknown".into())
                    data-compatible=f.compatible.map(|c| c.to_string())>
                    <td>{format!("{} {}", s.role, s.step)}</td>
                    <td class="mono wrap">{f.bundle.clone()}</td>
                    <td>{phase}</td><td>{ends}</td><td>{eol}</td><td>{compatible}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="plan-support" data-testid="plan-support">
            <h3>{heading}</h3>
            <table class="table">
                <thead><tr>
                    <th scope="col">"Step"</th><th scope="col">"Bundle"</th><th scope="col">"Phase"</th>
                    <th scope="col">"Until"</th><th scope="col">"End of life"</th><th scope="col">"Runs"</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// The commands, as `olm-graph plan` writes them, with a copy button.
fn commands_view(commands: Vec<String>) -> impl IntoView {
    let copied: RwSignal<Option<bool>> = RwSignal::new(None);
    let text = commands.join("\n");
    let shown = text.clone();
    let copy = move |_| {
        let text = text.clone();
        spawn_local(async move { copied.set(Some(copy_text(&text).await)) });
    };
    view! {
        <details class="plan-commands" open>
            <summary>"Commands"</summary>
            <pre data-testid="plan-commands">{shown}</pre>
            <button class="button" type="button" data-testid="plan-copy" on:click=copy>"Copy commands"</button>
            {move || copied.get().map(|ok| view! {
                <span class="note" role="status" data-testid="plan-copied">{if ok { "Copied." } else { "The clipboard is not available: select the text and copy it." }}</span>
            })}
        </details>
    }
}
