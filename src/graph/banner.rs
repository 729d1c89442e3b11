//! Above the drawing: what is drawn (package, channel, default marker, counts, head) and the
//! notices of what is drawn (deprecated channel or package, a head problem, shipped streams the
//! lifecycle overlay has no data for).

use leptos::prelude::*;
use olm_graph_core::view::{GraphView, SupportOverlay};

use crate::state::graph::GraphStore;

/// "N bundles · E edges · V virtual · head H".
///
/// # Complexity
/// That of core's `GraphView::counts`.
pub fn graph_stats(v: &GraphView) -> String {
    let c = v.counts();
    let mut stats = format!("{} bundles · {} edges", c.bundles, c.edges);
    if c.virtuals > 0 {
        stats.push_str(&format!(" · {} virtual", c.virtuals));
    }
    if let Some(head) = c.head {
        stats.push_str(&format!(" · head {head}"));
    }
    stats
}

/// The lifecycle overlay's notice: the shipped streams without data (core's wording), or that
/// no lifecycle data covers the package at all.
pub fn lifecycle_notice(overlay: &SupportOverlay, package: &str) -> Option<String> {
    if !overlay.has_data {
        return Some(format!(
            "No lifecycle data covers {package}: every bundle shows as no data."
        ));
    }
    overlay.notice(package)
}

/// The counts as the title's second line shows them: the head by its version, as its box
/// reads ("N bundles · E edges · head v1.2.0"); [`graph_stats`] names it in full in the tooltip.
///
/// # Complexity
/// That of core's `GraphView::counts`, plus O(V) to find the head's node.
pub fn graph_stats_short(v: &GraphView) -> String {
    let c = v.counts();
    let mut stats = format!("{} bundles · {} edges", c.bundles, c.edges);
    if c.virtuals > 0 {
        stats.push_str(&format!(" · {} virtual", c.virtuals));
    }
    if let Some(head) = c.head {
        let version = v
            .nodes()
            .iter()
            .find(|n| n.name == head)
            .and_then(|n| n.version.as_deref());
        match version {
            Some(ver) => stats.push_str(&format!(" · head v{}", ver.trim_start_matches('v'))),
            None => stats.push_str(&format!(" · head {head}")),
        }
    }
    stats
}

/// What is drawn: package and channel, default marker, counts and head.
#[component]
pub fn GraphTitle() -> impl IntoView {
    let graph = GraphStore::get();
    move || {
        let v = graph.view.get()?;
        let data = graph.package_data.get()?;
        let title = v.channel.clone().unwrap_or_else(|| "all channels".into());
        let is_default = v.channel.is_some() && v.channel == data.package().default_channel;
        Some(view! {
            <div class="graph-heading">
                <h2 class="graph-title">
                    <span class="pkg">{v.package.clone()}</span>
                    <span class="sep" aria-hidden="true">" / "</span>
                    <span class="chan">{title}</span>
                    {is_default.then(|| view! { <span class="badge default" title="the package's default channel">"default"</span> })}
                </h2>
                <div class="graph-stats" title=graph_stats(&v)>{graph_stats_short(&v)}</div>
            </div>
        })
    }
}

/// Deprecation and head problems of what is drawn.
#[component]
pub fn GraphNotices() -> impl IntoView {
    let graph = GraphStore::get();
    move || {
        let v = graph.view.get()?;
        let data = graph.package_data.get()?;
        let pkg_deprecation = data.package().deprecations.package.clone();
        Some(view! {
            {v.channel_deprecation.clone().map(|m| view! {
                <div class="notice deprecated" role="note" data-testid="channel-deprecation">
                    <strong>"Deprecated channel: "</strong>{m}
                </div>
            })}
            {pkg_deprecation.map(|m| view! {
                <div class="notice deprecated" role="note" data-testid="package-deprecation">
                    <strong>"Deprecated package: "</strong>{m.trim().to_string()}
                </div>
            })}
            {v.head_error.clone().map(|m| view! {
                <div class="notice error" role="note"><strong>"Head: "</strong>{m}</div>
            })}
            {graph.support.get().and_then(|o| lifecycle_notice(&o, &v.package)).map(|m| view! {
                <div class="notice lifecycle" role="note" data-testid="lifecycle-notice">{m}</div>
            })}
        })
    }
}
