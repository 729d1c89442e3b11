//! The Cluster tab: the cluster state opened beside the catalog (Subscriptions, CSVs,
//! InstallPlans, OperatorGroups, ClusterExtensions… as `oc get … -o yaml` prints them), every
//! operator with core's verdict, and for the one chosen: its package and channel on the graph
//! with the installed bundle marked "you are here", the failed bundle and the resolved path;
//! the explanation, the failure, the ResolutionFailed clauses, the findings and the commands,
//! each with a copy button. Everything read from the files is shown as text.

use leptos::prelude::*;
use leptos::task::spawn_local;
use olm_graph_core::cluster::{Api, OperatorReport, State};
use olm_graph_core::view::PathOverlay;

use crate::services::clipboard::copy_text;
use crate::state::cluster::{channel_of, ClusterStore};
use crate::state::shared::Shared;
use crate::state::workspace::{InspectorTab, Workspace};
use crate::state::Stores;
use crate::widgets::finding::{severity_class, FindingItem};
use crate::widgets::form::PanelHeading;

#[component]
pub fn ClusterPanel() -> impl IntoView {
    let cluster = ClusterStore::get();
    open_tab_on_new_state(cluster);
    view! {
        <section class="panel cluster" aria-label="Cluster state" data-testid="cluster-panel">
            <PanelHeading text="Cluster state"/>
            {move || match cluster.opened.get() {
                None => empty().into_any(),
                Some(_) => view! { <Operators cluster=cluster/> }.into_any(),
            }}
        </section>
    }
}

/// Newly opened cluster state opens this tab.
fn open_tab_on_new_state(cluster: ClusterStore) {
    let Some(ws) = Workspace::try_get() else {
        return;
    };
    Effect::new(move |prev: Option<()>| {
        let opened = cluster.opened.with(Option::is_some);
        if prev.is_some() && opened {
            ws.open(InspectorTab::Cluster);
        }
    });
}

fn empty() -> impl IntoView {
    view! {
        <div class="notice" data-testid="cluster-empty">
            <p>"Open a cluster's own objects the way you open a catalog (Open files, Open folder, paste or drop): the YAML or JSON that "
                <code>"oc get subscriptions,clusterserviceversions,installplans,operatorgroups -n NAMESPACE -o yaml"</code>
                " prints, ClusterExtensions, or a must-gather folder. Each operator is joined to the catalog on screen; with a series folder open as well (one catalog per OpenShift version, from the Plan tab), each ClusterCatalog is served by the series' catalog of the version its image names, and a ClusterExtension takes its path across them."</p>
            <p class="note">"The files are read in this page; nothing is sent anywhere."</p>
        </div>
    }
}

/// The state's summary, its operators, the reading problems and the chosen one's report.
#[component]
fn Operators(cluster: ClusterStore) -> impl IntoView {
    let summary = move || {
        let label = cluster.opened.with(|o| o.as_ref().map(|o| o.label.clone()));
        let count = cluster
            .diagnosis
            .with(|d| d.as_ref().map_or(0, |d| d.operators.len()));
        let skipped = cluster
            .diagnosis
            .with(|d| d.as_ref().map_or(0, |d| d.skipped.values().sum::<usize>()));
        let mut s = format!(
            "{}: {count} operator{}",
            label.unwrap_or_default(),
            if count == 1 { "" } else { "s" }
        );
        if skipped > 0 {
            s.push_str(&format!(
                ", {skipped} other object{} skipped",
                if skipped == 1 { "" } else { "s" }
            ));
        }
        s
    };
    let list = move || {
        let d = cluster.diagnosis.get()?;
        let items = d
            .operators
            .iter()
            .enumerate()
            .map(|(i, r)| operator_item(cluster, i, r))
            .collect_view();
        Some(view! { <ul class="cluster-operators" aria-label="Operators">{items}</ul> })
    };
    let problems = move || {
        let d = cluster.diagnosis.get()?;
        (!d.diagnostics.is_empty()).then(|| {
            let items = d.diagnostics.iter().cloned().map(|d| view! { <FindingItem d=d/> }).collect_view();
            view! {
                <details class="cluster-problems" data-testid="cluster-problems">
                    <summary>{format!("{} problem{} reading the state", d.diagnostics.len(), if d.diagnostics.len() == 1 { "" } else { "s" })}</summary>
                    <ul class="findings compact">{items}</ul>
                </details>
            }
        })
    };
    let joins = move || {
        let joins = cluster.joins.get();
        (!joins.is_empty()).then(|| {
            let text = joins
                .iter()
                .map(|(name, label)| format!("{name} ← {label}"))
                .collect::<Vec<_>>()
                .join(", ");
            view! { <p class="note" data-testid="cluster-series-joins">{format!("ClusterCatalogs served by the series: {text}")}</p> }
        })
    };
    view! {
        <p class="note" data-testid="cluster-summary">{summary}</p>
        {joins}
        {list}
        {problems}
        {move || cluster.chosen_report().map(report_view)}
    }
}

