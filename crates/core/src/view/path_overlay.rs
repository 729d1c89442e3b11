//! The marks an upgrade path or a planned route puts on a graph, computed once for every
//! drawing: [`PathOverlay`] is one path (where it starts, each hop with its label, the edge kind
//! it follows, whether it runs along a skipRange fan, a failure, a missing bundle), and
//! [`OverlayMarks`] looks those marks up by name for up to two paths shown together (OLM v0's
//! and v1's), for the hops shown so far. The web app and the SVG export both draw from them.
//!
//! A path comes from [`PathOverlay::from_path`] (what `resolve` walked); a route from
//! `PathOverlay::from_route` (what `plan` found, written beside the plan).

use std::collections::HashMap;

use crate::graph::EdgeKind;
use crate::resolve::{via_label, CatalogsPath, FailureKind, Reason, UpgradePath};

/// One hop of an overlay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverlayHop {
    /// The bundle the hop leaves.
    pub from: String,
    /// The bundle it reaches.
    pub to: String,
    /// The kind of the edge the hop follows (its first reason's).
    pub kind: Option<EdgeKind>,
    /// Why the hop is taken, every reason's label (`replaces, skipRange >=1.0.0 <1.2.0`).
    pub reasons: String,
    /// A skipRange reason holds: the hop runs along the fan into `to`.
    pub range: bool,
    /// The channel a route switched to just before this hop.
    pub switch: Option<String>,
    /// The upgrade into `to` fails, and how.
    pub failed: Option<FailureKind>,
    /// `to` is a channel entry without an `olm.bundle` in the catalog (the path follows the
    /// channel by name).
    pub missing_bundle: bool,
    /// The catalog the hop's bundle comes from, on a path across several catalogs (OLM v1,
    /// `path --catalog-priority`).
    pub catalog: Option<String>,
}

impl OverlayHop {
    /// A hop for `via`, with no switch, failure or missing bundle.
    pub(crate) fn new(from: &str, to: &str, via: &[Reason]) -> OverlayHop {
        OverlayHop {
            from: from.to_string(),
            to: to.to_string(),
            kind: via.first().map(|r| r.kind),
            reasons: via_label(via),
            range: via.iter().any(|r| r.range.is_some()),
            switch: None,
            failed: None,
            missing_bundle: false,
            catalog: None,
        }
    }

    /// The label written beside the hop: the catalog it comes from, the switch, then the
    /// reasons.
    pub fn label(&self) -> String {
        let hop = match &self.switch {
            Some(c) => format!("switch to {c} · {}", self.reasons),
            None => self.reasons.clone(),
        };
        match &self.catalog {
            Some(c) => format!("from {c} · {hop}"),
            None => hop,
        }
    }
}

/// One path drawn over a graph: its start and its hops in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PathOverlay {
    /// The bundle the cluster runs at the start.
    pub from: String,
    /// The hops, in order.
    pub hops: Vec<OverlayHop>,
    /// The path in words, for a picture's subtitle (`v0 path from a: a → b (up-to-date)`);
    /// `None` for a route.
    pub caption: Option<String>,
}

impl PathOverlay {
    /// The overlay of a resolved path: its failed hop marked with the path's failure kind.
    ///
    /// # Complexity
    /// O(H) for H hops (plus the length of their labels).
    pub fn from_path(path: &UpgradePath) -> PathOverlay {
        let hops = path
            .hops
            .iter()
            .map(|h| OverlayHop {
                failed: h.failed.then(|| path.failure.unwrap_or_default()),
                missing_bundle: h.missing_bundle,
                ..OverlayHop::new(&h.from, &h.to, &h.via)
            })
            .collect::<Vec<_>>();
        let mut names = vec![path.from.as_str()];
        names.extend(hops.iter().map(|h| h.to.as_str()));
        let caption = format!(
            "{} path from {}: {} ({})",
            path.resolver.as_str(),
            path.from,
            names.join(" → "),
            path.outcome.as_str()
        );
        PathOverlay {
            from: path.from.clone(),
            hops,
            caption: Some(caption),
        }
    }

    /// The overlay of a path across several catalogs (OLM v1, `path --catalog-priority`): each
    /// hop names the catalog its bundle comes from; a path stopped by a resolution error has
    /// no failed hop (the error is the path's, not an upgrade's).
    ///
    /// # Complexity
    /// O(H) for H hops (plus the length of their labels).
    pub fn from_catalogs_path(path: &CatalogsPath) -> PathOverlay {
        let hops: Vec<OverlayHop> = path
            .hops
            .iter()
            .map(|h| OverlayHop {
                catalog: Some(h.catalog.clone()),
                ..OverlayHop::new(&h.from, &h.to, &h.via)
            })
            .collect();
        let steps: Vec<String> = hops
            .iter()
            .map(|h| format!("{} ({})", h.to, h.catalog.as_deref().unwrap_or_default()))
            .collect();
        let mut names = vec![path.from.clone()];
        names.extend(steps);
        let outcome = match &path.error {
            Some(e) => format!("stops: {e}"),
            None => "up-to-date".to_string(),
        };
        PathOverlay {
            from: path.from.clone(),
            hops,
            caption: Some(format!(
                "v1 path across catalogs from {}: {} ({outcome})",
                path.from,
                names.join(" → ")
            )),
        }
    }

