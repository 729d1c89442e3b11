//! The what-if inputs: installed bundle, resolver, failure kind, failing bundle, upgrade
//! strategy. The selects' values are parsed into the store's enums here, once.

use leptos::prelude::*;
use olm_graph_core::resolve::UpgradeStrategy;

use crate::state::graph::GraphStore;
use crate::state::selection::Selection;
use crate::state::shared::Shared;
use crate::state::simulation::{failure_choice, failure_param, SimInputs, SimulationStore};
use crate::widgets::form::Field;

/// Every bundle of the package on screen, from any channel, sorted.
fn bundle_names(graph: GraphStore) -> Memo<Shared<Vec<String>>> {
    Memo::new(move |_| {
        graph.package_data.with(|d| {
            d.as_ref()
                .map(|d| d.bundle_names())
                .unwrap_or_else(|| Shared::new(Vec::new()))
        })
    })
}

/// The most bundle names the pickers suggest at once (a datalist of every bundle of a
/// 20,000-bundle channel would take seconds to build).
const MAX_SUGGESTIONS: usize = 500;

/// The names to suggest: all of them when few, else those containing `typed`, at most
/// [`MAX_SUGGESTIONS`].
///
/// # Complexity
/// O(V · t) for V names and `typed` of t bytes.
fn suggestions(names: &[String], typed: &str) -> Vec<String> {
    if names.len() <= MAX_SUGGESTIONS {
        return names.to_vec();
    }
    names
        .iter()
        .filter(|n| n.contains(typed))
        .take(MAX_SUGGESTIONS)
        .cloned()
        .collect()
}

/// A `<select>` of (value, label) options bound to a part of the inputs.
fn select(
    testid: &'static str,
    options: &'static [(&'static str, &'static str)],
    current: impl Fn(&SimInputs) -> &'static str + Copy + Send + Sync + 'static,
    apply: impl Fn(&mut SimInputs, &str) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let inputs = SimulationStore::get().inputs;
    view! {
        <select class="control" data-testid=testid on:change=move |ev| {
            let v = event_target_value(&ev);
            inputs.update(|i| apply(i, &v));
        }>
            {options.iter().map(|&(value, label)| view! {
                <option value=value selected=move || inputs.with(|i| current(i) == value)>{label}</option>
            }).collect_view()}
        </select>
    }
}

const RESOLVERS: &[(&str, &str)] = &[
    ("v0", "OLM v0 (Subscription)"),
    ("v1", "OLM v1 (ClusterExtension)"),
    ("both", "Both"),
];
const FAILURES: &[(&str, &str)] = &[
    ("none", "none"),
    ("csv", "CSV fails"),
    ("installplan", "InstallPlan fails"),
];
const STRATEGIES: &[(&str, &str)] = &[
    ("Default", "Default"),
    (
        "TechPreviewUnsafeFailForward",
        "TechPreviewUnsafeFailForward",
    ),
];

/// A bundle name input with the package's bundles to pick from.
fn bundle_input(
    testid: &'static str,
    get: fn(&SimInputs) -> String,
    set: fn(&mut SimInputs, String),
) -> impl IntoView {
    let inputs = SimulationStore::get().inputs;
    view! {
        <input type="text" class="control" list="sim-bundles" data-testid=testid placeholder="bundle name"
            prop:value=move || inputs.with(get)
            on:change=move |ev| {
                let v = event_target_value(&ev);
                inputs.update(|i| set(i, v));
            }/>
    }
}

#[component]
pub fn SimInputsForm() -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    let sim = SimulationStore::get();
    let bundles = bundle_names(graph);
    // The pickers' suggestions are built once a field of the form has had the focus: a
    // datalist is only shown from its input, and 500 options built with every catalog shown
    // made a tenth of the task that first draws a 20,000-bundle channel.
    let wanted = RwSignal::new(false);
    let use_selected = move |_| {
        if let Some(b) = selection.bundle.get_untracked() {
            sim.inputs.update(|i| i.installed = b);
        }
    };
    let mark_selected = move |_| {
        if let Some(b) = selection.bundle.get_untracked() {
            sim.inputs.update(|i| {
                i.failing = b;
                i.failure.get_or_insert_with(Default::default);
            });
        }
    };
    view! {
        <div class="sim-grid" on:focusin=move |_| wanted.set(true)>
            <Field label="Installed bundle">
                {bundle_input("installed-picker", |i| i.installed.clone(), |i, v| i.installed = v)}
            </Field>
            <datalist id="sim-bundles">
                <For each=move || if wanted.get() { suggestions(&bundles.get(), &sim.inputs.with(|i| i.installed.clone())) } else { Vec::new() } key=|b| b.clone() let:b>
                    <option value=b.clone()></option>
                </For>
            </datalist>
            <button class="button" type="button" data-testid="installed-from-selection" on:click=use_selected>"Use selected bundle"</button>
            <Field label="Resolver">
                {select("resolver-select", RESOLVERS, |i| i.resolver.as_str(), |i, v| {
                    i.resolver = v.parse().unwrap_or_default();
                })}
            </Field>
            <div class="sim-channel" data-testid="sim-channel">"Channel: " {move || sim.channel.get().unwrap_or_default()}</div>
            <Field label="Failure">
                {select("failure-kind-select", FAILURES, |i| failure_param(i.failure), |i, v| {
                    i.failure = failure_choice(v).flatten();
                })}
            </Field>
            <Field label="Failing bundle">
                {bundle_input("failing-picker", |i| i.failing.clone(), |i, v| i.failing = v)}
            </Field>
            <button class="button" type="button" data-testid="mark-failing" on:click=mark_selected>"Mark selected bundle as failing"</button>
            <Field label="Upgrade strategy">
                {select("strategy-select", STRATEGIES, |i| i.strategy.olm_name(), |i, v| {
                    i.strategy = v.parse().unwrap_or(UpgradeStrategy::Default);
                })}
            </Field>
        </div>
    }
}
