//! Play, step and "instant" for the simulation's path on the graph, and how far it has got.

use leptos::prelude::*;

use crate::state::simulation::SimulationStore;

#[component]
pub fn PlaybackControls() -> impl IntoView {
    let sim = SimulationStore::get();
    let step_text = move || {
        let n = sim.total();
        if sim.instant.get() {
            format!("{n} hop(s)")
        } else {
            format!("hop {} of {n}", sim.step.get().min(n))
        }
    };
    view! {
        <div class="sim-controls" role="toolbar" aria-label="Animation">
            <button class="button" type="button" data-testid="play" aria-pressed=move || sim.playing.get().to_string()
                on:click=move |_| sim.toggle_play()>
                {move || if sim.playing.get() { "Pause" } else { "Play" }}
            </button>
            <button class="button" type="button" data-testid="step" on:click=move |_| sim.step_once()>"Step"</button>
            <label class="toggle"><input type="checkbox" data-testid="instant"
                prop:checked=move || sim.instant.get()
                on:change=move |ev| sim.instant.set(event_target_checked(&ev))/>"Instant"</label>
            <span class="sim-step" data-testid="sim-step">{step_text}</span>
        </div>
    }
}
