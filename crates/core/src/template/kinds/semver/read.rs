//! Reading an `olm.semver` template as opm's `readFile` does: `sigs.k8s.io/yaml.UnmarshalStrict`
//! (go-yaml v2 in strict mode: duplicate keys are errors; then `encoding/json` with unknown
//! fields refused, keys matched ignoring case, visited in sorted key order so the first error in
//! that order is the one reported), then the schema and the generate flags.

use std::collections::HashSet;

use crate::load::Limits;
use crate::sort::SortWith;
use crate::template::error::{LimitError, SemverReadError, StreamKind};
use crate::template::read::godecode::{self as go, Ctx};
use crate::yaml::positioned::parse_first_document;
use crate::yaml::tree::{MapEntry, Node, NodeValue, Pos};

/// The three channel archetypes, in rising stability.
pub(crate) const ARCHETYPES: [&str; 3] = ["candidate", "fast", "stable"];

/// A decoded semver template.
#[derive(Debug, Clone, Default)]
pub(crate) struct SemverSpec {
    pub schema: String,
    pub generate_major: bool,
    pub generate_minor: bool,
    /// `defaultChannelTypePreference` as written.
    pub preference_text: String,
    /// `minor` or `major`, after defaulting.
    pub preference: Option<StreamKind>,
    /// Per archetype, the listed images and where they are.
    pub bundles: [Vec<(String, Pos)>; 3],
}

type ReadResult<T> = Result<T, (SemverReadError, Pos)>;

/// Why a semver template could not be read: opm's error, or an input limit it crossed.
pub(crate) enum ReadError {
    Semver(SemverReadError, Pos),
    Limit(LimitError, Pos),
}

impl From<(SemverReadError, Pos)> for ReadError {
    fn from((e, pos): (SemverReadError, Pos)) -> Self {
        ReadError::Semver(e, pos)
    }
}

/// `readFile`: the template, or opm's error with the node it concerns.
///
/// # Complexity
/// O(n) in the text's length (within `limits`), plus O(k log k) per mapping of k keys.
pub(crate) fn read(text: &str, limits: &Limits) -> Result<SemverSpec, ReadError> {
    let node = parse_first_document(text, limits).map_err(|e| match e.limit {
        Some(limit) => ReadError::Limit(limit, e.pos),
        None => ReadError::Semver(SemverReadError::Yaml(e.go_yaml()), e.pos),
    })?;
    Ok(decode(node.as_ref())?)
}

/// [`read`] of a document already read (the whole text's first document).
///
/// # Complexity
/// O(k log k) per mapping of k keys.
pub(crate) fn read_node(node: &Node) -> Result<SemverSpec, ReadError> {
    Ok(decode(Some(node))?)
}

/// The decoded document (`None` for an empty one), with opm's checks of schema and flags.
fn decode(node: Option<&Node>) -> ReadResult<SemverSpec> {
    let start = Pos { line: 1, column: 1 };
    if let Some(n) = node {
        duplicate_keys(n)?;
    }
    let mut spec = SemverSpec::default();
    if let Some(n) = node.filter(|n| n.value != NodeValue::Null) {
        decode_root(n, &mut spec).map_err(|(m, p)| (SemverReadError::Json(m), p))?;
    }
    let schema_pos = node.and_then(|n| n.get("schema")).map_or(start, |n| n.pos);
    if spec.schema != "olm.semver" {
        return Err((SemverReadError::WrongSchema, schema_pos));
    }
    if !spec.generate_major && !spec.generate_minor {
        spec.generate_minor = true;
    }
    let pref_pos = node
        .and_then(|n| n.get("defaultChannelTypePreference"))
        .map_or(start, |n| n.pos);
    let written = match spec.preference_text.as_str() {
        "" => None,
        "minor" => Some(StreamKind::Minor),
        "major" => Some(StreamKind::Major),
        other => {
            return Err((
                SemverReadError::UnknownPreference(other.to_string()),
                pref_pos,
            ))
        }
    };
    spec.preference = match written {
        None if spec.generate_minor => Some(StreamKind::Minor),
        None => Some(StreamKind::Major),
        Some(StreamKind::Minor) if !spec.generate_minor => {
            return Err((
                SemverReadError::PreferenceMismatch(StreamKind::Minor),
                pref_pos,
            ))
        }
        Some(StreamKind::Major) if !spec.generate_major => {
            return Err((
                SemverReadError::PreferenceMismatch(StreamKind::Major),
                pref_pos,
            ))
        }
        ok => ok,
    };
    Ok(spec)
}

