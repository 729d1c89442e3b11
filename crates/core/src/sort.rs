//! Sorting slices with one instance of the standard library's stable sort in a wasm binary,
//! not one per call site: each `sort_by` with its own closure, or `sort` of its own element
//! type, links the whole sort again (driftsort, quicksort, the small sorts: 2–8 KB of code
//! each), which made 254 KB of the web app's 3,372 KB of code, 207 KB of the parsing worker's
//! 1,511 KB and 155 KB of the `<olm-graph>` element's (docs/performance.md, "First draw").
//!
//! On wasm32, [`SortWith`] sorts the positions `0..n` (one `Vec<usize>`, one instance of the
//! sort for the whole binary) with the comparison behind a `dyn FnMut`, then moves the elements
//! into that order; elsewhere it is the standard library's sort itself, so native builds (the
//! CLI and its benchmarks) are unchanged. Both are stable: equal elements keep their order.

use std::cmp::Ordering;

/// Stable sorting of a slice (see the module's documentation).
pub trait SortWith<T> {
    /// Sorts by `compare`, stably (as `slice::sort_by`).
    fn sort_with(&mut self, compare: impl FnMut(&T, &T) -> Ordering);

    /// Sorts by the key `key` returns, stably (as `slice::sort_by_key`; `key` runs twice per
    /// comparison, as there).
    fn sort_keyed<K: Ord>(&mut self, mut key: impl FnMut(&T) -> K) {
        self.sort_with(|a, b| key(a).cmp(&key(b)));
    }

    /// Sorts by `Ord`, stably (as `slice::sort`).
    fn sort_ord(&mut self)
    where
        T: Ord,
    {
        self.sort_with(T::cmp);
    }
}

impl<T> SortWith<T> for [T] {
    /// # Complexity
    /// O(n log n) comparisons, plus O(n) moves and O(n) words of memory on wasm32.
    #[cfg(target_arch = "wasm32")]
    fn sort_with(&mut self, mut compare: impl FnMut(&T, &T) -> Ordering) {
        let order = sorted_positions(self, &mut compare);
        apply_order(self, order);
    }

    /// # Complexity
    /// O(n log n) comparisons.
    #[cfg(not(target_arch = "wasm32"))]
    fn sort_with(&mut self, compare: impl FnMut(&T, &T) -> Ordering) {
        self.sort_by(compare);
    }
}

/// The positions of `items` in the order `compare` sorts them (stable): the one instance of
/// the standard sort, over `usize`, whatever the element type and the comparison.
///
/// # Complexity
/// O(n log n) comparisons.
pub fn sorted_positions<T>(items: &[T], compare: &mut dyn FnMut(&T, &T) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_positions(&mut order, &mut |a, b| compare(&items[a], &items[b]));
    order
}

/// Not generic at all: the sort is instantiated here once.
#[inline(never)]
fn sort_positions(order: &mut [usize], compare: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

/// Moves the elements of `items` so that position `k` holds what was at `order[k]`, following
/// each cycle of the permutation with swaps.
///
/// # Complexity
/// O(n) swaps.
pub fn apply_order<T>(items: &mut [T], mut order: Vec<usize>) {
    for start in 0..items.len() {
        let mut at = start;
        while order[at] != at {
            let from = order[at];
            order[at] = at;
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (no dependency): xorshift.
    fn numbers(seed: u64, n: usize, modulo: u64) -> Vec<u64> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % modulo
            })
            .collect()
    }

    #[test]
    fn the_positions_sort_is_the_standard_stable_sort() {
        for (seed, n, modulo) in [
            (1, 0, 3),
            (2, 1, 3),
            (3, 2, 2),
            (4, 57, 5),
            (5, 1000, 17),
            (6, 4096, 1000),
        ] {
            // Pairs (key, original index): equal keys must keep their order.
            let items: Vec<(u64, usize)> = numbers(seed, n, modulo).into_iter().zip(0..).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|p| p.0);
            let mut ours = items.clone();
            let order = sorted_positions(&ours, &mut |a, b| a.0.cmp(&b.0));
            apply_order(&mut ours, order);
            assert_eq!(ours, expected, "seed {seed}, {n} items");
            let mut through_trait = items;
            through_trait.sort_keyed(|p| p.0);
            assert_eq!(through_trait, expected);
        }
    }

    #[test]
    fn apply_order_follows_every_cycle() {
        let mut items = vec!['a', 'b', 'c', 'd', 'e', 'f'];
        // Position k takes what was at order[k]: two cycles (0 2 4) (1 5) and a fixed point.
        apply_order(&mut items, vec![2, 5, 4, 3, 0, 1]);
        assert_eq!(items, ['c', 'f', 'e', 'd', 'a', 'b']);
        // A 3-cycle, a fixed point, a 2-cycle.
        let mut items = vec!['a', 'b', 'c', 'd', 'e', 'f'];
        apply_order(&mut items, vec![2, 0, 1, 3, 5, 4]);
        assert_eq!(items, ['c', 'a', 'b', 'd', 'f', 'e']);
        let mut words = vec!["b".to_string(), "a".into(), "c".into()];
        words.sort_ord();
        assert_eq!(words, ["a", "b", "c"]);
    }
}
