//! operator-sdk's default validators on the bundle under test, as the two
//! `check_osdk_bundle_validate_*` checks run them (spec/preflight.md §17.2, §17.3): the bundle
//! as operator-framework/api reads a `manifests/` directory (every file's first document, the
//! CustomResourceDefinitions as the loader keeps them with `keep_crds`, the sizes), the
//! `BundleValidator` and the `CRDValidator`.

use std::collections::BTreeSet;

use serde_json::Value;

use super::python::get;
use super::tree::{BundleDir, SdkInputs, Tree};
use crate::load::{InputFile, LoadOptions};
use crate::semver::go_quote;

/// The length of `data` gzipped (Go's `compress/gzip` at its default level: a 10-byte header,
/// the deflate stream, an 8-byte trailer) then base64-encoded.
fn gzip_base64_len(data: &[u8]) -> u64 {
    let deflated = miniz_oxide::deflate::compress_to_vec(data, 6).len() as u64;
    (deflated + 18).div_ceil(3) * 4
}

/// Reads, for each operator's bundle under test, the inputs of [`SdkInputs`]: its files loaded
/// again with `keep_crds` (spec/preflight.md §17.2).
///
/// # Complexity
/// O(P·F + B) for P operators, F input files and B bytes of the bundles under test.
pub(super) fn attach(tree: &mut Tree, files: &[InputFile]) {
    for op in &mut tree.operators {
        let Some(dir) = op.bundle_under_test().map(|b| b.dir.clone()) else {
            continue;
        };
        let prefix = if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        };
        let mine: Vec<InputFile> = files
            .iter()
            .filter(|f| f.path.starts_with(&prefix))
            .cloned()
            .collect();
        let manifests = format!("{prefix}manifests/");
        let mut inputs = SdkInputs::default();
        for f in mine.iter().filter(|f| f.path.starts_with(&manifests)) {
            inputs.size += f.text.len() as u64;
            inputs.compressed += gzip_base64_len(f.text.as_bytes());
        }
        let options = LoadOptions {
            keep_crds: true,
            ..LoadOptions::default()
        };
        let catalog = crate::load::load_fbc(&mine, options, &mut |_| {});
        inputs.crds = catalog
            .packages
            .iter()
            .flat_map(|p| &p.bundles)
            .find_map(|b| b.crds.as_ref())
            .map(|c| c.objects.clone())
            .unwrap_or_default();
        if let Some(b) = op.bundles.iter_mut().find(|b| b.dir == dir) {
            b.sdk = Some(inputs);
        }
    }
}

/// One message as operator-sdk prints an `errors.Error` of operator-framework/api: its level,
/// then `Field …`, `Value …` and the detail (spec/preflight.md §17.1).
pub(super) fn message(error: bool, field: &str, value: Option<&str>, detail: &str) -> String {
    let level = if error { "Error" } else { "Warning" };
    match (field.is_empty(), value) {
        (false, Some(v)) => format!("{level}: Field {field}, Value {v}: {detail}"),
        (false, None) => format!("{level}: Field {field}: {detail}"),
        (true, Some(v)) => format!("{level}: Value {v}: {detail}"),
        (true, None) => format!("{level}: : {detail}"),
    }
}

/// One validator's result: its warnings and its errors (operator-sdk prints the warnings
/// first).
#[derive(Debug, Default)]
pub(crate) struct Found {
    pub warns: Vec<String>,
    pub errs: Vec<String>,
}

impl Found {
    pub(crate) fn push(&mut self, error: bool, m: String) {
        if error {
            self.errs.push(m);
        } else {
            self.warns.push(m);
        }
    }
}

/// The bundle as operator-framework/api reads a `manifests/` directory.
pub(crate) struct SdkBundle<'b> {
    /// The CSV's `metadata.name` (the bundle's name).
    pub name: String,
    pub csv: &'b Value,
    /// Every manifest's first document (the CSV and the CRDs among them).
    pub objects: Vec<&'b Value>,
    pub crds: &'b [Value],
    /// The channels of `operators.operatorframework.io.bundle.channels.v1` split at `,`, and
    /// the default channel.
    pub channels: Vec<String>,
    pub default_channel: String,
    pub size: u64,
    pub compressed: u64,
}

