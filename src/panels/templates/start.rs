//! How a studio session starts: the template on screen (opened with any input: files, folder,
//! URL, paste, drop), a template file opened here (with bundle sources beside it), or a new
//! semver template listing the bundles of the rendered package on screen.
//!
//! Test hooks: `studio-edit-screen`, `studio-start-semver`, `studio-file-input`.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::panels::load_bar::CATALOG_TYPES;
use crate::services::sources;
use crate::state::load::{FileText, LoadStore, Loaded};
use crate::state::selection::Selection;
use crate::state::shared::Shared;
use crate::state::templates::{template_on_screen, Session, TemplateStudio};
use olm_graph_core::template::might_hold_template;
use olm_graph_core::template::semver_edit::semver_template_from;

/// Whether a file's text holds a catalog template (core's cheap test; the worker decides).
fn looks_like_template(f: &FileText) -> bool {
    might_hold_template(&String::from(&f.text))
}

/// Starts a session on the template of the package on screen.
fn edit_screen(studio: TemplateStudio, loaded: &Loaded, package: &str) {
    let Some((template, sources)) = template_on_screen(loaded, package) else {
        return;
    };
    let session = Session {
        path: template.path.clone(),
        started_from: format!("{} (on screen)", template.path),
        sources,
    };
    studio.start(session, String::from(&template.text), None);
}

/// Starts a semver template listing the bundles of `package`, the rendered catalog on screen
/// serving as bundle source and as what installed clusters run.
fn start_semver(studio: TemplateStudio, loaded: Shared<Loaded>, package: &str) {
    let Some(pkg) = loaded.catalog.package(package) else {
        return;
    };
    let text = semver_template_from(pkg);
    let sources = loaded
        .origin
        .files
        .iter()
        .filter(|f| f.text.includes(package))
        .cloned()
        .collect();
    let session = Session {
        path: format!("{package}.semver-template.yaml"),
        started_from: format!("the bundles of {package} in {}", loaded.label),
        sources,
    };
    studio.start(session, text, Some(loaded));
}

/// Starts a session on picked files: the first that holds a template, the others as bundle
/// sources.
fn open_files(studio: TemplateStudio, load: LoadStore, ev: leptos::ev::Event) {
    let Some((input, list)) = sources::picked(&ev) else {
        return;
    };
    spawn_local(async move {
        let source = match sources::read_picked(input, list, false).await {
            Ok(s) => s,
            Err(e) => return load.problem(e),
        };
        let mut files = source.files;
        let Some(at) = files.iter().position(looks_like_template) else {
            return load.problem(format!(
                "{}: no catalog template found (olm.template.basic, olm.semver or olm.template.substitutes)",
                source.label
            ));
        };
        let template = files.remove(at);
        let session = Session {
            path: template.path.clone(),
            started_from: template.path.clone(),
            sources: files,
        };
        studio.start(session, String::from(&template.text), None);
    });
}

/// The ways to start a session.
#[component]
pub fn StudioStart() -> impl IntoView {
    let studio = TemplateStudio::get();
    let load = LoadStore::get();
    let selection = Selection::get();
    let screen = move || -> Option<(Shared<Loaded>, String)> {
        Some((load.loaded.get()?, selection.package.get()?))
    };
    let on_screen_template =
        move || screen().and_then(|(l, p)| template_on_screen(&l, &p).map(|(t, _)| (l, p, t.path)));
    let rendered_package = move || {
        screen().filter(|(l, p)| l.catalog.package(p).is_some_and(|p| p.template.is_none()))
    };
    view! {
        <div class="studio-start">
            <p class="muted">"Edit a catalog template (olm.template.basic, olm.semver, olm.template.substitutes) and see the graph it renders as you type, with opm's errors, the lint and what the change does to installed clusters. Rendering is offline: bundle images are looked up in the bundle sources you load (rendered catalogs), else named from the template."</p>
            <div class="form-row">
                {move || on_screen_template().map(|(l, p, path)| view! {
                    <button class="button primary" data-testid="studio-edit-screen"
                        on:click=move |_| edit_screen(studio, &l, &p)>{format!("Edit {path}")}</button>
                })}
                {move || rendered_package().map(|(l, p)| {
                    let label = format!("Start a semver template from the bundles of {p}");
                    view! {
                        <button class="button" data-testid="studio-start-semver"
                            on:click=move |_| start_semver(studio, l.clone(), &p)>{label}</button>
                    }
                })}
                <label class="button" title="A template file, and rendered catalogs to serve as bundle sources">
                    <input type="file" class="visually-hidden" multiple accept=CATALOG_TYPES
                        data-testid="studio-file-input" aria-label="Open a template (and its bundle sources)"
                        on:change=move |ev| open_files(studio, load, ev)/>
                    "Open a template file…"
                </label>
            </div>
        </div>
    }
}
