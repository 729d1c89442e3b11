//! The error panel: problems outside any catalog (a failed fetch, an unreadable file, a crashed
//! parser) and the errors and warnings found while reading the last catalog, saying whether a
//! partly valid catalog is shown or the previous one was kept.

use leptos::prelude::*;
use olm_graph_core::Severity;

use crate::lint_panel::FindingItem;
use crate::state::AppState;

/// Load diagnostics listed before folding the rest (the panel stays small).
const SHOWN: usize = 3;

#[component]
pub fn ErrorPanel() -> impl IntoView {
    let state = AppState::get();
    let has_report_problems = move || {
        state.report.with(|r| {
            r.as_ref()
                .is_some_and(|r| !r.diagnostics.is_empty() || r.kept_previous.is_some())
        })
    };
    let visible = move || state.problems.with(|p| !p.is_empty()) || has_report_problems();
    let dismiss = move |_| {
        state.problems.set(Vec::new());
        state.report.set(None);
    };
    view! {
        <section class="error-panel" data-testid="error-panel" role="alert" aria-label="Problems" hidden=move || !visible()>
            <header class="panel-head">
                <h2>"Problems"</h2>
                <button class="button icon" aria-label="Dismiss the problems" title="Dismiss" on:click=dismiss>"×"</button>
            </header>
            <ul class="problems">
                {move || state.problems.get().into_iter().map(|p| view! {
                    <li class="problem sev-error"><span class="sev sev-error">"error"</span>" "<span class="message">{p.message}</span></li>
                }).collect_view()}
            </ul>
            {move || state.report.get().filter(|r| !r.diagnostics.is_empty() || r.kept_previous.is_some()).map(|r| {
                let errors = r.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
                let warnings = r.diagnostics.iter().filter(|d| d.severity == Severity::Warning).count();
                let summary = match &r.kept_previous {
                    Some(prev) => format!(
                        "{} could not be used: no package could be read ({errors} error{}, {warnings} warning{}). Still showing {prev}.",
                        r.label,
                        if errors == 1 { "" } else { "s" },
                        if warnings == 1 { "" } else { "s" }
                    ),
                    None => format!(
                        "Read {}: {errors} error{}, {warnings} warning{} while reading; {} shown{}.",
                        r.label,
                        if errors == 1 { "" } else { "s" },
                        if warnings == 1 { "" } else { "s" },
                        match r.packages { 1 => "1 package".to_string(), n => format!("{n} packages") },
                        if errors > 0 { " (what could be read)" } else { "" }
                    ),
                };
                let n = r.diagnostics.len();
                let mut diags = r.diagnostics;
                let rest = if n > SHOWN { diags.split_off(SHOWN) } else { Vec::new() };
                view! {
                    <p class="report-summary" data-kept-previous=r.kept_previous.is_some().to_string()>{summary}</p>
                    <ul class="findings compact">
                        {diags.into_iter().map(|d| view! { <FindingItem d=d/> }).collect_view()}
                    </ul>
                    {(!rest.is_empty()).then(|| view! {
                        <details class="more">
                            <summary>{format!("{} more", rest.len())}</summary>
                            <ul class="findings compact">{rest.into_iter().map(|d| view! { <FindingItem d=d/> }).collect_view()}</ul>
                        </details>
                    })}
                }
            })}
        </section>
    }
}
