//! Small wording helpers shared by every text core writes (reports, explanations, summaries).

/// `1 entry`, `2 entries`: the count and the word that agrees with it.
///
/// # Complexity
/// O(|word|).
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(plural(1, "entry", "entries"), "1 entry");
        assert_eq!(plural(0, "entry", "entries"), "0 entries");
        assert_eq!(plural(2, "bundle", "bundles"), "2 bundles");
    }
}