fn text(v: Option<&Value>) -> &str {
    v.and_then(Value::as_str).unwrap_or("")
}

/// A path of mappings, `""` where it ends.
pub(crate) fn at<'v>(v: &'v Value, path: &[&str]) -> Option<&'v Value> {
    path.iter().try_fold(v, |v, k| get(v, k))
}

/// The elements of a sequence at `path` (none when it is not one).
pub(crate) fn list<'v>(v: &'v Value, path: &[&str]) -> &'v [Value] {
    at(v, path)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// A string at `path` (`""` when absent or not a string).
pub(crate) fn string<'v>(v: &'v Value, path: &[&str]) -> &'v str {
    text(at(v, path))
}

impl<'b> SdkBundle<'b> {
    /// The bundle of a bundle directory with a CSV.
    pub(super) fn of(b: &'b BundleDir, empty: &'b [Value]) -> Option<SdkBundle<'b>> {
        let (_, csv) = b.csv.as_ref()?;
        let annotations = b.annotations().unwrap_or_default();
        let ann = |k: &str| {
            annotations
                .get(k)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        let sdk = b.sdk.as_ref();
        Some(SdkBundle {
            name: string(csv, &["metadata", "name"]).to_string(),
            csv,
            objects: b.manifests.iter().map(|(_, v)| v).collect(),
            crds: sdk.map_or(empty, |s| s.crds.as_slice()),
            channels: ann("operators.operatorframework.io.bundle.channels.v1")
                .split(',')
                .map(str::to_string)
                .collect(),
            default_channel: ann("operators.operatorframework.io.bundle.channel.default.v1"),
            size: sdk.map_or(0, |s| s.size),
            compressed: sdk.map_or(0, |s| s.compressed),
        })
    }
}

/// The annotations operator-registry's `ValidateBundleFormat` requires, in sorted order (it walks
/// a Go map, whose order is not fixed).
const FORMAT_LABELS: [&str; 6] = [
    "operators.operatorframework.io.bundle.channel.default.v1",
    "operators.operatorframework.io.bundle.channels.v1",
    "operators.operatorframework.io.bundle.manifests.v1",
    "operators.operatorframework.io.bundle.mediatype.v1",
    "operators.operatorframework.io.bundle.metadata.v1",
    "operators.operatorframework.io.bundle.package.v1",
];

/// The problems of `ValidateBundleFormat` (operator-registry v1.39.0) on a bundle directory
/// (spec/preflight.md §17.2).
fn format_problems(b: &BundleDir) -> Vec<String> {
    if b.manifests.is_empty() {
        return vec!["Unable to locate manifests directory".into()];
    }
    let Some(annotations) = b.annotations().filter(|a| !a.is_empty()) else {
        return vec!["Could not find annotations file".into()];
    };
    let is_csv = |v: &Value| string(v, &["kind"]) == "ClusterServiceVersion";
    let media = if b.manifests.iter().any(|(_, v)| is_csv(v)) {
        "registry+v1"
    } else {
        "plain"
    };
    let mut errs = Vec::new();
    for label in FORMAT_LABELS {
        let value = annotations.get(label);
        let text = value.and_then(Value::as_str).unwrap_or("");
        let q = go_quote(label);
        let default = label.ends_with("channel.default.v1");
        if value.is_none() && !default {
            errs.push(format!("Missing annotation {q}"));
        }
        if label.ends_with("mediatype.v1") && text != media {
            let (m, t) = (go_quote(media), go_quote(text));
            errs.push(format!(
                "Expecting annotation {q} to have value {m} instead of {t}"
            ));
        }
        let channels = label.ends_with("channels.v1");
        if text.is_empty() && (channels || (default && value.is_some())) {
            errs.push(format!("Expecting annotation {q} to have non-empty value"));
        }
    }
    errs
}

