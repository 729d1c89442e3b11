//! What a review or the app needs around a pre-flight report: the pipeline an operator
//! repository is judged by when none is named, and the files a check's message is about
//! (spec/preflight.md §5).

use crate::diag::Location;
use crate::model::{Bundle, Catalog};

use super::Pipeline;

/// The pipeline an input is judged by when none is named: `community` for an operator
/// directory of an operator repository (a file `operators/<name>/ci.yaml` among the files
/// read), none otherwise (spec/preflight.md §5.1).
///
/// # Complexity
/// O(F) for F files read.
pub fn default_pipeline(catalog: &Catalog) -> Option<Pipeline> {
    let operator_ci = |path: &str| {
        let parts: Vec<&str> = path.split('/').collect();
        matches!(
            parts.as_slice(),
            [.., "operators", name, "ci.yaml" | "ci.yml"] if !name.is_empty()
        )
    };
    catalog
        .files
        .iter()
        .any(|f| operator_ci(&f.path))
        .then_some(Pipeline::Community)
}

/// The bundles a message names as `Bundle(<package>/<version>)` (the pipeline's way of
/// printing a bundle, spec/preflight.md §2.1), as `(package, version or name)`.
fn labels(message: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = message;
    while let Some(start) = rest.find("Bundle(") {
        let after = &rest[start + "Bundle(".len()..];
        let Some(end) = after.find(')') else { break };
        if let Some((package, version)) = after[..end].split_once('/') {
            out.push((package, version));
        }
        rest = &after[end..];
    }
    out
}

/// The bundle a label names: by version as printed, else by name.
///
/// # Complexity
/// O(B) for B bundles of the package.
fn find<'c>(catalog: &'c Catalog, package: &str, version: &str) -> Option<&'c Bundle> {
    let bundles = &catalog.package(package)?.bundles;
    bundles
        .iter()
        .find(|b| b.version.as_ref().is_some_and(|v| v.to_string() == version))
        .or_else(|| bundles.iter().find(|b| b.name == version))
}

/// Where a message of a check points: the file and line of the bundle (its CSV, in an
/// operator directory) the message is about. A loop (`{from} -> {to}`) is about the bundle
/// after the last arrow, whose `replaces`, `skips` or `skipRange` closes it; any other message
/// about every bundle it names; a message that names none points nowhere
/// (spec/preflight.md §5.2).
///
/// # Complexity
/// O(L·B) for L bundles named and B bundles of their package.
pub fn message_locations(catalog: &Catalog, message: &str) -> Vec<Location> {
    let about = match message.rfind(" -> ") {
        Some(arrow) => labels(&message[arrow..]),
        None => labels(message),
    };
    let mut out: Vec<Location> = Vec::new();
    for (package, version) in about {
        let found = find(catalog, package, version).and_then(|b| b.location.clone());
        if let Some(loc) = found.filter(|l| !out.contains(l)) {
            out.push(loc);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_read_from_the_pipeline_messages() {
        assert_eq!(
            labels("Upgrade graph loop detected: Bundle(a/1.0.0) -> Bundle(a/1.0.1)"),
            [("a", "1.0.0"), ("a", "1.0.1")]
        );
        assert_eq!(
            labels("Channel beta has dangling bundles: {Bundle(a/1.0.0), Bundle(a/x.v2)}"),
            [("a", "1.0.0"), ("a", "x.v2")]
        );
        assert!(labels("Bundle(unclosed").is_empty());
        assert!(labels("no bundle here").is_empty());
    }
}
