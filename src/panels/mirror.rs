//! The Mirror tab: an ImageSetConfiguration opened beside the catalog (oc-mirror's
//! `mirror.operators`), what core's `mirror` says the cut keeps of the package on screen, a
//! small form that edits the package's and the drawn channel's `minVersion`/`maxVersion` (the
//! graph redraws at once, core's validation errors shown inline in oc-mirror's words), the
//! stranded bundles with the change that gives each a path again, and two downloads: the
//! edited configuration and the kept catalog as FBC (written by the tools worker, whose FBC
//! writer reads the catalog's YAML). Nothing leaves the page.
//!
//! Test hooks: `mirror-panel`, `mirror-empty`, `mirror-summary`, `mirror-package-min`,
//! `mirror-package-max`, `mirror-channel-min`, `mirror-channel-max`, `mirror-errors`,
//! `mirror-warnings`, `mirror-stranded` (items carry `data-name`), `mirror-download-config`,
//! `mirror-download-catalog`, `mirror-download-error`.

use leptos::prelude::*;
use olm_graph_core::mirror::{
    mirror_catalog, set_bound, write_config, Bound, BundleMark, Cut, MirrorOptions, OperatorEntry,
    Scope, Stranded,
};

use crate::panels::catalog_tools::truncate::origin_files;
use crate::panels::mirror_from_state::FromState;
use crate::services::download::{download_text, file_name_part};
use crate::services::jobs::{written, FbcEdit, Jobs};
use crate::state::graph::GraphStore;
use crate::state::load::{FileText, LoadStore};
use crate::state::mirror::MirrorStore;
use crate::state::selection::Selection;
use crate::state::workspace::{InspectorTab, Workspace};
use crate::widgets::finding::FindingItem;
use crate::widgets::form::PanelHeading;

#[component]
pub fn MirrorPanel() -> impl IntoView {
    let mirror = MirrorStore::get();
    open_tab_on_new_config(mirror);
    view! {
        <section class="panel mirror" aria-label="Mirror preview" data-testid="mirror-panel">
            <PanelHeading text="What the mirror keeps"/>
            {move || if mirror.opened.with(Option::is_some) {
                view! { <Opened mirror=mirror/> }.into_any()
            } else {
                empty().into_any()
            }}
            <FromState/>
        </section>
    }
}

/// A newly opened configuration opens this tab.
fn open_tab_on_new_config(mirror: MirrorStore) {
    let Some(ws) = Workspace::try_get() else {
        return;
    };
    Effect::new(move |prev: Option<()>| {
        let opened = mirror.opened.with(Option::is_some);
        if prev.is_some() && opened {
            ws.open(InspectorTab::Mirror);
        }
    });
}

fn empty() -> impl IntoView {
    view! {
        <div class="notice" data-testid="mirror-empty">
            <p>"Open an oc-mirror ImageSetConfiguration (" <code>"kind: ImageSetConfiguration"</code>
                ", v2alpha1 or v1alpha2) the way you open a catalog (Open files, paste or drop). The graph then shows what "
                <code>"oc-mirror"</code>" keeps of each channel, and who the cut leaves without an upgrade path."</p>
            <p class="note">"The file is read in this page; nothing is sent anywhere."</p>
        </div>
    }
}

/// The configuration, the cut of the package on screen, the form and the downloads.
#[component]
fn Opened(mirror: MirrorStore) -> impl IntoView {
    let summary = move || {
        let label = mirror
            .opened
            .with(|o| o.as_ref().map(|o| o.file.path.clone()))
            .unwrap_or_default();
        match mirror
            .edited
            .with(|e| e.as_ref().map(|e| e.catalog.clone()))
        {
            Some(c) => format!("{label}: catalog {c}"),
            None => format!("{label}: no mirror.operators entry"),
        }
    };
    let problems = move || {
        let diags = mirror.opened.with(|o| {
            o.as_ref()
                .map(|o| o.config.diagnostics.clone())
                .unwrap_or_default()
        });
        (!diags.is_empty()).then(|| {
            let items = diags
                .into_iter()
                .map(|d| view! { <FindingItem d=d/> })
                .collect_view();
            view! { <ul class="findings compact" data-testid="mirror-problems">{items}</ul> }
        })
    };
    view! {
        <p class="note" data-testid="mirror-summary">{summary}</p>
        <EntryChoice mirror=mirror/>
        {problems}
        <CutSummary mirror=mirror/>
        <RangeForm mirror=mirror/>
        <Messages mirror=mirror/>
        <StrandedList mirror=mirror/>
        <Downloads mirror=mirror/>
    }
}

