//! The document's one inline stylesheet, from the shared palette ([`crate::export::style`]); the
//! class names are those of [`crate::view`] (`node head`, `edge skipRange`, `band skips`, …).

use std::fmt::Write as _;

use crate::export::style;
use crate::view::{num, GraphView, PhaseClass};

/// The stylesheet, with the view's font sizes; with the lifecycle overlay, the phase tints
/// (after the node states, so a deprecated bundle shows its phase); with `animate`, the hop
/// animation and its reduced-motion fallback.
pub(super) fn stylesheet(view: &GraphView, animate: bool) -> String {
    let mut s = String::new();
    let _ = write!(
        s,
        "svg{{font-family:{font}}}\
.bg{{fill:{bg}}}\
.title{{font-size:16px;font-weight:700;fill:{text}}}\
.subtitle{{font-size:12px;fill:{muted}}}\
.lane-caption{{font-size:11px;font-weight:600;fill:{muted}}}\
.legend text{{font-size:11px;fill:{text}}}\
.node rect{{fill:{fill};stroke:{stroke};stroke-width:1.2}}\
.node .version{{font-size:{size}px;font-weight:600;fill:{text}}}\
.node .marker,.group .marker{{font-size:{marker}px;fill:{muted}}}\
.group rect{{fill:{vfill};stroke:{virt};stroke-dasharray:{vdash}}}\
.group .version{{font-size:{size}px;font-weight:600;fill:{muted}}}\
.node.head rect{{stroke:{head};stroke-width:3}}\
.node.deprecated rect{{fill:{dep}}}\
.node.legacy rect{{stroke:{legacy};stroke-width:3;stroke-dasharray:8 2}}\
.node.virtual rect{{fill:{vfill};stroke:{virt};stroke-dasharray:{vdash}}}\
.node.virtual .version{{fill:{muted}}}\
.node.on-path rect{{stroke:{path};stroke-width:3}}\
.edge{{fill:none;stroke-width:1.4}}\
.edge.replaces{{stroke:{rep}}}\
.edge.skips{{stroke:{skp};stroke-dasharray:{skd}}}\
.edge.skipRange{{stroke:{sr};stroke-dasharray:{srd}}}\
.band{{fill:none;stroke:{sr};stroke-opacity:0.45;stroke-width:4;stroke-linecap:square}}\
.tap{{fill:{sr}}}\
.band.skips{{stroke:{skp}}}\
.tap.skips{{fill:{skp}}}\
.hop{{fill:none;stroke:{path};stroke-width:4;stroke-linecap:round;stroke-linejoin:round;opacity:0.85}}",
        font = style::FONT_FAMILY,
        size = num(view.font_size),
        marker = num(view.marker_font_size),
        bg = style::BACKGROUND,
        text = style::TEXT,
        muted = style::MUTED_TEXT,
        fill = style::NODE_FILL,
        stroke = style::NODE_STROKE,
        head = style::HEAD,
        dep = style::DEPRECATED,
        legacy = style::LEGACY_DEPRECATED,
        vfill = style::VIRTUAL_FILL,
        virt = style::VIRTUAL,
        vdash = style::VIRTUAL_DASH,
        path = style::PATH,
        rep = style::REPLACES,
        skp = style::SKIPS,
        skd = style::SKIPS_DASH,
        sr = style::SKIP_RANGE,
        srd = style::SKIP_RANGE_DASH,
    );
    if view.support.is_some() {
        for class in PhaseClass::ALL {
            let _ = write!(
                s,
                ".node.{} rect{{fill:{}}}",
                class.css_class(),
                style::phase_fill(class)
            );
        }
    }
    if animate {
        s.push_str(
            ".hop.animated{stroke-dasharray:1 1;stroke-dashoffset:1;\
animation:olmg-hop 0.8s ease-in-out forwards}\
@keyframes olmg-hop{from{stroke-dashoffset:1}to{stroke-dashoffset:0}}\
@media (prefers-reduced-motion: reduce){.hop.animated{animation:none;stroke-dashoffset:0}}",
        );
    }
    s
}