/// `ValidateBundleFormat`'s one message, as operator-sdk prints it: `error validating format in
/// <directory>: Bundle validation errors: <problems>`; the directory is the bundle directory's
/// path as olm-graph read it.
pub(crate) fn bundle_format(b: &BundleDir) -> Option<String> {
    let problems = format_problems(b);
    (!problems.is_empty()).then(|| {
        format!(
            "error validating format in {}: Bundle validation errors: {}",
            b.dir,
            problems.join(",")
        )
    })
}

/// A group, version and kind as Go's `schema.GroupVersionKind` prints it.
fn gvk(group: &str, version: &str, kind: &str) -> String {
    format!("{group}/{version}, Kind={kind}")
}

/// The keys (`group/version, Kind=kind`) of the CRDs in the bundle, each version of each CRD
/// (a v1beta1 CRD without `versions`: its `version`).
fn bundle_crd_keys(crds: &[Value]) -> Vec<(String, String, String)> {
    let mut keys = Vec::new();
    for crd in crds {
        let group = string(crd, &["spec", "group"]);
        let kind = string(crd, &["spec", "names", "kind"]);
        let versions = list(crd, &["spec", "versions"]);
        let v1beta1 = string(crd, &["apiVersion"]) == "apiextensions.k8s.io/v1beta1";
        if v1beta1 && versions.is_empty() {
            let v = string(crd, &["spec", "version"]);
            keys.push((group.into(), v.into(), kind.into()));
        }
        for v in versions {
            let name = string(v, &["name"]);
            keys.push((group.into(), name.into(), kind.into()));
        }
    }
    keys
}

/// `validateOwnedCRDs`: duplicate CRD keys, owned CRDs missing from the bundle, CRDs the CSV
/// does not own (spec/preflight.md §17.2).
///
/// # Complexity
/// O((C + O) log C) for C CRD versions and O owned CRDs.
fn owned_crds(b: &SdkBundle, out: &mut Found) {
    let bundle = go_quote(&b.name);
    let mut keys: BTreeSet<(String, String, String)> = BTreeSet::new();
    for k in bundle_crd_keys(b.crds) {
        let key = gvk(&k.0, &k.1, &k.2);
        if !keys.insert(k) {
            let d = format!("duplicate CRD {} in bundle {bundle}", go_quote(&key));
            out.push(true, message(true, "", Some(&key), &d));
        }
    }
    let mut owned_kinds: BTreeSet<(String, String)> = BTreeSet::new();
    for owned in list(b.csv, &["spec", "customresourcedefinitions", "owned"]) {
        let name = string(owned, &["name"]);
        let group = name.split_once('.').map_or(name, |(_, g)| g).to_string();
        let (version, kind) = (string(owned, &["version"]), string(owned, &["kind"]));
        let k = (group, version.to_string(), kind.to_string());
        let key = gvk(&k.0, &k.1, &k.2);
        if keys.remove(&k) {
            owned_kinds.insert((k.0, k.2));
        } else {
            let d = format!("owned CRD {} not found in bundle {bundle}", go_quote(&key));
            out.push(true, message(true, "", Some(&key), &d));
        }
    }
    for k in keys {
        if owned_kinds.contains(&(k.0.clone(), k.2.clone())) {
            continue;
        }
        let key = gvk(&k.0, &k.1, &k.2);
        let d = format!(
            "CRD {} is present in bundle {bundle} but not defined in CSV",
            go_quote(&key)
        );
        out.push(true, message(true, "", Some(&key), &d));
    }
}

/// `validateServiceAccounts`: a ServiceAccount of the bundle named as a deployment's.
fn service_accounts(b: &SdkBundle, out: &mut Found) {
    let deployments = list(b.csv, &["spec", "install", "spec", "deployments"]);
    let names: BTreeSet<&str> = deployments
        .iter()
        .map(|d| string(d, &["spec", "template", "spec", "serviceAccountName"]))
        .collect();
    for o in &b.objects {
        if string(o, &["apiVersion"]) != "v1" || string(o, &["kind"]) != "ServiceAccount" {
            continue;
        }
        let sa = string(o, &["metadata", "name"]);
        if names.contains(sa) {
            let d = format!("invalid service account found in bundle. This service account {sa} in your bundle is not valid, because a service account with the same name was already specified in your CSV. If this was unintentional, please remove the service account manifest from your bundle. If it was intentional to specify a separate service account, please rename the SA in either the bundle manifest or the CSV.");
            out.push(true, message(true, "", Some(sa), &d));
        }
    }
}

