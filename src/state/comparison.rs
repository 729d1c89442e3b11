//! The catalog-switch comparison: a second catalog (or a series of them, one per platform
//! version) beside the one on screen, and what the switch does to each bundle on screen.

use std::collections::BTreeMap;

use leptos::prelude::*;
use olm_graph_core::change::Fate;
use olm_graph_core::Catalog;

use crate::state::load::Loaded;
use crate::state::shared::Shared;

/// Catalogs in platform-version order, each with its label (e.g. `v4.12`).
pub type Series = Vec<(String, Catalog)>;

/// Where reading a series stands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum SeriesStatus {
    #[default]
    Idle,
    Reading,
    Failed(String),
}

/// The comparison store (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct Comparison {
    /// The other catalog of the comparison.
    pub other: RwSignal<Option<Shared<Loaded>>>,
    /// A series of catalogs, one per platform version, in order.
    pub series: RwSignal<Option<Shared<Series>>>,
    pub series_status: RwSignal<SeriesStatus>,
    /// What switching to the other catalog does to each bundle of the catalog on screen
    /// (when it is the comparison's old side), for the graph to show.
    pub fates: RwSignal<Option<Shared<BTreeMap<String, Fate>>>>,
}

impl Comparison {
    pub fn new() -> Comparison {
        Comparison {
            other: RwSignal::new(None),
            series: RwSignal::new(None),
            series_status: RwSignal::new(SeriesStatus::Idle),
            fates: RwSignal::new(None),
        }
    }

    pub fn get() -> Comparison {
        expect_context::<Comparison>()
    }

    /// The fate of `bundle` after the switch, when the graph shows fates.
    pub fn fate_of(&self, bundle: &str) -> Option<Fate> {
        self.fates
            .with(|f| f.as_ref().and_then(|m| m.get(bundle).copied()))
    }
}

impl Default for Comparison {
    fn default() -> Self {
        Comparison::new()
    }
}
