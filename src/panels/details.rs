//! The details panel: the selected bundle (name, version, image, channels, its entries'
//! replaces / skips / skipRange, incoming and outgoing edges, deprecations, CSV metadata and
//! its findings), or the package when no bundle is selected. For a bundle a catalog template
//! names only by image, where its name, version and package came from (a bundle source, its
//! name in the template, the image tag), and whether it is a stub. Catalog text is rendered as
//! text. The CRD safety of its upgrades (core's verdicts on the shown graph's edges) when an
//! OLM refuses one or cannot judge it.

use leptos::prelude::*;
use olm_graph_core::crd::{Brief, Verdict};
use olm_graph_core::graph::EdgeKind;
use olm_graph_core::model::{BundleFacts as TemplateFacts, FactSource, ImageMatch};
use olm_graph_core::sort::SortWith;
use olm_graph_core::view::{
    bundle_details, BundleDetails, DeprecationScope, EdgeDetails, EntryDetails,
};
use olm_graph_core::Diagnostic;

use crate::state::graph::GraphStore;
use crate::state::selection::{ChannelChoice, Selection};
use crate::state::simulation::SimulationStore;
use crate::state::workspace::{InspectorTab, Workspace};
use crate::widgets::finding::FindingItem;
use crate::widgets::form::ActionButton;
use crate::widgets::icon::PackageIcon;

/// Edge lists longer than this are folded.
const FOLD_EDGES: usize = 12;

#[component]
pub fn DetailsPanel() -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    let details = Memo::new(move |_| {
        let name = selection.bundle.get()?;
        let data = graph.package_data.get()?;
        bundle_details(data.package(), &data.graphs, &data.loaded.findings, &name)
    });
    // Focusable: it scrolls, and keyboard users scroll it.
    view! {
        <section class="details-panel" data-testid="details-panel" aria-label="Details" aria-live="polite" tabindex="0">
            {move || match details.get() {
                Some(d) => view! { <BundleView d=d/> }.into_any(),
                None => view! { <PackageView/> }.into_any(),
            }}
        </section>
    }
}

/// The package overview shown when no bundle is selected.
#[component]
fn PackageView() -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    move || {
        let Some(data) = graph.package_data.get() else {
            return view! { <p class="hint">"Load a catalog and choose a package."</p> }.into_any();
        };
        let missing = selection.bundle.get();
        let p = data.package();
        let summary = data.loaded.summaries.get(data.index).cloned();
        view! {
            <div class="package-overview">
                <div class="details-head">
                    <PackageIcon icon=p.icon.clone() label=p.name.clone()/>
                    <div>
                        <h2 class="panel-heading details-title">{p.name.clone()}</h2>
                        <div class="subtitle">"package"</div>
                    </div>
                </div>
                {missing.map(|b| view! { <p class="notice">{format!("Bundle {b:?} is not in this package.")}</p> })}
                {p.deprecations.package.clone().map(|m| view! {
                    <div class="notice deprecated"><strong>"Deprecated package: "</strong>{m.trim().to_string()}</div>
                })}
                <dl class="facts">
                    <dt>"Default channel"</dt>
                    <dd>{p.default_channel.clone().unwrap_or_else(|| "(none)".into())}</dd>
                    <dt>"Channels"</dt>
                    <dd>{data.channels.len()}</dd>
                    <dt>"Bundles"</dt>
                    <dd>{p.bundles.len()}</dd>
                    {p.template.clone().map(|t| view! {
                        <dt>"From template"</dt>
                        <dd data-field="template" class="mono wrap">{format!("{} ({})", t.file, t.schema)}</dd>
                    })}
                    {summary.map(|s| view! {
                        <dt>"Findings"</dt>
                        <dd>{format!("{} errors, {} warnings", s.errors, s.warnings)}</dd>
                    })}
                </dl>
                {p.description.clone().filter(|d| !d.trim().is_empty()).map(|d| view! {
                    <h3>"Description"</h3>
                    <div class="description" tabindex="0">{d}</div>
                })}
                <p class="hint">"Click a bundle in the graph to see its entries, edges, metadata and findings."</p>
            </div>
        }
        .into_any()
    }
}

