//! A CustomResourceDefinition as typed values, built from its JSON: name, group, kind, scope,
//! versions (served, storage, schema), conversion strategy and `status.storedVersions`
//! ([spec/crd-safety.md §2](../../../../docs/spec/crd-safety.md)).
//!
//! Each version's `openAPIV3Schema` is kept as JSON, normalized the way decoding it into
//! Kubernetes' `JSONSchemaProps` normalizes it: unknown keys dropped, zero values (`""`,
//! `false`, empty lists and maps) dropped where the Go field is not a pointer, numbers of
//! float fields as floats, of integer fields as integers, and JSON values (`default`, `enum`,
//! `example`) with integral floats as integers. Two schemas are then equal exactly when their
//! normalized JSON is.

use serde_json::{Map, Number, Value};

use super::limits::{Budget, CrdLimits, LimitError, LimitKind};

/// One CRD, as compared.
#[derive(Debug, Clone, PartialEq)]
pub struct Crd {
    /// `metadata.name` (`<plural>.<group>`).
    pub name: String,
    /// `spec.group`.
    pub group: String,
    /// `spec.names.kind`.
    pub kind: String,
    /// `apiextensions.k8s.io/v1` (OLM v1 compares only those).
    pub v1: bool,
    /// `spec.scope`: `Namespaced` or `Cluster`.
    pub scope: String,
    /// `spec.versions`, in order.
    pub versions: Vec<CrdVersion>,
    /// `spec.conversion.strategy` is `Webhook`.
    pub webhook_conversion: bool,
    /// `status.storedVersions`, as written.
    pub stored_versions: Vec<String>,
}

/// One entry of `spec.versions`.
#[derive(Debug, Clone, PartialEq)]
pub struct CrdVersion {
    /// `name` (`v1`, `v1beta1`).
    pub name: String,
    /// `served`: the API server serves it.
    pub served: bool,
    /// `storage`: objects are stored in it.
    pub storage: bool,
    /// The normalized `schema.openAPIV3Schema` (an empty object when there is none).
    pub schema: Value,
}

/// How a key of a schema is decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    /// A Go `string`: `""` is absent.
    Str,
    /// A Go `bool`: `false` is absent.
    Bool,
    /// A pointer to a bool or a string: present whatever its value.
    PtrScalar,
    /// `*float64`.
    Float,
    /// `*int64`.
    Int,
    /// Raw JSON (`default`, `example`).
    Json,
    /// A list of raw JSON values (`enum`, `x-kubernetes-validations`).
    JsonList,
    /// `[]string`.
    StrList,
    /// One schema (`not`).
    Schema,
    /// A schema or a list of schemas (`items`).
    SchemaOrArray,
    /// A list of schemas.
    SchemaList,
    /// A map of schemas.
    SchemaMap,
    /// A schema or a bool (`additionalProperties`, `additionalItems`).
    SchemaOrBool,
    /// A map of schemas or string lists (`dependencies`).
    Dependencies,
    /// `externalDocs`.
    Object,
}

/// Every field of `JSONSchemaProps` in Go's field order: JSON key, Go name, decoding.
pub(crate) const FIELDS: &[(&str, &str, Field)] = &[
    ("id", "ID", Field::Str),
    ("$schema", "Schema", Field::Str),
    ("$ref", "Ref", Field::Str),
    ("description", "Description", Field::Str),
    ("type", "Type", Field::Str),
    ("format", "Format", Field::Str),
    ("title", "Title", Field::Str),
    ("default", "Default", Field::Json),
    ("maximum", "Maximum", Field::Float),
    ("exclusiveMaximum", "ExclusiveMaximum", Field::Bool),
    ("minimum", "Minimum", Field::Float),
    ("exclusiveMinimum", "ExclusiveMinimum", Field::Bool),
    ("maxLength", "MaxLength", Field::Int),
    ("minLength", "MinLength", Field::Int),
    ("pattern", "Pattern", Field::Str),
    ("maxItems", "MaxItems", Field::Int),
    ("minItems", "MinItems", Field::Int),
    ("uniqueItems", "UniqueItems", Field::Bool),
    ("multipleOf", "MultipleOf", Field::Float),
    ("enum", "Enum", Field::JsonList),
    ("maxProperties", "MaxProperties", Field::Int),
    ("minProperties", "MinProperties", Field::Int),
    ("required", "Required", Field::StrList),
    ("items", "Items", Field::SchemaOrArray),
    ("allOf", "AllOf", Field::SchemaList),
    ("oneOf", "OneOf", Field::SchemaList),
    ("anyOf", "AnyOf", Field::SchemaList),
    ("not", "Not", Field::Schema),
    ("properties", "Properties", Field::SchemaMap),
    (
        "additionalProperties",
        "AdditionalProperties",
        Field::SchemaOrBool,
    ),
    ("patternProperties", "PatternProperties", Field::SchemaMap),
    ("dependencies", "Dependencies", Field::Dependencies),
    ("additionalItems", "AdditionalItems", Field::SchemaOrBool),
    ("definitions", "Definitions", Field::SchemaMap),
    ("externalDocs", "ExternalDocs", Field::Object),
    ("example", "Example", Field::Json),
    ("nullable", "Nullable", Field::Bool),
    (
        "x-kubernetes-preserve-unknown-fields",
        "XPreserveUnknownFields",
        Field::PtrScalar,
    ),
    (
        "x-kubernetes-embedded-resource",
        "XEmbeddedResource",
        Field::Bool,
    ),
    ("x-kubernetes-int-or-string", "XIntOrString", Field::Bool),
    ("x-kubernetes-list-map-keys", "XListMapKeys", Field::StrList),
    ("x-kubernetes-list-type", "XListType", Field::PtrScalar),
    ("x-kubernetes-map-type", "XMapType", Field::PtrScalar),
    ("x-kubernetes-validations", "XValidations", Field::JsonList),
];

