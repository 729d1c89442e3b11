//! Catalog image templates: the `olm.catalogImageTemplate` annotation of a CatalogSource,
//! resolved as OLM's catalog-template operator does.
//!
//! Upstream OLM substitutes `{kube_major_version}`, `{kube_minor_version}` and
//! `{kube_patch_version}` (from the cluster's version, parsed semantically); before a value is
//! known it substitutes the literal `missing` and reports the variable as unresolved. The
//! result must be a valid image reference (distribution's `reference.Parse`), otherwise braces
//! or other leftovers count as improper syntax. The design also names `{olm_*_version}`,
//! `{platform_architecture}` and downstream `{ocp_*_version}`, `{ocp_update_channels}`: with
//! [`Dialect::Extended`] olm-graph resolves those too when their values are given.

use serde::{Deserialize, Serialize};

use crate::pullspec::parse_reference;

/// Which variables are substituted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Dialect {
    /// Only the three `kube_*` variables, as upstream OLM; other `{...}` text stays and makes the
    /// reference invalid.
    Upstream,
    /// Every variable of the design (kube, OLM, OpenShift, architecture, update channels).
    #[default]
    Extended,
}

/// The cluster's values. Each is optional: a missing one leaves its variables unresolved.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClusterValues {
    /// The Kubernetes version, e.g. `v1.29.3+6af3663` (fills the three kube variables).
    pub kube_version: Option<String>,
    /// The OLM version, e.g. `0.28.0`.
    pub olm_version: Option<String>,
    /// The OpenShift version, e.g. `4.16.3`.
    pub ocp_version: Option<String>,
    /// The platform architecture, e.g. `amd64`.
    pub architecture: Option<String>,
    /// The OpenShift update channel(s), e.g. `stable-4.16`.
    pub ocp_update_channels: Option<String>,
}

/// Every variable olm-graph knows, in the order of the design document.
pub const VARIABLES: &[&str] = &[
    "{kube_major_version}",
    "{kube_minor_version}",
    "{kube_patch_version}",
    "{olm_major_version}",
    "{olm_minor_version}",
    "{olm_patch_version}",
    "{platform_architecture}",
    "{ocp_major_version}",
    "{ocp_minor_version}",
    "{ocp_patch_version}",
    "{ocp_update_channels}",
];

/// The outcome, as the CatalogSource's status conditions would show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    /// The `ResolvedImage` condition's message: the processed string, resolved or not.
    pub resolved_image: String,
    /// True when every variable resolved and the result is a valid image reference.
    pub ok: bool,
    /// The `TemplatesHaveResolved` condition's message.
    pub message: String,
    /// Unresolved variables in order of occurrence (as OLM lists them).
    pub unresolved: Vec<String>,
    /// Why the result is not a valid reference, when it is not.
    pub syntax_error: Option<String>,
}

/// Major, minor and patch of a version like `v1.29.3+6af3663`, `1.29.3` or `4.16` (Kubernetes'
/// semantic parsing: an optional `v`, then dot-separated numbers, then anything).
fn version_parts(text: &str) -> Option<(String, String, Option<String>)> {
    let t = text.trim();
    let t = t.strip_prefix('v').unwrap_or(t);
    let end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let core = &t[..end];
    let parts: Vec<&str> = core.split('.').collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some((
        parts[0].to_string(),
        parts[1].to_string(),
        parts.get(2).map(|p| p.to_string()),
    ))
}

fn value_of(var: &str, values: &ClusterValues) -> Option<String> {
    let part = |v: &Option<String>, i: usize| {
        v.as_deref()
            .and_then(version_parts)
            .and_then(|(a, b, c)| match i {
                0 => Some(a),
                1 => Some(b),
                _ => c,
            })
    };
    let nonempty = |v: &Option<String>| v.clone().filter(|s| !s.trim().is_empty());
    match var {
        "{kube_major_version}" => part(&values.kube_version, 0),
        "{kube_minor_version}" => part(&values.kube_version, 1),
        "{kube_patch_version}" => part(&values.kube_version, 2),
        "{olm_major_version}" => part(&values.olm_version, 0),
        "{olm_minor_version}" => part(&values.olm_version, 1),
        "{olm_patch_version}" => part(&values.olm_version, 2),
        "{ocp_major_version}" => part(&values.ocp_version, 0),
        "{ocp_minor_version}" => part(&values.ocp_version, 1),
        "{ocp_patch_version}" => part(&values.ocp_version, 2),
        "{platform_architecture}" => nonempty(&values.architecture),
        "{ocp_update_channels}" => nonempty(&values.ocp_update_channels),
        _ => None,
    }
}

