//! A bundle on the graph: its box, its label's lines (the version, and the fans it carries:
//! core's `NodeLabel`, as the SVG export writes them), head and deprecation badges, and every
//! marking as a signal read here (hover, the bundles a hovered or selected entry's fans cover,
//! selection, terminated, the truncation preview, the fate after a catalog switch, the
//! simulation's path). A bundle collapsed into a group is an element with no shape (its name,
//! classes and tooltip). A group of absent bundles is one box; a click expands it. Events are
//! handled once for all nodes by the drawing (see `drawing.rs`).
//!
//! Test hooks: `data-bundle`, `data-virtual`, `data-deprecated`, `data-legacy-deprecated`,
//! `data-head`, `data-phase` and `data-compatible` (the lifecycle overlay), `data-terminated`, `data-removed`, `data-to-deprecate`, `data-fate`; on the
//! simulation's path `data-on-path[-v1]`, `data-path-step[-v1]` (0 = installed), `data-failed`
//! (`csv` or `installplan`) and `data-path-current`; for the operator chosen in the Cluster tab,
//! `data-installed` ("you are here", also written on the box) and `data-failed` (its failed
//! bundle, `clusterextension` for OLM v1); while the mirror cut is drawn, `data-mirror`
//! (`kept`, `required`, `dropped` or `stranded`, core's `mirror::BundleMark::word`; the cut's
//! new head has the class `mirror-head`). The `<g>` is at tachys' limit of 26 attributes: a new
//! marking goes into `class` or an existing attribute, not a new one.

use leptos::prelude::*;
use olm_graph_core::change::Fate;
use olm_graph_core::mirror::{BundleMark, Cut};
use olm_graph_core::view::{
    label_baseline, label_baselines, GroupId, NodeId, NodeLabel, ViewNode, DEPRECATED_BADGE_WIDTH,
    HEAD_BADGE_WIDTH,
};

use crate::graph::marks::{
    group_marks, node_marks, ScenePiece, COVERED, DIM, NEAR, SELECTED, SKIPPED,
};
use crate::graph::scene::{Scene, SharedView};
use crate::state::catalog_changes::CatalogChanges;
use crate::state::cluster::ClusterStore;
use crate::state::comparison::Comparison;
use crate::state::mirror::MirrorStore;
use crate::state::simulation::{NodeMarks, SimulationStore};

/// A node's markings, each a signal.
#[derive(Clone, Copy)]
struct Marks {
    terminated: Signal<bool>,
    removed: Signal<bool>,
    to_deprecate: Signal<bool>,
    fate: Signal<Option<Fate>>,
    path: Memo<Option<NodeMarks>>,
    /// The chosen cluster operator runs this bundle.
    installed: Memo<bool>,
    /// How the failed bundle's upgrade failed: the simulation's, else the cluster's.
    failed: Memo<Option<&'static str>>,
    /// What the mirror cut does to it, while drawn.
    mirror: Memo<Option<BundleMark>>,
}

impl Marks {
    fn of(name: &str) -> Marks {
        let lifecycle = CatalogChanges::get();
        let comparison = Comparison::get();
        let sim = SimulationStore::get();
        let n = name.to_string();
        let terminated = Signal::derive(move || lifecycle.terminated.with(|t| t.contains(&n)));
        let n = name.to_string();
        let removed = Signal::derive(move || lifecycle.truncated_away.with(|t| t.contains(&n)));
        let n = name.to_string();
        let to_deprecate = Signal::derive(move || lifecycle.deprecates(&n));
        let n = name.to_string();
        let fate = Signal::derive(move || comparison.fate_of(&n));
        let n = name.to_string();
        let path = Memo::new(move |_| sim.marks.with(|m| m.node(&n).cloned()));
        let cluster = ClusterStore::get();
        let n = name.to_string();
        let installed = Memo::new(move |_| {
            cluster
                .marks
                .with(|m| m.as_ref().is_some_and(|m| m.is_installed(&n)))
        });
        let n = name.to_string();
        let failed = Memo::new(move |_| {
            let on_path = path.with(|p| p.as_ref().and_then(|p| p.failed).map(|k| k.as_str()));
            on_path.or_else(|| {
                cluster
                    .marks
                    .with(|m| m.as_ref().and_then(|m| m.failed_kind(&n)))
            })
        });
        let cut = MirrorStore::get();
        let n = name.to_string();
        let mirror = Memo::new(move |_| cut.marks.with(|m| m.as_ref().and_then(|m| m.of(&n))));
        Marks {
            terminated,
            removed,
            to_deprecate,
            fate,
            path,
            installed,
            failed,
            mirror,
        }
    }

