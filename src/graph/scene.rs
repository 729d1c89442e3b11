//! What the pieces of one drawing share: the view, which node is hovered (or focused) and what
//! that highlights, which node is selected, and the pan and zoom (to bring a node into view).

use leptos::prelude::*;
use olm_graph_core::view::{BandId, GraphView, NodeId};

use crate::graph::pan_zoom::UsePanZoomReturn;
use crate::state::graph::GraphStore;
use crate::state::selection::Selection;
use crate::state::shared::Shared;

/// What hovering (or focusing) a node highlights: the node and its neighbours.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Highlight {
    pub node: Option<NodeId>,
    pub near: Vec<NodeId>,
}

impl Highlight {
    pub fn active(&self) -> bool {
        self.node.is_some()
    }

    pub fn lit(&self, i: NodeId) -> bool {
        self.node == Some(i) || self.near.binary_search(&i).is_ok()
    }
}

/// What the hovered entry (or, with nothing hovered, the selected one) says about its fans: the
/// fans drawn for it (even in markers mode), the bundles its skipRange covers and those its
/// skips fan names.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FanFocus {
    /// The entry.
    pub node: Option<NodeId>,
    /// Its fans, ascending.
    pub fans: Vec<BandId>,
    /// [`GraphView::covered_by`]: the sources of its skipRange fans, ascending.
    pub covered: Vec<NodeId>,
    /// [`GraphView::skipped_by`]: the sources of its skips fans, ascending.
    pub skipped: Vec<NodeId>,
}

impl FanFocus {
    /// The fans of node `i` of `view`.
    ///
    /// # Complexity
    /// O(S log S) for the S sources of its fans.
    pub fn of(view: &GraphView, i: NodeId) -> FanFocus {
        FanFocus {
            node: Some(i),
            fans: view.fans_into(i).to_vec(),
            covered: view.covered_by(i),
            skipped: view.skipped_by(i),
        }
    }

    /// Whether fan `b` is drawn for the focus.
    pub fn shows(&self, b: BandId) -> bool {
        self.fans.contains(&b)
    }

    pub fn covers(&self, i: NodeId) -> bool {
        self.covered.binary_search(&i).is_ok()
    }

    pub fn skips(&self, i: NodeId) -> bool {
        self.skipped.binary_search(&i).is_ok()
    }
}

/// The shared state of the drawing on screen (cheap to copy).
#[derive(Clone, Copy)]
pub struct Scene {
    pub hovered: RwSignal<Option<NodeId>>,
    pub highlight: Memo<Highlight>,
    pub selected: Memo<Option<NodeId>>,
    /// The fans of the hovered entry, else of the selected one.
    pub fan_focus: Memo<FanFocus>,
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
        Scene {
            hovered,
            highlight,
            selected,
            fan_focus,
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
