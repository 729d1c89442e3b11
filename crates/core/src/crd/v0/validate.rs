//! A custom resource validated against a version's OpenAPI v3 schema as the API server applies
//! it: `type` (with `nullable` and `x-kubernetes-int-or-string`), `enum`, `required`,
//! `minimum`/`maximum` (exclusive or not), `multipleOf`, string and list lengths, `pattern`,
//! `uniqueItems`, property counts, `properties`, `additionalProperties`, `items`, `allOf`,
//! `anyOf`, `oneOf`, `not` ([spec/crd-safety.md §4.2](../../../../../docs/spec/crd-safety.md)).
//! Messages follow kube-openapi's wording; at most [`MAX_ERRORS`] are kept.

use serde_json::{Map, Value};

use crate::crd::gojson::{float_v, marshal, quote};

/// Errors kept for one resource.
pub const MAX_ERRORS: usize = 20;

/// The errors of `value` against `schema` (a normalized schema); empty when it validates.
///
/// # Complexity
/// O(n · s) for n values in the resource and schemas of s keys (regular expressions compiled
/// once per value checked, within a size limit).
pub fn validate(schema: &Value, value: &Value) -> Vec<String> {
    let mut errs = Vec::new();
    if let Some(s) = schema.as_object() {
        check(s, value, "", &mut errs);
    }
    errs
}

fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn shown(path: &str) -> &str {
    if path.is_empty() {
        "<root>"
    } else {
        path
    }
}

fn push(errs: &mut Vec<String>, e: String) {
    if errs.len() < MAX_ERRORS {
        errs.push(e);
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn type_ok(t: &str, v: &Value, int_or_string: bool) -> bool {
    if int_or_string {
        return matches!(type_name(v), "integer" | "string");
    }
    match t {
        "" => true,
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0),
        other => type_name(v) == other,
    }
}

fn check(s: &Map<String, Value>, v: &Value, path: &str, errs: &mut Vec<String>) {
    if errs.len() >= MAX_ERRORS {
        return;
    }
    let p = shown(path);
    let t = s.get("type").and_then(Value::as_str).unwrap_or_default();
    let int_or_string = s.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true));
    if v.is_null() {
        if s.get("nullable") != Some(&Value::Bool(true)) && !t.is_empty() {
            push(
                errs,
                format!("{p}: Invalid value: \"null\": {p} in body must be of type {t}: \"null\""),
            );
        }
        return;
    }
    if !type_ok(t, v, int_or_string) {
        let got = type_name(v);
        push(
            errs,
            format!(
                "{p}: Invalid value: {}: {p} in body must be of type {t}: {}",
                quote(got),
                quote(got)
            ),
        );
        return;
    }
    if let Some(Value::Array(allowed)) = s.get("enum") {
        let mine = marshal(v);
        if !allowed.iter().any(|a| marshal(a) == mine) {
            let list: Vec<String> = allowed.iter().map(marshal).collect();
            push(
                errs,
                format!(
                    "{p}: Unsupported value: {mine}: supported values: {}",
                    list.join(", ")
                ),
            );
        }
    }
    match v {
        Value::Number(n) => number(s, n.as_f64().unwrap_or_default(), p, errs),
        Value::String(text) => string(s, text, p, errs),
        Value::Array(items) => array(s, items, path, errs),
        Value::Object(map) => object(s, map, path, errs),
        _ => {}
    }
    combinators(s, v, path, errs);
}

fn bound(s: &Map<String, Value>, key: &str) -> Option<f64> {
    s.get(key).and_then(Value::as_f64)
}

fn number(s: &Map<String, Value>, f: f64, p: &str, errs: &mut Vec<String>) {
    let flag = |k: &str| s.get(k) == Some(&Value::Bool(true));
    if let Some(max) = bound(s, "maximum") {
        if f > max || (flag("exclusiveMaximum") && f == max) {
            let how = if flag("exclusiveMaximum") {
                "less than"
            } else {
                "less than or equal to"
            };
            push(
                errs,
                format!(
                    "{p}: Invalid value: {}: {p} in body should be {how} {}",
                    float_v(f),
                    float_v(max)
                ),
            );
        }
    }
    if let Some(min) = bound(s, "minimum") {
        if f < min || (flag("exclusiveMinimum") && f == min) {
            let how = if flag("exclusiveMinimum") {
                "greater than"
            } else {
                "greater than or equal to"
            };
            push(
                errs,
                format!(
                    "{p}: Invalid value: {}: {p} in body should be {how} {}",
                    float_v(f),
                    float_v(min)
                ),
            );
        }
    }
    if let Some(m) = bound(s, "multipleOf") {
        if m > 0.0 && (f / m).fract() != 0.0 {
            push(
                errs,
                format!(
                    "{p}: Invalid value: {}: {p} in body should be a multiple of {}",
                    float_v(f),
                    float_v(m)
                ),
            );
        }
    }
}