    /// Where the cluster is after the first `visible` hops.
    pub fn end_after(&self, visible: usize) -> &str {
        match visible.min(self.hops.len()) {
            0 => &self.from,
            n => &self.hops[n - 1].to,
        }
    }
}

/// How the overlays mark one node: its step on each path (0 at the start), whether its upgrade
/// fails, whether the cluster is on it now.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NodeMarks {
    /// Step on the first path and on the second.
    pub step: [Option<usize>; 2],
    /// The first path's upgrade into it fails.
    pub failed: Option<FailureKind>,
    /// The first path is there after the hops shown.
    pub current: bool,
    /// A hop of some path goes into it and it has no `olm.bundle` in the catalog.
    pub missing_bundle: bool,
}

/// The label of the first hop of each path taken along an edge or fan.
pub type HopReasons = [Option<String>; 2];

/// A hop label written beside an edge: the edge's ends, the text, and which path (0 or 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HopLabel {
    /// The edge's older end.
    pub from: String,
    /// The edge's newer end.
    pub to: String,
    /// What the label says ([`OverlayHop::label`]).
    pub text: String,
    /// Which path it belongs to: 0 or 1.
    pub path: usize,
}

/// The marks of up to two overlays by name: nodes on each path, the edges and fans of the hops,
/// and the hop labels, for the first `visible` hops of each.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OverlayMarks {
    /// The marks of each node on a path, by bundle name.
    pub nodes: HashMap<String, NodeMarks>,
    /// Keyed by (from, to).
    pub edges: HashMap<(String, String), HopReasons>,
    /// Hops along a skipRange fan, keyed by the fan's target.
    pub bands: HashMap<String, HopReasons>,
    /// The labels written beside the hops shown.
    pub labels: Vec<HopLabel>,
}

impl OverlayMarks {
    /// The marks of the first `visible` hops of each overlay; a missing overlay (a path that
    /// could not be resolved) keeps its place, so the second path is marked as the second.
    /// Failures and where the cluster is now come from the first path.
    ///
    /// # Complexity
    /// O(H) map operations for H hops shown.
    pub fn new<'o>(
        overlays: impl IntoIterator<Item = Option<&'o PathOverlay>>,
        visible: usize,
    ) -> OverlayMarks {
        let mut marks = OverlayMarks::default();
        for (i, overlay) in overlays.into_iter().enumerate().take(2) {
            if let Some(overlay) = overlay {
                marks.add(overlay, i, visible);
            }
        }
        marks
    }

    fn add(&mut self, overlay: &PathOverlay, i: usize, visible: usize) {
        self.step(&overlay.from, i, 0);
        for (k, h) in overlay.hops.iter().take(visible).enumerate() {
            self.step(&h.to, i, k + 1);
            let node = self.nodes.entry(h.to.clone()).or_default();
            node.missing_bundle |= h.missing_bundle;
            if i == 0 && h.failed.is_some() {
                node.failed = h.failed;
            }
            let text = h.label();
            let key = (h.from.clone(), h.to.clone());
            first_wins(&mut self.edges.entry(key).or_default()[i], &text);
            if h.range {
                first_wins(&mut self.bands.entry(h.to.clone()).or_default()[i], &text);
            }
            self.labels.push(HopLabel {
                from: h.from.clone(),
                to: h.to.clone(),
                text,
                path: i,
            });
        }
        if i == 0 {
            let end = overlay.end_after(visible).to_string();
            self.nodes.entry(end).or_default().current = true;
        }
    }

    fn step(&mut self, name: &str, path: usize, step: usize) {
        let node = self.nodes.entry(name.to_string()).or_default();
        node.step[path].get_or_insert(step);
    }

    /// The marks of node `name`, when a path passes it.
    pub fn node(&self, name: &str) -> Option<&NodeMarks> {
        self.nodes.get(name)
    }

    /// Each path's reasons for the hop `from` → `to`, when a path takes it.
    pub fn edge(&self, from: &str, to: &str) -> Option<&HopReasons> {
        self.edges.get(&(from.to_string(), to.to_string()))
    }

    /// Each path's reasons for a hop along the fan into `to`, when one takes it.
    pub fn band(&self, to: &str) -> Option<&HopReasons> {
        self.bands.get(to)
    }
}

fn first_wins(slot: &mut Option<String>, text: &str) {
    if slot.is_none() {
        *slot = Some(text.to_string());
    }
}
