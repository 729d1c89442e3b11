//! The inspector: the selection's tasks as tabs, one open at a time — Details, Simulate, Plan,
//! Findings, Cluster, Mirror (`inspector=` in the URL). Only the tabs that apply are listed
//! (Cluster with cluster state open, Mirror with an ImageSetConfiguration, or either when asked
//! for from the More menu), each at its full width: what does not fit goes to the More menu,
//! never an ellipsis. Selecting a bundle opens its details at the top, and
//! "Simulate from here" brings the simulation's outcome into view. Every panel stays mounted
//! (a closed one is hidden), so its inputs survive a switch of tabs.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::panels::cluster::ClusterPanel;
use crate::panels::details::DetailsPanel;
use crate::panels::export::close_on_outside_click;
use crate::panels::export::menu::Menu;
use crate::panels::findings::LintPanel;
use crate::panels::mirror::MirrorPanel;
use crate::panels::plan::PlanPanel;
use crate::panels::simulation::SimulationPanel;
use crate::state::cluster::ClusterStore;
use crate::state::mirror::MirrorStore;
use crate::state::selection::Selection;
use crate::state::workspace::{InspectorTab, Workspace};
use crate::widgets::later::Later;

/// The tabs and their panels; `follow_selection` is false when a link named the tab to open
/// (then the linked bundle does not switch it to Details).
#[component]
pub fn Inspector(follow_selection: bool) -> impl IntoView {
    let ws = Workspace::try_get().unwrap_or_default();
    open_details_on_selection(ws, follow_selection);
    reveal_outcome(ws);
    let pane = move |t: InspectorTab, body: AnyView| {
        view! {
            <div class="inspector-pane" role="tabpanel" id=format!("inspector-{}", t.as_str())
                aria-labelledby=format!("inspector-tab-{}", t.as_str())
                data-pane=t.as_str() hidden=move || ws.tab.get() != t>{body}</div>
        }
    };
    // Each panel is built in a task of its own after the strip's (`Later`): all six in one task
    // were among the longest of a cold start (docs/performance.md, "First draw").
    view! {
        <TabStrip ws=ws/>
        {pane(InspectorTab::Details, view! { <Later><DetailsPanel/></Later> }.into_any())}
        {pane(InspectorTab::Simulate, view! { <Later><SimulationPanel/></Later> }.into_any())}
        {pane(InspectorTab::Plan, view! { <Later><PlanPanel/></Later> }.into_any())}
        {pane(InspectorTab::Findings, view! { <Later><LintPanel/></Later> }.into_any())}
        {pane(InspectorTab::Cluster, view! { <Later><ClusterPanel/></Later> }.into_any())}
        {pane(InspectorTab::Mirror, view! { <Later><MirrorPanel/></Later> }.into_any())}
    }
}

/// Which tabs the strip holds and which of them it shows: a tab applies when what it works on
/// is open (Cluster: cluster state; Mirror: an ImageSetConfiguration), is the open tab, or was
/// asked for from the More menu; of those, the strip shows as many as fit at their full width
/// (the open one always), the others go to the More menu.
#[derive(Clone, Copy)]
struct Tabs {
    ws: Workspace,
    /// Tabs asked for from the More menu.
    requested: RwSignal<Vec<InspectorTab>>,
    /// The tabs that apply, in order.
    listed: Memo<Vec<InspectorTab>>,
    /// The tabs the strip shows (`None` until measured: all).
    shown: RwSignal<Option<Vec<InspectorTab>>>,
}

impl Tabs {
    fn new(ws: Workspace) -> Tabs {
        let cluster = ClusterStore::get();
        let mirror = MirrorStore::get();
        let requested = RwSignal::new(Vec::new());
        let listed = Memo::new(move |_| {
            let open = ws.tab.get();
            InspectorTab::ALL
                .iter()
                .copied()
                .filter(|t| {
                    let applies = match t {
                        InspectorTab::Cluster => cluster.opened.with(Option::is_some),
                        // "From the cluster state" is offered there.
                        InspectorTab::Mirror => {
                            mirror.opened.with(Option::is_some)
                                || cluster.opened.with(Option::is_some)
                        }
                        _ => true,
                    };
                    applies || *t == open || requested.with(|r| r.contains(t))
                })
                .collect()
        });
        Tabs {
            ws,
            requested,
            listed,
            shown: RwSignal::new(None),
        }
    }

