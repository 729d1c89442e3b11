//! Small wording helpers shared by the report's Markdown and its channel pictures.

/// `1 entry`, `2 entries`.
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
