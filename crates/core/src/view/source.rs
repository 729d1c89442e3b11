//! [`ViewSource`]: what a drawing reads from an upgrade graph beyond its layout, for both graph
//! types (a channel's [`ChannelGraph`] and a package's [`PackageGraph`]), so the view, the SVG
//! and the DOT export map the two types in this one place.

use std::collections::HashSet;
use std::fmt::Write as _;

use crate::graph::{ChannelGraph, EdgeKind, Head, PackageGraph};
use crate::layout::{package_layout_nodes, LayoutNode, LayoutSource};
use crate::model::{Bundle, Package};

use super::node::ViewNode;
use super::summaries::channel_summaries;
use super::text::{deprecation_words, ellipsize_end};

/// Longest description line a tooltip shows.
const DESCRIPTION_MAX_CHARS: usize = 200;

/// An upgrade graph a view can draw: a channel's graph or a package's graph of all channels.
pub trait ViewSource: LayoutSource {
    /// The channel, or `None` for a package's graph.
    ///
    /// # Complexity
    /// O(1).
    fn channel(&self) -> Option<&str>;

    /// Every node with its flags and texts, in node order.
    ///
    /// # Complexity
    /// O(V log B) for V nodes and B bundles of the package.
    fn view_nodes(&self, package: &Package) -> Vec<ViewNode>;

    /// The channels of the lanes, in lane order (the package view: `package`'s default channel
    /// first); none for a channel's graph.
    ///
    /// # Complexity
    /// O(C log C) for C channels.
    fn lane_names(&self, _package: &Package) -> Vec<String> {
        Vec::new()
    }

    /// The nodes the layout reads: [`LayoutSource::layout_nodes`], except that the package
    /// view gives one lane per channel with `package`'s default channel first.
    ///
    /// # Complexity
    /// O(V·C + C log C) for V nodes and C channels.
    fn view_layout_nodes(&self, package: &Package) -> Vec<LayoutNode<'_>> {
        let _ = package;
        self.layout_nodes()
    }

    /// The channel an edge belongs to.
    ///
    /// # Complexity
    /// O(1).
    fn edge_channel(&self, edge: usize) -> &str;

    /// True when no two edges share (from, to, kind), so nothing needs merging (a channel's
    /// graph has one edge per (from, to, kind); the package graph repeats an edge per channel).
    ///
    /// # Complexity
    /// O(1).
    fn edges_are_distinct(&self) -> bool;

    /// The title of a picture: `package / channel`, or the package.
    ///
    /// # Complexity
    /// O(length of the names).
    fn title(&self, package: &Package) -> String {
        match self.channel() {
            Some(c) => format!("{} / {c}", package.name),
            None => package.name.clone(),
        }
    }

    /// The lines under the title: head (or opm's head error), counts, deprecations, ranges
    /// that do not parse.
    ///
    /// # Complexity
    /// O(V + E).
    fn summary(&self, package: &Package) -> Vec<String>;

    /// The channel's deprecation message (channel graphs).
    ///
    /// # Complexity
    /// O(1).
    fn channel_deprecation(&self) -> Option<&str>;

    /// opm's error when the channel has no unique head (channel graphs).
    ///
    /// # Complexity
    /// O(H) for H heads.
    fn head_error(&self) -> Option<String>;
}

impl ViewNode {
    /// A node of `package`, its flags and texts filled in from the package and from `bundle`,
    /// the package's bundle of that name (when it has one).
    fn of(
        package: &Package,
        name: &str,
        bundle: Option<&Bundle>,
        version: Option<String>,
        is_virtual: bool,
    ) -> ViewNode {
        let message = package.deprecations.bundles.get(name).map(String::as_str);
        let legacy = bundle.is_some_and(|b| b.legacy_deprecated);
        let description = bundle
            .and_then(|b| b.description.as_deref())
            .and_then(|d| d.lines().next())
            .filter(|d| !d.trim().is_empty())
            .map(|d| ellipsize_end(d, DESCRIPTION_MAX_CHARS));
        ViewNode {
            is_virtual,
            deprecated: message.is_some() || legacy,
            deprecation: deprecation_words(message, legacy),
            legacy_deprecated: legacy,
            display_name: bundle
                .and_then(|b| b.display_name.clone())
                .filter(|d| !d.is_empty()),
            description,
            ..ViewNode::new(name.to_string(), version)
        }
    }
}

impl ViewSource for ChannelGraph {
    fn channel(&self) -> Option<&str> {
        Some(&self.channel)
    }

