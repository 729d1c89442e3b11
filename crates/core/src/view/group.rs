//! [`ViewGroup`]: virtual nodes one entry names, collapsed into one box of a
//! [`super::GraphView`], with the words of its label.

use crate::layout::GroupBox;

use super::id::{GroupId, NodeId, TiVec};

/// Virtual nodes that one entry names, drawn as one box.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewGroup {
    /// The entry that names them.
    pub entry: NodeId,
    /// The collapsed nodes, ascending.
    pub members: Vec<NodeId>,
    /// The group's box.
    pub bbox: GroupBox,
}

impl ViewGroup {
    /// `group virtual`.
    ///
    /// # Complexity
    /// O(1).
    pub fn class(&self) -> &'static str {
        "group virtual"
    }
}

/// `80 bundles` and `not in channel` (or `not in package`).
pub(super) fn group_words(count: usize, in_channel: bool) -> (String, &'static str) {
    let plural = if count == 1 { "" } else { "s" };
    let what = if in_channel {
        "not in channel"
    } else {
        "not in package"
    };
    (format!("{count} bundle{plural}"), what)
}

/// The groups of a layout as the view draws them.
pub(super) fn view_groups(groups: Vec<GroupBox>, n: usize) -> TiVec<GroupId, ViewGroup> {
    groups
        .into_iter()
        .filter(|g| g.entry < n)
        .map(|g| ViewGroup {
            entry: NodeId::new(g.entry),
            members: g.members.iter().copied().map(NodeId::new).collect(),
            bbox: g,
        })
        .collect()
}
