//! Writing a changed catalog back out as FBC: every object is re-emitted as it was read, except
//! the ones a change touches (a truncated channel, a deleted bundle, the package's
//! deprecations). Output is a JSON stream, 4-space indented like `opm render`.

use serde_json::{json, Map, Value};

use super::truncate::TruncateReport;
use crate::load::{document_spans, InputFile};
use crate::model::{Deprecations, Package};

/// A value by key, exactly or ignoring ASCII case (as opm reads `schema`, `package`, `name`).
fn get<'a>(obj: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    obj.get(key).or_else(|| {
        obj.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v)
    })
}

fn get_str<'a>(obj: &'a Map<String, Value>, key: &str) -> &'a str {
    get(obj, key).and_then(Value::as_str).unwrap_or("")
}

/// The `olm.deprecations` object of a package, or `None` when it has no entry.
pub fn deprecations_object(package: &str, d: &Deprecations) -> Option<Value> {
    let mut entries = Vec::new();
    if let Some(m) = &d.package {
        entries.push(json!({"reference": {"schema": "olm.package"}, "message": m}));
    }
    for (c, m) in &d.channels {
        entries.push(json!({"reference": {"schema": "olm.channel", "name": c}, "message": m}));
    }
    for (b, m) in &d.bundles {
        entries.push(json!({"reference": {"schema": "olm.bundle", "name": b}, "message": m}));
    }
    (!entries.is_empty())
        .then(|| json!({"schema": "olm.deprecations", "package": package, "entries": entries}))
}

fn parse_doc(text: &str) -> Option<Value> {
    let t = text.trim_start();
    if t.starts_with('{') {
        serde_json::from_str(t).ok()
    } else {
        crate::load::yaml_value(text)
    }
}

/// Writes the catalog of `files` with the truncation of `report` applied (`new_pkg` is the
/// package after it). Refuses when a document cannot be read: the output would lose it.
pub fn write_truncated(
    files: &[InputFile],
    report: &TruncateReport,
    new_pkg: &Package,
) -> Result<String, String> {
    let pkg = report.package.as_str();
    let mut out: Vec<Value> = Vec::new();
    let mut wrote_deprecations = false;
    for f in files {
        if f.path.ends_with(".indexignore") {
            continue;
        }
        for (span, ok) in document_spans(&f.path, &f.text) {
            let text = &f.text[span.0..span.1];
            let value = if ok { parse_doc(text) } else { None };
            let Some(mut value) = value else {
                return Err(format!(
                    "{}: a document at byte {} cannot be read; fix it before rewriting the catalog",
                    f.path, span.0
                ));
            };
            let Some(obj) = value.as_object_mut() else {
                out.push(value);
                continue;
            };
            let schema = get_str(obj, "schema").to_string();
            let name = get_str(obj, "name").to_string();
            let belongs = match schema.as_str() {
                "olm.package" => name == pkg,
                _ => get_str(obj, "package") == pkg,
            };
            if !belongs {
                out.push(value);
                continue;
            }
            if report.package_removed {
                continue;
            }
            match schema.as_str() {
                "olm.channel" => {
                    let Some(ch) = new_pkg.channel(&name) else {
                        continue;
                    };
                    let key = obj
                        .keys()
                        .find(|k| k.eq_ignore_ascii_case("entries"))
                        .cloned()
                        .unwrap_or_else(|| "entries".into());
                    obj.insert(
                        key,
                        serde_json::to_value(&ch.entries).unwrap_or(Value::Null),
                    );
                }
                "olm.bundle" => {
                    if new_pkg.bundle(&name).is_none() {
                        continue;
                    }
                    if name == report.bundle
                        && new_pkg.bundle(&name).is_some_and(|b| b.legacy_deprecated)
                    {
                        if let Some(Value::Array(props)) = obj
                            .iter_mut()
                            .find(|(k, _)| k.eq_ignore_ascii_case("properties"))
                            .map(|(_, v)| v)
                        {
                            if !props.iter().any(|p| {
                                p.get("type").and_then(Value::as_str) == Some("olm.deprecated")
                            }) {
                                props.push(json!({"type": "olm.deprecated", "value": {}}));
                            }
                        }
                    }
                }
                "olm.deprecations" => {
                    if wrote_deprecations {
                        continue;
                    }
                    wrote_deprecations = true;
                    if let Some(d) = deprecations_object(pkg, &new_pkg.deprecations) {
                        out.push(d);
                    }
                    continue;
                }
                _ => {}
            }
            out.push(value);
        }
    }
    if !wrote_deprecations && !report.package_removed {
        if let Some(d) = deprecations_object(pkg, &new_pkg.deprecations) {
            out.push(d);
        }
    }
    let mut text = String::new();
    for v in out {
        let mut buf = Vec::new();
        let fmt = serde_json::ser::PrettyFormatter::with_indent(b"    ");
        let mut ser = serde_json::Serializer::with_formatter(&mut buf, fmt);
        serde::Serialize::serialize(&v, &mut ser).map_err(|e| e.to_string())?;
        text.push_str(&String::from_utf8_lossy(&buf));
        text.push('\n');
    }
    Ok(text)
}