/// The largest compressed size operator-framework/api accepts: 1 MiB.
pub(crate) const MAX_BUNDLE_SIZE: u64 = 1 << 20;

/// Go's `formatBytesInUnit`: decimal units, one decimal.
fn bytes_in_unit(b: u64) -> String {
    if b < 1000 {
        return format!("{b} B");
    }
    let (mut div, mut exp) = (1000u64, 0usize);
    let mut n = b / 1000;
    while n >= 1000 {
        div *= 1000;
        exp += 1;
        n /= 1000;
    }
    let unit = b"kMGTPE"[exp.min(5)] as char;
    format!("{:.1} {unit}B", b as f64 / div as f64)
}

/// `validateBundleSize` (spec/preflight.md §17.2): the error over 1 MiB compressed, the
/// warning over 85% of it, the warnings when a size is unknown (zero).
pub(crate) fn bundle_size(name: &str, size: u64, compressed: u64, out: &mut Found) {
    let v = Some(name);
    if compressed == 0 {
        let d = "unable to check the bundle compressed size";
        return out.push(false, message(false, "", v, d));
    }
    if size == 0 {
        return out.push(
            false,
            message(false, "", v, "unable to check the bundle size"),
        );
    }
    let sizes = format!(
        "size=~{} , max={}. Bundle uncompressed size is {}",
        bytes_in_unit(compressed),
        bytes_in_unit(MAX_BUNDLE_SIZE),
        bytes_in_unit(size)
    );
    if compressed > MAX_BUNDLE_SIZE {
        let d = format!("maximum bundle compressed size with gzip size exceeded: {sizes}");
        out.push(true, message(true, "", v, &d));
    } else if compressed as f64 > MAX_BUNDLE_SIZE as f64 * 0.85 {
        let d = format!("nearing maximum bundle compressed size with gzip: {sizes}");
        out.push(false, message(false, "", v, &d));
    }
}

/// `BundleValidator` on the bundle (spec/preflight.md §17.2).
///
/// # Complexity
/// O((C + O) log C + M) for C CRD versions, O owned CRDs and M manifests.
pub(crate) fn bundle_validator(b: &SdkBundle) -> Found {
    let mut out = Found::default();
    owned_crds(b, &mut out);
    service_accounts(b, &mut out);
    bundle_size(&b.name, b.size, b.compressed, &mut out);
    out
}

/// A DNS-1035 label, as Kubernetes' `IsDNS1035Label` words its refusal.
fn dns1035(v: &str) -> Option<String> {
    let mut errs = Vec::new();
    if v.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    let ok = v.starts_with(|c: char| c.is_ascii_lowercase())
        && v.ends_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && v.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !ok {
        errs.push("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')".to_string());
    }
    (!errs.is_empty()).then(|| errs.join(","))
}

/// One Kubernetes field error as operator-framework/api passes it on: `Field`, `Value` (the
/// bad value as Go's `%v` prints it) and the field error's own text, where a string value is
/// quoted (spec/preflight.md §17.3). `None`: a `Required value` error.
fn field_error(field: &str, value: Option<(&str, &str)>, what: &str) -> String {
    match value {
        Some((plain, shown)) => {
            let detail = format!("{field}: Invalid value: {shown}: {what}");
            message(true, field, Some(plain), &detail)
        }
        None => message(true, field, Some(""), &format!("{field}: {what}")),
    }
}

/// A string value of a field error: plain, and quoted as Kubernetes prints it.
fn s(v: &str) -> (&str, String) {
    (v, go_quote(v))
}

