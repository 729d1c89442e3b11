//! The channels of the chosen package as tabs (default channel first and marked, deprecated
//! channels marked with their message), plus "All channels".

use leptos::prelude::*;
use web_sys::KeyboardEvent;

use crate::state::{AppState, ChannelChoice};

#[component]
pub fn ChannelTabs() -> impl IntoView {
    let state = AppState::get();
    let channels = Memo::new(move |_| {
        state
            .package_data
            .with(|d| d.as_ref().map(|d| d.channels.clone()))
            .unwrap_or_default()
    });
    let shown = state.shown_channel;
    let all_selected = move || state.channel.with(|c| *c == ChannelChoice::All);

    // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
    let on_key = move |ev: KeyboardEvent| {
        let names: Vec<Option<String>> = channels
            .with_untracked(|c| c.iter().map(|c| Some(c.name.clone())).collect::<Vec<_>>())
            .into_iter()
            .chain(std::iter::once(None))
            .collect();
        if names.len() < 2 {
            return;
        }
        let current = if all_selected() {
            names.len() - 1
        } else {
            let s = shown.get_untracked();
            names.iter().position(|n| *n == s).unwrap_or(0)
        };
        let next = match ev.key().as_str() {
            "ArrowRight" => (current + 1) % names.len(),
            "ArrowLeft" => (current + names.len() - 1) % names.len(),
            "Home" => 0,
            "End" => names.len() - 1,
            _ => return,
        };
        ev.prevent_default();
        state.select_channel(match &names[next] {
            Some(n) => ChannelChoice::Named(n.clone()),
            None => ChannelChoice::All,
        });
        // Move focus along with the selection, once the tabs are updated.
        request_animation_frame(|| {
            if let Some(el) = document()
                .query_selector("[data-testid=channel-select] [aria-selected=true]")
                .ok()
                .flatten()
            {
                let _ = wasm_bindgen::JsCast::unchecked_ref::<web_sys::HtmlElement>(&el).focus();
            }
        });
    };

    view! {
        <div
            class="channel-tabs"
            role="tablist"
            aria-label="Channels"
            data-testid="channel-select"
            on:keydown=on_key
        >
            <For
                each=move || channels.get()
                key=|c| (c.name.clone(), c.is_default, c.deprecation.clone(), c.entries)
                children=move |c| {
                    let name = c.name.clone();
                    let n2 = name.clone();
                    let selected = move || !all_selected() && shown.with(|s| s.as_deref() == Some(n2.as_str()));
                    let sel2 = selected.clone();
                    let mut title = format!("{} entr{}", c.entries, if c.entries == 1 { "y" } else { "ies" });
                    if c.is_default {
                        title.push_str(" · default channel");
                    }
                    if let Some(h) = &c.head {
                        title.push_str(&format!(" · head {h}"));
                    }
                    if let Some(m) = &c.deprecation {
                        title.push_str(&format!("\nDeprecated: {m}"));
                    }
                    let click_name = name.clone();
                    view! {
                        <button
                            role="tab"
                            class="tab"
                            class:deprecated=c.deprecation.is_some()
                            class:default=c.is_default
                            data-channel=name.clone()
                            data-default=c.is_default.to_string()
                            data-deprecated=c.deprecation.is_some().to_string()
                            aria-selected=move || selected().to_string()
                            tabindex=move || if sel2() { "0" } else { "-1" }
                            title=title
                            on:click=move |_| state.select_channel(ChannelChoice::Named(click_name.clone()))
                        >
                            {c.deprecation.is_some().then(|| view! { <span class="warn-icon" aria-hidden="true">"⚠"</span> })}
                            <span class="tab-name">{name.clone()}</span>
                            {c.is_default.then(|| view! { <span class="badge default">"default"</span> })}
                            <span class="tab-count">{c.entries}</span>
                        </button>
                    }
                }
            />
            <button
                role="tab"
                class="tab all"
                data-channel-all="true"
                aria-selected=move || all_selected().to_string()
                tabindex=move || if all_selected() { "0" } else { "-1" }
                title="Every bundle of the package once, with the edges of all channels"
                on:click=move |_| state.select_channel(ChannelChoice::All)
            >
                "All channels"
            </button>
        </div>
    }
}
