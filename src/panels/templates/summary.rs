//! What the studio says about the text: whether it renders (and whether its graph is the one on
//! screen), the lint of the rendering, and what the edit does to clusters that installed a
//! bundle of the catalog as it was when the template was opened (core's catalog-switch diff).
//!
//! Test hooks: `studio-status`, `studio-show`, `studio-lint` (`data-errors`, `data-warnings`),
//! `studio-changes`, per package `studio-change` with `data-package`, `data-stranded`,
//! `data-heads-moved`; lists `studio-stranded` and `studio-heads` (items carry `data-name`),
//! `studio-resolver`.

use leptos::prelude::*;
use olm_graph_core::change::{Fate, PackageDiff};
use olm_graph_core::resolve::Resolver;
use olm_graph_core::Severity;

use crate::panels::templates::session::Screen;
use crate::state::shared::Shared;
use crate::state::templates::{installed_changes, InstalledChanges, TemplateStudio};
use crate::state::Stores;
use crate::widgets::finding::FindingItem;

/// Whether the text renders, and whether its graph is on screen.
#[component]
pub fn StudioStatus(screen: Screen) -> impl IntoView {
    let studio = TemplateStudio::get();
    let stores = Stores::get();
    let status = move || {
        let current = studio.revision.get();
        studio.rendered.with(|r| match r {
            None => "Rendering…".to_string(),
            Some(r) => {
                let c = &r.loaded.catalog;
                let bundles: usize = c.packages.iter().map(|p| p.bundles.len()).sum();
                let state = if r.revision == current {
                    ""
                } else {
                    " (rendering the latest edit…)"
                };
                if c.packages.is_empty() {
                    format!("The template does not render: see the error below{state}.")
                } else {
                    format!(
                        "Renders {} package(s), {bundles} bundle(s){state}.",
                        c.packages.len()
                    )
                }
            }
        })
    };
    let show_again = move |_| {
        studio.live.set(true);
        if let Some(r) = studio.rendered.get_untracked() {
            screen.show(stores, &r.loaded);
        }
    };
    view! {
        <p class="studio-status" role="status" data-testid="studio-status">{status}</p>
        {move || (!studio.live.get()).then(|| view! {
            <div class="notice">
                "Another catalog is on screen; the studio keeps rendering the template without showing it. "
                <button class="button" data-testid="studio-show" on:click=show_again>"Show the template's graph"</button>
            </div>
        })}
    }
}

/// The lint of the latest rendering: counts, and the findings the text list does not place.
#[component]
pub fn LintSummary() -> impl IntoView {
    let studio = TemplateStudio::get();
    move || {
        let r = studio.rendered.get()?;
        let path = studio
            .session
            .with(|s| s.as_ref().map(|s| s.path.clone()))?;
        let count = |s: Severity| r.loaded.findings.iter().filter(|d| d.severity == s).count();
        let (errors, warnings) = (count(Severity::Error), count(Severity::Warning));
        let elsewhere: Vec<_> = r
            .loaded
            .findings
            .iter()
            .filter(|d| d.severity != Severity::Info)
            .filter(|d| {
                d.location
                    .as_ref()
                    .is_none_or(|l| l.file != path || l.line.is_none())
            })
            .cloned()
            .collect();
        let n = elsewhere.len();
        Some(view! {
            <div class="studio-lint" data-testid="studio-lint" data-errors=errors data-warnings=warnings>
                <h3>{format!("Lint: {errors} error(s), {warnings} warning(s)")}</h3>
                {(n > 0).then(|| view! {
                    <details>
                        <summary>{format!("{n} finding(s) without a place in the text")}</summary>
                        <ul class="findings compact">
                            {elsewhere.into_iter().map(|d| view! { <FindingItem d=d/> }).collect_view()}
                        </ul>
                    </details>
                })}
            </div>
        })
    }
}

