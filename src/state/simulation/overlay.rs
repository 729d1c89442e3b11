//! What the simulation (or a planned route) marks on the graph: core's [`OverlayMarks`] of the
//! paths' overlays, for the hops shown so far.

use leptos::prelude::*;
use olm_graph_core::view::{OverlayMarks, PathOverlay};

use super::Simulation;
use crate::state::shared::Shared;

/// The markings of the hops shown: a planned route's when one is drawn (step 0 while paused
/// shows it whole), else the simulation's paths' (all of them with `instant`).
///
/// # Complexity
/// O(H) map operations for H hops shown, on each change.
pub fn marks(
    route: RwSignal<Option<Shared<PathOverlay>>>,
    result: Memo<Option<Shared<Simulation>>>,
    instant: RwSignal<bool>,
    playing: RwSignal<bool>,
    step: RwSignal<usize>,
) -> Memo<Shared<OverlayMarks>> {
    Memo::new(move |_| {
        if let Some(r) = route.get() {
            let shown = match (instant.get(), playing.get(), step.get()) {
                (true, _, _) | (false, false, 0) => usize::MAX,
                (false, _, n) => n,
            };
            return Shared::new(OverlayMarks::new([Some(&*r)], shown));
        }
        let visible = if instant.get() {
            usize::MAX
        } else {
            step.get()
        };
        let marks = result.with(|r| {
            r.as_ref()
                .map(|s| OverlayMarks::new(s.overlays.iter().map(Option::as_ref), visible))
        });
        Shared::new(marks.unwrap_or_default())
    })
}