    fn is_listed(&self, t: InspectorTab) -> bool {
        self.listed.with(|l| l.contains(&t))
    }

    /// Listed, but in the More menu for want of room.
    fn overflowed(&self, t: InspectorTab) -> bool {
        self.is_listed(t)
            && self
                .shown
                .with(|s| s.as_ref().is_some_and(|s| !s.contains(&t)))
    }

    /// What the More menu offers: the overflowed tabs, then the tabs that do not apply.
    fn in_menu(&self) -> Vec<InspectorTab> {
        let mut out: Vec<InspectorTab> = InspectorTab::ALL
            .iter()
            .copied()
            .filter(|t| self.overflowed(*t))
            .collect();
        out.extend(InspectorTab::ALL.iter().filter(|t| !self.is_listed(**t)));
        out
    }

    fn choose(&self, t: InspectorTab) {
        if !self.requested.with(|r| r.contains(&t)) {
            self.requested.update(|r| r.push(t));
        }
        self.ws.tab.set(t);
    }

    /// Measures the listed tabs (an overflowed tab keeps its width, out of the flow) against
    /// the strip, and shows as many as fit beside the More button, the open tab always.
    fn fit(&self) {
        let listed = self.listed.get_untracked();
        let open = self.ws.tab.get_untracked();
        // The whole strip, More button included (the tab list beside it narrows when the
        // button shows).
        let Some(strip) = element("[data-testid=inspector-tabs]") else {
            return;
        };
        let width = |sel: &str| element(sel).map_or(0.0, |e| e.get_bounding_client_rect().width());
        let widths: Vec<f64> = listed
            .iter()
            .map(|t| width(&format!("#inspector-tab-{}", t.as_str())))
            .collect();
        if widths.contains(&0.0) {
            return;
        }
        // The strip's padding (var(--space-4) each side, and a pixel for rounding) and the
        // gap between tabs.
        let (padding, gap) = (17.0, 2.0);
        let room = f64::from(strip.client_width()) - padding;
        let all: f64 = widths.iter().sum::<f64>() + gap * widths.len() as f64;
        let optional_hidden = InspectorTab::ALL.len() > listed.len();
        let more = width("[data-testid=inspector-more-button]") + gap;
        let budget = if optional_hidden { room - more } else { room };
        let shown = if all <= budget {
            listed.clone()
        } else {
            fitting(&listed, &widths, room - more, gap, open)
        };
        if self.shown.get_untracked().as_ref() != Some(&shown) {
            self.shown.set(Some(shown));
        }
    }
}

/// The first tabs that fit in `room`, the open one in place of the last when it is not among
/// them.
fn fitting(
    listed: &[InspectorTab],
    widths: &[f64],
    room: f64,
    gap: f64,
    open: InspectorTab,
) -> Vec<InspectorTab> {
    let open_width = listed
        .iter()
        .position(|t| *t == open)
        .map_or(0.0, |i| widths[i] + gap);
    let mut used = 0.0;
    let mut out = Vec::new();
    for (t, w) in listed.iter().zip(widths) {
        let reserve = if out.contains(&open) || *t == open {
            0.0
        } else {
            open_width
        };
        if used + w + gap + reserve > room {
            break;
        }
        used += w + gap;
        out.push(*t);
    }
    if !out.contains(&open) && listed.contains(&open) {
        out.push(open);
    }
    out
}

/// The tab strip and its More menu; measured again when the tabs listed or the open one
/// change, and when the window is resized.
#[component]
fn TabStrip(ws: Workspace) -> impl IntoView {
    let tabs = Tabs::new(ws);
    let refit = move || {
        request_animation_frame(move || {
            tabs.fit();
            // Once more after the fonts settle.
            set_timeout(move || tabs.fit(), std::time::Duration::from_millis(250));
        })
    };
    Effect::new(move |_| {
        tabs.listed.track();
        ws.tab.track();
        refit();
    });
    let resize = window_event_listener(leptos::ev::resize, move |_| refit());
    on_cleanup(move || resize.remove());
    let tab = move |t: InspectorTab| {
        let selected = move || ws.tab.get() == t;
        view! {
            <button class="inspector-tab" role="tab" type="button"
                id=format!("inspector-tab-{}", t.as_str())
                data-testid=format!("inspector-tab-{}", t.as_str())
                hidden=move || !tabs.is_listed(t)
                class:overflowed=move || tabs.overflowed(t)
                aria-hidden=move || tabs.overflowed(t).then_some("true")
                aria-selected=move || selected().to_string()
                aria-controls=format!("inspector-{}", t.as_str())
                tabindex=move || if selected() { "0" } else { "-1" }
                on:click=move |_| ws.tab.set(t)
                on:keydown=move |ev| move_between_tabs(tabs, t, &ev)>{t.label()}</button>
        }
    };
    view! {
        <div class="inspector-tabs" data-testid="inspector-tabs">
            <div class="inspector-tablist" id="inspector-tablist" role="tablist" aria-label="Inspector tasks">
                {InspectorTab::ALL.iter().copied().map(tab).collect_view()}
            </div>
            <MoreMenu tabs=tabs/>
        </div>
    }
}