/// The versions of a CRD as the API server reads it: v1's `versions`; v1beta1's, or its
/// `version` alone (served and stored) when it has none.
fn crd_versions(crd: &Value) -> Vec<(String, bool)> {
    let versions = list(crd, &["spec", "versions"]);
    let v1beta1 = string(crd, &["apiVersion"]) == "apiextensions.k8s.io/v1beta1";
    if v1beta1 && versions.is_empty() {
        let v = string(crd, &["spec", "version"]);
        return if v.is_empty() {
            Vec::new()
        } else {
            vec![(v.to_string(), true)]
        };
    }
    versions
        .iter()
        .map(|v| {
            let storage = at(v, &["storage"]).and_then(Value::as_bool) == Some(true);
            (string(v, &["name"]).to_string(), storage)
        })
        .collect()
}

/// `CRDValidator` on one CRD: the checks of Kubernetes' `ValidateCustomResourceDefinition`
/// olm-graph computes, outside `openAPIV3Schema` and `status` (spec/preflight.md §17.3).
///
/// # Complexity
/// O(V log V) for V versions.
pub(crate) fn crd_validator(crd: &Value) -> Found {
    let mut out = Found::default();
    let (group, plural) = (
        string(crd, &["spec", "group"]),
        string(crd, &["spec", "names", "plural"]),
    );
    let name = string(crd, &["metadata", "name"]);
    if name != format!("{plural}.{group}") {
        let w = "must be spec.names.plural+\".\"+spec.group";
        let (p, q) = s(name);
        out.errs
            .push(field_error("metadata.name", Some((p, &q)), w));
    }
    if group.is_empty() {
        out.errs
            .push(field_error("spec.group", None, "Required value"));
    } else if !group.contains('.') {
        let w = "should be a domain with at least one dot";
        let (p, q) = s(group);
        out.errs.push(field_error("spec.group", Some((p, &q)), w));
    }
    let v1beta1 = string(crd, &["apiVersion"]) == "apiextensions.k8s.io/v1beta1";
    match string(crd, &["spec", "scope"]) {
        "Cluster" | "Namespaced" => {}
        // v1beta1 defaults the scope to Namespaced.
        "" if v1beta1 => {}
        "" => out
            .errs
            .push(field_error("spec.scope", None, "Required value")),
        scope => {
            let d = format!(
                "spec.scope: Unsupported value: {}: supported values: \"Cluster\", \"Namespaced\"",
                go_quote(scope)
            );
            out.errs.push(message(true, "spec.scope", Some(scope), &d));
        }
    }
    let versions = crd_versions(crd);
    let mut seen = BTreeSet::new();
    let mut unique = true;
    for (i, (v, _)) in versions.iter().enumerate() {
        unique &= seen.insert(v.as_str());
        if let Some(e) = dns1035(v) {
            let f = format!("spec.versions[{i}].name");
            let (p, q) = s(v);
            out.errs.push(field_error(&f, Some((p, &q)), &e));
        }
    }
    let names: Vec<&str> = versions.iter().map(|(v, _)| v.as_str()).collect();
    let shown = format!("[{}]", names.join(" "));
    if !unique {
        let w = "must contain unique version names";
        out.errs
            .push(field_error("spec.versions", Some((&shown, &shown)), w));
    }
    if versions.iter().filter(|(_, s)| *s).count() != 1 {
        let w = "must have exactly one version marked as storage version";
        out.errs
            .push(field_error("spec.versions", Some((&shown, &shown)), w));
    }
    let version = string(crd, &["spec", "version"]);
    let listed = list(crd, &["spec", "versions"]);
    if v1beta1
        && !version.is_empty()
        && !listed.is_empty()
        && string(&listed[0], &["name"]) != version
    {
        let (p, q) = s(version);
        let w = "must match the first version in spec.versions";
        out.errs.push(field_error("spec.version", Some((p, &q)), w));
    }
    crd_names_and_conversion(crd, &mut out);
    out
}

