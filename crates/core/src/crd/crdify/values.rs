//! crdify's checks of a property's values: `default` (added, removed or changed), `enum` (a
//! constraint added or values removed; additions are allowed under OLM's configuration) and
//! `oneOf` (a constraint added, schemas removed or added)
//! ([spec/crd-safety.md §3.4](../../../../../docs/spec/crd-safety.md)).

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use crate::crd::gojson::{marshal, quote};

type Schema = Map<String, Value>;

/// `default`: compared as Go's encoder writes it.
pub(crate) fn default(a: &mut Schema, b: &mut Schema) -> Option<String> {
    let old = a.remove("default").map(|v| marshal(&v));
    let new = b.remove("default").map(|v| marshal(&v));
    match (old, new) {
        (None, Some(n)) => Some(format!(
            "default added when there was none previously : {}",
            quote(&n)
        )),
        (Some(o), None) => Some(format!("default value removed : {}", quote(&o))),
        (Some(o), Some(n)) if o != n => Some(format!(
            "default value changed : {} -> {}",
            quote(&o),
            quote(&n)
        )),
        _ => None,
    }
}

/// The values of a list field, each as Go's encoder writes it.
fn set_of(s: &mut Schema, key: &str) -> BTreeSet<String> {
    match s.remove(key) {
        Some(Value::Array(items)) => items.iter().map(marshal).collect(),
        _ => BTreeSet::new(),
    }
}

fn list(values: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", values.into_iter().collect::<Vec<_>>().join(" "))
}

/// `enum`: a constraint where there was none, or values removed.
pub(crate) fn enumeration(a: &mut Schema, b: &mut Schema) -> Option<String> {
    let (old, new) = (set_of(a, "enum"), set_of(b, "enum"));
    if old.is_empty() && !new.is_empty() {
        return Some(format!(
            "enum constraint added when there was none previously : {}",
            list(new)
        ));
    }
    let removed: Vec<String> = old.difference(&new).cloned().collect();
    (!removed.is_empty()).then(|| format!("allowed enum values removed : {}", list(removed)))
}

/// `oneOf`: a constraint where there was none, schemas removed, or schemas added.
pub(crate) fn one_of(a: &mut Schema, b: &mut Schema) -> Option<String> {
    let (old, new) = (set_of(a, "oneOf"), set_of(b, "oneOf"));
    if old.is_empty() && !new.is_empty() {
        return Some(format!("oneOf constraint added : {}", list(new)));
    }
    let removed: Vec<String> = old.difference(&new).cloned().collect();
    if !removed.is_empty() {
        return Some(format!("allowed oneOf schemas removed : {}", list(removed)));
    }
    let added: Vec<String> = new.difference(&old).cloned().collect();
    (!added.is_empty()).then(|| format!("allowed oneOf schemas added : {}", list(added)))
}
