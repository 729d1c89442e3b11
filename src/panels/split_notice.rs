//! The split-catalog notice: what was opened has channel entries without bundles or bundles in
//! no channel (core's [`partial_catalog`]), so it looks like one file of a split catalog. The
//! notice counts what is missing and offers the folder it came from: a folder picker for files,
//! the files the server lists beside it for a URL.

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use olm_graph_core::partial::{partial_catalog, PartialCatalog};
use olm_graph_core::text::plural;

use crate::panels::fold::{remembered_open, FoldButton};
use crate::services::loader::Loader;
use crate::services::{siblings, sources};
use crate::state::load::LoadStore;

/// Where the rest of the catalog can be found.
#[derive(Debug, Clone, PartialEq)]
enum Rest {
    /// Read from this URL: its folder may be listed by the server.
    Url(String),
    /// Read from files (or pasted): the user picks the folder; the hint names the file.
    Files(Option<String>),
}

#[component]
pub fn SplitNotice() -> impl IntoView {
    let load = LoadStore::get();
    // Core's check reads every bundle and entry of the catalog: it runs in a task of its own
    // after a catalog arrives, not in the one that shows it (docs/performance.md, "In the
    // browser").
    let checked = RwSignal::new(0u64);
    Effect::new(move |_| {
        load.loaded.track();
        Timeout::new(0, move || {
            checked.try_update(|n| *n += 1);
        })
        .forget();
    });
    let found = Memo::new(move |_| {
        checked.track();
        load.loaded.with_untracked(|l| {
            let l = l.as_ref()?;
            let partial = partial_catalog(&l.catalog)?;
            let rest = match &l.origin.url {
                Some(u) => Rest::Url(u.clone()),
                None => Rest::Files(l.origin.files.first().map(|f| f.path.clone())),
            };
            Some((partial, rest))
        })
    });
    let label = Signal::derive(move || load.loaded.with(|l| l.as_ref().map(|l| l.label.clone())));
    let open = remembered_open("split", label);
    move || {
        let (partial, rest) = found.get()?;
        Some(view! {
            <div class="notice split" class:folded=move || !open.get() role="status" data-testid="split-notice"
                data-entries-without-bundles=partial.entries_without_bundles.to_string()
                data-bundles-without-channels=partial.bundles_without_channels.to_string()>
                <span class="fold-line split-line" data-testid="split-line">{short_text(&partial)}</span>
                {offer(rest)}
                <FoldButton open=open kind="split" label=label controls="split-text" what="what is missing"/>
                <span class="split-text" id="split-text" hidden=move || !open.get()>{notice_text(&partial)}</span>
            </div>
        })
    }
}

/// The folded line: what is missing, in counts.
fn short_text(p: &PartialCatalog) -> String {
    let mut parts = Vec::new();
    if p.entries_without_bundles > 0 {
        parts.push(plural(
            p.entries_without_bundles,
            "entry without a bundle",
            "entries without bundles",
        ));
    }
    if p.bundles_without_channels > 0 {
        parts.push(plural(
            p.bundles_without_channels,
            "bundle in no channel",
            "bundles in no channel",
        ));
    }
    format!("Part of a split catalog? {}", parts.join(", "))
}

/// The notice's sentence: core's message, with the packages concerned.
fn notice_text(p: &PartialCatalog) -> String {
    let message = p.message();
    let mut first = message.chars();
    let capital: String = first
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    format!(
        "{capital}{} (package{}: {}).",
        first.as_str(),
        if p.packages.len() == 1 { "" } else { "s" },
        p.packages.join(", ")
    )
}

fn offer(rest: Rest) -> AnyView {
    match rest {
        Rest::Url(url) => view! { <FetchSiblings url=url/> }.into_any(),
        Rest::Files(first) => view! { <PickFolder file=first/> }.into_any(),
    }
}

/// A folder picker whose label names the file the folder holds.
#[component]
fn PickFolder(file: Option<String>) -> impl IntoView {
    let loader = Loader::get();
    let hint = match file.as_deref().filter(|f| *f != "pasted") {
        Some(f) => format!("Open the folder that holds {f}…"),
        None => "Open the catalog's folder…".to_string(),
    };
    let on_change = move |ev: leptos::ev::Event| {
        let Some((input, list)) = sources::picked(&ev) else {
            return;
        };
        loader.read_and_load(
            "folder".to_string(),
            sources::read_picked(input, list, true),
        );
    };
    view! {
        <label class="button" title="Pick the folder this file comes from: every .json, .yaml and .yml file in it is read">
            <input type="file" class="visually-hidden" prop:webkitdirectory=true multiple
                data-testid="split-folder-input" aria-label=hint.clone() on:change=on_change/>
            {hint}
        </label>
    }
}

/// Loads the catalog files the server lists beside the URL (an error says when it does not).
#[component]
fn FetchSiblings(url: String) -> impl IntoView {
    let loader = Loader::get();
    let folder = siblings::parent_folder(&url).unwrap_or_else(|| url.clone());
    let label = folder.clone();
    let fetch = move |_| {
        let url = url.clone();
        loader.read_and_load(label.clone(), async move {
            siblings::from_url_folder(&url).await
        });
    };
    view! {
        <button class="button" type="button" data-testid="split-fetch-folder"
            title=format!("Fetch every catalog file the server lists in {folder}")
            on:click=fetch>"Open the files beside it"</button>
    }
}
