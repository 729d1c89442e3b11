//! Two optional validators of operator-framework/api that the `operatorframework` suite runs
//! (spec/preflight.md §17.4, §17.5): `AlphaDeprecatedAPIsValidator` (APIs removed in
//! Kubernetes 1.22, 1.25 and 1.26, errors from the `k8s-version` the pipeline passes) and
//! `GoodPracticesValidator` (resource requests, CRD descriptions, channel names, CRD
//! permissions, the CSV's name).

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::osdk_bundle::{list, message, string, Found, SdkBundle};
use crate::semver::go_quote;

/// A version as blang/semver's `ParseTolerant` reads it, for comparisons: the three numbers and
/// whether it has a pre-release (which sorts before the release).
type Tolerant = (u64, u64, u64, bool);

/// blang/semver's `ParseTolerant`: spaces and a leading `v` dropped, leading zeros dropped,
/// missing minor and patch read as 0 (spec/preflight.md §17.4).
pub(crate) fn parse_tolerant(text: &str) -> Option<Tolerant> {
    let s = text.trim();
    let s = s.strip_prefix('v').unwrap_or(s);
    let mut parts: Vec<&str> = s.splitn(3, '.').collect();
    if parts.len() < 3 && parts.last().is_some_and(|p| p.contains(['+', '-'])) {
        return None;
    }
    while parts.len() < 3 {
        parts.push("0");
    }
    let (patch, rest) = match parts[2].find(['-', '+']) {
        Some(i) => (&parts[2][..i], &parts[2][i..]),
        None => (parts[2], ""),
    };
    let number = |p: &str| -> Option<u64> {
        let t = p.trim_start_matches('0');
        let t = if t.is_empty() && !p.is_empty() {
            "0"
        } else {
            t
        };
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    let ident_ok = |x: &str| {
        !x.is_empty()
            && x.split('.')
                .all(|i| !i.is_empty() && i.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
    };
    let (pre, build) = match rest.strip_prefix('-') {
        Some(r) => r
            .split_once('+')
            .map_or((Some(r), None), |(p, b)| (Some(p), Some(b))),
        None => (None, rest.strip_prefix('+')),
    };
    if pre.is_some_and(|p| !ident_ok(p)) || build.is_some_and(|b| !ident_ok(b)) {
        return None;
    }
    Some((
        number(parts[0])?,
        number(parts[1])?,
        number(patch)?,
        pre.is_some(),
    ))
}

/// `a >= (major, minor, 0)`.
fn at_least(a: Option<Tolerant>, major: u64, minor: u64) -> bool {
    a.is_some_and(|(x, y, z, pre)| {
        (x, y, z) > (major, minor, 0) || ((x, y, z) == (major, minor, 0) && !pre)
    })
}

/// Kinds of objects → names, as the validator collects the removed APIs.
type Removed = BTreeMap<String, Vec<String>>;

/// `group` and `version` of an `apiVersion`.
fn group_version(api: &str) -> (&str, &str) {
    api.split_once('/').unwrap_or(("", api))
}

/// The objects of kinds removed in Kubernetes 1.22 (spec/preflight.md §17.4).
fn removed_in_1_22(b: &SdkBundle) -> Removed {
    let mut found = Removed::new();
    let v1beta1: Vec<String> = b
        .crds
        .iter()
        .filter(|c| string(c, &["apiVersion"]) == "apiextensions.k8s.io/v1beta1")
        .map(|c| string(c, &["metadata", "name"]).to_string())
        .collect();
    if !v1beta1.is_empty() {
        found.insert("CRD".into(), v1beta1);
    }
    const KINDS: &[(&str, &[&str])] = &[
        ("scheduling.k8s.io/v1beta1", &["PriorityClass"]),
        (
            "rbac.authorization.k8s.io/v1beta1",
            &["Role", "ClusterRoleBinding", "RoleBinding", "ClusterRole"],
        ),
        ("apiregistration.k8s.io/v1beta1", &["APIService"]),
        ("authentication.k8s.io/v1beta1", &["TokenReview"]),
        (
            "authorization.k8s.io/v1beta1",
            &[
                "LocalSubjectAccessReview",
                "SelfSubjectAccessReview",
                "SubjectAccessReview",
            ],
        ),
        (
            "admissionregistration.k8s.io/v1beta1",
            &[
                "MutatingWebhookConfiguration",
                "ValidatingWebhookConfiguration",
            ],
        ),
        ("coordination.k8s.io/v1beta1", &["Lease"]),
        ("extensions/v1beta1", &["Ingress"]),
        ("networking.k8s.io/v1beta1", &["Ingress", "IngressClass"]),
        (
            "storage.k8s.io/v1beta1",
            &["CSIDriver", "CSINode", "StorageClass", "VolumeAttachment"],
        ),
        (
            "certificates.k8s.io/v1beta1",
            &["CertificateSigningRequest"],
        ),
    ];
    for o in &b.objects {
        let (api, kind) = (string(o, &["apiVersion"]), string(o, &["kind"]));
        if KINDS.iter().any(|(a, ks)| *a == api && ks.contains(&kind)) {
            let name = string(o, &["metadata", "name"]).to_string();
            found.entry(kind.to_string()).or_default().push(name);
        }
    }
    found
}

/// The group, version and kind removed in Kubernetes 1.25.
const REMOVED_1_25: &[(&str, &str, &str)] = &[
    ("batch", "v1beta1", "CronJob"),
    ("discovery.k8s.io", "v1beta1", "EndpointSlice"),
    ("events.k8s.io", "v1beta1", "Event"),
    ("autoscaling", "v2beta1", "HorizontalPodAutoscaler"),
    ("policy", "v1beta1", "PodDisruptionBudget"),
    ("policy", "v1beta1", "PodSecurityPolicy"),
    ("node.k8s.io", "v1beta1", "RuntimeClass"),
];

fn removed_gvk(api: &str, kind: &str) -> bool {
    let (g, v) = group_version(api);
    REMOVED_1_25.contains(&(g, v, kind))
}

/// The resources of permission rules the validator warns about for 1.25 (operator-framework/api
/// v0.23.0, the version operator-sdk v1.36.1 uses: every resource of the removed APIs, by group).
const RBAC_1_25: &[(&str, &str)] = &[
    ("batch", "cronjobs"),
    ("discovery.k8s.io", "endpointslices"),
    ("events.k8s.io", "events"),
    ("autoscaling", "horizontalpodautoscalers"),
    ("policy", "poddisruptionbudgets"),
    ("policy", "podsecuritypolicies"),
    ("node.k8s.io", "runtimeclasses"),
];

/// The CSV's references of 1.25: its CRD descriptions' resources (errors), and permission
/// rules on the resources of [`RBAC_1_25`] (warnings).
fn csv_refs_1_25(csv: &Value, found: &mut Removed, warns: &mut Removed) {
    let mut in_crds: BTreeSet<String> = BTreeSet::new();
    for field in ["Owned", "Required"] {
        let key = field.to_lowercase();
        for (i, d) in list(csv, &["spec", "customresourcedefinitions", &key])
            .iter()
            .enumerate()
        {
            for (j, r) in list(d, &["resources"]).iter().enumerate() {
                let kind = string(r, &["kind"]);
                in_crds.insert(format!("{}s", kind.to_lowercase()));
                if removed_gvk(string(r, &["version"]), kind) {
                    let name = format!("ClusterServiceVersion.Spec.CustomResourceDefinitions.{field}[{i}].Resource[{j}]");
                    found.entry(kind.to_string()).or_default().push(name);
                }
            }
        }
    }
    for (field, key) in [
        ("ClusterPermissions", "clusterPermissions"),
        ("Permissions", "permissions"),
    ] {
        for (i, p) in list(csv, &["spec", "install", "spec", key])
            .iter()
            .enumerate()
        {
            for (j, rule) in list(p, &["rules"]).iter().enumerate() {
                for g in list(rule, &["apiGroups"]) {
                    for r in list(rule, &["resources"]) {
                        let (g, r) = (g.as_str().unwrap_or(""), r.as_str().unwrap_or(""));
                        if in_crds.contains(r) || !RBAC_1_25.contains(&(g, r)) {
                            continue;
                        }
                        let at = format!("ClusterServiceVersion.Spec.InstallStrategy.StrategySpec.{field}[{i}].Rules[{j}]");
                        warns.entry(r.to_string()).or_default().push(at);
                    }
                }
            }
        }
    }
}

/// The objects removed in Kubernetes 1.25 (errors) and the permission rules on resources
/// removed with them (warnings).
fn removed_in_1_25(b: &SdkBundle) -> (Removed, Removed) {
    let (mut found, mut warns) = (Removed::new(), Removed::new());
    for o in &b.objects {
        let (api, kind) = (string(o, &["apiVersion"]), string(o, &["kind"]));
        if api == "operators.coreos.com/v1alpha1" {
            if kind == "ClusterServiceVersion" {
                csv_refs_1_25(o, &mut found, &mut warns);
            }
        } else if removed_gvk(api, kind) {
            let name = string(o, &["metadata", "name"]).to_string();
            found.entry(kind.to_string()).or_default().push(name);
        }
    }
    (found, warns)
}

/// The objects removed in Kubernetes 1.26.
fn removed_in_1_26(b: &SdkBundle) -> Removed {
    let mut found = Removed::new();
    for o in &b.objects {
        let (api, kind) = (string(o, &["apiVersion"]), string(o, &["kind"]));
        if api == "autoscaling/v2beta2" && kind == "HorizontalPodAutoscaler" {
            let name = string(o, &["metadata", "name"]).to_string();
            found.entry(kind.to_string()).or_default().push(name);
        }
    }
    found
}

/// Go's `%+q` of a list of strings: `["a" "b"]`.
fn go_list(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| go_quote(s)).collect();
    format!("[{}]", quoted.join(" "))
}

/// `DeprecateMessage` for one Kubernetes version: the kinds sorted, each `Kind: (["name"])`;
/// with more than one kind each is followed by `,` (the validator's own counting).
fn removed_message(major: u64, minor: u64, found: &Removed) -> String {
    let many = found.len() > 1;
    let apis: String = found
        .iter()
        .map(|(k, v)| format!("{k}: ({}){}", go_list(v), if many { "," } else { "" }))
        .collect();
    format!("this bundle is using APIs which were deprecated and removed in v{major}.{minor}. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v{major}-{minor}. Migrate the API(s) for {apis}")
}

/// `validateDeprecatedAPIS` with the `k8s-version` given (`None`: not given): the errors and
/// warnings, unprefixed (spec/preflight.md §17.4).
///
/// # Complexity
/// O(N log N) for N objects, CRD descriptions and permission rules.
pub(crate) fn deprecated_apis(b: &SdkBundle, k8s: Option<&str>) -> (Vec<String>, Vec<String>) {
    let (mut errs, mut warns) = (Vec::new(), Vec::new());
    let provided = k8s.filter(|v| !v.is_empty());
    let provided_v = provided.and_then(parse_tolerant);
    if let (Some(v), None) = (provided, provided_v) {
        errs.push(format!(
            "invalid value informed via the k8s key option : {v}"
        ));
    }
    let min_kube = string(b.csv, &["spec", "minKubeVersion"]);
    let mut min_v = None;
    if !min_kube.is_empty() {
        min_v = parse_tolerant(min_kube);
        if min_v.is_none() {
            errs.push(format!("unable to use csv.Spec.MinKubeVersion to verify the CRD/Webhook apis because it has an invalid value: {min_kube}"));
        }
    }
    let (r25, w25) = removed_in_1_25(b);
    let checks = [
        (22, removed_in_1_22(b), Removed::new()),
        (25, r25, w25),
        (26, removed_in_1_26(b), Removed::new()),
    ];
    for (minor, found, warned) in checks {
        if !found.is_empty() {
            let m = removed_message(1, minor, &found);
            if at_least(provided_v, 1, minor) || at_least(min_v, 1, minor) {
                errs.push(m);
            } else {
                warns.push(m);
            }
        }
        if !warned.is_empty() {
            warns.push(removed_message(1, minor, &warned));
        }
    }
    (errs, warns)
}

/// `AlphaDeprecatedAPIsValidator` on the bundle, printed as operator-sdk prints it.
pub(crate) fn deprecated_apis_validator(b: &SdkBundle, k8s: Option<&str>) -> Found {
    let (errs, warns) = deprecated_apis(b, k8s);
    prefixed(b, errs, warns)
}

/// The findings of a validator that names the CSV as the value: `Error: Value <csv>: …`.
fn prefixed(b: &SdkBundle, errs: Vec<String>, warns: Vec<String>) -> Found {
    let mut out = Found::default();
    for e in errs {
        out.push(true, message(true, "", Some(&b.name), &e));
    }
    for w in warns {
        out.push(false, message(false, "", Some(&b.name), &w));
    }
    out
}

/// `validateResourceRequests`: the error when the CSV installs no deployment, the warning per
/// container without `resources.requests`.
fn resource_requests(csv: &Value, errs: &mut Vec<String>, warns: &mut Vec<String>) {
    let deployments = super::osdk_bundle::at(csv, &["spec", "install", "spec", "deployments"]);
    if deployments.is_none_or(Value::is_null) {
        errs.push("unable to find a deployment to install in the CSV".into());
        return;
    }
    for d in list(csv, &["spec", "install", "spec", "deployments"]) {
        for c in list(d, &["spec", "template", "spec", "containers"]) {
            let requests = super::osdk_bundle::at(c, &["resources", "requests"]);
            if requests.is_none_or(Value::is_null) {
                warns.push(format!("unable to find the resource requests for the container: ({}). It is recommended to ensure the resource request for CPU and Memory. Be aware that for some clusters configurations it is required to specify requests or limits for those values. Otherwise, the system or quota may reject Pod creation. More info: https://master.sdk.operatorframework.io/docs/best-practices/managing-resources/", string(c, &["name"])));
            }
        }
    }
}

/// `validateCrdDescriptions`: owned, then required CRDs without a description.
fn crd_descriptions(csv: &Value, warns: &mut Vec<String>) {
    for relation in ["owned", "required"] {
        for d in list(csv, &["spec", "customresourcedefinitions", relation]) {
            if string(d, &["description"]).is_empty() {
                let name = go_quote(string(d, &["name"]));
                warns.push(format!("{relation} CRD {name} has an empty description"));
            }
        }
    }
}

/// `validateHubChannels`: channels (and the default channel), trimmed, once each, that start
/// with none of `candidate`, `stable`, `fast`. The validator lists them in Go's map order,
/// which is not fixed; olm-graph sorts them.
pub(crate) fn hub_channels(channels: &[String], default: &str) -> Option<String> {
    let all: BTreeSet<&str> = channels
        .iter()
        .map(String::as_str)
        .chain([default])
        .map(str::trim)
        .collect();
    let bad: Vec<String> = all
        .into_iter()
        .filter(|c| {
            !c.is_empty()
                && !["candidate", "stable", "fast"]
                    .iter()
                    .any(|p| c.starts_with(p))
        })
        .map(str::to_string)
        .collect();
    (!bad.is_empty()).then(|| format!("channel(s) {} are not following the recommended naming convention: https://olm.operatorframework.io/docs/best-practices/channel-naming", go_list(&bad)))
}

/// The warning of `validateRBACForCRDsWith`.
pub(crate) const CRD_RBAC: &str = "CSV contains permissions to create CRD. An Operator shouldn't deploy or manage other operators (such patterns are known as meta or super operators or include CRDs in its Operands). It's the Operator Lifecycle Manager's job to manage the deployment and lifecycle of operators.  Please, review the design of your solution and if you should not be using Dependency Resolution from OLM instead. More info: https://sdk.operatorframework.io/docs/best-practices/common-recommendation/";

/// `validateRBACForCRDsWith`: a permission rule on `apiextensions.k8s.io` CRDs (or `*`) with
/// `create`, `*` or `patch`.
pub(crate) fn crd_rbac(csv: &Value) -> bool {
    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
    ["permissions", "clusterPermissions"].iter().any(|key| {
        list(csv, &["spec", "install", "spec", key])
            .iter()
            .any(|p| {
                list(p, &["rules"]).iter().any(|r| {
                    let has = |k: &str, want: &[&str]| {
                        list(r, &[k])
                            .iter()
                            .any(|v| want.contains(&text(v).as_str()))
                    };
                    has("apiGroups", &["apiextensions.k8s.io"])
                        && has("resources", &["customresourcedefinitions", "*", "[*]"])
                        && has("verbs", &["create", "*", "[*]", "patch"])
                })
            })
    })
}

/// The leftmost suffix of `name` that is `MAJOR.MINOR.PATCH[-pre][+build]` as the validator's
/// pattern reads it (digits without the strict rule on leading zeros).
fn semver_suffix(name: &str) -> Option<&str> {
    let matches = |s: &str| -> bool {
        let (core, build) = s.split_once('+').map_or((s, None), |(c, b)| (c, Some(b)));
        if build.is_some_and(|b| {
            b.is_empty() || !b.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
        }) {
            return false;
        }
        let mut it = core.splitn(3, '.');
        let (a, b2, rest) = (
            it.next().unwrap_or(""),
            it.next().unwrap_or(""),
            it.next().unwrap_or(""),
        );
        let (c, pre) = rest
            .split_once('-')
            .map_or((rest, None), |(c, p)| (c, Some(p)));
        let digits = |x: &str| !x.is_empty() && x.bytes().all(|d| d.is_ascii_digit());
        let ident = |p: &str| {
            p.split('.')
                .all(|i| !i.is_empty() && i.bytes().all(|d| d.is_ascii_alphanumeric() || d == b'-'))
        };
        digits(a) && digits(b2) && digits(c) && pre.is_none_or(ident)
    };
    (0..name.len())
        .filter(|i| name.is_char_boundary(*i))
        .map(|i| &name[i..])
        .find(|s| s.starts_with(|c: char| c.is_ascii_digit()) && matches(s))
}

/// blang/semver's strict `Parse` on what [`semver_suffix`] found: no leading zeros in the
/// numbers or in numeric pre-release identifiers.
fn strict_semver(v: &str) -> bool {
    let core = v.split('+').next().unwrap_or(v);
    let (nums, pre) = core
        .split_once('-')
        .map_or((core, None), |(n, p)| (n, Some(p)));
    let no_zero = |x: &str| !(x.len() > 1 && x.starts_with('0'));
    nums.split('.').all(no_zero)
        && pre.is_none_or(|p| {
            p.split('.')
                .all(|i| !i.bytes().all(|b| b.is_ascii_digit()) || no_zero(i))
        })
}

/// `checkBundleName`: the CSV's name against `<operator-name>.v<semver>`.
pub(crate) fn bundle_name(name: &str) -> Vec<String> {
    let mut warns = Vec::new();
    if !semver_suffix(name).is_some_and(strict_semver) {
        warns.push(format!("csv.metadata.Name {name} is not following the versioning convention (MAJOR.MINOR.PATCH e.g 0.0.1): https://semver.org/"));
    }
    if name.matches(".v").count() != 1 {
        warns.push(format!("csv.metadata.Name {name} is not following the recommended naming convention: <operator-name>.v<semver> e.g. memcached-operator.v0.0.1"));
    }
    warns
}

/// `GoodPracticesValidator` on the bundle (spec/preflight.md §17.5).
///
/// # Complexity
/// O(D·C + R + H log H) for D deployments of C containers, R permission rules, H channels.
pub(crate) fn good_practices(b: &SdkBundle) -> Found {
    let (mut errs, mut warns) = (Vec::new(), Vec::new());
    resource_requests(b.csv, &mut errs, &mut warns);
    crd_descriptions(b.csv, &mut warns);
    warns.extend(hub_channels(&b.channels, &b.default_channel));
    if crd_rbac(b.csv) {
        warns.push(CRD_RBAC.to_string());
    }
    warns.extend(bundle_name(&b.name));
    prefixed(b, errs, warns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundle<'b>(csv: &'b Value, crds: &'b [Value], objects: Vec<&'b Value>) -> SdkBundle<'b> {
        SdkBundle {
            name: "etcdoperator.v0.9.4".into(),
            csv,
            objects,
            crds,
            channels: vec![],
            default_channel: String::new(),
            size: 1,
            compressed: 1,
        }
    }

    /// `TestValidateDeprecatedAPIS`' rows without a `k8s-version` (the pipeline always gives
    /// one, so these only run here): warnings, or errors from minKubeVersion.
    #[test]
    fn ported_test_validate_deprecated_apis_without_a_version() {
        let crds: Vec<Value> = ["etcdbackups", "etcdclusters", "etcdrestores"]
            .iter()
            .map(|n| serde_json::json!({"apiVersion": "apiextensions.k8s.io/v1beta1", "kind": "CustomResourceDefinition", "metadata": {"name": format!("{n}.etcd.database.coreos.com")}}))
            .collect();
        let m22 = "this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the API(s) for CRD: ([\"etcdbackups.etcd.database.coreos.com\" \"etcdclusters.etcd.database.coreos.com\" \"etcdrestores.etcd.database.coreos.com\"])".to_string();
        let csv = |kube: &str| serde_json::json!({"spec": {"minKubeVersion": kube}});
        // "should return a warning when has the CRD v1beta1 and minKubeVersion is informed"
        let c = csv("1.11.3");
        assert_eq!(
            deprecated_apis(&bundle(&c, &crds, vec![]), None),
            (vec![], vec![m22.clone()])
        );
        // minKubeVersion at 1.22: an error.
        let c = csv("1.22.0");
        assert_eq!(
            deprecated_apis(&bundle(&c, &crds, vec![]), None),
            (vec![m22.clone()], vec![])
        );
        // "should return an error when the k8sVersion informed is invalid"
        let c = csv("");
        assert_eq!(
            deprecated_apis(&bundle(&c, &crds, vec![]), Some("invalid")),
            (
                vec!["invalid value informed via the k8s key option : invalid".to_string()],
                vec![m22.clone()]
            )
        );
        // "should return a warning if the k8sVersion is empty and found removed APIs on 1.25"
        let hpa = serde_json::json!({"apiVersion": "autoscaling/v2beta1", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "memcached-operator-hpa"}});
        let pdb = serde_json::json!({"apiVersion": "policy/v1beta1", "kind": "PodDisruptionBudget", "metadata": {"name": "memcached-operator-policy-manager"}});
        let (errs, warns) = deprecated_apis(&bundle(&c, &[], vec![&hpa, &pdb]), Some(""));
        assert!(errs.is_empty());
        assert_eq!(warns, ["this bundle is using APIs which were deprecated and removed in v1.25. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-25. Migrate the API(s) for HorizontalPodAutoscaler: ([\"memcached-operator-hpa\"]),PodDisruptionBudget: ([\"memcached-operator-policy-manager\"]),"]);
    }

    /// blang/semver's `ParseTolerant` on the values the validators meet.
    #[test]
    fn versions_are_read_tolerantly() {
        assert_eq!(parse_tolerant("1.22"), Some((1, 22, 0, false)));
        assert_eq!(parse_tolerant(" v1.25.3 "), Some((1, 25, 3, false)));
        assert_eq!(parse_tolerant("1.026.0"), Some((1, 26, 0, false)));
        assert_eq!(parse_tolerant("1.22.0-alpha.1"), Some((1, 22, 0, true)));
        assert_eq!(parse_tolerant("1.22-alpha"), None);
        assert_eq!(parse_tolerant("invalid"), None);
        assert!(at_least(parse_tolerant("1.30"), 1, 26));
        assert!(!at_least(parse_tolerant("1.22.0-rc.1"), 1, 22));
    }
}
