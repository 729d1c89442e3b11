//! Matching lint findings between the two sides of a change: by rule and object, never by
//! position, so that a finding that only moved (lines added above it, a file renamed inside the
//! catalog directory) is neither new nor fixed.

use std::collections::HashMap;

use serde::Serialize;

use crate::diag::{Diagnostic, Severity};
use crate::sort::SortWith;

/// Findings the change introduced and findings it removed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FindingChanges {
    /// On the new side and not on the old one (with the new side's locations).
    pub new: Vec<Diagnostic>,
    /// On the old side and no longer on the new one (with the old side's locations).
    pub fixed: Vec<Diagnostic>,
}

impl FindingChanges {
    /// Nothing new and nothing fixed.
    pub fn is_empty(&self) -> bool {
        self.new.is_empty() && self.fixed.is_empty()
    }
}

/// What identifies a finding across the two sides.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Key<'a> {
    code: &'a str,
    severity: Severity,
    schema: Option<&'a str>,
    package: Option<&'a str>,
    channel: Option<&'a str>,
    bundle: Option<&'a str>,
    name: Option<&'a str>,
    field: Option<&'a str>,
    message: String,
    /// Only for findings about no object (a file that cannot be parsed): the file, relative to
    /// the input path it was found under, and that path's position among the inputs.
    file: Option<(usize, String)>,
}

fn key<'a>(d: &'a Diagnostic, roots: &[String]) -> Key<'a> {
    let no_object =
        d.package.is_none() && d.channel.is_none() && d.bundle.is_none() && d.name.is_none();
    Key {
        code: &d.code,
        severity: d.severity,
        schema: d.schema.as_deref(),
        package: d.package.as_deref(),
        channel: d.channel.as_deref(),
        bundle: d.bundle.as_deref(),
        name: d.name.as_deref(),
        field: d.field.as_deref(),
        message: without_positions(&d.message),
        file: if no_object {
            d.location
                .as_ref()
                .map(|l| relative_to_roots(&l.file, roots))
        } else {
            None
        },
    }
}

/// `file` relative to the first of `roots` (input paths as the loader shows them) it is under,
/// with that root's index; `(roots.len(), file)` when it is under none.
pub(crate) fn relative_to_roots(file: &str, roots: &[String]) -> (usize, String) {
    for (i, root) in roots.iter().enumerate() {
        let root = root.trim_end_matches('/');
        if file == root {
            return (i, String::new());
        }
        if let Some(rest) = file.strip_prefix(root).and_then(|r| r.strip_prefix('/')) {
            return (i, rest.to_string());
        }
    }
    (roots.len(), file.to_string())
}

/// The message with the numbers of `line N` and `column N` blanked (parsers quote positions).
fn without_positions(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find(|c: char| c.is_ascii_digit()) {
        let (before, from_digit) = rest.split_at(i);
        let digits = from_digit
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(from_digit.len());
        out.push_str(before);
        if before.ends_with("line ") || before.ends_with("column ") {
            out.push('#');
        } else {
            out.push_str(&from_digit[..digits]);
        }
        rest = &from_digit[digits..];
    }
    out.push_str(rest);
    out
}

/// The findings of `new` that `old` does not have, and those of `old` that `new` no longer has,
/// each side's file names taken relative to its input paths (`old_roots`, `new_roots`). Equal
/// findings are matched one for one, so a finding that now occurs twice counts once as new.
///
/// # Complexity
/// O(F) expected time and space for F findings on both sides (hashing).
pub fn match_findings(
    old: &[Diagnostic],
    new: &[Diagnostic],
    old_roots: &[String],
    new_roots: &[String],
) -> FindingChanges {
    let mut unmatched: HashMap<Key<'_>, Vec<usize>> = HashMap::with_capacity(old.len());
    for (i, d) in old.iter().enumerate().rev() {
        unmatched.entry(key(d, old_roots)).or_default().push(i);
    }
    let mut out = FindingChanges::default();
    for d in new {
        match unmatched.get_mut(&key(d, new_roots)).and_then(Vec::pop) {
            Some(_) => {}
            None => out.new.push(d.clone()),
        }
    }
    let mut fixed: Vec<usize> = unmatched.into_values().flatten().collect();
    fixed.sort_ord();
    out.fixed = fixed.into_iter().map(|i| old[i].clone()).collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Location;
    use crate::diag::Rule;

    fn at(d: Diagnostic, file: &str, line: usize) -> Diagnostic {
        d.at(Location::at(file, line, 1, None))
    }

    #[test]
    fn a_finding_that_moved_is_neither_new_nor_fixed() {
        let old = [at(
            Diagnostic::error(Rule::OpmValidate, "bundle image must be set").bundle("a.v1"),
            "old/x.yaml",
            10,
        )];
        let new = [at(
            Diagnostic::error(Rule::OpmValidate, "bundle image must be set").bundle("a.v1"),
            "new/x.yaml",
            42,
        )];
        let changes = match_findings(&old, &new, &["old".into()], &["new".into()]);
        assert!(changes.is_empty(), "{changes:?}");
    }

    #[test]
    fn positions_in_parser_messages_do_not_count() {
        assert_eq!(
            without_positions("invalid YAML: bad at line 12 column 3, while parsing v1.2"),
            "invalid YAML: bad at line # column #, while parsing v1.2"
        );
        let old = [at(
            Diagnostic::error(Rule::LoadYaml, "bad at line 3 column 1"),
            "a/c.yaml",
            3,
        )];
        let new = [at(
            Diagnostic::error(Rule::LoadYaml, "bad at line 9 column 1"),
            "b/c.yaml",
            9,
        )];
        assert!(match_findings(&old, &new, &["a".into()], &["b".into()]).is_empty());
        // The same parse error in another file is a new finding, and the old one is fixed.
        let other = [at(
            Diagnostic::error(Rule::LoadYaml, "bad at line 9 column 1"),
            "b/d.yaml",
            9,
        )];
        let changes = match_findings(&old, &other, &["a".into()], &["b".into()]);
        assert_eq!((changes.new.len(), changes.fixed.len()), (1, 1));
    }

    #[test]
    fn a_second_occurrence_is_new_and_other_objects_are_other_findings() {
        let d = |b: &str| Diagnostic::warning(Rule::LintUnreachableV0, "skipped").bundle(b);
        let old = [d("a.v1"), d("a.v2")];
        let new = [d("a.v1"), d("a.v1"), d("a.v3")];
        let changes = match_findings(&old, &new, &[], &[]);
        let new_bundles: Vec<_> = changes.new.iter().map(|d| d.bundle.clone()).collect();
        let fixed: Vec<_> = changes.fixed.iter().map(|d| d.bundle.clone()).collect();
        assert_eq!(
            new_bundles,
            [Some("a.v1".to_string()), Some("a.v3".to_string())]
        );
        assert_eq!(fixed, [Some("a.v2".to_string())]);
    }
}
