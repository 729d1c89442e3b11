//! The export menu's state: open or not, the box under the items, the outcome of the last
//! action, whether the last copy reached the clipboard; and its keyboard behaviour.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};

/// How the last action went (`data-state` of `export-status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusKind {
    Ok,
    Error,
    Busy,
}

impl StatusKind {
    pub fn as_str(self) -> &'static str {
        match self {
            StatusKind::Ok => "ok",
            StatusKind::Error => "error",
            StatusKind::Busy => "busy",
        }
    }
}

/// The outcome of the last action; for a PNG its time (ms), width and height.
#[derive(Debug, Clone, PartialEq)]
pub struct Status {
    pub kind: StatusKind,
    pub text: String,
    pub png: Option<(f64, u32, u32)>,
}

impl Status {
    pub fn new(kind: StatusKind, text: impl Into<String>) -> Status {
        Status {
            kind,
            text: text.into(),
            png: None,
        }
    }
}

/// Which box the menu shows below its items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    Link,
    Embed,
}

/// The menu's state (cheap to copy).
#[derive(Clone, Copy)]
pub struct Menu {
    pub open: RwSignal<bool>,
    pub panel: RwSignal<Option<Panel>>,
    pub status: RwSignal<Option<Status>>,
    /// Whether the clipboard took the last copy.
    pub copied: RwSignal<Option<bool>>,
    pub button: NodeRef<html::Button>,
    pub items: NodeRef<html::Div>,
}

impl Menu {
    pub fn new() -> Menu {
        Menu {
            open: RwSignal::new(false),
            panel: RwSignal::new(None),
            status: RwSignal::new(None),
            copied: RwSignal::new(None),
            button: NodeRef::new(),
            items: NodeRef::new(),
        }
    }

    /// Closes the menu, giving the focus back to its button with `refocus`.
    pub fn close(&self, refocus: bool) {
        self.open.set(false);
        if let Some(b) = self.button.get_untracked().filter(|_| refocus) {
            let _ = b.focus();
        }
    }

    pub fn report(&self, status: Status) {
        self.status.set(Some(status));
    }

    /// The menu items, in order.
    fn item_elements(&self) -> Vec<HtmlElement> {
        let Some(list) = self.items.get_untracked().and_then(|m| {
            m.query_selector_all("[role=menuitem], [role=menuitemcheckbox]")
                .ok()
        }) else {
            return Vec::new();
        };
        (0..list.length())
            .filter_map(|i| list.item(i).and_then(|n| n.dyn_into().ok()))
            .collect()
    }

    pub fn toggle(&self) {
        let now = !self.open.get_untracked();
        self.open.set(now);
        if now {
            self.panel.set(None);
            let menu = *self;
            request_animation_frame(move || {
                if let Some(first) = menu.item_elements().first() {
                    let _ = first.focus();
                }
            });
        }
    }

    /// Escape closes; arrows, Home and End move between the items.
    pub fn on_key(&self, e: &KeyboardEvent) {
        if !self.open.get_untracked() {
            return;
        }
        let key = e.key();
        if key == "Escape" {
            e.prevent_default();
            e.stop_propagation();
            return self.close(true);
        }
        let list = self.item_elements();
        let active = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.active_element());
        let at = list
            .iter()
            .position(|el| active.as_ref().is_some_and(|a| a == &**el));
        if let Some(next) = menu_item_after_key(&key, at, list.len()) {
            e.prevent_default();
            let _ = list[next].focus();
        }
    }
}

impl Default for Menu {
    fn default() -> Self {
        Menu::new()
    }
}

/// The item a key moves to, from item `at` (none focused: `None`) of `n`.
pub fn menu_item_after_key(key: &str, at: Option<usize>, n: usize) -> Option<usize> {
    if n == 0 {
        return None;
    }
    match (key, at) {
        ("Home", _) => Some(0),
        ("End", _) => Some(n - 1),
        ("ArrowDown", Some(i)) => Some((i + 1) % n),
        ("ArrowUp", Some(i)) => Some((i + n - 1) % n),
        ("ArrowDown", None) => Some(0),
        ("ArrowUp", None) => Some(n - 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn arrows_move_through_the_items_and_wrap() {
        assert_eq!(menu_item_after_key("ArrowDown", Some(6), 7), Some(0));
        assert_eq!(menu_item_after_key("ArrowUp", Some(0), 7), Some(6));
        assert_eq!(menu_item_after_key("ArrowDown", None, 7), Some(0));
        assert_eq!(menu_item_after_key("End", None, 7), Some(6));
        assert_eq!(menu_item_after_key("x", Some(1), 7), None);
        assert_eq!(menu_item_after_key("Home", None, 0), None);
    }
}
