//! The installed bundle drawn beside a channel it is not an entry of: a cluster that installed
//! it from another channel and then subscribed to this one.

use super::{GraphView, NodeId, ViewEdge, ViewNode};
use crate::layout::NodeBox;
use crate::model::Package;
use crate::resolve::Installed;

/// The gap between the installed node and the channel's first column.
const GAP: f64 = 48.0;

impl GraphView {
    /// Adds `installed` as an "installed, from another channel" node left of a channel view,
    /// with one edge to each entry of the channel that upgrades it (`replaces`, `skips`,
    /// `skipRange`), and returns its index. Nothing changes (and the node's index, if any, is
    /// returned) when the bundle is already a node, or for the package view.
    ///
    /// # Complexity
    /// O((V + E) log V) for V entries and E edges of the channel: the channel is indexed once,
    /// the drawing shifted right once.
    pub fn add_installed(&mut self, package: &Package, installed: &Installed) -> Option<NodeId> {
        if let Some(i) = self.node_index(&installed.name) {
            return Some(i);
        }
        let channel = package.channel(self.channel.as_deref()?)?;
        let index = crate::resolve::channel_successors(package, channel, installed);
        let (w, h, y) = self.nodes.first().map_or((160.0, 40.0, 20.0), |n| {
            (n.bbox.width, n.bbox.height, n.bbox.y)
        });
        self.shift_right(w + GAP);
        let row = self.nodes.first().map_or(0, |n| n.bbox.row);
        let node = self.nodes.next_key();
        let at = NodeBox {
            node: node.index(),
            x: GAP / 2.0,
            y,
            width: w,
            height: h,
            column: 0,
            lane: 0,
            row,
            group: None,
        };
        let start = (at.x + w, at.y + h / 2.0);
        self.nodes.push(ViewNode {
            is_virtual: true,
            deprecated: package.is_bundle_deprecated(&installed.name),
            legacy_deprecated: package
                .bundle(&installed.name)
                .is_some_and(|b| b.legacy_deprecated),
            channels: package
                .channels_of(&installed.name)
                .into_iter()
                .map(str::to_string)
                .collect(),
            description: Some(format!(
                "installed from another channel; not an entry of {}",
                channel.name
            )),
            bbox: at,
            ..ViewNode::new(
                installed.name.clone(),
                installed.version.as_ref().map(ToString::to_string),
            )
        });
        self.push_texts(node);
        for (entry, reasons) in index {
            let Some(to) = self.node_index(&channel.entries[entry].name) else {
                continue;
            };
            let Some(b) = self.nodes.get(to).map(|n| &n.bbox) else {
                continue;
            };
            let end = (b.x, b.y + b.height / 2.0);
            for r in reasons {
                self.edges.push(ViewEdge {
                    from: node,
                    to,
                    kind: r.kind,
                    range: r.range,
                    channels: vec![channel.name.clone()],
                    points: vec![start, end],
                    curved: true,
                    group: None,
                    members: Vec::new(),
                    crd_safety: None,
                });
            }
        }
        self.installed_from_other_channel = Some(node);
        self.reindex();
        Some(node)
    }

    /// Moves the whole drawing `dx` to the right (one column further), widening it.
    fn shift_right(&mut self, dx: f64) {
        self.width += dx;
        for n in &mut self.nodes {
            n.bbox.x += dx;
            n.bbox.column += 1;
        }
        for e in &mut self.edges {
            for p in &mut e.points {
                p.0 += dx;
            }
        }
        let shift = |p: &mut (f64, f64)| p.0 += dx;
        for band in &mut self.bands {
            shift_rail(&mut band.rail, dx);
            band.taps.iter_mut().for_each(shift);
        }
        for staircase in &mut self.staircases {
            shift_rail(&mut staircase.rail, dx);
        }
        for group in &mut self.groups {
            group.bbox.x += dx;
            group.bbox.column += 1;
        }
    }
}

/// Moves every point of a rail `dx` to the right.
fn shift_rail(rail: &mut crate::layout::Rail, dx: f64) {
    for path in &mut rail.paths {
        path.iter_mut().for_each(|p| p.0 += dx);
    }
    rail.taps.iter_mut().for_each(|t| t.1 .0 += dx);
    for r in &mut rail.risers {
        r.1 .0 += dx;
        r.2 .0 += dx;
    }
    if let Some(x) = &mut rail.spine {
        *x += dx;
    }
}
