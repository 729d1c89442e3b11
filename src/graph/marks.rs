//! What hovering, selecting and a fan's focus mark on each drawn piece, handed to each piece
//! alone: one effect reads the scene's shared state ([`Focus`]) and sets, per piece, a small
//! signal of bits ([`ScenePiece`]) only when that piece's bits change.
//!
//! Why not let every piece read the shared memos: with thousands of pieces drawn (a long
//! chain), every change of the hovered or selected node re-ran every piece's effect, and each
//! re-run unsubscribes from and resubscribes to the shared memo, whose subscriber list is an
//! ordered map: removing from it is linear, so a click cost time quadratic in the pieces drawn
//! (18 s on the 20,000-bundle chain at load, in a profile). Now a change costs one pass over
//! the drawn pieces in Rust and one DOM update per piece whose marks changed.

use std::collections::HashMap;
use std::rc::Rc;

use leptos::prelude::*;
use olm_graph_core::view::{BandId, GraphView, NodeId};

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

/// The state the marks are computed from.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Focus {
    pub highlight: Highlight,
    pub selected: Option<NodeId>,
    pub fan_focus: FanFocus,
}

/// A drawn piece: its kind and its index in the view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScenePiece {
    Node(usize),
    Edge(usize),
    Band(usize),
    Group(usize),
}

/// Mark bits.
pub const DIM: u8 = 1;
pub const NEAR: u8 = 2;
pub const SELECTED: u8 = 4;
pub const COVERED: u8 = 8;
pub const SKIPPED: u8 = 16;
pub const LIT: u8 = 32;
pub const FOCUSED: u8 = 64;

type Compute = Rc<dyn Fn(&Focus) -> u8>;

struct Entry {
    compute: Compute,
    bits: ArcRwSignal<u8>,
    /// How many mounted pieces share the entry (a piece drawn twice).
    refs: usize,
}

#[derive(Default)]
struct Inner {
    focus: Focus,
    entries: HashMap<ScenePiece, Entry>,
}

/// The marks of the drawn pieces (cheap to copy).
#[derive(Clone, Copy)]
pub struct SceneMarks {
    inner: StoredValue<Inner, LocalStorage>,
}

impl SceneMarks {
    /// Marks driven by `focus`: one effect, the only reader of the shared state.
    ///
    /// # Complexity
    /// Each change of `focus`: O(P) calls of the pieces' functions for the P pieces drawn.
    pub fn new(focus: Memo<Focus>) -> SceneMarks {
        let inner = StoredValue::new_local(Inner::default());
        Effect::new(move |_| {
            let next = focus.get();
            // Compute under the store's lock, set the signals after it (a signal's
            // subscribers may read the store).
            let changed: Vec<(ArcRwSignal<u8>, u8)> = inner
                .try_update_value(|i| {
                    i.focus = next;
                    let focus = &i.focus;
                    i.entries
                        .values()
                        .filter_map(|e| {
                            let bits = (e.compute)(focus);
                            (e.bits.get_untracked() != bits).then(|| (e.bits.clone(), bits))
                        })
                        .collect()
                })
                .unwrap_or_default();
            for (signal, bits) in changed {
                signal.set(bits);
            }
        });
        SceneMarks { inner }
    }

    /// The marks of `piece`, as `compute` says them for each focus; the entry goes when the
    /// calling component is unmounted.
    ///
    /// # Complexity
    /// O(1) plus one call of `compute`.
    pub fn watch(&self, piece: ScenePiece, compute: impl Fn(&Focus) -> u8 + 'static) -> Signal<u8> {
        let compute: Compute = Rc::new(compute);
        let bits = self
            .inner
            .try_update_value(|i| {
                let now = compute(&i.focus);
                let entry = i.entries.entry(piece).or_insert_with(|| Entry {
                    compute: compute.clone(),
                    bits: ArcRwSignal::new(now),
                    refs: 0,
                });
                entry.refs += 1;
                entry.compute = compute;
                // A piece mounted again while its twin is still drawn: its twin's marks are
                // told only when they change.
                if entry.bits.get_untracked() != now {
                    entry.bits.set(now);
                }
                entry.bits.clone()
            })
            .unwrap_or_else(|| ArcRwSignal::new(0));
        let inner = self.inner;
        on_cleanup(move || {
            inner.try_update_value(|i| {
                if let Some(e) = i.entries.get_mut(&piece) {
                    e.refs = e.refs.saturating_sub(1);
                    if e.refs == 0 {
                        i.entries.remove(&piece);
                    }
                }
            });
        });
        Signal::derive(move || bits.get())
    }
}

/// A node's marks: dimmed or near the hovered node, selected, covered or skipped by the focused
/// fans.
pub fn node_marks(index: NodeId) -> impl Fn(&Focus) -> u8 {
    move |f| {
        let h = &f.highlight;
        let mut b = 0;
        if h.active() && !h.lit(index) {
            b |= DIM;
        }
        if h.active() && h.node != Some(index) && h.lit(index) {
            b |= NEAR;
        }
        if f.selected == Some(index) {
            b |= SELECTED;
        }
        if f.fan_focus.covers(index) {
            b |= COVERED;
        }
        if f.fan_focus.skips(index) {
            b |= SKIPPED;
        }
        b
    }
}

/// A group's marks: dimmed, or near when the hovered node is its entry or lights a member.
pub fn group_marks(entry: NodeId, members: Vec<NodeId>) -> impl Fn(&Focus) -> u8 {
    move |f| {
        let h = &f.highlight;
        let lit = h.node == Some(entry) || members.iter().any(|&m| h.lit(m));
        match (h.active(), lit) {
            (true, false) => DIM,
            (true, true) => NEAR,
            _ => 0,
        }
    }
}

/// An edge's marks, for the nodes it joins (`ends`): lit when one is hovered, else dimmed
/// while a node is; selected when one is selected.
pub fn edge_marks(ends: Vec<NodeId>) -> impl Fn(&Focus) -> u8 {
    move |f| {
        let lit = f.highlight.node.is_some_and(|n| ends.contains(&n));
        let mut b = 0;
        if lit {
            b |= LIT;
        }
        if f.highlight.active() && !lit {
            b |= DIM;
        }
        if f.selected.is_some_and(|s| ends.contains(&s)) {
            b |= SELECTED;
        }
        b
    }
}

/// A fan's marks (fan `index` into `to` from the ascending `sources`): lit, dimmed, selected
/// as an edge's, and focused when the focus shows it.
pub fn band_marks(index: BandId, to: NodeId, sources: Vec<NodeId>) -> impl Fn(&Focus) -> u8 {
    move |f| {
        let h = &f.highlight;
        let lit = h.node == Some(to) || h.node.is_some_and(|n| sources.binary_search(&n).is_ok());
        let mut b = 0;
        if lit {
            b |= LIT;
        }
        if h.active() && !lit {
            b |= DIM;
        }
        if f.selected == Some(to) {
            b |= SELECTED;
        }
        if f.fan_focus.shows(index) {
            b |= FOCUSED;
        }
        b
    }
}
