//! Which packages the list shows for a query, best first. Pure; tested natively.

use olm_graph_core::sort::SortWith;
use olm_graph_core::view::PackageSummary;

use crate::panels::packages::fuzzy::fuzzy_match;

/// A summary that matched the query, with the positions to highlight.
#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub summary: PackageSummary,
    pub positions: Vec<usize>,
}

/// The summaries matching `query`, best first (all, in name order, for an empty query).
///
/// # Complexity
/// O(P · L · Q) for P packages, names of L characters and a query of Q, plus O(P log P) to
/// sort.
pub fn filter_packages(summaries: &[PackageSummary], query: &str) -> Vec<Hit> {
    let mut hits: Vec<(i64, Hit)> = summaries
        .iter()
        .filter_map(|s| {
            fuzzy_match(query, &s.name).map(|m| {
                (
                    m.score,
                    Hit {
                        summary: s.clone(),
                        positions: m.positions,
                    },
                )
            })
        })
        .collect();
    hits.sort_with(|a, b| {
        b.0.cmp(&a.0)
            .then_with(|| a.1.summary.name.cmp(&b.1.summary.name))
    });
    hits.into_iter().map(|(_, h)| h).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::text::plural;
    use olm_graph_core::validate::lint_catalog;
    use olm_graph_core::view::package_summaries;
    use olm_graph_core::{load_files, InputFile};
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn packages_filter_fuzzily() {
        let catalog = load_files(vec![InputFile::new(
            "sample.yaml",
            include_str!("../../../assets/sample-catalog.yaml"),
        )]);
        let findings = lint_catalog(&catalog);
        let summaries = package_summaries(&catalog, &findings);
        let hits = filter_packages(&summaries, "cache");
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].summary.name, "nimbus-cache-operator");
        assert_eq!(filter_packages(&summaries, "").len(), 2);
        assert_eq!(filter_packages(&summaries, "nmbs").len(), 1);
        assert_eq!(plural(1, "bundle", "bundles"), "1 bundle");
    }
}
