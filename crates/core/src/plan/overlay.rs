//! A planned route as a [`PathOverlay`], drawn on the graph like a resolved path.

use super::Plan;
use crate::view::{OverlayHop, PathOverlay};

impl PathOverlay {
    /// The overlay of a planned route: the hops of every step in order; the first hop of a
    /// step the route switches to names its channel (a step left at once, without hops, is
    /// dropped by the planner, so its switch shows on the next one).
    ///
    /// # Complexity
    /// O(H) for H hops (plus the length of their labels).
    pub fn from_route(plan: &Plan) -> PathOverlay {
        let mut hops = Vec::new();
        for step in &plan.steps {
            for (k, h) in step.hops.iter().enumerate() {
                let switch = (k == 0 && step.switch_reason.is_some()).then(|| step.channel.clone());
                hops.push(OverlayHop {
                    switch,
                    ..OverlayHop::new(&h.from, &h.to, &h.via)
                });
            }
        }
        PathOverlay {
            from: plan.from.clone(),
            hops,
            caption: None,
        }
    }
}