fn scope_text(scope: DeprecationScope, channel: &Option<String>) -> String {
    match scope {
        DeprecationScope::Bundle => "Deprecated bundle".into(),
        DeprecationScope::LegacyProperty => "Legacy olm.deprecated".into(),
        DeprecationScope::Channel => format!(
            "Deprecated channel {}",
            channel.as_deref().unwrap_or_default()
        ),
        DeprecationScope::Package => "Deprecated package".into(),
    }
}

#[component]
fn BundleView(d: BundleDetails) -> impl IntoView {
    view! {
        <div class="bundle-details" data-details-bundle=d.name.clone()>
            <BundleHead d=d.clone()/>
            {d.deprecations.iter().map(|n| view! {
                <div class="notice deprecated" data-field="deprecation">
                    <strong>{format!("{}: ", scope_text(n.scope, &n.channel))}</strong>
                    {n.message.clone()}
                </div>
            }).collect_view()}
            <BundleFacts d=d.clone()/>
            <SupportFacts name=d.name.clone()/>
            <FactSources name=d.name.clone()/>
            {csv_metadata(&d)}
            <h3>"Entries"</h3>
            {entries(d.entries.clone())}
            <CrdSafety name=d.name.clone()/>
            <EdgeList title="Upgrades into it (incoming)" field="incoming" edges=d.incoming.clone() arrow="←"/>
            <EdgeList title="Upgrades from it (outgoing)" field="outgoing" edges=d.outgoing.clone() arrow="→"/>
            {findings(d.findings)}
        </div>
    }
}

#[component]
fn BundleHead(d: BundleDetails) -> impl IntoView {
    let selection = Selection::get();
    view! {
        <div class="details-head">
            <div class="grow">
                <h2 class="panel-heading details-title" data-field="name">{d.name.clone()}</h2>
                <div class="subtitle">
                    {if d.in_catalog { "bundle" } else { "not a bundle of this catalog (only named by replaces/skips)" }}
                    {(!d.head_of.is_empty()).then(|| view! {
                        <span class="badge head">{format!("head of {}", d.head_of.join(", "))}</span>
                    })}
                </div>
            </div>
            <button class="button icon" aria-label="Close the details" title="Close (Esc in the graph)"
                on:click=move |_| selection.select_bundle(None)>"×"</button>
        </div>
        <BundleActions name=d.name.clone()/>
    }
}

/// One-click tasks on the selected bundle: simulate or plan an upgrade starting from it.
#[component]
fn BundleActions(name: String) -> impl IntoView {
    let Some(ws) = Workspace::try_get() else {
        return ().into_any();
    };
    let sim = SimulationStore::get();
    let from = name.clone();
    let simulate = Callback::new(move |()| {
        let installed = from.clone();
        sim.inputs.update(|i| i.installed = installed);
        // Once the new result has reset the playback, show the whole path painted.
        request_animation_frame(move || sim.step.set(sim.total()));
        ws.open(InspectorTab::Simulate);
        ws.reveal_outcome.update(|n| *n += 1);
    });
    let plan = Callback::new(move |()| {
        ws.plan_from.set(Some(name.clone()));
        ws.open(InspectorTab::Plan);
    });
    view! {
        <div class="details-actions" role="group" aria-label="Start from this bundle">
            <ActionButton testid="simulate-from-selection" primary=true on_click=simulate
                title="Take this bundle as the installed one and simulate its upgrades">"Simulate from here"</ActionButton>
            <ActionButton testid="plan-from-selection" on_click=plan
                title="Plan an upgrade route starting from this bundle">"Plan from here"</ActionButton>
        </div>
    }
    .into_any()
}

