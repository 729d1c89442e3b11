//! The comparison's settings, local to its panel: direction, subscription channel, resolver,
//! the series step picked, the names given to both catalogs and the other catalog's URL as
//! typed. All but the series step are kept in this browser (`services::persist`) as they
//! change, and come back when the panel opens again.

use leptos::prelude::*;
use olm_graph_core::change::DiffOptions;
use olm_graph_core::resolve::Resolver;
use serde::{Deserialize, Serialize};

use crate::services::persist;
use crate::state::kept::Kept;

/// The `localStorage` name of the kept settings.
const KEPT_FORM: &str = "compare";

/// The settings as kept in this browser.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct KeptSettings {
    screen_is_new: bool,
    channel: String,
    /// `v0` or `v1`.
    resolver: String,
    screen_name: String,
    other_name: String,
    url: String,
}

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
    /// The other catalog's URL, as typed.
    pub url: RwSignal<String>,
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
            url: RwSignal::new(String::new()),
        }
    }

    /// The settings kept in this browser (else the defaults), kept again as they change.
    pub fn kept(kept: Kept) -> CompareSettings {
        let s = CompareSettings::new();
        if let Some(k) = persist::kept_form_as::<KeptSettings>(KEPT_FORM) {
            s.screen_is_old.set(!k.screen_is_new);
            s.channel.set(k.channel);
            s.resolver.set(k.resolver.parse().unwrap_or(Resolver::V0));
            s.screen_name.set(k.screen_name);
            s.other_name.set(k.other_name);
            s.url.set(k.url);
        }
        Effect::new(move |prev: Option<()>| {
            let k = KeptSettings {
                screen_is_new: !s.screen_is_old.get(),
                channel: s.channel.get(),
                resolver: s.resolver.get().as_str().to_string(),
                screen_name: s.screen_name.get(),
                other_name: s.other_name.get(),
                url: s.url.get(),
            };
            if prev.is_some() {
                kept.wrote("form", persist::keep_form_as(KEPT_FORM, &k));
            }
        });
        s
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
