//! Writing the kept catalog as FBC: every object of the input re-emitted as read, except what
//! the cut drops or changes (a channel's entries, the default channel, the deprecations).
//! Output is a JSON stream, 4-space indented like `opm render`.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::change::fbc_write::{
    deprecations_object, get_str, json_stream, rewrite_documents, set_key,
};
use crate::change::WriteError;
use crate::load::InputFile;
use crate::model::Package;

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
                    set_key(obj, "defaultChannel", Value::String(d.clone()));
                }
            }
            "olm.channel" => {
                let ch = pkg.channel(&name)?;
                set_key(
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
    let mut out = rewrite_documents(files, |value| state.object(value))?;
    for p in kept {
        if !state.wrote_deprecations.contains(&p.name) {
            out.extend(deprecations_object(&p.name, &p.deprecations));
        }
    }
    json_stream(&out)
}
