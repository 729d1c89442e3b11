//! Hostile CRDs are refused with a named limit (`CRD limit max_depth: …`), never a panic: a schema nested
//! far deeper than any real one, an enum of a million values, thousands of versions, a
//! schema of more properties than the limit.

use olm_graph_core::crd::limits::{CrdLimits, LimitKind};
use olm_graph_core::crd::schema::Crd;
use olm_graph_core::crd::{content, Content};
use olm_graph_core::model::{Bundle, BundleCrds};
use serde_json::{json, Map, Value};

use super::{crd, with_field};

fn refused(v: &Value) -> LimitKind {
    Crd::from_value(v, CrdLimits::default())
        .expect_err("over a limit")
        .kind
}

#[test]
fn deep_schema_is_refused_by_the_depth_limit() {
    let mut s = json!({"type": "string"});
    for _ in 0..500 {
        s = json!({"type": "object", "properties": {"a": s}});
    }
    let v = with_field(s);
    assert_eq!(refused(&v), LimitKind::Depth);
    // Through a bundle: `unknown`, the message naming the limit.
    let b = Bundle {
        name: "p.v1".into(),
        crds: Some(Box::new(BundleCrds {
            objects: vec![v],
            owned: vec![],
            manifests: 1,
            gvks: vec![],
        })),
        ..Bundle::default()
    };
    match content(&b, CrdLimits::default()) {
        Content::Unknown(why) => assert!(why.contains("CRD limit max_depth"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn huge_enum_is_refused_by_the_enum_limit() {
    let values: Vec<Value> = (0..1_000_000).map(Value::from).collect();
    let v = with_field(json!({"type": "integer", "enum": values}));
    assert_eq!(refused(&v), LimitKind::Enum);
}

#[test]
fn many_versions_are_refused_by_the_versions_limit() {
    let versions: Vec<(String, bool, bool, Value)> = (0..5_000)
        .map(|i| (format!("v{i}"), true, i == 0, json!({"type": "object"})))
        .collect();
    let refs: Vec<(&str, bool, bool, Value)> = versions
        .iter()
        .map(|(n, a, b, s)| (n.as_str(), *a, *b, s.clone()))
        .collect();
    assert_eq!(refused(&crd(&refs)), LimitKind::Versions);
}

#[test]
fn wide_schema_is_refused_by_the_schemas_limit() {
    let props: Map<String, Value> = (0..150_000)
        .map(|i| (format!("p{i}"), json!({"type": "string"})))
        .collect();
    let v = with_field(json!({"type": "object", "properties": props}));
    assert_eq!(refused(&v), LimitKind::Schemas);
}

#[test]
fn malformed_crds_never_panic() {
    for v in [
        json!({"kind": "CustomResourceDefinition"}),
        json!({"kind": "CustomResourceDefinition", "metadata": {"name": "x"}, "spec": "no"}),
        json!({"kind": "CustomResourceDefinition", "metadata": {"name": "x"},
               "spec": {"versions": [1, {"name": 2, "schema": {"openAPIV3Schema": [1]}}]}}),
        json!({"kind": "CustomResourceDefinition", "metadata": {"name": "x"},
               "spec": {"versions": [{"name": "v1", "schema": {"openAPIV3Schema":
                 {"properties": 3, "items": [1, "x"], "enum": "no", "maximum": "ten",
                  "additionalProperties": 5, "dependencies": {"a": 1}}}}]}}),
    ] {
        let _ = Crd::from_value(&v, CrdLimits::default());
    }
}
