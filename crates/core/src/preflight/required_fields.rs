//! operator-pipelines' `check_required_fields` (suite `community`): the CSV fields OperatorHub
//! requires of the bundle under test, each missing or invalid one a warning or, for the
//! fields the pipeline calls fatal, a failure (spec/preflight.md §11).

use base64::Engine as _;
use serde_json::Value;

use super::isotime::is_timestamp;
use super::python::{get, str_of};
use super::tree::Tree;
use super::{Check, Outcome};
use crate::semver::Version;

/// The pipeline's name of the check.
pub(super) const CHECK: &str = "check_required_fields";

const CAPABILITIES: &[&str] = &[
    "Basic Install",
    "Seamless Upgrades",
    "Full Lifecycle",
    "Deep Insights",
    "Auto Pilot",
];

const CATEGORIES: &[&str] = &[
    "AI/Machine Learning",
    "Application Runtime",
    "Big Data",
    "Cloud Provider",
    "Developer Tools",
    "Database",
    "Drivers and plugins",
    "Integration & Delivery",
    "Logging & Tracing",
    "Modernization & Migration",
    "Monitoring",
    "Networking",
    "OpenShift Optional",
    "Security",
    "Storage",
    "Streaming & Messaging",
];

/// How a field is judged (spec/preflight.md §11.1).
#[derive(Clone, Copy)]
enum Rule {
    Capabilities,
    Categories,
    /// `([^/]+/){1,}[^/:]+:.+` at the start.
    ContainerImage,
    Timestamp,
    /// `https?://.+` at the start.
    Url,
    /// At least this many characters, newlines included.
    AtLeast(usize),
    /// This many characters at the start, none a newline.
    LineOf(usize),
    Icon,
    Semver,
    /// A non-empty list of mappings with these two string fields.
    Records(&'static str, &'static str),
    Strings,
}

/// The fields, in the pipeline's order: path, rule, fatal.
const FIELDS: &[(&str, Rule, bool)] = &[
    (
        "metadata.annotations.capabilities",
        Rule::Capabilities,
        false,
    ),
    ("metadata.annotations.categories", Rule::Categories, false),
    (
        "metadata.annotations.containerImage",
        Rule::ContainerImage,
        false,
    ),
    ("metadata.annotations.createdAt", Rule::Timestamp, false),
    ("metadata.annotations.repository", Rule::Url, false),
    ("metadata.annotations.support", Rule::AtLeast(3), false),
    ("metadata.annotations.description", Rule::AtLeast(10), false),
    ("spec.displayName", Rule::LineOf(3), true),
    ("spec.description", Rule::AtLeast(20), true),
    ("spec.icon", Rule::Icon, true),
    ("spec.version", Rule::Semver, true),
    ("spec.maintainers", Rule::Records("name", "email"), true),
    ("spec.provider.name", Rule::LineOf(3), true),
    ("spec.links", Rule::Records("name", "url"), true),
    ("spec.keywords", Rule::Strings, false),
];

/// The container-image pattern: after some prefix of non-empty `/`-ended segments, a name
/// without `/` or `:`, a `:` and one character that is not a newline.
fn container_image(s: &str) -> bool {
    let b = s.as_bytes();
    if b.first() == Some(&b'/') {
        return false;
    }
    for (k, _) in s.match_indices('/') {
        if k > 0 && b[k - 1] == b'/' {
            return false; // an empty segment ends every longer prefix too
        }
        let rest = &b[k + 1..];
        let Some(c) = rest.iter().position(|&x| x == b'/' || x == b':') else {
            return false;
        };
        if c > 0 && rest[c] == b':' && rest.get(c + 1).is_some_and(|&x| x != b'\n') {
            return true;
        }
    }
    false
}

/// A non-empty list of mappings each with string fields `a` and `b`.
fn records(v: &Value, a: &str, b: &str) -> bool {
    v.as_array().is_some_and(|l| {
        !l.is_empty()
            && l.iter().all(|r| {
                get(r, a).is_some_and(Value::is_string) && get(r, b).is_some_and(Value::is_string)
            })
    })
}

/// Icons: a non-empty list of `base64data` (valid base64 of at least 4 characters, whitespace
/// removed) and `mediatype` (PNG, JPEG, GIF or SVG).
fn icons(v: &Value) -> bool {
    records(v, "base64data", "mediatype")
        && v.as_array().into_iter().flatten().all(|icon| {
            let data: String = get(icon, "base64data")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .chars()
                .filter(|c| !c.is_ascii_whitespace())
                .collect();
            let media = get(icon, "mediatype").and_then(Value::as_str);
            data.len() >= 4
                && base64::engine::general_purpose::STANDARD
                    .decode(&data)
                    .is_ok()
                && matches!(
                    media,
                    Some("image/png" | "image/jpeg" | "image/gif" | "image/svg+xml")
                )
        })
}

/// Whether a present value passes its rule.
fn valid(rule: Rule, v: &Value) -> bool {
    let text = || str_of(v);
    match rule {
        Rule::Capabilities => v.as_str().is_some_and(|s| CAPABILITIES.contains(&s)),
        Rule::Categories => text().split(',').all(|c| CATEGORIES.contains(&c.trim())),
        Rule::ContainerImage => container_image(&text()),
        Rule::Timestamp => is_timestamp(&text()),
        Rule::Url => {
            let t = text();
            let rest = t
                .strip_prefix("https://")
                .or_else(|| t.strip_prefix("http://"));
            rest.is_some_and(|r| r.chars().next().is_some_and(|c| c != '\n'))
        }
        Rule::AtLeast(n) => text().chars().count() >= n,
        Rule::LineOf(n) => {
            let t = text();
            t.chars().take(n).filter(|&c| c != '\n').count() == n
        }
        Rule::Icon => icons(v),
        Rule::Semver => v.as_str().is_some_and(|s| Version::parse(s).is_ok()),
        Rule::Records(a, b) => records(v, a, b),
        Rule::Strings => v
            .as_array()
            .is_some_and(|l| !l.is_empty() && l.iter().all(Value::is_string)),
    }
}

/// The value at a dotted path; `None` when absent or `null`.
fn lookup<'v>(csv: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.')
        .try_fold(csv, |v, key| get(v, key))
        .filter(|v| !v.is_null())
}

/// `check_required_fields` on each operator's bundle under test (spec/preflight.md §11.1).
///
/// # Complexity
/// O(n) in the size of the CSVs of the bundles under test.
pub(super) fn required_fields(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for op in &tree.operators {
        let Some((_, csv)) = op.bundle_under_test().and_then(|b| b.csv.as_ref()) else {
            continue;
        };
        for (path, rule, fatal) in FIELDS {
            let message = match lookup(csv, path) {
                None => format!("CSV does not define {path}"),
                Some(v) if !valid(*rule, v) => format!("CSV contains an invalid value for {path}"),
                Some(_) => continue,
            };
            let level = if *fatal { Outcome::Fail } else { Outcome::Warn };
            found.push((level, message));
        }
    }
    Check::from_findings(CHECK, found)
}
