//! What the pieces of one drawing share: the view, which node is hovered (or focused) and what
//! that highlights, which node is selected, and the pan and zoom (to bring a node into view).

use leptos::prelude::*;
use olm_graph_core::view::{GraphView, NodeId};

pub use crate::graph::marks::{FanFocus, Highlight};
use crate::graph::marks::{Focus, SceneMarks};
use crate::graph::pan_zoom::UsePanZoomReturn;
use crate::state::graph::GraphStore;
use crate::state::selection::Selection;
use crate::state::shared::Shared;

/// The shared state of the drawing on screen (cheap to copy).
#[derive(Clone, Copy)]
pub struct Scene {
    pub hovered: RwSignal<Option<NodeId>>,
    pub highlight: Memo<Highlight>,
    pub selected: Memo<Option<NodeId>>,
    /// The fans of the hovered entry, else of the selected one.
    pub fan_focus: Memo<FanFocus>,
    /// What the three above mark on each drawn piece, handed to each alone.
    pub marks: SceneMarks,
    pub pan_zoom: UsePanZoomReturn,
}

impl Scene {
    pub fn new(graph: GraphStore, selection: Selection, pan_zoom: UsePanZoomReturn) -> Scene {
        let hovered: RwSignal<Option<NodeId>> = RwSignal::new(None);
        let highlight = Memo::new(move |_| {
            let Some(i) = hovered.get() else {
                return Highlight::default();
            };
            graph
                .view
                .with(|v| {
                    let v = v.as_ref()?;
                    v.node(i)?;
                    let near = v.neighbours(i).to_vec();
                    Some(Highlight {
                        node: Some(i),
                        near,
                    })
                })
                .unwrap_or_default()
        });
        let selected = Memo::new(move |_| {
            let b = selection.bundle.get()?;
            graph.view.with(|v| v.as_ref()?.node_index(&b))
        });
        let fan_focus = Memo::new(move |_| {
            let Some(i) = hovered.get().or_else(|| selected.get()) else {
                return FanFocus::default();
            };
            graph
                .view
                .with(|v| v.as_ref().map(|v| FanFocus::of(v, i)))
                .unwrap_or_default()
        });
        let focus = Memo::new(move |_| Focus {
            highlight: highlight.get(),
            selected: selected.get(),
            fan_focus: fan_focus.get(),
        });
        Scene {
            hovered,
            highlight,
            selected,
            fan_focus,
            marks: SceneMarks::new(focus),
            pan_zoom,
        }
    }

    /// Brings node `i` of `view` into view when it is not.
    pub fn reveal(&self, view: &GraphView, i: NodeId) {
        if let Some(b) = view.node(i).map(|n| &n.bbox) {
            self.pan_zoom.reveal((b.x, b.y, b.width, b.height));
        }
    }
}

/// A view shared by the drawing's pieces.
pub type SharedView = Shared<GraphView>;
