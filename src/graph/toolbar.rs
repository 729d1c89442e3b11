//! The graph's toolbar: zoom out and in, the zoom level, fit, the fan toggle, and whatever the
//! shell adds (the export menu).

use leptos::prelude::*;
use olm_graph_core::layout::FanMode;

use crate::graph::canvas::fit;
use crate::graph::pan_zoom::UsePanZoomReturn;
use crate::state::graph::GraphStore;

#[component]
pub fn GraphTools(
    pan_zoom: UsePanZoomReturn,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let graph = GraphStore::get();
    let bands_on = move || graph.fans.get() == FanMode::Bands;
    let toggle_fans = move |_| {
        graph.fans.update(|f| {
            *f = if *f == FanMode::Bands {
                FanMode::Edges
            } else {
                FanMode::Bands
            }
        })
    };
    view! {
        <div class="graph-tools" role="toolbar" aria-label="Graph view">
            <button class="button icon" aria-label="Zoom out" title="Zoom out (−)"
                on:click=move |_| pan_zoom.zoom(0.8)>"−"</button>
            <span class="zoom" aria-live="polite">{move || format!("{:.0}%", pan_zoom.transform.get().k * 100.0)}</span>
            <button class="button icon" aria-label="Zoom in" title="Zoom in (+)"
                on:click=move |_| pan_zoom.zoom(1.25)>"+"</button>
            <button class="button" data-testid="fit-view" title="Fit the whole graph (0)"
                on:click=move |_| fit(graph, pan_zoom)>"Fit"</button>
            <button class="button toggle" data-testid="fan-toggle"
                aria-pressed=move || bands_on().to_string()
                title="Draw each entry's skipRange fan (and its skips fan, from four skipped bundles) as one band, or every edge separately"
                on:click=toggle_fans>
                {move || if bands_on() { "fans: bands" } else { "fans: edges" }}
            </button>
            {children.map(|c| c())}
        </div>
    }
}
