//! crdify's checks of a whole CRD: `existingFieldRemoval`, `scope`, `storedVersionRemoval`
//! ([spec/crd-safety.md §3.1](../../../../../docs/spec/crd-safety.md)).

use std::collections::BTreeSet;

use super::flatten::flatten;
use crate::crd::gojson::quote;
use crate::crd::schema::Crd;

/// One error per property path of a version present in both CRDs that the new one lacks:
/// `removed field : <version>.<path>`.
///
/// # Complexity
/// O(V · S log S) for V versions of S schemas.
pub(crate) fn existing_field_removal(old: &Crd, new: &Crd) -> Vec<String> {
    let mut errs = Vec::new();
    for nv in &new.versions {
        let Some(ov) = old.version(&nv.name) else {
            continue;
        };
        let new_paths: BTreeSet<String> = flatten(&nv.schema).into_keys().collect();
        for path in flatten(&ov.schema).into_keys() {
            if !new_paths.contains(&path) {
                errs.push(format!("removed field : {}.{path}", nv.name));
            }
        }
    }
    errs
}

/// `scope changed : "Namespaced" -> "Cluster"`.
pub(crate) fn scope(old: &Crd, new: &Crd) -> Vec<String> {
    if old.scope == new.scope {
        return Vec::new();
    }
    vec![format!(
        "scope changed : {} -> {}",
        quote(&old.scope),
        quote(&new.scope)
    )]
}

/// The old CRD's stored versions that the new one does not list:
/// `stored versions removed : [v1alpha1]`.
pub(crate) fn stored_version_removal(old: &Crd, new: &Crd) -> Vec<String> {
    let removed: Vec<&str> = old
        .stored_versions
        .iter()
        .filter(|s| new.version(s).is_none())
        .map(String::as_str)
        .collect();
    if removed.is_empty() {
        return Vec::new();
    }
    vec![format!("stored versions removed : [{}]", removed.join(" "))]
}
