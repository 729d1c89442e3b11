//! The catalog-switch comparison: a second catalog (for example the next OpenShift version's
//! catalog image) beside the one on screen, and for the package on screen what changes from
//! the old to the new: bundles, channels, heads, edges, deprecations, and for every old bundle
//! taken as installed what happens after the switch (`upgradable` with its path, `up-to-date`,
//! `stranded`, `channel-removed`, `deprecated`). Core compares (`lifecycle::diff_package`).
//!
//! Test hooks: `compare-file-input`, `compare-url-input`, `compare-label`, `diff-direction`,
//! `diff-channel`, `diff-resolver`, `diff-changes`, `diff-table` whose rows (`diff-row`) carry
//! `data-bundle`, `data-channel`, `data-status` and `data-path` (names joined by spaces),
//! `diff-counts` with `data-<status>` counts.

use leptos::html;
use leptos::prelude::*;
use olm_graph_core::lifecycle::diff::FATES;
use olm_graph_core::lifecycle::{
    diff_package, diff_series, group_by_folder, DiffOptions, Fate, PackageDiff, SeriesStep,
};
use olm_graph_core::load::load_files_with;
use olm_graph_core::resolve::Resolver;
use olm_graph_core::{Catalog, InputFile, LoadOptions};

use olm_graph_core::view::natural_cmp;

use crate::loader::{Loader, Target};
use crate::sources;
use crate::state::{AppState, Shared};
use crate::worker_client::FileText;

/// What a status means, for its tooltip.
pub fn fate_hint(f: Fate) -> &'static str {
    match f {
        Fate::Upgradable => "the new catalog has a way forward (the path shows it)",
        Fate::UpToDate => "the bundle is its channel's head in the new catalog",
        Fate::Stranded => {
            "not the head and no way forward: the cluster is stuck on it (terminated)"
        }
        Fate::Deprecated => "no way forward, and the new catalog deprecates the bundle",
        Fate::ChannelRemoved => {
            "the subscription's channel (or the package) is gone from the new catalog"
        }
    }
}

/// How many old bundles end in each status.
pub fn fate_counts(d: &PackageDiff) -> Vec<(Fate, usize)> {
    FATES.iter().map(|&f| (f, d.count(f))).collect()
}

fn change_list(title: String, items: Vec<String>) -> impl IntoView {
    let n = items.len();
    (n > 0).then(|| {
        view! {
            <details class="diff-change">
                <summary>{format!("{title} ({n})")}</summary>
                <ul class="name-list">{items.into_iter().map(|i| view! { <li><code>{i}</code></li> }).collect_view()}</ul>
            </details>
        }
    })
}

/// Parses the files of a picked folder as a series: one catalog per subfolder, in version
/// order (directory semantics: only .json, .yaml and .yml files count, `.indexignore` applies).
pub fn parse_series(files: Vec<InputFile>) -> Result<Vec<(String, Catalog)>, String> {
    let groups = group_by_folder(files);
    if groups.len() < 2 {
        return Err("a series needs a folder with at least two subfolders, one catalog each (for example v4.12/ and v4.13/)".into());
    }
    Ok(groups
        .into_iter()
        .map(|(label, files)| {
            let c = load_files_with(
                files,
                LoadOptions {
                    only_catalog_extensions: true,
                },
            );
            (label, c)
        })
        .collect())
}

