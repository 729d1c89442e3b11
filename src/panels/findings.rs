//! The findings panel: every finding (opm's rules, curator lints, load problems), filterable by
//! package and severity; clicking one shows its bundle or channel.

use leptos::prelude::*;
use olm_graph_core::{Diagnostic, Severity};

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
