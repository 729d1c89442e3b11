//! The simulation panel: which bundle a cluster runs, which resolver, which channel (the one
//! on screen; all channels: the default channel), a failing bundle with its failure kind and
//! upgrade strategy, and an optional updated catalog. The paths, their outcome and the "why am
//! I stuck?" explanation come from core through the simulation store; the graph marks the
//! path from the same store.

pub mod inputs;
pub mod playback;
pub mod result;
pub mod update;

use leptos::prelude::*;

use inputs::SimInputsForm;
use playback::PlaybackControls;
use result::SimResult;
use update::UpdatedCatalog;

use crate::widgets::form::PanelHeading;

#[component]
pub fn SimulationPanel() -> impl IntoView {
    view! {
        <section class="panel simulation" aria-label="Upgrade simulation" data-testid="simulation-panel">
            <PanelHeading text="Simulate an upgrade"/>
            <SimInputsForm/>
            <PlaybackControls/>
            <SimResult/>
            <UpdatedCatalog/>
        </section>
    }
}
