//! operator-sdk's default `ClusterServiceVersionValidator` and its check of the bundle's other
//! objects (spec/preflight.md §17.3): the CSV's name, examples, install modes, minKubeVersion,
//! required fields, annotation names, `apiVersion` and `kind`; the kinds a registry+v1 bundle
//! may hold.

use std::collections::BTreeSet;

use serde_json::Value;

use super::osdk_bundle::{at, list, message, string, Found, SdkBundle};
use crate::semver::go_quote;

/// The kinds a registry+v1 bundle may hold besides the CSV and CRDs (operator-registry
/// v1.39.0, which operator-sdk v1.36.1 uses).
const SUPPORTED_KINDS: &[&str] = &[
    "ClusterServiceVersion",
    "CustomResourceDefinition",
    "ClusterRole",
    "ClusterRoleBinding",
    "Service",
    "ServiceAccount",
    "Role",
    "RoleBinding",
    "PrometheusRule",
    "ServiceMonitor",
    "Secret",
    "ConfigMap",
    "PodDisruptionBudget",
    "PriorityClass",
    "VerticalPodAutoscaler",
    "ConsoleYAMLSample",
    "ConsoleQuickStart",
    "ConsoleCLIDownload",
    "ConsoleLink",
];

const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const LABEL: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const MIN_KUBE_WARNING: &str = "csv.Spec.minKubeVersion is not informed. It is recommended you provide this information. Otherwise, it would mean that your operator project can be distributed and installed in any cluster version available, which is not necessarily the case for all projects.";

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?` and the label pattern, by hand.
fn dns_label(l: &str) -> bool {
    let ok = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit();
    l.starts_with(ok) && l.ends_with(ok) && l.chars().all(|c| ok(c) || c == '-')
}

/// Kubernetes' `IsDNS1123Subdomain` and `IsValidLabelValue` on a CSV name: their messages.
pub(crate) fn name_errors(name: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if name.len() > 253 {
        errs.push("must be no more than 253 characters".to_string());
    }
    if !name.split('.').all(dns_label) {
        errs.push(SUBDOMAIN.to_string());
    }
    if name.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    let alnum = |c: char| c.is_ascii_alphanumeric();
    let label_ok = name.is_empty()
        || (name.starts_with(alnum)
            && name.ends_with(alnum)
            && name.chars().all(|c| alnum(c) || "-_.".contains(c)));
    if !label_ok {
        errs.push(LABEL.to_string());
    }
    errs
}

/// `(csv) detail` as `ErrInvalidCSV` and `WarnInvalidCSV` print it.
fn invalid_csv(out: &mut Found, error: bool, csv: &str, detail: &str) {
    out.push(
        error,
        message(error, "", Some(""), &format!("({csv}) {detail}")),
    );
}

/// Go's `json.Unmarshal` syntax check of an example annotation: the error as the validator
/// words it (`invalid character at N` and the text up to the offending byte).
fn json_error(text: &str) -> Option<String> {
    if text.is_empty() {
        return None;
    }
    let e = serde_json::from_str::<serde::de::IgnoredAny>(text).err()?;
    if e.classify() == serde_json::error::Category::Eof {
        return Some("unexpected end of JSON input".to_string());
    }
    let line_start: usize = text
        .split_inclusive('\n')
        .take(e.line().saturating_sub(1))
        .map(str::len)
        .sum();
    let offset = (line_start + e.column()).min(text.len());
    let head = text.get(..offset).unwrap_or(text);
    Some(format!(
        "invalid character at {offset}\n {head}<--(see the invalid character)"
    ))
}

/// A group, version and kind as Go prints one.
fn gvk(group: &str, version: &str, kind: &str) -> String {
    format!("{group}/{version}, Kind={kind}")
}

/// The APIs the CSV provides: its owned CRDs (the name's part after the first `.` as group)
/// and owned API services.
fn provided_apis(csv: &Value, out: &mut Found) -> BTreeSet<String> {
    let mut provided = BTreeSet::new();
    for o in list(csv, &["spec", "customresourcedefinitions", "owned"]) {
        let name = string(o, &["name"]);
        let Some((_, group)) = name.split_once('.') else {
            let d = format!("couldn't parse plural.group from crd name: {name}");
            out.push(true, message(true, "", None, &d));
            continue;
        };
        provided.insert(gvk(group, string(o, &["version"]), string(o, &["kind"])));
    }
    for a in list(csv, &["spec", "apiservicedefinitions", "owned"]) {
        let g = gvk(
            string(a, &["group"]),
            string(a, &["version"]),
            string(a, &["kind"]),
        );
        provided.insert(g);
    }
    provided
}

/// `validateExamplesAnnotations` (spec/preflight.md §17.3). Examples and APIs are listed in
/// sorted order (the validator's Go maps have none).
fn examples(csv: &Value, name: &str, out: &mut Found) {
    let annotations = at(csv, &["metadata", "annotations"]).and_then(Value::as_object);
    let Some(a) = annotations.filter(|a| !a.is_empty()) else {
        return invalid_csv(out, false, name, "annotations not found");
    };
    let text = |k: &str| a.get(k).map(|v| v.as_str().unwrap_or("").to_string());
    let examples = match (text("alm-examples"), text("olm.examples")) {
        (None, None) => return invalid_csv(out, false, name, "example annotations not found"),
        (Some(alm), Some(_)) => {
            let d =
                "both `alm-examples` and `olm.examples` are present. Checking only `alm-examples`";
            invalid_csv(out, false, name, d);
            alm
        }
        (Some(x), None) | (None, Some(x)) => x,
    };
    if let Some(e) = json_error(&examples) {
        return out.push(true, message(true, "", Some(&e), "invalid example"));
    }
    let parsed: BTreeSet<String> = serde_json::from_str::<Value>(&examples)
        .ok()
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|u| {
            let (g, v) = string(u, &["apiVersion"])
                .split_once('/')
                .unwrap_or(("", string(u, &["apiVersion"])));
            gvk(g, v, string(u, &["kind"]))
        })
        .collect();
    let provided = provided_apis(csv, out);
    for e in parsed.difference(&provided) {
        out.push(
            true,
            message(true, "", Some(e), "example must have a provided API"),
        );
    }
    for p in provided.difference(&parsed) {
        let d = "provided API should have an example annotation";
        out.push(false, message(false, "", Some(p), d));
    }
}

/// `validateInstallModes`.
fn install_modes(csv: &Value, name: &str, out: &mut Found) {
    let modes = list(csv, &["spec", "installModes"]);
    if modes.is_empty() {
        return invalid_csv(out, true, name, "install modes not found");
    }
    let supported = |m: &Value| at(m, &["supported"]).and_then(Value::as_bool) == Some(true);
    let conversion = list(csv, &["spec", "webhookdefinitions"])
        .iter()
        .filter(|w| !list(w, &["conversionCRDs"]).is_empty())
        .count();
    let only_all = modes
        .iter()
        .all(|m| (string(m, &["type"]) == "AllNamespaces") == supported(m));
    for _ in 0..conversion {
        if !only_all {
            let d =
                "only AllNamespaces InstallModeType is supported when conversionCRDs is present";
            invalid_csv(out, true, name, d);
        }
    }
    if !modes.iter().any(supported) {
        invalid_csv(out, true, name, "none of InstallModeTypes are supported");
    }
}

/// blang/semver's strict `Parse`: `MAJOR.MINOR.PATCH[-pre][+build]`, no leading zeros.
fn strict_semver(v: &str) -> bool {
    let (core, build) = v.split_once('+').map_or((v, None), |(c, b)| (c, Some(b)));
    let (nums, pre) = core
        .split_once('-')
        .map_or((core, None), |(n, p)| (n, Some(p)));
    let ident =
        |i: &str| !i.is_empty() && i.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    let number = |n: &str| {
        !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit())
            && !(n.len() > 1 && n.starts_with('0'))
    };
    let parts: Vec<&str> = nums.split('.').collect();
    parts.len() == 3
        && parts.iter().all(|p| number(p))
        && pre.is_none_or(|p| {
            p.split('.')
                .all(|i| ident(i) && (!i.bytes().all(|b| b.is_ascii_digit()) || number(i)))
        })
        && build.is_none_or(|b| b.split('.').all(ident))
}

/// The required fields of the CSV's Go type that are empty (`checkEmptyFields`): the field
/// path as the validator prints it and whether it is a struct.
fn missing_fields(csv: &Value) -> Vec<(&'static str, &'static str)> {
    let empty = |v: Option<&Value>| match v {
        None | Some(Value::Null) => true,
        Some(Value::Object(m)) => m.is_empty(),
        Some(Value::String(s)) => s.is_empty(),
        Some(Value::Array(_)) => false,
        Some(Value::Bool(b)) => !b,
        Some(Value::Number(n)) => n.as_f64() == Some(0.0),
    };
    let mut out = Vec::new();
    if empty(at(csv, &["apiVersion"])) && empty(at(csv, &["kind"])) {
        out.push(("TypeMeta", "struct"));
    }
    if empty(at(csv, &["metadata"])) {
        out.push(("ObjectMeta", "struct"));
    }
    let Some(spec) = at(csv, &["spec"]).filter(|s| !empty(Some(s))) else {
        out.push(("Spec", "struct"));
        return out;
    };
    let install = at(spec, &["install"]);
    if install.is_none_or(|i| empty(Some(i))) {
        out.push(("Spec.InstallStrategy", "struct"));
    } else {
        let install = install.unwrap_or(&Value::Null);
        if empty(at(install, &["strategy"])) {
            out.push(("Spec.InstallStrategy.StrategyName", "field"));
        }
        let strategy = at(install, &["spec"]);
        if !empty(strategy) && at(install, &["spec", "deployments"]).is_none_or(Value::is_null) {
            out.push(("Spec.InstallStrategy.StrategySpec.DeploymentSpecs", "field"));
        }
    }
    if empty(at(spec, &["displayName"])) {
        out.push(("Spec.DisplayName", "field"));
    }
    out
}

/// The annotations whose case OLM reads exactly.
const CASE_SENSITIVE: &[&str] = &[
    "olm.operatorGroup",
    "olm.operatorNamespace",
    "olm.targetNamespaces",
    "olm.providedAPIs",
    "olm.skipRange",
];

/// `ValidateAnnotationNames` on the CSV's annotations (in the file's order; the validator
/// walks a Go map).
fn annotation_names(csv: &Value, name: &str, out: &mut Found) {
    let Some(a) = at(csv, &["metadata", "annotations"]).and_then(Value::as_object) else {
        return;
    };
    for key in a.keys() {
        let lower = key.to_lowercase();
        if let Some(k) = CASE_SENSITIVE.iter().find(|k| k.to_lowercase() == lower) {
            if key != k {
                let d =
                    format!("provided annotation {key} uses wrong case and should be {k} instead");
                out.push(true, message(true, "", Some(name), &d));
            }
        }
        if key == "olm.properties" {
            let d = "found olm.properties annotation, please define these properties in metadata/properties.yaml instead";
            out.push(false, message(false, "", Some(""), d));
        }
    }
}

/// `validateCSV` (spec/preflight.md §17.3).
///
/// # Complexity
/// O(A log A + E + M) for A annotations and provided APIs, E bytes of examples, M install
/// modes.
pub(crate) fn csv_validator(csv: &Value) -> Found {
    let mut out = Found::default();
    let name = string(csv, &["metadata", "name"]);
    let errs = name_errors(name);
    if !errs.is_empty() {
        let d = format!(
            "metadata.name {} is invalid: {}",
            go_quote(name),
            errs.join(",")
        );
        invalid_csv(&mut out, true, name, &d);
    }
    let replaces = string(csv, &["spec", "replaces"]);
    let errs = name_errors(replaces);
    if !replaces.is_empty() && !errs.is_empty() {
        let d = format!(
            "spec.replaces {} is invalid: {}",
            go_quote(replaces),
            errs.join(",")
        );
        invalid_csv(&mut out, true, name, &d);
    }
    examples(csv, name, &mut out);
    install_modes(csv, name, &mut out);
    let kube = string(csv, &["spec", "minKubeVersion"]);
    if kube.trim().is_empty() {
        invalid_csv(&mut out, false, name, MIN_KUBE_WARNING);
    } else if !strict_semver(kube) {
        let d = format!("csv.Spec.MinKubeVersion has an invalid value: {kube}");
        invalid_csv(&mut out, true, name, &d);
    }
    for (field, kind) in missing_fields(csv) {
        out.push(
            true,
            message(true, field, Some(kind), "required field missing"),
        );
    }
    annotation_names(csv, name, &mut out);
    let api = string(csv, &["apiVersion"]);
    if api.rsplit('/').next().unwrap_or("").is_empty() {
        invalid_csv(&mut out, true, name, "'apiVersion' is missing");
    }
    if string(csv, &["kind"]).is_empty() {
        invalid_csv(&mut out, true, name, "'kind' is missing");
    }
    out
}

/// `ValidateBundleContent`'s check of the other objects: a kind a registry+v1 bundle may not
/// hold.
pub(crate) fn unsupported_objects(b: &SdkBundle, out: &mut Found) {
    for o in &b.objects {
        let kind = string(o, &["kind"]);
        if kind.is_empty() || SUPPORTED_KINDS.contains(&kind) {
            continue;
        }
        let api = string(o, &["apiVersion"]);
        let (g, v) = api.split_once('/').unwrap_or(("", api));
        let d = "unsupported media type registry+v1 for bundle object";
        out.push(true, message(true, "", Some(&gvk(g, v, kind)), d));
    }
}
