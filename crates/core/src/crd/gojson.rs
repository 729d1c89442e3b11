//! Values printed as operator-controller prints them: JSON as Go's `json.Marshal` writes it
//! (compact, keys sorted, `<`, `>`, `&` escaped), numbers with Go's `%v`, strings with `%q`,
//! and Kubernetes' version order ([spec/crd-safety.md §3.6](../../../../docs/spec/crd-safety.md)).

use std::cmp::Ordering;
use std::fmt::Write as _;

use serde_json::Value;

use crate::sort::SortWith;

/// `v` as Go's `json.Marshal` writes a decoded value: compact, object keys sorted.
///
/// # Complexity
/// O(n log k) for n bytes of output and objects of at most k keys.
pub fn marshal(v: &Value) -> String {
    let mut out = String::new();
    write_json(v, &mut out);
    out
}

fn write_json(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&json_number(n)),
        Value::String(s) => json_string(s, out),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_ord();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                json_string(k, out);
                out.push(':');
                write_json(&map[k], out);
            }
            out.push('}');
        }
    }
}

/// A number as Go's encoder writes a float64 (`1`, `1.5`, `1e+21`, `1e-07`).
fn json_number(n: &serde_json::Number) -> String {
    if n.is_i64() || n.is_u64() {
        return n.to_string();
    }
    let f = n.as_f64().unwrap_or_default();
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        return exponent(f, 2);
    }
    if f.fract() == 0.0 {
        format!("{f:.0}")
    } else {
        format!("{f}")
    }
}

/// `f` in Go's shortest exponent form with at least `digits` exponent digits (`1e+06`).
fn exponent(f: f64, digits: usize) -> String {
    let s = format!("{f:e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let (sign, exp) = match exp.strip_prefix('-') {
        Some(e) => ('-', e),
        None => ('+', exp),
    };
    format!("{mantissa}e{sign}{exp:0>digits$}")
}

fn json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A float64 as Go's `%v` prints it: shortest digits, exponent form below 1e-4 and from 1e+06
/// (`20.5`, `10`, `123456`, `1e+06`).
pub fn float_v(f: f64) -> String {
    if f == 0.0 {
        return "0".into();
    }
    if !f.is_finite() {
        return if f.is_nan() {
            "NaN".into()
        } else if f > 0.0 {
            "+Inf".into()
        } else {
            "-Inf".into()
        };
    }
    let exp = f.abs().log10().floor() as i32;
    if !(-4..6).contains(&exp) {
        return exponent(f, 2);
    }
    if f.fract() == 0.0 {
        format!("{f:.0}")
    } else {
        format!("{f}")
    }
}

/// A string as Go's `%q` prints it.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Kubernetes' version order (`v1alpha1 < v1beta1 < v1 < v2`): names of the form
/// `v<major>[alpha|beta<minor>]` after every other name, those among themselves in reverse
/// string order.
pub fn kube_version_cmp(a: &str, b: &str) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    match (kube_version(a), kube_version(b)) {
        (None, None) => b.cmp(a),
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => (x.1, x.0, x.2).cmp(&(y.1, y.0, y.2)),
    }
}

/// (major, stability: 0 alpha, 1 beta, 2 GA, minor).
fn kube_version(s: &str) -> Option<(u64, u8, u64)> {
    let rest = s.strip_prefix('v')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let major = rest[..digits].parse().ok()?;
    let tail = &rest[digits..];
    if tail.is_empty() {
        return Some((major, 2, 0));
    }
    let (stability, minor) = if let Some(m) = tail.strip_prefix("alpha") {
        (0, m)
    } else if let Some(m) = tail.strip_prefix("beta") {
        (1, m)
    } else {
        return None;
    };
    if minor.is_empty() || !minor.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((major, stability, minor.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_formats() {
        assert_eq!(float_v(20.5), "20.5");
        assert_eq!(float_v(10.0), "10");
        assert_eq!(float_v(1e6), "1e+06");
        assert_eq!(float_v(123456.0), "123456");
        let v: Value = serde_json::json!({"b": "x", "a": 1, "c": "<"});
        assert_eq!(marshal(&v), r#"{"a":1,"b":"x","c":"\u003c"}"#);
        assert_eq!(quote("a\"b"), r#""a\"b""#);
        assert_eq!(kube_version_cmp("v1alpha1", "v1"), Ordering::Less);
        assert_eq!(kube_version_cmp("v2alpha1", "v1"), Ordering::Less);
        assert_eq!(kube_version_cmp("v1beta1", "v1alpha2"), Ordering::Greater);
        assert_eq!(kube_version_cmp("foo", "v1"), Ordering::Less);
    }
}
