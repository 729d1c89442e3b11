//! Compact JSON as Go's `encoding/json` prints it (opm's messages quote objects this way).

use std::fmt::Write as _;

use serde_json::Value;

/// Compact JSON as Go writes it (keys in map order, Go string escapes).
///
/// # Complexity
/// O(size of the value).
pub(crate) fn compact(v: &Value) -> String {
    let mut out = String::new();
    compact_into(v, &mut out);
    out
}

fn compact_into(v: &Value, out: &mut String) {
    match v {
        Value::Array(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                compact_into(x, out);
            }
            out.push(']');
        }
        Value::Object(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(k, out);
                out.push(':');
                compact_into(x, out);
            }
            out.push('}');
        }
        scalar => write_scalar(scalar, out),
    }
}

/// # Complexity
/// O(length of the scalar).
pub(crate) fn write_scalar(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => {
                let _ = write!(out, "{i}");
            }
            (_, Some(u), _) => {
                let _ = write!(out, "{u}");
            }
            (_, _, Some(f)) => out.push_str(&go_float(f)),
            _ => out.push_str(&n.to_string()),
        },
        Value::String(s) => write_string(s, out),
        Value::Array(_) | Value::Object(_) => out.push_str(&compact(v)),
    }
}

/// A float as Go's `encoding/json` writes it: plain decimals between 1e-6 and 1e21, else an
/// exponent with a sign (`1e+21`, `1.5e-7`).
fn go_float(f: f64) -> String {
    let a = f.abs();
    if a == 0.0 || (1e-6..1e21).contains(&a) {
        return format!("{f}");
    }
    let e = format!("{f:e}");
    match e.split_once('e') {
        Some((m, exp)) if !exp.starts_with('-') => format!("{m}e+{exp}"),
        _ => e,
    }
}

/// A string escaped as Go's encoder does with HTML escaping off.
///
/// # Complexity
/// O(length of the string).
pub(crate) fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn go_number_and_string_forms() {
        assert_eq!(go_float(1.5), "1.5");
        assert_eq!(go_float(1e21), "1e+21");
        assert_eq!(go_float(1.5e-7), "1.5e-7");
        let mut out = String::new();
        write_string("a<b>\u{2028}\u{1}\u{8}", &mut out);
        assert_eq!(out, "\"a<b>\\u2028\\u0001\\b\"");
        assert_eq!(
            compact(&json!({"b": [1, "x"], "a": null})),
            "{\"a\":null,\"b\":[1,\"x\"]}"
        );
    }
}
