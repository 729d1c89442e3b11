//! The inspector: the selection's tasks as tabs, one open at a time — Details, Simulate, Plan,
//! Findings, Cluster, Mirror (`inspector=` in the URL). Selecting a bundle opens its details at the top, and
//! "Simulate from here" brings the simulation's outcome into view. Every panel stays mounted
//! (a closed one is hidden), so its inputs survive a switch of tabs.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::panels::cluster::ClusterPanel;
use crate::panels::details::DetailsPanel;
use crate::panels::findings::LintPanel;
use crate::panels::mirror::MirrorPanel;
use crate::panels::plan::PlanPanel;
use crate::panels::simulation::SimulationPanel;
use crate::state::selection::Selection;
use crate::state::workspace::{InspectorTab, Workspace};

/// The tabs and their panels; `follow_selection` is false when a link named the tab to open
/// (then the linked bundle does not switch it to Details).
#[component]
pub fn Inspector(follow_selection: bool) -> impl IntoView {
    let ws = Workspace::try_get().unwrap_or_default();
    open_details_on_selection(ws, follow_selection);
    reveal_outcome(ws);
    let tab = move |t: InspectorTab| {
        let selected = move || ws.tab.get() == t;
        view! {
            <button class="inspector-tab" role="tab" type="button"
                id=format!("inspector-tab-{}", t.as_str())
                data-testid=format!("inspector-tab-{}", t.as_str())
                aria-selected=move || selected().to_string()
                aria-controls=format!("inspector-{}", t.as_str())
                tabindex=move || if selected() { "0" } else { "-1" }
                on:click=move |_| ws.tab.set(t)
                on:keydown=move |ev| move_between_tabs(ws, t, &ev)>{t.label()}</button>
        }
    };
    let pane = move |t: InspectorTab, body: AnyView| {
        view! {
            <div class="inspector-pane" role="tabpanel" id=format!("inspector-{}", t.as_str())
                aria-labelledby=format!("inspector-tab-{}", t.as_str())
                data-pane=t.as_str() hidden=move || ws.tab.get() != t>{body}</div>
        }
    };
    view! {
        <div class="inspector-tabs" role="tablist" aria-label="Inspector tasks">
            {InspectorTab::ALL.iter().copied().map(tab).collect_view()}
        </div>
        {pane(InspectorTab::Details, view! { <DetailsPanel/> }.into_any())}
        {pane(InspectorTab::Simulate, view! { <SimulationPanel/> }.into_any())}
        {pane(InspectorTab::Plan, view! { <PlanPanel/> }.into_any())}
        {pane(InspectorTab::Findings, view! { <LintPanel/> }.into_any())}
        {pane(InspectorTab::Cluster, view! { <ClusterPanel/> }.into_any())}
        {pane(InspectorTab::Mirror, view! { <MirrorPanel/> }.into_any())}
    }
}

/// Left and right arrows (and Home, End) move between the tabs, as in a tab list.
fn move_between_tabs(ws: Workspace, from: InspectorTab, ev: &leptos::ev::KeyboardEvent) {
    let all = InspectorTab::ALL;
    let i = all.iter().position(|t| *t == from).unwrap_or(0);
    let next = match ev.key().as_str() {
        "ArrowRight" => all[(i + 1) % all.len()],
        "ArrowLeft" => all[(i + all.len() - 1) % all.len()],
        "Home" => all[0],
        "End" => all[all.len() - 1],
        _ => return,
    };
    ev.prevent_default();
    ws.tab.set(next);
    focus_selector(&format!("#inspector-tab-{}", next.as_str()));
}

/// Selecting a bundle (click, search, keyboard, link), or the selected one again, opens the
/// Details tab, at its top.
fn open_details_on_selection(ws: Workspace, follow_selection: bool) {
    let selection = Selection::get();
    let show_details = move || {
        ws.tab.set(InspectorTab::Details);
        request_animation_frame(|| scroll_to_top("[data-testid=details-panel]"));
    };
    Effect::new(move |prev: Option<u64>| {
        let n = selection.reselected.get();
        if prev.is_some_and(|p| p != n) {
            show_details();
        }
        n
    });
    let skip_linked = StoredValue::new(!follow_selection);
    Effect::new(move |prev: Option<Option<String>>| {
        let b = selection.bundle.get();
        let changed = prev.as_ref().is_some_and(|p| *p != b) || (prev.is_none() && b.is_some());
        if changed && b.is_some() {
            if skip_linked.get_value() {
                skip_linked.set_value(false);
            } else {
                show_details();
            }
        }
        b
    });
}

/// "Simulate from here": once painted, the outcome is scrolled into view when it is not.
fn reveal_outcome(ws: Workspace) {
    Effect::new(move |prev: Option<u64>| {
        let n = ws.reveal_outcome.get();
        if prev.is_some_and(|p| p != n) {
            request_animation_frame(|| {
                request_animation_frame(|| bring_into_view("[data-testid=path-outcome]"))
            });
        }
        n
    });
}

fn element(selector: &str) -> Option<web_sys::Element> {
    document().query_selector(selector).ok().flatten()
}

fn scroll_to_top(selector: &str) {
    if let Some(e) = element(selector) {
        e.set_scroll_top(0);
    }
}

/// Scrolls `selector`'s element into view unless it is wholly inside the window already.
fn bring_into_view(selector: &str) {
    let Some(e) = element(selector) else {
        return;
    };
    let r = e.get_bounding_client_rect();
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    if r.top() < 0.0 || r.bottom() > height {
        e.scroll_into_view_with_bool(false);
    }
}

fn focus_selector(selector: &str) {
    if let Some(e) = element(selector).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = e.focus();
    }
}