fn string(s: &Map<String, Value>, text: &str, p: &str, errs: &mut Vec<String>) {
    let len = text.chars().count() as f64;
    if let Some(max) = bound(s, "maxLength") {
        if len > max {
            push(
                errs,
                format!("{p}: Too long: may not be more than {} bytes", float_v(max)),
            );
        }
    }
    if let Some(min) = bound(s, "minLength") {
        if len < min {
            push(
                errs,
                format!(
                    "{p}: Invalid value: {}: {p} in body should be at least {} chars long",
                    quote(text),
                    float_v(min)
                ),
            );
        }
    }
    // Without the `crd-patterns` feature (the <olm-graph> element) `pattern` is not checked.
    #[cfg(feature = "crd-patterns")]
    if let Some(pattern) = s.get("pattern").and_then(Value::as_str) {
        let re = regex::RegexBuilder::new(pattern)
            .size_limit(1 << 20)
            .build();
        if let Ok(re) = re {
            if !re.is_match(text) {
                push(
                    errs,
                    format!(
                        "{p}: Invalid value: {}: {p} in body should match '{pattern}'",
                        quote(text)
                    ),
                );
            }
        }
    }
}

fn array(s: &Map<String, Value>, items: &[Value], path: &str, errs: &mut Vec<String>) {
    let p = shown(path);
    let n = items.len() as f64;
    if let Some(max) = bound(s, "maxItems") {
        if n > max {
            push(
                errs,
                format!(
                    "{p}: Too many: {}: must have at most {} items",
                    items.len(),
                    float_v(max)
                ),
            );
        }
    }
    if let Some(min) = bound(s, "minItems") {
        if n < min {
            push(
                errs,
                format!(
                    "{p}: Invalid value: {}: {p} in body should have at least {} items",
                    items.len(),
                    float_v(min)
                ),
            );
        }
    }
    if s.get("uniqueItems") == Some(&Value::Bool(true)) {
        let mut seen = std::collections::BTreeSet::new();
        if !items.iter().all(|i| seen.insert(marshal(i))) {
            push(
                errs,
                format!("{p}: Duplicate value: {p} in body shouldn't contain duplicates"),
            );
        }
    }
    if let Some(Value::Object(item)) = s.get("items") {
        for (i, v) in items.iter().enumerate() {
            check(item, v, &format!("{path}[{i}]"), errs);
        }
    }
}

fn object(s: &Map<String, Value>, map: &Map<String, Value>, path: &str, errs: &mut Vec<String>) {
    let p = shown(path);
    let n = map.len() as f64;
    if let Some(max) = bound(s, "maxProperties") {
        if n > max {
            push(
                errs,
                format!(
                    "{p}: Too many: {}: must have at most {} items",
                    map.len(),
                    float_v(max)
                ),
            );
        }
    }
    if let Some(min) = bound(s, "minProperties") {
        if n < min {
            push(
                errs,
                format!(
                    "{p}: Invalid value: {}: {p} in body should have at least {} properties",
                    map.len(),
                    float_v(min)
                ),
            );
        }
    }
    for r in s
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        if let Some(name) = r.as_str() {
            if !map.contains_key(name) {
                push(errs, format!("{}: Required value", child(path, name)));
            }
        }
    }
    let props = s.get("properties").and_then(Value::as_object);
    let extra = s.get("additionalProperties").and_then(Value::as_object);
    for (k, v) in map {
        match props.and_then(|ps| ps.get(k)).and_then(Value::as_object) {
            Some(ps) => check(ps, v, &child(path, k), errs),
            None => {
                if let Some(ap) = extra {
                    check(ap, v, &child(path, k), errs);
                }
            }
        }
    }
}

fn passes(s: &Value, v: &Value, path: &str) -> bool {
    let mut e = Vec::new();
    if let Some(m) = s.as_object() {
        check(m, v, path, &mut e);
    }
    e.is_empty()
}

fn combinators(s: &Map<String, Value>, v: &Value, path: &str, errs: &mut Vec<String>) {
    let p = shown(path);
    let list = |k: &str| {
        s.get(k)
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default()
    };
    for sub in list("allOf") {
        if let Some(m) = sub.as_object() {
            check(m, v, path, errs);
        }
    }
    let any = list("anyOf");
    if !any.is_empty() && !any.iter().any(|x| passes(x, v, path)) {
        push(
            errs,
            format!(
                "{p}: Invalid value: {}: {p} in body must match at least one schema (anyOf)",
                quote(&marshal(v))
            ),
        );
    }
    let one = list("oneOf");
    if !one.is_empty() && one.iter().filter(|x| passes(x, v, path)).count() != 1 {
        push(
            errs,
            format!(
                "{p}: Invalid value: {}: {p} in body must match exactly one schema (oneOf)",
                quote(&marshal(v))
            ),
        );
    }
    if let Some(not) = s.get("not") {
        if passes(not, v, path) {
            push(
                errs,
                format!(
                    "{p}: Invalid value: {}: {p} in body must not match the schema (not)",
                    quote(&marshal(v))
                ),
            );
        }
    }
}
