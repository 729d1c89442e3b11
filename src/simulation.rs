//! The simulation panel (issue 5): which bundle a cluster runs, which resolver, which channel
//! (the one on screen; all channels: the default channel), a failing bundle with its failure
//! kind and upgrade strategy, and an optional "updated catalog" (one added channel entry). The
//! path, its outcome and the "why am I stuck?" explanation all come from core
//! (`resolve_path`, `first_difference`, `lifecycle::with_entry`); this module only renders them
//! and paints the path onto the graph.
//!
//! Test hooks on the graph (set on the drawn SVG, cleared on every repaint): nodes on the path
//! carry `data-on-path="true"` and `data-path-step="<n>"` (0 = installed), the failing node
//! `data-failed="csv|installplan"`; hop edges `data-on-path="true"` and `data-path-reason`.
//! With `both`, v1's path uses `data-on-path-v1` / `data-path-step-v1`.

use std::time::Duration;

use leptos::prelude::*;
use olm_graph_core::lifecycle::edit::{with_entry, NewEntry};
use olm_graph_core::model::{Catalog, ChannelEntry};
use olm_graph_core::resolve::{
    first_difference, resolve_path, Failure, FailureKind, PathOptions, Resolver, UpgradePath,
    UpgradeStrategy,
};
use olm_graph_core::semver::Version;
use wasm_bindgen::JsCast;
use web_sys::UrlSearchParams;

use crate::state::{AppState, Shared};

/// Which resolvers to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResolverChoice {
    V0,
    V1,
    Both,
}

impl ResolverChoice {
    pub fn parse(s: &str) -> ResolverChoice {
        match s {
            "v1" => ResolverChoice::V1,
            "both" => ResolverChoice::Both,
            _ => ResolverChoice::V0,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            ResolverChoice::V0 => "v0",
            ResolverChoice::V1 => "v1",
            ResolverChoice::Both => "both",
        }
    }
}

/// The what-if inputs.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SimInputs {
    pub installed: String,
    pub resolver: String,
    /// `none`, `csv` or `installplan`.
    pub failure_kind: String,
    pub failing: String,
    /// `Default` or `TechPreviewUnsafeFailForward`.
    pub strategy: String,
}

/// An entry to add to the channel for the "updated catalog".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddedEntry {
    pub name: String,
    pub replaces: String,
    pub skips: String,
    pub skip_range: String,
    pub version: String,
}

impl AddedEntry {
    /// The core edit this form describes.
    pub fn to_new_entry(&self) -> Result<NewEntry, String> {
        let opt = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
        let version = match opt(&self.version) {
            Some(v) => {
                Some(Version::parse_tolerant(&v).map_err(|e| format!("version {v:?}: {e}"))?)
            }
            None => None,
        };
        Ok(NewEntry {
            entry: ChannelEntry {
                name: self.name.trim().to_string(),
                replaces: opt(&self.replaces),
                skips: self
                    .skips
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect(),
                skip_range: opt(&self.skip_range),
            },
            version,
        })
    }
}

/// One resolved path (or core's error) for one resolver.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    pub resolver: Resolver,
    pub result: Result<UpgradePath, String>,
}

/// What the panel shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    pub channel: String,
    pub paths: Vec<Resolved>,
    /// Hop index where v0 and v1 part ways (with `both`).
    pub difference: Option<usize>,
    /// The updated catalog could not be built.
    pub update_error: Option<String>,
}