/// The names and the conversion of a CRD (`spec.names`, `spec.conversion`).
fn crd_names_and_conversion(crd: &Value, out: &mut Found) {
    for field in ["plural", "kind"] {
        if string(crd, &["spec", "names", field]).is_empty() {
            let f = format!("spec.names.{field}");
            out.errs.push(field_error(&f, None, "Required value"));
        }
    }
    let v1 = string(crd, &["apiVersion"]) == "apiextensions.k8s.io/v1";
    let conversion = at(crd, &["spec", "conversion"]);
    let strategy = conversion.map_or("", |c| string(c, &["strategy"]));
    if strategy != "Webhook" {
        return;
    }
    let client = if v1 {
        conversion.and_then(|c| at(c, &["webhook", "clientConfig"]))
    } else {
        conversion.and_then(|c| at(c, &["webhookClientConfig"]))
    };
    if client.is_none_or(Value::is_null) {
        let f = "spec.conversion.webhookClientConfig";
        let w = "Required value: required when strategy is set to Webhook";
        out.errs.push(field_error(f, None, w));
    }
    let reviews = if v1 {
        conversion.and_then(|c| at(c, &["webhook", "conversionReviewVersions"]))
    } else {
        conversion.and_then(|c| at(c, &["conversionReviewVersions"]))
    };
    if reviews
        .and_then(Value::as_array)
        .is_none_or(|a| a.is_empty())
    {
        let f = "spec.conversion.conversionReviewVersions";
        out.errs.push(field_error(f, None, "Required value"));
    }
}

/// The CRDs' results in operator-sdk's order: the v1beta1 CRDs, then the v1 CRDs.
pub(crate) fn crds_in_order(crds: &[Value]) -> Vec<&Value> {
    let of = |api: &str| -> Vec<&Value> {
        crds.iter()
            .filter(|c| string(c, &["apiVersion"]) == api)
            .collect()
    };
    let mut out = of("apiextensions.k8s.io/v1beta1");
    out.extend(of("apiextensions.k8s.io/v1"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// operator-framework/api's `TestBundleSize`, its five rows (the sizes given, as upstream
    /// calls `validateBundleSize` with them).
    #[test]
    fn ported_test_bundle_size() {
        let run = |compressed: u64, size: u64| {
            let mut f = Found::default();
            bundle_size("", size, compressed, &mut f);
            (f.errs, f.warns)
        };
        let none: Vec<String> = Vec::new();
        // "should pass when the size is not bigger or closer of the limit"
        assert_eq!(
            run(MAX_BUNDLE_SIZE / 2, MAX_BUNDLE_SIZE / 2),
            (none.clone(), none.clone())
        );
        // "should warn when the size is closer of the limit"
        let near = MAX_BUNDLE_SIZE - 100_000;
        assert_eq!(
            run(near, near * 10),
            (none.clone(), vec!["Warning: Value : nearing maximum bundle compressed size with gzip: size=~948.6 kB , max=1.0 MB. Bundle uncompressed size is 9.5 MB".to_string()])
        );
        // "should warn when is not possible to check the size compressed"
        assert_eq!(
            run(0, MAX_BUNDLE_SIZE * 1024),
            (
                none.clone(),
                vec!["Warning: Value : unable to check the bundle compressed size".to_string()]
            )
        );
        // "should warn when is not possible to check the size"
        assert_eq!(
            run(MAX_BUNDLE_SIZE / 2, 0),
            (
                none.clone(),
                vec!["Warning: Value : unable to check the bundle size".to_string()]
            )
        );
        // "should raise an error when the size is bigger than the limit"
        assert_eq!(
            run(2 * MAX_BUNDLE_SIZE, 2 * MAX_BUNDLE_SIZE * 10),
            (vec!["Error: Value : maximum bundle compressed size with gzip size exceeded: size=~2.1 MB , max=1.0 MB. Bundle uncompressed size is 21.0 MB".to_string()], none)
        );
    }

    /// `Test_EnsureGetBundleSizeValue`: a bundle's sizes are computed (both above zero) and
    /// give no warning.
    #[test]
    fn bundle_sizes_are_computed() {
        let text = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n".repeat(20);
        let (size, compressed) = (text.len() as u64, gzip_base64_len(text.as_bytes()));
        assert!(size > 0 && compressed > 0 && compressed < size);
        let mut f = Found::default();
        bundle_size("x", size, compressed, &mut f);
        assert!(f.errs.is_empty() && f.warns.is_empty());
    }
}
