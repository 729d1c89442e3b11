//! The shells: the full app and the embed view (`?embed=1`: only the graph), composed from the
//! panels. [`App`] creates the stores and the loader, reads the start parameters once, keeps
//! the address bar in step, and loads the sample (or the `?url=` catalog).

use std::time::Duration;

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::graph::text::drawing_layout;
use crate::graph::GraphPanel;
use crate::panels::bundle_search::BundleSearch;
use crate::panels::catalog_tools::{CatalogToolsPanel, OpenTool};
use crate::panels::channels::ChannelTabs;
use crate::panels::drop_zone::DropZone;
use crate::panels::export::ExportMenu;
use crate::panels::inspector::Inspector;
use crate::panels::load_bar::LoadBar;
use crate::panels::notices::{KeptNotice, PendingNotice};
use crate::panels::packages::PackageList;
use crate::panels::problems::ErrorPanel;
use crate::panels::split_notice::SplitNotice;
use crate::panels::templates::TemplateStudioPanel;
use crate::panels::tools_menu::ToolsMenu;
use crate::services::jobs::Jobs;
use crate::services::loader::Loader;
use crate::services::persist;
use crate::services::playback::{drive_playback, prefers_reduced_motion};
use crate::services::rule_texts;
use crate::services::sources;
use crate::services::url::{current_params, link, page_href, start_params, sync_address_bar};
use crate::state::load::LoadStatus;
use crate::state::rule_texts::RuleTexts;
use crate::state::templates::TemplateStudio;
use crate::state::workspace::{InspectorTab, Workspace};
use crate::state::Stores;
use crate::widgets::later::{self, Later};
use crate::widgets::progress::ProgressBar;

/// The whole app: the full layout, or with `?embed=1` the graph alone. With `?url=` the
/// catalog at that URL is loaded at start instead of the sample.
#[component]
pub fn App() -> impl IntoView {
    let start = start_params();
    let stores = Stores::new(drawing_layout());
    stores.provide();
    let loader = Loader::new(stores);
    provide_context(loader);
    provide_context(TemplateStudio::new());
    provide_context(Jobs::new());
    let rule_texts = RuleTexts::new();
    provide_context(rule_texts);
    rule_texts::serve(rule_texts);
    if start.view.package.is_some() {
        stores.selection.pending.set(Some(start.view.clone()));
    }
    // The simulation runs with or without its panel; the embed view shows the whole path.
    stores.simulation.inputs.set(start.simulation.clone());
    // The inspector opens on the task the link names; a link that carries a simulation and no
    // bundle opens on it.
    let linked_tab = start.inspector.or_else(|| {
        (start.view.bundle.is_none() && !start.simulation.installed.trim().is_empty())
            .then_some(InspectorTab::Simulate)
    });
    stores.workspace.tab.set(linked_tab.unwrap_or_default());
    stores.workspace.focus.set(start.focus && !start.embed);
    stores.graph.overlay.set(start.support.clone());
    stores.mirror.on.set(start.mirror);
    stores
        .simulation
        .instant
        .set(start.embed || prefers_reduced_motion());
    drive_playback(stores.simulation);
    sync_address_bar(stores, start.embed);
    match start.catalog_url {
        Some(url) => {
            // The panels built later wait until the catalog is on its way to the worker.
            later::hold();
            load_catalog_url(stores, loader, url, !start.embed);
        }
        None if start.embed => loader.load_sample(false),
        None => restore_or_sample(stores, loader),
    }
    if start.embed {
        view! { <EmbedShell/> }.into_any()
    } else {
        let follow_selection = start.inspector.is_none();
        // The shell is built a task after the app's setup: one task for both was the longest of
        // a cold start (docs/performance.md, "First draw").
        view! { <Later><FullShell follow_selection=follow_selection/></Later> }.into_any()
    }
}

/// Fetches the catalog at `url` and shows it; a failure goes to the problems panel and, with
/// `fallback`, the sample is shown instead. Then the panels held back are built
/// ([`later::release`]). Started a task after the app's first mount, not in its microtasks:
/// reading the response (already fetched by assets/boot.js) made that task a third longer on
/// the 20,000-bundle chain (docs/performance.md, "First draw").
fn load_catalog_url(stores: Stores, loader: Loader, url: String, fallback: bool) {
    stores
        .load
        .status
        .set(LoadStatus::Reading { label: url.clone() });
    set_timeout(
        move || spawn_local(read_catalog_url(stores, loader, url, fallback)),
        Duration::ZERO,
    );
}