/// Resolves the inputs against `catalog` (pure: core does the work).
pub fn simulate(
    catalog: &Catalog,
    package: &str,
    channel: &str,
    inputs: &SimInputs,
    added: Option<&AddedEntry>,
    update: Option<&Catalog>,
) -> Simulation {
    let failure = match inputs.failure_kind.as_str() {
        "csv" | "installplan" if !inputs.failing.trim().is_empty() => Some(Failure {
            bundle: inputs.failing.trim().to_string(),
            kind: if inputs.failure_kind == "csv" {
                FailureKind::Csv
            } else {
                FailureKind::InstallPlan
            },
            strategy: if inputs.strategy == "TechPreviewUnsafeFailForward" {
                UpgradeStrategy::TechPreviewUnsafeFailForward
            } else {
                UpgradeStrategy::Default
            },
        }),
        _ => None,
    };
    let mut update_error = None;
    // The updated catalog: a second catalog loaded as the update and/or one added entry.
    let updated: Option<Catalog> = match added {
        Some(a) => match a
            .to_new_entry()
            .and_then(|n| with_entry(update.unwrap_or(catalog), package, channel, &n))
        {
            Ok(c) => Some(c),
            Err(e) => {
                update_error = Some(e);
                update.cloned()
            }
        },
        None => update.cloned(),
    };
    let resolvers: &[Resolver] = match ResolverChoice::parse(&inputs.resolver) {
        ResolverChoice::V0 => &[Resolver::V0],
        ResolverChoice::V1 => &[Resolver::V1],
        ResolverChoice::Both => &[Resolver::V0, Resolver::V1],
    };
    let installed = inputs.installed.trim();
    let paths: Vec<Resolved> = resolvers
        .iter()
        .map(|&resolver| {
            let options = PathOptions {
                resolver,
                channel: Some(channel.to_string()),
                failure: failure.clone(),
                ..PathOptions::default()
            };
            Resolved {
                resolver,
                result: resolve_path(catalog, package, installed, &options, updated.as_ref())
                    .map_err(|e| e.message),
            }
        })
        .collect();
    let difference = match (paths.first(), paths.get(1)) {
        (Some(Resolved { result: Ok(a), .. }), Some(Resolved { result: Ok(b), .. })) => {
            first_difference(a, b)
        }
        _ => None,
    };
    Simulation {
        channel: channel.to_string(),
        paths,
        difference,
        update_error,
    }
}

fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

fn reasons(h: &olm_graph_core::resolve::Hop) -> String {
    h.via
        .iter()
        .map(|r| r.label())
        .collect::<Vec<_>>()
        .join(", ")
}

const PAINT_ATTRS: &[&str] = &[
    "data-on-path",
    "data-path-step",
    "data-failed",
    "data-path-reason",
    "data-on-path-v1",
    "data-path-step-v1",
    "data-path-reason-v1",
    "data-path-current",
];

