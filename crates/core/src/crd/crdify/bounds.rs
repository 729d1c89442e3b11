//! crdify's bound checks of one property: `maximum`, `maxItems`, `maxLength`,
//! `maxProperties` (a bound added or lowered), `minimum`, `minItems`, `minLength`,
//! `minProperties` (a bound added or raised)
//! ([spec/crd-safety.md §3.3](../../../../../docs/spec/crd-safety.md)).

use serde_json::{Map, Value};

use crate::crd::gojson::float_v;

type Schema = Map<String, Value>;

/// One bound's value, printed as Go prints the field (`float64` or `int64`).
fn bound(s: &Schema, key: &str) -> Option<(f64, String)> {
    let v = s.get(key)?;
    let f = v.as_f64()?;
    let shown = if key == "maximum" || key == "minimum" {
        float_v(f)
    } else {
        v.as_i64().map_or_else(|| float_v(f), |i| i.to_string())
    };
    Some((f, shown))
}

/// A maximum-like bound: new, or lowered.
pub(crate) fn max(key: &str, a: &mut Schema, b: &mut Schema) -> Option<String> {
    let (old, new) = (bound(a, key), bound(b, key));
    a.remove(key);
    b.remove(key);
    match (old, new) {
        (None, Some((_, n))) => Some(format!(
            "maximum constraint added when there was none previously : {n}"
        )),
        (Some((o, os)), Some((n, ns))) if n < o => {
            Some(format!("maximum decreased : {os} -> {ns}"))
        }
        _ => None,
    }
}

/// A minimum-like bound: new, or raised.
pub(crate) fn min(key: &str, a: &mut Schema, b: &mut Schema) -> Option<String> {
    let (old, new) = (bound(a, key), bound(b, key));
    a.remove(key);
    b.remove(key);
    match (old, new) {
        (None, Some((_, n))) => Some(format!(
            "minimum constraint added when there was none previously : {n}"
        )),
        (Some((o, os)), Some((n, ns))) if n > o => {
            Some(format!("minimum increased : {os} -> {ns}"))
        }
        _ => None,
    }
}
