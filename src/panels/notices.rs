//! Notices over the workspace: a linked view waiting for a catalog that has its package, and
//! what this browser kept of the user's work (restored on reload, with "Forget"; a storage
//! problem).

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::services::persist;
use crate::state::kept::Kept;
use crate::state::selection::{ChannelChoice, LinkedView, Selection};

/// What a pending link opens, in words.
pub fn pending_text(p: &LinkedView) -> Option<String> {
    let package = p.package.as_ref()?;
    let mut what = format!("package {package:?}");
    if let ChannelChoice::Named(c) = &p.channel {
        what.push_str(&format!(", channel {c:?}"));
    }
    if let Some(b) = &p.bundle {
        what.push_str(&format!(", bundle {b:?}"));
    }
    Some(format!(
        "This link opens {what}. Load a catalog that has it and the view opens."
    ))
}

/// A linked view waiting for a catalog that has its package.
#[component]
pub fn PendingNotice() -> impl IntoView {
    let selection = Selection::get();
    move || {
        let text = selection
            .pending
            .with(|p| p.as_ref().and_then(pending_text))?;
        Some(view! {
            <div class="notice pending" role="status" data-testid="pending-link">{text}</div>
        })
    }
}

/// What was restored from this browser, in one sentence.
pub fn restored_text(restored: &[String]) -> String {
    format!(
        "Restored from this browser: {}. It is kept here only; nothing is sent anywhere.",
        restored.join(" and ")
    )
}

/// "Restored from this browser" with a one-click "Forget" (everything kept is cleared; what
/// is on screen stays until the next reload), and a storage problem.
#[component]
pub fn KeptNotice() -> impl IntoView {
    let kept = Kept::get();
    let forget = move |_| {
        spawn_local(async move {
            let result = persist::forget_all().await;
            kept.restored.set(Vec::new());
            kept.wrote("forget", result);
        });
    };
    let restored = move || {
        kept.restored.with(|r| !r.is_empty()).then(|| {
            view! {
                <div class="notice kept" role="status" data-testid="restored-notice">
                    <span class="kept-text">{move || kept.restored.with(|r| restored_text(r))}</span>
                    <button class="button" type="button" data-testid="forget-kept"
                        title="Clear everything this browser kept for olm-graph (the catalog, the template studio, the forms); a reload then starts from the sample"
                        on:click=forget>"Forget"</button>
                    <button class="button icon" type="button" aria-label="Hide this notice (keep what is kept)"
                        on:click=move |_| kept.restored.set(Vec::new())>"×"</button>
                </div>
            }
        })
    };
    let problem = move || {
        kept.problem.get().map(|(_, p)| {
            view! {
                <div class="notice kept warning" role="status" data-testid="kept-problem">
                    <span class="kept-text">{p}</span>
                    <button class="button icon" type="button" aria-label="Hide this notice"
                        on:click=move |_| kept.problem.set(None)>"×"</button>
                </div>
            }
        })
    };
    view! { {restored} {problem} }
}