#[component]
fn BundleFacts(d: BundleDetails) -> impl IntoView {
    let selection = Selection::get();
    let channels = if d.channels.is_empty() {
        view! { <span class="muted">"(no entry in any channel)"</span> }.into_any()
    } else {
        d.channels
            .into_iter()
            .map(|c| {
                let pick = c.clone();
                let title = format!("Show channel {c}");
                view! {
                    <button class="chip" title=title
                        on:click=move |_| selection.select_channel(ChannelChoice::Named(pick.clone()))>{c}</button>
                }
            })
            .collect_view()
            .into_any()
    };
    view! {
        <dl class="facts">
            <dt>"Version"</dt>
            <dd data-field="version">{d.version.clone().unwrap_or_else(|| "unknown".into())}</dd>
            {d.release.clone().map(|r| view! { <dt>"Release"</dt><dd>{r}</dd> })}
            <dt>"Image"</dt>
            <dd data-field="image" class="mono wrap">{d.image.clone().unwrap_or_else(|| "(none)".into())}</dd>
            <dt>"Channels"</dt>
            <dd data-field="channels" class="chips">{channels}</dd>
        </dl>
    }
}

/// With the lifecycle overlay on: the bundle's support phase, its end, the stream's end of
/// life and (with a platform) whether it runs there, as core's facts give them.
#[component]
fn SupportFacts(name: String) -> impl IntoView {
    let graph = GraphStore::get();
    move || {
        let overlay = graph.support.get()?;
        let f = overlay.facts(&name)?.clone();
        let as_of = overlay.as_of.clone();
        let phase = f
            .phase
            .clone()
            .unwrap_or_else(|| "no lifecycle data".into());
        let compatible = as_of.platform.clone().map(|p| {
            let word = match f.compatible {
                Some(true) => "yes",
                Some(false) => "no",
                None => "no data",
            };
            view! { <dt>{format!("Runs on OpenShift {p}")}</dt><dd data-field="compatible">{word}</dd> }
        });
        Some(view! {
            <dl class="facts" data-testid="details-support">
                <dt>{format!("Support on {}", as_of.date)}</dt>
                <dd data-field="phase">{phase}</dd>
                {f.phase_ends.map(|d| view! { <dt>"Phase ends"</dt><dd data-field="phase-ends">{d.to_string()}</dd> })}
                {f.end_of_life.map(|d| view! { <dt>"End of life"</dt><dd data-field="end-of-life">{d.to_string()}</dd> })}
                {compatible}
            </dl>
        })
    }
}

/// Where a fact about a template's bundle came from, in words.
pub fn fact_source_text(source: &FactSource) -> String {
    match source {
        FactSource::BundleSource { file, matched_by } => {
            let how = match matched_by {
                ImageMatch::Exact => "the same image reference",
                ImageMatch::Digest => "the same digest",
                ImageMatch::Tag => "the same repository and tag",
            };
            format!("bundle source {file} ({how})")
        }
        FactSource::BundleName => "its name in the template (.v<version> suffix)".into(),
        FactSource::ImageTag => "the image tag".into(),
        FactSource::TemplatePackage => "the template's olm.package".into(),
    }
}

/// The short kind of a fact's source, for `data-source`.
fn fact_source_kind(source: &FactSource) -> &'static str {
    match source {
        FactSource::BundleSource { .. } => "bundle-source",
        FactSource::BundleName => "bundle-name",
        FactSource::ImageTag => "image-tag",
        FactSource::TemplatePackage => "template-package",
    }
}

