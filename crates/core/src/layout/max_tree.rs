//! A segment tree over positions 0..n that raises a range to at least a value and reads the
//! maximum of a range, both in O(log n): the bands and the edge tracks stack with it.

/// Segment tree over positions 0..n: raise a range to at least v, read the max of a range.
pub(super) struct MaxTree {
    n: usize,
    /// Max over the node's range.
    max: Vec<Option<usize>>,
    /// Value applied to the node's whole range.
    tag: Vec<Option<usize>>,
}

impl MaxTree {
    /// # Complexity
    /// O(n).
    pub(super) fn new(n: usize) -> MaxTree {
        let n = n.max(1);
        MaxTree {
            n,
            max: vec![None; 4 * n],
            tag: vec![None; 4 * n],
        }
    }

    /// Raises every position of [l, r) to at least v.
    ///
    /// # Complexity
    /// O(log n).
    pub(super) fn update(&mut self, l: usize, r: usize, v: usize) {
        self.raise(1, 0, self.n, l, r.min(self.n), v);
    }

    fn raise(&mut self, node: usize, nl: usize, nr: usize, l: usize, r: usize, v: usize) {
        if r <= nl || nr <= l {
            return;
        }
        if l <= nl && nr <= r {
            self.tag[node] = self.tag[node].max(Some(v));
            self.max[node] = self.max[node].max(Some(v));
            return;
        }
        let mid = (nl + nr) / 2;
        self.raise(2 * node, nl, mid, l, r, v);
        self.raise(2 * node + 1, mid, nr, l, r, v);
        self.max[node] = self.tag[node]
            .max(self.max[2 * node])
            .max(self.max[2 * node + 1]);
    }

    /// Max over [l, r) (`None` when empty or never raised).
    ///
    /// # Complexity
    /// O(log n).
    pub(super) fn query(&self, l: usize, r: usize) -> Option<usize> {
        let r = r.min(self.n);
        if l >= r {
            return None;
        }
        self.read(1, 0, self.n, l, r)
    }

    fn read(&self, node: usize, nl: usize, nr: usize, l: usize, r: usize) -> Option<usize> {
        if r <= nl || nr <= l {
            return None;
        }
        if l <= nl && nr <= r {
            return self.max[node];
        }
        let mid = (nl + nr) / 2;
        self.tag[node]
            .max(self.read(2 * node, nl, mid, l, r))
            .max(self.read(2 * node + 1, mid, nr, l, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raises_and_reads_ranges_like_a_plain_array() {
        let n = 37;
        let mut tree = MaxTree::new(n);
        let mut plain: Vec<Option<usize>> = vec![None; n];
        let mut seed = 12345u64;
        let mut rnd = move |m: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % m as u64) as usize
        };
        for step in 0..400 {
            let (a, b) = (rnd(n + 1), rnd(n + 1));
            let (l, r) = (a.min(b), a.max(b));
            if step % 2 == 0 {
                let v = rnd(50);
                tree.update(l, r, v);
                for p in &mut plain[l..r] {
                    *p = (*p).max(Some(v));
                }
            } else {
                let want = plain[l..r].iter().copied().max().flatten();
                assert_eq!(tree.query(l, r), want, "[{l}, {r})");
            }
        }
        // Ranges past the end are cut; an empty tree answers None.
        assert_eq!(MaxTree::new(0).query(0, 5), None);
    }
}
