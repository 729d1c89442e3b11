//! The rule registry's names, summaries and help (core's `diag::Rule`), which the app's wasm
//! does not hold: they are served beside the page as `rule-texts.json` (`assets/`, kept equal
//! to the registry by core's tests) and fetched once, the first time a finding is shown
//! (`services::rule_texts`). Until then, and if the fetch fails, a finding's help names its
//! rule by id.

use std::sync::Arc;

use leptos::prelude::*;
use olm_graph_core::diag::Rule;

/// What the registry says of one rule to a reader.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleText {
    pub id: String,
    pub name: String,
    pub summary: String,
    pub help: String,
}

/// Whether the texts are wanted, and what the fetch gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fetched {
    NotYet,
    Texts(Arc<Vec<RuleText>>),
    Failed,
}

/// One rule's texts as the app has them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Help {
    /// Not fetched yet.
    Pending,
    /// The fetch failed, or the file served lacks the rule.
    Missing,
    Found(RuleText),
}

/// The store: provided beside [`super::Stores`] by the app, which fetches the texts when asked.
#[derive(Clone, Copy)]
pub struct RuleTexts {
    wanted: RwSignal<bool>,
    fetched: RwSignal<Fetched>,
}

impl Default for RuleTexts {
    fn default() -> Self {
        Self::new()
    }
}

impl RuleTexts {
    pub fn new() -> Self {
        RuleTexts {
            wanted: RwSignal::new(false),
            fetched: RwSignal::new(Fetched::NotYet),
        }
    }

    /// The store, if the app provided one (a panel mounted alone in a test has none).
    pub fn get() -> Option<RuleTexts> {
        use_context::<RuleTexts>()
    }

    /// Asks for the texts (once; a later call does nothing).
    pub fn want(&self) {
        if !self.wanted.get_untracked() {
            self.wanted.set(true);
        }
    }

    /// Whether something asked for the texts (tracked: the fetch waits on it).
    pub fn wanted(&self) -> bool {
        self.wanted.get()
    }

    /// What the fetch gave.
    pub fn set(&self, fetched: Fetched) {
        self.fetched.set(fetched);
    }

    /// The texts of `rule` (tracked).
    ///
    /// # Complexity
    /// O(1) when the file is in the registry's order, as served; O(rules) otherwise.
    pub fn of(&self, rule: Rule) -> Help {
        self.fetched.with(|f| match f {
            Fetched::NotYet => Help::Pending,
            Fetched::Failed => Help::Missing,
            Fetched::Texts(texts) => texts
                .get(rule.index())
                .filter(|t| t.id == rule.id())
                .or_else(|| texts.iter().find(|t| t.id == rule.id()))
                .cloned()
                .map_or(Help::Missing, Help::Found),
        })
    }
}
