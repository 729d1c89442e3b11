//! Decoding JSON values into opm's Go structs the way `encoding/json` does: keys matched exactly
//! or else ignoring case (the last matching key wins), `null` leaves a field empty, and a value of
//! the wrong kind is an `UnmarshalTypeError` whose text names the innermost struct and the field
//! path (`json: cannot unmarshal number into Go struct field ChannelEntry.entries.name of type
//! string`).

use serde_json::{Map, Value};

/// Where a value is being decoded: the innermost Go struct and the JSON field path.
#[derive(Clone, Copy)]
pub(crate) struct Ctx<'a> {
    pub go_struct: &'a str,
    pub path: &'a str,
}

/// What `encoding/json` calls a JSON value's kind.
///
/// # Complexity
/// O(1).
pub(crate) fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// `json: cannot unmarshal <kind> into Go struct field <Struct>.<path> of type <type>`.
///
/// # Complexity
/// O(length of the message).
pub(crate) fn type_error(v: &Value, ctx: Ctx, go_type: &str) -> String {
    format!(
        "json: cannot unmarshal {} into Go struct field {}.{} of type {go_type}",
        kind(v),
        ctx.go_struct,
        ctx.path
    )
}

/// `json: cannot unmarshal <kind> into Go value of type <type>` (no struct around it).
///
/// # Complexity
/// O(1).
pub(crate) fn value_type_error(v: &Value, go_type: &str) -> String {
    format!(
        "json: cannot unmarshal {} into Go value of type {go_type}",
        kind(v)
    )
}

/// The value a Go struct field named `key` receives from this object.
///
/// # Complexity
/// O(k) for an object of k keys (matched ignoring case).
pub(crate) fn field<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    // serde_json maps iterate in key order, as opm's re-encoded blobs are: the last key that
    // matches (exactly or ignoring case) is the one Go keeps.
    obj.iter()
        .rev()
        .find(|(k, _)| k.as_str() == key || k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v)
}

/// A `string` field.
///
/// # Complexity
/// O(k) for an object of k keys.
pub(crate) fn string(obj: &Map<String, Value>, key: &str, ctx: Ctx) -> Result<String, String> {
    match field(obj, key) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => Err(type_error(other, ctx, "string")),
    }
}

/// A `[]string` field.
///
/// # Complexity
/// O(k + m) for an object of k keys and a list of m strings.
pub(crate) fn strings(
    obj: &Map<String, Value>,
    key: &str,
    ctx: Ctx,
) -> Result<Vec<String>, String> {
    match field(obj, key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.clone()),
                Value::Null => Ok(String::new()),
                other => Err(type_error(other, ctx, "string")),
            })
            .collect(),
        Some(other) => Err(type_error(other, ctx, "[]string")),
    }
}

/// The elements of a slice field of structs (`None` for a `null` element).
pub(crate) type Elements<'a> = Vec<Option<&'a Map<String, Value>>>;

/// A slice field of objects: each element must be an object (or null).
///
/// # Complexity
/// O(k + m) for an object of k keys and a list of m elements.
pub(crate) fn objects<'a>(
    obj: &'a Map<String, Value>,
    key: &str,
    ctx: Ctx,
    slice_type: &str,
    elem_type: &str,
) -> Result<Option<Elements<'a>>, String> {
    match field(obj, key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::Object(m) => Ok(Some(m)),
                Value::Null => Ok(None),
                other => Err(type_error(other, ctx, elem_type)),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(other) => Err(type_error(other, ctx, slice_type)),
    }
}

/// Go's `%v` of a decoded JSON value (`map[a:1]`, `[1 2]`, `1.5`).
///
/// # Complexity
/// O(size of the value).
pub(crate) fn go_v(v: &Value) -> String {
    match v {
        Value::Null => "<nil>".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            format!("[{}]", items.iter().map(go_v).collect::<Vec<_>>().join(" "))
        }
        Value::Object(m) => format!(
            "map[{}]",
            m.iter()
                .map(|(k, v)| format!("{k}:{}", go_v(v)))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}

/// Go's `%t` of a decoded JSON value: a bool prints as itself, anything else as `%!t(type=v)`.
///
/// # Complexity
/// O(1).
pub(crate) fn go_t(v: &Value) -> String {
    let go_type = match v {
        Value::Bool(b) => return b.to_string(),
        Value::Null => return "%!t(<nil>)".into(),
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
    };
    format!("%!t({go_type}={})", go_v(v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_match_as_go_does() {
        let v = json!({"Name": "a", "name": "b", "x": 1});
        let m = v.as_object().unwrap();
        assert_eq!(field(m, "name"), Some(&json!("b")));
        let ctx = Ctx {
            go_struct: "ChannelEntry",
            path: "entries.name",
        };
        assert_eq!(
            string(m, "x", ctx).unwrap_err(),
            "json: cannot unmarshal number into Go struct field ChannelEntry.entries.name of type string"
        );
        assert_eq!(go_t(&json!(1)), "%!t(float64=1)");
        assert_eq!(go_v(&json!({"a": [1, 2]})), "map[a:[1 2]]");
    }
}
