//! The studio's files: the bundle sources a rendering uses (added and forgotten here), and the
//! downloads: the template as edited, the FBC it renders to (rendered in the worker: the same
//! bytes as `olm-graph render-template TEMPLATE --bundles SOURCES...`), and the versions
//! entered by hand as a bundle source.
//!
//! Test hooks: `studio-sources` (items carry `data-path`), `studio-source-input`,
//! `studio-download-template`, `studio-download-fbc`, `studio-download-versions`,
//! `studio-render-status`, `studio-render-error` (`data-line`, `data-column`).

use leptos::prelude::*;
use leptos::task::spawn_local;
use olm_graph_core::diag::Rule;
use olm_graph_core::Diagnostic;

use crate::panels::load_bar::CATALOG_TYPES;
use crate::services::download::{download_text, file_name_part};
use crate::services::jobs::{JobReply, Jobs};
use crate::services::sources;
use crate::state::load::LoadStore;
use crate::state::shared::Shared;
use crate::state::templates::{entered_versions_source, RenderStatus, Session, TemplateStudio};
use crate::widgets::finding::FindingItem;

/// The file name of the template (its last path segment) and of its rendered FBC.
pub fn download_names(path: &str) -> (String, String) {
    let base = path.rsplit('/').next().unwrap_or(path);
    let template = file_name_part(base);
    let stem = base
        .rsplit_once('.')
        .map_or(base, |(s, _)| s)
        .trim_end_matches(".catalog-template");
    (template, format!("{}.rendered.json", file_name_part(stem)))
}

/// Renders the template in the worker and downloads the FBC text.
fn download_fbc(studio: TemplateStudio, service: Jobs) {
    let Some(template) = studio.template_file() else {
        return;
    };
    let (_, name) = download_names(&template.path);
    studio.render.set(RenderStatus::Rendering);
    service.template(true, template, studio.sources(), move |reply| {
        let status = match reply {
            JobReply::Rendered { text, warnings } => {
                match download_text(&name, "application/json", &text) {
                    Ok(()) => RenderStatus::Done { warnings },
                    Err(e) => {
                        RenderStatus::Failed(Box::new(Diagnostic::error(Rule::TemplateDownload, e)))
                    }
                }
            }
            JobReply::Refused(d) => RenderStatus::Failed(Box::new(d)),
            JobReply::Failed(e) => {
                RenderStatus::Failed(Box::new(Diagnostic::error(Rule::TemplateWorker, e)))
            }
            JobReply::Catalog { .. } | JobReply::Preflight { .. } | JobReply::Written(_) => {
                RenderStatus::Idle
            }
        };
        studio.render.set(status);
    });
}

fn download_template(studio: TemplateStudio) {
    let Some(path) = studio
        .session
        .with_untracked(|s| s.as_ref().map(|s| s.path.clone()))
    else {
        return;
    };
    let (name, _) = download_names(&path);
    let mime = if studio
        .text
        .with_untracked(|t| t.trim_start().starts_with('{'))
    {
        "application/json"
    } else {
        "application/yaml"
    };
    match studio
        .text
        .with_untracked(|t| download_text(&name, mime, t))
    {
        Ok(()) => studio.unsaved.set(false),
        Err(e) => LoadStore::get().problem(e),
    }
}

fn download_versions(studio: TemplateStudio) {
    let Some(f) = studio
        .entered
        .with_untracked(|e| entered_versions_source(e))
    else {
        return;
    };
    if let Err(e) = download_text(&f.path, "application/json", &f.text) {
        LoadStore::get().problem(e);
    }
}

/// Adds picked files to the session's bundle sources.
fn add_sources(studio: TemplateStudio, load: LoadStore, ev: leptos::ev::Event) {
    let Some((input, list)) = sources::picked(&ev) else {
        return;
    };
    spawn_local(async move {
        match sources::read_picked(input, list, false).await {
            Ok(source) => change_sources(studio, |s| s.extend(source.files)),
            Err(e) => load.problem(e),
        }
    });
}

fn change_sources(
    studio: TemplateStudio,
    change: impl FnOnce(&mut Vec<crate::state::load::FileText>),
) {
    let Some(session) = studio.session.get_untracked() else {
        return;
    };
    let mut next: Session = (*session).clone();
    change(&mut next.sources);
    studio.session.set(Some(Shared::new(next)));
}