/// go-yaml v2 strict mode: every key set twice in one mapping, in document order.
fn duplicate_keys(root: &Node) -> ReadResult<()> {
    let mut found: Vec<(String, Pos)> = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        match &n.value {
            NodeValue::Map(entries) => {
                let mut seen = HashSet::with_capacity(entries.len());
                for e in entries {
                    if !seen.insert(e.key.as_str()) {
                        found.push((
                            format!(
                                "line {}: key {:?} already set in map",
                                e.key_pos.line, e.key
                            ),
                            e.key_pos,
                        ));
                    }
                }
                stack.extend(entries.iter().rev().map(|e| &e.value));
            }
            NodeValue::Seq(items) => stack.extend(items.iter().rev()),
            _ => {}
        }
    }
    found.sort_keyed(|(_, p)| (p.line, p.column));
    match found.first() {
        None => Ok(()),
        Some((_, pos)) => {
            let lines: Vec<&str> = found.iter().map(|(m, _)| m.as_str()).collect();
            let msg = format!("yaml: unmarshal errors:\n  {}", lines.join("\n  "));
            Err((SemverReadError::Yaml(msg), *pos))
        }
    }
}

/// Entries in the order Go's decoder visits them (the converted JSON's sorted keys).
fn sorted(entries: &[MapEntry]) -> Vec<&MapEntry> {
    let mut v: Vec<&MapEntry> = entries.iter().collect();
    v.sort_with(|a, b| a.key.cmp(&b.key));
    v
}

/// Which of `fields` a JSON key fills: exact name first, else ignoring case.
fn match_field<'a>(key: &str, fields: &[&'a str]) -> Option<&'a str> {
    fields
        .iter()
        .find(|f| **f == key)
        .or_else(|| fields.iter().find(|f| f.eq_ignore_ascii_case(key)))
        .copied()
}

/// The first error in Go's visiting order, with its node.
type DecodeResult = Result<(), (String, Pos)>;

fn decode_root(node: &Node, spec: &mut SemverSpec) -> DecodeResult {
    let Some(entries) = node.as_map() else {
        let msg = go::value_type_error(&node.to_json(), "semver.SemverTemplateData");
        return Err((msg, node.pos));
    };
    const FIELDS: [&str; 7] = [
        "schema",
        "generateMajorChannels",
        "generateMinorChannels",
        "defaultChannelTypePreference",
        "candidate",
        "fast",
        "stable",
    ];
    let ctx = |path| Ctx {
        go_struct: "SemverTemplateData",
        path,
    };
    for e in sorted(entries) {
        let v = &e.value;
        match match_field(&e.key, &FIELDS) {
            None => return Err((format!("json: unknown field {:?}", e.key), e.key_pos)),
            Some("schema") => {
                if let Some(s) = string_field(v, ctx("schema"), "string")? {
                    spec.schema = s;
                }
            }
            Some(f @ ("generateMajorChannels" | "generateMinorChannels")) => {
                let b = match &v.value {
                    NodeValue::Null => continue,
                    NodeValue::Bool(b) => *b,
                    _ => return Err((go::type_error(&v.to_json(), ctx(f), "bool"), v.pos)),
                };
                if f == "generateMajorChannels" {
                    spec.generate_major = b;
                } else {
                    spec.generate_minor = b;
                }
            }
            Some("defaultChannelTypePreference") => {
                let ctx = ctx("defaultChannelTypePreference");
                if let Some(p) = string_field(v, ctx, "semver.StreamType")? {
                    spec.preference_text = p;
                }
            }
            Some(arch) => {
                let i = ARCHETYPES.iter().position(|a| *a == arch).unwrap_or(0);
                decode_archetype(v, arch, &mut spec.bundles[i])?;
            }
        }
    }
    Ok(())
}

/// A string-typed field: `sigs.k8s.io/yaml` turns scalars into strings for string targets.
fn string_field(v: &Node, ctx: Ctx, go_type: &str) -> Result<Option<String>, (String, Pos)> {
    Ok(match &v.value {
        NodeValue::Null => None,
        NodeValue::Str(s) => Some(s.clone()),
        NodeValue::Bool(b) => Some(b.to_string()),
        NodeValue::Int(i) => Some(i.to_string()),
        NodeValue::Float(f) => Some(f.to_string()),
        _ => return Err((go::type_error(&v.to_json(), ctx, go_type), v.pos)),
    })
}

