//! The workspace around the graph: which task of the inspector is open (Details, Simulate,
//! Plan, Findings, Cluster, Mirror; `inspector=` in the URL) and whether the graph has the window to itself
//! (focus mode; `focus=1`). Selecting a bundle opens its details.

use leptos::prelude::*;

/// The inspector's tasks, one open at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InspectorTab {
    #[default]
    Details,
    Simulate,
    Plan,
    Findings,
    Cluster,
    Mirror,
}

// The value of `inspector=` (and the suffix of the tab's test id); a new tab is one line here,
// one in `label` and its pane in `panels/inspector.rs`.
olm_graph_core::spelled_choice!(
    InspectorTab,
    "inspector tab",
    Details => "details",
    Simulate => "simulate",
    Plan => "plan",
    Findings => "findings",
    Cluster => "cluster",
    Mirror => "mirror",
);

impl InspectorTab {
    pub fn label(self) -> &'static str {
        match self {
            InspectorTab::Details => "Details",
            InspectorTab::Simulate => "Simulate",
            InspectorTab::Plan => "Plan",
            InspectorTab::Findings => "Findings",
            InspectorTab::Cluster => "Cluster",
            InspectorTab::Mirror => "Mirror",
        }
    }

    /// What a tab that does not apply yet needs, as the More menu says it.
    pub fn hint(self) -> &'static str {
        match self {
            InspectorTab::Cluster => "Open a cluster's state to see where each operator stands",
            InspectorTab::Mirror => "Preview what oc-mirror keeps: open an ImageSetConfiguration",
            _ => "",
        }
    }
}

/// The workspace store (cheap to copy).
#[derive(Clone, Copy)]
pub struct Workspace {
    pub tab: RwSignal<InspectorTab>,
    /// The graph has the window: both side columns are hidden.
    pub focus: RwSignal<bool>,
    /// Bumped to ask the simulation's outcome to scroll into view.
    pub reveal_outcome: RwSignal<u64>,
    /// A bundle the Plan panel should take as its starting point ("Plan from here").
    pub plan_from: RwSignal<Option<String>>,
}

impl Workspace {
    pub fn new() -> Workspace {
        Workspace {
            tab: RwSignal::new(InspectorTab::Details),
            focus: RwSignal::new(false),
            reveal_outcome: RwSignal::new(0),
            plan_from: RwSignal::new(None),
        }
    }

    /// The workspace from the context, when the shell provides one (not in the embed view).
    pub fn try_get() -> Option<Workspace> {
        use_context::<Workspace>()
    }

    /// Opens the inspector on `tab` and leaves focus mode (the inspector must be visible).
    pub fn open(&self, tab: InspectorTab) {
        self.tab.set(tab);
        self.focus.set(false);
    }

    pub fn toggle_focus(&self) {
        self.focus.update(|f| *f = !*f);
    }
}

impl Default for Workspace {
    fn default() -> Self {
        Workspace::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn tabs_round_trip_through_their_parameter() {
        for t in InspectorTab::ALL {
            assert_eq!(t.as_str().parse(), Ok(*t));
        }
        assert!("nope".parse::<InspectorTab>().is_err());
        assert!("".parse::<InspectorTab>().is_err());
        assert_eq!(InspectorTab::Plan.to_string(), "plan");
    }
}
