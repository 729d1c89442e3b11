//! crdify's per-validation unit tests (`pkg/validations/**/_test.go`) and operator-controller's
//! TestUpgrade table, ported: each row an old and a new property (or CRD), and the findings
//! expected under OLM's configuration, as `<check>: <message>` lines.

use olm_graph_core::crd::crdify::run;
use olm_graph_core::crd::{judge, Content, Verdict};
use serde_json::{json, Value};

use super::{crd, typed, with_field};

/// The lines crdify reports for `^.spec.field` going from `old` to `new` (same version).
fn lines(old: Value, new: Value) -> Vec<String> {
    run(&typed(&with_field(old)), &typed(&with_field(new)))
        .into_iter()
        .map(|f| f.line())
        .collect()
}

#[test]
fn property_validations_as_crdify_tests_them() {
    let s = |t: &str| json!({"type": t});
    let table: Vec<(&str, Value, Value, Vec<&str>)> = vec![
        ("no change", s("string"), s("string"), vec![]),
        ("description changed (not enforced)",
         json!({"type": "string", "description": "a"}), json!({"type": "string", "description": "b"}), vec![]),
        ("type changed", s("string"), s("integer"),
         vec![r#"v1: ^.spec.field: type: type changed : "string" -> "integer""#]),
        ("enum value removed",
         json!({"type": "string", "enum": ["a", "b"]}), json!({"type": "string", "enum": ["a"]}),
         vec![r#"v1: ^.spec.field: enum: allowed enum values removed : ["b"]"#]),
        ("enum value added (allowed by OLM)",
         json!({"type": "string", "enum": ["a"]}), json!({"type": "string", "enum": ["a", "b"]}), vec![]),
        ("enum net new",
         s("string"), json!({"type": "string", "enum": ["a"]}),
         vec![r#"v1: ^.spec.field: enum: enum constraint added when there was none previously : ["a"]"#]),
        ("maximum decreased",
         json!({"type": "number", "maximum": 20.5}), json!({"type": "number", "maximum": 10}),
         vec!["v1: ^.spec.field: maximum: maximum decreased : 20.5 -> 10"]),
        ("maximum increased", json!({"type": "number", "maximum": 10}), json!({"type": "number", "maximum": 20}), vec![]),
        ("maximum net new", s("number"), json!({"type": "number", "maximum": 1000000}),
         vec!["v1: ^.spec.field: maximum: maximum constraint added when there was none previously : 1e+06"]),
        ("maxItems decreased",
         json!({"type": "array", "maxItems": 5}), json!({"type": "array", "maxItems": 3}),
         vec!["v1: ^.spec.field: maxItems: maximum decreased : 5 -> 3"]),
        ("minimum increased",
         json!({"type": "integer", "minimum": 1}), json!({"type": "integer", "minimum": 10}),
         vec!["v1: ^.spec.field: minimum: minimum increased : 1 -> 10"]),
        ("minimum decreased", json!({"type": "integer", "minimum": 10}), json!({"type": "integer", "minimum": 1}), vec![]),
        ("minLength net new", s("string"), json!({"type": "string", "minLength": 3}),
         vec!["v1: ^.spec.field: minLength: minimum constraint added when there was none previously : 3"]),
        ("minProperties increased",
         json!({"type": "object", "minProperties": 1}), json!({"type": "object", "minProperties": 2}),
         vec!["v1: ^.spec.field: minProperties: minimum increased : 1 -> 2"]),
        ("default changed (object, compared as Go encodes it)",
         json!({"type": "object", "default": {"b": "x", "a": 1}}), json!({"type": "object", "default": {"a": 2, "b": "x"}}),
         vec![r#"v1: ^.spec.field: default: default value changed : "{\"a\":1,\"b\":\"x\"}" -> "{\"a\":2,\"b\":\"x\"}""#]),
        ("default keys reordered", json!({"default": {"b": 1, "a": 2}}), json!({"default": {"a": 2, "b": 1}}), vec![]),
        ("default removed", json!({"type": "string", "default": "x"}), s("string"),
         vec![r#"v1: ^.spec.field: default: default value removed : "\"x\"""#]),
        ("pattern removed", json!({"type": "string", "pattern": "^a$"}), s("string"),
         vec![r#"v1: ^.spec.field: pattern: pattern removed : "^a$" -> """#]),
        ("pattern changed", json!({"type": "string", "pattern": "^a$"}), json!({"type": "string", "pattern": "^b$"}),
         vec![r#"v1: ^.spec.field: pattern: pattern changed : "^a$" -> "^b$""#]),
        ("nullable removed", json!({"type": "string", "nullable": true}), s("string"),
         vec!["v1: ^.spec.field: nullable: nullable removed : true -> false"]),
        ("nullable added", s("string"), json!({"type": "string", "nullable": true}),
         vec!["v1: ^.spec.field: nullable: nullable added : false -> true"]),
        ("required net new",
         json!({"type": "object", "properties": {"a": s("string")}}),
         json!({"type": "object", "required": ["a"], "properties": {"a": s("string")}}),
         vec!["v1: ^.spec.field: required: new required fields: [a]"]),
        ("different field changed (unhandled)",
         json!({"type": "string", "format": ""}), json!({"type": "string", "format": "email"}),
         vec![r#"v1: ^.spec.field: unhandled: unhandled changes found (Format "" -> "email")"#]),
        ("id changed (unhandled)", json!({"id": "foo"}), json!({"id": "bar"}),
         vec![r#"v1: ^.spec.field: unhandled: unhandled changes found (ID "foo" -> "bar")"#]),
        ("list type added (unhandled)", s("array"), json!({"type": "array", "x-kubernetes-list-type": "atomic"}),
         vec![r#"v1: ^.spec.field: unhandled: unhandled changes found (XListType nil -> &"atomic")"#]),
    ];
    for (name, old, new, want) in table {
        assert_eq!(lines(old, new), want, "{name}");
    }
}

#[test]
fn crd_wide_validations_as_crdify_tests_them() {
    let schema = json!({"type": "object", "properties": {"fieldOne": {"type": "string"}, "fieldTwo": {"type": "string"}}});
    let fewer = json!({"type": "object", "properties": {"fieldOne": {"type": "string"}}});
    let old = typed(&crd(&[("v1alpha1", true, true, schema.clone())]));
    // existingFieldRemoval: the field gone from a version both CRDs have.
    let new = typed(&crd(&[("v1alpha1", true, true, fewer.clone())]));
    let got: Vec<String> = run(&old, &new).iter().map(|f| f.line()).collect();
    assert!(
        got.contains(&"existingFieldRemoval: removed field : v1alpha1.^.fieldTwo".to_string()),
        "{got:?}"
    );
    // A new served version without the field: a served-version finding, no field removal.
    let new = typed(&crd(&[
        ("v1alpha1", true, true, schema.clone()),
        ("v1alpha2", true, false, fewer.clone()),
    ]));
    let got: Vec<String> = run(&old, &new).iter().map(|f| f.line()).collect();
    assert_eq!(
        got,
        vec![r#"v1alpha1 -> v1alpha2: ^.fieldTwo: type: type changed : "string" -> """#]
    );
    // The same version unserved: nothing.
    let new = typed(&crd(&[
        ("v1alpha1", true, true, schema.clone()),
        ("v1alpha2", false, false, fewer),
    ]));
    assert!(run(&old, &new).is_empty());
    // scope.
    let mut cluster = crd(&[("v1alpha1", true, true, schema.clone())]);
    cluster["spec"]["scope"] = json!("Cluster");
    let got: Vec<String> = run(&old, &typed(&cluster))
        .iter()
        .map(|f| f.line())
        .collect();
    assert_eq!(
        got,
        vec![r#"scope: scope changed : "Namespaced" -> "Cluster""#]
    );
    // storedVersionRemoval: a stored version the new CRD no longer lists.
    let mut stored = typed(&crd(&[("v1alpha1", true, true, schema.clone())]));
    stored.stored_versions = vec!["v1alpha1".into()];
    let new = typed(&crd(&[("v1", true, true, schema)]));
    let got: Vec<String> = run(&stored, &new).iter().map(|f| f.line()).collect();
    assert!(
        got.contains(&"storedVersionRemoval: stored versions removed : [v1alpha1]".to_string()),
        "{got:?}"
    );
}

#[test]
fn served_version_problems_the_old_crd_had_are_not_reported_again() {
    // operator-controller: "success when old crd and new crd contain the exact same validation
    // issues" and the variant with one more issue.
    let v1 = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "foobarbaz": {"type": "string", "enum": ["a", "b"]}, "extraField": {"type": "boolean"}}}}});
    let v2 = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "foobarbaz": {"type": "string", "enum": ["a"]}, "extraField": {"type": "boolean"}}}}});
    let v2_extra = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "foobarbaz": {"type": "string", "enum": ["a"]}, "extraField": {"type": "string"}}}}});
    let old = typed(&crd(&[
        ("v1", true, false, v1.clone()),
        ("v2", true, true, v2.clone()),
    ]));
    assert!(run(&old, &old).is_empty());
    let new = typed(&crd(&[
        ("v1", true, false, v1.clone()),
        ("v2", true, true, v2_extra),
    ]));
    let got: Vec<String> = run(&old, &new).iter().map(|f| f.line()).collect();
    assert!(
        got.contains(
            &r#"v1 -> v2: ^.spec.extraField: type: type changed : "boolean" -> "string""#
                .to_string()
        ),
        "{got:?}"
    );
    assert!(
        !got.iter()
            .any(|l| l.contains("v1 -> v2: ^.spec.foobarbaz: enum")),
        "{got:?}"
    );
    // A webhook-converting new CRD skips the served-version comparisons.
    let mut webhook = crd(&[
        ("v1", true, false, v1.clone()),
        ("v2", true, true, v2.clone()),
    ]);
    webhook["spec"]["conversion"] = json!({"strategy": "Webhook"});
    let plain = typed(&crd(&[("v1", true, true, v1)]));
    assert!(run(&plain, &typed(&webhook)).is_empty());
    assert!(!run(
        &plain,
        &typed(&crd(&[
            ("v1", true, false, v2.clone()),
            ("v2", true, true, v2)
        ]))
    )
    .is_empty());
}

#[test]
fn operator_controller_message_format_and_verdicts() {
    let old = typed(&with_field(json!({"type": "string", "enum": ["a", "b"]})));
    let new = typed(&with_field(json!({"type": "integer", "enum": ["a"]})));
    let j = judge(
        &Content::Known(vec![old]),
        &Content::Known(vec![new.clone()]),
        None,
    );
    assert_eq!(j.olm_v1.verdict, Verdict::Unsafe);
    assert_eq!(
        j.olm_v1.message,
        "validating upgrade for CRD \"widgets.example.com\": v1: ^.spec.field: enum: allowed enum values removed : [\"b\"]\nv1: ^.spec.field: type: type changed : \"string\" -> \"integer\""
    );
    assert_eq!(j.olm_v1.checks.len(), 2);
    assert_eq!(j.olm_v1.checks[0].check, "enum");
    assert_eq!(j.olm_v0.verdict, Verdict::Safe);
    assert_eq!(j.olm_v0.message, "");
    // A CRD new in the `to` bundle is safe (not found on the cluster).
    let j = judge(&Content::Known(vec![]), &Content::Known(vec![new]), None);
    assert_eq!(j.olm_v1.verdict, Verdict::Safe);
}

#[test]
fn olm_v0_stored_versions_storage_moved_then_dropped() {
    // crd_e2e_test.go: a storage version moved in one bundle and dropped in the next is
    // unsafe for OLM v0; a served-only version dropped is safe.
    let s = json!({"type": "object"});
    let a = typed(&crd(&[
        ("v1alpha1", true, true, s.clone()),
        ("v1alpha2", true, false, s.clone()),
    ]));
    let b = typed(&crd(&[
        ("v1alpha1", true, false, s.clone()),
        ("v1alpha2", true, true, s.clone()),
    ]));
    let c = typed(&crd(&[("v1alpha2", true, true, s.clone())]));
    let j = judge(
        &Content::Known(vec![a.clone()]),
        &Content::Known(vec![b.clone()]),
        None,
    );
    assert_eq!(j.olm_v0.verdict, Verdict::Safe);
    let j = judge(
        &Content::Known(vec![a]),
        &Content::Known(vec![c.clone()]),
        None,
    );
    assert_eq!(j.olm_v0.verdict, Verdict::Unsafe);
    assert_eq!(
        j.olm_v0.message,
        "risk of data loss updating \"widgets.example.com\": new CRD removes version v1alpha1 that is listed as a stored version on the existing CRD"
    );
    // b's storage version is v1alpha2: dropping the served-only v1alpha1 is safe for OLM v0.
    let j = judge(&Content::Known(vec![b]), &Content::Known(vec![c]), None);
    assert_eq!(j.olm_v0.verdict, Verdict::Safe);
}
