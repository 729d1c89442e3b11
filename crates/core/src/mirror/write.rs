//! Writing the kept catalog as FBC: every object of the input re-emitted as read, except what
//! the cut drops or changes (a channel's entries, the default channel, the deprecations).
//! Output is a JSON stream, 4-space indented like `opm render`.

use std::collections::{HashMap, HashSet};

use serde_json::{Map, Value};

use crate::change::fbc_write::deprecations_object;
use crate::change::WriteError;
use crate::load::{document_spans, yaml_value, InputFile};
use crate::model::Package;

/// A value by key, exactly or ignoring ASCII case (as opm reads `schema`, `package`, `name`).
fn get_str<'a>(obj: &'a Map<String, Value>, key: &str) -> &'a str {
    obj.get(key)
        .or_else(|| {
            obj.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|(_, v)| v)
        })
        .and_then(Value::as_str)
        .unwrap_or("")
}

fn set(obj: &mut Map<String, Value>, key: &str, value: Value) {
    let k = obj
        .keys()
        .find(|k| k.eq_ignore_ascii_case(key))
        .cloned()
        .unwrap_or_else(|| key.to_string());
    obj.insert(k, value);
}

/// The kept packages by name, and the deprecations already written.
struct Kept<'k> {
    packages: HashMap<&'k str, &'k Package>,
    bundles: HashMap<&'k str, HashSet<&'k str>>,
    wrote_deprecations: HashSet<String>,
}

impl Kept<'_> {
    /// What one object becomes: itself, itself changed, or nothing.
    fn object(&mut self, mut value: Value) -> Option<Value> {
        let Some(obj) = value.as_object_mut() else {
            return Some(value);
        };
        let schema = get_str(obj, "schema").to_string();
        let name = get_str(obj, "name").to_string();
        let package = match schema.as_str() {
            "olm.package" => name.clone(),
            _ => get_str(obj, "package").to_string(),
        };
        if package.is_empty() {
            return Some(value);
        }
        let pkg = *self.packages.get(package.as_str())?;
        match schema.as_str() {
            "olm.package" => {
                if let Some(d) = &pkg.default_channel {
                    set(obj, "defaultChannel", Value::String(d.clone()));
                }
            }
            "olm.channel" => {
                let ch = pkg.channel(&name)?;
                set(
                    obj,
                    "entries",
                    serde_json::to_value(&ch.entries).unwrap_or(Value::Null),
                );
            }
            "olm.bundle" => {
                self.bundles.get(package.as_str())?.get(name.as_str())?;
            }
            "olm.deprecations" => {
                if !self.wrote_deprecations.insert(package.clone()) {
                    return None;
                }
                return deprecations_object(&package, &pkg.deprecations);
            }
            _ => {}
        }
        Some(value)
    }
}

/// Writes the catalog of `files` cut down to `kept` (the packages the mirror keeps, each with
/// its kept channels, bundles and deprecations). Refuses when a document cannot be read: the
/// output would lose it.
///
/// # Complexity
/// O(N + K) expected for N bytes of input and K kept bundles.
pub fn write_kept(files: &[InputFile], kept: &[Package]) -> Result<String, WriteError> {
    let mut state = Kept {
        packages: kept.iter().map(|p| (p.name.as_str(), p)).collect(),
        bundles: kept
            .iter()
            .map(|p| {
                (
                    p.name.as_str(),
                    p.bundles.iter().map(|b| b.name.as_str()).collect(),
                )
            })
            .collect(),
        wrote_deprecations: HashSet::new(),
    };
    let mut text = String::new();
    let mut emit = |v: &Value| -> Result<(), WriteError> {
        let mut buf = Vec::new();
        let fmt = serde_json::ser::PrettyFormatter::with_indent(b"    ");
        let mut ser = serde_json::Serializer::with_formatter(&mut buf, fmt);
        serde::Serialize::serialize(v, &mut ser).map_err(|e| WriteError::Json {
            message: e.to_string(),
        })?;
        text.push_str(&String::from_utf8_lossy(&buf));
        text.push('\n');
        Ok(())
    };
    for f in files.iter().filter(|f| !f.path.ends_with(".indexignore")) {
        for (span, ok) in document_spans(&f.path, &f.text) {
            let doc = &f.text[span.0..span.1];
            let value = ok.then(|| parse_doc(doc)).flatten();
            let Some(value) = value else {
                return Err(WriteError::UnreadableDocument {
                    file: f.path.clone(),
                    byte: span.0,
                });
            };
            if let Some(v) = state.object(value) {
                emit(&v)?;
            }
        }
    }
    for p in kept {
        if !state.wrote_deprecations.contains(&p.name) {
            if let Some(v) = deprecations_object(&p.name, &p.deprecations) {
                emit(&v)?;
            }
        }
    }
    Ok(text)
}

fn parse_doc(text: &str) -> Option<Value> {
    let t = text.trim_start();
    if t.starts_with('{') {
        serde_json::from_str(t).ok()
    } else {
        yaml_value(text)
    }
}
