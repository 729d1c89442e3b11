//! The tooltips of a drawing, in the one wording the app and every export use: a node's name,
//! version, head, deprecation, whether it is virtual, its channels and CSV texts; an edge's ends,
//! kind, range and channels; a band's range and sources. Each is written through
//! [`std::fmt::Write`] (an export escapes on the way) or returned as a `String`.

use std::fmt::{self, Write};

use crate::graph::EdgeKind;

use super::{GraphView, GroupId, NodeId, ViewBand, ViewEdge, ViewNode};

/// How many source names a band's tooltip lists before it says how many more there are.
const BAND_TOOLTIP_NAMES: usize = 30;

/// Runs a writer into a new `String`.
fn to_string(write: impl FnOnce(&mut String) -> fmt::Result) -> String {
    let mut s = String::new();
    let _ = write(&mut s);
    s
}

impl ViewNode {
    /// The node's tooltip (see [`ViewNode::write_tooltip`]).
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn tooltip(&self, in_channel: bool) -> String {
        to_string(|s| self.write_tooltip(in_channel, s))
    }

    /// Writes the node's tooltip: its name, version, head, deprecation, whether it is virtual,
    /// its channels (package view) and its CSV display name and description, one per line.
    /// `in_channel` tells a channel's view (head: "channel head") from the package's ("head of:
    /// …").
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn write_tooltip(&self, in_channel: bool, out: &mut impl Write) -> fmt::Result {
        out.write_str(&self.name)?;
        match &self.version {
            Some(v) => write!(out, "\nversion {v}")?,
            None => out.write_str("\nversion unknown")?,
        }
        match (in_channel, self.head) {
            (true, true) => out.write_str("\nchannel head")?,
            (false, true) => write!(out, "\nhead of: {}", self.head_of.join(", "))?,
            _ => {}
        }
        match (&self.deprecation, self.deprecated) {
            (Some(m), _) => write!(out, "\ndeprecated: {m}")?,
            (None, true) => out.write_str("\ndeprecated")?,
            _ => {}
        }
        match (in_channel, self.is_virtual) {
            (true, true) => out.write_str("\nnot an entry of this channel")?,
            (false, true) => out.write_str("\nnot a bundle of this package")?,
            (false, false) if !self.channels.is_empty() => {
                write!(out, "\nchannels: {}", self.channels.join(", "))?
            }
            _ => {}
        }
        for line in self.display_name.iter().chain(&self.description) {
            write!(out, "\n{line}")?;
        }
        Ok(())
    }
}

/// The tooltip of an edge `from → to` in every drawing (see [`write_edge_tooltip`]).
///
/// # Complexity
/// O(length of the text): a node's texts, or at most 30 source names for a band.
pub fn edge_tooltip(
    from: &str,
    to: &str,
    kind: EdgeKind,
    range: Option<&str>,
    channels: &[&str],
) -> String {
    to_string(|s| write_edge_tooltip(s, from, to, kind, range, channels))
}

/// Writes the tooltip of an edge: `a → b: skipRange >=1.0.0 <2.0.0`, and ` (channels: x, y)`
/// when `channels` is not empty (the package view lists them).
///
/// # Complexity
/// O(length of the text): a node's texts, or at most 30 source names for a band.
pub fn write_edge_tooltip(
    out: &mut impl Write,
    from: &str,
    to: &str,
    kind: EdgeKind,
    range: Option<&str>,
    channels: &[&str],
) -> fmt::Result {
    write!(out, "{from} → {to}: {}", kind.as_str())?;
    if let Some(r) = range {
        write!(out, " {r}")?;
    }
    if !channels.is_empty() {
        write!(out, " (channels: {})", channels.join(", "))?;
    }
    Ok(())
}

impl GraphView {
    /// The tooltip of node `i` (see [`ViewNode::write_tooltip`]); empty when out of range.
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn node_tooltip(&self, i: NodeId) -> String {
        to_string(|s| self.write_node_tooltip(i, s))
    }

    /// Writes the tooltip of node `i`.
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn write_node_tooltip(&self, i: NodeId, out: &mut impl Write) -> fmt::Result {
        let Some(n) = self.nodes.get(i) else {
            return Ok(());
        };
        n.write_tooltip(self.channel.is_some(), out)?;
        for b in self.fans_into(i).iter().filter_map(|&b| self.bands.get(b)) {
            let count = b.sources.len();
            let plural = if count == 1 { "" } else { "s" };
            match b.kind {
                EdgeKind::Skips => write!(out, "\nskips {count} bundle{plural}")?,
                _ => write!(
                    out,
                    "\nskipRange {}: upgrades from {count} bundle{plural}",
                    b.range.as_deref().unwrap_or("")
                )?,
            }
        }
        if let (Some(support), Some(as_of)) = (&n.support, &self.support) {
            for line in super::support_lines(support, as_of) {
                write!(out, "\n{line}")?;
            }
        }
        Ok(())
    }