/// The catalog-switch diff from the opened catalog to the latest rendering that has packages.
fn changes_memo(studio: TemplateStudio) -> Memo<Option<Shared<Vec<InstalledChanges>>>> {
    Memo::new(move |_| {
        let opened = studio.baseline.get()?;
        let rendered = studio.rendered.get()?;
        if rendered.loaded.catalog.packages.is_empty() {
            return None;
        }
        Some(Shared::new(installed_changes(
            &opened.catalog,
            &rendered.loaded.catalog,
            studio.resolver.get(),
        )))
    })
}

/// What the edit does to installed clusters, package by package.
#[component]
pub fn InstalledSummary() -> impl IntoView {
    let studio = TemplateStudio::get();
    let changes = changes_memo(studio);
    let on_resolver = move |ev| {
        let r = if event_target_value(&ev) == "v1" {
            Resolver::V1
        } else {
            Resolver::V0
        };
        studio.resolver.set(r);
    };
    view! {
        <div class="studio-changes" data-testid="studio-changes">
            <div class="row">
                <h3>"What changes for installed clusters"</h3>
                <select data-testid="studio-resolver" aria-label="Rules of the upgrade paths" on:change=on_resolver>
                    <option value="v0" selected=move || studio.resolver.get() == Resolver::V0>"OLM v0"</option>
                    <option value="v1" selected=move || studio.resolver.get() == Resolver::V1>"OLM v1"</option>
                </select>
            </div>
            <p class="muted">"Against the catalog as it was when the template was opened: every bundle of it taken as installed."</p>
            {move || match changes.get() {
                None => view! { <p class="muted">"Waiting for a rendering with packages."</p> }.into_any(),
                Some(list) if list.is_empty() => view! { <p class="muted">"The template shares no package with the opened catalog."</p> }.into_any(),
                Some(list) => list.iter().map(package_changes).collect_view().into_any(),
            }}
        </div>
    }
}

fn package_changes(c: &InstalledChanges) -> AnyView {
    let d: &PackageDiff = match &c.diff {
        Ok(d) => d,
        Err(e) => {
            return view! { <div class="notice error">{format!("{}: {e}", c.package)}</div> }
                .into_any()
        }
    };
    let stranded: Vec<(String, String)> = d
        .fates
        .iter()
        .filter(|f| f.status == Fate::Stranded)
        .map(|f| (f.bundle.clone(), format!("{} (in {})", f.bundle, f.channel)))
        .collect();
    let none = |b: &Option<String>| b.clone().unwrap_or_else(|| "none".into());
    let heads: Vec<(String, String)> = d
        .heads_moved
        .iter()
        .map(|h| {
            let text = format!("{}: {} → {}", h.channel, none(&h.old), none(&h.new));
            (h.channel.clone(), text)
        })
        .collect();
    let summary = format!(
        "{}: {} stranded, {} head(s) moved, {} upgradable, {} up to date, {} bundle(s) removed, {} channel(s) removed",
        c.package,
        stranded.len(),
        heads.len(),
        d.count(Fate::Upgradable),
        d.count(Fate::UpToDate),
        d.bundles_removed.len(),
        d.channels_removed.len()
    );
    let (n_stranded, n_heads) = (stranded.len(), heads.len());
    let list = |testid: &'static str, items: Vec<(String, String)>| {
        (!items.is_empty()).then(|| view! {
            <ul class="name-list" data-testid=testid>
                {items.into_iter().map(|(name, text)| view! { <li data-name=name><code>{text}</code></li> }).collect_view()}
            </ul>
        })
    };
    view! {
        <div class="studio-change" data-testid="studio-change" data-package=c.package.clone()
            data-stranded=n_stranded data-heads-moved=n_heads>
            <p>{summary}</p>
            {(n_stranded > 0).then(|| view! { <h4>"Stranded (no way forward)"</h4> })}
            {list("studio-stranded", stranded)}
            {(n_heads > 0).then(|| view! { <h4>"Heads moved"</h4> })}
            {list("studio-heads", heads)}
        </div>
    }
    .into_any()
}
