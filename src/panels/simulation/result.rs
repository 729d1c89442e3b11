//! The simulation's result: for each resolver its path hop by hop with the reasons, the
//! outcome in words, where v0 and v1 part ways, and "why am I stuck?" with a snippet to copy.

use leptos::prelude::*;
use leptos::task::spawn_local;
use olm_graph_core::resolve::{Explanation, Outcome, UpgradePath};

use crate::services::clipboard::copy_text;
use crate::state::shared::Shared;
use olm_graph_core::resolve::via_label;

use crate::state::simulation::{Resolved, Simulation, SimulationStore};

/// The outcome of a path in one sentence.
pub fn outcome_text(p: &UpgradePath) -> String {
    let hops = p.hops.len();
    match p.outcome {
        Outcome::UpToDate if p.explanation.is_some() => format!(
            "No further upgrade: the cluster stays on {} after {hops} hop(s), short of the channel head (why: below).",
            p.end
        ),
        Outcome::UpToDate => format!(
            "Up to date: the cluster ends on {} after {hops} hop(s); nothing newer is offered.",
            p.end
        ),
        Outcome::Blocked => format!(
            "Blocked: the upgrade failed and the cluster stays on {} until someone intervenes.",
            p.end
        ),
        Outcome::WaitingForCatalogUpdate => format!(
            "Waiting for a catalog update: fail-forward is on, but the catalog has nothing to move to from {} yet.",
            p.end
        ),
    }
}

/// Where v0 and v1 part ways, in words.
pub fn difference_text(s: &Simulation) -> String {
    let Some(i) = s.difference else {
        return "v0 and v1 take the same path.".to_string();
    };
    let to = |k: usize| {
        s.paths[k]
            .result
            .as_ref()
            .ok()
            .and_then(|p| p.hops.get(i).map(|h| h.to.clone()))
            .unwrap_or_else(|| "nowhere (stops)".into())
    };
    format!(
        "First difference at hop {}: v0 goes to {}, v1 goes to {}.",
        i + 1,
        to(0),
        to(1)
    )
}

#[component]
pub fn SimResult() -> impl IntoView {
    let sim = SimulationStore::get();
    move || {
        let Some(s) = sim.result.get() else {
            return view! { <p class="hint" data-testid="sim-hint">"Pick the installed bundle to see its upgrade path."</p> }.into_any();
        };
        view! { <div class="sim-result">{result_view(s)}</div> }.into_any()
    }
}

fn result_view(s: Shared<Simulation>) -> impl IntoView {
    let diff = (s.paths.len() == 2).then(|| view! {
        <p class="sim-diff" data-testid="first-difference" data-hop=s.difference.map(|d| d.to_string())>{difference_text(&s)}</p>
    });
    let paths = s
        .paths
        .iter()
        .enumerate()
        .map(|(i, r)| path_view(i, r))
        .collect_view();
    view! { {diff}{paths} }
}

fn path_view(i: usize, r: &Resolved) -> AnyView {
    let name = r.resolver.as_str();
    let p = match &r.result {
        Err(e) => {
            return view! {
                <div class="notice error" data-testid="path-error" data-resolver=name>
                    <strong>{format!("{name}: cannot resolve. ")}</strong>{e.clone()}
                </div>
            }
            .into_any()
        }
        Ok(p) => p,
    };
    let (testid, class) = if i == 0 {
        ("path-outcome", "sim-outcome")
    } else {
        ("path-outcome-v1", "sim-outcome v1")
    };
    let hops = p
        .hops
        .iter()
        .map(|h| view! {
            <li data-from=h.from.clone() data-to=h.to.clone() data-failed-hop=h.failed.to_string()>
                {format!("{} → {}", h.from, h.to)}
                <span class="reason">{format!(" via {}", via_label(&h.via))}</span>
                {h.failed.then_some(" (fails)")}{h.updated_catalog.then_some(" [updated catalog]")}
            </li>
        })
        .collect_view();
    let crd = r.crd_failed.as_ref().map(|f| {
        view! {
            <div class="notice error crd-failure" data-testid="crd-failure" data-resolver=name
                data-hop=f.hop.to_string() data-bundle=f.bundle.clone()>
                <strong>{format!("Hop {} will fail (its CRDs, OLM {}): ", f.hop + 1, name)}</strong>
                <pre class="crd-message">{f.message.clone()}</pre>
            </div>
        }
    });
    let stuck = (i == 0)
        .then(|| p.explanation.clone())
        .flatten()
        .map(stuck_view);
    view! {
        <div class=format!("sim-path resolver-{name}") data-testid="sim-path" data-resolver=name>
            <h3>{format!("{name}: {} → {}", p.from, p.end)}</h3>
            <div class=class data-testid=testid data-outcome=p.outcome.as_str()>{outcome_text(p)}</div>
            {crd}
            <ol class="hops">{hops}</ol>
            {stuck}
        </div>
    }
    .into_any()
}

/// "Why am I stuck?": the sentence, the suggestion, and a snippet with a copy button.
fn stuck_view(e: Explanation) -> impl IntoView {
    let copied: RwSignal<Option<bool>> = RwSignal::new(None);
    let snippet = e.snippet.clone().map(|sn| {
        let text = sn.clone();
        let copy = move |_| {
            let text = text.clone();
            spawn_local(async move { copied.set(Some(copy_text(&text).await)) });
        };
        view! {
            <pre data-testid="stuck-snippet">{sn}</pre>
            <button class="button" type="button" data-testid="copy-snippet" on:click=copy>"Copy"</button>
            {move || copied.get().map(|ok| view! {
                <span class="note" role="status">{if ok { "Copied." } else { "The clipboard is not available: select the text and copy it." }}</span>
            })}
        }
    });
    view! {
        <div class="stuck" data-testid="stuck-panel" data-code=e.code>
            <p class="message">{e.message.clone()}</p>
            <p class="suggestion">{e.suggestion.clone()}</p>
            {snippet}
        </div>
    }
}
