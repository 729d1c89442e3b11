//! The channels of the chosen package as tabs (default channel first and marked, deprecated
//! channels marked with their message), plus "All channels". Arrow keys, Home and End move
//! between them (WAI-ARIA tabs, automatic activation). While the mirror cut is drawn, a
//! channel the cut drops is struck through with a "not mirrored" badge (`data-mirror-dropped`).

use leptos::html;
use leptos::prelude::*;
use olm_graph_core::view::ChannelSummary;
use web_sys::KeyboardEvent;

use crate::state::graph::GraphStore;
use crate::state::mirror::MirrorStore;
use crate::state::selection::{ChannelChoice, Selection};

/// The tab a key moves to, from `current` of `n` tabs.
pub fn tab_after_key(key: &str, current: usize, n: usize) -> Option<usize> {
    match key {
        "ArrowRight" => Some((current + 1) % n),
        "ArrowLeft" => Some((current + n - 1) % n),
        "Home" => Some(0),
        "End" => Some(n - 1),
        _ => None,
    }
}

/// A channel's tooltip: entries, default, head, deprecation.
fn channel_title(c: &ChannelSummary) -> String {
    let mut title = format!(
        "{} entr{}",
        c.entries,
        if c.entries == 1 { "y" } else { "ies" }
    );
    if c.is_default {
        title.push_str(" · default channel");
    }
    if let Some(h) = &c.head {
        title.push_str(&format!(" · head {h}"));
    }
    if let Some(m) = &c.deprecation {
        title.push_str(&format!("\nDeprecated: {m}"));
    }
    title
}

#[component]
pub fn ChannelTabs() -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    let list = NodeRef::<html::Div>::new();
    let channels = Memo::new(move |_| {
        graph
            .package_data
            .with(|d| d.as_ref().map(|d| d.channels.clone()))
            .unwrap_or_default()
    });
    let all_selected = move || selection.channel.with(|c| *c == ChannelChoice::All);
    let on_key = move |ev: KeyboardEvent| {
        let mut names: Vec<Option<String>> =
            channels.with_untracked(|c| c.iter().map(|c| Some(c.name.clone())).collect());
        names.push(None);
        let current = if all_selected() {
            names.len() - 1
        } else {
            let shown = graph.shown_channel.get_untracked();
            names.iter().position(|n| *n == shown).unwrap_or(0)
        };
        let Some(next) = tab_after_key(&ev.key(), current, names.len()).filter(|_| names.len() > 1)
        else {
            return;
        };
        ev.prevent_default();
        selection.select_channel(
            names[next]
                .clone()
                .map_or(ChannelChoice::All, ChannelChoice::Named),
        );
        // Move the focus with the selection, once the tabs are updated.
        request_animation_frame(move || {
            let selected = list
                .get_untracked()
                .and_then(|l| l.query_selector("[aria-selected=true]").ok().flatten());
            if let Some(el) = selected {
                let _ = wasm_bindgen::JsCast::unchecked_ref::<web_sys::HtmlElement>(&el).focus();
            }
        });
    };
    view! {
        <div class="channel-tabs" role="tablist" aria-label="Channels" data-testid="channel-select"
            node_ref=list on:keydown=on_key>
            <For each=move || channels.get()
                key=|c| (c.name.clone(), c.is_default, c.deprecation.clone(), c.entries)
                children=move |c| view! { <ChannelTab c=c/> }/>
            <button role="tab" class="tab all" data-channel-all="true"
                aria-selected=move || all_selected().to_string()
                tabindex=move || if all_selected() { "0" } else { "-1" }
                title="Every bundle of the package once, with the edges of all channels"
                on:click=move |_| selection.select_channel(ChannelChoice::All)>
                "All channels"
            </button>
        </div>
    }
}

#[component]
fn ChannelTab(c: ChannelSummary) -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    let name = c.name.clone();
    let selected = {
        let name = name.clone();
        Memo::new(move |_| {
            selection.channel.with(|c| *c != ChannelChoice::All)
                && graph
                    .shown_channel
                    .with(|s| s.as_deref() == Some(name.as_str()))
        })
    };
    let mirror = MirrorStore::get();
    let dropped = {
        let name = name.clone();
        Memo::new(move |_| mirror.dropped.with(|d| d.contains(&name)))
    };
    let click_name = name.clone();
    let label = name.clone();
    let title = channel_title(&c);
    view! {
        <button role="tab" class="tab"
            class:deprecated=c.deprecation.is_some()
            class:mirror-dropped=move || dropped.get()
            data-mirror-dropped=move || dropped.get().then_some("true")
            class:default=c.is_default
            data-channel=name.clone()

            data-default=c.is_default.to_string()
            data-deprecated=c.deprecation.is_some().to_string()
            aria-selected=move || selected.get().to_string()
            tabindex=move || if selected.get() { "0" } else { "-1" }
            title=move || if dropped.get() { format!("{title}\nNot mirrored: the ImageSetConfiguration's cut drops this channel") } else { title.clone() }
            on:click=move |_| selection.select_channel(ChannelChoice::Named(click_name.clone()))>
            {c.deprecation.is_some().then(|| view! { <span class="warn-icon" aria-hidden="true">"⚠"</span> })}
            <span class="tab-name">{label}</span>
            {c.is_default.then(|| view! { <span class="badge default">"default"</span> })}
            {move || dropped.get().then(|| view! { <span class="badge mirror-dropped">"not mirrored"</span> })}
            <span class="tab-count">{c.entries}</span>
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn keys_move_between_tabs_and_wrap() {
        assert_eq!(tab_after_key("ArrowRight", 3, 4), Some(0));
        assert_eq!(tab_after_key("ArrowLeft", 0, 4), Some(3));
        assert_eq!(tab_after_key("Home", 2, 4), Some(0));
        assert_eq!(tab_after_key("End", 0, 4), Some(3));
        assert_eq!(tab_after_key("a", 0, 4), None);
    }
}