    /// The node's tooltip: its fixed part and the markings that apply.
    fn title(self, base: &str) -> String {
        let mut t = base.to_string();
        if self.terminated.get() {
            let resolver = CatalogChanges::get().terminated_resolver.get();
            t.push_str(&format!(
                "\nTerminated under OLM {}: not the head, and no upgrade leaves it",
                resolver.as_str()
            ));
        }
        if self.removed.get() {
            t.push_str("\nRemoved by the deprecate-and-truncate preview");
        }
        if let Some(f) = self.fate.get() {
            t.push_str(&format!("\nAfter the catalog switch: {}", f.as_str()));
        }
        if self.installed.get() {
            t.push_str("\nYou are here: the cluster runs this bundle");
        }
        if let Some(kind) = self.failed.get() {
            t.push_str(&format!("\nIts upgrade failed ({kind})"));
        }
        if let Some(m) = self.mirror.get() {
            t.push_str(mirror_title(m));
        }
        t
    }

    fn step(self, path: usize) -> Option<String> {
        self.path
            .with(|p| p.as_ref().and_then(|p| p.step[path]).map(|s| s.to_string()))
    }
}

/// One node of `view` (index `index`).
#[component]
pub fn Node(view: SharedView, index: NodeId, scene: Scene) -> impl IntoView {
    let n = &view.nodes()[index];
    let b = &n.bbox;
    let text = n.label();
    let marks = Marks::of(&n.name);
    let fixed = n.class();
    let bits = scene
        .marks
        .watch(ScenePiece::Node(index.index()), node_marks(index));
    let class = move || {
        let mut c = fixed.clone();
        let on = bits.get();
        for (on, name) in [
            (marks.terminated.get(), " terminated"),
            (marks.removed.get(), " removed"),
            (marks.to_deprecate.get(), " to-deprecate"),
            (on & DIM != 0, " dim"),
            (on & NEAR != 0, " near"),
            (on & SELECTED != 0, " selected"),
            (on & COVERED != 0, " covered"),
            (on & SKIPPED != 0, " skipped"),
        ] {
            if on {
                c.push_str(name);
            }
        }
        if let Some(m) = marks.mirror.get() {
            c.push_str(&mirror_classes(m));
        }
        c
    };
    let title = view.node_tooltip(index);
    let label = here_label(view.node_aria_label(index), &text, n.head, marks.installed);
    let member = n.collapsed.is_some();
    let body = (!member).then(|| {
        view! { <NodeBody node=n.clone() text=text width=b.width height=b.height removed=marks.removed here=marks.installed mirror=marks.mirror/> }
    });
    view! {
        <g
            class=class
            transform=(!member).then(|| format!("translate({:.1},{:.1})", b.x, b.y))
            data-bundle=n.name.clone()
            data-virtual=n.is_virtual.to_string()
            data-deprecated=n.deprecated.to_string()
            data-legacy-deprecated=n.legacy_deprecated.to_string()
            data-head=n.head.to_string()
            data-phase=n.phase_attr().map(str::to_string)
            data-compatible=n.compatible_attr()
            data-terminated=move || marks.terminated.get().to_string()
            data-removed=move || marks.removed.get().to_string()
            data-to-deprecate=move || marks.to_deprecate.get().to_string()
            data-fate=move || marks.fate.get().map(|f| f.as_str())
            data-on-path=move || marks.step(0).map(|_| "true")
            data-path-step=move || marks.step(0)
            data-on-path-v1=move || marks.step(1).map(|_| "true")
            data-path-step-v1=move || marks.step(1)
            data-failed=move || marks.failed.get()
            data-installed=move || marks.installed.get().then_some("true")
            data-mirror=move || marks.mirror.get().map(BundleMark::word)
            data-path-current=move || marks.path.with(|p| p.as_ref().is_some_and(|p| p.current).then_some("true"))
            data-missing-bundle=move || marks.path.with(|p| p.as_ref().is_some_and(|p| p.missing_bundle).then_some("true"))
            tabindex=(!member).then_some("0")
            role=(!member).then_some("button")
            aria-label=move || (!member).then(|| label.get())
            aria-pressed=move || (!member).then(|| (bits.get() & SELECTED != 0).to_string())
        >
            <title>{move || marks.title(&title)}</title>
            {body}
        </g>
    }
}

