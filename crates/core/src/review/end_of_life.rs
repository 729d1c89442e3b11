//! The support lifecycle facts a review names on its date: channel heads past their stream's
//! end of life ([`crate::support`] has the semantics; this needs the channel graphs, a layer
//! above it).

use std::collections::BTreeMap;

use crate::diag::{Diagnostic, Rule};
use crate::graph::{channel_graphs, Head};
use crate::model::Catalog;
use crate::support::{finding, AsOf, Date, LifecycleBlob, PackageLifecycle};

/// One `lifecycle.end-of-life-head` finding per channel whose head is past its stream's end of
/// life on `day` (packages with lifecycle data only): what `review` names on its date.
///
/// # Complexity
/// O(n log n) for n blobs, then O(V + E) per package with lifecycle data, for its channel
/// graphs, plus O(p) per head.
pub fn end_of_life_heads(catalog: &Catalog, day: Date) -> Vec<Diagnostic> {
    let as_of = AsOf {
        date: day,
        platform: None,
    };
    let mut out = Vec::new();
    let mut by_package: BTreeMap<&str, Vec<&LifecycleBlob>> = BTreeMap::new();
    for blob in &catalog.lifecycles {
        by_package.entry(&blob.package).or_default().push(blob);
    }
    for (package, blobs) in by_package {
        let Some(pkg) = catalog.package(package) else {
            continue;
        };
        let first = blobs[0];
        let lifecycle = PackageLifecycle::from_blobs(blobs);
        for graph in channel_graphs(pkg) {
            let Head::Unique(head) = &graph.head else {
                continue;
            };
            let Some(bundle) = pkg.bundle(head) else {
                continue;
            };
            let facts = lifecycle.bundle(bundle, &as_of);
            if !facts.is_end_of_life() {
                continue;
            }
            let msg = format!(
                "the head of channel {} ({head}, stream {}) is end of life on {day} (its last day was {})",
                graph.channel,
                facts.stream.as_deref().unwrap_or_default(),
                facts.end_of_life.map(|d| d.to_string()).unwrap_or_default(),
            );
            let d = finding(
                first,
                Rule::LifecycleEndOfLifeHead,
                first.line,
                "versions".into(),
                msg,
            )
            .channel(&graph.channel)
            .bundle(head);
            out.push(d);
        }
    }
    out
}