/// Paints the first `visible` hops of the paths onto the drawn graph.
fn paint(sim: Option<&Simulation>, visible: usize, kind: Option<&'static str>) {
    let Some(svg) = document().query_selector("svg.graph").ok().flatten() else {
        return;
    };
    let all = |sel: &str| -> Vec<web_sys::Element> {
        let Ok(list) = svg.query_selector_all(sel) else {
            return Vec::new();
        };
        (0..list.length())
            .filter_map(|i| {
                list.item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            })
            .collect()
    };
    for el in all("[data-on-path],[data-on-path-v1],[data-failed],[data-path-current]") {
        for a in PAINT_ATTRS {
            let _ = el.remove_attribute(a);
        }
    }
    for el in all("g.sim-labels") {
        el.remove();
    }
    let Some(sim) = sim else { return };
    let labels = svg
        .query_selector("g.viewport")
        .ok()
        .flatten()
        .and_then(|vp| {
            let g = document().create_element_ns(Some(SVG_NS), "g").ok()?;
            let _ = g.set_attribute("class", "sim-labels");
            vp.append_child(&g).ok()?;
            Some(g)
        });
    let nodes = all("g.node[data-bundle]");
    let edges = all("[data-from][data-to]");
    let bands = all("[data-band][data-to]");
    let node = |name: &str| {
        nodes
            .iter()
            .find(|n| n.get_attribute("data-bundle").as_deref() == Some(name))
    };
    for (i, r) in sim.paths.iter().enumerate() {
        let Ok(path) = &r.result else { continue };
        let suffix = if i == 0 { "" } else { "-v1" };
        let mark = |el: &web_sys::Element, attr: &str, value: &str| {
            let name = format!("{attr}{suffix}");
            if el.get_attribute(&name).is_none() {
                let _ = el.set_attribute(&name, value);
            }
        };
        if let Some(n) = node(&path.from) {
            mark(n, "data-on-path", "true");
            mark(n, "data-path-step", "0");
        }
        let mut last = path.from.clone();
        for (k, h) in path.hops.iter().take(visible).enumerate() {
            last = h.to.clone();
            if let Some(n) = node(&h.to) {
                mark(n, "data-on-path", "true");
                mark(n, "data-path-step", &(k + 1).to_string());
                if h.failed && i == 0 {
                    let _ = n.set_attribute("data-failed", kind.unwrap_or("csv"));
                }
            }
            let label = reasons(h);
            for e in edges.iter().filter(|e| {
                e.get_attribute("data-from").as_deref() == Some(h.from.as_str())
                    && e.get_attribute("data-to").as_deref() == Some(h.to.as_str())
            }) {
                mark(e, "data-on-path", "true");
                mark(e, "data-path-reason", &label);
                if let Some(g) = &labels {
                    edge_label(g, e, &label, i);
                }
            }
            if h.via.iter().any(|r| r.range.is_some()) {
                for b in bands
                    .iter()
                    .filter(|b| b.get_attribute("data-to").as_deref() == Some(h.to.as_str()))
                {
                    mark(b, "data-on-path", "true");
                    mark(b, "data-path-reason", &label);
                }
            }
        }
        if i == 0 {
            if let Some(n) = node(&last) {
                let _ = n.set_attribute("data-path-current", "true");
            }
        }
    }
}

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Writes `label` at the middle of the edge `path` (SVG `getPointAtLength`).
fn edge_label(layer: &web_sys::Element, path: &web_sys::Element, label: &str, which: usize) {
    use js_sys::{Function, Reflect};
    let call = |name: &str, args: &[wasm_bindgen::JsValue]| -> Option<wasm_bindgen::JsValue> {
        let f: Function = Reflect::get(path, &name.into()).ok()?.dyn_into().ok()?;
        let a = js_sys::Array::new();
        for x in args {
            a.push(x);
        }
        f.apply(path, &a).ok()
    };
    let Some(len) = call("getTotalLength", &[]).and_then(|v| v.as_f64()) else {
        return;
    };
    let Some(pt) = call("getPointAtLength", &[(len / 2.0).into()]) else {
        return;
    };
    let num = |k: &str| Reflect::get(&pt, &k.into()).ok().and_then(|v| v.as_f64());
    let (Some(x), Some(y)) = (num("x"), num("y")) else {
        return;
    };
    let Ok(t) = document().create_element_ns(Some(SVG_NS), "text") else {
        return;
    };
    let _ = t.set_attribute("x", &format!("{x:.1}"));
    let _ = t.set_attribute("y", &format!("{:.1}", y - 6.0 + 14.0 * which as f64));
    let _ = t.set_attribute(
        "class",
        if which == 0 {
            "sim-label"
        } else {
            "sim-label v1"
        },
    );
    let _ = t.set_attribute("text-anchor", "middle");
    let _ = t.set_attribute("data-testid", "path-edge-label");
    t.set_text_content(Some(label));
    let _ = layer.append_child(&t);
}

fn copy_text(text: &str) {
    let Ok(nav) = js_sys::Reflect::get(&window(), &"navigator".into()) else {
        return;
    };
    let Ok(clip) = js_sys::Reflect::get(&nav, &"clipboard".into()) else {
        return;
    };
    let Ok(write) = js_sys::Reflect::get(&clip, &"writeText".into()) else {
        return;
    };
    if let Some(f) = write.dyn_ref::<js_sys::Function>() {
        if let Ok(p) = f.call1(&clip, &text.into()) {
            if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
                wasm_bindgen_futures::spawn_local(async move {
                    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
                });
            }
        }
    }
}