    /// The tooltip of an edge (see [`write_edge_tooltip`]), with its channels in the package
    /// view.
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn edge_tooltip(&self, e: &ViewEdge) -> String {
        to_string(|s| self.write_edge_tooltip(e, s))
    }

    /// Writes the tooltip of an edge (leaving a group: how many bundles of the group it stands
    /// for).
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn write_edge_tooltip(&self, e: &ViewEdge, out: &mut impl Write) -> fmt::Result {
        if e.group.is_some() {
            let n = e.members.len();
            let plural = if n == 1 { "" } else { "s" };
            let what = self.not_in();
            write!(
                out,
                "{n} bundle{plural} {what} → {}: {}",
                self.name(e.to),
                e.kind.as_str()
            )?;
            return Ok(());
        }
        self.write_edge_words(out, (e.from, e.to), e.kind, e.range.as_deref(), &e.channels)
    }

    /// The tooltip of the edge from `member` (collapsed in a group) that a group's edge stands
    /// for.
    ///
    /// # Complexity
    /// O(length of the names).
    pub fn member_edge_tooltip(&self, e: &ViewEdge, member: NodeId) -> String {
        to_string(|s| {
            self.write_edge_words(s, (member, e.to), e.kind, e.range.as_deref(), &e.channels)
        })
    }

    /// `not in this channel` or `not in this package`.
    fn not_in(&self) -> &'static str {
        if self.channel.is_some() {
            "not in this channel"
        } else {
            "not in this package"
        }
    }

    /// The tooltip of group `g`: how many bundles the entry names that are not entries, and
    /// every one of their names.
    ///
    /// # Complexity
    /// O(M) for M members (and the length of their names).
    pub fn group_tooltip(&self, g: GroupId) -> String {
        to_string(|s| self.write_group_tooltip(g, s))
    }

    /// Writes the tooltip of group `g`.
    ///
    /// # Complexity
    /// O(M) for M members (and the length of their names).
    pub fn write_group_tooltip(&self, g: GroupId, out: &mut impl Write) -> fmt::Result {
        let Some(grp) = self.groups.get(g) else {
            return Ok(());
        };
        let n = grp.members.len();
        write!(
            out,
            "{n} bundles named by {} {}:",
            self.name(grp.entry),
            self.not_in()
        )?;
        for &m in &grp.members {
            write!(out, "\n  {}", self.name(m))?;
        }
        Ok(())
    }

    /// The tooltip of the `k`-th source's edge of a band (its tap); empty when out of range.
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn band_edge_tooltip(&self, b: &ViewBand, k: usize) -> String {
        to_string(|s| self.write_band_edge_tooltip(b, k, s))
    }

    /// Writes the tooltip of the `k`-th source's edge of a band.
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn write_band_edge_tooltip(
        &self,
        b: &ViewBand,
        k: usize,
        out: &mut impl Write,
    ) -> fmt::Result {
        let (Some(&from), Some(channels)) = (b.sources.get(k), b.source_channels.get(k)) else {
            return Ok(());
        };
        self.write_edge_words(out, (from, b.to), b.kind, b.range.as_deref(), channels)
    }

    fn write_edge_words(
        &self,
        out: &mut impl Write,
        (from, to): (NodeId, NodeId),
        kind: EdgeKind,
        range: Option<&str>,
        channels: &[String],
    ) -> fmt::Result {
        let channels: Vec<&str> = if self.channel.is_none() {
            channels.iter().map(String::as_str).collect()
        } else {
            Vec::new()
        };
        write_edge_tooltip(out, self.name(from), self.name(to), kind, range, &channels)
    }

    fn name(&self, i: NodeId) -> &str {
        self.nodes.get(i).map_or("", |n| n.name.as_str())
    }

    /// The tooltip of a band (see [`GraphView::write_band_tooltip`]).
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn band_tooltip(&self, b: &ViewBand) -> String {
        to_string(|s| self.write_band_tooltip(b, s))
    }

    /// Writes the tooltip of a band: what it stands for, and the names of its first 30 sources.
    ///
    /// # Complexity
    /// O(length of the text): a node's texts, or at most 30 source names for a band.
    pub fn write_band_tooltip(&self, b: &ViewBand, out: &mut impl Write) -> fmt::Result {
        let count = b.sources.len();
        let plural = if count == 1 { "" } else { "s" };
        let to = self.name(b.to);
        match b.kind {
            EdgeKind::Skips => write!(out, "skips into {to}: {count} skipped bundle{plural}")?,
            _ => write!(
                out,
                "skipRange {} into {to}: {count} source{plural}",
                b.range.as_deref().unwrap_or("")
            )?,
        }
        for &s in b.sources.iter().take(BAND_TOOLTIP_NAMES) {
            write!(out, "\n  {}", self.name(s))?;
        }
        if count > BAND_TOOLTIP_NAMES {
            write!(out, "\n  … and {} more", count - BAND_TOOLTIP_NAMES)?;
        }
        Ok(())
    }
}
