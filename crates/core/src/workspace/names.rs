//! Bundle names in a catalog file's text: the name under the cursor and the key it is the value
//! of, and every place a name is written. Text-based, so it reads FBC YAML and JSON, templates
//! and broken files alike ([docs/spec/lsp.md](../../../../docs/spec/lsp.md) §2).
//!
//! Lines and columns are 1-based and count characters, as [`crate::diag::Location`] does.

/// A stretch of one line: 1-based line, 1-based first column, and the column after the last.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The file, as the workspace names it.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column of the first character.
    pub start: usize,
    /// The column after the last character.
    pub end: usize,
}

/// What a name is written as: the key it is the value of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// `name:` (a bundle's own name, a channel entry's name, a package's or channel's name).
    Name,
    /// `replaces:`.
    Replaces,
    /// An item of `skips:`.
    Skips,
    /// Anything else (`package:`, a template's `image:`, free text).
    Other,
}

/// A name under the cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The name, as written.
    pub text: String,
    /// The key it is the value of.
    pub role: Role,
    /// Where it is written.
    pub span: Span,
}

/// Whether `c` can be part of a bundle, package or channel name.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+')
}

/// The name at 1-based `line` and `column` of `text` (the cursor may sit right after its last
/// character), with the key it is the value of; `None` on white space or punctuation.
///
/// # Complexity
/// O(L + K·W) for L bytes up to the line, and, for a `skips` item, the K lines above it of
/// width W up to its key.
pub fn token_at(file: &str, text: &str, line: usize, column: usize) -> Option<Token> {
    let lines: Vec<&str> = text.lines().take(line).collect();
    let this = *lines.get(line.checked_sub(1)?)?;
    let chars: Vec<char> = this.chars().collect();
    let mut i = column.saturating_sub(1).min(chars.len());
    if i == chars.len() || !is_name_char(chars[i]) {
        if i > 0 && is_name_char(chars[i - 1]) {
            i -= 1;
        } else {
            return None;
        }
    }
    let mut start = i;
    while start > 0 && is_name_char(chars[start - 1]) {
        start -= 1;
    }
    let mut end = i + 1;
    while end < chars.len() && is_name_char(chars[end]) {
        end += 1;
    }
    let word: String = chars[start..end].iter().collect();
    let before: String = chars[..start].iter().collect();
    let role = role_of(&before, &lines[..line - 1]);
    Some(Token {
        text: word,
        role,
        span: Span {
            file: file.to_string(),
            line,
            start: start + 1,
            end: end + 1,
        },
    })
}

/// The key whose value starts after `before` on its line; `above` are the lines before it, for
/// a list item of `skips` (YAML block style, or a JSON array over several lines).
fn role_of(before: &str, above: &[&str]) -> Role {
    let b = before.trim_end().trim_end_matches(['"', '\'']).trim_end();
    let key = |k: &str| {
        let stripped = b.strip_suffix(':').map(str::trim_end);
        stripped.is_some_and(|s| s.trim_end_matches(['"', '\'']).ends_with(k))
    };
    if key("replaces") {
        return Role::Replaces;
    }
    if key("skips") {
        return Role::Skips;
    }
    if key("name") {
        return Role::Name;
    }
    let item = b.trim_start();
    if item.ends_with('[') || item.ends_with(',') {
        if let Some((k, rest)) = b.rsplit_once(':') {
            if rest.contains('[') && !rest.contains(']') {
                let k = k.trim_end().trim_end_matches(['"', '\'']);
                return if k.ends_with("skips") {
                    Role::Skips
                } else {
                    Role::Other
                };
            }
        }
    }
    if item == "-" || item.ends_with('[') || item.ends_with(',') || item.is_empty() {
        return list_owner(before, above);
    }
    Role::Other
}

