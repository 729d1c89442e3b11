//! How a comparison reads: the fate counts, the lists of changes, one row per old bundle, and
//! for a series one row per switch.

use leptos::prelude::*;
use olm_graph_core::change::diff::{EdgeChange, FATES};
use olm_graph_core::change::{BundleFate, Fate, PackageDiff, SeriesStep};

use crate::state::selection::Selection;

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
///
/// # Complexity
/// O(B) for B old bundles (five counts).
pub fn fate_counts(d: &PackageDiff) -> Vec<(Fate, usize)> {
    FATES.iter().map(|&f| (f, d.count(f))).collect()
}

fn change_list(title: &'static str, items: Vec<String>) -> impl IntoView {
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

fn edge_text(e: &EdgeChange) -> String {
    format!("{}: {} → {} ({})", e.channel, e.from, e.to, e.kind.as_str())
}

fn changes(d: &PackageDiff) -> impl IntoView {
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
    view! {
        <div class="diff-changes" data-testid="diff-changes">
            {change_list("Bundles added", d.bundles_added.clone())}
            {change_list("Bundles removed", d.bundles_removed.clone())}
            {change_list("Channels added", d.channels_added.clone())}
            {change_list("Channels removed", d.channels_removed.clone())}
            {change_list("Heads moved", heads)}
            {change_list("Edges added", d.edges_added.iter().map(edge_text).collect())}
            {change_list("Edges removed", d.edges_removed.iter().map(edge_text).collect())}
            {change_list("Deprecations added", d.deprecations_added.clone())}
        </div>
    }
}

fn counts(d: &PackageDiff) -> impl IntoView {
    let counts = fate_counts(d);
    let n = |f: Fate| d.count(f).to_string();
    view! {
        <div class="diff-counts" data-testid="diff-counts"
            data-upgradable=n(Fate::Upgradable) data-up-to-date=n(Fate::UpToDate)
            data-stranded=n(Fate::Stranded) data-deprecated=n(Fate::Deprecated)
            data-channel-removed=n(Fate::ChannelRemoved)>
            {counts.into_iter().map(|(f, n)| view! {
                <span class=format!("fate fate-{}", f.as_str()) class:zero=n == 0 title=fate_hint(f)>{format!("{n} {}", f.as_str())}</span>
            }).collect_view()}
        </div>
    }
}

/// Paths up to this many hops are shown whole in the table; longer ones are shortened.
const LISTED_HOPS: usize = 16;

/// A bundle's path after the switch, as its row shows it: the hops after the bundle, whole up
/// to [`LISTED_HOPS`] of them, else the first, the end and their count.
///
/// # Complexity
/// O(min(H, [`LISTED_HOPS`])) expected time for H hops.
fn path_cell(d: &PackageDiff, f: &BundleFate) -> String {
    match (f.hops, &f.next) {
        (0, _) | (_, None) => String::new(),
        (1..=LISTED_HOPS, _) => d.path(f)[1..].join(" → "),
        (hops, Some(next)) => format!("{next} → … → {} ({hops} hops)", f.end),
    }
}

/// Everything a comparison shows: the status counts, the changes, and one row per old bundle.
///
/// # Complexity
/// O(B + D) for B fates and D changes: each row shows at most [`LISTED_HOPS`] hops.
pub fn diff_details(d: &PackageDiff) -> AnyView {
    let selection = Selection::get();
    let rows = d
        .fates
        .iter()
        .map(|f| {
            let b = f.bundle.clone();
            let path = path_cell(d, f);
            view! {
                <tr data-testid="diff-row" data-bundle=f.bundle.clone() data-channel=f.channel.clone()
                    data-status=f.status.as_str() data-next=f.next.clone().unwrap_or_default()
                    data-end=f.end.clone() data-hops=f.hops.to_string()
                    title=f.note.clone().unwrap_or_default()>
                    <td><button class="link" title="Select it on the graph" on:click=move |_| selection.select_bundle(Some(b.clone()))>{f.bundle.clone()}</button></td>
                    <td>{f.channel.clone()}</td>
                    <td><span class=format!("fate fate-{}", f.status.as_str()) title=fate_hint(f.status)>{f.status.as_str()}</span></td>
                    <td class="path">{path}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        {counts(d)}
        {changes(d)}
        <table class="diff-table" data-testid="diff-table">
            <thead><tr><th>"Installed (old catalog)"</th><th>"Channel"</th><th>"After the switch"</th><th>"Path in the new catalog"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
    .into_any()
}

fn series_row(i: usize, s: &SeriesStep, selected: RwSignal<Option<usize>>) -> impl IntoView {
    let d = s.diff.as_ref().ok();
    let pm = |a: usize, r: usize| format!("+{a} −{r}");
    let trouble =
        s.count(Fate::Stranded) + s.count(Fate::Deprecated) + s.count(Fate::ChannelRemoved) > 0;
    let fates = match &s.diff {
        Ok(_) => FATES
            .iter()
            .map(|f| {
                let n = s.count(*f);
                view! { <td><span class=format!("fate fate-{}", f.as_str()) class:zero=n == 0>{n}</span></td> }
            })
            .collect_view()
            .into_any(),
        Err(e) => view! { <td colspan="5" class="muted">{e.to_string()}</td> }.into_any(),
    };
    view! {
        <tr data-testid="series-row" data-from=s.from.clone() data-to=s.to.clone()
            data-stranded=s.count(Fate::Stranded).to_string()
            data-upgradable=s.count(Fate::Upgradable).to_string()
            class:selected=move || selected.get() == Some(i)
            class:trouble=trouble>
            <td><button class="link" data-testid="series-step" title="Show this switch bundle by bundle"
                on:click=move |_| selected.set(Some(i))>{format!("{} → {}", s.from, s.to)}</button></td>
            {fates}
            <td>{d.map(|d| pm(d.bundles_added.len(), d.bundles_removed.len()))}</td>
            <td>{d.map(|d| pm(d.channels_added.len(), d.channels_removed.len()))}</td>
            <td>{d.map(|d| d.heads_moved.len().to_string())}</td>
        </tr>
    }
}

/// One row per switch of a series; picking one selects it.
pub fn series_table(steps: &[SeriesStep], selected: RwSignal<Option<usize>>) -> impl IntoView {
    view! {
        <table class="diff-table series-table" data-testid="series-table">
            <thead><tr>
                <th>"Switch"</th>
                {FATES.iter().map(|f| view! { <th title=fate_hint(*f)>{f.as_str()}</th> }).collect_view()}
                <th>"Bundles"</th><th>"Channels"</th><th>"Heads moved"</th>
            </tr></thead>
            <tbody>{steps.iter().enumerate().map(|(i, s)| series_row(i, s, selected)).collect_view()}</tbody>
        </table>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::change::{diff_package, DiffOptions};
    use olm_graph_core::{load_files, InputFile};
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn fate_counts_cover_every_status() {
        let old = load_files(vec![InputFile::new(
            "lifecycle.yaml",
            include_str!("../../../../tests/e2e/fixtures/lifecycle.yaml"),
        )]);
        let d = diff_package(&old, &old, "seed", &DiffOptions::default()).unwrap();
        let counts = fate_counts(&d);
        assert_eq!(counts.len(), 5);
        assert_eq!(counts.iter().map(|c| c.1).sum::<usize>(), d.fates.len());
        assert_eq!(
            counts.iter().find(|c| c.0 == Fate::UpToDate).unwrap().1,
            1,
            "the head"
        );
    }
}
