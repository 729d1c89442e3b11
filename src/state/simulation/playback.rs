//! The simulation store: the inputs, the result core computes from them, the planned route
//! drawn instead, and the hop-by-hop playback of what is marked on the graph.

use leptos::prelude::*;
use olm_graph_core::model::Catalog;
use olm_graph_core::view::{OverlayMarks, PathOverlay};

use super::{overlay, simulate, AddedEntry, SimInputs, Simulation};
use crate::state::graph::GraphStore;
use crate::state::shared::Shared;

/// The simulation store (from the context; cheap to copy). The app creates it, so the path is
/// marked on the graph with or without the simulation panel (the embed view has none).
#[derive(Clone, Copy)]
pub struct SimulationStore {
    pub inputs: RwSignal<SimInputs>,
    pub added: RwSignal<Option<AddedEntry>>,
    /// A second catalog loaded as the update: its label and the parsed catalog.
    pub update: RwSignal<Option<(String, Shared<Catalog>)>>,
    /// Show the whole path at once (no hop-by-hop animation).
    pub instant: RwSignal<bool>,
    pub playing: RwSignal<bool>,
    pub step: RwSignal<usize>,
    /// A planned route drawn instead of the simulation's paths; step 0 while paused shows it
    /// whole (cleared when the simulation's inputs change).
    pub route: RwSignal<Option<Shared<PathOverlay>>>,
    /// The channel the subscription follows: the one on screen, or the default channel.
    pub channel: Memo<Option<String>>,
    pub result: Memo<Option<Shared<Simulation>>>,
    /// What the result marks on the graph, for the hops shown so far.
    pub marks: Memo<Shared<OverlayMarks>>,
}

/// The channel simulated: the one shown, or in the package view the package's first.
fn simulated_channel(graph: GraphStore) -> Memo<Option<String>> {
    Memo::new(move |_| {
        graph.shown_channel.get().or_else(|| {
            graph.package_data.with(|d| {
                d.as_ref()
                    .and_then(|d| d.channels.first().map(|c| c.name.clone()))
            })
        })
    })
}

/// The graph draws the installed bundle beside a channel it is not an entry of: `graph`
/// follows the inputs' installed bundle.
fn share_installed(inputs: RwSignal<SimInputs>, graph: GraphStore) {
    Effect::new(move |_| {
        let name = inputs.with(|i| i.installed.trim().to_string());
        let name = Some(name).filter(|n| !n.is_empty());
        if graph.installed.get_untracked() != name {
            graph.installed.set(name);
        }
    });
}

impl SimulationStore {
    /// The simulation of the package `graph` shows, with default inputs.
    pub fn new(graph: GraphStore) -> SimulationStore {
        let inputs = RwSignal::new(SimInputs::default());
        let added: RwSignal<Option<AddedEntry>> = RwSignal::new(None);
        let update: RwSignal<Option<(String, Shared<Catalog>)>> = RwSignal::new(None);
        let instant = RwSignal::new(false);
        let playing = RwSignal::new(false);
        let step = RwSignal::new(0usize);
        let channel = simulated_channel(graph);
        let result = Memo::new(move |_| {
            let data = graph.package_data.get()?;
            let channel = channel.get()?;
            let inputs = inputs.get();
            if inputs.installed.trim().is_empty() {
                return None;
            }
            let added = added.get();
            let update = update.get();
            Some(Shared::new(simulate(
                &data.loaded.catalog,
                &data.package().name,
                &channel,
                &inputs,
                added.as_ref(),
                update.as_ref().map(|(_, c)| &**c),
            )))
        });
        share_installed(inputs, graph);
        let route: RwSignal<Option<Shared<PathOverlay>>> = RwSignal::new(None);
        let marks = overlay::marks(route, result, instant, playing, step);
        // A new result (or route) starts from the installed bundle.
        Effect::new(move |_| {
            result.track();
            route.track();
            playing.set(false);
            step.set(0);
        });
        // Simulating again takes the graph back from a planned route.
        Effect::new(move |prev: Option<()>| {
            inputs.track();
            if prev.is_some() {
                route.set(None);
            }
        });
        SimulationStore {
            inputs,
            added,
            update,
            instant,
            playing,
            step,
            route,
            channel,
            result,
            marks,
        }
    }

    pub fn get() -> SimulationStore {
        expect_context::<SimulationStore>()
    }

    /// Hops of the longest path.
    pub fn total(&self) -> usize {
        if let Some(n) = self.route.with(|r| r.as_ref().map(|r| r.hops.len())) {
            return n;
        }
        self.result.with(|s| s.as_ref().map_or(0, |s| s.longest()))
    }

    /// One hop further, or back to the start after the last.
    pub fn step_once(&self) {
        self.playing.set(false);
        if self.step.get_untracked() < self.total() {
            self.step.update(|s| *s += 1);
        } else {
            self.step.set(0);
        }
    }

    /// Play (from the start when at the end), or pause.
    pub fn toggle_play(&self) {
        if !self.playing.get_untracked() && self.step.get_untracked() >= self.total() {
            self.step.set(0);
        }
        self.playing.update(|p| *p = !*p);
    }
}
