//! Writing a rendered config as `opm alpha render-template` writes it (`declcfg.WriteJSON`):
//! objects grouped by package (packages in byte order; in each, packages, channels by name,
//! bundles by name, other schemas by schema, deprecations), then package-less objects of other
//! schemas; each object re-serialised in opm's struct field order, 4-space indented, strings
//! escaped as Go's encoder does without HTML escaping.

use std::collections::BTreeMap;

use base64::Engine as _;
use serde_json::Value;

use crate::diag::Location;
use crate::model::ChannelEntry;
use crate::sort::SortWith;
use crate::template::read::fbc::{
    BundleObj, ChannelObj, Config, DeprecationObj, OtherObj, PackageObj, PropertyObj,
};
use crate::template::write::compact::{write_scalar, write_string};

/// In the stream handed to the loader, the schema of an object that is itself a template (an
/// opaque object to opm) is prefixed with this, so the loader does not expand it again.
pub(crate) const NESTED_TAG: &str = "olm-graph.nested-template:";

/// An object with its keys in the order opm's structs give them.
enum Out {
    Obj(Vec<(&'static str, Out)>),
    Arr(Vec<Out>),
    Json(Value),
    /// JSON text written as it is, only re-indented (Go's `json.Indent` of a `RawMessage`).
    Raw(String),
}

fn s(v: &str) -> Out {
    Out::Json(Value::String(v.to_string()))
}

/// Objects of one package, in the order they are written.
#[derive(Default)]
struct Group<'a> {
    packages: Vec<&'a PackageObj>,
    channels: Vec<&'a ChannelObj>,
    bundles: Vec<&'a BundleObj>,
    others: Vec<&'a OtherObj>,
    deprecations: Vec<&'a DeprecationObj>,
}

/// The FBC JSON stream opm writes for this config.
///
/// # Complexity
/// O(n log n) in the number of objects, plus their size.
pub(crate) fn write_config(cfg: &Config) -> String {
    let mut groups: BTreeMap<&str, Group> = BTreeMap::new();
    let mut root_others = Vec::new();
    for p in cfg.packages.iter().filter(|p| !p.name.is_empty()) {
        groups.entry(&p.name).or_default().packages.push(p);
    }
    for c in cfg.channels.iter().filter(|c| !c.package.is_empty()) {
        groups.entry(&c.package).or_default().channels.push(c);
    }
    for b in cfg.bundles.iter().filter(|b| !b.package.is_empty()) {
        groups.entry(&b.package).or_default().bundles.push(b);
    }
    for o in &cfg.others {
        if o.package.is_empty() {
            root_others.push(o);
        } else {
            groups.entry(&o.package).or_default().others.push(o);
        }
    }
    for d in cfg.deprecations.iter().filter(|d| !d.package.is_empty()) {
        groups.entry(&d.package).or_default().deprecations.push(d);
    }
    let mut text = String::new();
    for g in groups.values_mut() {
        g.channels.sort_with(|a, b| a.name.cmp(&b.name));
        g.bundles.sort_with(|a, b| a.name.cmp(&b.name));
        g.others.sort_with(|a, b| a.schema.cmp(&b.schema));
        let objects = g
            .packages
            .iter()
            .map(|p| package_out(p))
            .chain(g.channels.iter().map(|c| channel_out(c)))
            .chain(g.bundles.iter().map(|b| bundle_out(b)))
            .chain(g.others.iter().map(|o| Out::Json(o.blob.clone())))
            .chain(g.deprecations.iter().map(|d| deprecation_out(d)));
        for o in objects {
            write_out(&o, 0, &mut text);
            text.push('\n');
        }
    }
    for o in root_others {
        write_out(&Out::Json(o.blob.clone()), 0, &mut text);
        text.push('\n');
    }
    text
}

/// The objects as the loader reads them: every object in the config's order, stubs with an
/// `olm.package` property carrying what is known (so the model has their version), bundles
/// without a name or a package left out (opm drops the latter; the former cannot be placed),
/// and nested templates tagged. Returns the text and each object's origin.
///
/// # Complexity
/// O(size of the objects).
pub(crate) fn model_stream(cfg: &Config) -> (String, Vec<Location>) {
    let mut text = String::new();
    let mut origins = Vec::new();
    let mut put = |o: Out, origin: &Location| {
        write_out(&o, 0, &mut text);
        text.push('\n');
        origins.push(origin.clone());
    };
    for p in &cfg.packages {
        put(package_out(p), &p.origin);
    }
    for c in &cfg.channels {
        put(channel_out(c), &c.origin);
    }
    for b in &cfg.bundles {
        let stub = b.facts.as_ref().is_some_and(|f| f.stub);
        if stub && (b.name.is_empty() || b.package.is_empty()) {
            continue;
        }
        if !stub {
            put(bundle_out(b), &b.origin);
            continue;
        }
        let mut value = serde_json::Map::new();
        value.insert("packageName".into(), Value::String(b.package.clone()));
        if let Some(v) = &b.stub_version {
            value.insert("version".into(), Value::String(v.clone()));
        }
        let mut with_version = b.clone();
        with_version.properties = vec![PropertyObj {
            type_: "olm.package".into(),
            value: Value::Object(value),
            raw: None,
        }];
        put(bundle_out(&with_version), &b.origin);
    }
    for d in &cfg.deprecations {
        put(deprecation_out(d), &d.origin);
    }
    for o in &cfg.others {
        let mut blob = o.blob.clone();
        if crate::template::TemplateKind::from_schema(&o.schema).is_some() {
            if let Some(m) = blob.as_object_mut() {
                let key = m.keys().find(|k| k.eq_ignore_ascii_case("schema")).cloned();
                if let Some(k) = key {
                    m.insert(k, Value::String(format!("{NESTED_TAG}{}", o.schema)));
                }
            }
        }
        put(Out::Json(blob), &o.origin);
    }
    (text, origins)
}

fn properties_out(props: &[PropertyObj]) -> Out {
    Out::Arr(
        props
            .iter()
            .map(|p| {
                let value = match &p.raw {
                    Some(raw) => Out::Raw(raw.get().to_string()),
                    None => Out::Json(p.value.clone()),
                };
                Out::Obj(vec![("type", s(&p.type_)), ("value", value)])
            })
            .collect(),
    )
}

fn package_out(p: &PackageObj) -> Out {
    let mut f = vec![
        ("schema", s(&p.schema)),
        ("name", s(&p.name)),
        ("defaultChannel", s(&p.default_channel)),
    ];
    if let Some(icon) = &p.icon {
        let data = icon.data.as_ref().map_or(Out::Json(Value::Null), |d| {
            s(&base64::engine::general_purpose::STANDARD.encode(d))
        });
        f.push((
            "icon",
            Out::Obj(vec![
                ("base64data", data),
                ("mediatype", s(&icon.media_type)),
            ]),
        ));
    }
    if !p.description.is_empty() {
        f.push(("description", s(&p.description)));
    }
    if !p.properties.is_empty() {
        f.push(("properties", properties_out(&p.properties)));
    }
    Out::Obj(f)
}

fn entry_out(e: &ChannelEntry) -> Out {
    let mut f = vec![("name", s(&e.name))];
    if let Some(r) = e.replaces.as_deref().filter(|r| !r.is_empty()) {
        f.push(("replaces", s(r)));
    }
    if !e.skips.is_empty() {
        f.push(("skips", Out::Arr(e.skips.iter().map(|x| s(x)).collect())));
    }
    if let Some(r) = e.skip_range.as_deref().filter(|r| !r.is_empty()) {
        f.push(("skipRange", s(r)));
    }
    Out::Obj(f)
}

fn channel_out(c: &ChannelObj) -> Out {
    let entries = c.entries.as_ref().map_or(Out::Json(Value::Null), |list| {
        Out::Arr(list.iter().map(entry_out).collect())
    });
    let mut f = vec![
        ("schema", s(&c.schema)),
        ("name", s(&c.name)),
        ("package", s(&c.package)),
        ("entries", entries),
    ];
    if !c.properties.is_empty() {
        f.push(("properties", properties_out(&c.properties)));
    }
    Out::Obj(f)
}

fn bundle_out(b: &BundleObj) -> Out {
    let mut f = vec![("schema", s(&b.schema))];
    if !b.name.is_empty() {
        f.push(("name", s(&b.name)));
    }
    if !b.package.is_empty() {
        f.push(("package", s(&b.package)));
    }
    f.push(("image", s(&b.image)));
    if !b.properties.is_empty() {
        f.push(("properties", properties_out(&b.properties)));
    }
    if !b.related_images.is_empty() {
        let items = b
            .related_images
            .iter()
            .map(|(n, i)| Out::Obj(vec![("name", s(n)), ("image", s(i))]))
            .collect();
        f.push(("relatedImages", Out::Arr(items)));
    }
    Out::Obj(f)
}

fn deprecation_out(d: &DeprecationObj) -> Out {
    let entries = d.entries.as_ref().map_or(Out::Json(Value::Null), |list| {
        Out::Arr(
            list.iter()
                .map(|e| {
                    let mut r = vec![("schema", s(&e.schema))];
                    if !e.name.is_empty() {
                        r.push(("name", s(&e.name)));
                    }
                    Out::Obj(vec![("reference", Out::Obj(r)), ("message", s(&e.message))])
                })
                .collect(),
        )
    });
    Out::Obj(vec![
        ("schema", s(&d.schema)),
        ("package", s(&d.package)),
        ("entries", entries),
    ])
}

fn indent(level: usize, out: &mut String) {
    for _ in 0..level {
        out.push_str("    ");
    }
}

fn write_out(o: &Out, level: usize, out: &mut String) {
    match o {
        Out::Json(v) => write_value(v, level, out),
        Out::Raw(text) => reindent(text, level, out),
        Out::Arr(items) => write_list(items.len(), level, out, |i, lvl, out| {
            write_out(&items[i], lvl, out)
        }),
        Out::Obj(fields) => {
            if fields.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push_str("{\n");
            for (i, (k, v)) in fields.iter().enumerate() {
                indent(level + 1, out);
                write_string(k, out);
                out.push_str(": ");
                write_out(v, level + 1, out);
                out.push_str(if i + 1 < fields.len() { ",\n" } else { "\n" });
            }
            indent(level, out);
            out.push('}');
        }
    }
}

fn write_list(n: usize, level: usize, out: &mut String, item: impl Fn(usize, usize, &mut String)) {
    if n == 0 {
        out.push_str("[]");
        return;
    }
    out.push_str("[\n");
    for i in 0..n {
        indent(level + 1, out);
        item(i, level + 1, out);
        out.push_str(if i + 1 < n { ",\n" } else { "\n" });
    }
    indent(level, out);
    out.push(']');
}

/// Re-indents JSON text token by token, as Go's encoder does with a `json.RawMessage`:
/// white space outside strings dropped, key order, number spellings and escapes kept.
fn reindent(text: &str, level: usize, out: &mut String) {
    let mut depth = level;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                out.push('"');
                while let Some(c) = chars.next() {
                    out.push(c);
                    match c {
                        '\\' => out.extend(chars.next()),
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '{' | '[' => {
                while chars.peek().is_some_and(|c| c.is_ascii_whitespace()) {
                    chars.next();
                }
                let close = if c == '{' { '}' } else { ']' };
                if chars.peek() == Some(&close) {
                    chars.next();
                    out.push(c);
                    out.push(close);
                    continue;
                }
                depth += 1;
                out.push(c);
                out.push('\n');
                indent(depth, out);
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                out.push('\n');
                indent(depth, out);
                out.push(c);
            }
            ',' => {
                out.push_str(",\n");
                indent(depth, out);
            }
            ':' => out.push_str(": "),
            c if c.is_ascii_whitespace() => {}
            c => out.push(c),
        }
    }
}

/// A JSON value, indented as Go's `json.Encoder` with `SetIndent("", "    ")`.
fn write_value(v: &Value, level: usize, out: &mut String) {
    match v {
        Value::Array(items) => write_list(items.len(), level, out, |i, lvl, out| {
            write_value(&items[i], lvl, out)
        }),
        Value::Object(m) => {
            if m.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push_str("{\n");
            for (i, (k, v)) in m.iter().enumerate() {
                indent(level + 1, out);
                write_string(k, out);
                out.push_str(": ");
                write_value(v, level + 1, out);
                out.push_str(if i + 1 < m.len() { ",\n" } else { "\n" });
            }
            indent(level, out);
            out.push('}');
        }
        scalar => write_scalar(scalar, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_values_keep_their_order() {
        let mut out = String::new();
        reindent("{\"b\": [1, {}], \"a\" : \"x\\\"y,\"}", 0, &mut out);
        assert_eq!(
            out,
            "{\n    \"b\": [\n        1,\n        {}\n    ],\n    \"a\": \"x\\\"y,\"\n}"
        );
    }

    #[test]
    fn objects_in_struct_order_and_indent() {
        let e = ChannelEntry {
            name: "a.v2".into(),
            replaces: Some("a.v1".into()),
            skips: vec!["a.v0".into()],
            skip_range: None,
        };
        let mut out = String::new();
        write_out(&entry_out(&e), 0, &mut out);
        assert_eq!(
            out,
            "{\n    \"name\": \"a.v2\",\n    \"replaces\": \"a.v1\",\n    \"skips\": [\n        \"a.v0\"\n    ]\n}"
        );
    }
}