    fn view_nodes(&self, package: &Package) -> Vec<ViewNode> {
        let head = self.head_index();
        self.nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let version = n.version.as_ref().map(|v| v.to_string());
                let bundle = n.bundle.and_then(|b| package.bundles.get(b));
                let mut node = ViewNode::of(package, &n.name, bundle, version, n.is_virtual);
                node.deprecated = n.deprecated;
                node.head = head == Some(i);
                if node.head {
                    node.head_of = vec![self.channel.clone()];
                }
                if !n.is_virtual {
                    node.channels = vec![self.channel.clone()];
                }
                node
            })
            .collect()
    }

    fn edge_channel(&self, _edge: usize) -> &str {
        &self.channel
    }

    fn edges_are_distinct(&self) -> bool {
        true
    }

    fn summary(&self, package: &Package) -> Vec<String> {
        let mut line = match &self.head {
            Head::Unique(h) => format!("head {h}"),
            other => other.error().unwrap_or_default(),
        };
        let _ = write!(
            line,
            " · {} entries · {}",
            self.entry_count(),
            edge_counts(self.edges.iter().map(|e| e.kind))
        );
        let mut lines = vec![line];
        if let Some(m) = &package.deprecations.package {
            lines.push(format!("package deprecated: {m}"));
        }
        if let Some(m) = &self.deprecation {
            lines.push(format!("channel deprecated: {m}"));
        }
        for (entry, range, err) in self.invalid_ranges.iter().take(3) {
            lines.push(format!("skipRange {range:?} of {entry} is ignored: {err}"));
        }
        lines
    }

    fn channel_deprecation(&self) -> Option<&str> {
        self.deprecation.as_deref()
    }

    fn head_error(&self) -> Option<String> {
        self.head.error()
    }
}

impl ViewSource for PackageGraph {
    fn channel(&self) -> Option<&str> {
        None
    }

    fn view_layout_nodes(&self, package: &Package) -> Vec<LayoutNode<'_>> {
        let order = self.lane_names(package);
        let order: Vec<&str> = order.iter().map(String::as_str).collect();
        package_layout_nodes(self, &order)
    }

    fn lane_names(&self, package: &Package) -> Vec<String> {
        channel_summaries(package)
            .into_iter()
            .map(|c| c.name)
            .collect()
    }

    fn view_nodes(&self, package: &Package) -> Vec<ViewNode> {
        self.nodes
            .iter()
            .map(|n| {
                let version = n.version.as_ref().map(|v| v.to_string());
                let bundle = package.bundle(&n.name);
                let mut node = ViewNode::of(package, &n.name, bundle, version, n.is_virtual);
                node.deprecated = n.deprecated;
                node.head = !n.head_of.is_empty();
                node.head_of = n.head_of.clone();
                node.channels = n.channels.clone();
                node
            })
            .collect()
    }

    fn edge_channel(&self, edge: usize) -> &str {
        self.edges.get(edge).map_or("", |e| e.channel.as_str())
    }

    fn edges_are_distinct(&self) -> bool {
        false
    }

    fn summary(&self, package: &Package) -> Vec<String> {
        let mut distinct: HashSet<(usize, usize, EdgeKind)> = HashSet::new();
        let kinds = self
            .edges
            .iter()
            .filter(|e| distinct.insert((e.from, e.to, e.kind)))
            .map(|e| e.kind);
        let counts = edge_counts(kinds);
        let channels: Vec<&str> = package.channels.iter().map(|c| c.name.as_str()).collect();
        let mut line = format!("channels: {}", channels.join(", "));
        if let Some(d) = &package.default_channel {
            let _ = write!(line, " (default {d})");
        }
        let bundles = self.nodes.iter().filter(|n| !n.is_virtual).count();
        let _ = write!(line, " · {bundles} bundles · {counts}");
        let mut lines = vec![line];
        if let Some(m) = &package.deprecations.package {
            lines.push(format!("package deprecated: {m}"));
        }
        for (c, m) in &package.deprecations.channels {
            lines.push(format!("channel {c} deprecated: {m}"));
        }
        lines
    }

    fn channel_deprecation(&self) -> Option<&str> {
        None
    }

    fn head_error(&self) -> Option<String> {
        None
    }
}

/// `N edges (a replaces, b skips, c skipRange)`.
fn edge_counts(kinds: impl Iterator<Item = EdgeKind>) -> String {
    let mut counts = [0usize; 3];
    for k in kinds {
        counts[match k {
            EdgeKind::Replaces => 0,
            EdgeKind::Skips => 1,
            EdgeKind::SkipRange => 2,
        }] += 1;
    }
    format!(
        "{} edges ({} replaces, {} skips, {} skipRange)",
        counts.iter().sum::<usize>(),
        counts[0],
        counts[1],
        counts[2]
    )
}
