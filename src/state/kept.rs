//! What this browser kept of the user's work: what was given back at start (for the "restored
//! from this browser" notice) and the last storage problem (a catalog too large to keep, a
//! quota, a private window), shown as a notice; and which of the restored catalog and the
//! restored template studio draws the graph ([`studio_draws`]). The storage itself is
//! `services::persist`'s.

use leptos::prelude::*;

/// The kept-work store (cheap to copy).
#[derive(Clone, Copy)]
pub struct Kept {
    /// What was restored at start, in words ("the catalog pasted text").
    pub restored: RwSignal<Vec<String>>,
    /// A storage problem, in a sentence, with what was being kept ("catalog", "studio").
    pub problem: RwSignal<Option<(&'static str, String)>>,
}

impl Kept {
    pub fn new() -> Kept {
        Kept {
            restored: RwSignal::new(Vec::new()),
            problem: RwSignal::new(None),
        }
    }

    pub fn get() -> Kept {
        expect_context::<Kept>()
    }

    /// Records what was restored.
    pub fn restored(&self, what: String) {
        self.restored.update(|r| r.push(what));
    }

    /// Records the outcome of keeping `what`: an error becomes the notice, a success clears
    /// the notice of an earlier error with the same `what`.
    pub fn wrote(&self, what: &'static str, result: Result<(), String>) {
        match result {
            Err(e) => self.problem.set(Some((what, e))),
            Ok(()) => {
                if self
                    .problem
                    .with_untracked(|p| p.as_ref().is_some_and(|p| p.0 == what))
                {
                    self.problem.set(None);
                }
            }
        }
    }
}

/// Whether the template studio restored at start draws the graph, rather than the catalog
/// restored beside it: the one the user worked on last draws, as before the reload. The
/// studio draws when its rendering was the catalog on screen when it was last kept (`live`:
/// not paused by another catalog's load) and the user worked on it (started, edited, or let
/// it draw again) no earlier than they opened the kept catalog (`studio_at`, `catalog_at`:
/// milliseconds since the epoch; `None`: never noted, as with the sample on screen). Else the
/// catalog draws and the studio comes back paused. Either way the studio waits for the
/// catalog's load before it draws, so the order never depends on which finishes first.
pub fn studio_draws(live: bool, studio_at: Option<f64>, catalog_at: Option<f64>) -> bool {
    live && match (studio_at, catalog_at) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(s), Some(c)) => s >= c,
    }
}

impl Default for Kept {
    fn default() -> Self {
        Kept::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_one_worked_on_last_draws() {
        // Edited after the catalog was opened: the studio.
        assert!(studio_draws(true, Some(2.0), Some(1.0)));
        // A catalog opened after the last edit: the catalog.
        assert!(!studio_draws(true, Some(1.0), Some(2.0)));
        // Paused by a catalog's load, then edited: still the catalog (as on screen).
        assert!(!studio_draws(false, Some(3.0), Some(2.0)));
        // No catalog of the user's (the sample): the studio, when it was drawing.
        assert!(studio_draws(true, None, None));
        assert!(studio_draws(true, Some(1.0), None));
        assert!(!studio_draws(true, None, Some(1.0)));
    }
}