/// The More menu: the tabs the strip has no room for, and those that do not apply yet (the
/// Mirror preview before an ImageSetConfiguration is opened, for one).
#[component]
fn MoreMenu(tabs: Tabs) -> impl IntoView {
    let menu = Menu::new();
    let root = NodeRef::<html::Div>::new();
    close_on_outside_click(menu, root);
    let unused = move || tabs.in_menu().is_empty();
    let item = move |t: InspectorTab| {
        let why = if tabs.is_listed(t) { "" } else { t.hint() };
        view! {
            <button type="button" role="menuitem" class="export-item inspector-more-item"
                data-testid=format!("inspector-more-{}", t.as_str())
                on:click=move |_| { tabs.choose(t); menu.close(false); focus_selector(&format!("#inspector-tab-{}", t.as_str())); }>
                <span class="inspector-more-label">{t.label()}</span>
                {(!why.is_empty()).then(|| view! { <span class="export-why">{why}</span> })}
            </button>
        }
    };
    view! {
        <div class="export-menu inspector-more" class:unused=unused node_ref=root
            on:keydown=move |e| menu.on_key(&e)>
            <button class="inspector-tab inspector-more-button" type="button" node_ref=menu.button
                data-testid="inspector-more-button" aria-haspopup="menu" aria-controls="inspector-more-menu"
                aria-expanded=move || menu.open.get().to_string()
                aria-hidden=move || unused().then_some("true")
                tabindex=move || if unused() { "-1" } else { "0" }
                title="More inspector tabs"
                on:click=move |_| menu.toggle()>"More ▾"</button>
            <div class="export-popover inspector-more-popover" id="inspector-more-menu"
                hidden=move || !menu.open.get() data-testid="inspector-more-menu">
                <div role="menu" aria-label="More inspector tabs" class="export-items" node_ref=menu.items>
                    {move || tabs.in_menu().into_iter().map(item).collect_view()}
                </div>
            </div>
        </div>
    }
}

/// Left and right arrows (and Home, End) move between the tabs listed, as in a tab list.
fn move_between_tabs(tabs: Tabs, from: InspectorTab, ev: &leptos::ev::KeyboardEvent) {
    let all = tabs.listed.get_untracked();
    let i = all.iter().position(|t| *t == from).unwrap_or(0);
    let next = match ev.key().as_str() {
        "ArrowRight" => all[(i + 1) % all.len()],
        "ArrowLeft" => all[(i + all.len() - 1) % all.len()],
        "Home" => all[0],
        "End" => all[all.len() - 1],
        _ => return,
    };
    ev.prevent_default();
    tabs.ws.tab.set(next);
    request_animation_frame(move || focus_selector(&format!("#inspector-tab-{}", next.as_str())));
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

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_strip_keeps_the_first_tabs_that_fit_and_the_open_one() {
        use InspectorTab::*;
        let listed = [Details, Simulate, Plan, Findings, Cluster, Mirror];
        let widths = [60.0, 70.0, 40.0, 70.0, 60.0, 55.0];
        // Room for two beside the open Mirror tab.
        assert_eq!(
            fitting(&listed, &widths, 200.0, 2.0, Mirror),
            vec![Details, Simulate, Mirror]
        );
        // The open tab among the first: no room kept for it twice.
        assert_eq!(
            fitting(&listed, &widths, 200.0, 2.0, Details),
            vec![Details, Simulate, Plan]
        );
        // Everything fits.
        assert_eq!(
            fitting(&listed, &widths, 1000.0, 2.0, Plan),
            listed.to_vec()
        );
    }
}
