//! The catalog-switch comparison: a second catalog (for example the next OpenShift version's
//! catalog image) beside the one on screen, and for the package on screen what changes from
//! the old to the new: bundles, channels, heads, edges, deprecations, and for every old bundle
//! taken as installed what happens after the switch (`upgradable` with its path, `up-to-date`,
//! `stranded`, `channel-removed`, `deprecated`). Or a series folder, one catalog per platform
//! version (parsed in the worker), with every switch along it. Core compares
//! (`change::diff_package`, `change::diff_series`). When one side is a catalog template
//! and the other a rendered catalog, the [`drift`] report comes first.
//!
//! Test hooks: `compare-file-input`, `compare-url-input`, `compare-label`, `diff-direction`,
//! `diff-channel`, `diff-resolver`, `diff-changes`, `diff-table` whose rows (`diff-row`) carry
//! `data-bundle`, `data-channel`, `data-status` and `data-path` (names joined by spaces),
//! `diff-counts` with `data-<status>` counts.

pub mod drift;
pub mod options;
pub mod settings;
pub mod sources;
pub mod table;

use leptos::prelude::*;
use olm_graph_core::change::{diff_package, diff_series, PackageDiff, SeriesStep};
use olm_graph_core::sort::SortWith;
use olm_graph_core::view::natural_cmp;

use crate::state::comparison::Comparison;
use crate::state::load::LoadStore;
use crate::state::selection::Selection;
use crate::state::shared::Shared;
use drift::TemplateDrift;
use options::CompareOptions;
use settings::CompareSettings;
use sources::CompareSources;
use table::{diff_details, series_table};

/// The comparison of the package on screen, old side first.
fn package_diff(settings: CompareSettings) -> Memo<Option<Shared<Result<PackageDiff, String>>>> {
    let load = LoadStore::get();
    let comparison = Comparison::get();
    let selection = Selection::get();
    Memo::new(move |_| {
        let main = load.loaded.get()?;
        let other = comparison.other.get()?;
        let package = selection.package.get()?;
        let (old, new) = if settings.screen_is_old.get() {
            (&main, &other)
        } else {
            (&other, &main)
        };
        let d = diff_package(
            &old.catalog,
            &new.catalog,
            &package,
            &settings.diff_options(),
        );
        Some(Shared::new(d.map_err(|e| e.to_string())))
    })
}

/// Every switch of the series, for the package on screen.
fn series_steps(settings: CompareSettings) -> Memo<Option<Shared<Vec<SeriesStep>>>> {
    let comparison = Comparison::get();
    let selection = Selection::get();
    Memo::new(move |_| {
        let series = comparison.series.get()?;
        let package = selection.package.get()?;
        Some(Shared::new(diff_series(
            &series,
            &package,
            &settings.diff_options(),
        )))
    })
}

/// The channels of the old catalog's package (any catalog of a series), for the subscription.
fn old_channels(settings: CompareSettings) -> Memo<Vec<String>> {
    let load = LoadStore::get();
    let comparison = Comparison::get();
    let selection = Selection::get();
    Memo::new(move |_| {
        let package = selection.package.get().unwrap_or_default();
        let channels_of = |c: &olm_graph_core::Catalog| -> Vec<String> {
            c.package(&package)
                .map(|p| p.channels.iter().map(|c| c.name.clone()).collect())
                .unwrap_or_default()
        };
        if let Some(series) = comparison.series.get() {
            let mut all: Vec<String> = series.iter().flat_map(|(_, c)| channels_of(c)).collect();
            all.sort_with(|a, b| natural_cmp(a, b));
            all.dedup();
            return all;
        }
        let old = if settings.screen_is_old.get() {
            load.loaded.get()
        } else {
            comparison.other.get()
        };
        old.map(|o| channels_of(&o.catalog)).unwrap_or_default()
    })
}

/// Keeps the graph's fates, the channel and the series step in step with the comparison.
fn follow_comparison(
    settings: CompareSettings,
    diff: Memo<Option<Shared<Result<PackageDiff, String>>>>,
    channels: Memo<Vec<String>>,
) {
    let comparison = Comparison::get();
    // The graph shows each bundle's fate when the catalog on screen is the old side.
    Effect::new(move |_| {
        let show = comparison.series.with(Option::is_none) && settings.screen_is_old.get();
        let fates = diff.with(|d| {
            let d: &Result<PackageDiff, String> = d.as_ref()?;
            let d = d.as_ref().ok()?;
            show.then(|| {
                Shared::new(
                    d.fates
                        .iter()
                        .map(|f| (f.bundle.clone(), f.status))
                        .collect(),
                )
            })
        });
        comparison.fates.set(fates);
    });
    on_cleanup(move || comparison.fates.set(None));
    // A channel the old catalog lacks falls back to "each bundle's channel".
    Effect::new(move |_| {
        let cs = channels.get();
        let c = settings.channel.get_untracked();
        if !c.is_empty() && !cs.contains(&c) {
            settings.channel.set(String::new());
        }
    });
    // A new series starts with no switch picked.
    Effect::new(move |_| {
        comparison.series.track();
        settings.series_step.set(None);
    });
}

/// The panel.
#[component]
pub fn DiffPanel() -> impl IntoView {
    let comparison = Comparison::get();
    let settings = CompareSettings::kept(crate::state::kept::Kept::get());
    let diff = package_diff(settings);
    let steps = series_steps(settings);
    let channels = old_channels(settings);
    follow_comparison(settings, diff, channels);
    let table = move || {
        let d = diff.get()?;
        Some(match &*d {
            Err(e) => view! { <div class="notice error" role="alert" data-testid="diff-error">{e.clone()}</div> }.into_any(),
            Ok(d) => diff_details(d),
        })
    };
    view! {
        <div class="diff-panel">
            <CompareSources url=settings.url/>
            <CompareOptions settings=settings channels=channels/>
            {move || if comparison.series.with(Option::is_some) {
                view! { <SeriesView steps=steps selected=settings.series_step/> }.into_any()
            } else {
                view! { <TemplateDrift/>{table} }.into_any()
            }}
        </div>
    }
}

/// A series: one row per switch, and the picked switch bundle by bundle.
#[component]
fn SeriesView(
    steps: Memo<Option<Shared<Vec<SeriesStep>>>>,
    selected: RwSignal<Option<usize>>,
) -> impl IntoView {
    let detail = move || {
        let steps = steps.get()?;
        let step = steps.get(selected.get()?)?;
        Some(match &step.diff {
            Ok(d) => view! {
                <h3 data-testid="series-detail-title">{format!("{} → {}, bundle by bundle", step.from, step.to)}</h3>
                {diff_details(d)}
            }
            .into_any(),
            Err(e) => view! { <div class="notice error" role="alert">{e.to_string()}</div> }.into_any(),
        })
    };
    move || {
        steps.get().map(|steps| view! {
            <p class="muted">"Each row is one catalog switch (a cluster upgrade to the next platform version) for the package on screen. Pick a switch to see every installed bundle's fate."</p>
            {series_table(&steps, selected)}
            {detail}
        })
    }
}
