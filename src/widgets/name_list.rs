//! A list of names (bundles, channels) as code, each item carrying `data-name`, or a note when
//! there is none.

use leptos::prelude::*;

/// The list, with `testid` on it (or on the note).
pub fn name_list(testid: &'static str, names: Vec<String>, empty: &'static str) -> AnyView {
    if names.is_empty() {
        return view! { <p class="muted" data-testid=testid>{empty}</p> }.into_any();
    }
    view! {
        <ul class="name-list" data-testid=testid>
            {names.into_iter().map(|n| { let label = n.clone(); view! { <li data-name=n><code>{label}</code></li> } }).collect_view()}
        </ul>
    }
    .into_any()
}
