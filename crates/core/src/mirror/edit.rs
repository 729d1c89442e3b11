//! Editing an ImageSetConfiguration's ranges and writing it back (spec/mirror.md §1): a
//! package's or a listed channel's `minVersion`/`maxVersion` set or cleared, and the file
//! written with its `mirror.operators` stanza replaced and every other line as it was.

use super::config::{OperatorEntry, PackageFilter};

/// Which bound a change sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// `minVersion`.
    Min,
    /// `maxVersion`.
    Max,
}

/// Sets (or, for an empty `value`, clears) a bound of package `package` (with `channel`: of
/// that channel of the package) in `entry`. Returns false, changing nothing, when the entry
/// does not list the package, or the package does not list the channel.
///
/// # Complexity
/// O(P + C) for P listed packages and C listed channels.
pub fn set_bound(
    entry: &mut OperatorEntry,
    package: &str,
    channel: Option<&str>,
    bound: Bound,
    value: &str,
) -> bool {
    let Some(p) = entry.packages.iter_mut().find(|p| p.name == package) else {
        return false;
    };
    let value = value.trim();
    let value = (!value.is_empty()).then(|| value.to_string());
    let (min, max) = match channel {
        None => (&mut p.min_version, &mut p.max_version),
        Some(c) => match p.channels.iter_mut().find(|ch| ch.name == c) {
            Some(ch) => (&mut ch.min_version, &mut ch.max_version),
            None => return false,
        },
    };
    match bound {
        Bound::Min => *min = value,
        Bound::Max => *max = value,
    }
    true
}

/// A YAML scalar: plain when that reads back as the same string, else double-quoted (JSON's
/// escapes are YAML's).
fn scalar(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/:@+".contains(c))
        && !s.starts_with(|c: char| "-:@".contains(c))
        && !s.ends_with(':')
        && !s.contains(": ")
        && s.parse::<f64>().is_err()
        && !matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "y" | "n" | "~"
        );
    if plain {
        s.to_string()
    } else {
        serde_json::to_string(s).unwrap_or_default()
    }
}

fn push_field(out: &mut String, indent: &str, key: &str, value: Option<&str>) {
    if let Some(v) = value {
        out.push_str(&format!("{indent}{key}: {}\n", scalar(v)));
    }
}

fn package_yaml(out: &mut String, ind: &str, p: &PackageFilter) {
    out.push_str(&format!("{ind}- name: {}\n", scalar(&p.name)));
    let inner = format!("{ind}  ");
    push_field(out, &inner, "defaultChannel", p.default_channel.as_deref());
    push_field(out, &inner, "minVersion", p.min_version.as_deref());
    push_field(out, &inner, "maxVersion", p.max_version.as_deref());
    if !p.channels.is_empty() {
        out.push_str(&format!("{inner}channels:\n"));
        for c in &p.channels {
            out.push_str(&format!("{inner}- name: {}\n", scalar(&c.name)));
            let cind = format!("{inner}  ");
            push_field(out, &cind, "minVersion", c.min_version.as_deref());
            push_field(out, &cind, "maxVersion", c.max_version.as_deref());
        }
    }
}

/// The `operators:` block at `indent` spaces, as block YAML.
///
/// # Complexity
/// O(P + C) for the packages and channels written.
pub fn operators_yaml(operators: &[OperatorEntry], indent: usize) -> String {
    let ind = " ".repeat(indent);
    let mut out = format!("{ind}operators:\n");
    for op in operators {
        out.push_str(&format!("{ind}- catalog: {}\n", scalar(&op.catalog)));
        let inner = format!("{ind}  ");
        if op.full {
            out.push_str(&format!("{inner}full: true\n"));
        }
        if !op.packages.is_empty() {
            out.push_str(&format!("{inner}packages:\n"));
            for p in &op.packages {
                package_yaml(&mut out, &inner, p);
            }
        }
    }
    out
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

/// Where the `operators:` key of the block stanza `mirror:` sits: (line index, indent).
///
/// # Complexity
/// O(n) in the text's length.
fn operators_line(lines: &[&str]) -> Option<(usize, usize)> {
    let m = lines.iter().position(|l| l.trim_end() == "mirror:")?;
    let base = indent_of(lines[m]);
    for (i, l) in lines.iter().enumerate().skip(m + 1) {
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if indent_of(l) <= base {
            return None;
        }
        if t == "operators:" {
            return Some((i, indent_of(l)));
        }
    }
    None
}

/// The ImageSetConfiguration `text` with its `mirror.operators` stanza replaced by
/// `operators`, every other line kept as it was (comments inside the stanza are not kept). A
/// file whose stanza is not block YAML (flow style, JSON) is written whole instead: its
/// `apiVersion`, `kind` and `mirror.operators` only.
///
/// # Complexity
/// O(n + P + C) for n bytes of text and the packages and channels written.
pub fn write_config(text: &str, api_version: &str, operators: &[OperatorEntry]) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let Some((start, indent)) = operators_line(&lines) else {
        return format!(
            "apiVersion: {}\nkind: ImageSetConfiguration\nmirror:\n{}",
            scalar(api_version),
            operators_yaml(operators, 2)
        );
    };
    let end = lines
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, l)| {
            let t = l.trim();
            !t.is_empty()
                && !t.starts_with('#')
                && (indent_of(l) < indent || (indent_of(l) == indent && !t.starts_with('-')))
        })
        .map_or(lines.len(), |(i, _)| i);
    let mut out = String::with_capacity(text.len() + 64);
    for l in &lines[..start] {
        out.push_str(l);
        out.push('\n');
    }
    out.push_str(&operators_yaml(operators, indent));
    for l in &lines[end..] {
        out.push_str(l);
        out.push('\n');
    }
    out
}