/// The badge class of a verdict: red for a failure, amber for something to do, green at the
/// latest bundle.
fn state_badge(state: State) -> &'static str {
    match state {
        State::FailedStuck
        | State::FailedFailForward
        | State::ResolutionFailed
        | State::NotInCatalog
        | State::CatalogUnhealthy => "badge error",
        State::UpgradeAvailable | State::AwaitingApproval | State::Upgrading => "badge warning",
        State::AtLatest => "badge head",
        State::NotInstalled => "badge default",
    }
}

fn kind_of(r: &OperatorReport) -> &'static str {
    match r.api {
        Api::V0 => "Subscription",
        Api::V1 => "ClusterExtension",
    }
}

fn operator_item(cluster: ClusterStore, i: usize, r: &OperatorReport) -> impl IntoView {
    let state = r.state.as_str();
    let chosen = move || cluster.chosen.get() == Some(i);
    let title = format!("{} {}/{}", kind_of(r), r.namespace, r.name);
    let installed = r
        .installed
        .clone()
        .unwrap_or_else(|| "nothing installed".into());
    let report = r.clone();
    view! {
        <li>
            <button class="cluster-operator" type="button" data-testid="cluster-operator"
                data-state=state aria-pressed=move || chosen().to_string()
                on:click=move |_| choose(i, &report)>
                <span class=state_badge(r.state)>{state}</span>
                <span class="cluster-operator-name">{title}</span>
                <span class="cluster-operator-sub">{format!("{} · {installed}", r.package)}</span>
            </button>
        </li>
    }
}

/// Shows an operator: its package and channel, the installed bundle, its path on the graph.
fn choose(i: usize, r: &OperatorReport) {
    let stores = Stores::get();
    stores.cluster.chosen.set(Some(i));
    stores.simulation.route.set(None);
    let catalog = stores.load.loaded.get_untracked();
    let catalog = catalog.as_ref().map(|l| &l.catalog);
    if catalog.is_some_and(|c| c.package(&r.package).is_some()) {
        stores.selection.select_package(&r.package);
        stores.selection.select_channel(channel_of(r, catalog));
    }
    stores.graph.installed.set(r.installed.clone());
    reveal_report();
    let overlay = match (&r.upgrade, &r.across) {
        (Some(path), _) => Some(PathOverlay::from_path(path)),
        (None, Some(across)) => Some(PathOverlay::from_catalogs_path(across)),
        (None, None) => None,
    };
    if let Some(overlay) = overlay {
        // Drawn once the package change has settled (a new package clears any route drawn).
        let route = Shared::new(overlay);
        set_timeout(
            move || {
                if stores.cluster.chosen.get_untracked() == Some(i) {
                    stores.simulation.route.set(Some(route));
                }
            },
            std::time::Duration::ZERO,
        );
    }
}

/// One operator's report: the verdict and why, the failure, the commands, then the rest.
fn report_view(r: OperatorReport) -> impl IntoView {
    let state = r.state.as_str();
    let fact = |k: &'static str, v: Option<String>| v.map(|v| view! { <dt>{k}</dt><dd>{v}</dd> });
    let installed = r.installed.clone().map(|i| match &r.installed_version {
        Some(v) => format!("{i} ({v})"),
        None => i,
    });
    view! {
        <article class="cluster-report" data-testid="cluster-report" data-state=state
            aria-label=format!("{} {}/{}", kind_of(&r), r.namespace, r.name)>
            <h3 class="cluster-report-title">
                <span class=state_badge(r.state)>{state}</span>" "
                {format!("{} {}", kind_of(&r), r.name)}
            </h3>
            <p class="cluster-explanation" data-testid="cluster-explanation">{r.explanation.clone()}</p>
            {failed_view(&r)}
            {across_view(&r)}
            {commands_view(&r.commands)}
            {resolution_view(&r)}
            {findings_view(&r)}
            <dl class="facts">
                {fact("namespace", Some(r.namespace.clone()))}
                {fact("package", Some(r.package.clone()))}
                {fact("channel", r.channel.clone())}
                {fact("catalog", r.catalog.clone())}
                {fact("installed", installed)}
                {fact("strategy", r.strategy.clone())}
                {fact("approval", r.approval.clone())}
                {fact("next", r.next.clone())}
            </dl>
        </article>
    }
}