/// Simulation inputs read from the URL (`installed`, `resolver`, `fail`, `failure`, `strategy`).
pub fn inputs_from_search(search: &str) -> SimInputs {
    let mut s = SimInputs {
        resolver: "v0".into(),
        failure_kind: "none".into(),
        strategy: "Default".into(),
        ..SimInputs::default()
    };
    let Ok(params) = UrlSearchParams::new_with_str(search) else {
        return s;
    };
    let get = |k: &str| params.get(k).filter(|v| !v.is_empty());
    if let Some(v) = get("installed") {
        s.installed = v;
    }
    if let Some(v) = get("resolver") {
        s.resolver = ResolverChoice::parse(&v).as_str().into();
    }
    if let Some(v) = get("fail") {
        s.failing = v;
    }
    if let Some(v) = get("failure").filter(|v| v == "csv" || v == "installplan") {
        s.failure_kind = v;
    }
    if get("strategy").as_deref() == Some("TechPreviewUnsafeFailForward") {
        s.strategy = "TechPreviewUnsafeFailForward".into();
    }
    s
}

/// The URL parameters for the inputs (only those not at their defaults).
pub fn inputs_to_params(s: &SimInputs) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    if !s.installed.trim().is_empty() {
        out.push(("installed", s.installed.trim().to_string()));
    }
    if s.resolver != "v0" && !s.resolver.is_empty() {
        out.push(("resolver", s.resolver.clone()));
    }
    if !s.failing.trim().is_empty() {
        out.push(("fail", s.failing.trim().to_string()));
    }
    if s.failure_kind == "csv" || s.failure_kind == "installplan" {
        out.push(("failure", s.failure_kind.clone()));
    }
    if s.strategy == "TechPreviewUnsafeFailForward" {
        out.push(("strategy", s.strategy.clone()));
    }
    out
}

/// The simulation's inputs, result and animation, shared by the panel, the painting on the
/// graph and the export menu (from the context; cheap to copy). Created by the app, so the path
/// is painted whether or not the panel is on screen (the embed view has none).
#[derive(Clone, Copy)]
pub struct SimContext {
    pub inputs: RwSignal<SimInputs>,
    pub added: RwSignal<Option<AddedEntry>>,
    /// A second catalog loaded as the update: its label and the parsed catalog.
    pub update: RwSignal<Option<(String, Shared<Catalog>)>>,
    /// Show the whole path at once (no hop-by-hop animation).
    pub instant: RwSignal<bool>,
    pub playing: RwSignal<bool>,
    pub step: RwSignal<usize>,
    /// The channel the subscription follows: the one on screen, or the default channel.
    pub channel: Memo<Option<String>>,
    pub sim: Memo<Option<Shared<Simulation>>>,
}