/// Resolves a template against the cluster's values.
///
/// # Complexity
/// O(T · V) for a template of length T and V known variables.
pub fn resolve_template(template: &str, values: &ClusterValues, dialect: Dialect) -> Resolution {
    let known: &[&str] = match dialect {
        Dialect::Upstream => &VARIABLES[..3],
        Dialect::Extended => VARIABLES,
    };
    let mut out = String::with_capacity(template.len());
    let mut unresolved = Vec::new();
    let mut rest = template;
    while !rest.is_empty() {
        if let Some(var) = known.iter().find(|v| rest.starts_with(**v)) {
            match value_of(var, values) {
                Some(v) => out.push_str(&v),
                None => {
                    out.push_str("missing");
                    unresolved.push(var.to_string());
                }
            }
            rest = &rest[var.len()..];
        } else {
            let c = rest.chars().next().unwrap_or_default();
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    let syntax_error = parse_reference(&out).err().map(|e| e.to_string());
    let ok = unresolved.is_empty() && syntax_error.is_none();
    let quoted = format!("\"{}\"", unresolved.join("\", \""));
    let message = match (syntax_error.is_some(), unresolved.is_empty()) {
        (false, true) => "catalog image reference was successfully resolved".to_string(),
        (true, false) => format!(
            "cannot construct catalog image reference, because variable(s) {quoted} could not be resolved and one or more template(s) has improper syntax"
        ),
        (true, true) => {
            "cannot construct catalog image reference, because one or more template(s) has improper syntax".to_string()
        }
        (false, false) => {
            format!("cannot construct catalog image reference, because variable(s) {quoted} could not be resolved")
        }
    };
    Resolution {
        resolved_image: out,
        ok,
        message,
        unresolved,
        syntax_error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kube(v: &str) -> ClusterValues {
        ClusterValues {
            kube_version: Some(v.into()),
            ..ClusterValues::default()
        }
    }

    #[test]
    fn kube_variables_from_a_git_version() {
        let r = resolve_template(
            "quay.io/kube-release-v{kube_major_version}/catalog:v{kube_major_version}.{kube_minor_version}.{kube_patch_version}",
            &kube("v1.29.3+6af3663"),
            Dialect::Upstream,
        );
        assert!(r.ok, "{r:?}");
        assert_eq!(r.resolved_image, "quay.io/kube-release-v1/catalog:v1.29.3");
        assert_eq!(
            r.message,
            "catalog image reference was successfully resolved"
        );
    }

    #[test]
    fn every_extended_variable() {
        let values = ClusterValues {
            kube_version: Some("v1.30.2".into()),
            olm_version: Some("0.28.1".into()),
            ocp_version: Some("4.17.5".into()),
            architecture: Some("arm64".into()),
            ocp_update_channels: Some("stable-4.17".into()),
        };
        let t = "registry.example.com:5000/ocp{ocp_major_version}.{ocp_minor_version}.{ocp_patch_version}/olm{olm_major_version}.{olm_minor_version}.{olm_patch_version}/{platform_architecture}/kube{kube_major_version}.{kube_minor_version}.{kube_patch_version}:{ocp_update_channels}";
        let r = resolve_template(t, &values, Dialect::Extended);
        assert!(r.ok, "{r:?}");
        assert_eq!(
            r.resolved_image,
            "registry.example.com:5000/ocp4.17.5/olm0.28.1/arm64/kube1.30.2:stable-4.17"
        );
    }

    #[test]
    fn missing_value_gives_olms_message_and_the_literal_missing() {
        let r = resolve_template(
            "quay.io/x/catalog:v{kube_major_version}.{kube_minor_version}",
            &ClusterValues::default(),
            Dialect::Upstream,
        );
        assert!(!r.ok);
        assert_eq!(r.resolved_image, "quay.io/x/catalog:vmissing.missing");
        assert_eq!(
            r.unresolved,
            ["{kube_major_version}", "{kube_minor_version}"]
        );
        assert_eq!(
            r.message,
            "cannot construct catalog image reference, because variable(s) \"{kube_major_version}\", \"{kube_minor_version}\" could not be resolved"
        );
        let one = resolve_template(
            "quay.io/x/catalog:v{kube_major_version}",
            &ClusterValues::default(),
            Dialect::Upstream,
        );
        assert_eq!(
            one.message,
            "cannot construct catalog image reference, because variable(s) \"{kube_major_version}\" could not be resolved"
        );
    }

    #[test]
    fn improper_syntax() {
        let r = resolve_template(
            "quay.io/x/catalog:{kube_major_versio}",
            &kube("v1.29.0"),
            Dialect::Upstream,
        );
        assert_eq!(r.message, "cannot construct catalog image reference, because one or more template(s) has improper syntax");
        assert_eq!(r.resolved_image, "quay.io/x/catalog:{kube_major_versio}");
        // Upstream OLM does not know the OpenShift variables: they stay and break the reference.
        let up = resolve_template(
            "quay.io/x/catalog:v{ocp_minor_version}",
            &ClusterValues::default(),
            Dialect::Upstream,
        );
        assert!(up.syntax_error.is_some());
        assert!(up.unresolved.is_empty());
        // Extended: a missing OpenShift version is an unresolved variable instead.
        let ext = resolve_template(
            "quay.io/x/catalog:v{ocp_minor_version}",
            &ClusterValues::default(),
            Dialect::Extended,
        );
        assert_eq!(ext.unresolved, ["{ocp_minor_version}"]);
        assert!(ext.syntax_error.is_none());
    }

    #[test]
    fn unresolved_and_improper_syntax_together() {
        let r = resolve_template(
            "quay.io/x/{kube_major_version}/{bad}:v1",
            &ClusterValues::default(),
            Dialect::Upstream,
        );
        assert_eq!(
            r.message,
            "cannot construct catalog image reference, because variable(s) \"{kube_major_version}\" could not be resolved and one or more template(s) has improper syntax"
        );
    }

    #[test]
    fn the_disabled_gvk_template_is_not_substituted() {
        let t = "quay.io/sample/catalog:{group:foo.example.com,version:v1,kind:Sample,name:MySample,namespace:ns,jsonpath:{.spec.foo.bar}}";
        let r = resolve_template(t, &kube("v1.29.0"), Dialect::Extended);
        assert!(r.syntax_error.is_some());
        assert_eq!(r.resolved_image, t);
    }

    #[test]
    fn a_bad_kube_version_leaves_variables_unresolved() {
        let r = resolve_template(
            "quay.io/x:v{kube_minor_version}",
            &kube("banana"),
            Dialect::Upstream,
        );
        assert_eq!(r.unresolved, ["{kube_minor_version}"]);
        let no_patch = resolve_template(
            "quay.io/x:v{kube_patch_version}",
            &kube("v1.29"),
            Dialect::Upstream,
        );
        assert_eq!(no_patch.unresolved, ["{kube_patch_version}"]);
    }
}
