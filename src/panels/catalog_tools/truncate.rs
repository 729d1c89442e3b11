//! Deprecate and truncate (docs/spec/olm.md §7.3), previewed: choose a bundle, and the graph fades
//! what would go while this panel lists it (entries, bundles, channels, stranded clusters);
//! then download the new catalog. Core does the work (`change::deprecate_truncate`, and
//! `change::write_truncated` in the tools worker, which reads the files' YAML); the preview lives in the catalog changes store so the graph can
//! draw it. The form (package and options) is kept in this browser (`services::persist`) as
//! it changes, and comes back when the panel opens again on the same package.
//!
//! Test hooks: `truncate-bundle`, `truncate-message`, `truncate-legacy`,
//! `truncate-allow-removal`, `truncate-error`, `truncate-summary`, lists `truncate-removed-bundles`,
//! `truncate-removed-channels`, `truncate-stranded` (items carry `data-name`), `truncate-download`.

use std::collections::BTreeMap;

use leptos::prelude::*;
use olm_graph_core::change::{TruncateOptions, TruncateReport};
use olm_graph_core::load::has_catalog_extension;
use olm_graph_core::model::Package;
use olm_graph_core::sort::SortWith;
use olm_graph_core::view::natural_cmp;

use crate::services::download::{download_text, file_name_part};
use crate::services::jobs::{written, FbcEdit, Jobs};
use crate::services::persist;
use crate::state::catalog_changes::CatalogChanges;
use crate::state::graph::GraphStore;
use crate::state::load::{FileText, LoadStore, Origin};
use crate::state::selection::Selection;
use crate::state::Stores;
use crate::widgets::name_list::name_list;

/// The `localStorage` name of the kept form: the package and the options.
const KEPT_FORM: &str = "truncate";

/// The files of `origin` as core reads them (directory semantics skip other files, as the
/// parser did and as `olm-graph deprecate-truncate` does).
pub fn origin_files(origin: &Origin) -> Vec<FileText> {
    origin
        .files
        .iter()
        .filter(|f| !origin.only_catalog_extensions || has_catalog_extension(&f.path))
        .cloned()
        .collect()
}

/// What the tools worker writes the new catalog from (the edit and the files), or why it
/// cannot be written.
pub fn truncate_request(
    origin: &Origin,
    report: &TruncateReport,
    new_pkg: &Package,
) -> Result<(FbcEdit, Vec<FileText>), String> {
    if origin.files.is_empty() {
        return Err(
            "the catalog's files are not at hand: load it again to download the result".into(),
        );
    }
    let edit = FbcEdit::Truncated {
        report: report.clone(),
        package: Box::new(new_pkg.clone()),
    };
    Ok((edit, origin_files(origin)))
}

/// A download name for the truncated catalog.
pub fn download_name(package: &str, bundle: &str) -> String {
    format!(
        "{}-truncated-at-{}.json",
        file_name_part(package),
        file_name_part(bundle)
    )
}

/// What the preview does, in one sentence.
///
/// # Complexity
/// O(R log C) for R removed entries in C channels.
pub fn truncate_summary(r: &TruncateReport) -> String {
    if r.package_removed {
        return format!(
            "Deprecating {} removes the whole package {}: every channel head goes.",
            r.bundle, r.package
        );
    }
    let mut by_channel: BTreeMap<&str, usize> = BTreeMap::new();
    for (c, _) in &r.removed_entries {
        *by_channel.entry(c.as_str()).or_default() += 1;
    }
    let removed_in: Vec<String> = by_channel
        .into_iter()
        .map(|(c, n)| format!("{n} from {c}"))
        .collect();
    format!(
        "Deprecates {} (\u{201c}{}\u{201d}) and cuts the {} bundle{} below it along replaces: {} entr{} removed{}.",
        r.bundle,
        r.message,
        r.tail.len(),
        if r.tail.len() == 1 { "" } else { "s" },
        r.removed_entries.len(),
        if r.removed_entries.len() == 1 { "y" } else { "ies" },
        if removed_in.is_empty() { String::new() } else { format!(" ({})", removed_in.join(", ")) },
    )
}

