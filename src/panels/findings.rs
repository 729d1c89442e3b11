//! The findings panel: every finding (opm's rules, curator lints, load problems), filterable by
//! package and severity; clicking one shows its bundle or channel. Above them, when a pipeline
//! is chosen, that pipeline's pre-flight checks of the catalog on screen (core's
//! [`preflight`](olm_graph_core::preflight), run in the tools worker: `services::jobs`), one
//! group per check with its messages and the file each is about.

use leptos::prelude::*;
use olm_graph_core::preflight::{Check, Pipeline, Report};
use olm_graph_core::{Diagnostic, Severity};

use crate::services::jobs::{JobReply, Jobs};
use crate::state::load::{FileText, LoadStore};
use crate::state::selection::Selection;
use crate::widgets::finding::FindingItem;

/// Findings shown before "show more".
const PAGE: usize = 200;

/// Which findings are shown.
#[derive(Clone, Copy)]
struct Filters {
    only_package: RwSignal<bool>,
    errors: RwSignal<bool>,
    warnings: RwSignal<bool>,
    info: RwSignal<bool>,
}

impl Filters {
    fn shows(&self, d: &Diagnostic, package: &Option<String>) -> bool {
        let severity = match d.severity {
            Severity::Error => self.errors.get(),
            Severity::Warning => self.warnings.get(),
            Severity::Info => self.info.get(),
        };
        severity && (!self.only_package.get() || d.package == *package)
    }
}

#[component]
pub fn LintPanel() -> impl IntoView {
    let load = LoadStore::get();
    let selection = Selection::get();
    let filters = Filters {
        only_package: RwSignal::new(false),
        errors: RwSignal::new(true),
        warnings: RwSignal::new(true),
        info: RwSignal::new(false),
    };
    let open = RwSignal::new(true);
    let counts = Memo::new(move |_| {
        load.loaded
            .with(|l| {
                l.as_ref().map(|l| {
                    let c = |s| l.findings.iter().filter(|d| d.severity == s).count();
                    (c(Severity::Error), c(Severity::Warning), c(Severity::Info))
                })
            })
            .unwrap_or_default()
    });
    let shown = Memo::new(move |_| {
        let package = selection.package.get();
        load.loaded
            .with(|l| {
                l.as_ref().map(|l| {
                    l.findings
                        .iter()
                        .filter(|d| filters.shows(d, &package))
                        .cloned()
                        .collect::<Vec<_>>()
                })
            })
            .unwrap_or_default()
    });
    view! {
        <section class="lint-panel" class:closed=move || !open.get() data-testid="lint-panel" aria-label="Findings">
            <header class="panel-head">
                <button class="panel-toggle" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
                    <h2 class="panel-heading">"Findings"</h2>
                </button>
                <span class="totals">
                    {move || {
                        let (e, w, _) = counts.get();
                        view! {
                            <span class="sev sev-error" data-count-errors=e.to_string()>{format!("{e} errors")}</span>
                            <span class="sev sev-warning" data-count-warnings=w.to_string()>{format!("{w} warnings")}</span>
                        }
                    }}
                </span>
            </header>
            <div class="lint-body" hidden=move || !open.get()>
                <PreflightChecks/>
                <FilterBoxes filters=filters info_count=Signal::derive(move || counts.get().2)/>
                <FindingList shown=shown/>
            </div>
        </section>
    }
}

fn checkbox(label: Signal<String>, value: RwSignal<bool>) -> impl IntoView {
    view! {
        <label><input type="checkbox" prop:checked=move || value.get() on:change=move |ev| value.set(event_target_checked(&ev))/>{label}</label>
    }
}

#[component]
fn FilterBoxes(filters: Filters, info_count: Signal<usize>) -> impl IntoView {
    let fixed = |s: &'static str| Signal::derive(move || s.to_string());
    view! {
        <div class="filters" role="group" aria-label="Filter findings">
            {checkbox(fixed(" this package only"), filters.only_package)}
            {checkbox(fixed(" errors"), filters.errors)}
            {checkbox(fixed(" warnings"), filters.warnings)}
            {checkbox(Signal::derive(move || format!(" info ({})", info_count.get())), filters.info)}
        </div>
    }
}

/// The findings, a page at a time.
#[component]
fn FindingList(shown: Memo<Vec<Diagnostic>>) -> impl IntoView {
    let limit = RwSignal::new(PAGE);
    view! {
        <ul class="findings">
            {move || {
                let all = shown.get();
                let n = all.len();
                let lim = limit.get();
                let items = all.into_iter().take(lim).map(|d| view! { <FindingItem d=d/> }).collect_view();
                view! {
                    {items}
                    {(n == 0).then(|| view! { <li class="muted">"No findings."</li> })}
                    {(n > lim).then(|| view! {
                        <li><button class="button" on:click=move |_| limit.update(|l| *l += PAGE)>{format!("Show more ({} hidden)", n - lim)}</button></li>
                    })}
                }
            }}
        </ul>
    }
}

