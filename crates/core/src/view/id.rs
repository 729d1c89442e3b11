//! Typed indices into a [`super::GraphView`]: one type per kind of element (node, edge, fan,
//! staircase, group), so that an index of one kind cannot be used for another (a fan's index
//! where a node's is wanted does not compile). The view keeps each kind in a
//! [`TiVec`](typed_index_collections::TiVec) indexed by its own type; its accessors hand out
//! [`TiSlice`]s, whose `iter_enumerated` yields `(id, &element)`.

pub use typed_index_collections::{TiSlice, TiVec};

/// Declares one index type: a `usize` in a newtype, convertible both ways (as the typed
/// collections need), printed as the bare number.
macro_rules! view_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(usize);

        impl $name {
            /// The id of the `i`-th element of its kind.
            ///
            /// # Complexity
            /// O(1).
            pub const fn new(i: usize) -> Self {
                $name(i)
            }

            /// Its position among the elements of its kind.
            ///
            /// # Complexity
            /// O(1).
            pub const fn index(self) -> usize {
                self.0
            }
        }

        impl From<usize> for $name {
            fn from(i: usize) -> Self {
                $name(i)
            }
        }

        impl From<$name> for usize {
            fn from(id: $name) -> usize {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

view_id! {
    /// A node of a view: an index into [`super::GraphView::nodes`], whose record holds its
    /// box, texts and neighbours.
    NodeId
}

view_id! {
    /// An individually drawn edge: an index into [`super::GraphView::edges`].
    EdgeId
}

view_id! {
    /// A fan: an index into [`super::GraphView::bands`].
    BandId
}

view_id! {
    /// A staircase of fans: an index into [`super::GraphView::staircases`].
    StaircaseId
}

view_id! {
    /// A group of collapsed nodes: an index into [`super::GraphView::groups`].
    GroupId
}
