//! The view in the URL: `?package=P&channel=C&bundle=B` (`view=all` for all channels), so a
//! link reopens the same view once the catalog is loaded, and back and forward work.
//!
//! User navigation pushes a history entry; automatic changes (a default package after a load)
//! replace the current one. While a linked view waits for a catalog that has its package, the
//! URL is left alone.

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use web_sys::UrlSearchParams;

use crate::state::{AppState, ChannelChoice};

type ExtraParams = Box<dyn Fn() -> Vec<(&'static str, String)>>;

thread_local! {
    static PUSH_NEXT: Cell<bool> = const { Cell::new(false) };
    /// More query parameters kept in the URL (the simulation's inputs), read reactively.
    static EXTRA: std::cell::RefCell<Option<ExtraParams>> = const { std::cell::RefCell::new(None) };
}

/// Registers more query parameters to keep in the URL after the view's (reactive: the URL
/// follows the signals the closure reads).
pub fn set_extra_params(f: impl Fn() -> Vec<(&'static str, String)> + 'static) {
    EXTRA.with(|e| *e.borrow_mut() = Some(Box::new(f)));
}

fn with_extra(search: String) -> String {
    let extra = EXTRA.with(|e| e.borrow().as_ref().map(|f| f()).unwrap_or_default());
    if extra.is_empty() {
        return search;
    }
    let Ok(params) = UrlSearchParams::new_with_str(&search) else {
        return search;
    };
    for (k, v) in extra {
        params.append(k, &v);
    }
    format!("?{}", String::from(params.to_string()))
}

/// The next URL change comes from the user: push a history entry instead of replacing.
pub fn push_next() {
    PUSH_NEXT.with(|p| p.set(true));
}

/// A view as the URL names it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UrlState {
    pub package: Option<String>,
    pub channel: ChannelChoice,
    pub bundle: Option<String>,
}

impl UrlState {
    /// Reads a `location.search` string (with or without the `?`).
    pub fn from_search(search: &str) -> UrlState {
        let Ok(params) = UrlSearchParams::new_with_str(search) else {
            return UrlState::default();
        };
        let get = |k: &str| params.get(k).filter(|v| !v.is_empty());
        let channel = if get("view").as_deref() == Some("all") {
            ChannelChoice::All
        } else {
            get("channel").map_or(ChannelChoice::Default, ChannelChoice::Named)
        };
        UrlState {
            package: get("package"),
            channel,
            bundle: get("bundle"),
        }
    }

    /// The `location.search` string for this view (empty when nothing is chosen).
    pub fn to_search(&self) -> String {
        let Some(package) = &self.package else {
            return String::new();
        };
        let Ok(params) = UrlSearchParams::new() else {
            return String::new();
        };
        params.append("package", package);
        match &self.channel {
            ChannelChoice::Default => {}
            ChannelChoice::Named(c) => params.append("channel", c),
            ChannelChoice::All => params.append("view", "all"),
        }
        if let Some(b) = &self.bundle {
            params.append("bundle", b);
        }
        format!("?{}", String::from(params.to_string()))
    }
}

fn current_search() -> String {
    window().location().search().unwrap_or_default()
}

/// Reads the initial URL into `state.pending`, keeps the URL in step with the selection, and
/// follows back and forward.
pub fn install(state: AppState) {
    let initial = UrlState::from_search(&current_search());
    if initial.package.is_some() {
        state.pending.set(Some(initial));
    }

    Effect::new(move |_| {
        let wanted = UrlState {
            package: state.package.get(),
            channel: state.channel.get(),
            bundle: state.bundle.get(),
        };
        let waiting = state.pending.with(Option::is_some);
        let push = PUSH_NEXT.with(|p| p.replace(false));
        if waiting || wanted.package.is_none() {
            return;
        }
        let search = with_extra(wanted.to_search());
        if search == current_search() {
            return;
        }
        let Ok(history) = window().history() else {
            return;
        };
        let path = window()
            .location()
            .pathname()
            .unwrap_or_else(|_| "/".into());
        let url = format!("{path}{search}");
        let _ = if push {
            history.push_state_with_url(&JsValue::NULL, "", Some(&url))
        } else {
            history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
        };
    });

    let on_pop = Closure::<dyn FnMut(web_sys::PopStateEvent)>::new(move |_| {
        state.apply_url(UrlState::from_search(&current_search()));
    });
    let _ = window().add_event_listener_with_callback("popstate", on_pop.as_ref().unchecked_ref());
    on_pop.forget();
}
