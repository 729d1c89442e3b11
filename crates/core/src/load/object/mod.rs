//! Raw FBC objects as read from a document, before they are checked and put into the model.
//!
//! One struct holds the fields of every schema (`olm.package`, `olm.channel`, `olm.bundle`,
//! `olm.deprecations`, and the legacy manifest documents), because opm's YAML sorts keys and
//! `schema` is often the last key of an object: the schema cannot be known before the object is
//! read. Keys are matched as opm does: exactly first, then ignoring ASCII case (Go's
//! `encoding/json`), which is accepted with a warning. `olm.bundle.object` payloads are skipped
//! without being decoded or stored.

pub(in crate::load) mod budget;
pub(in crate::load) mod convert;

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::load::object::budget::Budget;

/// A type read from a document within a [`Budget`]: every key, value and list item is counted,
/// every string measured, every mapping and list nested, so a crossed limit stops the read.
pub(crate) trait Read: Sized {
    fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error>;
}

/// The seed that reads a `T` within a budget.
pub(crate) struct Seed<'b, T>(&'b Budget, PhantomData<T>);

/// The seed of a `T`.
pub(crate) fn seed<T>(budget: &Budget) -> Seed<'_, T> {
    Seed(budget, PhantomData)
}

impl<'de, T: Read> DeserializeSeed<'de> for Seed<'_, T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        T::read(d, self.0)
    }
}

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

/// Reads a mapping key (borrowed from the text when it can be), counted and measured.
struct KeySeed<'b>(&'b Budget);

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = Cow<'de, str>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Cow<'de, str>, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        self.0.node()?;
        self.0.string(v.len())?;
        Ok(Cow::Borrowed(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        self.0.node()?;
        self.0.string(v.len())?;
        Ok(Cow::Owned(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        self.0.node()?;
        self.0.string(v.len())?;
        Ok(Cow::Owned(v))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        self.visit_string(v.to_string())
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        self.visit_string(v.to_string())
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        self.visit_string(v.to_string())
    }
}

/// A JSON value, built within the budget.
impl Read for Value {
    fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor(budget))
    }
}

struct ValueVisitor<'b>(&'b Budget);

impl<'de> Visitor<'de> for ValueVisitor<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        self.0.node()?;
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        self.0.node()?;
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        self.0.node()?;
        Ok(Value::Number(v.into()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        self.0.node()?;
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        self.0.node()?;
        self.0.string(v.len())?;
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        self.0.node()?;
        self.0.string(v.len())?;
        Ok(Value::String(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        self.0.node()?;
        Ok(Value::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        self.visit_unit()
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        Value::read(d, self.0)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let b = self.0;
        b.node()?;
        b.nested(|| {
            let mut items = Vec::new();
            while let Some(v) = seq.next_element_seed(seed::<Value>(b))? {
                items.push(v);
            }
            Ok(Value::Array(items))
        })
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let b = self.0;
        b.node()?;
        b.nested(|| {
            let mut out = Map::new();
            while let Some(k) = map.next_key_seed(KeySeed(b))? {
                let v = map.next_value_seed(seed::<Value>(b))?;
                out.insert(k.into_owned(), v);
            }
            Ok(Value::Object(out))
        })
    }
}

/// A string field (null is read as `None` by the `Option` around it).
impl Read for String {
    fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error> {
        KeySeed(budget).deserialize(d).map(Cow::into_owned)
    }
}

/// Absent or null is `None`.
impl<T: Read> Read for Option<T> {
    fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error> {
        d.deserialize_option(OptionVisitor(budget, PhantomData))
    }
}

struct OptionVisitor<'b, T>(&'b Budget, PhantomData<T>);

impl<'de, T: Read> Visitor<'de> for OptionVisitor<'_, T> {
    type Value = Option<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value or null")
    }
    fn visit_none<E: de::Error>(self) -> Result<Option<T>, E> {
        self.0.node()?;
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Option<T>, E> {
        self.visit_none()
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        T::read(d, self.0).map(Some)
    }
}

/// A list.
impl<T: Read> Read for Vec<T> {
    fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error> {
        d.deserialize_seq(VecVisitor(budget, PhantomData))
    }
}

struct VecVisitor<'b, T>(&'b Budget, PhantomData<T>);

impl<'de, T: Read> Visitor<'de> for VecVisitor<'_, T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let b = self.0;
        b.node()?;
        b.nested(|| {
            let mut items = Vec::new();
            while let Some(v) = seq.next_element_seed(seed::<T>(b))? {
                items.push(v);
            }
            Ok(items)
        })
    }
}

/// A value read and dropped: still counted and measured, so hostile text cannot hide in a
/// field olm-graph does not keep.
pub(crate) struct Skip;

impl Read for Skip {
    fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error> {
        d.deserialize_any(SkipVisitor(budget))
    }
}

struct SkipVisitor<'b>(&'b Budget);

