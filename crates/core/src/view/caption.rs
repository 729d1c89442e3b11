//! [`ViewCaption`]: a lane's caption in the package view of a [`super::GraphView`] (the name of
//! the channel whose lane it is).

use crate::layout::Caption;
use crate::sort::SortWith;

use super::node::ViewNode;

/// A lane's caption: its text (a channel's name) and the left end of its baseline.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewCaption {
    /// What the caption says: the lane's channel.
    pub text: String,
    /// Left end of the baseline.
    pub x: f64,
    /// The baseline.
    pub y: f64,
}

/// The captions of the lanes: each names the first of its lead node's channels in `lanes` (the
/// lanes' channel order).
///
/// # Complexity
/// O(C·K + L log L) for C captions of nodes in K channels each and L lanes.
pub(super) fn view_captions(
    captions: &[Caption],
    nodes: &[ViewNode],
    lanes: &[String],
) -> Vec<ViewCaption> {
    let mut rank: Vec<(&str, usize)> = lanes
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    rank.sort_ord();
    let rank_of = |c: &str| {
        rank.binary_search_by(|(n, _)| (*n).cmp(c))
            .ok()
            .map(|k| rank[k].1)
    };
    captions
        .iter()
        .filter_map(|c| {
            let node = nodes.get(c.node)?;
            let text = node
                .channels
                .iter()
                .filter_map(|ch| rank_of(ch).map(|r| (r, ch)))
                .min()?
                .1
                .clone();
            Some(ViewCaption {
                text,
                x: c.x,
                y: c.y,
            })
        })
        .collect()
}
