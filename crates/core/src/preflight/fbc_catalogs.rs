//! operator-pipelines' checks of an FBC operator's catalogs `catalogs/<version>/<operator>/`
//! (suite `common`): `check_bundle_images_in_fbc` (the repository's registry allow-list) and
//! `check_olm_bundle_object_in_fbc` (`olm.bundle.object` from OpenShift 4.17 on)
//! (spec/preflight.md §8).

use serde_json::Value;

use super::python::{get, truthy};
use super::tree::{OperatorCatalog, Tree};
use super::{Check, Outcome};

/// The pipeline's name of the registry check.
pub(super) const IMAGES: &str = "check_bundle_images_in_fbc";
/// The pipeline's name of the bundle-object check.
pub(super) const BUNDLE_OBJECT: &str = "check_olm_bundle_object_in_fbc";

/// The `olm.bundle` documents of an operator catalog.
fn bundles(c: &OperatorCatalog) -> impl Iterator<Item = &Value> {
    c.documents
        .iter()
        .filter(|d| get(d, "schema").and_then(Value::as_str) == Some("olm.bundle"))
}

/// `check_bundle_images_in_fbc`: per catalog, the bundle images that start with none of the
/// repository's `allowed_bundle_registries`; nothing is checked without that list
/// (spec/preflight.md §8.1).
///
/// # Complexity
/// O(D · R) for D documents and R allowed registries.
pub(super) fn images(tree: &Tree) -> Check {
    let allowed: Vec<&str> = tree
        .repo_config
        .as_ref()
        .and_then(|c| get(c, "allowed_bundle_registries"))
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut found = Vec::new();
    if allowed.is_empty() {
        return Check::from_findings(IMAGES, found);
    }
    for c in &tree.catalogs {
        let invalid: Vec<&str> = bundles(c)
            .filter_map(|b| {
                get(b, "image")
                    .filter(|i| truthy(i))
                    .and_then(Value::as_str)
            })
            .filter(|image| !allowed.iter().any(|r| image.starts_with(r)))
            .collect();
        if !invalid.is_empty() {
            found.push((
                Outcome::Fail,
                format!(
                    "Invalid bundle image(s) found in {}: {}. Only these registries are allowed for bundle images: {}.",
                    c.label(),
                    invalid.join(", "),
                    allowed.join(", ")
                ),
            ));
        }
    }
    Check::from_findings(IMAGES, found)
}

/// The pipeline's reading of a catalog name as OpenShift 4.17 or later: `v<major>.<minor>`
/// with major above 4, or 4 and minor 17 or more (spec/preflight.md §8.2).
pub(super) fn is_v4_17_plus(catalog: &str) -> bool {
    let Some((major, minor)) = catalog
        .strip_prefix('v')
        .and_then(|rest| rest.split_once('.'))
    else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(major) || !digits(minor) {
        return false;
    }
    // Digits too many for a u64 are above 4 and above 17.
    let major = major.parse::<u64>().unwrap_or(u64::MAX);
    let minor = minor.parse::<u64>().unwrap_or(u64::MAX);
    major > 4 || (major == 4 && minor >= 17)
}

/// `check_olm_bundle_object_in_fbc`: each catalog for OpenShift 4.17 or later whose first
/// `olm.bundle` carries an `olm.bundle.object` property (the pipeline looks at the first
/// bundle only) (spec/preflight.md §8.2).
///
/// # Complexity
/// O(D + P) per catalog for D documents and P properties of its first bundle.
pub(super) fn bundle_object(tree: &Tree) -> Check {
    let mut found = Vec::new();
    for c in tree.catalogs.iter().filter(|c| is_v4_17_plus(&c.catalog)) {
        let Some(first) = bundles(c).next() else {
            continue;
        };
        let props = get(first, "properties").and_then(Value::as_array);
        let has_object = props
            .into_iter()
            .flatten()
            .any(|p| get(p, "type").and_then(Value::as_str) == Some("olm.bundle.object"));
        if has_object {
            found.push((
                Outcome::Fail,
                format!(
                    "Bundle object found in {} catalog uses 'olm.bundle.object'. This is not allowed for catalogs with version `>= 4.17`. Render catalog again with latest [Makefile](https://redhat-openshift-ecosystem.github.io/operator-pipelines/users/fbc_workflow/#generate-catalogs-using-templates) using `make catalogs`. Bundle object is not supported in FBC.",
                    c.label()
                ),
            ));
        }
    }
    Check::from_findings(BUNDLE_OBJECT, found)
}