fn series_table(steps: &[SeriesStep], selected: RwSignal<Option<usize>>) -> impl IntoView {
    view! {
        <table class="diff-table series-table" data-testid="series-table">
            <thead><tr>
                <th>"Switch"</th>
                {FATES.iter().map(|f| view! { <th title=fate_hint(*f)>{f.as_str()}</th> }).collect_view()}
                <th>"Bundles"</th><th>"Channels"</th><th>"Heads moved"</th>
            </tr></thead>
            <tbody>
                {steps.iter().enumerate().map(|(i, s)| {
                    let d = s.diff.as_ref().ok();
                    let pm = |a: usize, r: usize| format!("+{a} −{r}");
                    let trouble = s.count(Fate::Stranded) + s.count(Fate::Deprecated) + s.count(Fate::ChannelRemoved) > 0;
                    view! {
                        <tr data-testid="series-row" data-from=s.from.clone() data-to=s.to.clone()
                            data-stranded=s.count(Fate::Stranded).to_string()
                            data-upgradable=s.count(Fate::Upgradable).to_string()
                            class:selected=move || selected.get() == Some(i)
                            class:trouble=trouble>
                            <td><button class="link" data-testid="series-step" title="Show this switch bundle by bundle"
                                on:click=move |_| selected.set(Some(i))>{format!("{} → {}", s.from, s.to)}</button></td>
                            {match &s.diff {
                                Ok(_) => FATES.iter().map(|f| {
                                    let n = s.count(*f);
                                    view! { <td><span class=format!("fate fate-{}", f.as_str()) class:zero=n == 0>{n}</span></td> }
                                }).collect_view().into_any(),
                                Err(e) => view! { <td colspan="5" class="muted">{e.clone()}</td> }.into_any(),
                            }}
                            <td>{d.map(|d| pm(d.bundles_added.len(), d.bundles_removed.len()))}</td>
                            <td>{d.map(|d| pm(d.channels_added.len(), d.channels_removed.len()))}</td>
                            <td>{d.map(|d| d.heads_moved.len().to_string())}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
}

/// Everything a comparison shows: the status counts, the changes, and one row per old bundle.
fn diff_details(state: AppState, d: &PackageDiff) -> AnyView {
    let counts = fate_counts(d);
    let heads: Vec<String> = d
        .heads_moved
        .iter()
        .map(|h| {
            format!(
                "{}: {} → {}",
                h.channel,
                h.old.as_deref().unwrap_or("none"),
                h.new.as_deref().unwrap_or("none")
            )
        })
        .collect();
    let edge = |e: &olm_graph_core::lifecycle::diff::EdgeChange| {
        format!("{}: {} → {} ({})", e.channel, e.from, e.to, e.kind.as_str())
    };
    view! {
            <div class="diff-counts" data-testid="diff-counts"
                data-upgradable=counts[0].1.to_string() data-up-to-date=counts[1].1.to_string()
                data-stranded=counts[2].1.to_string() data-deprecated=counts[3].1.to_string()
                data-channel-removed=counts[4].1.to_string()>
                {counts.iter().map(|(f, n)| view! {
                    <span class=format!("fate fate-{}", f.as_str()) class:zero=*n == 0 title=fate_hint(*f)>{format!("{n} {}", f.as_str())}</span>
                }).collect_view()}
            </div>
            <div class="diff-changes" data-testid="diff-changes">
                {change_list("Bundles added".into(), d.bundles_added.clone())}
                {change_list("Bundles removed".into(), d.bundles_removed.clone())}
                {change_list("Channels added".into(), d.channels_added.clone())}
                {change_list("Channels removed".into(), d.channels_removed.clone())}
                {change_list("Heads moved".into(), heads)}
                {change_list("Edges added".into(), d.edges_added.iter().map(edge).collect())}
                {change_list("Edges removed".into(), d.edges_removed.iter().map(edge).collect())}
                {change_list("Deprecations added".into(), d.deprecations_added.clone())}
            </div>
            <table class="diff-table" data-testid="diff-table">
                <thead><tr><th>"Installed (old catalog)"</th><th>"Channel"</th><th>"After the switch"</th><th>"Path in the new catalog"</th></tr></thead>
                <tbody>
                    {d.fates.iter().map(|f| {
                        let b = f.bundle.clone();
                        let path = if f.path.len() > 1 { f.path[1..].join(" → ") } else { String::new() };
                        view! {
                            <tr data-testid="diff-row" data-bundle=f.bundle.clone() data-channel=f.channel.clone()
                                data-status=f.status.as_str() data-path=f.path.join(" ")
                                title=f.note.clone().unwrap_or_default()>
                                <td><button class="link" title="Select it on the graph" on:click=move |_| state.select_bundle(Some(b.clone()))>{f.bundle.clone()}</button></td>
                                <td>{f.channel.clone()}</td>
                                <td><span class=format!("fate fate-{}", f.status.as_str()) title=fate_hint(f.status)>{f.status.as_str()}</span></td>
                                <td class="path">{path}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        }
    .into_any()
}

/// The panel.
#[component]
pub fn DiffPanel() -> impl IntoView {
    let state = AppState::get();
    let loader = Loader::get();
    let url_input = NodeRef::<html::Input>::new();
    // true: the catalog on screen is the old one (the cluster runs it today).
    let screen_is_old = RwSignal::new(true);
    let channel = RwSignal::new(String::new());
    let series_step: RwSignal<Option<usize>> = RwSignal::new(None);
    let resolver = RwSignal::new(Resolver::V0);

    let on_files = move |ev: leptos::ev::Event| {
        let Some((input, list)) = sources::picked(&ev) else {
            return;
        };
        loader.read_and_load_into(
            format!("{} file(s) to compare", list.length()),
            sources::read_picked(input, list, false),
            Target::Compare,
        );
    };
    let load_url = move || {
        let Some(input) = url_input.get() else { return };
        let url = input.value();
        loader.read_and_load_into(
            url.clone(),
            async move { sources::from_url(&url).await },
            Target::Compare,
        );
    };

    let series_busy = RwSignal::new(false);
    let series_error = RwSignal::new(None::<String>);
    let on_series = move |ev: leptos::ev::Event| {
        let Some((input, list)) = sources::picked(&ev) else {
            return;
        };
        series_busy.set(true);
        series_error.set(None);
        leptos::task::spawn_local(async move {
            let result = sources::read_picked(input, list, true)
                .await
                .and_then(|source| {
                    parse_series(source.files.iter().map(FileText::to_input_file).collect())
                });
            series_busy.set(false);
            match result {
                Ok(series) => {
                    series_step.set(None);
                    state.series.set(Some(Shared::new(series)));
                }
                Err(e) => series_error.set(Some(e)),
            }
        });
    };
    // The subscription's channel ("" = each bundle's) and the resolver, for both comparisons.
    let options = move || DiffOptions {
        channel: Some(channel.get()).filter(|c| !c.is_empty()),
        resolver: resolver.get(),
    };
    let steps = Memo::new(move |_| {
        let series = state.series.get()?;
        let package = state.package.get()?;
        Some(Shared::new(diff_series(&series, &package, &options())))
    });

    let diff = Memo::new(move |_| {
        let main = state.loaded.get()?;
        let other = state.compare.get()?;
        let package = state.package.get()?;
        let (old, new) = if screen_is_old.get() {
            (&main, &other)
        } else {
            (&other, &main)
        };
        Some(Shared::new(diff_package(
            &old.catalog,
            &new.catalog,
            &package,
            &options(),
        )))
    });
    // The graph shows each bundle's fate when the catalog on screen is the old side.
    Effect::new(move |_| {
        let fates = if state.series.with(Option::is_none) && screen_is_old.get() {
            diff.with(|d| {
                d.as_ref().and_then(|d| {
                    d.as_ref().as_ref().ok().map(|d| {
                        Shared::new(
                            d.fates
                                .iter()
                                .map(|f| (f.bundle.clone(), f.status))
                                .collect(),
                        )
                    })
                })
            })
        } else {
            None
        };
        state.fates.set(fates);
    });
    on_cleanup(move || state.fates.set(None));
    // Channels of the old catalog's package (any catalog of a series), for the subscription.
    let channels = Memo::new(move |_| {
        if let Some(series) = state.series.get() {
            let package = state.package.get().unwrap_or_default();
            let mut all: Vec<String> = series
                .iter()
                .filter_map(|(_, c)| c.package(&package))
                .flat_map(|p| p.channels.iter().map(|c| c.name.clone()))
                .collect();
            all.sort_by(|a, b| natural_cmp(a, b));
            all.dedup();
            return all;
        }
        let main = state.loaded.get();
        let other = state.compare.get();
        let old = if screen_is_old.get() { main } else { other };
        let package = state.package.get();
        old.zip(package)
            .and_then(|(o, p)| {
                o.catalog.package(&p).map(|p| {
                    p.channels
                        .iter()
                        .map(|c| c.name.clone())
                        .collect::<Vec<_>>()
                })
            })
            .unwrap_or_default()
    });
    // A channel the old catalog lacks falls back to "each bundle's channel".
    Effect::new(move |_| {
        let cs = channels.get();
        if !channel.get_untracked().is_empty() && !cs.contains(&channel.get_untracked()) {
            channel.set(String::new());
        }
    });

    // What the curator calls each catalog (e.g. "OCP 4.16"); file names are often the same.
    let screen_name = RwSignal::new(String::new());
    let other_name = RwSignal::new(String::new());
    let label_of = move |old: bool| {
        let screen = old == screen_is_old.get();
        let (given, file, which) = if screen {
            (
                screen_name.get(),
                state.loaded.with(|l| l.as_ref().map(|l| l.label.clone())),
                "on-screen catalog",
            )
        } else {
            (
                other_name.get(),
                state.compare.with(|l| l.as_ref().map(|l| l.label.clone())),
                "other catalog",
            )
        };
        let file = file.unwrap_or_default();
        if given.trim().is_empty() {
            format!("{which} ({file})")
        } else {
            format!("{} ({which}, {file})", given.trim())
        }
    };

    let table = move || {
        let d = diff.get()?;
        Some(match &*d {
            Err(e) => view! { <div class="notice error" role="alert" data-testid="diff-error">{e.clone()}</div> }.into_any(),
            Ok(d) => diff_details(state, d),
        })
    };

    let series_view = move || {
        let steps = steps.get()?;
        let all = steps.clone();
        let detail = move || {
            let steps = all.clone();
            let i = series_step.get()?;
            let step = steps.get(i)?;
            Some(match &step.diff {
                Ok(d) => view! {
                    <h4 data-testid="series-detail-title">{format!("{} → {}, bundle by bundle", step.from, step.to)}</h4>
                    {diff_details(state, d)}
                }.into_any(),
                Err(e) => view! { <div class="notice error" role="alert">{e.clone()}</div> }.into_any(),
            })
        };
        Some(view! {
            <p class="muted">"Each row is one catalog switch (a cluster upgrade to the next platform version) for the package on screen. Pick a switch to see every installed bundle's fate."</p>
            {series_table(&steps, series_step)}
            {detail}
        })
    };

    view! {
        <div class="diff-panel">
            <div class="form-row">
                <label class="button" title="Open the other catalog's files (.yaml, .yml, .json)">
                    <input type="file" class="visually-hidden" multiple accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml"
                        data-testid="compare-file-input" aria-label="Open the catalog to compare with" on:change=on_files/>
                    "Open the other catalog…"
                </label>
                <form class="url-form" on:submit=move |ev| { ev.prevent_default(); load_url(); }>
                    <input type="url" node_ref=url_input placeholder="https://…/catalog.json" data-testid="compare-url-input" aria-label="URL of the catalog to compare with"/>
                    <button type="submit" class="button">"Fetch"</button>
                </form>
                <label class="button" title="A folder with one catalog per subfolder named by platform version (v4.12/, v4.13/, …): every switch along the series">
                    <input type="file" class="visually-hidden" prop:webkitdirectory=true multiple
                        data-testid="compare-series-input" aria-label="Open a folder of catalogs, one per platform version" on:change=on_series/>
                    "Open a series folder…"
                </label>
                {move || series_busy.get().then(|| view! { <span class="muted" role="status">"Reading the series…"</span> })}
            </div>
            {move || series_error.get().map(|e| view! { <div class="notice error" role="alert" data-testid="series-error">{e}</div> })}
            {move || state.series.get().map(|s| {
                let labels: Vec<String> = s.iter().map(|(l, _)| l.clone()).collect();
                view! {
                    <div class="form-row">
                        <span class="compare-label" data-testid="series-label">{format!("Series of {}: {}", labels.len(), labels.join(" → "))}</span>
                        <button class="button" data-testid="series-forget" on:click=move |_| state.series.set(None)>"Forget the series"</button>
                    </div>
                }
            })}
            {move || state.compare.get().filter(|_| state.series.with(Option::is_none)).map(|c| view! {
                <div class="form-row">
                    <span class="compare-label" data-testid="compare-label">{c.label.clone()}</span>
                    <button class="button" data-testid="compare-forget" on:click=move |_| state.compare.set(None)>"Forget"</button>
                </div>
            })}
            {move || (state.compare.with(Option::is_none) && state.series.with(Option::is_none)).then(|| view! {
                <p class="muted">"Load the catalog the cluster switches to (for example the next OpenShift version's), or a folder with one catalog per platform version to see every switch along the way."</p>
            })}
            {move || (state.compare.with(Option::is_some) || state.series.with(Option::is_some)).then(|| view! {
                <div class="form-row">
                    {move || state.series.with(Option::is_none).then(|| view! {
                        <label>"Direction"
                            <select data-testid="diff-direction"
                                prop:value=move || if screen_is_old.get() { "screen-old" } else { "screen-new" }
                                on:change=move |ev| screen_is_old.set(event_target_value(&ev) == "screen-old")>
                                <option value="screen-old">"on screen → other (switch to the other)"</option>
                                <option value="screen-new">"other → on screen (switch to this one)"</option>
                            </select>
                        </label>
                    })}
                    <label title="The subscription's channel; by default each bundle is followed in the old default channel, else its first channel">"Subscription channel"
                        <select data-testid="diff-channel" prop:value=move || channel.get() on:change=move |ev| channel.set(event_target_value(&ev))>
                            <option value="">"each bundle's (default first)"</option>
                            {move || channels.get().into_iter().map(|c| view! { <option value=c.clone()>{c.clone()}</option> }).collect_view()}
                        </select>
                    </label>
                    <label>"Resolver"
                        <select data-testid="diff-resolver" prop:value=move || resolver.get().as_str()
                            on:change=move |ev| resolver.set(if event_target_value(&ev) == "v1" { Resolver::V1 } else { Resolver::V0 })>
                            <option value="v0">"OLM v0 (Subscription)"</option>
                            <option value="v1">"OLM v1 (ClusterExtension)"</option>
                        </select>
                    </label>
                </div>
            })}
            {move || (state.compare.with(Option::is_some) && state.series.with(Option::is_none)).then(|| view! {
                <div class="form-row">
                    <label title="A name for the catalog on screen, such as the platform version it ships with">"On-screen catalog is"
                        <input type="text" data-testid="diff-screen-name" placeholder="e.g. OCP 4.16" prop:value=move || screen_name.get()
                            on:input=move |ev| screen_name.set(event_target_value(&ev))/>
                    </label>
                    <label title="A name for the other catalog, such as the platform version it ships with">"Other catalog is"
                        <input type="text" data-testid="diff-other-name" placeholder="e.g. OCP 4.17" prop:value=move || other_name.get()
                            on:input=move |ev| other_name.set(event_target_value(&ev))/>
                    </label>
                </div>
                <p class="diff-direction-note" data-testid="diff-direction-note">{move || format!("Old: {} → new: {}", label_of(true), label_of(false))}</p>
                {move || screen_is_old.get().then(|| view! {
                    <p class="muted" data-testid="diff-graph-note">"The graph outlines each bundle by its fate: green upgradable, blue up-to-date, dashed red stranded, dotted red deprecated, dashed amber channel removed (hover a bundle for it)."</p>
                })}
            })}
            {move || if state.series.with(Option::is_some) { series_view().into_any() } else { table().into_any() }}
        </div>
    }
}
