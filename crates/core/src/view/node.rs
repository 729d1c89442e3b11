//! [`ViewNode`]: one node of a view, with its flags and the classes and words derived from them.

use super::phase::PhaseClass;
use crate::support::BundleSupport;

/// A node ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewNode {
    pub name: String,
    /// The version as text, when known.
    pub version: Option<String>,
    /// Not an entry of the channel (channel view) or not a bundle of any channel (package view).
    pub is_virtual: bool,
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
    pub collapsed: Option<super::GroupId>,
    /// The bundle's support facts when the view is drawn with the lifecycle overlay
    /// ([`super::GraphView::apply_support`]); `None` without the overlay, or for a node that is
    /// not a bundle of the package.
    pub support: Option<BundleSupport>,
}

impl ViewNode {
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