/// [`load_catalog_url`]'s reading.
async fn read_catalog_url(stores: Stores, loader: Loader, url: String, fallback: bool) {
    match sources::from_url(&url).await {
        Ok(source) => loader.load(source),
        Err(e) => {
            stores.load.problem(e);
            if fallback {
                loader.load_sample(false);
            }
        }
    }
    later::release();
}

/// Shows the catalog this browser kept (with the restored notice), or else the sample; a
/// storage that cannot be read is a notice, and the sample is shown. A catalog the user opened
/// while the storage was being read stays on screen.
fn restore_or_sample(stores: Stores, loader: Loader) {
    let before = loader.loads_started();
    spawn_local(async move {
        let kept = persist::kept_catalog().await;
        if loader.loads_started() != before {
            return;
        }
        match kept {
            Ok(Some(source)) => {
                stores
                    .kept
                    .restored(format!("the catalog \u{201c}{}\u{201d}", source.label));
                loader.load_restored(source);
            }
            Ok(None) => loader.load_sample(false),
            Err(e) => {
                stores.kept.wrote("catalog", Err(e));
                loader.load_sample(true);
            }
        }
    });
}

/// A side panel that is a drawer below 1000 px.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawer {
    Packages,
    Inspector,
}

/// The full layout: top bar, status, package list, channel tabs and graph with the catalog
/// tools and the template studio (drawers over the inspector), and the inspector (details,
/// simulation, plan, findings as tabs). Below 1000 px wide the package list and the inspector
/// are drawers opened from the top bar. In focus mode (`f`, or the graph toolbar's button) the
/// graph has the window. `follow_selection`: see [`Inspector`].
#[component]
pub fn FullShell(#[prop(optional)] follow_selection: Option<bool>) -> impl IntoView {
    let drawer: RwSignal<Option<Drawer>> = RwSignal::new(None);
    let selection = Stores::get().selection;
    let ws = Stores::get().workspace;
    provide_context(ws);
    OpenTool::provide();
    focus_key(ws);
    // Opening a task of the inspector in a narrow window opens its drawer.
    Effect::new(move |prev: Option<InspectorTab>| {
        let t = ws.tab.get();
        if prev.is_some_and(|p| p != t) && narrow_window() {
            drawer.set(Some(Drawer::Inspector));
        }
        t
    });
    // Choosing a package closes the package drawer.
    Effect::new(move |prev: Option<Option<String>>| {
        let p = selection.package.get();
        if prev.is_some_and(|prev| prev != p) && drawer.get_untracked() == Some(Drawer::Packages) {
            drawer.set(None);
        }
        p
    });
    let is_open = move |d: Drawer| drawer.get() == Some(d);
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" && drawer.get_untracked().is_some() {
            drawer.set(None);
        }
    };
    view! {
        <div class="app" class:drawer-open=move || drawer.with(Option::is_some) class:focus-mode=move || ws.focus.get() on:keydown=on_key>
            // The top bar and the status area each in a task of their own, before the graph
            // panel's (so it measures its final box): one task for the whole shell was the
            // longest of a cold start (docs/performance.md, "First draw").
            <Later><TopBar drawer=drawer/></Later>
            <div class="status-area" role="region" aria-label="Loading and problems">
                <Later>
                    <ProgressBar on_cancel=Callback::new(move |()| Loader::get().cancel())/>
                    <ErrorPanel/>
                    <PendingNotice/>
                    <KeptNotice/>
                    <SplitNotice/>
                </Later>
            </div>
            <div class="workspace">
                <aside class="sidebar drawer" id="packages-drawer" aria-label="Package list" class:open=move || is_open(Drawer::Packages)>
                    <DrawerClose drawer=drawer label="Close the package list"/>
                    <Later><PackageList/></Later>
                </aside>
                <main class="center">
                    <ChannelTabs/>
                    // The graph panel in a task of its own after the shell's: the two in one
                    // task were the longest of a cold start, most of it the first call's
                    // compile of each function (docs/performance.md, "First draw").
                    <Later><GraphPanel><Later><BundleSearch/><ToolsMenu/><ExportMenu/></Later></GraphPanel></Later>
                    <Later><CatalogToolsPanel/></Later>
                    <Later><TemplateStudioPanel/></Later>
                </main>
                <aside class="inspector drawer" id="inspector-drawer" aria-label="Inspector" class:open=move || is_open(Drawer::Inspector)>
                    <DrawerClose drawer=drawer label="Close the inspector"/>
                    <Later><Inspector follow_selection=follow_selection.unwrap_or(true)/></Later>
                </aside>
                <div class="drawer-backdrop" aria-hidden="true" on:click=move |_| drawer.set(None)></div>
            </div>
            <Later><DropZone/></Later>
        </div>
    }
}

