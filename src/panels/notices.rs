//! Notices over the workspace: a linked view waiting for a catalog that has its package.

use leptos::prelude::*;

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