impl SimContext {
    /// The simulation of `state`, with its inputs read from the URL, its timer and its painting
    /// effect; `instant` starts with the whole path shown (also under reduced motion).
    pub fn new(state: AppState, instant: bool) -> SimContext {
        let initial = inputs_from_search(&window().location().search().unwrap_or_default());
        let inputs = RwSignal::new(initial);
        let added: RwSignal<Option<AddedEntry>> = RwSignal::new(None);
        let update: RwSignal<Option<(String, Shared<Catalog>)>> = RwSignal::new(None);
        let instant = RwSignal::new(instant || reduced_motion());
        let playing = RwSignal::new(false);
        let step = RwSignal::new(0usize);
        let channel = Memo::new(move |_| {
            state.shown_channel.get().or_else(|| {
                state.package_data.with(|d| {
                    d.as_ref()
                        .and_then(|d| d.channels.first().map(|c| c.name.clone()))
                })
            })
        });
        let sim: Memo<Option<Shared<Simulation>>> = Memo::new(move |_| {
            let data = state.package_data.get()?;
            let channel = channel.get()?;
            let inputs = inputs.get();
            if inputs.installed.trim().is_empty() {
                return None;
            }
            let added = added.get();
            let update = update.get();
            Some(Shared::new(simulate(
                &data.loaded.catalog,
                &data.package().name,
                &channel,
                &inputs,
                added.as_ref(),
                update.as_ref().map(|(_, c)| &**c),
            )))
        });
        let ctx = SimContext {
            inputs,
            added,
            update,
            instant,
            playing,
            step,
            channel,
            sim,
        };
        // A new simulation starts from the installed bundle (or at its end in instant mode).
        Effect::new(move |_| {
            sim.track();
            playing.set(false);
            step.set(0);
        });
        // The timer: one hop per tick while playing.
        Effect::new(
            move |prev: Option<Option<leptos::prelude::IntervalHandle>>| {
                if let Some(Some(h)) = prev {
                    h.clear();
                }
                if !playing.get() {
                    return None;
                }
                set_interval_with_handle(
                    move || {
                        let n = ctx.total();
                        if step.get_untracked() >= n {
                            playing.set(false);
                        } else {
                            step.update(|s| *s += 1);
                        }
                    },
                    Duration::from_millis(700),
                )
                .ok()
            },
        );
        // Paint after the graph has rendered.
        Effect::new(move |_| {
            state.view.track();
            let s = sim.get();
            let v = ctx.visible();
            let kind = inputs.with(|i| match i.failure_kind.as_str() {
                "csv" => Some("csv"),
                "installplan" => Some("installplan"),
                _ => None,
            });
            request_animation_frame(move || paint(s.as_deref(), v, kind));
        });
        ctx
    }

    /// The simulation from the context, if the app made one.
    pub fn get() -> Option<SimContext> {
        use_context::<SimContext>()
    }

    /// Hops of the longest path.
    pub fn total(&self) -> usize {
        self.sim.with(|s| {
            s.as_ref().map_or(0, |s| {
                s.paths
                    .iter()
                    .filter_map(|p| p.result.as_ref().ok().map(|p| p.hops.len()))
                    .max()
                    .unwrap_or(0)
            })
        })
    }

    /// How many hops are painted.
    pub fn visible(&self) -> usize {
        if self.instant.get() {
            usize::MAX
        } else {
            self.step.get()
        }
    }
}