/// With several `mirror.operators` entries, which one is shown.
#[component]
fn EntryChoice(mirror: MirrorStore) -> impl IntoView {
    move || {
        let names: Vec<String> = mirror.opened.with(|o| {
            o.as_ref()
                .map(|o| {
                    o.config
                        .operators
                        .iter()
                        .map(|e| e.catalog.clone())
                        .collect()
                })
                .unwrap_or_default()
        });
        (names.len() > 1).then(|| {
            let options = names
                .into_iter()
                .enumerate()
                .map(|(i, n)| {
                    view! { <option value=i.to_string() selected=move || mirror.entry_index.get() == i>{n}</option> }
                })
                .collect_view();
            view! {
                <label class="field">
                    <span class="field-label">"Catalog entry"</span>
                    <select class="control" data-testid="mirror-entry"
                        on:change=move |ev| {
                            if let Ok(i) = event_target_value(&ev).parse() {
                                mirror.choose_entry(i);
                            }
                        }>{options}</select>
                </label>
            }
        })
    }
}

/// Kept, required, dropped and stranded counts on the drawn channel, and the new head.
#[component]
fn CutSummary(mirror: MirrorStore) -> impl IntoView {
    let graph = GraphStore::get();
    move || {
        let channel = graph.shown_channel.get()?;
        let text = match mirror.marks.get() {
            None if !mirror.on.get() => {
                "Turn on Mirror in the graph's toolbar to see the cut on the graph.".to_string()
            }
            None => return None,
            Some(m) if !m.kept => {
                format!("The cut drops channel {channel}: nothing of it is mirrored.")
            }
            Some(m) => {
                let count =
                    |f: &dyn Fn(&BundleMark) -> bool| m.bundles.values().filter(|b| f(b)).count();
                format!(
                    "Channel {channel}: {} of {} bundles kept ({} only for the chain), {} dropped, {} stranded; new head {}.",
                    count(&|b| b.cut != Cut::Dropped),
                    m.bundles.len(),
                    count(&|b| b.cut == Cut::Required),
                    count(&|b| b.cut == Cut::Dropped),
                    count(&|b| b.stranded),
                    m.head.clone().unwrap_or_default()
                )
            }
        };
        Some(view! { <p class="notice" data-testid="mirror-cut">{text}</p> })
    }
}

