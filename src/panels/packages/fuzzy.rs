//! Fuzzy matching for the package search: the query's characters must appear in order
//! (case-insensitive). Contiguous runs, matches at word starts (after `-`, `.`, `_`, `/` or a
//! space) and at the very start score higher; a plain substring beats a scattered match.

/// A match: its score (higher is better) and the matched character positions (char indices).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub score: i64,
    pub positions: Vec<usize>,
}

fn is_boundary(prev: Option<char>) -> bool {
    matches!(prev, None | Some('-' | '.' | '_' | '/' | ' '))
}

/// Matches `query` against `candidate`; `None` when some query character is missing.
/// An empty query matches everything with score 0.
pub fn fuzzy_match(query: &str, candidate: &str) -> Option<Match> {
    let q: Vec<char> = query
        .trim()
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    if q.is_empty() {
        return Some(Match {
            score: 0,
            positions: Vec::new(),
        });
    }
    let c: Vec<char> = candidate.chars().collect();
    let lower: Vec<char> = c
        .iter()
        .map(|ch| ch.to_lowercase().next().unwrap_or(*ch))
        .collect();

    // A substring match wins: score it by position (earlier, at a boundary, is better).
    if let Some(start) = find_sub(&lower, &q) {
        let boundary = is_boundary(start.checked_sub(1).map(|i| c[i]));
        let score = 1000 + if boundary { 200 } else { 0 } - start as i64
            + if start == 0 && q.len() == c.len() {
                500
            } else {
                0
            };
        return Some(Match {
            score,
            positions: (start..start + q.len()).collect(),
        });
    }

    // Otherwise greedy left-to-right, preferring boundary positions when available.
    let mut positions = Vec::with_capacity(q.len());
    let mut from = 0;
    for &qc in &q {
        let candidates: Vec<usize> = (from..lower.len()).filter(|&i| lower[i] == qc).collect();
        let first = *candidates.first()?;
        let pick = if positions.last().is_some_and(|&p: &usize| p + 1 == first) {
            first
        } else {
            candidates
                .iter()
                .copied()
                .find(|&i| is_boundary(i.checked_sub(1).map(|j| c[j])))
                .unwrap_or(first)
        };
        positions.push(pick);
        from = pick + 1;
    }
    let mut score: i64 = 0;
    for (k, &p) in positions.iter().enumerate() {
        if is_boundary(p.checked_sub(1).map(|j| c[j])) {
            score += 30;
        }
        if k > 0 && positions[k - 1] + 1 == p {
            score += 20;
        } else if k > 0 {
            score -= (p - positions[k - 1]) as i64;
        }
    }
    score -= positions.first().copied().unwrap_or(0) as i64;
    Some(Match { score, positions })
}

fn find_sub(hay: &[char], needle: &[char]) -> Option<usize> {
    if needle.len() > hay.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| hay[i..i + needle.len()] == *needle)
}

/// Splits `text` into (segment, matched) runs for highlighting.
pub fn segments(text: &str, positions: &[usize]) -> Vec<(String, bool)> {
    let mut out: Vec<(String, bool)> = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        let hit = positions.binary_search(&i).is_ok();
        match out.last_mut() {
            Some((s, h)) if *h == hit => s.push(ch),
            _ => out.push((ch.to_string(), hit)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn fuzzy_search_ranks_substrings_first() {
        assert!(fuzzy_match("quay", "project-quay").is_some());
        assert!(fuzzy_match("pq", "project-quay").is_some());
        assert!(fuzzy_match("qp", "project-quay").is_none());
        let sub = fuzzy_match("gpu", "gpu-operator-certified").unwrap();
        let scattered = fuzzy_match("gpu", "grafana-plugin-ui").unwrap();
        assert!(sub.score > scattered.score);
        assert_eq!(sub.positions, vec![0, 1, 2]);
        assert_eq!(
            segments("abc", &[1]),
            vec![("a".into(), false), ("b".into(), true), ("c".into(), false)]
        );
    }
}
