//! The template studio, a drawer under the graph: open a catalog template (or start a semver
//! template from a rendered package's bundles), edit its text with the graph redrawn as you
//! type (rendered in the worker), opm's errors marked on their lines, the lint, what the edit
//! does to installed clusters, a form that adds a bundle to a semver template, and downloads of
//! the template and the FBC it renders to.
//!
//! - [`start`]: how a session starts;
//! - [`session`]: each edit rendered (debounced) and put on screen;
//! - [`editor`]: the text area, its marks and the list of findings in the text;
//! - [`summary`]: status, lint, what changes for installed clusters;
//! - [`semver_form`] over core's `template::semver_edit`: the semver template's text, written
//!   and edited;
//! - [`files`]: bundle sources and downloads;
//! - [`kept`]: the session kept in this browser, restored on reload.
//!
//! Test hooks: `template-studio`, `studio-toggle`, `studio-body`, `studio-close`.

pub mod editor;
pub mod files;
pub mod kept;
pub mod semver_form;
pub mod session;
pub mod start;
pub mod summary;

use leptos::prelude::*;
use olm_graph_core::template::TemplateKind;

use crate::services::jobs::Jobs;
use crate::state::templates::TemplateStudio;
use crate::state::Stores;
use editor::TemplateEditor;
use files::{StudioDownloads, StudioSources};
use semver_form::SemverForm;
use session::Screen;
use start::StudioStart;
use summary::{InstalledSummary, LintSummary, StudioStatus};

/// The drawer: a bar that opens it, and the studio.
#[component]
pub fn TemplateStudioPanel() -> impl IntoView {
    let studio = TemplateStudio::get();
    let screen = session::follow(studio, Jobs::get(), Stores::get());
    kept::keep_studio(studio, Stores::get());
    let title = move || {
        studio.session.with(|s| {
            s.as_ref()
                .map(|s| format!("— {}", s.started_from))
                .unwrap_or_default()
        })
    };
    view! {
        <section class="studio" class:open=move || studio.open.get() data-testid="template-studio" aria-label="Template studio">
            <div class="studio-bar">
                <button class="tab" data-testid="studio-toggle" aria-expanded=move || studio.open.get().to_string()
                    aria-controls="studio-body" class:active=move || studio.open.get()
                    title="Edit a catalog template and see the graph it renders"
                    on:click=move |_| studio.open.update(|o| *o = !*o)>"Template studio"</button>
                <span class="studio-title muted">{title}</span>
                {move || studio.session.with(Option::is_some).then(|| view! {
                    <button class="button" data-testid="studio-close" title="Close the template (the catalog on screen stays)"
                        on:click=move |_| studio.close()>"Close the template"</button>
                })}
            </div>
            {move || studio.open.get().then(|| view! {
                <div class="studio-body" id="studio-body" data-testid="studio-body">
                    {move || if studio.session.with(Option::is_some) {
                        view! { <StudioSession screen=screen/> }.into_any()
                    } else {
                        view! { <StudioStart/> }.into_any()
                    }}
                </div>
            })}
        </section>
    }
}

/// An open session: the text beside what the studio says about it.
#[component]
fn StudioSession(screen: Screen) -> impl IntoView {
    let studio = TemplateStudio::get();
    let semver = Memo::new(move |_| studio.text.with(|t| TemplateKind::Semver.named_in(t)));
    view! {
        <div class="studio-grid">
            <div class="studio-main">
                <TemplateEditor/>
            </div>
            <div class="studio-side">
                <StudioStatus screen=screen/>
                <InstalledSummary/>
                <LintSummary/>
                {move || semver.get().then(|| view! { <SemverForm/> })}
                <StudioSources/>
                <StudioDownloads/>
            </div>
        </div>
    }
}
