//! The findings panel: every finding (opm's rules, curator lints, load problems), filterable by
//! package and severity; clicking one shows its bundle or channel. Above them, when a pipeline
//! is chosen, that pipeline's pre-flight checks of the catalog on screen (core's
//! [`preflight`](olm_graph_core::preflight)), one group per check with its messages and the
//! file each is about.

use leptos::prelude::*;
use olm_graph_core::preflight::{self, Check, MessageLocator, Pipeline, Report};
use olm_graph_core::{Diagnostic, InputFile, Severity};

use crate::state::load::LoadStore;
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

/// The pipeline choice, and the chosen pipeline's checks of the catalog on screen and the files
/// it was opened from (Konflux's pruning check has no target index here: core lists it as
/// skipped).
#[component]
fn PreflightChecks() -> impl IntoView {
    let load = LoadStore::get();
    let pipeline = RwSignal::new(None::<Pipeline>);
    let report = Memo::new(move |_| {
        let p = pipeline.get()?;
        // The checks of the operator's files (ci.yaml, release configs, catalogs/) read the
        // files the catalog was opened from, as the command line's do.
        load.loaded.with(|l| {
            l.as_ref().map(|l| {
                // Paths are relative to a picked folder, whose name is the operator directory's
                // when the folder is one (as the command line names `.` after its real name).
                let under = |mut f: InputFile| {
                    if let Some(folder) = &l.origin.folder {
                        f.path = format!("{folder}/{}", f.path);
                    }
                    f
                };
                let files: Vec<_> = l
                    .origin
                    .files
                    .iter()
                    .map(|f| under(f.to_input_file()))
                    .collect();
                preflight::run_with_files(p, &l.catalog, &files, &[])
            })
        })
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
            {move || report.get().map(|r| view! { <PreflightReport report=r/> })}
        </div>
    }
}

#[component]
fn PreflightReport(report: Report) -> impl IntoView {
    let load = LoadStore::get();
    let summary = format!("{}: {}", report.pipeline, report.counts());
    let places: Vec<Vec<String>> = load.loaded.with_untracked(|l| {
        l.as_ref()
            .map(|l| {
                let locator = MessageLocator::new(&l.catalog);
                report
                    .checks
                    .iter()
                    .map(|c| message_places(&locator, c))
                    .collect()
            })
            .unwrap_or_default()
    });
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

/// For each message of a check, the file it is about (empty when none).
fn message_places(locator: &MessageLocator, c: &Check) -> Vec<String> {
    c.messages
        .iter()
        .map(|m| locator.locate(m).map(|l| l.file).unwrap_or_default())
        .collect()
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
