//! Which versions a skipRange contains, without testing every version against every range.
//!
//! The versions are sorted once; each alternative of a parsed [`Range`] (an AND of
//! comparators) is an interval bounded by its `>`, `>=`, `<`, `<=` and `=` comparators, found by
//! two binary searches. Every version inside the interval is then checked against the whole
//! alternative, so `!=` comparators (and anything else) keep blang's exact meaning: they only
//! cost a scan of their interval. Alternatives after an empty one (from `|| ||`) never match,
//! as in [`Range::contains`].

use crate::range::{Comparator, Op, Range};
use crate::semver::Version;
use crate::sort::SortWith;

/// Versions sorted once, each with the caller's index (an entry, a node, a bundle).
#[derive(Debug, Clone, Default)]
pub struct SortedVersions<'a> {
    items: Vec<(&'a Version, usize)>,
}

impl<'a> SortedVersions<'a> {
    /// Sorts `(index, version)` pairs by version (then index).
    ///
    /// # Complexity
    /// O(V log V) for V versions.
    pub fn new(versions: impl IntoIterator<Item = (usize, &'a Version)>) -> SortedVersions<'a> {
        let mut items: Vec<(&Version, usize)> = versions.into_iter().map(|(i, v)| (v, i)).collect();
        items.sort_with(|a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)));
        SortedVersions { items }
    }

    /// Number of versions.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when there is no version.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The slice of items inside the interval of one alternative.
    fn interval(&self, group: &[Comparator]) -> &[(&'a Version, usize)] {
        let mut lo = 0;
        let mut hi = self.items.len();
        for c in group {
            let bound = &c.version;
            match c.op {
                Op::Gt => lo = lo.max(self.items.partition_point(|(v, _)| *v <= bound)),
                Op::Ge => lo = lo.max(self.items.partition_point(|(v, _)| *v < bound)),
                Op::Lt => hi = hi.min(self.items.partition_point(|(v, _)| *v < bound)),
                Op::Le => hi = hi.min(self.items.partition_point(|(v, _)| *v <= bound)),
                Op::Eq => {
                    lo = lo.max(self.items.partition_point(|(v, _)| *v < bound));
                    hi = hi.min(self.items.partition_point(|(v, _)| *v <= bound));
                }
                Op::Ne => {}
            }
        }
        if lo < hi {
            &self.items[lo..hi]
        } else {
            &[]
        }
    }

    /// The alternatives that can match: those before the first empty one.
    fn live_groups(range: &Range) -> impl Iterator<Item = &Vec<Comparator>> {
        range.groups().iter().take_while(|g| !g.is_empty())
    }

    /// Indices of the versions `range` contains, ascending, each once.
    ///
    /// # Complexity
    /// O(G log V + S + M log M) for G alternatives, S versions inside their intervals and M
    /// matches; S = M for ranges without `!=`.
    pub fn matching(&self, range: &Range) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for group in Self::live_groups(range) {
            out.extend(
                self.interval(group)
                    .iter()
                    .filter(|(v, _)| group.iter().all(|c| c.matches(v)))
                    .map(|(_, i)| *i),
            );
        }
        out.sort_ord();
        out.dedup();
        out
    }

    /// True when `range` contains the version of some index for which `keep` holds; stops at
    /// the first one.
    ///
    /// # Complexity
    /// O(G log V + S) at most, as [`SortedVersions::matching`] without the sort.
    pub fn any_matching(&self, range: &Range, keep: impl Fn(usize) -> bool) -> bool {
        Self::live_groups(range).any(|group| {
            self.interval(group)
                .iter()
                .any(|(v, i)| keep(*i) && group.iter().all(|c| c.matches(v)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn versions(texts: &[&str]) -> Vec<Version> {
        texts
            .iter()
            .map(|t| Version::parse(t).expect("test version"))
            .collect()
    }

    /// Every range form agrees with testing each version one by one.
    #[test]
    fn matching_agrees_with_contains() {
        let vs = versions(&[
            "0.9.0",
            "1.0.0-rc.1",
            "1.0.0",
            "1.0.0",
            "1.2.3",
            "1.2.3+b",
            "1.3.0",
            "2.0.0",
            "2.1.0",
            "3.0.0-alpha",
        ]);
        let sorted = SortedVersions::new(vs.iter().enumerate());
        for text in [
            ">=1.0.0 <1.3.0",
            ">1.0.0 <=2.0.0",
            "1.2.3",
            "=1.0.0",
            "!=1.0.0",
            ">=1.0.0 !=1.2.3 <3.0.0",
            "<1.0.0 || >2.0.0",
            "1.x",
            "1.2.x || 2.x",
            "!=1.2.x",
            ">=1.0.0 <0.5.0",
            ">=0.0.0",
            ">=1.0.0 || || >=0.0.0",
            ">= 1.0.0 < 2.0.0",
        ] {
            let range = Range::parse(text).expect("test range");
            let expected: Vec<usize> = (0..vs.len()).filter(|&i| range.contains(&vs[i])).collect();
            assert_eq!(sorted.matching(&range), expected, "{text}");
            assert_eq!(
                sorted.any_matching(&range, |_| true),
                !expected.is_empty(),
                "{text}"
            );
            let all_but_first = expected.iter().skip(1).count() > 0;
            assert_eq!(
                sorted.any_matching(&range, |i| Some(&i) != expected.first()),
                all_but_first,
                "{text}"
            );
        }
    }
}