fn decode_archetype(v: &Node, arch: &str, out: &mut Vec<(String, Pos)>) -> DecodeResult {
    let Some(entries) = v.as_map() else {
        if v.value == NodeValue::Null {
            return Ok(());
        }
        let ctx = Ctx {
            go_struct: "SemverTemplateData",
            path: arch,
        };
        return Err((
            go::type_error(&v.to_json(), ctx, "semver.channelBundles"),
            v.pos,
        ));
    };
    let path = format!("{arch}.bundles");
    for e in sorted(entries) {
        if match_field(&e.key, &["bundles"]).is_none() {
            return Err((format!("json: unknown field {:?}", e.key), e.key_pos));
        }
        let ctx = Ctx {
            go_struct: "channelBundles",
            path: &path,
        };
        let items = match &e.value.value {
            NodeValue::Null => continue,
            NodeValue::Seq(items) => items,
            _ => {
                let msg = go::type_error(&e.value.to_json(), ctx, "[]semver.bundleEntry");
                return Err((msg, e.value.pos));
            }
        };
        out.clear();
        for item in items {
            out.push((decode_bundle(item, ctx, &path)?, item.pos));
        }
    }
    Ok(())
}

fn decode_bundle(item: &Node, list_ctx: Ctx, path: &str) -> Result<String, (String, Pos)> {
    let Some(entries) = item.as_map() else {
        if item.value == NodeValue::Null {
            return Ok(String::new());
        }
        let msg = go::type_error(&item.to_json(), list_ctx, "semver.bundleEntry");
        return Err((msg, item.pos));
    };
    let image_path = format!("{path}.image");
    let mut image = String::new();
    for e in sorted(entries) {
        if match_field(&e.key, &["image"]).is_none() {
            return Err((format!("json: unknown field {:?}", e.key), e.key_pos));
        }
        let ctx = Ctx {
            go_struct: "bundleEntry",
            path: &image_path,
        };
        if let Some(s) = string_field(&e.value, ctx, "string")? {
            image = s;
        }
    }
    Ok(image)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "---\nschema: olm.semver\ngenerateMajorChannels: %MAJ\ngenerateMinorChannels: %MIN\ndefaultChannelTypePreference: %PREF\ncandidate:\n    bundles:\n        - image: quay.io/foo/olm:testoperator.v0.1.0\n        - image: quay.io/foo/olm:testoperator.v0.1.1\nstable:\n    bundles:\n        - image: quay.io/foo/olm:testoperator.v1.0.1\n";

    fn fill(maj: &str, min: &str, pref: &str) -> String {
        TEMPLATE
            .replace("%MAJ", maj)
            .replace("%MIN", min)
            .replace("%PREF", pref)
    }

    fn read_ok(text: &str) -> SemverSpec {
        match read(text, &Limits::DEFAULT) {
            Ok(spec) => spec,
            Err(_) => panic!("{text:?} does not read"),
        }
    }

    fn read_err(text: &str) -> String {
        match read(text, &Limits::DEFAULT) {
            Err(ReadError::Semver(e, _)) => e.to_string(),
            Err(ReadError::Limit(e, _)) => panic!("{text:?}: {e}"),
            Ok(_) => panic!("{text:?} reads"),
        }
    }

    #[test]
    fn opm_read_file_cases() {
        let ok = read_ok(&fill("true", "true", "minor"));
        assert_eq!(ok.bundles[0].len(), 2);
        assert_eq!(ok.bundles[2][0].0, "quay.io/foo/olm:testoperator.v1.0.1");
        let unknown =
            fill("true", "true", "minor") + "invalid:\n    bundles:\n        - image: x\n";
        assert_eq!(
            read_err(&unknown),
            "error unmarshaling JSON: while decoding JSON: json: unknown field \"invalid\""
        );
        assert!(read_err(&fill("true", "false", "minor")).starts_with("schema attribute mismatch"));
        assert!(read_err(&fill("false", "true", "major")).starts_with("schema attribute mismatch"));
        assert_eq!(
            read_err(&fill("false", "true", "foo")),
            "unknown DefaultChannelTypePreference: \"foo\"\nValid values are 'major' or 'minor'"
        );
    }

    #[test]
    fn strictness_and_yaml_1_1() {
        let dup = "schema: olm.semver\nschema: olm.semver\n";
        assert_eq!(read_err(dup), "error converting YAML to JSON: yaml: unmarshal errors:\n  line 2: key \"schema\" already set in map");
        let s = read_ok("Schema: olm.semver\nGenerateMajorChannels: yes\nStable:\n  Bundles:\n  - Image: a:v1\n");
        assert!(s.generate_major && !s.generate_minor);
        assert_eq!(s.preference, Some(StreamKind::Major));
        assert_eq!(s.bundles[2][0].0, "a:v1");
        let bad = "schema: olm.semver\ngenerateMajorChannels: \"true\"\n";
        assert_eq!(read_err(bad), "error unmarshaling JSON: while decoding JSON: json: cannot unmarshal string into Go struct field SemverTemplateData.generateMajorChannels of type bool");
        assert_eq!(
            read_err("schema: olm.template.basic\n"),
            "readFile: input file has unknown schema, should be \"olm.semver\""
        );
    }
}
