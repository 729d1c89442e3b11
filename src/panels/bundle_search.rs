//! The graph toolbar's search box: jump to a bundle of the graph on screen by name or version.
//! Enter selects the best match and centres it; Enter again goes to the next match.

use leptos::prelude::*;
use olm_graph_core::sort::SortWith;
use olm_graph_core::view::{NodeId, TiSlice, ViewNode};

use crate::state::graph::GraphStore;
use crate::state::selection::Selection;

/// How well a node matches a query (lower is better), or `None`.
fn rank(node: &ViewNode, query: &str) -> Option<u8> {
    let name = node.name.to_ascii_lowercase();
    let version = node.version.as_deref().unwrap_or("").to_ascii_lowercase();
    let bare = query.strip_prefix('v').unwrap_or(query);
    if name == query || (!version.is_empty() && (version == query || version == bare)) {
        Some(0)
    } else if name.ends_with(&format!(".{query}")) || name.ends_with(&format!(".v{bare}")) {
        Some(1)
    } else if !version.is_empty() && version.starts_with(bare) {
        Some(2)
    } else if name.contains(query) {
        Some(3)
    } else {
        None
    }
}

/// The nodes matching `query` (case-insensitive), best first, then in drawing order: exact
/// name or version, the name's version suffix (`v1.2.3`, `1.2.3`), a version prefix, any part
/// of the name.
///
/// # Complexity
/// O(V · q + M log M) for V nodes, a query of q bytes and M matches.
pub fn matches(nodes: &TiSlice<NodeId, ViewNode>, query: &str) -> Vec<NodeId> {
    let query = query.trim().to_ascii_lowercase();
    if query.is_empty() {
        return Vec::new();
    }
    let mut found: Vec<(u8, NodeId)> = nodes
        .iter_enumerated()
        .filter_map(|(i, n)| rank(n, &query).map(|r| (r, i)))
        .collect();
    found.sort_ord();
    found.into_iter().map(|(_, i)| i).collect()
}

/// The search box (toolbar child of the graph panel).
#[component]
pub fn BundleSearch() -> impl IntoView {
    let graph = GraphStore::get();
    let selection = Selection::get();
    let query = RwSignal::new(String::new());
    // The matches of the last jump and which one is shown, reset when the query changes.
    let cursor: RwSignal<Option<(Vec<NodeId>, usize)>> = RwSignal::new(None);
    let status = RwSignal::new(String::new());
    let jump = move || {
        let Some(view) = graph.view.get_untracked() else {
            return;
        };
        let (found, k) = match cursor.get_untracked() {
            Some((found, k)) if !found.is_empty() => {
                let next = (k + 1) % found.len();
                (found, next)
            }
            _ => (matches(view.nodes(), &query.get_untracked()), 0),
        };
        let Some(&i) = found.get(k) else {
            status.set("no bundle matches".into());
            cursor.set(None);
            return;
        };
        let name = view.nodes()[i].name.clone();
        status.set(format!("{name} ({} of {})", k + 1, found.len()));
        cursor.set(Some((found, k)));
        selection.select_bundle(Some(name));
        selection.reveal.update(|n| *n += 1);
    };
    view! {
        <form class="bundle-search" role="search" on:submit=move |ev| { ev.prevent_default(); jump(); }>
            <input type="search" data-testid="bundle-search" aria-label="Find a bundle by name or version"
                placeholder="Find bundle…" title="A bundle name or version; Enter jumps to it, Enter again to the next match"
                prop:value=move || query.get()
                on:input=move |ev| { query.set(event_target_value(&ev)); cursor.set(None); status.set(String::new()); }/>
            <span class="search-status" role="status" data-testid="bundle-search-status">{move || status.get()}</span>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::view::TiVec;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn node(name: &str, version: Option<&str>) -> ViewNode {
        ViewNode::new(name.into(), version.map(str::to_string))
    }

    #[test]
    fn exact_version_first_then_suffix_prefix_and_substring() {
        let nodes: TiVec<NodeId, ViewNode> = vec![
            node("op.v1.10.0", Some("1.10.0")),
            node("op.v1.1.0", Some("1.1.0")),
            node("other.v1.1.0-rc", None),
            node("op.v2.0.0", Some("2.0.0")),
        ]
        .into();
        let ids = |is: &[usize]| is.iter().copied().map(NodeId::new).collect::<Vec<_>>();
        assert_eq!(matches(&nodes, "1.1.0"), ids(&[1, 2]));
        assert_eq!(matches(&nodes, "1.1"), ids(&[0, 1, 2]));
        assert_eq!(matches(&nodes, "v1.1.0"), ids(&[1, 2]));
        assert_eq!(matches(&nodes, " OP.V2.0.0 "), ids(&[3]));
        assert_eq!(matches(&nodes, "other"), ids(&[2]));
        assert!(matches(&nodes, "3.0").is_empty());
        assert!(matches(&nodes, "  ").is_empty());
    }
}
