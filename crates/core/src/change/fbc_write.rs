//! The one FBC writer: the documents of the input files read once as JSON
//! ([`input_documents`]), each one re-emitted as it was read except what a change touches
//! ([`rewrite_documents`]), and the objects written as a JSON stream, 4-space indented like
//! `opm render` ([`json_stream`]). Deprecate-and-truncate writes a truncated package back out
//! with it ([`write_truncated`]); the mirror writes its kept catalog, and the embed snippet its
//! inline catalog, over the same documents.

use serde_json::{json, Map, Value};

use super::truncate::TruncateReport;
use crate::load::{document_values, InputFile};
use crate::model::{Deprecations, Package};

/// A value by key, exactly or ignoring ASCII case (as opm reads `schema`, `package`, `name`).
fn get<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    obj.get(key).or_else(|| {
        obj.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v)
    })
}

/// A string by key, exactly or ignoring ASCII case; empty when absent or not a string.
pub(crate) fn get_str<'a>(obj: &'a Map<String, Value>, key: &str) -> &'a str {
    get(obj, key).and_then(Value::as_str).unwrap_or("")
}

/// Sets `key` (under the spelling the object already uses for it, ignoring ASCII case).
pub(crate) fn set_key(obj: &mut Map<String, Value>, key: &str, value: Value) {
    let k = obj
        .keys()
        .find(|k| k.eq_ignore_ascii_case(key))
        .cloned()
        .unwrap_or_else(|| key.to_string());
    obj.insert(k, value);
}

/// One document of the input: its file, its first byte, and its object as JSON (`None` when
/// the loader cannot read it as a catalog object).
pub(crate) struct InputDocument<'f> {
    pub file: &'f InputFile,
    pub byte: usize,
    pub value: Option<Value>,
}

/// Every document of `files` in order (`.indexignore` files left out), each read once.
///
/// # Complexity
/// O(N) for N bytes of input.
pub(crate) fn input_documents(files: &[InputFile]) -> impl Iterator<Item = InputDocument<'_>> {
    files
        .iter()
        .filter(|f| !f.path.ends_with(".indexignore"))
        .flat_map(|file| {
            document_values(&file.path, &file.text)
                .into_iter()
                .map(move |(byte, value)| InputDocument { file, byte, value })
        })
}

/// Every document of `files` through `edit` (itself, itself changed, or nothing), in order.
/// Refuses when a document cannot be read: the output would lose it.
///
/// # Complexity
/// O(N) for N bytes of input, plus what `edit` costs.
pub(crate) fn rewrite_documents(
    files: &[InputFile],
    mut edit: impl FnMut(Value) -> Option<Value>,
) -> Result<Vec<Value>, WriteError> {
    let mut out = Vec::new();
    for doc in input_documents(files) {
        let Some(value) = doc.value else {
            return Err(WriteError::UnreadableDocument {
                file: doc.file.path.clone(),
                byte: doc.byte,
            });
        };
        out.extend(edit(value));
    }
    Ok(out)
}

/// Objects as a JSON stream, each 4-space indented and followed by a newline, as `opm render`
/// writes them.
///
/// # Complexity
/// O(S) for S bytes written.
pub fn json_stream<'v>(values: impl IntoIterator<Item = &'v Value>) -> Result<String, WriteError> {
    let mut text = String::new();
    for v in values {
        let mut buf = Vec::new();
        let fmt = serde_json::ser::PrettyFormatter::with_indent(b"    ");
        let mut ser = serde_json::Serializer::with_formatter(&mut buf, fmt);
        serde::Serialize::serialize(v, &mut ser).map_err(|e| WriteError::Json {
            message: e.to_string(),
        })?;
        text.push_str(&String::from_utf8_lossy(&buf));
        text.push('\n');
    }
    Ok(text)
}

/// The `olm.deprecations` object of a package, or `None` when it has no entry.
///
/// # Complexity
/// O(D) for D deprecation entries.
pub fn deprecations_object(package: &str, d: &Deprecations) -> Option<Value> {
    let mut entries = Vec::new();
    if let Some(m) = &d.package {
        entries.push(json!({"reference": {"schema": "olm.package"}, "message": m}));
    }
    for (c, m) in &d.channels {
        entries.push(json!({"reference": {"schema": "olm.channel", "name": c}, "message": m}));
    }
    for (b, m) in &d.bundles {
        entries.push(json!({"reference": {"schema": "olm.bundle", "name": b}, "message": m}));
    }
    (!entries.is_empty())
        .then(|| json!({"schema": "olm.deprecations", "package": package, "entries": entries}))
}

