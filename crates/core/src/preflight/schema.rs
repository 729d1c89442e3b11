//! The two JSON schemas operator-pipelines validates YAML files against (`ci.yaml` and a
//! bundle's `release-config.yaml`), written as data, and the few JSON Schema keywords they use,
//! each with the message the pipeline's validator (Python `jsonschema`, draft 2020-12) gives
//! (spec/preflight.md §5.3).

use serde_json::Value;

use super::python::{repr, repr_strs};

use crate::sort::SortWith;

/// One schema node: the keywords the two schemas use.
pub(super) enum Schema {
    /// `type: object` with `properties`, `required` and, when `closed`,
    /// `additionalProperties: false`.
    Object {
        props: &'static [(&'static str, Schema)],
        required: &'static [&'static str],
        closed: bool,
    },
    /// `type: array` with `items`, `minItems` (0: none) and `uniqueItems`.
    Array {
        items: &'static Schema,
        min_items: usize,
        unique: bool,
    },
    /// `type: string`, with an `enum` when the slice is not empty.
    Str { one_of: &'static [&'static str] },
    /// `type: boolean`.
    Bool,
}

const STRING: Schema = Schema::Str { one_of: &[] };
const STRINGS_NON_EMPTY_UNIQUE: Schema = Schema::Array {
    items: &STRING,
    min_items: 1,
    unique: true,
};

/// `operatorcert/schemas/ci-schema.json` (spec/preflight.md §5.3).
pub(super) const CI: Schema = Schema::Object {
    props: &[
        (
            "updateGraph",
            Schema::Str {
                one_of: &["replaces-mode", "semver-mode"],
            },
        ),
        (
            "reviewers",
            Schema::Array {
                items: &STRING,
                min_items: 1,
                unique: false,
            },
        ),
        ("merge", Schema::Bool),
        ("cert_project_id", STRING),
        (
            "fbc",
            Schema::Object {
                props: &[
                    ("enabled", Schema::Bool),
                    (
                        "version_promotion_strategy",
                        Schema::Str {
                            one_of: &["review-needed", "always", "never"],
                        },
                    ),
                    (
                        "catalog_mapping",
                        Schema::Array {
                            items: &CATALOG_MAPPING,
                            min_items: 0,
                            unique: false,
                        },
                    ),
                ],
                required: &[],
                closed: true,
            },
        ),
    ],
    required: &[],
    closed: false,
};

const CATALOG_MAPPING: Schema = Schema::Object {
    props: &[
        ("template_name", STRING),
        ("catalog_names", STRINGS_NON_EMPTY_UNIQUE),
        (
            "type",
            Schema::Str {
                one_of: &["olm.template.basic", "olm.semver"],
            },
        ),
    ],
    required: &["template_name", "type", "catalog_names"],
    closed: false,
};

/// `operatorcert/schemas/release-config-schema.json` (spec/preflight.md §5.3).
pub(super) const RELEASE_CONFIG: Schema = Schema::Object {
    props: &[
        ("merge", Schema::Bool),
        (
            "catalog_templates",
            Schema::Array {
                items: &CATALOG_TEMPLATE,
                min_items: 1,
                unique: true,
            },
        ),
    ],
    required: &["catalog_templates"],
    closed: true,
};

const CATALOG_TEMPLATE: Schema = Schema::Object {
    props: &[
        ("template_name", STRING),
        ("channels", STRINGS_NON_EMPTY_UNIQUE),
        ("defaultChannel", STRING),
        ("replaces", STRING),
        ("skips", STRINGS_NON_EMPTY_UNIQUE),
        ("skipRange", STRING),
    ],
    required: &["template_name", "channels"],
    closed: false,
};

/// `{value} is not of type '{type}'`.
fn not_of_type(v: &Value, t: &str) -> String {
    format!("{} is not of type '{t}'", repr(v))
}

/// `required` and `additionalProperties: false` of one mapping.
fn object_keywords(
    map: &serde_json::Map<String, Value>,
    props: &[(&str, Schema)],
    required: &[&str],
    closed: bool,
    out: &mut Vec<String>,
) {
    for r in required {
        if !map.contains_key(*r) {
            out.push(format!("'{r}' is a required property"));
        }
    }
    if closed {
        let mut extra: Vec<&str> = map
            .keys()
            .map(String::as_str)
            .filter(|k| !props.iter().any(|(p, _)| p == k))
            .collect();
        if !extra.is_empty() {
            extra.sort_ord();
            let verb = if extra.len() == 1 { "was" } else { "were" };
            out.push(format!(
                "Additional properties are not allowed ({} {verb} unexpected)",
                extra
                    .iter()
                    .map(|k| repr(&Value::from(*k)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
}

/// Two equal items in a list (`uniqueItems`).
///
/// # Complexity
/// O(n log n) for n items (compared by their JSON text).
fn has_duplicates(list: &[Value]) -> bool {
    let mut texts: Vec<String> = list.iter().map(Value::to_string).collect();
    texts.sort_ord();
    texts.windows(2).any(|w| w[0] == w[1])
}

/// Every violation of `schema` by `v`, as the validator words it, in the validator's order
/// (the caller sorts them as the pipeline does).
///
/// # Complexity
/// O(n log n) in the size n of the value.
pub(super) fn errors(schema: &Schema, v: &Value, out: &mut Vec<String>) {
    match schema {
        Schema::Object {
            props,
            required,
            closed,
        } => {
            let Some(map) = v.as_object() else {
                out.push(not_of_type(v, "object"));
                return;
            };
            for (name, sub) in props.iter() {
                if let Some(x) = map.get(*name) {
                    errors(sub, x, out);
                }
            }
            object_keywords(map, props, required, *closed, out);
        }
        Schema::Array {
            items,
            min_items,
            unique,
        } => {
            let Some(list) = v.as_array() else {
                out.push(not_of_type(v, "array"));
                return;
            };
            for x in list {
                errors(items, x, out);
            }
            if list.len() < *min_items {
                let how = if *min_items == 1 {
                    "should be non-empty"
                } else {
                    "is too short"
                };
                out.push(format!("{} {how}", repr(v)));
            }
            if *unique && has_duplicates(list) {
                out.push(format!("{} has non-unique elements", repr(v)));
            }
        }
        Schema::Str { one_of } => {
            if !v.is_string() {
                out.push(not_of_type(v, "string"));
            }
            if !one_of.is_empty() && !one_of.iter().any(|e| v.as_str() == Some(*e)) {
                out.push(format!("{} is not one of {}", repr(v), repr_strs(one_of)));
            }
        }
        Schema::Bool => {
            if !v.is_boolean() {
                out.push(not_of_type(v, "boolean"));
            }
        }
    }
}

/// The violations of `schema` by `v`, sorted as the pipeline sorts them (by their text).
pub(super) fn violations(schema: &Schema, v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    errors(schema, v, &mut out);
    out.sort_ord();
    out
}
