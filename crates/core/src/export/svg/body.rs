//! The graph itself, written from the [`GraphView`]: individually drawn edges, the fans (rails
//! and one tap per source), the upgrade path's hops, the nodes and the groups, each with the
//! view's classes, labels and tooltips.

use std::fmt::Write as _;

use crate::graph::EdgeKind;
use crate::layout::FanMode;
use crate::view::{
    label_baseline, label_baselines, push_num, GraphView, NodeId, NodeLabel, TiSlice, ViewBand,
};

use super::escape::{push_attr, push_text, XmlText};
use super::path::{Hop, HopRoutes};

/// The document being written, and what every part reads.
pub(super) struct Body<'a> {
    pub view: &'a GraphView,
    /// How far down the graph is drawn (the header's height).
    pub dy: f64,
    /// Write the tooltips and the shapeless elements that carry them ([`super::SvgOptions::tooltips`]).
    pub tooltips: bool,
    pub out: String,
}

impl Body<'_> {
    /// `name="value"` with the value escaped, after a space.
    fn attr(&mut self, name: &str, value: &str) {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        push_attr(&mut self.out, value);
        self.out.push('"');
    }

    /// `name="number"`, after a space.
    fn num_attr(&mut self, name: &str, value: f64) {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        push_num(&mut self.out, value);
        self.out.push('"');
    }

    /// `<title>…</title>` around what `write` writes (escaped).
    /// Nothing without tooltips.
    fn title(&mut self, write: impl FnOnce(&mut XmlText<'_>) -> std::fmt::Result) {
        if !self.tooltips {
            return;
        }
        self.out.push_str("<title>");
        let _ = write(&mut XmlText(&mut self.out));
        self.out.push_str("</title>");
    }

    /// `data-channels` in the package view, where edges of several channels merge.
    fn channels_attr(&mut self, channels: &[String]) {
        if self.view.channel.is_none() && !channels.is_empty() {
            self.attr("data-channels", &channels.join(" "));
        }
    }

    /// The individually drawn edges, one element per distinct (from, to, kind); an edge
    /// leaving a group is one path (`data-group`, `data-edges`) followed by one element per
    /// member's edge (no shape: `data-from`, `data-to`, `data-edge-kind` and its tooltip).
    ///
    /// # Complexity
    /// O(E + P) for E edges of P route points in all.
    pub(super) fn edges(&mut self) {
        let view = self.view;
        self.out.push_str("<g class=\"edges\">\n");
        for e in view.edges() {
            let (Some(from), Some(to)) = (view.nodes().get(e.from), view.nodes().get(e.to)) else {
                continue;
            };
            let class = e.kind.css_class();
            let _ = write!(self.out, "<path class=\"edge {class}\"");
            self.attr("d", &crate::view::route_d(&e.points, e.curved, self.dy));
            match e.group.and_then(|g| view.groups().get(g)) {
                Some(g) => {
                    self.attr("data-group", &view.nodes()[g.entry].name);
                    let _ = write!(self.out, " data-edges=\"{}\"", e.members.len());
                }
                None => self.attr("data-from", &from.name),
            }
            self.attr("data-to", &to.name);
            self.attr("data-edge-kind", e.kind.as_str());
            if let Some(r) = &e.range {
                self.attr("data-range", r);
            }
            self.channels_attr(&e.channels);
            let _ = write!(self.out, " marker-end=\"url(#olmg-arrow-{class})\">");
            self.title(|w| view.write_edge_tooltip(e, w));
            self.out.push_str("</path>\n");
            if !self.tooltips {
                continue;
            }
            for &m in &e.members {
                self.out.push_str("<g class=\"edge-member\"");
                self.attr("data-from", &view.nodes()[m].name);
                self.attr("data-to", &to.name);
                self.attr("data-edge-kind", e.kind.as_str());
                self.out.push('>');
                let tip = view.member_edge_tooltip(e, m);
                self.title(|w| w.write_str(&tip));
                self.out.push_str("</g>\n");
            }
        }
        self.out.push_str("</g>\n");
    }

    /// The fans: in [`FanMode::Bands`] the staircases' rails; then each fan (`data-edges`
    /// edges into `data-to`) with one tap per source: a dot on the rail when rails are drawn,
    /// else an element with no shape that carries the edge (`data-from`, its tooltip).
    ///
    /// # Complexity
    /// O(B + S + P) for B fans of S sources and P rail points.
    pub(super) fn fans(&mut self) {
        let view = self.view;
        if view.bands().is_empty() {
            return;
        }
        let drawn = view.fans == FanMode::Bands;
        self.out.push_str("<g class=\"fans\">\n");
        if drawn {
            for st in view.staircases() {
                let kind = st
                    .bands
                    .first()
                    .and_then(|&b| view.bands().get(b))
                    .map_or(EdgeKind::SkipRange, |b| b.kind);
                let _ = write!(self.out, "<path class=\"{}\"", st.class(kind));
                self.attr("d", &crate::view::rail_d(&st.rail, self.dy));
                self.out.push_str("/>\n");
            }
        }
        for band in view.bands() {
            self.fan(band, drawn);
        }
        self.out.push_str("</g>\n");
    }

    /// One fan and its taps.
    fn fan(&mut self, band: &ViewBand, drawn: bool) {
        let view = self.view;
        let Some(to) = view.nodes().get(band.to) else {
            return;
        };
        let _ = write!(self.out, "<g class=\"fan {}\"", band.kind.css_class());
        self.attr("data-to", &to.name);
        self.attr("data-edge-kind", band.kind.as_str());
        if let Some(r) = &band.range {
            self.attr("data-range", r);
        }
        let _ = write!(self.out, " data-edges=\"{}\">", band.edge_count());
        self.title(|w| view.write_band_tooltip(band, w));
        // A tap with no shape carries only its tooltip.
        let taps = if drawn || self.tooltips {
            band.sources.len()
        } else {
            0
        };
        for (k, &src) in band.sources.iter().enumerate().take(taps) {
            let Some(from) = view.nodes().get(src) else {
                continue;
            };
            let tap = band.taps.get(k).copied().unwrap_or((0.0, 0.0));
            if drawn {
                let _ = write!(self.out, "<circle class=\"{}\"", band.tap_class());
                self.num_attr("cx", tap.0);
                self.num_attr("cy", tap.1 + self.dy);
                self.out.push_str(" r=\"2.5\"");
            } else {
                let _ = write!(self.out, "<g class=\"{}\"", band.tap_class());
            }
            self.attr("data-from", &from.name);
            self.attr("data-to", &to.name);
            self.attr("data-edge-kind", band.kind.as_str());
            if let Some(r) = &band.range {
                self.attr("data-range", r);
            }
            if let Some(channels) = band.source_channels.get(k) {
                self.channels_attr(channels);
            }
            self.out.push('>');
            self.title(|w| view.write_band_edge_tooltip(band, k, w));
            self.out
                .push_str(if drawn { "</circle>\n" } else { "</g>\n" });
        }
        self.out.push_str("</g>\n");
    }

    /// The upgrade path: one `hop` element per hop, animated one after the other when
    /// `hop_seconds` is given.
    ///
    /// # Complexity
    /// O(E + H) for E edges and H hops.
    pub(super) fn path(&mut self, hops: &[Hop], hop_seconds: Option<f64>) {
        if hops.is_empty() {
            return;
        }
        let view = self.view;
        let routes = HopRoutes::new(view);
        self.out.push_str("<g class=\"path\">\n");
        for hop in hops {
            let (from, to) = (&view.nodes()[hop.from].name, &view.nodes()[hop.to].name);
            let class = if hop_seconds.is_some() {
                "hop animated"
            } else {
                "hop"
            };
            let _ = write!(self.out, "<path class=\"{class}\"");
            self.attr("d", &routes.hop_d(hop, self.dy));
            let _ = write!(self.out, " pathLength=\"1\" data-hop=\"{}\"", hop.number);
            self.attr("data-hop-from", from);
            self.attr("data-hop-to", to);
            if let Some(seconds) = hop_seconds {
                self.out.push_str(" style=\"animation-delay:");
                push_num(&mut self.out, (hop.number as f64 - 1.0) * seconds);
                self.out.push_str("s;animation-duration:");
                push_num(&mut self.out, seconds);
                self.out.push_str("s\"");
            }
            self.out.push('>');
            self.title(|w| {
                write!(
                    w,
                    "hop {}: {from} → {to} ({})",
                    hop.number, hop.overlay.reasons
                )
            });
            self.out.push_str("</path>\n");
        }
        self.out.push_str("</g>\n");
    }

    /// The nodes: a box with the view's classes and tooltip, and its label's lines; a node
    /// collapsed into a group is an element with no shape (its name, classes and tooltip); then
    /// the groups.
    ///
    /// # Complexity
    /// O(V + G) for V nodes and G groups (plus the length of their texts).
    pub(super) fn nodes(&mut self, on_path: &TiSlice<NodeId, bool>) {
        let view = self.view;
        self.out.push_str("<g class=\"nodes\">\n");
        for (i, n) in view.nodes().iter_enumerated() {
            let (b, label) = (&n.bbox, n.label());
            let mut class = n.class();
            if on_path.get(i).copied().unwrap_or(false) {
                class.push_str(" on-path");
            }
            let _ = write!(self.out, "<g class=\"{class}\"");
            self.attr("data-name", &n.name);
            if let Some(v) = &n.version {
                self.attr("data-version", v);
            }
            if let Some(phase) = n.phase_attr() {
                self.attr("data-phase", phase);
            }
            if let Some(ok) = n.compatible_attr() {
                self.attr("data-compatible", ok);
            }
            self.out.push('>');
            self.title(|w| view.write_node_tooltip(i, w));
            if n.collapsed.is_none() {
                self.node_box((b.x, b.y, b.width, b.height), &label);
            }
            self.out.push_str("</g>\n");
        }
        for (g, grp) in view.groups().iter_enumerated() {
            let Some(label) = view.group_label(g) else {
                continue;
            };
            let _ = write!(self.out, "<g class=\"{}\"", grp.class());
            self.attr("data-group", &view.nodes()[grp.entry].name);
            let _ = write!(self.out, " data-members=\"{}\">", grp.members.len());
            self.title(|w| view.write_group_tooltip(g, w));
            let b = &grp.bbox;
            self.node_box((b.x, b.y, b.width, b.height), &label);
            self.out.push_str("</g>\n");
        }
        self.out.push_str("</g>\n");
    }

    /// A node's box and its label's lines: the first (`version`) and the fans (`marker`).
    fn node_box(&mut self, (x, y, w, h): (f64, f64, f64, f64), label: &NodeLabel) {
        let view = self.view;
        self.out.push_str("<rect");
        self.num_attr("x", x);
        self.num_attr("y", y + self.dy);
        self.num_attr("width", w);
        self.num_attr("height", h);
        self.out.push_str(" rx=\"5\"/>");
        let cx = x + w / 2.0;
        let top = y + self.dy;
        let (first, second) = label_baselines(h, view.font_size, view.marker_font_size);
        let primary_y = if label.caption.is_some() {
            first
        } else {
            label_baseline(h, view.font_size)
        };
        self.text_line("version", cx, top + primary_y, &label.primary);
        if let Some(caption) = &label.caption {
            self.text_line("marker", cx, top + second, caption);
        }
    }

    /// The lanes' captions (the package view: each channel's name above its lane).
    ///
    /// # Complexity
    /// O(C) for C captions (plus the length of their texts).
    pub(super) fn captions(&mut self) {
        let view = self.view;
        if view.captions.is_empty() {
            return;
        }
        self.out.push_str("<g class=\"captions\">\n");
        for c in &view.captions {
            self.out.push_str("<text class=\"lane-caption\"");
            self.num_attr("x", c.x);
            self.num_attr("y", c.y + self.dy);
            self.attr("data-channel", &c.text);
            self.out.push('>');
            push_text(&mut self.out, &c.text);
            self.out.push_str("</text>\n");
        }
        self.out.push_str("</g>\n");
    }

    /// One centred line of a node's label.
    fn text_line(&mut self, class: &str, x: f64, y: f64, text: &str) {
        let _ = write!(self.out, "<text class=\"{class}\"");
        self.num_attr("x", x);
        self.num_attr("y", y);
        self.out.push_str(" text-anchor=\"middle\">");
        push_text(&mut self.out, text);
        self.out.push_str("</text>");
    }
}