/// The panel (needs a [`SimContext`] in the context).
#[component]
pub fn SimulationPanel() -> impl IntoView {
    let state = AppState::get();
    let Some(ctx) = SimContext::get() else {
        return ().into_any();
    };
    let SimContext {
        inputs,
        added,
        update,
        instant,
        playing,
        step,
        channel,
        sim,
    } = ctx;
    let total = move || ctx.total();

    // Every bundle of the package, from any channel.
    let bundles = Memo::new(move |_| {
        state.package_data.with(|d| {
            let Some(d) = d else { return Vec::new() };
            let pkg = d.package();
            let mut names: Vec<String> = pkg.bundles.iter().map(|b| b.name.clone()).collect();
            for c in &pkg.channels {
                names.extend(c.entries.iter().map(|e| e.name.clone()));
            }
            names.sort();
            names.dedup();
            names
        })
    });

    let set = move |f: fn(&mut SimInputs, String)| {
        move |ev: leptos::ev::Event| {
            let v = event_target_value(&ev);
            crate::url_state::push_next();
            inputs.update(|i| f(i, v));
        }
    };
    let mark_selected = move |_| {
        if let Some(b) = state.bundle.get_untracked() {
            inputs.update(|i| {
                i.failing = b;
                if i.failure_kind == "none" {
                    i.failure_kind = "csv".into();
                }
            });
        }
    };
    let use_selected = move |_| {
        if let Some(b) = state.bundle.get_untracked() {
            inputs.update(|i| i.installed = b);
        }
    };

    // The add-entry form.
    let f_name = RwSignal::new(String::new());
    let f_replaces = RwSignal::new(String::new());
    let f_skips = RwSignal::new(String::new());
    let f_range = RwSignal::new(String::new());
    let f_version = RwSignal::new(String::new());
    let apply_entry = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        added.set(Some(AddedEntry {
            name: f_name.get_untracked(),
            replaces: f_replaces.get_untracked(),
            skips: f_skips.get_untracked(),
            skip_range: f_range.get_untracked(),
            version: f_version.get_untracked(),
        }));
    };

    let sel =
        move |f: fn(&SimInputs) -> String, v: &'static str| move || inputs.with(|i| f(i) == v);

    view! {
        <section class="panel simulation" aria-label="Upgrade simulation" data-testid="simulation-panel">
            <h2>"Simulate an upgrade"</h2>
            <div class="sim-grid">
                <label>"Installed bundle"
                    <input list="sim-bundles" data-testid="installed-picker" placeholder="bundle name"
                        prop:value=move || inputs.with(|i| i.installed.clone())
                        on:change=set(|i, v| i.installed = v)/>
                </label>
                <datalist id="sim-bundles">
                    <For each=move || bundles.get() key=|b| b.clone() let:b>
                        <option value=b.clone()></option>
                    </For>
                </datalist>
                <button class="button" type="button" data-testid="installed-from-selection" on:click=use_selected>"Use selected bundle"</button>
                <label>"Resolver"
                    <select data-testid="resolver-select" on:change=set(|i, v| i.resolver = v)>
                        <option value="v0" selected=sel(|i| i.resolver.clone(), "v0")>"OLM v0 (Subscription)"</option>
                        <option value="v1" selected=sel(|i| i.resolver.clone(), "v1")>"OLM v1 (ClusterExtension)"</option>
                        <option value="both" selected=sel(|i| i.resolver.clone(), "both")>"Both"</option>
                    </select>
                </label>
                <div class="sim-channel" data-testid="sim-channel">"Channel: " {move || channel.get().unwrap_or_default()}</div>
                <label>"Failure"
                    <select data-testid="failure-kind-select" on:change=set(|i, v| i.failure_kind = v)>
                        <option value="none" selected=sel(|i| i.failure_kind.clone(), "none")>"none"</option>
                        <option value="csv" selected=sel(|i| i.failure_kind.clone(), "csv")>"CSV fails"</option>
                        <option value="installplan" selected=sel(|i| i.failure_kind.clone(), "installplan")>"InstallPlan fails"</option>
                    </select>
                </label>
                <label>"Failing bundle"
                    <input list="sim-bundles" data-testid="failing-picker" placeholder="bundle name"
                        prop:value=move || inputs.with(|i| i.failing.clone())
                        on:change=set(|i, v| i.failing = v)/>
                </label>
                <button class="button" type="button" data-testid="mark-failing" on:click=mark_selected>"Mark selected bundle as failing"</button>
                <label>"Upgrade strategy"
                    <select data-testid="strategy-select" on:change=set(|i, v| i.strategy = v)>
                        <option value="Default" selected=sel(|i| i.strategy.clone(), "Default")>"Default"</option>
                        <option value="TechPreviewUnsafeFailForward" selected=sel(|i| i.strategy.clone(), "TechPreviewUnsafeFailForward")>"TechPreviewUnsafeFailForward"</option>
                    </select>
                </label>
            </div>
            <div class="sim-controls" role="toolbar" aria-label="Animation">
                <button class="button" type="button" data-testid="play" aria-pressed=move || playing.get().to_string()
                    on:click=move |_| {
                        if !playing.get_untracked() && step.get_untracked() >= total() {
                            step.set(0);
                        }
                        playing.update(|p| *p = !*p);
                    }>
                    {move || if playing.get() { "Pause" } else { "Play" }}
                </button>
                <button class="button" type="button" data-testid="step" on:click=move |_| {
                    playing.set(false);
                    if step.get_untracked() < total() { step.update(|s| *s += 1) } else { step.set(0) }
                }>"Step"</button>
                <label class="toggle"><input type="checkbox" data-testid="instant"
                    prop:checked=move || instant.get()
                    on:change=move |ev| instant.set(event_target_checked(&ev))/>"Instant"</label>
                <span class="sim-step" data-testid="sim-step">{move || {
                    let n = total();
                    if instant.get() { format!("{n} hop(s)") } else { format!("hop {} of {n}", step.get().min(n)) }
                }}</span>
            </div>
            <SimResult sim=sim/>
            <details class="sim-update" data-testid="updated-catalog">
                <summary>"What if the catalog is updated? Add an entry to this channel"</summary>
                <form on:submit=apply_entry data-testid="add-entry-form">
                    <label>"Name"<input data-testid="add-entry-name" on:input=move |ev| f_name.set(event_target_value(&ev))/></label>
                    <label>"Replaces"<input data-testid="add-entry-replaces" on:input=move |ev| f_replaces.set(event_target_value(&ev))/></label>
                    <label>"Skips (comma-separated)"<input data-testid="add-entry-skips" on:input=move |ev| f_skips.set(event_target_value(&ev))/></label>
                    <label>"skipRange"<input data-testid="add-entry-skiprange" on:input=move |ev| f_range.set(event_target_value(&ev))/></label>
                    <label>"Version"<input data-testid="add-entry-version" on:input=move |ev| f_version.set(event_target_value(&ev))/></label>
                    <button class="button" type="submit" data-testid="add-entry-apply">"Use as the updated catalog"</button>
                    <button class="button" type="button" data-testid="add-entry-clear" on:click=move |_| added.set(None)>"Clear"</button>
                </form>
                <label>"Or load a second catalog as the update"
                    <input type="file" multiple accept=".yaml,.yml,.json" data-testid="update-catalog-input"
                        on:change=move |ev| load_update(ev, update)/>
                </label>
                {move || update.get().map(|(label, _)| view! {
                    <div class="note" data-testid="update-catalog-active">{format!("Updated catalog: {label} ")}
                        <button class="button" type="button" data-testid="update-catalog-clear" on:click=move |_| update.set(None)>"Forget"</button>
                    </div>
                })}
                {move || sim.with(|s| s.as_ref().and_then(|s| s.update_error.clone())).map(|e| view! {
                    <div class="notice error" data-testid="add-entry-error">{e}</div>
                })}
                {move || added.get().map(|a| view! {
                    <div class="note" data-testid="add-entry-active">{format!("Updated catalog: this channel plus {}", a.name)}</div>
                })}
            </details>
        </section>
    }
    .into_any()
}

