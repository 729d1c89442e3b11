//! Start-up parameters and the embed view (issue 7).
//!
//! `?url=<catalog URL>` loads that catalog at start instead of the sample (a failed fetch goes
//! to the error panel; the full app then falls back to the sample). `?embed=1` shows only the
//! graph panel (title, toolbar, legend) filling its frame, for an `<iframe>`, with a small link
//! that opens the same view in the full app. Both parameters stay in the address bar while they
//! apply, beside the view's own (`package`, `channel`, `bundle`) and the simulation's
//! (`installed`, `resolver`, ...), so a reload shows the same thing.
//!
//! The URL builders here are pure (tested in `tests/web.rs`).

use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::{Url, UrlSearchParams};

use crate::error_panel::ErrorPanel;
use crate::graph_view::GraphPanel;
use crate::loader::Loader;
use crate::progress::ProgressBar;
use crate::simulation::{inputs_to_params, SimContext};
use crate::sources;
use crate::state::{AppState, ChannelChoice, LoadStatus};
use crate::url_state::{self, UrlState};

/// Start-up options read from `location.search`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StartOptions {
    /// `embed=1` (or `true`): only the graph.
    pub embed: bool,
    /// `url=`: the catalog to fetch at start.
    pub catalog_url: Option<String>,
}

impl StartOptions {
    /// Reads a `location.search` string (with or without the `?`).
    pub fn from_search(search: &str) -> StartOptions {
        let Ok(params) = UrlSearchParams::new_with_str(search) else {
            return StartOptions::default();
        };
        let embed = params
            .get("embed")
            .is_some_and(|v| matches!(v.as_str(), "1" | "true" | "yes"));
        let catalog_url = params
            .get("url")
            .map(|u| u.trim().to_string())
            .filter(|u| !u.is_empty());
        StartOptions { embed, catalog_url }
    }
}

/// What a link names beyond the page: the view, the simulation's parameters and the catalog URL.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LinkParts {
    pub view: UrlState,
    /// Extra parameters in order (the simulation's `installed`, `resolver`, ...).
    pub extra: Vec<(&'static str, String)>,
    /// The catalog's http(s) URL, when it came from one.
    pub catalog_url: Option<String>,
}

/// `page` (any URL of the app; its query and fragment are dropped) with `parts` as its query;
/// `embed` puts `embed=1` first. Order: `embed`, `url`, `package`, `channel` / `view`, `bundle`,
/// then the extras.
pub fn link(page: &str, parts: &LinkParts, embed: bool) -> String {
    let Ok(url) = Url::new(page) else {
        return page.to_string();
    };
    url.set_hash("");
    let params = match UrlSearchParams::new() {
        Ok(p) => p,
        Err(_) => return page.to_string(),
    };
    if embed {
        params.append("embed", "1");
    }
    if let Some(u) = &parts.catalog_url {
        params.append("url", u);
    }
    if let Some(p) = &parts.view.package {
        params.append("package", p);
        match &parts.view.channel {
            ChannelChoice::Default => {}
            ChannelChoice::Named(c) => params.append("channel", c),
            ChannelChoice::All => params.append("view", "all"),
        }
        if let Some(b) = &parts.view.bundle {
            params.append("bundle", b);
        }
    }
    for (k, v) in &parts.extra {
        params.append(k, v);
    }
    url.set_search(&String::from(params.to_string()));
    url.href()
}

/// Escapes text for an HTML attribute value in double quotes.
pub fn html_attr(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The `<iframe>` element that embeds `src` (an embed link), titled `title`. No `style`
/// attribute, so a host page with a strict CSP takes it as it is (it can style the frame itself).
pub fn iframe_snippet(src: &str, title: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"520\" loading=\"lazy\" referrerpolicy=\"no-referrer\"></iframe>",
        html_attr(src),
        html_attr(title)
    )
}

/// The link parts of what is on screen now.
pub fn current_parts(state: AppState) -> LinkParts {
    let view = UrlState {
        package: state.package.get(),
        channel: state.channel.get(),
        bundle: state.bundle.get(),
    };
    let extra = SimContext::get()
        .map(|s| inputs_to_params(&s.inputs.get()))
        .unwrap_or_default();
    let catalog_url = state
        .loaded
        .with(|l| l.as_ref().and_then(|l| l.origin.url.clone()));
    LinkParts {
        view,
        extra,
        catalog_url,
    }
}

/// The page's own address (for links to the app).
pub fn page_href() -> String {
    window().location().href().unwrap_or_default()
}

/// Keeps `url` (while the catalog on screen came from a URL), `embed=1` (in the embed view) and
/// the simulation's inputs in the address bar after the view's parameters.
pub fn keep_params_in_url(state: AppState, sim: SimContext, embed: bool) {
    url_state::set_extra_params(move || {
        let mut out = inputs_to_params(&sim.inputs.get());
        if let Some(u) = state
            .loaded
            .with(|l| l.as_ref().and_then(|l| l.origin.url.clone()))
        {
            out.push(("url", u));
        }
        if embed {
            out.push(("embed", "1".to_string()));
        }
        out
    });
}

/// Fetches the catalog at `url` and shows it; a failure goes to the error panel and, with
/// `fallback`, the sample is shown instead.
pub fn load_catalog_url(state: AppState, loader: Loader, url: String, fallback: bool) {
    state.status.set(LoadStatus::Reading { label: url.clone() });
    spawn_local(async move {
        match sources::from_url(&url).await {
            Ok(source) => loader.load(source),
            Err(e) => {
                state.status.set(LoadStatus::Idle);
                state.problem(e);
                if fallback {
                    loader.load(sources::sample());
                }
            }
        }
    });
}

/// The embed view: the graph panel alone, filling the frame.
#[component]
pub fn EmbedShell() -> impl IntoView {
    let state = AppState::get();
    // Whole-page sizing (no scroll) for this view only.
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("data-embed", "true");
    }
    let open_href = move || link(&page_href(), &current_parts(state), false);
    view! {
        <div class="embed-shell" data-testid="embed-shell">
            <ProgressBar/>
            <ErrorPanel/>
            <GraphPanel/>
            <a class="embed-open" data-testid="embed-open-app" href=open_href target="_blank" rel="noopener"
                title="Open this graph in the full olm-graph app (new tab)">"Open in olm-graph ↗"</a>
        </div>
    }
}
