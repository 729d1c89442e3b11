//! opm's model-building errors (operator-registry `TestConvertToModel`), row by row: the same
//! catalogs give the same messages, and the rest of the catalog still loads.

use crate::common;

use olm_graph_core::model::Catalog;
use olm_graph_core::{load_files, InputFile};
use serde_json::{json, Value};

const HEX64: &str = "abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234abcd1234";

/// Package `pkg` with channel `alpha` holding `foo.v0.1.0`, and that bundle after `edit`.
fn catalog(pkg: &str, edit: impl FnOnce(&mut Value)) -> Vec<Value> {
    let mut bundle = json!({
        "schema": "olm.bundle", "package": pkg, "name": "foo.v0.1.0",
        "image": "foo-bundle:v0.1.0",
        "relatedImages": [{"name": "bundle", "image": "foo-bundle:v0.1.0"}],
        "properties": [{"type": "olm.package", "value": {"packageName": pkg, "version": "0.1.0"}}]
    });
    edit(&mut bundle);
    vec![
        json!({"schema": "olm.package", "name": pkg, "defaultChannel": "alpha"}),
        json!({"schema": "olm.channel", "package": pkg, "name": "alpha",
               "entries": [{"name": "foo.v0.1.0"}]}),
        bundle,
    ]
}

fn load(objects: &[Value]) -> Catalog {
    let text: String = objects.iter().map(|o| format!("{o}\n")).collect();
    load_files(vec![InputFile::new("catalog.json", text)])
}

fn errors(c: &Catalog) -> Vec<String> {
    c.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect()
}

fn assert_error(objects: &[Value], expected: &str) {
    let c = load(objects);
    let errs = errors(&c);
    assert!(
        errs.iter().any(|m| m == expected),
        "expected {expected:?} among {errs:#?}"
    );
}

#[test]
fn a_package_name_with_dots() {
    assert_error(
        &catalog("foo.bar", |_| {}),
        r#"invalid package name "foo.bar": [must not contain dots]"#,
    );
}

#[test]
fn a_package_name_that_is_no_label_at_all() {
    let c = load(&catalog("Foo_Bar", |_| {}));
    let errs = errors(&c);
    assert!(
        errs.iter().any(|m| m.starts_with(
            r#"invalid package name "Foo_Bar": [a lowercase RFC 1123 label must consist of"#
        ) && m.ends_with("')]")),
        "{errs:#?}"
    );
}

#[test]
fn a_deprecation_item_without_a_package_is_numbered() {
    let mut objects = catalog("foo", |_| {});
    objects.push(json!({"schema": "olm.deprecations", "entries": [
        {"reference": {"schema": "olm.bundle", "name": "foo.v0.1.0"}, "message": "old"}
    ]}));
    assert_error(&objects, "package name must be set for deprecation item 0");
    // The second deprecation object of the catalog is item 1.
    let mut objects = catalog("foo", |_| {});
    objects.push(json!({"schema": "olm.deprecations", "package": "foo", "entries": []}));
    objects.push(json!({"schema": "olm.deprecations", "entries": []}));
    assert_error(&objects, "package name must be set for deprecation item 1");
}

#[test]
fn an_invalid_explicit_release() {
    let objects = catalog("foo", |b| {
        b["properties"][0]["value"]["release"] = json!("!!!");
    });
    assert_error(
        &objects,
        r#"error parsing bundle "foo.v0.1.0" release version "!!!": invalid release "!!!": segment 0: Invalid character(s) found in prerelease "!!!""#,
    );
}

#[test]
fn unsupported_digest_algorithms_on_the_bundle_image() {
    let ssha = format!("quay.io/operator-framework/foo-bundle@ssha256:{HEX64}abcd1234");
    let objects = catalog("foo", |b| b["image"] = json!(ssha));
    assert_error(
        &objects,
        &format!(
            r#"package "foo" bundle "foo.v0.1.0" image: invalid image pull spec "{ssha}": unsupported digest algorithm"#
        ),
    );
    let md5 = "quay.io/operator-framework/foo-bundle@md5:abcd1234abcd1234abcd1234abcd1234";
    let objects = catalog("foo", |b| b["image"] = json!(md5));
    assert_error(
        &objects,
        &format!(
            r#"package "foo" bundle "foo.v0.1.0" image: invalid image pull spec "{md5}": unsupported digest algorithm"#
        ),
    );
}

#[test]
fn an_unsupported_digest_on_a_related_image() {
    let bad = format!("quay.io/operator-framework/my-operator@ssha256:{HEX64}abcd1234");
    let objects = catalog("foo", |b| {
        b["relatedImages"] = json!([
            {"name": "bundle", "image": "foo-bundle:v0.1.0"},
            {"name": "operator", "image": bad},
        ]);
    });
    let c = load(&objects);
    let expected = format!(
        r#"package "foo" bundle "foo.v0.1.0" relatedImages[1].image: invalid image pull spec "{bad}": unsupported digest algorithm"#
    );
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.message == expected)
        .unwrap_or_else(|| panic!("{expected:?} among {:#?}", errors(&c)));
    let loc = d.location.as_ref().expect("a location");
    assert_eq!(loc.file, "catalog.json");
    assert_eq!(d.field.as_deref(), Some("relatedImages[1].image"));
    assert_eq!(d.bundle.as_deref(), Some("foo.v0.1.0"));
    // The rest still loads: the bundle is there, with both related images counted.
    let b = &c.package("foo").expect("package loads").bundles[0];
    assert_eq!(b.related_images, 2);
}

#[test]
fn valid_digests_and_tags_with_digests_load_without_error() {
    for image in [
        format!("quay.io/operator-framework/foo-bundle@sha256:{HEX64}"),
        format!("quay.io/operator-framework/foo-bundle:v0.1.0@sha256:{HEX64}"),
    ] {
        let objects = catalog("foo", |b| {
            b["image"] = json!(image);
            b["relatedImages"] = json!([{"name": "bundle", "image": image}]);
        });
        let c = load(&objects);
        assert_eq!(errors(&c), Vec::<String>::new(), "{image}");
    }
}

/// Every bundle image and related image of the real catalogs is a pull spec opm accepts.
#[test]
fn real_catalogs_have_no_pull_spec_errors() {
    let c = olm_graph_core::open::load_paths(&[common::catalogs_dir()]).expect("catalogs read");
    let bad: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("invalid image pull spec"))
        .map(|d| d.message.clone())
        .collect();
    assert!(c.packages.len() > 100, "the real catalogs load");
    assert_eq!(bad, Vec::<String>::new());
}