impl<'de> Visitor<'de> for SkipVisitor<'_> {
    type Value = Skip;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Skip, E> {
        self.0.node().map(|()| Skip)
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Skip, E> {
        self.0.node().map(|()| Skip)
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Skip, E> {
        self.0.node().map(|()| Skip)
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Skip, E> {
        self.0.node().map(|()| Skip)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Skip, E> {
        self.0.node()?;
        self.0.string(v.len()).map(|()| Skip)
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Skip, E> {
        self.0.node()?;
        self.0.string(v.len()).map(|()| Skip)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Skip, E> {
        self.0.node().map(|()| Skip)
    }
    fn visit_none<E: de::Error>(self) -> Result<Skip, E> {
        self.visit_unit()
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Skip, D::Error> {
        Skip::read(d, self.0)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Skip, A::Error> {
        let b = self.0;
        b.node()?;
        b.nested(|| {
            while seq.next_element_seed(seed::<Skip>(b))?.is_some() {}
            Ok(Skip)
        })
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Skip, A::Error> {
        let b = self.0;
        b.node()?;
        b.nested(|| {
            while map.next_key_seed(KeySeed(b))?.is_some() {
                map.next_value_seed(seed::<Skip>(b))?;
            }
            Ok(Skip)
        })
    }
}

/// Declares a struct of optional fields read from a map whose keys are matched as opm does.
macro_rules! ci_struct {
    ($(#[$meta:meta])* $name:ident { $($field:ident : $ty:ty = $key:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Default, Clone)]
        pub(crate) struct $name {
            $(pub(crate) $field: Option<$ty>,)*
            /// Keys that matched a field only when ignoring case (`Replaces` for `replaces`).
            pub(crate) inexact_keys: Vec<String>,
        }

        impl Read for $name {
            fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error> {
                struct V<'b>(&'b Budget);
                impl<'de> Visitor<'de> for V<'_> {
                    type Value = $name;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("an object")
                    }
                    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<$name, A::Error> {
                        const KEYS: &[&str] = &[$($key),*];
                        let b = self.0;
                        b.node()?;
                        b.nested(|| {
                            let mut out = $name::default();
                            while let Some(key) = map.next_key_seed(KeySeed(b))? {
                                let Some((idx, exact)) = match_key(&key, KEYS) else {
                                    map.next_value_seed(seed::<Skip>(b))?;
                                    continue;
                                };
                                if !exact {
                                    out.inexact_keys.push(key.into_owned());
                                }
                                let mut i = 0usize;
                                $(
                                    if idx == i {
                                        out.$field = map
                                            .next_value_seed(seed::<Option<$ty>>(b))
                                            .map_err(|e| field_err(KEYS[idx], e))?;
                                        continue;
                                    }
                                    i += 1;
                                )*
                                let _ = i;
                                map.next_value_seed(seed::<Skip>(b))?;
                            }
                            Ok(out)
                        })
                    }
                }
                d.deserialize_map(V(budget))
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
pub(crate) enum PropValue {
    Package(PackageProp),
    CsvMetadata(CsvMetadataProp),
    /// Any other value kept as JSON (small, rare types such as `olm.maxOpenShiftVersion`).
    Json(Value),
    /// Not decoded: `olm.bundle.object` payloads, `olm.gvk` and other types olm-graph only counts.
    Skipped,
}

/// One entry of a bundle's `properties`.
#[derive(Debug, Clone)]
pub(crate) struct RawProperty {
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

struct PropSeed<'a, 'b>(&'a str, &'b Budget);

impl<'de> DeserializeSeed<'de> for PropSeed<'_, '_> {
    type Value = PropValue;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<PropValue, D::Error> {
        let b = self.1;
        Ok(match prop_kind(self.0) {
            1 => PropValue::Package(PackageProp::read(d, b)?),
            2 => PropValue::CsvMetadata(CsvMetadataProp::read(d, b)?),
            3 => PropValue::Json(Value::read(d, b)?),
            _ => {
                Skip::read(d, b)?;
                PropValue::Skipped
            }
        })
    }
}

impl Read for RawProperty {
    fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error> {
        d.deserialize_map(PropertyVisitor(budget))
    }
}

struct PropertyVisitor<'b>(&'b Budget);

impl<'de> Visitor<'de> for PropertyVisitor<'_> {
    type Value = RawProperty;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a property object with `type` and `value`")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawProperty, A::Error> {
        let b = self.0;
        b.node()?;
        let mut type_: Option<String> = None;
        let mut early_value: Option<Value> = None;
        let mut value: Option<PropValue> = None;
        b.nested(|| {
            while let Some(key) = map.next_key_seed(KeySeed(b))? {
                match match_key(&key, &["type", "value"]) {
                    Some((0, _)) => type_ = map.next_value_seed(seed::<Option<String>>(b))?,
                    Some((1, _)) => match &type_ {
                        Some(t) => value = Some(map.next_value_seed(PropSeed(t, b))?),
                        // The value came before its type: keep it as JSON, decode it below.
                        None => early_value = map.next_value_seed(seed::<Option<Value>>(b))?,
                    },
                    _ => {
                        map.next_value_seed(seed::<Skip>(b))?;
                    }
                }
            }
            Ok::<(), A::Error>(())
        })?;
        if let (None, Some(v), Some(t)) = (&value, early_value, &type_) {
            // Already counted once when it was read as JSON.
            let again = Budget::unlimited();
            value = Some(
                PropSeed(t, &again)
                    .deserialize(v)
                    .map_err(de::Error::custom)?,
            );
        }
        Ok(RawProperty { type_, value })
    }
}

/// A JSON or YAML object of any schema.
#[derive(Debug, Default, Clone)]
pub(crate) struct RawObject {
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
    /// `relatedImages`, kept whole (opm checks each item's `image`).
    pub related_images: Option<Vec<Value>>,
    /// Legacy package manifest (`packageName`, `channels`) and ClusterServiceVersion fields.
    pub package_name: Option<Value>,
    pub channels: Option<Value>,
    pub kind: Option<Value>,
    pub metadata: Option<Value>,
    pub spec: Option<Value>,
    /// Operator-repository documents: a bundle's `metadata/annotations.yaml` (`annotations`)
    /// and an operator's `ci.yaml` (`updateGraph`).
    pub annotations: Option<Value>,
    pub update_graph: Option<Value>,
    /// Keys of `schema`/`package`/`name` that differ only by case: opm rejects the object.
    pub duplicate_meta_keys: Vec<(&'static str, Vec<String>)>,
    /// Keys matched only when ignoring case, with the field they were taken for.
    pub inexact_keys: Vec<String>,
}

impl RawObject {
    /// The `schema` value when it is a string.
    #[cfg(test)]
    pub(crate) fn schema_str(&self) -> Option<&str> {
        self.schema.as_ref().and_then(Value::as_str)
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
    "annotations",
    "updateGraph",
];

impl Read for RawObject {
    fn read<'de, D: Deserializer<'de>>(d: D, budget: &Budget) -> Result<Self, D::Error> {
        d.deserialize_map(ObjectVisitor(budget))
    }
}

struct ObjectVisitor<'b>(&'b Budget);

impl<'de> Visitor<'de> for ObjectVisitor<'_> {
    type Value = RawObject;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object (a map of keys to values)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawObject, A::Error> {
        let b = self.0;
        b.node()?;
        let mut o = RawObject::default();
        // Spellings seen of schema, package and name, for opm's duplicate-key check.
        let mut meta_spellings: [Vec<String>; 3] = Default::default();
        b.nested(|| {
            while let Some(key) = map.next_key_seed(KeySeed(b))? {
                let Some((idx, exact)) = match_key(&key, TOP_KEYS) else {
                    map.next_value_seed(seed::<Skip>(b))?;
                    continue;
                };
                if idx < 3 {
                    meta_spellings[idx].push(key.into_owned());
                } else if !exact {
                    o.inexact_keys.push(key.into_owned());
                }
                read_top_field(&mut map, &mut o, idx, b)
                    .map_err(|e| field_err(TOP_KEYS[idx], e))?;
            }
            Ok::<(), A::Error>(())
        })?;
        for (i, spellings) in meta_spellings.into_iter().enumerate() {
            if spellings.len() > 1 {
                o.duplicate_meta_keys.push((TOP_KEYS[i], spellings));
            }
        }
        Ok(o)
    }
}

/// Reads the value of the top-level key `TOP_KEYS[idx]` into its field.
fn read_top_field<'de, A: MapAccess<'de>>(
    map: &mut A,
    o: &mut RawObject,
    idx: usize,
    b: &Budget,
) -> Result<(), A::Error> {
    match idx {
        0 => o.schema = map.next_value_seed(seed(b))?,
        1 => o.package = map.next_value_seed(seed(b))?,
        2 => o.name = map.next_value_seed(seed(b))?,
        3 => o.default_channel = map.next_value_seed(seed(b))?,
        4 => o.description = map.next_value_seed(seed(b))?,
        5 => o.icon = map.next_value_seed(seed(b))?,
        6 => o.entries = map.next_value_seed(seed(b))?,
        7 => o.image = map.next_value_seed(seed(b))?,
        8 => o.properties = map.next_value_seed(seed(b))?,
        9 => o.related_images = map.next_value_seed(seed(b))?,
        10 => o.package_name = map.next_value_seed(seed(b))?,
        11 => o.channels = map.next_value_seed(seed(b))?,
        12 => o.kind = map.next_value_seed(seed(b))?,
        13 => o.metadata = map.next_value_seed(seed(b))?,
        14 => o.spec = map.next_value_seed(seed(b))?,
        15 => o.annotations = map.next_value_seed(seed(b))?,
        _ => o.update_graph = map.next_value_seed(seed(b))?,
    }
    Ok(())
}
