//! crdify's checks of a property's shape: `required` (new required fields), `type`,
//! `description` (run, never enforced under OLM's configuration), `pattern` (added, removed or
//! changed) and `nullable` (added or removed)
//! ([spec/crd-safety.md §3.5](../../../../../docs/spec/crd-safety.md)).

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::crd::gojson::quote;

type Schema = Map<String, Value>;

fn text(s: &mut Schema, key: &str) -> String {
    match s.remove(key) {
        Some(Value::String(t)) => t,
        _ => String::new(),
    }
}

/// `required`: names the new schema requires that the old one did not.
pub(crate) fn required(a: &mut Schema, b: &mut Schema) -> Option<String> {
    let names = |s: &mut Schema| -> BTreeSet<String> {
        match s.remove("required") {
            Some(Value::Array(v)) => v
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect(),
            _ => BTreeSet::new(),
        }
    };
    let (old, new) = (names(a), names(b));
    let added: Vec<&String> = new.difference(&old).collect();
    (!added.is_empty()).then(|| {
        let shown: Vec<&str> = added.iter().map(|s| s.as_str()).collect();
        format!("new required fields: [{}]", shown.join(" "))
    })
}

/// `type`: any change.
pub(crate) fn type_(a: &mut Schema, b: &mut Schema) -> Option<String> {
    let (old, new) = (text(a, "type"), text(b, "type"));
    (old != new).then(|| format!("type changed : {} -> {}", quote(&old), quote(&new)))
}

/// `description`: handled, never an error (OLM does not enforce it).
pub(crate) fn description(a: &mut Schema, b: &mut Schema) -> Option<String> {
    a.remove("description");
    b.remove("description");
    None
}

/// `pattern`: added, removed or changed.
pub(crate) fn pattern(a: &mut Schema, b: &mut Schema) -> Option<String> {
    let (old, new) = (text(a, "pattern"), text(b, "pattern"));
    let what = match (old.is_empty(), new.is_empty()) {
        _ if old == new => return None,
        (true, false) => "pattern added",
        (false, true) => "pattern removed",
        _ => "pattern changed",
    };
    Some(format!("{what} : {} -> {}", quote(&old), quote(&new)))
}

/// `nullable`: added or removed.
pub(crate) fn nullable(a: &mut Schema, b: &mut Schema) -> Option<String> {
    let flag = |s: &mut Schema| {
        s.remove("nullable")
            .and_then(|v| v.as_bool())
            .unwrap_or(false)
    };
    match (flag(a), flag(b)) {
        (false, true) => Some("nullable added : false -> true".into()),
        (true, false) => Some("nullable removed : true -> false".into()),
        _ => None,
    }
}
