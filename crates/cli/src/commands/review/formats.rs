//! The plain-text and GitHub forms of a review (Markdown is core's
//! [`markdown`](olm_graph_core::review::markdown), JSON the review itself), each followed by
//! the pre-flight report of the new side when a pipeline is chosen.

use std::fmt::Write as _;

use olm_graph_core::model::Catalog;
use olm_graph_core::preflight::Report;
use olm_graph_core::review::{FailReason, PackageStatus, Review};

use crate::annotate::github_findings;
use crate::preflight_report;

/// The counts, each changed package with its moved heads and changed edges, then the
/// pre-flight table.
///
/// # Complexity
/// O(P + H + E + C) for P changed packages, H moved heads, E changed edges and C checks.
pub fn text(review: &Review, failures: &[FailReason], preflight: Option<&Report>) -> String {
    let verdict = if failures.is_empty() {
        "passes"
    } else {
        "fails"
    };
    let s = &review.summary;
    let mut out = format!(
        "olm-graph review: {verdict}\nfrom {} to {}\n",
        review.old, review.new
    );
    for f in failures {
        let _ = writeln!(out, "fails: {f}");
    }
    let _ = writeln!(
        out,
        "packages changed / added / removed: {} / {} / {}",
        s.packages_changed, s.packages_added, s.packages_removed
    );
    let _ = writeln!(
        out,
        "new findings: errors / warnings: {} / {}",
        s.new_errors, s.new_warnings
    );
    let _ = writeln!(
        out,
        "fixed findings: errors / warnings: {} / {}",
        s.fixed_errors, s.fixed_warnings
    );
    let _ = writeln!(
        out,
        "installed bundles stranded by the change: OLM v0 / v1: {} / {}",
        s.stranded_v0, s.stranded_v1
    );
    let _ = writeln!(out, "channel heads removed: {}", s.removed_heads);
    for p in &review.packages {
        let status = match p.status {
            PackageStatus::Added => "added",
            PackageStatus::Removed => "removed",
            PackageStatus::Changed => "changed",
        };
        let _ = writeln!(out, "\npackage {} ({status})", p.package);
        for h in &p.heads_moved {
            let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "none".into());
            let _ = writeln!(
                out,
                "  head of {}: {} -> {}",
                h.channel,
                name(&h.old),
                name(&h.new)
            );
        }
        for (sign, edges) in [("+", &p.edges_added), ("-", &p.edges_removed)] {
            for e in edges {
                let kind = e.kind.as_str();
                let _ = writeln!(
                    out,
                    "  {sign} edge {}: {} -> {} ({kind})",
                    e.channel, e.from, e.to
                );
            }
        }
    }
    if let Some(report) = preflight {
        out.push('\n');
        out.push_str(&preflight_report::table(report));
    }
    out
}

/// One workflow command per new error or warning of the review, then the pre-flight report's
/// (placed on the files its messages are about in `new`); `file` shows a file of the new side
/// as the repository names it.
///
/// # Complexity
/// O(F) for F new findings, plus what [`preflight_report::github`] costs.
pub fn github(
    review: &Review,
    preflight: Option<&Report>,
    new: &Catalog,
    file: &dyn Fn(&str) -> String,
) -> String {
    let findings: Vec<_> = review
        .packages
        .iter()
        .flat_map(|p| p.findings.new.iter())
        .chain(review.catalog_findings.new.iter())
        .cloned()
        .collect();
    let mut out = github_findings(&findings, file);
    if let Some(report) = preflight {
        out.push_str(&preflight_report::github(report, new, file));
    }
    out
}