/// Room the badges take on a node's first line.
fn badge_width(node: &ViewNode) -> f64 {
    let head = if node.head { HEAD_BADGE_WIDTH } else { 0.0 };
    let deprecated = if node.deprecated {
        DEPRECATED_BADGE_WIDTH
    } else {
        0.0
    };
    head + deprecated
}

/// What a node draws: box, deprecation bar, its label's lines centred as the export writes them
/// (`version`, and `marker` for its fans), badges on its top edge, the strike of a removed node.
/// Each text ends with a space (not drawn), so the texts read as words in the node's order,
/// which its accessible name starts with (core's `GraphView::node_aria_label`).
#[component]
fn NodeBody(
    node: ViewNode,
    text: NodeLabel,
    width: f64,
    height: f64,
    removed: Signal<bool>,
    here: Memo<bool>,
    mirror: Memo<Option<BundleMark>>,
) -> impl IntoView {
    let (w, h) = (width, height);
    let was_head = node.head;
    view! {
        {move || mirror.get().filter(|m| m.stranded).map(|_| mirror_ring(w, h))}
        <rect class="box" width=format!("{w:.1}") height=format!("{h:.1}") rx="5"/>
        {move || mirror.get().filter(|m| m.cut == Cut::Dropped).map(|_| view! {
            <rect class="mirror-hatch" width=format!("{w:.1}") height=format!("{h:.1}") rx="5" fill="url(#mirror-hatch)"/>
        })}
        {node.deprecated.then(|| view! {
            <rect class="deprecated-bar" width="4" height=format!("{h:.1}") rx="2"/>
        })}
        {label_lines(&text, w, h)}
        {node.head.then(|| view! {
            <g class="head-badge" transform=format!("translate({:.1},-7)", w - HEAD_BADGE_WIDTH + 1.0)>
                <rect width="30" height="12" rx="6"/>
                <text x="15" y="9">"HEAD "</text>
            </g>
        })}
        {node.deprecated.then(|| deprecated_badge(node.legacy_deprecated, w - badge_width(&node) - 1.0))}
        {move || removed.get().then(|| view! {
            <line class="removed-strike" x1="4" y1=format!("{:.1}", h / 2.0) x2=format!("{:.1}", w - 4.0) y2=format!("{:.1}", h / 2.0)/>
        })}
        {move || here.get().then(here_badge)}
        {move || mirror.get().filter(|m| m.head && !was_head).map(|_| new_head_badge(w))}
    }
}

/// The classes of the mirror cut's marks (the `<g>` has no room for another attribute).
fn mirror_classes(m: BundleMark) -> String {
    let mut c = String::new();
    for (on, name) in [
        (m.cut == Cut::Dropped, " mirror-dropped"),
        (m.cut == Cut::Required, " mirror-required"),
        (m.stranded, " mirror-stranded"),
        (m.head, " mirror-head"),
    ] {
        if on {
            c.push_str(name);
        }
    }
    c
}

/// The tooltip's line for the mirror cut.
fn mirror_title(m: BundleMark) -> &'static str {
    match (m.cut, m.stranded, m.head) {
        (_, _, true) => "\nMirror: kept, the new channel head",
        (Cut::Dropped, true, _) => {
            "\nMirror: dropped, and stranded (no upgrade path to the new head)"
        }
        (_, true, _) => "\nMirror: kept, but stranded (no upgrade path to the new head)",
        (Cut::Required, _, _) => {
            "\nMirror: outside the range, kept only because the upgrade chain needs it"
        }
        (Cut::Dropped, _, _) => "\nMirror: dropped (not mirrored)",
        (Cut::Kept, _, _) => "\nMirror: kept",
    }
}

/// The ring around a stranded bundle: a wider rounded outline outside its box.
fn mirror_ring(w: f64, h: f64) -> impl IntoView {
    view! {
        <rect class="mirror-ring" x="-4" y="-4" width=format!("{:.1}", w + 8.0) height=format!("{:.1}", h + 8.0) rx="8"/>
    }
}

/// "New head": a badge on the bottom edge of the box of the bundle the cut makes the head.
fn new_head_badge(w: f64) -> impl IntoView {
    const WIDTH: f64 = 56.0;
    view! {
        <g class="mirror-head-badge" data-testid="mirror-new-head" transform=format!("translate({:.1},-7)", w - WIDTH - 1.0)>
            <rect width=format!("{WIDTH:.0}") height="12" rx="6"/>
            <text x=format!("{:.1}", WIDTH / 2.0) y="9">"NEW HEAD "</text>
        </g>
    }
}