/// For a bundle a catalog template names only by image: where each fact came from.
#[component]
fn FactSources(name: String) -> impl IntoView {
    let graph = GraphStore::get();
    let facts = move || -> Option<TemplateFacts> {
        let data = graph.package_data.get()?;
        data.package().bundle(&name)?.facts.clone()
    };
    move || {
        facts().map(|f| {
            let row = |label: &'static str, field: &'static str, s: Option<FactSource>| {
                let kind = s.as_ref().map_or("unknown", fact_source_kind);
                let text = s.as_ref().map_or_else(|| "unknown".to_string(), fact_source_text);
                view! { <dt>{label}</dt><dd data-field=field data-source=kind>{text}</dd> }
            };
            view! {
                <h3>"From the template"</h3>
                <dl class="facts" data-field="facts">
                    {row("Name from", "fact-name", f.name)}
                    {row("Version from", "fact-version", f.version)}
                    {row("Package from", "fact-package", f.package)}
                </dl>
                {f.stub.then(|| view! {
                    <p class="notice" data-field="stub">"A stub: no bundle source has this image, so the rendered FBC has only its schema, package, name and image. Load the rendered catalog as a bundle source for the whole bundle."</p>
                })}
            }
        })
    }
}

fn csv_metadata(d: &BundleDetails) -> Option<impl IntoView> {
    let has_csv = d.display_name.is_some()
        || d.description.is_some()
        || d.min_kube_version.is_some()
        || d.provider.is_some()
        || d.max_openshift_version.is_some();
    has_csv.then(|| view! {
        <h3>"CSV metadata"</h3>
        <dl class="facts">
            {d.display_name.clone().map(|v| view! { <dt>"Display name"</dt><dd data-field="display-name">{v}</dd> })}
            {d.provider.clone().map(|v| view! { <dt>"Provider"</dt><dd>{v}</dd> })}
            {d.min_kube_version.clone().map(|v| view! { <dt>"minKubeVersion"</dt><dd data-field="min-kube-version">{v}</dd> })}
            {d.max_openshift_version.clone().map(|v| view! { <dt>"maxOpenShiftVersion"</dt><dd>{v}</dd> })}
        </dl>
        {d.description.clone().map(|v| view! { <div class="description" data-field="description" tabindex="0">{v}</div> })}
    })
}

fn entries(entries: Vec<EntryDetails>) -> AnyView {
    if entries.is_empty() {
        return view! { <p class="muted">"No channel has an entry for it."</p> }.into_any();
    }
    let dash = |s: Option<String>| s.unwrap_or_else(|| "—".into());
    view! {
        <ul class="entries" data-field="entries">
            {entries.into_iter().map(|e| view! {
                <li class="entry" data-entry-channel=e.channel.clone()>
                    <div class="entry-channel">{e.channel.clone()}</div>
                    <dl class="facts entry-facts">
                        <dt>"replaces"</dt>
                        <dd class="mono">{dash(e.replaces)}</dd>
                        <dt>"skips"</dt>
                        <dd class="mono">{dash(Some(e.skips.join(", ")).filter(|s| !s.is_empty()))}</dd>
                        <dt>"skipRange"</dt>
                        <dd class="mono">{dash(e.skip_range)}</dd>
                    </dl>
                </li>
            }).collect_view()}
        </ul>
    }
    .into_any()
}

fn findings(findings: Vec<Diagnostic>) -> impl IntoView {
    let n = findings.len();
    let list = if findings.is_empty() {
        view! { <p class="muted" data-field="findings">"None."</p> }.into_any()
    } else {
        view! {
            <ul class="findings compact" data-field="findings">
                {findings.into_iter().map(|f| view! { <FindingItem d=f/> }).collect_view()}
            </ul>
        }
        .into_any()
    };
    view! { <h3>{format!("Findings ({n})")}</h3>{list} }
}

