//! Raw FBC objects as read from a document, before they are checked and put into the model.
//!
//! One struct holds the fields of every schema (`olm.package`, `olm.channel`, `olm.bundle`,
//! `olm.deprecations`, and the legacy manifest documents), because opm's YAML sorts keys and
//! `schema` is often the last key of an object: the schema cannot be known before the object is
//! read. Keys are matched as opm does: exactly first, then ignoring ASCII case (Go's
//! `encoding/json`), which is accepted with a warning. `olm.bundle.object` payloads are skipped
//! without being decoded or stored.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;

/// Wraps a deserialization error with the field it happened in.
fn field_err<E: de::Error>(field: &str, err: E) -> E {
    E::custom(format_args!("field {field:?}: {err}"))
}

/// Finds which of `keys` this key names: exactly, or else ignoring ASCII case.
/// Returns the index and whether the match was exact.
fn match_key(key: &str, keys: &[&str]) -> Option<(usize, bool)> {
    if let Some(i) = keys.iter().position(|k| *k == key) {
        return Some((i, true));
    }
    keys.iter()
        .position(|k| k.eq_ignore_ascii_case(key))
        .map(|i| (i, false))
}

/// Declares a struct of optional fields read from a map whose keys are matched as opm does.
macro_rules! ci_struct {
    ($(#[$meta:meta])* $name:ident { $($field:ident : $ty:ty = $key:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Default, Clone)]
        pub struct $name {
            $(pub $field: Option<$ty>,)*
            /// Keys that matched a field only when ignoring case (`Replaces` for `replaces`).
            pub inexact_keys: Vec<String>,
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("an object")
                    }
                    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<$name, A::Error> {
                        const KEYS: &[&str] = &[$($key),*];
                        let mut out = $name::default();
                        while let Some(key) = map.next_key::<String>()? {
                            let Some((idx, exact)) = match_key(&key, KEYS) else {
                                map.next_value::<IgnoredAny>()?;
                                continue;
                            };
                            if !exact {
                                out.inexact_keys.push(key.clone());
                            }
                            let mut i = 0usize;
                            $(
                                if idx == i {
                                    out.$field = map
                                        .next_value::<Option<$ty>>()
                                        .map_err(|e| field_err(KEYS[idx], e))?;
                                    continue;
                                }
                                i += 1;
                            )*
                            let _ = i;
                            map.next_value::<IgnoredAny>()?;
                        }
                        Ok(out)
                    }
                }
                d.deserialize_map(V)
            }
        }
    };
}

ci_struct!(
    /// A channel entry (`olm.channel`) or a deprecation entry (`olm.deprecations`): the key `entries`
    /// means either, so both shapes share one struct.
    RawEntry {
        name: Value = "name",
        replaces: Value = "replaces",
        skips: Vec<Value> = "skips",
        skip_range: Value = "skipRange",
        reference: RawReference = "reference",
        message: Value = "message",
    }
);

ci_struct!(
    /// The `reference` of a deprecation entry.
    RawReference {
        schema: Value = "schema",
        name: Value = "name",
    }
);

ci_struct!(
    /// A package icon.
    RawIcon {
        base64data: Value = "base64data",
        mediatype: Value = "mediatype",
    }
);

ci_struct!(
    /// The value of an `olm.package` property.
    PackageProp {
        package_name: Value = "packageName",
        version: Value = "version",
        release: Value = "release",
    }
);

ci_struct!(
    /// The parts of an `olm.csv.metadata` property that olm-graph shows.
    CsvMetadataProp {
        display_name: Value = "displayName",
        description: Value = "description",
        min_kube_version: Value = "minKubeVersion",
        provider: Value = "provider",
    }
);

/// A bundle property, decoded only as far as olm-graph needs it.
#[derive(Debug, Clone)]
pub enum PropValue {
    Package(PackageProp),
    CsvMetadata(CsvMetadataProp),
    /// Any other value kept as JSON (small, rare types such as `olm.maxOpenShiftVersion`).
    Json(Value),
    /// Not decoded: `olm.bundle.object` payloads, `olm.gvk` and other types olm-graph only counts.
    Skipped,
}

/// One entry of a bundle's `properties`.
#[derive(Debug, Clone)]
pub struct RawProperty {
    pub type_: Option<String>,
    pub value: Option<PropValue>,
}

/// How a property value of a given type is read.
fn prop_kind(type_: &str) -> u8 {
    match type_ {
        "olm.package" => 1,
        "olm.csv.metadata" => 2,
        "olm.maxOpenShiftVersion" | "olm.deprecated" | "olm.package.required" => 3,
        _ => 0,
    }
}

struct PropSeed<'a>(&'a str);

impl<'de> DeserializeSeed<'de> for PropSeed<'_> {
    type Value = PropValue;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<PropValue, D::Error> {
        Ok(match prop_kind(self.0) {
            1 => PropValue::Package(PackageProp::deserialize(d)?),
            2 => PropValue::CsvMetadata(CsvMetadataProp::deserialize(d)?),
            3 => PropValue::Json(Value::deserialize(d)?),
            _ => {
                IgnoredAny::deserialize(d)?;
                PropValue::Skipped
            }
        })
    }
}

