//! The root component: state, loader and simulation in the context, the URL kept in step, the
//! sample (or the `?url=` catalog) loaded at start, and the page layout (load bar, sidebar,
//! graph, details and findings), or the embed view ([`crate::embed`]).

use leptos::prelude::*;

use crate::channel_tabs::ChannelTabs;
use crate::details::DetailsPanel;
use crate::drop_zone::DropZone;
use crate::embed::{self, EmbedShell, StartOptions};
use crate::error_panel::ErrorPanel;
use crate::graph_view::GraphPanel;
use crate::lifecycle_panel::LifecyclePanel;
use crate::lint_panel::LintPanel;
use crate::loader::{LoadBar, Loader};
use crate::package_list::PackageList;
use crate::progress::ProgressBar;
use crate::simulation::{SimContext, SimulationPanel};
use crate::sources;
use crate::state::AppState;
use crate::url_state;

/// The whole app: the full layout, or with `?embed=1` the graph alone ([`EmbedShell`]). With
/// `?url=` the catalog at that URL is loaded at start instead of the sample.
#[component]
pub fn App() -> impl IntoView {
    let start = StartOptions::from_search(&window().location().search().unwrap_or_default());
    let state = AppState::new();
    provide_context(state);
    let loader = Loader::new(state);
    provide_context(loader);
    url_state::install(state);
    // The simulation lives here so its path is painted with or without its panel; the embed
    // view shows the whole path at once.
    let sim = SimContext::new(state, start.embed);
    provide_context(sim);
    embed::keep_params_in_url(state, sim, start.embed);
    match start.catalog_url {
        Some(url) => embed::load_catalog_url(state, loader, url, !start.embed),
        None => loader.load(sources::sample()),
    }
    if start.embed {
        view! { <EmbedShell/> }.into_any()
    } else {
        view! { <Shell/> }.into_any()
    }
}

/// The layout, given an [`AppState`] (and, for the load bar, a [`Loader`]) in the context.
#[component]
pub fn Shell() -> impl IntoView {
    let state = AppState::get();
    let source = move || state.loaded.with(|l| l.as_ref().map(|l| l.label.clone()));
    view! {
        <div class="app">
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
                <LoadBar/>
            </header>
            <ProgressBar/>
            <ErrorPanel/>
            <PendingNotice/>
            <div class="workspace">
                <aside class="sidebar">
                    <PackageList/>
                </aside>
                <main class="center">
                    <ChannelTabs/>
                    <GraphPanel/>
                    <LifecyclePanel/>
                </main>
                <aside class="inspector">
                    <SimulationPanel/>
                    <DetailsPanel/>
                    <LintPanel/>
                </aside>
            </div>
            <DropZone/>
        </div>
    }
}

/// A linked view waiting for a catalog that has its package.
#[component]
fn PendingNotice() -> impl IntoView {
    let state = AppState::get();
    move || {
        let p = state.pending.get()?;
        let package = p.package?;
        let mut what = format!("package {package:?}");
        if let crate::state::ChannelChoice::Named(c) = &p.channel {
            what.push_str(&format!(", channel {c:?}"));
        }
        if let Some(b) = &p.bundle {
            what.push_str(&format!(", bundle {b:?}"));
        }
        Some(view! {
            <div class="notice pending" role="status" data-testid="pending-link">
                {format!("This link opens {what}. Load a catalog that has it and the view opens.")}
            </div>
        })
    }
}
