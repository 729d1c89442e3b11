//! [`ViewGroup`]: virtual nodes one entry names, collapsed into one box of a
//! [`super::GraphView`], with the words of its label.

use crate::layout::GroupBox;

use super::graph_view::GraphView;
use super::id::{GroupId, NodeId, TiVec};
use super::sizing::TWO_LINES;
use super::text::{fit_text, NodeLabel, LABEL_FONT_SIZE, LABEL_PADDING, MARKER_FONT_SIZE};

/// Virtual nodes that one entry names, drawn as one box.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewGroup {
    /// The entry that names them.
    pub entry: NodeId,
    /// The collapsed nodes, ascending.
    pub members: Vec<NodeId>,
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

impl GraphView {
    /// The label of group `g`: how many bundles, and that they are not entries.
    ///
    /// # Complexity
    /// O(1).
    pub fn group_label(&self, g: GroupId) -> Option<NodeLabel> {
        let grp = self.groups.get(g)?;
        let (count, what) = group_words(grp.members.len(), self.channel.is_some());
        let room = (grp.bbox.width - 2.0 * LABEL_PADDING).max(0.0);
        let two = grp.bbox.height >= TWO_LINES - 0.5;
        Some(if two {
            NodeLabel {
                primary: fit_text(&count, room, LABEL_FONT_SIZE),
                caption: Some(fit_text(what, room, MARKER_FONT_SIZE)),
            }
        } else {
            NodeLabel {
                primary: fit_text(&format!("{count} {what}"), room, LABEL_FONT_SIZE),
                caption: None,
            }
        })
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