/// Reads the picked files and parses them with core (on the main thread: what-if updates are
/// small; the catalog on screen is parsed in the worker).
fn load_update(ev: leptos::ev::Event, update: RwSignal<Option<(String, Shared<Catalog>)>>) {
    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(list) = input.files() else { return };
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|i| list.get(i)).collect();
    if files.is_empty() {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let mut inputs = Vec::new();
        let mut names = Vec::new();
        for f in files {
            let Ok(text) = wasm_bindgen_futures::JsFuture::from(f.text()).await else {
                continue;
            };
            names.push(f.name());
            inputs.push(olm_graph_core::InputFile::new(
                f.name(),
                text.as_string().unwrap_or_default(),
            ));
        }
        let catalog = olm_graph_core::load_files(inputs);
        update.set(Some((names.join(", "), Shared::new(catalog))));
    });
}

fn outcome_text(p: &UpgradePath) -> String {
    let hops = p.hops.len();
    match p.outcome.as_str() {
        "up-to-date" if p.explanation.is_some() => format!(
            "No further upgrade: the cluster stays on {} after {hops} hop(s), short of the channel head (why: below).",
            p.end
        ),
        "up-to-date" => format!(
            "Up to date: the cluster ends on {} after {hops} hop(s); nothing newer is offered.",
            p.end
        ),
        "blocked" => format!(
            "Blocked: the upgrade failed and the cluster stays on {} until someone intervenes.",
            p.end
        ),
        _ => format!(
            "Waiting for a catalog update: fail-forward is on, but the catalog has nothing to move to from {} yet.",
            p.end
        ),
    }
}

