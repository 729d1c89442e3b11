//! Out- and in-edge lists of the layout's input in compressed (CSR) form: the columns and lanes
//! phases walk them.

use super::LayoutEdge;

/// Out- and in-edge lists in CSR form, each in edge-index order; edges with an endpoint out of
/// range are left out.
pub(super) struct Adjacency {
    /// Whether each edge has both endpoints in range.
    pub valid: Vec<bool>,
    out_start: Vec<usize>,
    out: Vec<usize>,
    in_start: Vec<usize>,
    inc: Vec<usize>,
}

impl Adjacency {
    /// # Complexity
    /// O(V + E).
    pub(super) fn new(n: usize, edges: &[LayoutEdge<'_>]) -> Adjacency {
        let valid: Vec<bool> = edges.iter().map(|e| e.from < n && e.to < n).collect();
        let mut out_start = vec![0usize; n + 1];
        let mut in_start = vec![0usize; n + 1];
        for (e, _) in edges.iter().zip(&valid).filter(|(_, v)| **v) {
            out_start[e.from + 1] += 1;
            in_start[e.to + 1] += 1;
        }
        for i in 0..n {
            out_start[i + 1] += out_start[i];
            in_start[i + 1] += in_start[i];
        }
        let m = out_start[n];
        let (mut out, mut inc) = (vec![0usize; m], vec![0usize; m]);
        let (mut op, mut ip) = (out_start.clone(), in_start.clone());
        for (i, e) in edges.iter().enumerate().filter(|(i, _)| valid[*i]) {
            out[op[e.from]] = i;
            op[e.from] += 1;
            inc[ip[e.to]] = i;
            ip[e.to] += 1;
        }
        Adjacency {
            valid,
            out_start,
            out,
            in_start,
            inc,
        }
    }

    /// The edges out of `u`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn outgoing(&self, u: usize) -> &[usize] {
        &self.out[self.out_start[u]..self.out_start[u + 1]]
    }

    /// The edges into `u`.
    ///
    /// # Complexity
    /// O(1).
    pub(super) fn incoming(&self, u: usize) -> &[usize] {
        &self.inc[self.in_start[u]..self.in_start[u + 1]]
    }
}