/// The decoding of a schema key, if `JSONSchemaProps` has it.
pub(crate) fn field(key: &str) -> Option<(&'static str, Field)> {
    FIELDS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, g, f)| (*g, *f))
}

impl Crd {
    /// Reads a CRD object (`apiextensions.k8s.io/v1` or `v1beta1`). `Ok(None)` when the
    /// object is not a CRD or has no name; an error when it crosses a limit.
    ///
    /// # Complexity
    /// O(n log k) in the size n of the object (k: most keys of one schema).
    pub fn from_value(v: &Value, limits: CrdLimits) -> Result<Option<Crd>, LimitError> {
        if v.get("kind").and_then(Value::as_str) != Some("CustomResourceDefinition") {
            return Ok(None);
        }
        let s = |p: &str| v.pointer(p).and_then(Value::as_str).unwrap_or_default();
        let name = s("/metadata/name").to_string();
        if name.is_empty() {
            return Ok(None);
        }
        let mut budget = Budget::new(limits);
        let versions = read_versions(v, &mut budget)?;
        let stored_versions = v
            .pointer("/status/storedVersions")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect();
        Ok(Some(Crd {
            name,
            group: s("/spec/group").to_string(),
            kind: s("/spec/names/kind").to_string(),
            v1: s("/apiVersion") == "apiextensions.k8s.io/v1",
            scope: s("/spec/scope").to_string(),
            versions,
            webhook_conversion: s("/spec/conversion/strategy") == "Webhook",
            stored_versions,
        }))
    }

    /// The version with this name.
    pub fn version(&self, name: &str) -> Option<&CrdVersion> {
        self.versions.iter().find(|v| v.name == name)
    }

    /// The storage version's name, if one is marked.
    pub fn storage_version(&self) -> Option<&str> {
        self.versions
            .iter()
            .find(|v| v.storage)
            .map(|v| v.name.as_str())
    }
}

/// `spec.versions`, or for a v1beta1 CRD without them, `spec.version` with
/// `spec.validation`; a version without a schema of its own takes `spec.validation`'s.
fn read_versions(v: &Value, budget: &mut Budget) -> Result<Vec<CrdVersion>, LimitError> {
    let shared = v.pointer("/spec/validation/openAPIV3Schema");
    let list = v.pointer("/spec/versions").and_then(Value::as_array);
    let mut out = Vec::new();
    for item in list.into_iter().flatten() {
        if out.len() >= budget.limits.max_versions {
            return Err(budget.crossed(LimitKind::Versions));
        }
        let schema = item.pointer("/schema/openAPIV3Schema").or(shared);
        out.push(CrdVersion {
            name: item
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            served: item.get("served").and_then(Value::as_bool).unwrap_or(false),
            storage: item
                .get("storage")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            schema: normalize_root(schema, budget)?,
        });
    }
    if out.is_empty() {
        if let Some(name) = v.pointer("/spec/version").and_then(Value::as_str) {
            out.push(CrdVersion {
                name: name.to_string(),
                served: true,
                storage: true,
                schema: normalize_root(shared, budget)?,
            });
        }
    }
    Ok(out)
}

