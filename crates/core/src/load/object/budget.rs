//! The per-document budget the raw-object readers draw on: depth, key count and string length
//! (see [`Limits`]). The readers in `object/mod.rs` call it for every key, value and list item, so a
//! crossed limit stops the document at the spot where it happens, with the parser's position.

use std::cell::Cell;

use serde::de;

use crate::yaml::{limit_message, LimitKind, Limits};

/// Counters of one document against the limits.
#[derive(Debug)]
pub(crate) struct Budget {
    limits: Limits,
    depth: Cell<usize>,
    nodes: Cell<usize>,
    breach: Cell<Option<LimitKind>>,
}

impl Budget {
    /// A fresh budget for one document.
    pub(crate) fn new(limits: Limits) -> Self {
        Budget {
            limits,
            depth: Cell::new(0),
            nodes: Cell::new(0),
            breach: Cell::new(None),
        }
    }

    /// A budget that never runs out (for values already counted once).
    pub(crate) fn unlimited() -> Self {
        Budget::new(Limits {
            max_depth: usize::MAX,
            max_documents: usize::MAX,
            max_nodes: usize::MAX,
            max_string_bytes: usize::MAX,
            max_total_bytes: usize::MAX,
        })
    }

    /// The limit that stopped the document, if one did.
    pub(crate) fn breach(&self) -> Option<LimitKind> {
        self.breach.get()
    }

    fn crossed<E: de::Error>(&self, kind: LimitKind) -> E {
        self.breach.set(Some(kind));
        E::custom(limit_message(kind, self.limits.get(kind)))
    }

    /// Counts one key, value or list item.
    pub(crate) fn node<E: de::Error>(&self) -> Result<(), E> {
        let n = self.nodes.get() + 1;
        self.nodes.set(n);
        if n > self.limits.max_nodes {
            return Err(self.crossed(LimitKind::Nodes));
        }
        Ok(())
    }

    /// Checks the length of a string.
    pub(crate) fn string<E: de::Error>(&self, len: usize) -> Result<(), E> {
        if len > self.limits.max_string_bytes {
            return Err(self.crossed(LimitKind::StringBytes));
        }
        Ok(())
    }

    /// Enters a mapping or a list; pair with [`Budget::leave`].
    pub(crate) fn enter<E: de::Error>(&self) -> Result<(), E> {
        let d = self.depth.get() + 1;
        self.depth.set(d);
        if d > self.limits.max_depth {
            return Err(self.crossed(LimitKind::Depth));
        }
        Ok(())
    }

    /// Leaves a mapping or a list.
    pub(crate) fn leave(&self) {
        self.depth.set(self.depth.get().saturating_sub(1));
    }

    /// Runs `f` one level deeper.
    pub(crate) fn nested<T, E: de::Error>(&self, f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
        self.enter::<E>()?;
        let out = f();
        self.leave();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type E = serde_json::Error;

    #[test]
    fn each_counter_stops_just_past_its_limit() {
        let b = Budget::new(Limits {
            max_depth: 2,
            max_nodes: 3,
            max_string_bytes: 4,
            ..Limits::DEFAULT
        });
        assert!(b.string::<E>(4).is_ok());
        assert!(b.string::<E>(5).is_err());
        assert_eq!(b.breach(), Some(LimitKind::StringBytes));
        for _ in 0..3 {
            assert!(b.node::<E>().is_ok());
        }
        assert!(b.node::<E>().is_err());
        assert_eq!(b.breach(), Some(LimitKind::Nodes));
        let two = b.nested(|| b.nested(|| Ok::<_, E>(2)));
        assert_eq!(two.unwrap(), 2);
        let three = b.nested(|| b.nested(|| b.nested(|| Ok::<_, E>(3))));
        let msg = three.unwrap_err().to_string();
        assert!(msg.contains("nesting deeper than 2 levels"), "{msg}");
        assert_eq!(b.breach(), Some(LimitKind::Depth));
    }
}
