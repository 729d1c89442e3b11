//! What this browser kept of the user's work: what was given back at start (for the "restored
//! from this browser" notice) and the last storage problem (a catalog too large to keep, a
//! quota, a private window), shown as a notice. The storage itself is
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

impl Default for Kept {
    fn default() -> Self {
        Kept::new()
    }
}