/// Whether the window is narrow enough for the side panels to be drawers (see `main.css`).
fn narrow_window() -> bool {
    window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w < 1000.0)
}

/// The `f` key (outside text fields, without modifiers) toggles focus mode.
fn focus_key(ws: Workspace) {
    let listener = gloo_events::EventListener::new(&document(), "keydown", move |ev| {
        use wasm_bindgen::JsCast;
        let Some(ev) = ev.dyn_ref::<web_sys::KeyboardEvent>() else {
            return;
        };
        if ev.key() != "f"
            || ev.ctrl_key()
            || ev.meta_key()
            || ev.alt_key()
            || ev.default_prevented()
        {
            return;
        }
        let typing = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| {
                e.closest("input, textarea, select, [contenteditable]")
                    .ok()
                    .flatten()
                    .is_some()
            });
        if !typing {
            ws.toggle_focus();
        }
    });
    // The shell lives as long as the page.
    listener.forget();
}

/// The close button of a drawer (shown in narrow windows only); it takes the focus when the
/// drawer opens.
#[component]
fn DrawerClose(drawer: RwSignal<Option<Drawer>>, label: &'static str) -> impl IntoView {
    let button = NodeRef::<leptos::html::Button>::new();
    let open = move || {
        let Some(b) = button.get_untracked() else {
            return false;
        };
        b.parent_element()
            .is_some_and(|p| p.class_list().contains("open"))
    };
    Effect::new(move |_| {
        if drawer.with(Option::is_some) {
            request_animation_frame(move || {
                if let Some(b) = button.get_untracked().filter(|_| open()) {
                    let _ = b.focus();
                }
            });
        }
    });
    view! {
        <button class="button drawer-close" type="button" node_ref=button aria-label=label
            on:click=move |_| drawer.set(None)>"× Close"</button>
    }
}

/// The brand, the drawer buttons (narrow windows only) and the load bar.
#[component]
fn TopBar(drawer: RwSignal<Option<Drawer>>) -> impl IntoView {
    let load = Stores::get().load;
    let source = move || load.loaded.with(|l| l.as_ref().map(|l| l.label.clone()));
    let toggle = move |d: Drawer, id: &'static str, label: &'static str| {
        view! {
            <button class="button drawer-toggle" type="button" aria-controls=id
                aria-expanded=move || (drawer.get() == Some(d)).to_string()
                data-testid=format!("open-{id}")
                on:click=move |_| drawer.update(|o| *o = if *o == Some(d) { None } else { Some(d) })>{label}</button>
        }
    };
    view! {
        <header class="topbar">
            <div class="brand">
                <svg class="logo" viewBox="0 0 32 32" width="26" height="26" aria-hidden="true">
                    <rect width="32" height="32" rx="7"/>
                    <circle cx="8" cy="22" r="3.5"/>
                    <circle cx="16" cy="10" r="3.5"/>
                    <circle cx="24" cy="22" r="3.5"/>
                    <path d="M10.5 19.5 L14 12.5 M18 12.5 L21.5 19.5 M11.5 22 H20.5"/>
                </svg>
                <h1>"olm-graph"</h1>
                <span class="source" title="The catalog on screen" data-testid="catalog-label">{source}</span>
            </div>
            <div class="drawer-toggles" role="group" aria-label="Panels">
                {toggle(Drawer::Packages, "packages-drawer", "Packages")}
                {toggle(Drawer::Inspector, "inspector-drawer", "Inspector")}
            </div>
            <LoadBar/>
        </header>
    }
}

/// The embed view: the graph panel alone, filling the frame, with a link to the full app.
#[component]
pub fn EmbedShell() -> impl IntoView {
    let stores = Stores::get();
    // Whole-page sizing (no scroll) for this view only.
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-embed", "true");
    }
    let open_href = move || link(&page_href(), &current_params(&stores, false));
    let title = move || {
        stores.graph.view.with(|v| match v {
            Some(v) => format!(
                "Upgrade graph of {} / {}",
                v.package,
                v.channel.as_deref().unwrap_or("all channels")
            ),
            None => "Upgrade graph".to_string(),
        })
    };
    view! {
        <main class="embed-shell" data-testid="embed-shell">
            <h1 class="visually-hidden">{title}</h1>
            <ProgressBar/>
            <ErrorPanel/>
            <GraphPanel><BundleSearch/><ExportMenu/></GraphPanel>
            <a class="embed-open" data-testid="embed-open-app" href=open_href target="_blank" rel="noopener"
                title="Open this graph in the full olm-graph app (new tab)">"Open in olm-graph ↗"</a>
        </main>
    }
}
