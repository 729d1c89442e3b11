//! How the pipeline's Python prints and tests the values it reads from YAML, so that the
//! messages come out as the pipeline writes them (spec/preflight.md §5.2): `repr()` (quoted
//! strings, `True`, `None`, `['a', 'b']`), `str()` and truthiness.

use serde_json::Value;

/// Python's `repr()` of a string: single quotes unless the string holds a single quote and no
/// double quote; backslashes, the quote and control characters escaped.
fn repr_str(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// Python's `repr()` of a number: integers as they are, floats with a `.0` when whole.
fn repr_number(n: &serde_json::Number) -> String {
    match n.as_f64() {
        Some(f) if n.is_f64() => {
            if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e16 {
                format!("{f:.1}")
            } else {
                format!("{f}")
            }
        }
        _ => n.to_string(),
    }
}

/// Python's `repr()` of a value read from YAML.
///
/// # Complexity
/// O(n) in the size of the value.
pub(super) fn repr(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Number(n) => repr_number(n),
        Value::String(s) => repr_str(s),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(repr).collect();
            format!("[{}]", parts.join(", "))
        }
        Value::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", repr_str(k), repr(v)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

/// Python's `repr()` of a list of strings: `['a', 'b']`.
pub(super) fn repr_strs<S: AsRef<str>>(items: &[S]) -> String {
    let parts: Vec<String> = items.iter().map(|s| repr_str(s.as_ref())).collect();
    format!("[{}]", parts.join(", "))
}

/// Python's `str()`: a string as it is, anything else as its `repr()`.
pub(super) fn str_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => repr(other),
    }
}

/// Python's truthiness: `None`, `False`, zero and empty strings, lists and mappings are false.
pub(super) fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(m) => !m.is_empty(),
    }
}

/// `value.get(key)` on a mapping; nothing for anything else.
pub(super) fn get<'v>(v: &'v Value, key: &str) -> Option<&'v Value> {
    v.as_object().and_then(|m| m.get(key))
}

/// `config.get("fbc", {}).get("enabled", False)`, read as Python tests it.
pub(super) fn fbc_enabled(config: &Value) -> bool {
    get(config, "fbc")
        .and_then(|f| get(f, "enabled"))
        .is_some_and(truthy)
}
