//! The fail-closed `unhandled` check: whatever differs between two versions of a property once
//! every other check has taken its fields, condensed as operator-controller condenses crdify's
//! diff: `unhandled changes found (Format "" -> "email")`
//! ([spec/crd-safety.md §3.6](../../../../../docs/spec/crd-safety.md)).

use serde_json::{Map, Value};

use crate::crd::gojson::{float_v, quote};
use crate::crd::schema::{Field, FIELDS};

type Schema = Map<String, Value>;

/// The message when `a` and `b` still differ; `None` when they are equal.
///
/// # Complexity
/// O(size of both).
pub(crate) fn unhandled(a: &Schema, b: &Schema) -> Option<String> {
    if a == b {
        return None;
    }
    let mut details = Vec::new();
    for (key, go_name, kind) in FIELDS {
        let (old, new) = (a.get(*key), b.get(*key));
        if old == new {
            continue;
        }
        let (before, after) = (render(*kind, old), render(*kind, new));
        if before == after {
            details.push(format!("{go_name} {before} -> {after} (changed)"));
        } else {
            details.push(format!("{go_name} {before} -> {after}"));
        }
    }
    Some(if details.is_empty() {
        "unhandled changes found".to_string()
    } else {
        format!("unhandled changes found ({})", details.join("; "))
    })
}

/// A field's value as go-cmp prints it, after operator-controller's clean-up (schemas become
/// `<complex value>`).
fn render(kind: Field, v: Option<&Value>) -> String {
    match (kind, v) {
        (Field::Str, v) => quote(v.and_then(Value::as_str).unwrap_or_default()),
        (Field::Bool, v) => v.and_then(Value::as_bool).unwrap_or(false).to_string(),
        (_, None) => "nil".into(),
        (Field::PtrScalar, Some(Value::String(s))) => format!("&{}", quote(s)),
        (Field::PtrScalar, Some(v)) => format!("&{v}"),
        (Field::Float, Some(v)) => format!("&{}", float_v(v.as_f64().unwrap_or_default())),
        (Field::Int, Some(v)) => format!("&{v}"),
        (Field::StrList, Some(Value::Array(items))) => {
            let shown: Vec<String> = items
                .iter()
                .map(|i| quote(i.as_str().unwrap_or_default()))
                .collect();
            format!("[]string{{{}}}", shown.join(", "))
        }
        _ => "<complex value>".into(),
    }
}