/// Brings the chosen operator's report to the top of the inspector, once drawn.
fn reveal_report() {
    request_animation_frame(|| {
        let report = document()
            .query_selector("[data-testid=cluster-report]")
            .ok()
            .flatten();
        if let Some(e) = report {
            e.scroll_into_view_with_bool(true);
        }
    });
}

fn failed_view(r: &OperatorReport) -> Option<impl IntoView> {
    let f = r.failed.as_ref()?;
    let what = format!(
        "{} {} failed: {}",
        f.kind,
        f.bundle.as_deref().unwrap_or("?"),
        f.reason
    );
    Some(view! {
        <div class="notice error cluster-failed" data-testid="cluster-failed" data-kind=f.kind>
            <strong>{what}</strong>
            {(!f.message.is_empty()).then(|| view! { <p class="cluster-message">{f.message.clone()}</p> })}
        </div>
    })
}

/// A path across several catalogs (OLM v1), hop by hop, each with the catalog it comes from,
/// as `olm-graph path --catalog-priority` prints it; the same hops are drawn on the graph.
fn across_view(r: &OperatorReport) -> Option<impl IntoView> {
    let path = r.across.as_ref()?;
    let overlay = PathOverlay::from_catalogs_path(path);
    let hops = overlay
        .hops
        .iter()
        .map(|h| {
            let catalog = h.catalog.clone().unwrap_or_default();
            view! {
                <li data-testid="cluster-across-hop" data-from=h.from.clone() data-to=h.to.clone()
                    data-catalog=catalog.clone()>
                    <span class="cluster-hop-bundles">{format!("{} → {}", h.from, h.to)}</span>
                    <span class="cluster-hop-catalog">{format!(" from {catalog}")}</span>
                    <span class="note">{format!(" ({})", h.reasons)}</span>
                </li>
            }
        })
        .collect_view();
    Some(view! {
        <section class="cluster-across" aria-label="Path across catalogs" data-testid="cluster-across">
            <h4 class="subheading">"Path across catalogs"</h4>
            <p class="note">{overlay.caption.clone()}</p>
            <ol>{hops}</ol>
        </section>
    })
}

fn resolution_view(r: &OperatorReport) -> Option<impl IntoView> {
    let res = r.resolution.as_ref()?;
    let clauses = res
        .clauses
        .iter()
        .map(|c| view! { <li>{c.clone()}</li> })
        .collect_view();
    Some(view! {
        <div class="cluster-resolution" data-testid="cluster-resolution">
            <p><strong>{format!("ResolutionFailed ({})", res.reason)}</strong></p>
            <p class="cluster-message">{res.message.clone()}</p>
            {(!res.clauses.is_empty()).then(|| view! { <ul class="cluster-clauses">{clauses}</ul> })}
        </div>
    })
}

fn findings_view(r: &OperatorReport) -> Option<impl IntoView> {
    (!r.findings.is_empty()).then(|| {
        let items = r
            .findings
            .iter()
            .map(|f| {
                let sev = severity_class(f.severity);
                view! {
                    <li class="cluster-finding" data-code=f.code.as_str()>
                        <span class=format!("sev sev-{sev}")>{sev}</span>
                        <span>{f.message.clone()}</span>
                    </li>
                }
            })
            .collect_view();
        view! { <ul class="cluster-findings" data-testid="cluster-findings" aria-label="Findings">{items}</ul> }
    })
}

/// The commands, each in its own block with a copy button.
fn commands_view(commands: &[String]) -> Option<impl IntoView> {
    if commands.is_empty() {
        return None;
    }
    let items = commands
        .iter()
        .enumerate()
        .map(|(k, c)| command_item(k + 1, c.clone()))
        .collect_view();
    Some(view! {
        <section class="cluster-commands" aria-label="Commands">
            <h4 class="subheading">"Commands"</h4>
            <ol data-testid="cluster-commands">{items}</ol>
        </section>
    })
}

fn command_item(n: usize, command: String) -> impl IntoView {
    let copied: RwSignal<Option<bool>> = RwSignal::new(None);
    let text = command.clone();
    let copy = move |_| {
        let text = text.clone();
        spawn_local(async move { copied.set(Some(copy_text(&text).await)) });
    };
    view! {
        <li class="cluster-command">
            <pre data-testid="cluster-command">{command}</pre>
            <button class="button" type="button" data-testid="cluster-copy"
                aria-label=format!("Copy command {n}") on:click=copy>"Copy"</button>
            {move || copied.get().map(|ok| view! {
                <span class="note" role="status">{if ok { "Copied." } else { "The clipboard is not available: select the text and copy it." }}</span>
            })}
        </li>
    }
}
