//! The comparison's settings, local to its panel: direction, subscription channel, resolver,
//! the series step picked, and the names given to both catalogs.

use leptos::prelude::*;
use olm_graph_core::change::DiffOptions;
use olm_graph_core::resolve::Resolver;

/// The comparison's settings, local to the panel.
#[derive(Clone, Copy)]
pub struct CompareSettings {
    /// The catalog on screen is the old one (the cluster runs it today).
    pub screen_is_old: RwSignal<bool>,
    /// The subscription's channel ("" = each bundle's).
    pub channel: RwSignal<String>,
    pub resolver: RwSignal<Resolver>,
    /// The switch of a series shown bundle by bundle.
    pub series_step: RwSignal<Option<usize>>,
    /// What the curator calls each catalog (e.g. "OCP 4.16"); file names are often the same.
    pub screen_name: RwSignal<String>,
    pub other_name: RwSignal<String>,
}

impl CompareSettings {
    pub fn new() -> CompareSettings {
        CompareSettings {
            screen_is_old: RwSignal::new(true),
            channel: RwSignal::new(String::new()),
            resolver: RwSignal::new(Resolver::V0),
            series_step: RwSignal::new(None),
            screen_name: RwSignal::new(String::new()),
            other_name: RwSignal::new(String::new()),
        }
    }

    /// The options of both comparisons.
    pub fn diff_options(&self) -> DiffOptions {
        DiffOptions {
            channel: Some(self.channel.get()).filter(|c| !c.is_empty()),
            resolver: self.resolver.get(),
        }
    }
}

impl Default for CompareSettings {
    fn default() -> Self {
        CompareSettings::new()
    }
}