#[component]
fn SimResult(sim: Memo<Option<Shared<Simulation>>>) -> impl IntoView {
    move || {
        let Some(s) = sim.get() else {
            return view! { <p class="hint" data-testid="sim-hint">"Pick the installed bundle to see its upgrade path."</p> }.into_any();
        };
        let diff = (s.paths.len() == 2).then(|| {
            let text = match s.difference {
                None => "v0 and v1 take the same path.".to_string(),
                Some(i) => {
                    let to = |k: usize| {
                        s.paths[k]
                            .result
                            .as_ref()
                            .ok()
                            .and_then(|p| p.hops.get(i).map(|h| h.to.clone()))
                            .unwrap_or_else(|| "nowhere (stops)".into())
                    };
                    format!(
                        "First difference at hop {}: v0 goes to {}, v1 goes to {}.",
                        i + 1,
                        to(0),
                        to(1)
                    )
                }
            };
            view! { <p class="sim-diff" data-testid="first-difference" data-hop=s.difference.map(|d| d.to_string())>{text}</p> }
        });
        let paths = s
            .paths
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let name = r.resolver.as_str();
                match &r.result {
                    Err(e) => view! {
                        <div class="notice error" data-testid="path-error" data-resolver=name>
                            <strong>{format!("{name}: cannot resolve. ")}</strong>{e.clone()}
                        </div>
                    }
                    .into_any(),
                    Ok(p) => {
                        let outcome = (i == 0).then(|| view! {
                            <div class="sim-outcome" data-testid="path-outcome" data-outcome=p.outcome.as_str()>
                                {outcome_text(p)}
                            </div>
                        });
                        let other = (i > 0).then(|| view! {
                            <div class="sim-outcome v1" data-testid="path-outcome-v1" data-outcome=p.outcome.as_str()>
                                {outcome_text(p)}
                            </div>
                        });
                        let hops = p
                            .hops
                            .iter()
                            .map(|h| {
                                let failed = h.failed.then_some(" (fails)");
                                let upd = h.updated_catalog.then_some(" [updated catalog]");
                                view! {
                                    <li data-from=h.from.clone() data-to=h.to.clone() data-failed-hop=h.failed.to_string()>
                                        {format!("{} → {}", h.from, h.to)}
                                        <span class="reason">{format!(" via {}", reasons(h))}</span>
                                        {failed}{upd}
                                    </li>
                                }
                            })
                            .collect_view();
                        let stuck = (i == 0).then(|| p.explanation.clone()).flatten().map(|e| {
                            let snippet = e.snippet.clone();
                            view! {
                                <div class="stuck" data-testid="stuck-panel" data-code=e.code>
                                    <p class="message">{e.message.clone()}</p>
                                    <p class="suggestion">{e.suggestion.clone()}</p>
                                    {snippet.map(|sn| {
                                        let copy = sn.clone();
                                        view! {
                                            <pre data-testid="stuck-snippet">{sn}</pre>
                                            <button class="button" type="button" data-testid="copy-snippet" on:click=move |_| copy_text(&copy)>"Copy"</button>
                                        }
                                    })}
                                </div>
                            }
                        });
                        view! {
                            <div class=format!("sim-path resolver-{name}") data-testid="sim-path" data-resolver=name>
                                <h3>{format!("{name}: {} → {}", p.from, p.end)}</h3>
                                {outcome}{other}
                                <ol class="hops">{hops}</ol>
                                {stuck}
                            </div>
                        }
                        .into_any()
                    }
                }
            })
            .collect_view();
        view! { <div class="sim-result">{diff}{paths}</div> }.into_any()
    }
}