/// The range fields of the package on screen and of the drawn channel, where the entry lists
/// them; each edit redraws the cut.
#[component]
fn RangeForm(mirror: MirrorStore) -> impl IntoView {
    let selection = Selection::get();
    let graph = GraphStore::get();
    let field = move |label, testid, channel, bound, value| {
        range_field(mirror, selection, label, testid, channel, bound, value)
    };
    move || {
        let package = selection.package.get()?;
        let channel = graph.shown_channel.get();
        // A new file or entry redraws the form; an edit does not (the field keeps its focus).
        mirror.opened.track();
        mirror.entry_index.track();
        let filter = mirror.edited.with_untracked(|e: &Option<OperatorEntry>| {
            e.as_ref()?
                .packages
                .iter()
                .find(|p| p.name == package)
                .cloned()
        });
        let Some(filter) = filter else {
            let listed = mirror
                .edited
                .with_untracked(|e| e.as_ref().is_some_and(|e| !e.packages.is_empty()));
            let text = if listed {
                format!("The entry does not list {package}: it is not mirrored.")
            } else {
                "The entry lists no package: every package is mirrored with its channel heads only."
                    .to_string()
            };
            return Some(
                view! { <p class="note" data-testid="mirror-unlisted">{text}</p> }.into_any(),
            );
        };
        let ch = channel
            .as_deref()
            .and_then(|c| filter.channels.iter().find(|f| f.name == c).cloned());
        let channel_fields = match (&channel, ch) {
            (Some(c), Some(cf)) => view! {
                <fieldset class="mirror-range">
                    <legend>{format!("Channel {c}")}</legend>
                    {field("minVersion", "mirror-channel-min", Some(c.clone()), Bound::Min, cf.min_version)}
                    {field("maxVersion", "mirror-channel-max", Some(c.clone()), Bound::Max, cf.max_version)}
                </fieldset>
            }
            .into_any(),
            (Some(c), None) if !filter.channels.is_empty() => view! {
                <p class="note">{format!("Channel {c} is not listed for this package: the cut drops it.")}</p>
            }
            .into_any(),
            _ => ().into_any(),
        };
        Some(view! {
            <div class="mirror-form" data-testid="mirror-form">
                <fieldset class="mirror-range">
                    <legend>{format!("Package {package}")}</legend>
                    {field("minVersion", "mirror-package-min", None, Bound::Min, filter.min_version)}
                    {field("maxVersion", "mirror-package-max", None, Bound::Max, filter.max_version)}
                </fieldset>
                {channel_fields}
            </div>
        }
        .into_any())
    }
}

/// One bound's field; an edit sets it in the entry (core's `mirror::set_bound`).
fn range_field(
    mirror: MirrorStore,
    selection: Selection,
    label: &'static str,
    testid: &'static str,
    channel: Option<String>,
    bound: Bound,
    value: Option<String>,
) -> impl IntoView {
    let package = selection.package.get_untracked().unwrap_or_default();
    view! {
        <label class="field">
            <span class="field-label">{label}</span>
            <input class="control" type="text" data-testid=testid spellcheck="false"
                placeholder="none" prop:value=value.unwrap_or_default()
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    mirror.edited.update(|e| {
                        if let Some(e) = e {
                            set_bound(e, &package, channel.as_deref(), bound, &text);
                        }
                    });
                }/>
        </label>
    }
}

fn message_list(
    testid: &'static str,
    class: &'static str,
    items: Vec<olm_graph_core::Diagnostic>,
) -> impl IntoView {
    (!items.is_empty()).then(|| {
        let items = items
            .into_iter()
            .map(|m| view! { <li>{m.message}</li> })
            .collect_view();
        view! { <ul class=format!("mirror-messages {class}") data-testid=testid role=(class == "error").then_some("alert")>{items}</ul> }
    })
}

/// The cut's errors (oc-mirror's validation and filter messages) and warnings.
#[component]
fn Messages(mirror: MirrorStore) -> impl IntoView {
    move || {
        let r = mirror.report.get()?;
        Some(view! {
            {message_list("mirror-errors", "error", r.errors.clone())}
            {message_list("mirror-warnings", "warning", r.warnings.clone())}
        })
    }
}

/// What to change for a stranded bundle, in words.
fn change_text(s: &Stranded) -> String {
    match (&s.change, &s.note) {
        (Some(c), _) => {
            let scope = match c.scope {
                Scope::Package => format!("package {}", s.package),
                Scope::Channel => format!("channel {}", s.channel),
            };
            format!("set {scope} {} to {}", c.field, c.value)
        }
        (None, Some(n)) => n.clone(),
        (None, None) => "no range change gives it a path".to_string(),
    }
}