/// The upgrades into and out of `name`, among the shown graph's edges, that an OLM refuses for
/// their CRDs or cannot judge (core's verdicts on the view's edges): each with OLM v1's and OLM
/// v0's verdict and message, as text. Nothing when all are safe or none was judged.
#[component]
fn CrdSafety(name: String) -> impl IntoView {
    let graph = GraphStore::get();
    move || {
        let view = graph.view.get()?;
        let rows: Vec<_> = view
            .edges()
            .iter()
            .filter_map(|e| {
                let (from, to) = (&view.nodes()[e.from].name, &view.nodes()[e.to].name);
                let s = e.crd_safety.as_ref()?;
                let judged = [&s.olm_v1, &s.olm_v0];
                let flagged = judged.iter().any(|b| b.verdict != Verdict::Safe);
                (flagged && (*from == name || *to == name))
                    .then(|| (from.clone(), to.clone(), s.clone()))
            })
            .collect();
        (!rows.is_empty()).then(|| {
            view! {
                <h3>"CRD safety"</h3>
                <ul class="crd-safety-list" data-field="crd-safety">
                    {rows.into_iter().map(|(from, to, s)| view! {
                        <li data-from=from.clone() data-to=to.clone()>
                            <span class="mono">{format!("{from} → {to}")}</span>
                            {crd_brief("OLM v1", &s.olm_v1)}
                            {crd_brief("OLM v0", &s.olm_v0)}
                        </li>
                    }).collect_view()}
                </ul>
            }
        })
    }
}

/// One OLM's verdict on an upgrade, and its message (catalog text, rendered as text).
fn crd_brief(olm: &'static str, b: &Brief) -> impl IntoView {
    let class = format!("crd-verdict crd-{}", b.verdict.as_str());
    view! {
        <div class=class data-olm=olm>
            <strong>{format!("{olm}: {}", b.verdict.as_str())}</strong>
            {(!b.message.is_empty()).then(|| view! { <pre class="crd-message">{b.message.clone()}</pre> })}
        </div>
    }
}

fn kind_order(k: EdgeKind) -> u8 {
    match k {
        EdgeKind::Replaces => 0,
        EdgeKind::Skips => 1,
        EdgeKind::SkipRange => 2,
    }
}

#[component]
fn EdgeList(
    title: &'static str,
    field: &'static str,
    mut edges: Vec<EdgeDetails>,
    arrow: &'static str,
) -> impl IntoView {
    let selection = Selection::get();
    edges.sort_with(|a, b| {
        (kind_order(a.kind), &a.other, &a.channel).cmp(&(kind_order(b.kind), &b.other, &b.channel))
    });
    let n = edges.len();
    let row = move |e: EdgeDetails| {
        let other = e.other.clone();
        view! {
            <li class=format!("edge-row kind-{}", e.kind.css_class())>
                <span class=format!("kind-tag kind-{}", e.kind.css_class())>{e.kind.as_str()}</span>
                <span class="arrow" aria-hidden="true">{arrow}</span>
                <button class="link mono" title=format!("Select {}", e.other)
                    on:click=move |_| selection.select_bundle(Some(other.clone()))>{e.other.clone()}</button>
                <span class="muted">{format!(" in {}", e.channel)}</span>
                {e.range.map(|r| view! { <span class="muted mono">{format!(" ({r})")}</span> })}
            </li>
        }
    };
    let rest = edges.split_off(n.min(FOLD_EDGES));
    view! {
        <h3>{format!("{title} ({n})")}</h3>
        <ul class="edge-list" data-field=field>
            {(n == 0).then(|| view! { <li class="muted">"None."</li> })}
            {edges.into_iter().map(row).collect_view()}
        </ul>
        {(!rest.is_empty()).then(|| {
            let more = rest.len();
            view! {
                <details class="more">
                    <summary>{format!("{more} more")}</summary>
                    <ul class="edge-list">{rest.into_iter().map(row).collect_view()}</ul>
                </details>
            }
        })}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn fact_sources_in_words() {
        let source = FactSource::BundleSource {
            file: "v4.22/catalog.json".into(),
            matched_by: ImageMatch::Digest,
        };
        assert_eq!(
            fact_source_text(&source),
            "bundle source v4.22/catalog.json (the same digest)"
        );
        assert_eq!(fact_source_kind(&source), "bundle-source");
        assert_eq!(fact_source_text(&FactSource::ImageTag), "the image tag");
        assert_eq!(fact_source_kind(&FactSource::BundleName), "bundle-name");
    }
}
