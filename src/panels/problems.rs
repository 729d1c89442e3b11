//! The problems panel: problems outside any catalog (a failed fetch, an unreadable file, a
//! crashed parser) and the errors and warnings found while reading the last catalog, saying
//! whether a partly valid catalog is shown or the previous one was kept. Folded to one line
//! (the counts and the first problem) unless opened for this catalog before.

use leptos::prelude::*;
use olm_graph_core::text::plural;
use olm_graph_core::Severity;

use crate::panels::fold::{remembered_open, FoldButton};
use crate::state::load::{LoadReport, LoadStore};
use crate::widgets::finding::FindingItem;

/// Load diagnostics listed before folding the rest (the panel stays small).
const SHOWN: usize = 3;

/// One line on how the last load went.
pub fn report_summary(r: &LoadReport) -> String {
    let count = |s| r.diagnostics.iter().filter(|d| d.severity == s).count();
    let errors = count(Severity::Error);
    let warnings = count(Severity::Warning);
    let found = format!(
        "{}, {}",
        plural(errors, "error", "errors"),
        plural(warnings, "warning", "warnings")
    );
    match &r.kept_previous {
        Some(prev) => format!(
            "{} could not be used: no package could be read ({found}). Still showing {prev}.",
            r.label
        ),
        None => format!(
            "Read {}: {found} while reading; {} shown{}.",
            r.label,
            plural(r.packages, "package", "packages"),
            if errors > 0 {
                " (what could be read)"
            } else {
                ""
            }
        ),
    }
}

fn worth_showing(r: &LoadReport) -> bool {
    !r.diagnostics.is_empty() || r.kept_previous.is_some()
}

/// The counts and the first problem, for the folded line.
fn folded_line(problems: &[String], report: Option<&LoadReport>) -> String {
    let diags = report.map(|r| r.diagnostics.as_slice()).unwrap_or_default();
    let errors = problems.len()
        + diags
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
    let warnings = diags
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .count();
    let first = problems
        .first()
        .cloned()
        .or_else(|| diags.first().map(|d| d.message.clone()))
        .or_else(|| {
            report
                .and_then(|r| r.kept_previous.as_ref())
                .map(|p| format!("still showing {p}"))
        })
        .unwrap_or_default();
    if errors == 0 && warnings == 0 && first.is_empty() {
        // Nothing to report (the panel is hidden): no line to read.
        return String::new();
    }
    format!(
        "{}, {}: {first}",
        plural(errors, "error", "errors"),
        plural(warnings, "warning", "warnings")
    )
}

#[component]
pub fn ErrorPanel() -> impl IntoView {
    let load = LoadStore::get();
    let visible = move || {
        load.problems.with(|p| !p.is_empty())
            || load.report.with(|r| r.as_ref().is_some_and(worth_showing))
    };
    let dismiss = move |_| {
        load.problems.set(Vec::new());
        load.report.set(None);
    };
    let label = Signal::derive(move || load.report.with(|r| r.as_ref().map(|r| r.label.clone())));
    let open = remembered_open("problems", label);
    let line = move || {
        let problems: Vec<String> = load
            .problems
            .with(|p| p.iter().map(|p| p.message.clone()).collect());
        load.report
            .with(|r| folded_line(&problems, r.as_ref().filter(|r| worth_showing(r))))
    };
    view! {
        <section class="error-panel" class:folded=move || !open.get() data-testid="error-panel" role="alert"
            aria-label="Problems" hidden=move || !visible()>
            <header class="panel-head">
                <h2>"Problems"</h2>
                <span class="fold-line" data-testid="problems-line" title=line>{line}</span>
                <FoldButton open=open kind="problems" label=label controls="problems-body" what="the problems"/>
                <button class="button icon" aria-label="Dismiss the problems" title="Dismiss" on:click=dismiss>"×"</button>
            </header>
            <div id="problems-body" hidden=move || !open.get()>
                <ul class="problems">
                    {move || load.problems.get().into_iter().map(|p| view! {
                        <li class="problem sev-error"><span class="sev sev-error">"error"</span>" "<span class="message">{p.message}</span></li>
                    }).collect_view()}
                </ul>
                {move || load.report.get().filter(worth_showing).map(report_view)}
            </div>
        </section>
    }
}

fn report_view(r: LoadReport) -> impl IntoView {
    let summary = report_summary(&r);
    let mut diags = r.diagnostics;
    let rest = if diags.len() > SHOWN {
        diags.split_off(SHOWN)
    } else {
        Vec::new()
    };
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
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_summary_says_what_was_kept() {
        let kept = LoadReport {
            label: "broken.yaml".into(),
            diagnostics: Vec::new(),
            packages: 0,
            kept_previous: Some("sample catalog".into()),
        };
        assert_eq!(
            report_summary(&kept),
            "broken.yaml could not be used: no package could be read (0 errors, 0 warnings). Still showing sample catalog."
        );
        let read = LoadReport {
            label: "x.yaml".into(),
            diagnostics: Vec::new(),
            packages: 1,
            kept_previous: None,
        };
        assert_eq!(
            report_summary(&read),
            "Read x.yaml: 0 errors, 0 warnings while reading; 1 package shown."
        );
    }
}