impl<'de> Deserialize<'de> for RawProperty {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawProperty;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a property object with `type` and `value`")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawProperty, A::Error> {
                let mut type_: Option<String> = None;
                let mut early_value: Option<Value> = None;
                let mut value: Option<PropValue> = None;
                while let Some(key) = map.next_key::<String>()? {
                    match match_key(&key, &["type", "value"]) {
                        Some((0, _)) => type_ = Some(map.next_value()?),
                        Some((1, _)) => match &type_ {
                            Some(t) => value = Some(map.next_value_seed(PropSeed(t))?),
                            // The value came before its type: keep it as JSON, decode it below.
                            None => early_value = Some(map.next_value()?),
                        },
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                if let (None, Some(v), Some(t)) = (&value, early_value, &type_) {
                    value = Some(PropSeed(t).deserialize(v).map_err(de::Error::custom)?);
                }
                Ok(RawProperty { type_, value })
            }
        }
        d.deserialize_map(V)
    }
}

/// A JSON or YAML object of any schema.
#[derive(Debug, Default, Clone)]
pub struct RawObject {
    /// `schema`, `package`, `name`: matched case-insensitively as opm does; kept as JSON so a
    /// non-string value can be reported instead of failing the whole object.
    pub schema: Option<Value>,
    pub package: Option<Value>,
    pub name: Option<Value>,
    pub default_channel: Option<Value>,
    pub description: Option<Value>,
    pub icon: Option<RawIcon>,
    pub entries: Option<Vec<RawEntry>>,
    pub image: Option<Value>,
    pub properties: Option<Vec<RawProperty>>,
    pub related_images: usize,
    /// Legacy package manifest (`packageName`, `channels`) and ClusterServiceVersion fields.
    pub package_name: Option<Value>,
    pub channels: Option<Value>,
    pub kind: Option<Value>,
    pub metadata: Option<Value>,
    pub spec: Option<Value>,
    /// Keys of `schema`/`package`/`name` that differ only by case: opm rejects the object.
    pub duplicate_meta_keys: Vec<(&'static str, Vec<String>)>,
    /// Keys matched only when ignoring case, with the field they were taken for.
    pub inexact_keys: Vec<String>,
}

impl RawObject {
    /// The `schema` value when it is a string.
    #[cfg(test)]
    pub fn schema_str(&self) -> Option<&str> {
        self.schema.as_ref().and_then(Value::as_str)
    }
}

/// Counts the elements of a sequence without keeping them.
struct CountSeq;
impl<'de> Visitor<'de> for CountSeq {
    type Value = usize;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<usize, A::Error> {
        let mut n = 0;
        while seq.next_element::<IgnoredAny>()?.is_some() {
            n += 1;
        }
        Ok(n)
    }
    fn visit_unit<E: de::Error>(self) -> Result<usize, E> {
        Ok(0)
    }
}
struct Counted(usize);
impl<'de> Deserialize<'de> for Counted {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(CountSeq).map(Counted)
    }
}

const TOP_KEYS: &[&str] = &[
    "schema",
    "package",
    "name",
    "defaultChannel",
    "description",
    "icon",
    "entries",
    "image",
    "properties",
    "relatedImages",
    "packageName",
    "channels",
    "kind",
    "metadata",
    "spec",
];

impl<'de> Deserialize<'de> for RawObject {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawObject;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object (a map of keys to values)")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawObject, A::Error> {
                let mut o = RawObject::default();
                // Spellings seen of schema, package and name, for opm's duplicate-key check.
                let mut meta_spellings: [Vec<String>; 3] = Default::default();
                while let Some(key) = map.next_key::<String>()? {
                    let Some((idx, exact)) = match_key(&key, TOP_KEYS) else {
                        map.next_value::<IgnoredAny>()?;
                        continue;
                    };
                    let field = TOP_KEYS[idx];
                    if idx < 3 {
                        meta_spellings[idx].push(key.clone());
                    } else if !exact {
                        o.inexact_keys.push(key.clone());
                    }
                    macro_rules! take {
                        ($slot:expr) => {
                            $slot = map.next_value().map_err(|e| field_err(field, e))?
                        };
                    }
                    match idx {
                        0 => take!(o.schema),
                        1 => take!(o.package),
                        2 => take!(o.name),
                        3 => take!(o.default_channel),
                        4 => take!(o.description),
                        5 => take!(o.icon),
                        6 => take!(o.entries),
                        7 => take!(o.image),
                        8 => take!(o.properties),
                        9 => {
                            let c: Option<Counted> =
                                map.next_value().map_err(|e| field_err(field, e))?;
                            o.related_images = c.map_or(0, |c| c.0);
                        }
                        10 => take!(o.package_name),
                        11 => take!(o.channels),
                        12 => take!(o.kind),
                        13 => take!(o.metadata),
                        _ => take!(o.spec),
                    }
                }
                for (i, spellings) in meta_spellings.into_iter().enumerate() {
                    if spellings.len() > 1 {
                        o.duplicate_meta_keys.push((TOP_KEYS[i], spellings));
                    }
                }
                Ok(o)
            }
        }
        d.deserialize_map(V)
    }
}
