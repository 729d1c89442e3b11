//! `.indexignore` files: gitignore-syntax patterns that hide files from opm's directory walk.
//!
//! A `.indexignore` applies to the directory it is in and everything below. Supported: blank
//! lines and `#` comments, `!` negation (the last matching pattern wins), a leading `/` or an
//! inner `/` anchoring the pattern to the ignore file's directory, a trailing `/` matching
//! directories only, and the globs `*`, `?`, `**` and `[...]` classes.

/// Parsed `.indexignore` rules of a file set.
#[derive(Debug, Clone, Default)]
pub struct IgnoreRules {
    rules: Vec<Rule>,
}

#[derive(Debug, Clone)]
struct Rule {
    /// Directory of the `.indexignore` (no trailing slash; empty for the root).
    base: String,
    pattern: String,
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
                let pattern = line.trim_start_matches('/').to_string();
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
                glob(&self.pattern, &candidate)
            } else {
                glob(&self.pattern, parts[end - 1])
            };
            if hit {
                return true;
            }
        }
        false
    }
}

/// Glob match of a whole string: `*` and `?` do not cross `/`, `**` does, `[abc]`/`[a-z]`/`[!a]`.
fn glob(pattern: &str, text: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let t: Vec<char> = text.chars().collect();
    glob_at(&p, &t)
}

fn glob_at(p: &[char], t: &[char]) -> bool {
    match p.first() {
        None => t.is_empty(),
        Some('*') if p.get(1) == Some(&'*') => {
            let rest = &p[2..];
            let rest = rest.strip_prefix(&['/']).unwrap_or(rest);
            (0..=t.len()).any(|i| glob_at(rest, &t[i..]))
        }
        Some('*') => {
            let rest = &p[1..];
            for i in 0..=t.len() {
                if glob_at(rest, &t[i..]) {
                    return true;
                }
                if i < t.len() && t[i] == '/' {
                    break;
                }
            }
            false
        }
        Some('?') => !t.is_empty() && t[0] != '/' && glob_at(&p[1..], &t[1..]),
        Some('[') => {
            let Some(close) = p.iter().skip(1).position(|c| *c == ']').map(|i| i + 1) else {
                return !t.is_empty() && t[0] == '[' && glob_at(&p[1..], &t[1..]);
            };
            let Some(&c) = t.first() else {
                return false;
            };
            let class = &p[1..close];
            let (neg, class) = match class.first() {
                Some('!') | Some('^') => (true, &class[1..]),
                _ => (false, class),
            };
            let mut hit = false;
            let mut i = 0;
            while i < class.len() {
                if i + 2 < class.len() && class[i + 1] == '-' {
                    hit |= class[i] <= c && c <= class[i + 2];
                    i += 3;
                } else {
                    hit |= class[i] == c;
                    i += 1;
                }
            }
            hit != neg && glob_at(&p[close + 1..], &t[1..])
        }
        Some('\\') if p.len() > 1 => !t.is_empty() && t[0] == p[1] && glob_at(&p[2..], &t[1..]),
        Some(&c) => !t.is_empty() && t[0] == c && glob_at(&p[1..], &t[1..]),
    }
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
}