/// Why a changed catalog could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteError {
    /// A document of the input cannot be read: the output would lose it.
    UnreadableDocument {
        /// The input file.
        file: String,
        /// Where the document starts in it (a byte offset).
        byte: usize,
    },
    /// An object of the rewritten catalog could not be written as JSON.
    Json {
        /// serde_json's error.
        message: String,
    },
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::UnreadableDocument { file, byte } => write!(
                f,
                "{file}: a document at byte {byte} cannot be read; fix it before rewriting the catalog"
            ),
            WriteError::Json { message } => {
                write!(f, "an object of the rewritten catalog cannot be written as JSON: {message}")
            }
        }
    }
}

impl std::error::Error for WriteError {}

/// What a rewrite needs to know, and whether the package's deprecations were written yet.
struct Rewrite<'r> {
    report: &'r TruncateReport,
    new_pkg: &'r Package,
    wrote_deprecations: bool,
}

impl Rewrite<'_> {
    /// The objects one document becomes: itself, itself changed, the package's deprecations,
    /// or nothing.
    fn object(&mut self, mut value: Value) -> Option<Value> {
        let pkg = self.report.package.as_str();
        let Some(obj) = value.as_object_mut() else {
            return Some(value);
        };
        let schema = get_str(obj, "schema").to_string();
        let name = get_str(obj, "name").to_string();
        let belongs = match schema.as_str() {
            "olm.package" => name == pkg,
            _ => get_str(obj, "package") == pkg,
        };
        if !belongs {
            return Some(value);
        }
        if self.report.package_removed {
            return None;
        }
        match schema.as_str() {
            "olm.channel" => {
                let ch = self.new_pkg.channel(&name)?;
                let key = obj
                    .keys()
                    .find(|k| k.eq_ignore_ascii_case("entries"))
                    .cloned()
                    .unwrap_or_else(|| "entries".into());
                obj.insert(
                    key,
                    serde_json::to_value(&ch.entries).unwrap_or(Value::Null),
                );
            }
            "olm.bundle" => {
                let b = self.new_pkg.bundle(&name)?;
                if name == self.report.bundle && b.legacy_deprecated {
                    add_legacy_property(obj);
                }
            }
            "olm.deprecations" => {
                if self.wrote_deprecations {
                    return None;
                }
                self.wrote_deprecations = true;
                return deprecations_object(pkg, &self.new_pkg.deprecations);
            }
            _ => {}
        }
        Some(value)
    }
}

/// Adds `olm.deprecated` to a bundle's properties, once.
fn add_legacy_property(obj: &mut Map<String, Value>) {
    if let Some(Value::Array(props)) = obj
        .iter_mut()
        .find(|(k, _)| k.eq_ignore_ascii_case("properties"))
        .map(|(_, v)| v)
    {
        if !props
            .iter()
            .any(|p| p.get("type").and_then(Value::as_str) == Some("olm.deprecated"))
        {
            props.push(json!({"type": "olm.deprecated", "value": {}}));
        }
    }
}

/// Writes the catalog of `files` with the truncation of `report` applied (`new_pkg` is the
/// package after it). Refuses when a document cannot be read: the output would lose it.
///
/// # Complexity
/// O(N + P log P) for N bytes of input and P objects of the package (each looked up by name).
pub fn write_truncated(
    files: &[InputFile],
    report: &TruncateReport,
    new_pkg: &Package,
) -> Result<String, WriteError> {
    let mut rewrite = Rewrite {
        report,
        new_pkg,
        wrote_deprecations: false,
    };
    let mut out = rewrite_documents(files, |value| rewrite.object(value))?;
    if !rewrite.wrote_deprecations && !report.package_removed {
        out.extend(deprecations_object(&report.package, &new_pkg.deprecations));
    }
    json_stream(&out)
}
