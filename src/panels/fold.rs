//! A note folded to one line, opened with a button, the choice remembered per catalog in this
//! browser (the Problems panel and the split-catalog note): folded, they leave the graph its
//! room.

use leptos::prelude::*;

use crate::services::persist::{keep_form, kept_form};

/// Whether the note `kind` is open for the catalog `label` names: folded unless the user
/// opened it for that catalog before. Setting it keeps the choice.
///
/// # Complexity
/// One local-storage read per catalog shown, one write per toggle.
pub fn remembered_open(kind: &'static str, label: Signal<Option<String>>) -> RwSignal<bool> {
    let open = RwSignal::new(false);
    Effect::new(move |_| {
        let was = label
            .get()
            .and_then(|l| kept_form(&key(kind, &l)))
            .is_some_and(|v| v == "open");
        open.set(was);
    });
    open
}

/// Opens or folds the note, and keeps the choice for the catalog.
pub fn toggle(open: RwSignal<bool>, kind: &'static str, label: Option<String>) {
    let now = !open.get_untracked();
    open.set(now);
    if let Some(l) = label {
        let _ = keep_form(&key(kind, &l), if now { "open" } else { "folded" });
    }
}

fn key(kind: &str, label: &str) -> String {
    format!("fold.{kind}.{label}")
}

/// The toggle button: "Show" folded, "Hide" open.
#[component]
pub fn FoldButton(
    open: RwSignal<bool>,
    kind: &'static str,
    #[prop(into)] label: Signal<Option<String>>,
    controls: &'static str,
    what: &'static str,
) -> impl IntoView {
    view! {
        <button class="button fold-toggle" type="button" data-testid=format!("{kind}-toggle")
            aria-expanded=move || open.get().to_string() aria-controls=controls
            aria-label=move || format!("{} {what}", if open.get() { "Hide" } else { "Show" })
            on:click=move |_| toggle(open, kind, label.get_untracked())>
            {move || if open.get() { "Hide" } else { "Show" }}
        </button>
    }
}
