//! The one set of form widgets every panel uses, so that a panel heading, a labelled field, a
//! select, a button and a toggle look and measure the same everywhere (their sizes come from
//! the design tokens in `style/tokens.css`).

use leptos::prelude::*;

/// A panel's heading: one size and weight for every panel.
#[component]
pub fn PanelHeading(#[prop(into)] text: String) -> impl IntoView {
    view! { <h2 class="panel-heading">{text}</h2> }
}

/// A labelled field: the label's text above the control it names (`children`).
#[component]
pub fn Field(label: &'static str, children: Children) -> impl IntoView {
    view! {
        <label class="field">
            <span class="field-label">{label}</span>
            {children()}
        </label>
    }
}

/// A `<select>` of `(value, label)` options; `current` says which is chosen, `on_change` gets
/// the chosen value.
#[component]
pub fn SelectControl(
    testid: &'static str,
    options: &'static [(&'static str, &'static str)],
    current: Signal<&'static str>,
    on_change: Callback<String>,
) -> impl IntoView {
    view! {
        <select class="control" data-testid=testid on:change=move |ev| on_change.run(event_target_value(&ev))>
            {options.iter().map(|&(value, text)| view! {
                <option value=value selected=move || current.get() == value>{text}</option>
            }).collect_view()}
        </select>
    }
}

/// A push button (`primary` for the panel's main action).
#[component]
pub fn ActionButton(
    testid: &'static str,
    #[prop(optional)] primary: bool,
    #[prop(optional, into)] title: Option<String>,
    on_click: Callback<()>,
    children: Children,
) -> impl IntoView {
    view! {
        <button class="button" class:primary=primary type="button" data-testid=testid title=title
            on:click=move |_| on_click.run(())>{children()}</button>
    }
}

/// A two-state button (`aria-pressed`).
#[component]
pub fn ToggleButton(
    testid: &'static str,
    pressed: Signal<bool>,
    #[prop(optional, into)] title: Option<String>,
    on_click: Callback<()>,
    children: Children,
) -> impl IntoView {
    view! {
        <button class="button toggle" type="button" data-testid=testid title=title
            aria-pressed=move || pressed.get().to_string()
            on:click=move |_| on_click.run(())>{children()}</button>
    }
}
