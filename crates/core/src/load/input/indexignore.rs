//! `.indexignore` files: gitignore-syntax patterns that hide files from opm's directory walk.
//!
//! A `.indexignore` applies to the directory it is in and everything below. Supported: blank
//! lines and `#` comments, `!` negation (the last matching pattern wins), a leading `/` or an
//! inner `/` anchoring the pattern to the ignore file's directory, a trailing `/` matching
//! directories only, and the globs `*`, `?`, `**` and `[...]` classes.

use crate::sort::SortWith;

/// Parsed `.indexignore` rules of a file set.
#[derive(Debug, Clone, Default)]
pub struct IgnoreRules {
    rules: Vec<Rule>,
}

#[derive(Debug, Clone)]
struct Rule {
    /// Directory of the `.indexignore` (no trailing slash; empty for the root).
    base: String,
    pattern: Vec<Token>,
    negated: bool,
    dir_only: bool,
    anchored: bool,
}

impl IgnoreRules {
    /// Reads the rules of `(path, text)` pairs of `.indexignore` files.
    pub fn from_files<'a>(files: impl Iterator<Item = (&'a str, &'a str)>) -> Self {
        let mut rules = Vec::new();
        for (path, text) in files {
            let base = path.rfind('/').map_or("", |i| &path[..i]).to_string();
            for line in text.lines() {
                let line = line.trim_end();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let (negated, line) = match line.strip_prefix('!') {
                    Some(rest) => (true, rest),
                    None => (false, line),
                };
                let (dir_only, line) = match line.strip_suffix('/') {
                    Some(rest) => (true, rest),
                    None => (false, line),
                };
                let anchored = line.starts_with('/') || line.trim_start_matches('/').contains('/');
                let pattern = tokens(line.trim_start_matches('/'));
                if pattern.is_empty() {
                    continue;
                }
                rules.push(Rule {
                    base: base.clone(),
                    pattern,
                    negated,
                    dir_only,
                    anchored,
                });
            }
        }
        IgnoreRules { rules }
    }

    /// True when no rule is present.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// True when the file at `path` (slash-separated) is ignored.
    pub fn is_ignored(&self, path: &str) -> bool {
        let mut ignored = false;
        for rule in &self.rules {
            let rel = if rule.base.is_empty() {
                path
            } else if let Some(rest) = path
                .strip_prefix(&rule.base)
                .and_then(|r| r.strip_prefix('/'))
            {
                rest
            } else {
                continue;
            };
            if rule.matches(rel) {
                ignored = !rule.negated;
            }
        }
        ignored
    }
}

impl Rule {
    /// Matches the path itself or any of its parent directories.
    fn matches(&self, rel: &str) -> bool {
        let parts: Vec<&str> = rel.split('/').collect();
        // Candidate prefixes: each parent directory, then (unless dir-only) the file itself.
        for end in 1..=parts.len() {
            let is_file = end == parts.len();
            if is_file && self.dir_only {
                continue;
            }
            let candidate = parts[..end].join("/");
            let hit = if self.anchored {
                glob_tokens(&self.pattern, &candidate)
            } else {
                glob_tokens(&self.pattern, parts[end - 1])
            };
            if hit {
                return true;
            }
        }
        false
    }
}

/// One piece of a glob pattern.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Char(char),
    /// `?`: one character but `/`.
    Any,
    /// `*`: any run of characters without `/`.
    Star,
    /// `**` (and a `/` right after it): any run of characters, `/` included.
    DoubleStar,
    /// `[abc]`, `[a-z]`, `[!a]`: (negated, single characters, ranges).
    Class(bool, Vec<char>, Vec<(char, char)>),
}

/// Splits a pattern into tokens; a `[` without its `]` is a plain `[`, a `\` takes the next
/// character as it is. A run of stars holding a `**` is one `**` (it means the same), so no two
/// stars are neighbours.
fn tokens(pattern: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::new();
    for t in raw_tokens(pattern) {
        match (out.last_mut(), &t) {
            (Some(last @ Token::Star), Token::DoubleStar) => *last = Token::DoubleStar,
            (Some(Token::DoubleStar), Token::Star | Token::DoubleStar) => {}
            _ => out.push(t),
        }
    }
    out
}

/// The tokens as written, stars not merged.
fn raw_tokens(pattern: &str) -> Vec<Token> {
    let p: Vec<char> = pattern.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < p.len() {
        match p[i] {
            '*' if p.get(i + 1) == Some(&'*') => {
                out.push(Token::DoubleStar);
                i += if p.get(i + 2) == Some(&'/') { 3 } else { 2 };
            }
            '*' => {
                out.push(Token::Star);
                i += 1;
            }
            '?' => {
                out.push(Token::Any);
                i += 1;
            }
            '[' => match p[i + 1..].iter().position(|c| *c == ']') {
                Some(len) => {
                    out.push(class(&p[i + 1..i + 1 + len]));
                    i += len + 2;
                }
                None => {
                    out.push(Token::Char('['));
                    i += 1;
                }
            },
            '\\' if i + 1 < p.len() => {
                out.push(Token::Char(p[i + 1]));
                i += 2;
            }
            c => {
                out.push(Token::Char(c));
                i += 1;
            }
        }
    }
    out
}

/// The class between `[` and `]`.
fn class(inner: &[char]) -> Token {
    let (negated, inner) = match inner.first() {
        Some('!') | Some('^') => (true, &inner[1..]),
        _ => (false, inner),
    };
    let mut singles = Vec::new();
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < inner.len() {
        if i + 2 < inner.len() && inner[i + 1] == '-' {
            ranges.push((inner[i], inner[i + 2]));
            i += 3;
        } else {
            singles.push(inner[i]);
            i += 1;
        }
    }
    Token::Class(negated, singles, ranges)
}

