//! The lint panel: every finding (opm's rules, curator lints, load problems), filterable by
//! package and severity; clicking one focuses its bundle or channel.

use leptos::prelude::*;
use olm_graph_core::view::{finding_target, FindingTarget};
use olm_graph_core::{Diagnostic, Severity};

use crate::state::AppState;

/// Findings shown before "show more".
const PAGE: usize = 200;

fn severity_class(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// Where a finding is: "package / channel / bundle" and the file position.
pub fn finding_place(d: &Diagnostic) -> String {
    let mut parts: Vec<String> = Vec::new();
    for p in [&d.package, &d.channel, &d.bundle, &d.name]
        .into_iter()
        .flatten()
    {
        parts.push(p.clone());
    }
    if let Some(f) = &d.field {
        parts.push(format!("field {f}"));
    }
    let mut s = parts.join(" / ");
    if let Some(l) = &d.location {
        if !s.is_empty() {
            s.push_str(" — ");
        }
        s.push_str(&l.to_string());
    }
    s
}

/// One finding; a button when it points at something to focus.
#[component]
pub fn FindingItem(d: Diagnostic) -> impl IntoView {
    let state = AppState::get();
    let sev = severity_class(d.severity);
    let target = finding_target(&d);
    let focusable = target != FindingTarget::File;
    let place = finding_place(&d);
    let body = {
        let d = d.clone();
        view! {
            <span class=format!("sev sev-{sev}")>{sev}</span>
            <span class="finding-text">
                <span class="message">{d.message.clone()}</span>
                {(!place.is_empty()).then(|| view! { <span class="place">{place.clone()}</span> })}
                {d.suggestion.clone().map(|s| view! { <span class="suggestion">{format!("Fix: {s}")}</span> })}
                <span class="code">{d.code.to_string()}</span>
            </span>
        }
    };
    let bundle = d.bundle.clone().unwrap_or_default();
    let channel = d.channel.clone().unwrap_or_default();
    let package = d.package.clone().unwrap_or_default();
    if focusable {
        view! {
            <li class=format!("finding sev-{sev}") data-severity=sev data-finding-package=package data-finding-channel=channel data-finding-bundle=bundle>
                <button class="finding-button" title="Show it in the graph" on:click=move |_| state.focus_finding(&d)>
                    {body}
                </button>
            </li>
        }
        .into_any()
    } else {
        view! {
            <li class=format!("finding sev-{sev}") data-severity=sev>
                <div class="finding-button static">{body}</div>
            </li>
        }
        .into_any()
    }
}

#[component]
pub fn LintPanel() -> impl IntoView {
    let state = AppState::get();
    let only_package = RwSignal::new(false);
    let show_errors = RwSignal::new(true);
    let show_warnings = RwSignal::new(true);
    let show_info = RwSignal::new(false);
    let limit = RwSignal::new(PAGE);
    let open = RwSignal::new(true);

    let counts = Memo::new(move |_| {
        state
            .loaded
            .with(|l| {
                l.as_ref().map(|l| {
                    let c = |s| l.findings.iter().filter(|d| d.severity == s).count();
                    (c(Severity::Error), c(Severity::Warning), c(Severity::Info))
                })
            })
            .unwrap_or_default()
    });
    let shown = Memo::new(move |_| {
        let pkg = state.package.get();
        let (e, w, i) = (show_errors.get(), show_warnings.get(), show_info.get());
        let only = only_package.get();
        state
            .loaded
            .with(|l| {
                l.as_ref().map(|l| {
                    l.findings
                        .iter()
                        .filter(|d| match d.severity {
                            Severity::Error => e,
                            Severity::Warning => w,
                            Severity::Info => i,
                        })
                        .filter(|d| !only || d.package == pkg)
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
                    <h2>"Findings"</h2>
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
                <div class="filters" role="group" aria-label="Filter findings">
                    <label><input type="checkbox" prop:checked=move || only_package.get() on:change=move |ev| only_package.set(event_target_checked(&ev))/>" this package only"</label>
                    <label><input type="checkbox" prop:checked=move || show_errors.get() on:change=move |ev| show_errors.set(event_target_checked(&ev))/>" errors"</label>
                    <label><input type="checkbox" prop:checked=move || show_warnings.get() on:change=move |ev| show_warnings.set(event_target_checked(&ev))/>" warnings"</label>
                    <label><input type="checkbox" prop:checked=move || show_info.get() on:change=move |ev| show_info.set(event_target_checked(&ev))/>{move || format!(" info ({})", counts.get().2)}</label>
                </div>
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
            </div>
        </section>
    }
}