fn normalize_root(schema: Option<&Value>, budget: &mut Budget) -> Result<Value, LimitError> {
    match schema {
        Some(s) => normalize(s, 1, budget),
        None => Ok(Value::Object(Map::new())),
    }
}

/// One schema normalized (see the module's doc); a value that is not an object is an empty
/// schema, as Go's decoder would refuse it.
///
/// # Complexity
/// O(n log k) in the schema's size.
pub(crate) fn normalize(v: &Value, depth: usize, budget: &mut Budget) -> Result<Value, LimitError> {
    budget.schema(depth)?;
    let mut out = Map::new();
    let Some(map) = v.as_object() else {
        return Ok(Value::Object(out));
    };
    for (key, value) in map {
        let Some((_, kind)) = field(key) else {
            continue;
        };
        if let Some(n) = normalize_field(kind, value, depth, budget)? {
            out.insert(key.clone(), n);
        }
    }
    Ok(Value::Object(out))
}

/// One field's value normalized; `None` when Go would leave the field at its zero value.
fn normalize_field(
    kind: Field,
    v: &Value,
    depth: usize,
    budget: &mut Budget,
) -> Result<Option<Value>, LimitError> {
    let nonempty = |v: Value| match &v {
        Value::Array(a) if a.is_empty() => None,
        Value::Object(m) if m.is_empty() => None,
        _ => Some(v),
    };
    Ok(match kind {
        Field::Str => v.as_str().filter(|s| !s.is_empty()).map(Value::from),
        Field::Bool => v.as_bool().filter(|b| *b).map(Value::from),
        Field::PtrScalar => (!v.is_null()).then(|| v.clone()),
        Field::Float => v.as_f64().and_then(Number::from_f64).map(Value::Number),
        Field::Int => v.as_f64().map(|f| Value::from(f as i64)),
        Field::Json => (!v.is_null()).then(|| canonical(v)),
        Field::JsonList => {
            let items = v.as_array().map(Vec::as_slice).unwrap_or_default();
            if kind == Field::JsonList && items.len() > budget.limits.max_enum {
                return Err(budget.crossed(LimitKind::Enum));
            }
            nonempty(Value::Array(items.iter().map(canonical).collect()))
        }
        Field::StrList => nonempty(v.clone()),
        Field::Object => nonempty(v.clone()),
        Field::Schema => match v {
            Value::Object(_) => Some(normalize(v, depth + 1, budget)?),
            _ => None,
        },
        Field::SchemaOrArray => match v {
            Value::Array(items) => nonempty(schema_list(items, depth, budget)?),
            Value::Object(_) => Some(normalize(v, depth + 1, budget)?),
            _ => None,
        },
        Field::SchemaList => {
            let items = v.as_array().map(Vec::as_slice).unwrap_or_default();
            nonempty(schema_list(items, depth, budget)?)
        }
        Field::SchemaMap => {
            let mut out = Map::new();
            for (k, s) in v.as_object().into_iter().flatten() {
                out.insert(k.clone(), normalize(s, depth + 1, budget)?);
            }
            nonempty(Value::Object(out))
        }
        Field::SchemaOrBool => match v {
            Value::Bool(b) => Some(Value::Bool(*b)),
            Value::Object(_) => Some(normalize(v, depth + 1, budget)?),
            _ => None,
        },
        Field::Dependencies => {
            let mut out = Map::new();
            for (k, d) in v.as_object().into_iter().flatten() {
                let n = match d {
                    Value::Array(_) => d.clone(),
                    _ => normalize(d, depth + 1, budget)?,
                };
                out.insert(k.clone(), n);
            }
            nonempty(Value::Object(out))
        }
    })
}

fn schema_list(items: &[Value], depth: usize, budget: &mut Budget) -> Result<Value, LimitError> {
    let mut out = Vec::with_capacity(items.len());
    for s in items {
        out.push(normalize(s, depth + 1, budget)?);
    }
    Ok(Value::Array(out))
}

/// A JSON value with integral floats written as integers, as Go re-encodes decoded numbers.
pub(crate) fn canonical(v: &Value) -> Value {
    match v {
        Value::Number(n) if !n.is_i64() && !n.is_u64() => match n.as_f64() {
            Some(f) if f.fract() == 0.0 && f.abs() < 9e15 => Value::from(f as i64),
            _ => v.clone(),
        },
        Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, v)| (k.clone(), canonical(v))).collect())
        }
        _ => v.clone(),
    }
}