/// The preview's options, changed for the package on screen.
#[derive(Clone, Copy)]
struct Options {
    lifecycle: CatalogChanges,
    selection: Selection,
}

impl Options {
    fn get(&self) -> TruncateOptions {
        self.lifecycle
            .truncate
            .with(|t| t.as_ref().map(|(_, o)| o.clone()))
            .unwrap_or_default()
    }

    fn set(&self, f: impl FnOnce(&mut TruncateOptions)) {
        let Some(package) = self.selection.package.get_untracked() else {
            return;
        };
        self.lifecycle.truncate.update(|t| {
            let mut o = match t.take() {
                Some((p, o)) if p == package => o,
                _ => TruncateOptions::default(),
            };
            f(&mut o);
            *t = Some((package, o));
        });
        let result = self
            .lifecycle
            .truncate
            .with_untracked(|t| persist::keep_form_as(KEPT_FORM, t));
        Stores::get().kept.wrote("form", result);
    }

    /// The kept form, when it was for the package on screen.
    fn restore(&self) {
        let Some((package, o)) =
            persist::kept_form_as::<Option<(String, TruncateOptions)>>(KEPT_FORM).flatten()
        else {
            return;
        };
        if self.selection.package.get_untracked().as_deref() == Some(package.as_str()) {
            self.lifecycle.truncate.set(Some((package, o)));
        }
    }
}

/// The panel.
#[component]
pub fn TruncatePanel() -> impl IntoView {
    let lifecycle = CatalogChanges::get();
    let selection = Selection::get();
    let options = Options {
        lifecycle,
        selection,
    };
    // A different package starts afresh; leaving the panel ends the preview.
    Effect::new(move |prev: Option<Option<String>>| {
        let p = selection.package.get();
        if prev.is_some_and(|prev| prev != p) {
            lifecycle.truncate.set(None);
        }
        p
    });
    on_cleanup(move || lifecycle.truncate.set(None));
    options.restore();
    view! {
        <div class="truncate-panel">
            <TruncateForm options=options/>
            {move || lifecycle.truncation.with(Option::is_none).then(|| view! {
                <p class="muted">"Choose a bundle: the graph shows what would go (faded), the bundle ringed in red."</p>
            })}
            <TruncateResult/>
        </div>
    }
}

#[component]
fn TruncateForm(options: Options) -> impl IntoView {
    let graph = GraphStore::get();
    let selection = options.selection;
    // The bundles of the package, newest first.
    let bundles = Memo::new(move |_| {
        graph.package_data.with(|d| {
            let Some(d) = d else { return Vec::new() };
            let mut names: Vec<String> =
                d.package().bundles.iter().map(|b| b.name.clone()).collect();
            names.sort_with(|a, b| natural_cmp(b, a));
            names
        })
    });
    view! {
        <div class="form-row">
            <label>"Bundle to deprecate"
                <select data-testid="truncate-bundle" prop:value=move || options.get().bundle
                    on:change=move |ev| { let b = event_target_value(&ev); options.set(|o| o.bundle = b) }>
                    <option value="">"— choose —"</option>
                    {move || bundles.get().into_iter().map(|b| view! { <option value=b.clone()>{b.clone()}</option> }).collect_view()}
                </select>
            </label>
            {move || selection.bundle.get().map(|b| view! {
                <button class="button" data-testid="truncate-use-selected" title="Deprecate the bundle selected on the graph"
                    on:click=move |_| { let b = b.clone(); options.set(|o| o.bundle = b) }>"Use selected"</button>
            })}
            <label class="grow">"Message"
                <input type="text" data-testid="truncate-message" placeholder="<bundle> is deprecated"
                    prop:value=move || options.get().message.unwrap_or_default()
                    on:input=move |ev| { let m = event_target_value(&ev); options.set(|o| o.message = Some(m).filter(|m| !m.is_empty())) }/>
            </label>
        </div>
        <div class="form-row">
            <label class="check" title="Also set the legacy olm.deprecated bundle property: OLM v0 then never installs the bundle">
                <input type="checkbox" data-testid="truncate-legacy" prop:checked=move || options.get().legacy_property
                    on:change=move |ev| { let v = event_target_checked(&ev); options.set(|o| o.legacy_property = v) }/>
                "also add the legacy olm.deprecated property"
            </label>
            <label class="check" title="Deprecating the head of every channel removes the package; allow it">
                <input type="checkbox" data-testid="truncate-allow-removal" prop:checked=move || options.get().allow_package_removal
                    on:change=move |ev| { let v = event_target_checked(&ev); options.set(|o| o.allow_package_removal = v) }/>
                "allow removing the whole package"
            </label>
        </div>
    }
}