/// A pipeline's report with, per message of each check, the file it is about; or why the
/// checks could not run.
type Checked = Result<(Report, Vec<Vec<String>>), String>;

/// The pipeline choice, and the chosen pipeline's checks of the catalog on screen and the files
/// it was opened from (Konflux's pruning check has no target index here: core lists it as
/// skipped), run in the tools worker whenever the pipeline or the catalog changes; a reply to
/// an older request is dropped.
#[component]
fn PreflightChecks() -> impl IntoView {
    let load = LoadStore::get();
    let jobs = Jobs::get();
    let pipeline = RwSignal::new(None::<Pipeline>);
    let checked = RwSignal::new(None::<Checked>);
    let asked = StoredValue::new(0u32);
    Effect::new(move |_| {
        checked.set(None);
        let Some(p) = pipeline.get() else { return };
        let Some((catalog, files)) = load.loaded.with(|l| l.as_ref().map(|l| request(l))) else {
            return;
        };
        asked.update_value(|n| *n = n.wrapping_add(1));
        let this = asked.get_value();
        jobs.preflight(p.as_str(), catalog, files, move |reply| {
            if asked.get_value() != this {
                return;
            }
            checked.set(Some(match reply {
                JobReply::Preflight { report, places } => Ok((report, places)),
                JobReply::Failed(message) => Err(message),
                _ => Err("the tools worker answered the checks with something else".into()),
            }));
        });
    });
    let on_change = move |ev| pipeline.set(event_target_value(&ev).parse::<Pipeline>().ok());
    view! {
        <div class="preflight" data-testid="preflight">
            <label class="preflight-choice">"Pipeline checks "
                <select class="control" data-testid="preflight-pipeline" on:change=on_change>
                    <option value="none" selected=move || pipeline.get().is_none()>"none"</option>
                    {Pipeline::ALL.iter().map(|p| {
                        let p = *p;
                        view! { <option value=p.as_str() selected=move || pipeline.get() == Some(p)>{p.as_str()}</option> }
                    }).collect_view()}
                </select>
            </label>
            {move || checked.get().map(|c| match c {
                Ok((report, places)) => view! { <PreflightReport report places/> }.into_any(),
                Err(message) => view! {
                    <p class="preflight-summary" data-testid="preflight-summary">
                        {format!("The pipeline checks could not run: {message}")}
                    </p>
                }.into_any(),
            })}
        </div>
    }
}

/// What the checks read: the catalog as JSON, and the files it was opened from, their paths
/// under a picked folder's name when the folder is one (as the command line names `.` after
/// its real name), for the checks of the operator's files (ci.yaml, release configs,
/// catalogs/).
///
/// # Complexity
/// O(C + F) for a catalog of C bytes of JSON and F files (their text is not copied).
fn request(l: &crate::state::load::Loaded) -> (String, Vec<FileText>) {
    let catalog = serde_json::to_string(&l.catalog).unwrap_or_default();
    let files = l
        .origin
        .files
        .iter()
        .map(|f| match &l.origin.folder {
            Some(folder) => FileText {
                path: format!("{folder}/{}", f.path),
                ..f.clone()
            },
            None => f.clone(),
        })
        .collect();
    (catalog, files)
}

#[component]
fn PreflightReport(report: Report, places: Vec<Vec<String>>) -> impl IntoView {
    let summary = format!("{}: {}", report.pipeline, report.counts());
    let groups = report
        .checks
        .into_iter()
        .zip(places.into_iter().chain(std::iter::repeat_with(Vec::new)))
        .map(|(c, places)| view! { <PreflightGroup check=c places=places/> })
        .collect_view();
    view! {
        <p class="preflight-summary" data-testid="preflight-summary">{summary}</p>
        <ul class="preflight-checks" aria-label="Pipeline checks">{groups}</ul>
    }
}

/// One check: its name and result, then its messages, each with the file it is about.
#[component]
fn PreflightGroup(check: Check, places: Vec<String>) -> impl IntoView {
    let result = check.result.as_str();
    let name = check.name.clone();
    let messages = check
        .messages
        .into_iter()
        .zip(places.into_iter().chain(std::iter::repeat(String::new())))
        .map(|(m, place)| {
            view! {
                <li class="preflight-message">
                    <span>{m}</span>
                    {(!place.is_empty()).then(|| view! { <span class="place">{place}</span> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <li class=format!("preflight-check result-{result}") data-testid="preflight-check"
            data-check=name data-result=result>
            <div class="preflight-head">
                <code class="check-name">{check.name}</code>
                <span class=format!("sev result-{result}")>{result}</span>
            </div>
            <ul class="preflight-messages">{messages}</ul>
        </li>
    }
}