/// The bundle sources, and a picker for more.
#[component]
pub fn StudioSources() -> impl IntoView {
    let studio = TemplateStudio::get();
    let load = LoadStore::get();
    let paths = move || {
        studio
            .session
            .with(|s| {
                s.as_ref()
                    .map(|s| s.sources.iter().map(|f| f.path.clone()).collect::<Vec<_>>())
            })
            .unwrap_or_default()
    };
    view! {
        <div class="studio-sources">
            <h3>"Bundle sources"</h3>
            {move || {
                let list = paths();
                if list.is_empty() {
                    return view! { <p class="muted" data-testid="studio-sources">"None: bundles are named from the template (names, image tags) and written as stubs."</p> }.into_any();
                }
                view! {
                    <ul class="name-list" data-testid="studio-sources">
                        {list.into_iter().enumerate().map(|(i, p)| view! {
                            <li data-path=p.clone()><code>{p.clone()}</code>
                                <button type="button" class="button icon" aria-label=format!("Forget the bundle source {p}")
                                    on:click=move |_| change_sources(studio, |s| { if i < s.len() { s.remove(i); } })>"×"</button>
                            </li>
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
            <label class="button" title="Rendered catalogs whose bundles stand in for the registry (matched by image)">
                <input type="file" class="visually-hidden" multiple accept=CATALOG_TYPES data-testid="studio-source-input"
                    aria-label="Add bundle sources (rendered catalogs)" on:change=move |ev| add_sources(studio, load, ev)/>
                "Add bundle sources…"
            </label>
        </div>
    }
}

/// The downloads and how the last rendering for download went.
#[component]
pub fn StudioDownloads() -> impl IntoView {
    let studio = TemplateStudio::get();
    let service = Jobs::get();
    let has_versions = move || studio.entered.with(|e| !e.is_empty());
    view! {
        <div class="studio-downloads">
            <h3>"Download"</h3>
            <div class="form-row">
                <button class="button" data-testid="studio-download-template" on:click=move |_| download_template(studio)>"The template"</button>
                <button class="button primary" data-testid="studio-download-fbc"
                    disabled=move || studio.render.get() == RenderStatus::Rendering
                    title="The FBC opm alpha render-template writes (olm-graph render-template with the bundle sources)"
                    on:click=move |_| download_fbc(studio, service)>"The rendered FBC"</button>
                {move || has_versions().then(|| view! {
                    <button class="button" data-testid="studio-download-versions" on:click=move |_| download_versions(studio)>"The entered versions"</button>
                })}
            </div>
            <RenderOutcome/>
        </div>
    }
}

#[component]
fn RenderOutcome() -> impl IntoView {
    let studio = TemplateStudio::get();
    move || match studio.render.get() {
        RenderStatus::Idle => None,
        RenderStatus::Rendering => Some(
            view! { <p class="muted" data-testid="studio-render-status">"Rendering…"</p> }
                .into_any(),
        ),
        RenderStatus::Done { warnings } => {
            let n = warnings.len();
            Some(view! {
                <div data-testid="studio-render-status" data-warnings=n>
                    <p class="muted">{format!("Downloaded, with {n} warning(s).")}</p>
                    {(n > 0).then(|| view! {
                        <details><summary>"Warnings"</summary>
                            <ul class="findings compact">{warnings.into_iter().map(|d| view! { <FindingItem d=d/> }).collect_view()}</ul>
                        </details>
                    })}
                </div>
            }.into_any())
        }
        RenderStatus::Failed(d) => {
            let line = d.location.as_ref().and_then(|l| l.line);
            let column = d.location.as_ref().and_then(|l| l.column);
            let place = line.map(|l| format!("line {l}, column {}: ", column.unwrap_or(1)));
            let jump = move |_| {
                if let Some(l) = line {
                    studio.jump.set(Some((l, column.unwrap_or(1))));
                }
            };
            Some(view! {
                <div class="notice error" role="alert" data-testid="studio-render-error"
                    data-line=line.map(|l| l.to_string()) data-column=column.map(|c| c.to_string())>
                    <strong>"Not rendered: "</strong>
                    {place.map(|p| view! { <button class="link mono" on:click=jump>{p}</button> })}
                    {d.message.clone()}
                </div>
            }.into_any())
        }
    }
}