/// The stranded bundles of the drawn channel, each with the change that gives it a path.
#[component]
fn StrandedList(mirror: MirrorStore) -> impl IntoView {
    let graph = GraphStore::get();
    move || {
        let r = mirror.report.get()?;
        let channel = graph.shown_channel.get()?;
        let items: Vec<_> = r
            .stranded
            .iter()
            .filter(|s| s.channel == channel)
            .map(|s| {
                let version = s.version.clone().map(|v| format!(" ({v})")).unwrap_or_default();
                let kept = if s.kept { "kept" } else { "dropped" };
                view! {
                    <li data-name=s.bundle.clone()>
                        <code>{s.bundle.clone()}</code>{format!("{version}, {kept}: {}", change_text(s))}
                    </li>
                }
            })
            .collect();
        let n = items.len();
        Some(view! {
            <h3>{format!("Left stranded on {channel}: {n}")}<span class="hint">" (no OLM v0 path to the new head)"</span></h3>
            <ul class="mirror-stranded" data-testid="mirror-stranded">{items}</ul>
        })
    }
}

/// The edited configuration's text (every entry of the file, the shown one as edited).
fn edited_config(mirror: MirrorStore) -> Option<(String, String)> {
    let opened = mirror.opened.get_untracked()?;
    let edited = mirror.edited.get_untracked()?;
    let mut operators = opened.config.operators.clone();
    if let Some(e) = operators.get_mut(mirror.entry_index.get_untracked()) {
        *e = edited;
    }
    let text = write_config(&opened.file.text, &opened.config.api_version, &operators);
    let name = opened
        .file
        .path
        .rsplit('/')
        .next()
        .unwrap_or("imageset-config.yaml");
    Some((file_name_part(name), text))
}

/// What the tools worker writes the kept catalog from (every package of the catalog on screen
/// under the edited entry, and the files it was read from), or why it cannot be written.
fn kept_catalog_request(
    mirror: MirrorStore,
    load: LoadStore,
) -> Result<Option<(FbcEdit, Vec<FileText>)>, String> {
    let (Some(loaded), Some(entry)) = (load.loaded.get_untracked(), mirror.edited.get_untracked())
    else {
        return Ok(None);
    };
    let files = origin_files(&loaded.origin);
    if files.is_empty() {
        return Err(
            "the catalog's files are not at hand: load it again to download the kept catalog"
                .into(),
        );
    }
    let report = mirror_catalog(&loaded.catalog, &entry, &MirrorOptions::default());
    let edit = FbcEdit::Kept {
        packages: report.kept,
    };
    Ok(Some((edit, files)))
}

/// Downloads the kept catalog as FBC, written by the tools worker (core's `mirror::write_kept`);
/// `problem` says why it could not be.
fn download_kept(
    mirror: MirrorStore,
    load: LoadStore,
    jobs: Jobs,
    problem: RwSignal<Option<String>>,
) {
    problem.set(None);
    let (edit, files) = match kept_catalog_request(mirror, load) {
        Ok(Some(r)) => r,
        Ok(None) => return,
        Err(e) => return problem.set(Some(e)),
    };
    jobs.write_fbc(&edit, files, move |reply| {
        let r = written(reply)
            .and_then(|text| download_text("mirrored-catalog.json", "application/json", &text));
        problem.try_set(r.err());
    });
}

/// The two downloads.
#[component]
fn Downloads(mirror: MirrorStore) -> impl IntoView {
    let load = LoadStore::get();
    let jobs = Jobs::get();
    let problem = RwSignal::new(None::<String>);
    let config = move |_| {
        let r = edited_config(mirror).map_or(Ok(()), |(name, text)| {
            download_text(&name, "application/yaml", &text)
        });
        problem.set(r.err());
    };
    let catalog = move |_| download_kept(mirror, load, jobs, problem);
    view! {
        <div class="row">
            <button class="button" type="button" data-testid="mirror-download-config" on:click=config
                title="The ImageSetConfiguration with the ranges as edited here (every line outside mirror.operators as it was)">
                "Download the configuration"
            </button>
            <button class="button" type="button" data-testid="mirror-download-catalog" on:click=catalog
                title="What oc-mirror would keep of the catalog on screen under this configuration, as an FBC JSON stream">
                "Download the kept catalog"
            </button>
        </div>
        {move || problem.get().map(|e| view! { <p class="notice error" role="alert" data-testid="mirror-download-error">{e}</p> })}
    }
}
