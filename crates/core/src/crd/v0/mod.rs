//! OLM v0's checks when an InstallPlan updates a CRD
//! ([spec/crd-safety.md §4](../../../../../docs/spec/crd-safety.md)): the existing custom
//! resources validated against the new schema (`validate`), then the stored-version check.
//! OLM v0 runs the first only against the cluster's resources, so without `--state` only the
//! stored-version check can fail.

pub mod validate;

use serde_json::Value;

use super::schema::Crd;

/// The stored-version check: the first of the existing CRD's stored versions the new CRD does
/// not list, as OLM v0 words it (without its `risk of data loss updating "<crd>": ` prefix).
///
/// # Complexity
/// O(S · V) for S stored versions and V versions.
pub fn stored_version_removed(stored: &[String], new: &Crd) -> Option<String> {
    let gone = stored.iter().find(|s| new.version(s).is_none())?;
    Some(format!(
        "new CRD removes version {gone} that is listed as a stored version on the existing CRD"
    ))
}

/// The existing custom resources of `old`'s group and kind, each validated against the new
/// schema of every version both CRDs serve; the first failure as OLM v0 words it (without its
/// `error validating existing CRs against new CRD's schema for "<crd>": ` prefix).
///
/// # Complexity
/// O(V · R · n) for V common served versions and R resources of n values each.
pub fn existing_resources_invalid(old: &Crd, new: &Crd, resources: &[Value]) -> Option<String> {
    let mine: Vec<&Value> = resources
        .iter()
        .filter(|r| {
            let api = r
                .get("apiVersion")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let group = api.rsplit_once('/').map_or("", |(g, _)| g);
            r.get("kind").and_then(Value::as_str) == Some(new.kind.as_str()) && group == new.group
        })
        .collect();
    if mine.is_empty() {
        return None;
    }
    for nv in new.versions.iter().filter(|v| v.served) {
        if !old.versions.iter().any(|o| o.served && o.name == nv.name) {
            continue;
        }
        for r in &mine {
            let errs = validate::validate(&nv.schema, r);
            if errs.is_empty() {
                continue;
            }
            let meta = |k: &str| {
                r.pointer(&format!("/metadata/{k}"))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
            };
            let who = match meta("namespace") {
                "" => meta("name").to_string(),
                ns => format!("{ns}/{}", meta("name")),
            };
            let shown = if errs.len() == 1 {
                errs[0].clone()
            } else {
                format!("[{}]", errs.join(", "))
            };
            return Some(format!(
                "error validating {}/{}, Kind={} {}: updated validation is too restrictive: {shown}",
                new.group,
                nv.name,
                new.kind,
                super::gojson::quote(&who)
            ));
        }
    }
    None
}
