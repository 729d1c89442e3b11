//! Drift, when one side of the comparison is a catalog template and the other a rendered
//! catalog: where the rendered catalog differs from what the template renders (channels,
//! entries, `replaces`/`skips`/`skipRange`, default channel, bundles missing from either side),
//! as `olm-graph diff-template TEMPLATE --rendered CATALOG` reports it. The template is rendered
//! in the worker with the rendered catalog as its bundle source; core compares
//! (`template::drift::compare`).
//!
//! Test hooks: `drift-report` (`data-drift` = number of differences), `drift-row`,
//! `drift-none`, `drift-error`.

use leptos::prelude::*;
use olm_graph_core::template::drift;
use olm_graph_core::Catalog;

use crate::services::jobs::{JobReply, Jobs};
use crate::state::comparison::Comparison;
use crate::state::load::{FileText, LoadStore, Loaded};
use crate::state::selection::Selection;
use crate::state::shared::Shared;
use crate::state::templates::template_on_screen;

/// What to render for the drift report: the template, its bundle sources (the rendered side's
/// files first), and the rendered side.
pub struct DriftInputs {
    pub template: FileText,
    pub sources: Vec<FileText>,
    pub rendered: Shared<Loaded>,
}

/// The drift inputs when exactly one of the two catalogs has `package` from a template.
///
/// # Complexity
/// O(F log F) for F files read on the template's side, plus O(log P) lookups.
pub fn drift_inputs(a: &Shared<Loaded>, b: &Shared<Loaded>, package: &str) -> Option<DriftInputs> {
    let from_template = |l: &Loaded| {
        l.catalog
            .package(package)
            .is_some_and(|p| p.template.is_some())
    };
    let (t, r) = match (from_template(a), from_template(b)) {
        (true, false) => (a, b),
        (false, true) => (b, a),
        _ => return None,
    };
    let (template, siblings) = template_on_screen(t, package)?;
    let mut sources = r.origin.files.clone();
    sources.extend(siblings);
    Some(DriftInputs {
        template,
        sources,
        rendered: r.clone(),
    })
}

/// One line per difference for the template's packages (empty: no drift).
///
/// # Complexity
/// That of `drift::compare`: O((V + E) log V) over both sides' channels.
pub fn drift_lines(from_template: &Catalog, rendered: &Catalog) -> Vec<String> {
    let found: Vec<_> = drift::compare(from_template, rendered)
        .into_iter()
        .filter(|d| from_template.package(&d.package).is_some())
        .collect();
    drift::render_text(&found)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The drift report, when one side is a template.
#[component]
pub fn TemplateDrift() -> impl IntoView {
    let load = LoadStore::get();
    let comparison = Comparison::get();
    let selection = Selection::get();
    let service = Jobs::get();
    let report: RwSignal<Option<Result<Vec<String>, String>>> = RwSignal::new(None);
    let inputs = Memo::new(move |_| {
        let (a, b) = (load.loaded.get()?, comparison.other.get()?);
        let package = selection.package.get()?;
        Some((a.clone(), b.clone(), package))
    });
    let applies = Memo::new(move |_| {
        inputs.with(|i| {
            i.as_ref()
                .and_then(|(a, b, p)| drift_inputs(a, b, p))
                .is_some()
        })
    });
    Effect::new(move |_| {
        report.set(None);
        let Some((a, b, package)) = inputs.get() else {
            return;
        };
        let Some(d) = drift_inputs(&a, &b, &package) else {
            return;
        };
        let rendered = d.rendered.clone();
        service.template(false, d.template, d.sources, move |reply| {
            if inputs.with_untracked(|i| {
                i.as_ref().map(|(x, y, _)| (x.clone(), y.clone())) != Some((a, b))
            }) {
                return;
            }
            report.set(Some(match reply {
                JobReply::Catalog { catalog, .. } => Ok(drift_lines(&catalog, &rendered.catalog)),
                JobReply::Failed(e) => Err(e),
                JobReply::Refused(d) => Err(d.message),
                JobReply::Rendered { .. } | JobReply::Preflight { .. } | JobReply::Written(_) => {
                    Err("unexpected answer from the parser".into())
                }
            }));
        });
    });
    move || {
        applies.get().then(|| {
            let body = match report.get() {
                None => view! { <p class="muted">"Rendering the template with the rendered catalog as bundle source…"</p> }.into_any(),
                Some(Err(e)) => view! { <div class="notice error" data-testid="drift-error">{e}</div> }.into_any(),
                Some(Ok(lines)) if lines.is_empty() => view! { <p data-testid="drift-none">"No drift: the rendered catalog is what the template renders."</p> }.into_any(),
                Some(Ok(lines)) => view! {
                    <ul class="drift-list">
                        {lines.into_iter().map(|l| view! { <li data-testid="drift-row">{l}</li> }).collect_view()}
                    </ul>
                }.into_any(),
            };
            let count = report.with(|r| match r { Some(Ok(l)) => l.len().to_string(), _ => String::new() });
            view! {
                <div class="drift-report" data-testid="drift-report" data-drift=count>
                    <h3>"Drift: the template against the rendered catalog"</h3>
                    {body}
                </div>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::template::template_catalog;
    use olm_graph_core::{load_files, InputFile};
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// A real catalog file, built into the test (the tests run as wasm, without a file system).
    macro_rules! real {
        ($rel:literal) => {
            InputFile::new(
                $rel,
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../shared/catalogs/",
                    $rel
                )),
            )
        };
    }

    /// The drift lines of a real template against its published catalog, the catalog serving
    /// as bundle source (as the worker renders it).
    fn lines(template: InputFile, rendered: InputFile) -> Vec<String> {
        let from_template = template_catalog(&[template], std::slice::from_ref(&rendered));
        drift_lines(&from_template, &load_files(vec![rendered]))
    }

    #[test]
    fn real_templates_against_their_published_catalogs() {
        let none = lines(
            real!("templates/basic/cluster-kube-descheduler-operator-v4.22.catalog-template.yaml"),
            real!("openshift-kube-descheduler-fbc/v4.22/cluster-kube-descheduler-operator.json"),
        );
        assert!(none.is_empty(), "{none:?}");
        let none = lines(
            real!("templates/basic/external-dns-operator-v4.21.catalog-template.yaml"),
            real!("openshift-external-dns-operator/v4.21/external-dns-operator.yaml"),
        );
        assert!(none.is_empty(), "{none:?}");
        let rhtpa = lines(
            real!("templates/basic/rhtpa-operator-v4.18.graph.yaml"),
            real!("trusted-profile-analyzer-fbc/v4.18/rhtpa-operator.json"),
        );
        assert_eq!(rhtpa.len(), 4, "{rhtpa:?}");
        assert!(rhtpa
            .iter()
            .all(|l| l.contains("skips") && l.contains("in the template")));
        assert!(rhtpa[0].contains("channel \"stable\" entry \"rhtpa-operator.v1.0.1\""));
    }
}
