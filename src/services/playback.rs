//! The simulation's playback: one hop every 700 ms while playing (a gloo `Interval`, cancelled
//! by dropping it), and whether the user prefers reduced motion (then paths show at once).

use gloo_timers::callback::Interval;
use leptos::prelude::*;

use crate::state::simulation::SimulationStore;

/// Time between two hops while playing.
const HOP_MS: u32 = 700;

/// Runs the playback of `sim` while it is playing.
pub fn drive_playback(sim: SimulationStore) {
    let timer: StoredValue<Option<Interval>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |_| {
        let playing = sim.playing.get();
        // Dropping the previous interval cancels it.
        timer.set_value(playing.then(|| {
            Interval::new(HOP_MS, move || {
                if sim.step.get_untracked() >= sim.total() {
                    sim.playing.set(false);
                } else {
                    sim.step.update(|s| *s += 1);
                }
            })
        }));
    });
}

/// Whether the user asked the system for reduced motion.
pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}
