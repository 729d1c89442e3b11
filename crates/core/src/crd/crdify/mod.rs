//! OLM v1's CRD Upgrade Safety check: crdify under the configuration operator-controller runs
//! it with ([spec/crd-safety.md §3](../../../../../docs/spec/crd-safety.md)): conversion policy
//! `Ignore` (served-version comparisons skipped when the new CRD converts by webhook),
//! unhandled changes are errors, `description` run but not enforced, `enum` additions allowed.
//!
//! Three validators: the whole CRD (`crd_wide`), each version against the same version of the
//! old CRD, and each pair of served versions of the new CRD against each other, without the
//! problems the old CRD's served versions already had. Per property, one file per family of
//! checks (`bounds`, `values`, `shape`), then `unhandled` for whatever no check took.

mod bounds;
mod crd_wide;
pub mod flatten;
mod shape;
mod unhandled;
mod values;

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::gojson::kube_version_cmp;
use super::schema::{Crd, CrdVersion};
use flatten::{flatten, same_apart_from_children, without_children};

use crate::sort::SortWith;

type Schema = Map<String, Value>;
type Comparator = fn(&mut Schema, &mut Schema) -> Option<String>;
type CrdCheck = fn(&Crd, &Crd) -> Vec<String>;

/// The property checks, in the order findings are listed.
const PROPERTY_CHECKS: &[(&str, Comparator)] = &[
    ("default", values::default),
    ("enum", values::enumeration),
    ("maximum", |a, b| bounds::max("maximum", a, b)),
    ("maxItems", |a, b| bounds::max("maxItems", a, b)),
    ("maxLength", |a, b| bounds::max("maxLength", a, b)),
    ("maxProperties", |a, b| bounds::max("maxProperties", a, b)),
    ("minimum", |a, b| bounds::min("minimum", a, b)),
    ("minItems", |a, b| bounds::min("minItems", a, b)),
    ("minLength", |a, b| bounds::min("minLength", a, b)),
    ("minProperties", |a, b| bounds::min("minProperties", a, b)),
    ("required", shape::required),
    ("type", shape::type_),
    ("description", shape::description),
    ("pattern", shape::pattern),
    ("nullable", shape::nullable),
    ("oneOf", values::one_of),
];

/// One problem crdify reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// A version name, `"<older> -> <newer>"` for a served-version comparison, or empty for a
    /// check of the whole CRD.
    pub version: String,
    /// The property's path (`^.spec.foo`), empty for a check of the whole CRD.
    pub property: String,
    /// The check's name (`enum`, `storedVersionRemoval`, `unhandled`…).
    pub check: &'static str,
    /// What the check found.
    pub message: String,
}

impl Finding {
    /// The line operator-controller writes: `<check>: <msg>` for the whole CRD,
    /// `<version>: <property>: <check>: <msg>` for a property.
    pub fn line(&self) -> String {
        if self.version.is_empty() {
            format!("{}: {}", self.check, self.message)
        } else {
            format!(
                "{}: {}: {}: {}",
                self.version, self.property, self.check, self.message
            )
        }
    }
}

/// Every problem of upgrading `old` (as on the cluster, its stored versions included) to
/// `new`: the whole-CRD checks, then the same-version ones, then the served-version ones.
///
/// # Complexity
/// O(V² · S log S) for V versions of S schemas each (the served-version pairs), within the
/// limits of [`super::limits`].
pub fn run(old: &Crd, new: &Crd) -> Vec<Finding> {
    let mut out = Vec::new();
    let wide: [(&'static str, CrdCheck); 3] = [
        ("existingFieldRemoval", crd_wide::existing_field_removal),
        ("scope", crd_wide::scope),
        ("storedVersionRemoval", crd_wide::stored_version_removal),
    ];
    for (check, f) in wide {
        out.extend(f(old, new).into_iter().map(|message| Finding {
            version: String::new(),
            property: String::new(),
            check,
            message,
        }));
    }
    for ov in &old.versions {
        if let Some(nv) = new.version(&ov.name) {
            out.extend(compare_versions(&ov.name, &ov.schema, &nv.schema));
        }
    }
    if !new.webhook_conversion {
        let known: BTreeSet<(String, String, &str, String)> = served_pairs(old)
            .into_iter()
            .map(|f| (f.version, f.property, f.check, f.message))
            .collect();
        out.extend(served_pairs(new).into_iter().filter(|f| {
            let key = (
                f.version.clone(),
                f.property.clone(),
                f.check,
                f.message.clone(),
            );
            !known.contains(&key)
        }));
    }
    out
}

/// Each pair of served versions of `crd`, older first in Kubernetes' version order, compared.
fn served_pairs(crd: &Crd) -> Vec<Finding> {
    let mut served: Vec<&CrdVersion> = crd.versions.iter().filter(|v| v.served).collect();
    served.sort_with(|a, b| kube_version_cmp(&a.name, &b.name));
    let mut out = Vec::new();
    for (i, a) in served.iter().enumerate() {
        for b in &served[i + 1..] {
            let pair = format!("{} -> {}", a.name, b.name);
            out.extend(compare_versions(&pair, &a.schema, &b.schema));
        }
    }
    out
}

/// Every property of `a` whose schema (children apart) differs in `b`, or that `b` lacks,
/// through every property check and then `unhandled`.
///
/// # Complexity
/// O(S log S) for S schemas.
fn compare_versions(version: &str, a: &Value, b: &Value) -> Vec<Finding> {
    let (fa, fb) = (flatten(a), flatten(b));
    let empty = Schema::new();
    let mut out = Vec::new();
    for (path, old) in &fa {
        let new = match fb.get(path) {
            Some(n) if same_apart_from_children(old, n) => continue,
            Some(n) => *n,
            None => &empty,
        };
        let (mut x, mut y) = (without_children(old), without_children(new));
        let mut found = |check: &'static str, message: String| {
            out.push(Finding {
                version: version.to_string(),
                property: path.clone(),
                check,
                message,
            })
        };
        for (check, compare) in PROPERTY_CHECKS {
            if let Some(m) = compare(&mut x, &mut y) {
                found(check, m);
            }
        }
        if let Some(m) = unhandled::unhandled(&x, &y) {
            found("unhandled", m);
        }
    }
    out
}
