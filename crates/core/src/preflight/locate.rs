//! What a review or the app needs around a pre-flight report: the pipeline an operator
//! repository is judged by when none is named, and the files a check's message is about
//! (spec/preflight.md §13).

use std::collections::HashMap;

use crate::diag::Location;
use crate::model::Catalog;

use super::Pipeline;

/// The pipeline an input is judged by when none is named: `community` for an operator
/// directory of an operator repository (a file `operators/<name>/ci.yaml` among the files
/// read), none otherwise (spec/preflight.md §13, item 1).
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

/// Finds the bundles a check's messages name, over one catalog: built once, asked per message.
pub struct MessageLocator<'c> {
    /// Each bundle's location, and its index among them by (package, version as printed) and
    /// by (package, name).
    locations: Vec<&'c Location>,
    by_version: HashMap<(&'c str, String), usize>,
    by_name: HashMap<(&'c str, &'c str), usize>,
}

impl<'c> MessageLocator<'c> {
    /// Indexes every bundle of `catalog` that has a location.
    ///
    /// # Complexity
    /// O(B) for B bundles (expected, hashing).
    pub fn new(catalog: &'c Catalog) -> MessageLocator<'c> {
        let mut me = MessageLocator {
            locations: Vec::new(),
            by_version: HashMap::new(),
            by_name: HashMap::new(),
        };
        for p in &catalog.packages {
            for b in &p.bundles {
                let Some(loc) = &b.location else { continue };
                let i = me.locations.len();
                me.locations.push(loc);
                if let Some(v) = &b.version {
                    me.by_version.entry((&p.name, v.to_string())).or_insert(i);
                }
                me.by_name.entry((&p.name, &b.name)).or_insert(i);
            }
        }
        me
    }

    /// Where a message of a check points: the file and line of the bundle (its CSV, in an
    /// operator directory) the message is about. A loop (`{from} -> {to}`) is about the bundle
    /// after the last arrow, whose `replaces`, `skips` or `skipRange` closes it; any other
    /// message about the first bundle it names that the catalog has (by version as printed,
    /// else by name), so that a message naming many bundles is still one annotation; a message
    /// that names none points nowhere (spec/preflight.md §13, item 2).
    ///
    /// # Complexity
    /// O(m) for a message of m bytes (expected, hashing).
    pub fn locate(&self, message: &str) -> Option<Location> {
        let about = match message.rfind(" -> ") {
            Some(arrow) => labels(&message[arrow..]),
            None => labels(message),
        };
        about.into_iter().find_map(|(package, version)| {
            self.by_version
                .get(&(package, version.to_string()))
                .or_else(|| self.by_name.get(&(package, version)))
                .map(|&i| self.locations[i].clone())
        })
    }
}

/// [`MessageLocator::locate`] for one message (a locator built for it alone).
///
/// # Complexity
/// O(B + m) for B bundles and a message of m bytes.
pub fn message_location(catalog: &Catalog, message: &str) -> Option<Location> {
    MessageLocator::new(catalog).locate(message)
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