/// Glob match of a whole string: `*` and `?` do not cross `/`, `**` does, `[abc]`/`[a-z]`/`[!a]`.
#[cfg(test)]
fn glob(pattern: &str, text: &str) -> bool {
    glob_tokens(&tokens(pattern), text)
}

/// True when the star `toks[j]` may match nothing (a position past the end is no star).
fn is_star(toks: &[Token], j: usize) -> bool {
    matches!(toks.get(j), Some(Token::Star | Token::DoubleStar))
}

/// Adds the positions a star may skip to, then sorts the set and drops repeats. Stars are
/// never neighbours, so each position adds at most one.
fn close(toks: &[Token], set: &mut Vec<usize>) {
    let skipped: Vec<usize> = set
        .iter()
        .filter(|j| is_star(toks, **j))
        .map(|j| j + 1)
        .collect();
    set.extend(skipped);
    set.sort_ord();
    set.dedup();
}

/// Runs the pattern as an automaton over the text, never by backtracking.
///
/// # Complexity
/// O(T² log T) time for a text of T characters, whatever the pattern's length: after k
/// characters only positions past at most k non-star tokens (and the stars between them) can
/// be alive, at most 2k + 2 of them.
fn glob_tokens(toks: &[Token], text: &str) -> bool {
    let n = toks.len();
    let mut cur = vec![0];
    close(toks, &mut cur);
    for c in text.chars() {
        let mut next = Vec::with_capacity(cur.len() + 1);
        for &j in cur.iter().filter(|j| **j < n) {
            match &toks[j] {
                Token::Char(x) if *x == c => next.push(j + 1),
                Token::Any if c != '/' => next.push(j + 1),
                Token::Star if c != '/' => next.push(j),
                Token::DoubleStar => next.push(j),
                Token::Class(negated, singles, ranges) => {
                    let hit =
                        singles.contains(&c) || ranges.iter().any(|(a, b)| *a <= c && c <= *b);
                    if hit != *negated {
                        next.push(j + 1);
                    }
                }
                _ => {}
            }
        }
        if next.is_empty() {
            return false;
        }
        close(toks, &mut next);
        cur = next;
    }
    cur.last() == Some(&n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(files: &[(&str, &str)]) -> IgnoreRules {
        IgnoreRules::from_files(files.iter().copied())
    }

    #[test]
    fn unanchored_pattern_matches_at_any_depth() {
        let r = rules(&[("cat/.indexignore", "*.md\n# comment\n\nREADME*\n")]);
        assert!(r.is_ignored("cat/a/b/notes.md"));
        assert!(r.is_ignored("cat/README.yaml"));
        assert!(!r.is_ignored("cat/a/index.yaml"));
        assert!(
            !r.is_ignored("other/notes.md"),
            "rules apply below their own directory only"
        );
    }

    #[test]
    fn anchored_and_directory_patterns() {
        let r = rules(&[(".indexignore", "/tmp\nsub/skip.json\nbuild/\n")]);
        assert!(r.is_ignored("tmp/x.yaml"));
        assert!(!r.is_ignored("a/tmp/x.yaml"), "leading slash anchors");
        assert!(r.is_ignored("sub/skip.json"));
        assert!(!r.is_ignored("x/sub/skip.json"));
        assert!(r.is_ignored("x/build/a.yaml"));
        assert!(
            !r.is_ignored("x/build"),
            "dir-only pattern does not match a file"
        );
    }

    #[test]
    fn negation_last_match_wins() {
        let r = rules(&[(".indexignore", "*.yaml\n!keep.yaml\n")]);
        assert!(r.is_ignored("a.yaml"));
        assert!(!r.is_ignored("keep.yaml"));
    }

    #[test]
    fn globs() {
        assert!(glob("a*c", "abbbc"));
        assert!(!glob("a*c", "ab/c"));
        assert!(glob("a/**/c", "a/x/y/c"));
        assert!(glob("a/**/c", "a/c"));
        assert!(glob("v4.1[0-9]", "v4.12"));
        assert!(!glob("v4.1[!0-9]", "v4.12"));
        assert!(glob("?.json", "x.json"));
        assert!(!glob("[unclosed", "u"));
    }

    #[test]
    fn escapes_and_stars_next_to_slashes() {
        assert!(glob("a\\*b", "a*b"));
        assert!(!glob("a\\*b", "axb"));
        assert!(glob("**", "a/b/c"));
        assert!(glob("**/c.yaml", "c.yaml"));
        assert!(!glob("*", "a/b"));
        assert!(
            glob("[]", "[]") == glob("[]", "x"),
            "an empty class matches nothing"
        );
    }

    /// Patterns that made a backtracking matcher take exponential time (many stars against a
    /// long name that almost matches) or overflow the stack (a very long pattern).
    #[test]
    fn hostile_patterns_are_matched_by_an_automaton() {
        let stars = "*a".repeat(30) + "*b";
        let name = "a".repeat(300);
        assert!(!glob(&stars, &name));
        assert!(glob(&stars, &(name.clone() + "b")));
        let doubles = "**/".repeat(50_000) + "x";
        assert!(glob(&doubles, "d/e/x"));
        let long = "y".repeat(200_000);
        assert!(!glob(&long, "y"));
        assert!(!glob(&(long.clone() + "*"), &long[..1000]));
        let stars = "*/".repeat(100_000);
        assert!(!glob(&stars, "a/b/c"));
    }
}
