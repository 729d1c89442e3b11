//! [`ViewNode`]: one node of a view, the one record of everything the view knows of it: its
//! flags, its box, what it says, the fans into it and its neighbours, with the classes and
//! words derived from them.

use super::id::{BandId, GroupId, NodeId};
use super::phase::PhaseClass;
use super::text::NodeLabel;
use crate::layout::NodeBox;
use crate::support::BundleSupport;

/// A node ready to draw.
///
/// A view holds one per node in one vector ([`super::GraphView::nodes`]), the way a graph
/// library keeps one record per node: the box, texts and neighbours are fields here, not
/// tables of their own kept in step.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewNode {
    /// The bundle's name.
    pub name: String,
    /// The version as text, when known.
    pub version: Option<String>,
    /// Not an entry of the channel (channel view) or not a bundle of any channel (package view).
    pub is_virtual: bool,
    /// Named by a bundle-level `olm.deprecations` entry, or carrying `olm.deprecated`.
    pub deprecated: bool,
    /// Why it is deprecated, worded by [`super::deprecation_text`].
    pub deprecation: Option<String>,
    /// Carries the legacy `olm.deprecated` property: OLM v0 prohibits installing it.
    pub legacy_deprecated: bool,
    /// The channel's head (channel view) or the head of at least one channel (package view).
    pub head: bool,
    /// Channels it is the head of (package view; the channel itself in the channel view).
    pub head_of: Vec<String>,
    /// Channels that have an entry for it.
    pub channels: Vec<String>,
    /// The bundle's display name (`olm.csv.metadata`), when it has one.
    pub display_name: Option<String>,
    /// The first line of the bundle's description, shortened to 200 characters.
    pub description: Option<String>,
    /// The group it is collapsed into; such a node is not drawn on its own.
    pub collapsed: Option<GroupId>,
    /// The bundle's support facts when the view is drawn with the lifecycle overlay
    /// ([`super::GraphView::apply_support`]); `None` without the overlay, or for a node that is
    /// not a bundle of the package.
    pub support: Option<BundleSupport>,
    /// Its box in the drawing (a collapsed node has its group's).
    pub bbox: NodeBox,
    /// What it says, whole, and the fans into it.
    pub(super) texts: NodeTexts,
    /// The nodes joined to it by an edge or a fan (either direction), sorted.
    pub(super) neighbours: Vec<NodeId>,
}

/// What one node says, whole (its label shortens it), and the fans into it.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct NodeTexts {
    /// The first line.
    pub(super) text: String,
    /// The second line (its fans).
    pub(super) marker: Option<String>,
    /// The fans into it.
    pub(super) fans_into: Vec<BandId>,
}

impl ViewNode {
    /// A node with a name and a version and nothing else: an entry, unflagged, not placed, with
    /// no texts or neighbours yet (a view fills those in when it is built).
    ///
    /// # Complexity
    /// O(1).
    pub fn new(name: String, version: Option<String>) -> ViewNode {
        ViewNode {
            name,
            version,
            is_virtual: false,
            deprecated: false,
            deprecation: None,
            legacy_deprecated: false,
            head: false,
            head_of: Vec::new(),
            channels: Vec::new(),
            display_name: None,
            description: None,
            collapsed: None,
            support: None,
            bbox: NodeBox::default(),
            texts: NodeTexts::default(),
            neighbours: Vec::new(),
        }
    }

    /// The whole first line (what its label shortens).
    ///
    /// # Complexity
    /// O(1).
    pub fn text(&self) -> &str {
        &self.texts.text
    }

    /// The whole second line: what its fans cover.
    ///
    /// # Complexity
    /// O(1).
    pub fn marker(&self) -> Option<&str> {
        self.texts.marker.as_deref()
    }

    /// The fans into it.
    ///
    /// # Complexity
    /// O(1).
    pub fn fans_into(&self) -> &[BandId] {
        &self.texts.fans_into
    }

    /// The nodes joined to it by an edge or a fan (either direction), sorted.
    ///
    /// # Complexity
    /// O(1).
    pub fn neighbours(&self) -> &[NodeId] {
        &self.neighbours
    }

    /// Its label, fitted to its box.
    ///
    /// # Complexity
    /// O(L²) for a label of L characters.
    pub fn label(&self) -> NodeLabel {
        NodeLabel::new(&self.texts.text, self.marker(), self.bbox.width)
    }

    /// The node's fixed classes: `node`, then `head`, `deprecated`, `legacy`, `virtual` as they
    /// apply, `member` when it is collapsed into a group, and its phase's class (`phase-full`…)
    /// with the lifecycle overlay (the app adds its live markings, the export `on-path`).
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self) -> String {
        let mut c = String::from("node");
        for (on, name) in [
            (self.head, " head"),
            (self.deprecated, " deprecated"),
            (self.legacy_deprecated, " legacy"),
            (self.is_virtual, " virtual"),
            (self.collapsed.is_some(), " member"),
        ] {
            if on {
                c.push_str(name);
            }
        }
        if let Some(p) = self.phase_class() {
            c.push(' ');
            c.push_str(&p.css_class());
        }
        c
    }

    /// The tint class of its support phase, with the lifecycle overlay.
    ///
    /// # Complexity
    /// O(length of the phase name).
    pub fn phase_class(&self) -> Option<PhaseClass> {
        self.support
            .as_ref()
            .map(|s| PhaseClass::of(s.phase.as_deref()))
    }

    /// `data-phase`: the phase's name as `lifecycle --json` writes it, `unknown` where that is
    /// null; `None` without facts.
    ///
    /// # Complexity
    /// O(1).
    pub fn phase_attr(&self) -> Option<&str> {
        self.support
            .as_ref()
            .map(|s| s.phase.as_deref().unwrap_or("unknown"))
    }

    /// `data-compatible`: `true` or `false`; `None` where compatibility is unknown.
    ///
    /// # Complexity
    /// O(1).
    pub fn compatible_attr(&self) -> Option<&'static str> {
        self.support
            .as_ref()
            .and_then(|s| s.compatible)
            .map(|ok| if ok { "true" } else { "false" })
    }

    /// What a screen reader says for the node: its name and markings.
    ///
    /// # Complexity
    /// O(length of the name).
    pub fn aria_label(&self) -> String {
        let mut s = self.name.clone();
        if self.head {
            s.push_str(", channel head");
        }
        if self.legacy_deprecated {
            s.push_str(", legacy olm.deprecated: prohibited by OLM v0");
        } else if self.deprecated {
            s.push_str(", deprecated");
        }
        if self.is_virtual {
            s.push_str(", virtual node");
        }
        if let Some(support) = &self.support {
            s.push_str(", support: ");
            s.push_str(support.phase.as_deref().unwrap_or("no lifecycle data"));
        }
        s
    }
}