/// Downloads the catalog with the previewed change, written by the tools worker (core's
/// `change::write_truncated`); `problem` says why it could not be.
fn download_truncated(
    lifecycle: CatalogChanges,
    load: LoadStore,
    jobs: Jobs,
    problem: RwSignal<Option<String>>,
) {
    problem.set(None);
    let (Some(t), Some(loaded)) = (
        lifecycle.truncation.get_untracked(),
        load.loaded.get_untracked(),
    ) else {
        return;
    };
    let Ok((new_pkg, report)) = &t.result else {
        return;
    };
    let (edit, files) = match truncate_request(&loaded.origin, report, new_pkg) {
        Ok(r) => r,
        Err(e) => return problem.set(Some(e)),
    };
    let name = download_name(&report.package, &report.bundle);
    jobs.write_fbc(&edit, files, move |reply| {
        let r = written(reply).and_then(|text| download_text(&name, "application/json", &text));
        problem.try_set(r.err());
    });
}

/// The preview's outcome: the refusal, or what goes and the download.
#[component]
fn TruncateResult() -> impl IntoView {
    let lifecycle = CatalogChanges::get();
    let load = LoadStore::get();
    let jobs = Jobs::get();
    let download_problem = RwSignal::new(None::<String>);
    let download = move |_| download_truncated(lifecycle, load, jobs, download_problem);
    move || {
        let t = lifecycle.truncation.get()?;
        Some(match &t.result {
            Err(e) => view! {
                <div class="notice error" role="alert" data-testid="truncate-error">
                    <strong>"Refused: "</strong>{e.clone()}
                </div>
            }
            .into_any(),
            Ok((_, r)) => view! {
                <div class="truncate-result">
                    <p class="notice" class:deprecated=r.package_removed data-testid="truncate-summary">{truncate_summary(r)}</p>
                    {removal_lists(r)}
                    <div class="row">
                        <button class="button primary" data-testid="truncate-download" on:click=download
                            title="The whole catalog with the change applied, as an FBC JSON stream (passes opm validate)">
                            "Download the new catalog"
                        </button>
                        {move || download_problem.get().map(|e| view! { <span class="notice error" role="alert" data-testid="truncate-download-error">{e}</span> })}
                    </div>
                </div>
            }
            .into_any(),
        })
    }
}

fn removal_lists(r: &TruncateReport) -> impl IntoView {
    view! {
        <div class="truncate-columns">
            <div>
                <h3>"Bundles deleted"<span class="hint">" (left in no channel)"</span></h3>
                {name_list("truncate-removed-bundles", r.removed_bundles.clone(), "none")}
            </div>
            <div>
                <h3>"Channels removed"<span class="hint">" (it was their head)"</span></h3>
                {name_list("truncate-removed-channels", r.removed_channels.clone(), "none")}
            </div>
            <div>
                <h3>"Clusters left stranded"<span class="hint">" (running one of these, OLM v0 has no way forward any more)"</span></h3>
                {name_list("truncate-stranded", r.stranded.clone(), "none: every cluster keeps a way forward")}
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn download_names_are_safe() {
        assert_eq!(
            download_name("seed", "seed.v1.3.0"),
            "seed-truncated-at-seed.v1.3.0.json"
        );
        assert_eq!(
            download_name("a/b", "x y<z>"),
            "a_b-truncated-at-x_y_z_.json"
        );
    }
}
