//! A version's schema flattened to its property paths (`^.spec.foo.items`), as crdify walks
//! it ([spec/crd-safety.md §3.2](../../../../../docs/spec/crd-safety.md)).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

/// Every schema of `root` by its simple path: the root is `^`, a property `.name`, `items`
/// `.items` (or `.items[i]`), `allOf`/`anyOf`/`oneOf` `.allOf[i]`, `not` `.not`,
/// `additionalProperties` and `additionalItems` by name, `patternProperties`, `definitions` and
/// `dependencies` `.<field>[key]`. Of two schemas with one path, the last walked wins.
///
/// # Complexity
/// O(S · p) for S schemas and paths of length p.
pub fn flatten(root: &Value) -> BTreeMap<String, &Map<String, Value>> {
    let mut out = BTreeMap::new();
    walk(root, "^".to_string(), &mut out);
    out
}

fn walk<'v>(s: &'v Value, path: String, out: &mut BTreeMap<String, &'v Map<String, Value>>) {
    let Some(map) = s.as_object() else {
        return;
    };
    match map.get("items") {
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, format!("{path}.items[{i}]"), out);
            }
        }
        Some(item @ Value::Object(_)) => walk(item, format!("{path}.items"), out),
        _ => {}
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        for (i, item) in map
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            walk(item, format!("{path}.{key}[{i}]"), out);
        }
    }
    if let Some(not) = map.get("not") {
        walk(not, format!("{path}.not"), out);
    }
    for (name, p) in map
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        walk(p, format!("{path}.{name}"), out);
    }
    if let Some(ap) = map.get("additionalProperties") {
        walk(ap, format!("{path}.additionalProperties"), out);
    }
    for key in ["patternProperties"] {
        for (k, p) in map
            .get(key)
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            walk(p, format!("{path}.{key}[{k}]"), out);
        }
    }
    if let Some(ai) = map.get("additionalItems") {
        walk(ai, format!("{path}.additionalItems"), out);
    }
    for key in ["definitions", "dependencies"] {
        for (k, p) in map
            .get(key)
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            walk(p, format!("{path}.{key}[{k}]"), out);
        }
    }
    out.insert(path, map);
}

/// The keys compared at a path: a schema's own, without its `properties` and `items` (their
/// schemas have paths of their own).
pub fn is_child_key(key: &str) -> bool {
    key == "properties" || key == "items"
}

/// Two schemas equal apart from their children.
///
/// # Complexity
/// O(size of both, children excluded).
pub fn same_apart_from_children(a: &Map<String, Value>, b: &Map<String, Value>) -> bool {
    let own = |m: &Map<String, Value>| m.iter().filter(|(k, _)| !is_child_key(k)).count();
    own(a) == own(b)
        && a.iter()
            .filter(|(k, _)| !is_child_key(k))
            .all(|(k, v)| b.get(k) == Some(v))
}

/// A schema's copy without its children.
pub fn without_children(m: &Map<String, Value>) -> Map<String, Value> {
    m.iter()
        .filter(|(k, _)| !is_child_key(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}