/// For a list item, the key of the list: `skips` when the nearest key line above, less
/// indented or holding `[`, is `skips:`.
///
/// # Complexity
/// O(K·W) for the K lines up to the key.
fn list_owner(before: &str, above: &[&str]) -> Role {
    let indent = before.len() - before.trim_start().len();
    for l in above.iter().rev().take(10_000) {
        let t = l.trim_start();
        let lead = l.len() - t.len();
        if t.is_empty()
            || t.starts_with('#')
            || t.starts_with('-') && lead >= indent.saturating_sub(2) && !t.contains(':')
        {
            continue;
        }
        let key = t.trim_start_matches("- ").trim_start_matches(['"', '\'']);
        if key.starts_with("skips") {
            return Role::Skips;
        }
        if t.starts_with('"') && t.ends_with(',') && lead >= indent {
            continue; // another item of a JSON array
        }
        return Role::Other;
    }
    Role::Other
}

/// Every place `name` is written as a whole word in `text`.
///
/// # Complexity
/// O(B) for B bytes of text.
pub fn occurrences(file: &str, text: &str, name: &str) -> Vec<Span> {
    let mut out = Vec::new();
    if name.is_empty() {
        return out;
    }
    for (n, line) in text.lines().enumerate() {
        if !line.contains(name) {
            continue;
        }
        for (at, _) in line.match_indices(name) {
            let left = line[..at].chars().next_back();
            let right = line[at + name.len()..].chars().next();
            if left.is_some_and(is_name_char) || right.is_some_and(is_name_char) {
                continue;
            }
            let start = line[..at].chars().count() + 1;
            out.push(Span {
                file: file.to_string(),
                line: n + 1,
                start,
                end: start + name.chars().count(),
            });
        }
    }
    out
}

/// The first place, at or after 1-based line `from` and before the next document of a YAML
/// stream (or `limit` lines), where `name` is the value of `key` (`name`, `replaces`): where a
/// document found by its [`crate::diag::Location`] names the object.
///
/// # Complexity
/// O(B) for the B bytes from `from` to the end of the search.
pub fn value_after(
    file: &str,
    text: &str,
    from: usize,
    key: &str,
    name: &str,
    limit: usize,
) -> Option<Span> {
    for (n, line) in text
        .lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .take(limit)
    {
        if n + 1 > from && crate::yaml::cut::starts_document(line) {
            break;
        }
        if !line.contains(name) || !line.contains(key) {
            continue;
        }
        let found = occurrences(file, line, name).into_iter().find(|s| {
            let before: String = line.chars().take(s.start - 1).collect();
            let b = before.trim_end().trim_end_matches(['"', '\'']).trim_end();
            b.strip_suffix(':')
                .is_some_and(|k| k.trim_end().trim_end_matches(['"', '\'']).ends_with(key))
        });
        if let Some(mut s) = found {
            s.line = n + 1;
            return Some(s);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_key_of_a_name() {
        let text = "entries:\n- name: a.v2\n  replaces: a.v1\n  skips:\n  - a.v0\n  - a.v0.5\n";
        let t = token_at("f", text, 3, 15).unwrap();
        assert_eq!((t.text.as_str(), t.role), ("a.v1", Role::Replaces));
        assert_eq!(token_at("f", text, 2, 9).unwrap().role, Role::Name);
        assert_eq!(token_at("f", text, 6, 6).unwrap().role, Role::Skips);
        let json = "{\"replaces\": \"a.v1\", \"skips\": [\"a.v0\"]}";
        assert_eq!(token_at("f", json, 1, 16).unwrap().role, Role::Replaces);
        assert_eq!(token_at("f", json, 1, 33).unwrap().role, Role::Skips);
    }

    #[test]
    fn occurrences_are_whole_words() {
        let spans = occurrences("f", "a.v1 a.v10 x a.v1\n", "a.v1");
        assert_eq!(spans.len(), 2);
        assert_eq!((spans[1].start, spans[1].end), (14, 18));
    }
}
