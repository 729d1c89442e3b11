//! What the pieces of one drawing share: the view, which node is hovered (or focused) and what
//! that highlights, which node is selected, and the pan and zoom (to bring a node into view).

use leptos::prelude::*;
use olm_graph_core::view::GraphView;

use crate::graph::pan_zoom::UsePanZoomReturn;
use crate::state::graph::GraphStore;
use crate::state::selection::Selection;
use crate::state::shared::Shared;

/// What hovering (or focusing) a node highlights: the node and its neighbours.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Highlight {
    pub node: Option<usize>,
    pub near: Vec<usize>,
}

impl Highlight {
    pub fn active(&self) -> bool {
        self.node.is_some()
    }

    pub fn lit(&self, i: usize) -> bool {
        self.node == Some(i) || self.near.binary_search(&i).is_ok()
    }
}

/// The shared state of the drawing on screen (cheap to copy).
#[derive(Clone, Copy)]
pub struct Scene {
    pub hovered: RwSignal<Option<usize>>,
    pub highlight: Memo<Highlight>,
    pub selected: Memo<Option<usize>>,
    pub pan_zoom: UsePanZoomReturn,
}

impl Scene {
    pub fn new(graph: GraphStore, selection: Selection, pan_zoom: UsePanZoomReturn) -> Scene {
        let hovered: RwSignal<Option<usize>> = RwSignal::new(None);
        let highlight = Memo::new(move |_| {
            let Some(i) = hovered.get() else {
                return Highlight::default();
            };
            graph
                .view
                .with(|v| {
                    let near = v.as_ref()?.neighbours.get(i)?.clone();
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
        Scene {
            hovered,
            highlight,
            selected,
            pan_zoom,
        }
    }

    /// Brings node `i` of `view` into view when it is not.
    pub fn reveal(&self, view: &GraphView, i: usize) {
        if let Some(b) = view.boxes.get(i) {
            self.pan_zoom.reveal((b.x, b.y, b.width, b.height));
        }
    }
}

/// A view shared by the drawing's pieces.
pub type SharedView = Shared<GraphView>;
