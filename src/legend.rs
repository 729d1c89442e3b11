//! The legend: what the edge strokes and node markings mean (a strip under the graph; each
//! item explains itself further on hover).

use leptos::prelude::*;
use olm_graph_core::resolve::Resolver;

use crate::state::AppState;

#[component]
pub fn Legend() -> impl IntoView {
    let state = AppState::get();
    view! {
        <aside class="legend" aria-label="Legend">
            <span class="legend-title">"Legend"</span>
            <ul class="legend-items">
                <li title="replaces: the entry upgrades from the bundle it replaces (the upgrade chain)">
                    <svg width="34" height="10" aria-hidden="true">
                        <line class="edge kind-replaces" x1="1" y1="5" x2="26" y2="5" marker-end="url(#arrow-replaces)"/>
                    </svg>
                    <span>"replaces"</span>
                </li>
                <li title="skips: the entry upgrades from each bundle named in its skips">
                    <svg width="34" height="10" aria-hidden="true">
                        <line class="edge kind-skips" x1="1" y1="5" x2="26" y2="5" marker-end="url(#arrow-skips)"/>
                    </svg>
                    <span>"skips"</span>
                </li>
                <li title="skipRange: the entry upgrades from every other entry whose version is in its skipRange">
                    <svg width="34" height="10" aria-hidden="true">
                        <line class="edge kind-skiprange" x1="1" y1="5" x2="26" y2="5" marker-end="url(#arrow-skiprange)"/>
                    </svg>
                    <span>"skipRange"</span>
                </li>
                <li title="skipRange band: one entry's whole skipRange fan; the bracket spans the bundles it upgrades from and rises into the entry">
                    <svg width="30" height="12" aria-hidden="true">
                        <polygon class="band kind-skiprange" points="1,2 29,2 29,10 1,10"/>
                    </svg>
                    <span>"skipRange band"</span>
                </li>
                <li title="skips band: an entry that skips four or more bundles; the bracket spans the skipped bundles and rises into the entry">
                    <svg width="30" height="12" aria-hidden="true">
                        <polygon class="band kind-skips" points="1,2 29,2 29,10 1,10"/>
                    </svg>
                    <span>"skips band"</span>
                </li>
                <li title="head: the channel's newest entry, which no replaces or skips names (marked HEAD)">
                    <svg width="30" height="14" aria-hidden="true">
                        <g class="node head legend-node"><rect class="box" x="1" y="1" width="28" height="12" rx="4"/></g>
                    </svg>
                    <span>"head"</span>
                </li>
                <li title="deprecated: named by olm.deprecations (hover a bundle for the message); deprecated channels are struck through">
                    <svg width="30" height="14" aria-hidden="true">
                        <g class="node deprecated legend-node">
                            <rect class="box" x="1" y="1" width="28" height="12" rx="4"/>
                            <rect class="deprecated-bar" x="1" y="1" width="4" height="12" rx="2"/>
                        </g>
                    </svg>
                    <span>"deprecated"</span>
                </li>
                <li title="legacy olm.deprecated bundle property: OLM v0 prohibits installing the bundle (it never becomes a subscription's target)">
                    <svg width="30" height="14" aria-hidden="true">
                        <g class="node deprecated legacy legend-node">
                            <rect class="box" x="1" y="1" width="28" height="12" rx="4"/>
                            <rect class="deprecated-bar" x="1" y="1" width="4" height="12" rx="2"/>
                        </g>
                    </svg>
                    <span>"legacy olm.deprecated (prohibited by OLM v0)"</span>
                </li>
                <li class="legend-terminated" title="terminated: not the channel head, and no upgrade leaves it under the chosen resolver (a cluster on it is stuck)">
                    <svg width="30" height="14" aria-hidden="true">
                        <g class="node terminated legend-node"><rect class="box" x="1" y="1" width="28" height="12" rx="4"/></g>
                    </svg>
                    <label>
                        "terminated under "
                        <select
                            data-testid="terminated-resolver"
                            aria-label="Which OLM rules decide which bundles are terminated"
                            on:change=move |ev| {
                                let r = if event_target_value(&ev) == "v1" { Resolver::V1 } else { Resolver::V0 };
                                state.terminated_resolver.set(r);
                            }
                            prop:value=move || state.terminated_resolver.get().as_str()
                        >
                            <option value="v0">"OLM v0"</option>
                            <option value="v1">"OLM v1"</option>
                        </select>
                        {move || {
                            let n = state.terminated.with(|t| t.len());
                            format!(" ({n})")
                        }}
                    </label>
                </li>
                <li title="virtual: named by a replaces or skips but not an entry of this channel">
                    <svg width="30" height="14" aria-hidden="true">
                        <g class="node virtual legend-node"><rect class="box" x="1" y="1" width="28" height="12" rx="4"/></g>
                    </svg>
                    <span>"virtual"</span>
                </li>
            </ul>
        </aside>
    }
}