/// The accessible name of a node, with "YOU ARE HERE" after the words it shows (its label and
/// badges) while it carries that badge, so that the name holds the visible text.
fn here_label(label: String, text: &NodeLabel, head: bool, here: Memo<bool>) -> Signal<String> {
    let mut shown = text.primary.clone();
    if let Some(c) = &text.caption {
        shown.push(' ');
        shown.push_str(c);
    }
    if head {
        shown.push_str(" HEAD");
    }
    Signal::derive(move || match label.strip_prefix(&shown) {
        Some(rest) if here.get() => format!("{shown} YOU ARE HERE{rest}"),
        _ => label.clone(),
    })
}

/// "You are here": a badge on the top edge of the box of the bundle the chosen cluster
/// operator runs, at its left (the head badge is at its right).
fn here_badge() -> impl IntoView {
    const WIDTH: f64 = 74.0;
    view! {
        <g class="here-badge" data-testid="you-are-here" transform="translate(2,-7)">
            <rect width=format!("{WIDTH:.0}") height="12" rx="6"/>
            <text x=format!("{:.1}", WIDTH / 2.0) y="9">"YOU ARE HERE "</text>
        </g>
    }
}

/// A label's lines in a box w × h: the first (`version`) and the fans (`marker`), centred, at
/// core's baselines.
fn label_lines(text: &NodeLabel, w: f64, h: f64) -> impl IntoView {
    let font = olm_graph_core::view::LABEL_FONT_SIZE;
    let marker = olm_graph_core::view::MARKER_FONT_SIZE;
    let (first, second) = label_baselines(h, font, marker);
    let y = if text.caption.is_some() {
        first
    } else {
        label_baseline(h, font)
    };
    let cx = format!("{:.1}", w / 2.0);
    view! {
        <text class="version" x=cx.clone() y=format!("{y:.1}") text-anchor="middle">{text.primary.clone()}" "</text>
        {text.caption.clone().map(|c| view! {
            <text class="marker" x=cx y=format!("{second:.1}") text-anchor="middle">{c}" "</text>
        })}
    }
}

/// A group of absent bundles one entry names: one box with its count; a click (or Enter)
/// expands it into its bundles.
#[component]
pub fn Group(view: SharedView, index: GroupId, scene: Scene) -> impl IntoView {
    let g = &view.groups()[index];
    let bx = &g.bbox;
    let entry = g.entry;
    let label = view.group_label(index).unwrap_or_else(|| NodeLabel {
        primary: format!("{} bundles", g.members.len()),
        caption: None,
    });
    let aria = format!(
        "{} {}: absent bundles named by {}; press to expand",
        label.primary,
        label.caption.clone().unwrap_or_default(),
        view.nodes()[entry].name
    );
    let (w, h) = (bx.width, bx.height);
    let members = g.members.clone();
    let bits = scene.marks.watch(
        ScenePiece::Group(index.index()),
        group_marks(entry, members),
    );
    let class = move || {
        let mut c = String::from("group virtual");
        let on = bits.get();
        if on & DIM != 0 {
            c.push_str(" dim");
        }
        if on & NEAR != 0 {
            c.push_str(" near");
        }
        c
    };
    view! {
        <g class=class
            transform=format!("translate({:.1},{:.1})", bx.x, bx.y)
            data-group=view.nodes()[entry].name.clone()
            data-members=g.members.len().to_string()
            tabindex="0" role="button" aria-label=aria>
            <title>{view.group_tooltip(index)}</title>
            <rect class="box" width=format!("{w:.1}") height=format!("{h:.1}") rx="5"/>
            {label_lines(&label, w, h)}
        </g>
    }
}

/// The deprecation badge: "!" in a triangle, or a "no entry" sign for the legacy property
/// (OLM v0 prohibits the bundle).
fn deprecated_badge(legacy: bool, x: f64) -> AnyView {
    if legacy {
        view! {
            <g class="deprecated-badge legacy" transform=format!("translate({x:.1},-7)")>
                <circle cx="8" cy="7.5" r="7"/>
                <rect x="3.5" y="6.2" width="9" height="2.6"/>
            </g>
        }
        .into_any()
    } else {
        view! {
            <g class="deprecated-badge" transform=format!("translate({x:.1},-8)")>
                <path d="M8,0 L16,15 L0,15 Z"/>
                <text x="8" y="13.5">"!"</text>
            </g>
        }
        .into_any()
    }
}
