//! Template documents as trees with positions, and go-yaml v2's reading of plain scalars.
//!
//! opm reads templates through `sigs.k8s.io/yaml` (go-yaml v2), so plain scalars follow YAML 1.1:
//! `yes`/`no`/`on`/`off` are booleans, `0755` is octal, `1_000` is a number. A document is read
//! (`read.rs`, with granit-parser's events) into a small tree that keeps each node's line and
//! column, key order and duplicate keys (the strict semver reader reports them); plain scalars
//! are resolved here with go-yaml v2's rules.

use serde_json::{Map, Number, Value};

/// A 1-based line and column in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Pos {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// One node of a document.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Node {
    pub(crate) pos: Pos,
    pub(crate) value: NodeValue,
}

/// A node's content, scalars already resolved (YAML 1.1, as go-yaml v2).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum NodeValue {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Node>),
    /// Keys in document order, duplicates kept.
    Map(Vec<MapEntry>),
}

/// One key of a mapping.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MapEntry {
    pub(crate) key: String,
    pub(crate) key_pos: Pos,
    pub(crate) value: Node,
}

impl Node {
    /// The mapping's entries, when the node is a mapping.
    ///
    /// # Complexity
    /// O(1).
    pub(crate) fn as_map(&self) -> Option<&[MapEntry]> {
        match &self.value {
            NodeValue::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The string, when the node is a string.
    ///
    /// # Complexity
    /// O(1).
    pub(crate) fn as_str(&self) -> Option<&str> {
        match &self.value {
            NodeValue::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The value of the last key equal to `key`, or else equal ignoring ASCII case (as Go's
    /// `encoding/json` fills a struct field: the last matching key wins).
    ///
    /// # Complexity
    /// O(k) for a mapping of k keys.
    pub(crate) fn get(&self, key: &str) -> Option<&Node> {
        let map = self.as_map()?;
        map.iter()
            .rev()
            .find(|e| e.key == key)
            .or_else(|| map.iter().rev().find(|e| e.key.eq_ignore_ascii_case(key)))
            .map(|e| &e.value)
    }

    /// The node as JSON, as `sigs.k8s.io/yaml` converts it: duplicate keys keep the last value,
    /// whole floats become integers (Go decodes every number into a float64).
    ///
    /// # Complexity
    /// O(s log k) for a tree of s nodes and mappings of at most k keys; recursive, so its depth
    /// is the reader's depth limit.
    pub(crate) fn to_json(&self) -> Value {
        match &self.value {
            NodeValue::Null => Value::Null,
            NodeValue::Bool(b) => Value::Bool(*b),
            NodeValue::Int(i) => Value::Number((*i).into()),
            NodeValue::Float(f) => float_json(*f),
            NodeValue::Str(s) => Value::String(s.clone()),
            NodeValue::Seq(items) => Value::Array(items.iter().map(Node::to_json).collect()),
            NodeValue::Map(entries) => {
                let mut m = Map::new();
                for e in entries {
                    m.insert(e.key.clone(), e.value.to_json());
                }
                Value::Object(m)
            }
        }
    }

    /// What Go's `encoding/json` calls this kind of value in its type errors.
    ///
    /// # Complexity
    /// O(1).
    pub(crate) fn go_kind(&self) -> &'static str {
        match &self.value {
            NodeValue::Null => "null",
            NodeValue::Bool(_) => "bool",
            NodeValue::Int(_) | NodeValue::Float(_) => "number",
            NodeValue::Str(_) => "string",
            NodeValue::Seq(_) => "array",
            NodeValue::Map(_) => "object",
        }
    }
}

fn float_json(f: f64) -> Value {
    if f.fract() == 0.0 && f.abs() < 9.0e15 {
        // Exact: |f| < 2^53.
        return Value::Number((f as i64).into());
    }
    Number::from_f64(f).map_or_else(|| Value::String(f.to_string()), Value::Number)
}

/// A mapping key as `sigs.k8s.io/yaml` turns it into a JSON key.
///
/// # Complexity
/// O(length of the key).
pub(crate) fn key_text(node: &Node) -> String {
    match &node.value {
        NodeValue::Null => "null".into(),
        NodeValue::Bool(b) => b.to_string(),
        NodeValue::Int(i) => i.to_string(),
        NodeValue::Float(f) => f.to_string(),
        NodeValue::Str(s) => s.clone(),
        NodeValue::Seq(_) | NodeValue::Map(_) => node.to_json().to_string(),
    }
}

/// A scalar as go-yaml v2 reads it: quoted, block and `!!str` scalars are strings; plain ones
/// are resolved.
///
/// # Complexity
/// O(length of the scalar).
pub(crate) fn resolve_scalar(text: &str, plain: bool, str_tag: bool) -> NodeValue {
    if !plain || str_tag {
        return NodeValue::Str(text.to_string());
    }
    resolve_plain(text)
}

/// go-yaml v2's resolution of a plain scalar.
///
/// # Complexity
/// O(length of the scalar).
pub(crate) fn resolve_plain(s: &str) -> NodeValue {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return NodeValue::Null,
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => {
            return NodeValue::Bool(true)
        }
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => {
            return NodeValue::Bool(false)
        }
        _ => {}
    }
    let first = s.as_bytes()[0];
    if !(first.is_ascii_digit() || matches!(first, b'+' | b'-' | b'.')) {
        return NodeValue::Str(s.to_string());
    }
    let plain = s.replace('_', "");
    if let Some(i) = parse_go_int(&plain) {
        return NodeValue::Int(i);
    }
    if is_yaml_float(&plain) {
        if let Ok(f) = plain.parse::<f64>() {
            return NodeValue::Float(f);
        }
    }
    NodeValue::Str(s.to_string())
}

/// `strconv.ParseInt(s, 0, 64)`, plus go-yaml's `0b` binary form.
fn parse_go_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let magnitude = i128::from_str_radix(digits, radix).ok()?;
    let v = if neg { -magnitude } else { magnitude };
    i64::try_from(v).ok()
}

/// go-yaml v2's float pattern: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    } else {
        if digits(&mut i) == 0 {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_1_1_scalars_as_go_yaml_v2() {
        assert_eq!(resolve_plain("yes"), NodeValue::Bool(true));
        assert_eq!(resolve_plain("Off"), NodeValue::Bool(false));
        assert_eq!(resolve_plain("0755"), NodeValue::Int(493));
        assert_eq!(resolve_plain("1_000"), NodeValue::Int(1000));
        assert_eq!(resolve_plain("0x1f"), NodeValue::Int(31));
        assert_eq!(resolve_plain("1.5"), NodeValue::Float(1.5));
        assert_eq!(resolve_plain("1.0.0"), NodeValue::Str("1.0.0".into()));
        assert_eq!(resolve_plain("~"), NodeValue::Null);
        assert_eq!(resolve_plain("v1"), NodeValue::Str("v1".into()));
        assert_eq!(resolve_plain("-"), NodeValue::Str("-".into()));
        assert_eq!(
            resolve_scalar("yes", false, false),
            NodeValue::Str("yes".into())
        );
        assert_eq!(resolve_scalar("1", true, true), NodeValue::Str("1".into()));
    }
}
