//! FBC objects as opm's `declcfg` holds them while rendering a template, and reading template
//! `entries` into them as `declcfg.LoadSlice` does (each entry through `declcfg.Meta`: the
//! object is decoded into a map, so nested keys come out sorted; `schema`, `package` and `name`
//! are found ignoring case; keys differing only by case are an error).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::diag::Location;
use crate::model::{BundleFacts, ChannelEntry};
use crate::template::error::EntryError;
use crate::template::read::godecode::{self as go, Ctx};

/// A rendered (or passed-through) declarative config.
#[derive(Debug, Clone, Default)]
pub(crate) struct Config {
    pub packages: Vec<PackageObj>,
    pub channels: Vec<ChannelObj>,
    pub bundles: Vec<BundleObj>,
    pub deprecations: Vec<DeprecationObj>,
    pub others: Vec<OtherObj>,
}

impl Config {
    /// # Complexity
    /// O(size of `other`) (its lists are appended).
    pub(crate) fn merge(&mut self, other: Config) {
        self.packages.extend(other.packages);
        self.channels.extend(other.channels);
        self.bundles.extend(other.bundles);
        self.deprecations.extend(other.deprecations);
        self.others.extend(other.others);
    }
}

/// A `{type, value}` property; the value is kept as JSON.
#[derive(Debug, Clone)]
pub(crate) struct PropertyObj {
    pub type_: String,
    pub value: Value,
    /// The value's text as a JSON bundle source wrote it: opm writes a rendered bundle's
    /// property values as they came (key order included), so this is written when present.
    pub raw: Option<Box<serde_json::value::RawValue>>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct IconObj {
    /// `None` when `base64data` was absent (opm writes `null`).
    pub data: Option<Vec<u8>>,
    pub media_type: String,
}

#[derive(Debug, Clone)]
pub(crate) struct PackageObj {
    pub schema: String,
    pub name: String,
    pub default_channel: String,
    pub icon: Option<IconObj>,
    pub description: String,
    pub properties: Vec<PropertyObj>,
    pub origin: Location,
}

#[derive(Debug, Clone)]
pub(crate) struct ChannelObj {
    pub schema: String,
    pub name: String,
    pub package: String,
    /// `None` when `entries` was absent (opm writes `null`).
    pub entries: Option<Vec<ChannelEntry>>,
    pub properties: Vec<PropertyObj>,
    pub origin: Location,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct BundleObj {
    pub schema: String,
    pub name: String,
    pub package: String,
    pub image: String,
    pub properties: Vec<PropertyObj>,
    pub related_images: Vec<(String, String)>,
    pub origin: Location,
    /// Where each fact of a bundle named by a template came from.
    pub facts: Option<BundleFacts>,
    /// A stub: not rendered from a bundle source. Its version (when known) goes into the model
    /// only; the FBC output is `{schema, name, package, image}`.
    pub stub_version: Option<String>,
}

#[derive(Debug, Clone)]
pub(crate) struct DeprecationEntryObj {
    pub schema: String,
    pub name: String,
    pub message: String,
}

#[derive(Debug, Clone)]
pub(crate) struct DeprecationObj {
    pub schema: String,
    pub package: String,
    pub entries: Option<Vec<DeprecationEntryObj>>,
    pub origin: Location,
}

/// An object of any other schema, kept as opm keeps it (its blob, keys sorted).
#[derive(Debug, Clone)]
pub(crate) struct OtherObj {
    pub schema: String,
    pub package: String,
    pub blob: Value,
    pub origin: Location,
}

/// An entry read through `declcfg.Meta`.
pub(crate) struct Meta {
    pub schema: String,
    pub package: String,
    pub blob: Map<String, Value>,
}

/// `declcfg.Meta.UnmarshalJSON`: the object as a map, the meta keys found ignoring case.
///
/// # Complexity
/// O(k) for an object of k keys.
pub(crate) fn meta(value: &Value) -> Result<Meta, String> {
    let Value::Object(blob) = value else {
        return Err(go::value_type_error(value, "map[string]interface {}"));
    };
    let mut folded: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for k in blob.keys() {
        folded.entry(k.to_lowercase()).or_default().push(k);
    }
    let dups: Vec<String> = folded
        .iter()
        .filter(|(_, keys)| keys.len() > 1)
        .map(|(f, keys)| format!("duplicate keys for key {f:?}: [{}]", keys.join(" ")))
        .collect();
    match dups.len() {
        0 => {}
        1 => return Err(dups[0].clone()),
        _ => return Err(format!("[{}]", dups.join(", "))),
    }
    let meta_key = |key: &str| -> Result<String, String> {
        match go::field(blob, key) {
            None => Ok(String::new()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(other) => {
                let shown = blob
                    .keys()
                    .find(|k| k.eq_ignore_ascii_case(key))
                    .map_or(key, String::as_str);
                Err(format!(
                    "expected value for key {shown:?} to be a string, got {}: {}",
                    go::go_t(other),
                    go::go_v(other)
                ))
            }
        }
    };
    // opm also requires `name` to be a string.
    meta_key("name")?;
    Ok(Meta {
        schema: meta_key("schema")?,
        package: meta_key("package")?,
        blob: blob.clone(),
    })
}

/// The compact JSON opm prints in `object '%s' is missing root schema field`, with the newline
/// its encoder appends.
pub(crate) fn blob_text(blob: &Map<String, Value>) -> String {
    let mut s = crate::template::write::compact::compact(&Value::Object(blob.clone()));
    s.push('\n');
    s
}

/// `fbcBuilder.addMeta`: puts one entry into the config by its schema.
///
/// # Complexity
/// O(size of the object).
pub(crate) fn add_meta(cfg: &mut Config, m: Meta, origin: Location) -> Result<(), EntryError> {
    let parse = |what: &'static str| move |message: String| EntryError::Parse { what, message };
    match m.schema.as_str() {
        "olm.package" => cfg
            .packages
            .push(package(&m.blob, origin).map_err(parse("package"))?),
        "olm.channel" => cfg
            .channels
            .push(channel(&m.blob, origin).map_err(parse("channel"))?),
        "olm.bundle" => cfg
            .bundles
            .push(bundle(&m.blob, origin).map_err(parse("bundle"))?),
        "olm.deprecations" => cfg
            .deprecations
            .push(deprecation(&m.blob, origin).map_err(parse("deprecation"))?),
        "" => return Err(EntryError::MissingSchema(blob_text(&m.blob))),
        _ => cfg.others.push(OtherObj {
            schema: m.schema,
            package: m.package,
            blob: Value::Object(m.blob),
            origin,
        }),
    }
    Ok(())
}

fn ctx<'a>(go_struct: &'a str, path: &'a str) -> Ctx<'a> {
    Ctx { go_struct, path }
}

fn properties(
    obj: &Map<String, Value>,
    owner: &str,
    prop_ctx: &str,
) -> Result<Vec<PropertyObj>, String> {
    let items = go::objects(
        obj,
        "properties",
        ctx(owner, "properties"),
        "[]property.Property",
        "property.Property",
    )?;
    let mut out = Vec::new();
    for p in items.unwrap_or_default() {
        let Some(p) = p else {
            out.push(PropertyObj {
                type_: String::new(),
                value: Value::Null,
                raw: None,
            });
            continue;
        };
        out.push(PropertyObj {
            type_: go::string(p, "type", ctx("Property", prop_ctx))?,
            value: go::field(p, "value").cloned().unwrap_or(Value::Null),
            raw: None,
        });
    }
    Ok(out)
}

fn package(obj: &Map<String, Value>, origin: Location) -> Result<PackageObj, String> {
    let c = |p| ctx("Package", p);
    let icon = match go::field(obj, "icon") {
        None | Some(Value::Null) => None,
        Some(Value::Object(i)) => Some(icon(i)?),
        Some(other) => return Err(go::type_error(other, c("icon"), "declcfg.Icon")),
    };
    Ok(PackageObj {
        schema: go::string(obj, "schema", c("schema"))?,
        name: go::string(obj, "name", c("name"))?,
        default_channel: go::string(obj, "defaultChannel", c("defaultChannel"))?,
        icon,
        description: go::string(obj, "description", c("description"))?,
        properties: properties(obj, "Package", "properties.type")?,
        origin,
    })
}

fn icon(obj: &Map<String, Value>) -> Result<IconObj, String> {
    use base64::Engine as _;
    let data = match go::field(obj, "base64data") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => {
            // Go's decoder ignores line breaks inside base64.
            let clean: String = s.chars().filter(|c| *c != '\n' && *c != '\r').collect();
            Some(
                base64::engine::general_purpose::STANDARD
                    .decode(clean.as_bytes())
                    .map_err(|e| base64_error(&e))?,
            )
        }
        Some(other) => {
            return Err(go::type_error(
                other,
                ctx("Icon", "icon.base64data"),
                "[]uint8",
            ))
        }
    };
    Ok(IconObj {
        data,
        media_type: go::string(obj, "mediatype", ctx("Icon", "icon.mediatype"))?,
    })
}

/// Go's `base64.CorruptInputError` text.
fn base64_error(e: &base64::DecodeError) -> String {
    let offset = match e {
        base64::DecodeError::InvalidByte(o, _) | base64::DecodeError::InvalidLastSymbol(o, _) => *o,
        base64::DecodeError::InvalidLength(o) => *o,
        base64::DecodeError::InvalidPadding => 0,
    };
    format!("illegal base64 data at input byte {offset}")
}

fn channel(obj: &Map<String, Value>, origin: Location) -> Result<ChannelObj, String> {
    let c = |p| ctx("Channel", p);
    let entries = go::objects(
        obj,
        "entries",
        c("entries"),
        "[]declcfg.ChannelEntry",
        "declcfg.ChannelEntry",
    )?;
    let entries = match entries {
        None => None,
        Some(list) => Some(
            list.into_iter()
                .map(|e| e.map_or_else(|| Ok(ChannelEntry::default()), channel_entry))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    Ok(ChannelObj {
        schema: go::string(obj, "schema", c("schema"))?,
        name: go::string(obj, "name", c("name"))?,
        package: go::string(obj, "package", c("package"))?,
        entries,
        properties: properties(obj, "Channel", "properties.type")?,
        origin,
    })
}

fn channel_entry(e: &Map<String, Value>) -> Result<ChannelEntry, String> {
    let c = |p| ctx("ChannelEntry", p);
    let opt = |s: String| (!s.is_empty()).then_some(s);
    Ok(ChannelEntry {
        name: go::string(e, "name", c("entries.name"))?,
        replaces: opt(go::string(e, "replaces", c("entries.replaces"))?),
        skips: go::strings(e, "skips", c("entries.skips"))?,
        skip_range: opt(go::string(e, "skipRange", c("entries.skipRange"))?),
    })
}

/// Reads an `olm.bundle` object (a template entry or a bundle source's object).
///
/// # Complexity
/// O(size of the object).
pub(crate) fn bundle(obj: &Map<String, Value>, origin: Location) -> Result<BundleObj, String> {
    let c = |p| ctx("Bundle", p);
    let related = go::objects(
        obj,
        "relatedImages",
        c("relatedImages"),
        "[]declcfg.RelatedImage",
        "declcfg.RelatedImage",
    )?;
    let mut related_images = Vec::new();
    for r in related.unwrap_or_default() {
        let Some(r) = r else {
            related_images.push((String::new(), String::new()));
            continue;
        };
        let rc = |p| ctx("RelatedImage", p);
        related_images.push((
            go::string(r, "name", rc("relatedImages.name"))?,
            go::string(r, "image", rc("relatedImages.image"))?,
        ));
    }
    Ok(BundleObj {
        schema: go::string(obj, "schema", c("schema"))?,
        name: go::string(obj, "name", c("name"))?,
        package: go::string(obj, "package", c("package"))?,
        image: go::string(obj, "image", c("image"))?,
        properties: properties(obj, "Bundle", "properties.type")?,
        related_images,
        origin,
        facts: None,
        stub_version: None,
    })
}

fn deprecation(obj: &Map<String, Value>, origin: Location) -> Result<DeprecationObj, String> {
    let c = |p| ctx("Deprecation", p);
    let list = go::objects(
        obj,
        "entries",
        c("entries"),
        "[]declcfg.DeprecationEntry",
        "declcfg.DeprecationEntry",
    )?;
    let entries = match list {
        None => None,
        Some(list) => Some(
            list.into_iter()
                .map(|e| deprecation_entry(e.unwrap_or(&Map::new())))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    Ok(DeprecationObj {
        schema: go::string(obj, "schema", c("schema"))?,
        package: go::string(obj, "package", c("package"))?,
        entries,
        origin,
    })
}

fn deprecation_entry(e: &Map<String, Value>) -> Result<DeprecationEntryObj, String> {
    let rc = |p| ctx("PackageScopedReference", p);
    let reference = match go::field(e, "reference") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(r)) => r.clone(),
        Some(other) => {
            return Err(go::type_error(
                other,
                ctx("DeprecationEntry", "entries.reference"),
                "declcfg.PackageScopedReference",
            ))
        }
    };
    Ok(DeprecationEntryObj {
        schema: go::string(&reference, "schema", rc("entries.reference.schema"))?,
        name: go::string(&reference, "name", rc("entries.reference.name"))?,
        message: go::string(e, "message", ctx("DeprecationEntry", "entries.message"))?,
    })
}

impl BundleObj {
    /// The ClusterServiceVersion of the bundle, when an `olm.bundle.object` property holds one
    /// (its `data` is base64 of the manifest's JSON or YAML; only JSON is read here).
    ///
    /// # Complexity
    /// O(p + c) for p properties and a CSV of c bytes.
    pub(crate) fn csv(&self) -> Option<Value> {
        use base64::Engine as _;
        self.properties
            .iter()
            .filter(|p| p.type_ == "olm.bundle.object")
            .filter_map(|p| go::field(p.value.as_object()?, "data")?.as_str())
            .filter_map(|d| base64::engine::general_purpose::STANDARD.decode(d).ok())
            .filter_map(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
            .find(|v| v.get("kind").and_then(Value::as_str) == Some("ClusterServiceVersion"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn entries_read_as_declcfg_meta() {
        let m = meta(
            &json!({"Schema": "olm.channel", "name": "a", "package": "p",
            "entries": [{"name": "x", "skips": ["y"]}]}),
        )
        .unwrap();
        assert_eq!(m.schema, "olm.channel");
        let mut cfg = Config::default();
        add_meta(&mut cfg, m, Location::at("t.yaml", None, None, None)).unwrap();
        let entries = cfg.channels[0].entries.as_ref().unwrap();
        assert_eq!(entries[0].skips, ["y"]);

        let e = meta(&json!({"schema": "a", "Schema": "b"})).err().unwrap();
        assert_eq!(e, "duplicate keys for key \"schema\": [Schema schema]");
        let e = meta(&json!({"name": 1})).err().unwrap();
        assert_eq!(
            e,
            "expected value for key \"name\" to be a string, got %!t(float64=1): 1"
        );

        let m = meta(&json!({"image": "x"})).unwrap();
        let err = add_meta(&mut cfg, m, Location::at("t.yaml", None, None, None)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "object '{\"image\":\"x\"}\n' is missing root schema field"
        );

        let m = meta(&json!({"schema": "olm.channel", "entries": [{"name": 3}]})).unwrap();
        let err = add_meta(&mut cfg, m, Location::at("t.yaml", None, None, None)).unwrap_err();
        assert_eq!(err.to_string(), "parse channel: json: cannot unmarshal number into Go struct field ChannelEntry.entries.name of type string");
    }
}
