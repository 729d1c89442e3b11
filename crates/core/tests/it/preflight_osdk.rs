//! operator-framework/api's own test tables for the validators the two
//! `check_osdk_bundle_validate_*` checks run beyond the CSV checks (spec/preflight.md §17):
//! `BundleValidator`, `CRDValidator`, `AlphaDeprecatedAPIsValidator`, `GoodPracticesValidator`.
//! Each case is written here as a small bundle directory of an operator repository and named by
//! its upstream test and row; the upstream fixtures are etcd and memcached bundles, of which only
//! what the row depends on is reproduced.

use olm_graph_core::load::InputFile;
use olm_graph_core::load_files;
use olm_graph_core::preflight::{self, Check, Outcome, Pipeline};

const FRAMEWORK: &str = "check_osdk_bundle_validate_operator_framework";
const HUB: &str = "check_osdk_bundle_validate_operatorhub";

/// A container with resource requests, as the upstream valid bundles have.
const REQUESTS: &str = "resources: {requests: {cpu: 10m, memory: 64Mi}}";

/// A CSV named `name`, owning `owned` (`name version kind` triples), whose one deployment runs
/// `containers` with service account `etcd-operator`; `extra` is added under `spec`.
fn csv(name: &str, owned: &[(&str, &str, &str)], containers: &str, extra: &str) -> String {
    let owned_list = owned;
    let owned: String = owned
        .iter()
        .map(|(n, v, k)| {
            format!("    - {{name: {n}, version: {v}, kind: {k}, description: {k} of etcd}}\n")
        })
        .collect();
    let examples: Vec<String> = owned_list
        .iter()
        .map(|(n, v, k)| {
            let group = n.split_once('.').map_or("", |(_, g)| g);
            format!("{{\"apiVersion\":\"{group}/{v}\",\"kind\":\"{k}\"}}")
        })
        .collect();
    let examples = examples.join(",");
    let owned = if owned.is_empty() {
        " []\n".to_string()
    } else {
        format!("\n{owned}")
    };
    format!(
        "apiVersion: operators.coreos.com/v1alpha1
kind: ClusterServiceVersion
metadata:
  name: {name}
  annotations:
    alm-examples: '[{examples}]'
spec:
  displayName: etcd
  installModes: [{{type: OwnNamespace, supported: true}}, {{type: AllNamespaces, supported: true}}]
  version: 0.9.4
  minKubeVersion: 1.16.0
  provider: {{name: CoreOS}}
  icon: [{{base64data: iVBORw0KGgo, mediatype: image/png}}]
  customresourcedefinitions:
    owned:{owned}  install:
    strategy: deployment
    spec:
      deployments:
      - name: etcd-operator
        spec:
          template:
            spec:
              serviceAccountName: etcd-operator
              containers: {containers}
{extra}"
    )
}

/// A v1 CRD of group `etcd.database.coreos.com` with the given versions (`name storage`).
fn crd_v1(plural: &str, kind: &str, versions: &[(&str, bool)]) -> String {
    let versions: String = versions
        .iter()
        .map(|(v, s)| format!("  - {{name: {v}, served: true, storage: {s}, schema: {{openAPIV3Schema: {{type: object}}}}}}\n"))
        .collect();
    format!(
        "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: {plural}.etcd.database.coreos.com
spec:
  group: etcd.database.coreos.com
  scope: Namespaced
  names: {{plural: {plural}, singular: x, kind: {kind}, listKind: {kind}List}}
  versions:
{versions}"
    )
}

/// A v1beta1 CRD of group `etcd.database.coreos.com`, version `v1beta2`.
fn crd_v1beta1(plural: &str, kind: &str) -> String {
    format!(
        "apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata:
  name: {plural}.etcd.database.coreos.com
spec:
  group: etcd.database.coreos.com
  scope: Namespaced
  version: v1beta2
  names: {{plural: {plural}, kind: {kind}}}
"
    )
}

/// An operator repository with one bundle: annotations (channels, OpenShift versions), the CSV
/// and the other manifests by file name.
fn bundle(csv: &str, manifests: &[(&str, String)], channels: &str, ocp: &str) -> Vec<InputFile> {
    let dir = "operators/etcd/0.9.4";
    let mut files = vec![
        InputFile::new(
            format!("{dir}/metadata/annotations.yaml"),
            format!("annotations:\n  operators.operatorframework.io.bundle.mediatype.v1: registry+v1\n  operators.operatorframework.io.bundle.manifests.v1: manifests/\n  operators.operatorframework.io.bundle.metadata.v1: metadata/\n  operators.operatorframework.io.bundle.package.v1: etcd\n  operators.operatorframework.io.bundle.channels.v1: {channels}\n  com.redhat.openshift.versions: {ocp}\n"),
        ),
        InputFile::new(format!("{dir}/manifests/etcd.clusterserviceversion.yaml"), csv),
    ];
    for (name, text) in manifests {
        files.push(InputFile::new(
            format!("{dir}/manifests/{name}"),
            text.clone(),
        ));
    }
    files
}

fn run(files: Vec<InputFile>, name: &str) -> Check {
    let cat = load_files(files.clone());
    let report = preflight::run_with_files(Pipeline::Community, &cat, &files, &[]);
    report
        .checks
        .into_iter()
        .find(|c| c.name == name)
        .expect("check")
}

/// The messages of the suite's run that contain `part`.
fn with(files: Vec<InputFile>, part: &str) -> Vec<String> {
    run(files, FRAMEWORK)
        .messages
        .into_iter()
        .filter(|m| m.contains(part))
        .collect()
}

const ETCD: (&str, &str, &str) = (
    "etcdclusters.etcd.database.coreos.com",
    "v1beta2",
    "EtcdCluster",
);

fn etcd_containers() -> String {
    format!("[{{name: etcd-operator, {REQUESTS}}}]")
}

/// `TestValidateBundle`: its six rows; the bundle validator's messages exactly.
#[test]
fn ported_test_validate_bundle() {
    let cs = etcd_containers();
    let cluster = || crd_v1("etcdclusters", "EtcdCluster", &[("v1beta2", true)]);
    let bundle_errors = |files| with(files, "bundle \"");
    // "registryv1 valid bundle"
    let valid = bundle(
        &csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""),
        &[("cluster.crd.yaml", cluster())],
        "stable",
        "v4.12",
    );
    assert_eq!(bundle_errors(valid.clone()), Vec::<String>::new());
    let all = run(valid, FRAMEWORK);
    assert_eq!(all.result, Outcome::Pass, "{all:?}");
    // "registryv1 valid bundle with multiple versions in CRD"
    let two = crd_v1(
        "etcdclusters",
        "EtcdCluster",
        &[("v1beta1", false), ("v1beta2", true)],
    );
    let valid2 = bundle(
        &csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""),
        &[("cluster.crd.yaml", two)],
        "stable",
        "v4.12",
    );
    assert_eq!(bundle_errors(valid2), Vec::<String>::new());
    // "registryv1 invalid bundle without CRD etcdclusters v1beta2 in bundle"
    let missing = bundle(
        &csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""),
        &[],
        "stable",
        "v4.12",
    );
    assert_eq!(
        bundle_errors(missing),
        ["Error: Value etcd.database.coreos.com/v1beta2, Kind=EtcdCluster: owned CRD \"etcd.database.coreos.com/v1beta2, Kind=EtcdCluster\" not found in bundle \"etcdoperator.v0.9.4\""]
    );
    // "registryv1 invalid bundle without CRD etcdclusters v1beta2 in CSV"
    let extra = bundle(
        &csv("etcdoperator.v0.9.4", &[], &cs, ""),
        &[("cluster.crd.yaml", cluster())],
        "stable",
        "v4.12",
    );
    assert_eq!(
        bundle_errors(extra),
        ["Error: Value etcd.database.coreos.com/v1beta2, Kind=EtcdCluster: CRD \"etcd.database.coreos.com/v1beta2, Kind=EtcdCluster\" is present in bundle \"etcdoperator.v0.9.4\" but not defined in CSV"]
    );
    // "registryv1 invalid bundle with duplicate CRD etcdclusters in bundle": a v1 and a
    // v1beta1 CRD of the same group, version and kind.
    let test_v1 = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: tests.test.example.com}\nspec:\n  group: test.example.com\n  scope: Namespaced\n  names: {plural: tests, kind: Test}\n  versions: [{name: v1alpha1, served: true, storage: true}]\n";
    let test_v1beta1 = "apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nmetadata: {name: tests.test.example.com}\nspec:\n  group: test.example.com\n  scope: Namespaced\n  version: v1alpha1\n  names: {plural: tests, kind: Test}\n";
    let dup = bundle(
        &csv(
            "test-operator.v0.0.1",
            &[("tests.test.example.com", "v1alpha1", "Test")],
            &cs,
            "",
        ),
        &[
            ("a.crd.yaml", test_v1.to_string()),
            ("b.crd.yaml", test_v1beta1.to_string()),
        ],
        "stable",
        "v4.12",
    );
    assert_eq!(
        bundle_errors(dup),
        ["Error: Value test.example.com/v1alpha1, Kind=Test: duplicate CRD \"test.example.com/v1alpha1, Kind=Test\" in bundle \"test-operator.v0.0.1\""]
    );
    // "invalid bundle service account can't match sa in csv" (and TestValidateServiceAccount's
    // second row; its first, a Deployment named as the account, is the valid bundle above).
    let sa = "apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: etcd-operator}\n".to_string();
    let with_sa = bundle(
        &csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""),
        &[("cluster.crd.yaml", cluster()), ("sa.yaml", sa)],
        "stable",
        "v4.12",
    );
    assert_eq!(
        with(with_sa, "service account"),
        ["Error: Value etcd-operator: invalid service account found in bundle. This service account etcd-operator in your bundle is not valid, because a service account with the same name was already specified in your CSV. If this was unintentional, please remove the service account manifest from your bundle. If it was intentional to specify a separate service account, please rename the SA in either the bundle manifest or the CSV."]
    );
}

/// `TestValidateCRD`: its five rows (the error each upstream row expects is contained in the
/// first error of the CRD's result, as upstream asserts).
#[test]
fn ported_test_validate_crd() {
    let cs = etcd_containers();
    let owned = [ETCD];
    let crd_errors = |crd: String| -> Vec<String> {
        let files = bundle(
            &csv("etcdoperator.v0.9.4", &owned, &cs, ""),
            &[("cluster.crd.yaml", crd)],
            "stable",
            "v4.12",
        );
        with(files, "Error: Field ")
    };
    // "registryv1 bundle/valid v1beta1 CRD"
    assert_eq!(
        crd_errors(crd_v1beta1("etcdclusters", "EtcdCluster")),
        Vec::<String>::new()
    );
    // "registryv1 bundle invalid v1beta1 CRD duplicate version"
    let dup = crd_v1beta1("etcdclusters", "EtcdCluster") + "  versions:\n  - {name: v1beta2, served: true, storage: true}\n  - {name: v1beta2, served: true, storage: false}\n";
    let e = crd_errors(dup);
    assert!(e[0].contains("must contain unique version names"), "{e:?}");
    assert_eq!(e[0], "Error: Field spec.versions, Value [v1beta2 v1beta2]: spec.versions: Invalid value: [v1beta2 v1beta2]: must contain unique version names");
    // "registryv1 bundle/valid v1 CRD"
    assert_eq!(
        crd_errors(crd_v1("etcdclusters", "EtcdCluster", &[("v1beta2", true)])),
        Vec::<String>::new()
    );
    // "registryv1 bundle invalid v1 CRD deprecated .spec.version field": v1 has no `version`,
    // so no version is stored.
    let deprecated = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: etcdclusters.etcd.database.coreos.com}\nspec:\n  group: etcd.database.coreos.com\n  scope: Namespaced\n  version: v1beta2\n  names: {plural: etcdclusters, kind: EtcdCluster}\n";
    let e = crd_errors(deprecated.to_string());
    assert!(
        e[0].contains("must have exactly one version marked as storage version"),
        "{e:?}"
    );
    // "registryv1 bundle invalid CRD no conversionReviewVersions"
    let webhook = crd_v1("etcdclusters", "EtcdCluster", &[("v1beta2", true)])
        + "  conversion:\n    strategy: Webhook\n    webhook:\n      clientConfig: {service: {name: s, namespace: n}}\n";
    assert_eq!(
        crd_errors(webhook),
        ["Error: Field spec.conversion.conversionReviewVersions, Value : spec.conversion.conversionReviewVersions: Required value"]
    );
    // And the name rule of the same validation.
    let misnamed = crd_v1("etcdclusters", "EtcdCluster", &[("v1beta2", true)])
        .replace("name: etcdclusters.etcd", "name: clusters.etcd");
    assert_eq!(
        crd_errors(misnamed),
        ["Error: Field metadata.name, Value clusters.etcd.database.coreos.com: metadata.name: Invalid value: \"clusters.etcd.database.coreos.com\": must be spec.names.plural+\".\"+spec.group"]
    );
}

/// `TestValidateDeprecatedAPIS` (and the `Test_GetRemovedAPIsOn1_2x` tables it rests on), with
/// the `k8s-version` the pipeline passes: `=v4.12` gives Kubernetes 1.25, `=v4.13` 1.26.
#[test]
fn ported_test_validate_deprecated_apis() {
    let cs = etcd_containers();
    let names = ["etcdbackups", "etcdclusters", "etcdrestores"];
    let kinds = ["EtcdBackup", "EtcdCluster", "EtcdRestore"];
    let owned: Vec<(String, &str, &str)> = names
        .iter()
        .zip(kinds)
        .map(|(n, k)| (format!("{n}.etcd.database.coreos.com"), "v1beta2", k))
        .collect();
    let owned: Vec<(&str, &str, &str)> =
        owned.iter().map(|(n, v, k)| (n.as_str(), *v, *k)).collect();
    let v1beta1: Vec<(String, String)> = names
        .iter()
        .zip(kinds)
        .map(|(n, k)| (format!("{n}.crd.yaml"), crd_v1beta1(n, k)))
        .collect();
    let manifests: Vec<(&str, String)> = v1beta1
        .iter()
        .map(|(f, t)| (f.as_str(), t.clone()))
        .collect();
    let crds_22 = "this bundle is using APIs which were deprecated and removed in v1.22. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-22. Migrate the API(s) for CRD: ([\"etcdbackups.etcd.database.coreos.com\" \"etcdclusters.etcd.database.coreos.com\" \"etcdrestores.etcd.database.coreos.com\"])";
    // "should return an error when the k8sVersion is >= 1.22 and has the deprecated API"
    let files = bundle(
        &csv("etcdoperator.v0.9.4", &owned, &cs, ""),
        &manifests,
        "stable",
        "=v4.12",
    );
    assert_eq!(
        with(files, "deprecated and removed"),
        [format!("Error: Value etcdoperator.v0.9.4: {crds_22}")]
    );
    // "should return an error when the csv.spec.minKubeVersion informed is invalid"
    let bad_kube = csv("etcdoperator.v0.9.4", &owned, &cs, "")
        .replace("minKubeVersion: 1.16.0", "minKubeVersion: invalid");
    let files = bundle(&bad_kube, &manifests, "stable", "=v4.12");
    assert_eq!(
        with(files, "etcdoperator.v0.9.4: unable to use"),
        ["Error: Value etcdoperator.v0.9.4: unable to use csv.Spec.MinKubeVersion to verify the CRD/Webhook apis because it has an invalid value: invalid"]
    );
    // "should return an error when the k8sVersion is >= 1.25 and found removed APIs on 1.25"
    // (Test_GetRemovedAPIsOn1_25From "should fail return the removed APIs in 1.25").
    let hpa = "apiVersion: autoscaling/v2beta1\nkind: HorizontalPodAutoscaler\nmetadata: {name: memcached-operator-hpa}\n".to_string();
    let pdb = "apiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata: {name: memcached-operator-policy-manager}\n".to_string();
    let cluster = crd_v1("etcdclusters", "EtcdCluster", &[("v1beta2", true)]);
    let files = bundle(
        &csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""),
        &[
            ("c.crd.yaml", cluster.clone()),
            ("hpa.yaml", hpa.clone()),
            ("pdb.yaml", pdb.clone()),
        ],
        "stable",
        "=v4.12",
    );
    assert_eq!(
        with(files, "deprecated and removed"),
        ["Error: Value etcdoperator.v0.9.4: this bundle is using APIs which were deprecated and removed in v1.25. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-25. Migrate the API(s) for HorizontalPodAutoscaler: ([\"memcached-operator-hpa\"]),PodDisruptionBudget: ([\"memcached-operator-policy-manager\"]),"]
    );
    // "should return warnings with all deprecated APIs in 1.25" (deprecated_api_1_25 of
    // operator-framework/api v0.23.0, the version operator-sdk v1.36.1 runs): its permission
    // rules in its order, its HorizontalPodAutoscaler and PodDisruptionBudget.
    let rule = |g: &str, r: &str| {
        format!("        - {{apiGroups: [\"{g}\"], resources: [{r}], verbs: [get]}}\n")
    };
    let cluster_rules: String = [
        ("apps", "deployments"),
        ("cache.example.com", "memcacheds"),
        ("cache.example.com", "memcacheds/finalizers"),
        ("cache.example.com", "memcacheds/status"),
        ("", "pods"),
        ("authentication.k8s.io", "tokenreviews"),
        ("authorization.k8s.io", "subjectaccessreviews"),
        ("batch", "cronjobs"),
    ]
    .iter()
    .map(|(g, r)| rule(g, r))
    .collect();
    let rules: String = [
        ("", "configmaps"),
        ("coordination.k8s.io", "leases"),
        ("events.k8s.io", "events"),
        ("discovery.k8s.io", "endpointslices"),
        ("autoscaling", "horizontalpodautoscalers"),
        ("policy", "poddisruptionbudgets, podsecuritypolicies"),
        ("node.k8s.io", "runtimeclasses"),
    ]
    .iter()
    .map(|(g, r)| rule(g, r))
    .collect();
    let with_rules = csv("etcdoperator.v0.9.4", &[ETCD], &cs, "").replace(
        "    spec:\n      deployments:",
        &format!("    spec:\n      clusterPermissions:\n      - serviceAccountName: etcd-operator\n        rules:\n{cluster_rules}      permissions:\n      - serviceAccountName: etcd-operator\n        rules:\n{rules}      deployments:"),
    );
    let files = bundle(
        &with_rules,
        &[
            ("c.crd.yaml", cluster.clone()),
            ("hpa.yaml", hpa.clone()),
            ("pdb.yaml", pdb.clone()),
        ],
        "stable",
        "=v4.12",
    );
    let at = |f: &str, i: usize| {
        format!(
            "([\"ClusterServiceVersion.Spec.InstallStrategy.StrategySpec.{f}[0].Rules[{i}]\"]),"
        )
    };
    assert_eq!(
        with(files, "deprecated and removed"),
        [
            "Warning: Value etcdoperator.v0.9.4: this bundle is using APIs which were deprecated and removed in v1.25. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-25. Migrate the API(s) for ".to_string()
                + &format!("cronjobs: {}endpointslices: {}events: {}horizontalpodautoscalers: {}poddisruptionbudgets: {}podsecuritypolicies: {}runtimeclasses: {}", at("ClusterPermissions", 7), at("Permissions", 3), at("Permissions", 2), at("Permissions", 4), at("Permissions", 5), at("Permissions", 5), at("Permissions", 6)),
            "Error: Value etcdoperator.v0.9.4: this bundle is using APIs which were deprecated and removed in v1.25. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-25. Migrate the API(s) for HorizontalPodAutoscaler: ([\"memcached-operator-hpa\"]),PodDisruptionBudget: ([\"memcached-operator-policy-manager\"]),".to_string(),
        ]
    );
    // "should return an error when the k8sVersion is >= 1.26 and found removed APIs on 1.26",
    // and with Kubernetes 1.25 the warning of "... k8sVersion is empty ..." (below 1.26).
    let hpa2 = "apiVersion: autoscaling/v2beta2\nkind: HorizontalPodAutoscaler\nmetadata: {name: memcached-operator-hpa}\n".to_string();
    let m26 = "this bundle is using APIs which were deprecated and removed in v1.26. More info: https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-26. Migrate the API(s) for HorizontalPodAutoscaler: ([\"memcached-operator-hpa\"])";
    for (ocp, level) in [("=v4.13", "Error"), ("=v4.12", "Warning")] {
        let files = bundle(
            &csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""),
            &[("c.crd.yaml", cluster.clone()), ("hpa.yaml", hpa2.clone())],
            "stable",
            ocp,
        );
        assert_eq!(
            with(files, "deprecated and removed"),
            [format!("{level}: Value etcdoperator.v0.9.4: {m26}")],
            "{ocp}"
        );
    }
    // "should return an empty map when no deprecated apis are found" (valid_bundle_v1).
    let files = bundle(
        &csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""),
        &[("c.crd.yaml", cluster)],
        "stable",
        "=v4.13",
    );
    assert_eq!(with(files, "deprecated and removed"), Vec::<String>::new());
}

/// `Test_ValidateGoodPractices`, `TestValidateHubChannels`, `TestValidateRBACForCRDsWith` and
/// `TestCheckBundleName` through whole bundles.
#[test]
fn ported_test_validate_good_practices() {
    let cs = etcd_containers();
    let cluster = crd_v1("etcdclusters", "EtcdCluster", &[("v1beta2", true)]);
    let go = |csv_text: String, channels: &str| -> Vec<String> {
        let files = bundle(
            &csv_text,
            &[("c.crd.yaml", cluster.clone())],
            channels,
            "v4.12",
        );
        run(files, FRAMEWORK)
            .messages
            .into_iter()
            .filter(|m| {
                m.starts_with("Warning: Value memcached")
                    || m.starts_with("Error: Value memcached")
                    || m.starts_with("Warning: Value etcd")
                    || m.starts_with("Error: Value etcd")
            })
            .collect()
    };
    // "should pass successfully when the resource request is set for all containers ..."
    assert_eq!(
        go(csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""), "stable"),
        Vec::<String>::new()
    );
    // "should raise an waring when the resource request is NOT set ..." (valid_bundle_v1)
    let bare = "[{name: kube-rbac-proxy}, {name: manager, resources: {limits: {cpu: 1}}}]";
    let rr = |c: &str| {
        format!("Warning: Value memcached-operator.v0.0.1: unable to find the resource requests for the container: ({c}). It is recommended to ensure the resource request for CPU and Memory. Be aware that for some clusters configurations it is required to specify requests or limits for those values. Otherwise, the system or quota may reject Pod creation. More info: https://master.sdk.operatorframework.io/docs/best-practices/managing-resources/")
    };
    assert_eq!(
        go(
            csv("memcached-operator.v0.0.1", &[ETCD], bare, ""),
            "stable"
        ),
        [rr("kube-rbac-proxy"), rr("manager")]
    );
    // "should fail when the csv.Spec.InstallStrategy.StrategySpec.DeploymentSpecs is nil"
    let no_deployments = csv("etcdoperator.v0.9.4", &[ETCD], &cs, "")
        .replace("      deployments:\n", "      deploymentsGone:\n");
    assert_eq!(
        go(no_deployments, "stable"),
        ["Error: Value etcdoperator.v0.9.4: unable to find a deployment to install in the CSV"]
    );
    // "should raise an warn when the channel does not follows the convention" and
    // TestValidateHubChannels' rows.
    let channel = |c: &str| {
        format!("Warning: Value memcached-operator.v0.0.1: channel(s) {c} are not following the recommended naming convention: https://olm.operatorframework.io/docs/best-practices/channel-naming")
    };
    let m = || csv("memcached-operator.v0.0.1", &[ETCD], &cs, "");
    assert_eq!(go(m(), "alpha"), [channel("[\"alpha\"]")]);
    assert_eq!(go(m(), "fast,candidate"), Vec::<String>::new());
    assert_eq!(go(m(), "mychannel-4.5"), [channel("[\"mychannel-4.5\"]")]);
    assert_eq!(
        go(m(), "alpha,fast-v2.1,candidate-v2.2"),
        [channel("[\"alpha\"]")]
    );
    // "should raise a warn when a CRD does not have a description"
    let no_desc = csv("etcdoperator.v0.9.4", &[ETCD], &cs, "")
        .replace(", description: EtcdCluster of etcd", "");
    assert_eq!(go(no_desc, "stable"), ["Warning: Value etcdoperator.v0.9.4: owned CRD \"etcdclusters.etcd.database.coreos.com\" has an empty description"]);
    // TestValidateRBACForCRDsWith: no permission rule on CRDs, then its four rows.
    let rbac = "Warning: Value etcdoperator.v0.9.4: CSV contains permissions to create CRD. An Operator shouldn't deploy or manage other operators (such patterns are known as meta or super operators or include CRDs in its Operands). It's the Operator Lifecycle Manager's job to manage the deployment and lifecycle of operators.  Please, review the design of your solution and if you should not be using Dependency Resolution from OLM instead. More info: https://sdk.operatorframework.io/docs/best-practices/common-recommendation/";
    for (resources, verbs, warned) in [
        ("[pods]", "[get]", false),
        ("[\"*\"]", "[\"*\"]", true),
        ("[customresourcedefinitions]", "[\"*\"]", true),
        ("[customresourcedefinitions]", "[create]", true),
        ("[customresourcedefinitions]", "[patch]", true),
    ] {
        let group = if warned {
            "apiextensions.k8s.io"
        } else {
            "\"\""
        };
        let text = csv("etcdoperator.v0.9.4", &[ETCD], &cs, "").replace(
            "    spec:\n      deployments:",
            &format!("    spec:\n      permissions:\n      - serviceAccountName: etcd-operator\n        rules:\n        - {{apiGroups: [{group}], resources: {resources}, verbs: {verbs}}}\n      deployments:"),
        );
        let want: Vec<String> = if warned {
            vec![rbac.to_string()]
        } else {
            vec![]
        };
        assert_eq!(go(text, "stable"), want, "{resources} {verbs}");
    }
    // TestCheckBundleName's rows.
    let version = |n: &str| {
        format!("Warning: Value {n}: csv.metadata.Name {n} is not following the versioning convention (MAJOR.MINOR.PATCH e.g 0.0.1): https://semver.org/")
    };
    let naming = |n: &str| {
        format!("Warning: Value {n}: csv.metadata.Name {n} is not following the recommended naming convention: <operator-name>.v<semver> e.g. memcached-operator.v0.0.1")
    };
    let named = |n: &str| go(csv(n, &[ETCD], &cs, ""), "stable");
    assert_eq!(named("memcached-operator.v0.9.2"), Vec::<String>::new());
    assert_eq!(
        named("memcached-operator0.9.2"),
        [naming("memcached-operator0.9.2")]
    );
    assert_eq!(
        named("memcached-operator.v1"),
        [version("memcached-operator.v1")]
    );
    assert_eq!(
        named("memcached-operator.v1--1.0"),
        [version("memcached-operator.v1--1.0")]
    );
    assert_eq!(
        named("memcached-operator.v1.3"),
        [version("memcached-operator.v1.3")]
    );
    assert_eq!(
        named("memcached-operator.v0.9.2+alpha"),
        Vec::<String>::new()
    );
}

/// The name=operatorhub run has the default validators too: an owned CRD missing from the
/// bundle fails it, and nothing of the suite's own validators is in it.
#[test]
fn operatorhub_runs_the_default_validators_only_besides_its_own() {
    let cs = etcd_containers();
    let files = bundle(
        &csv("memcached-operator.v0.0.1", &[ETCD], &cs, ""),
        &[],
        "alpha",
        "v4.12",
    );
    let c = run(files, HUB);
    assert_eq!(c.result, Outcome::Fail);
    assert!(
        c.messages.iter().any(|m| m.contains("not found in bundle")),
        "{c:?}"
    );
    assert!(
        !c.messages.iter().any(|m| m.contains("naming convention")),
        "{c:?}"
    );
}

/// `TestValidateCSV` (operator-sdk's default CSV validator): its ten rows, each CSV written to
/// have only the row's problem; the row's errors (or warnings) are the check's exactly, among
/// the messages of that validator's forms.
#[test]
fn ported_test_validate_csv() {
    let cs = etcd_containers();
    let cluster = crd_v1("etcdclusters", "EtcdCluster", &[("v1beta2", true)]);
    let name = "etcdoperator.v0.9.0";
    let base = || csv(name, &[ETCD], &cs, "");
    let messages = |text: String| -> Vec<String> {
        run(
            bundle(&text, &[("c.crd.yaml", cluster.clone())], "stable", "v4.12"),
            FRAMEWORK,
        )
        .messages
    };
    // "successfully validated"
    assert_eq!(messages(base()), Vec::<String>::new());
    // "invalid install modes"
    let no_modes = base().replace(
        "  installModes: [{type: OwnNamespace, supported: true}, {type: AllNamespaces, supported: true}]\n",
        "",
    );
    assert_eq!(
        messages(no_modes),
        ["Error: Value : (etcdoperator.v0.9.0) install modes not found"]
    );
    // "valid install modes when dealing with conversionCRDs" and "invalid install modes when
    // dealing with conversionCRDs".
    let webhook = "  webhookdefinitions:\n  - {type: ConversionWebhook, generateName: c.etcd.io, deploymentName: etcd-operator, containerPort: 443, sideEffects: None, admissionReviewVersions: [v1], conversionCRDs: [etcdclusters.etcd.database.coreos.com]}\n";
    let all_only = csv(name, &[ETCD], &cs, webhook).replace(
        "[{type: OwnNamespace, supported: true}, {type: AllNamespaces, supported: true}]",
        "[{type: OwnNamespace, supported: false}, {type: AllNamespaces, supported: true}]",
    );
    assert_eq!(messages(all_only), Vec::<String>::new());
    assert_eq!(
        messages(csv(name, &[ETCD], &cs, webhook)),
        ["Error: Value : (etcdoperator.v0.9.0) only AllNamespaces InstallModeType is supported when conversionCRDs is present"]
    );
    // "invalid annotation name for csv"
    let bad_case = base().replace(
        "  annotations:\n",
        "  annotations:\n    olm.skiprange: '<0.9.0'\n    olm.operatorgroup: g\n    olm.operatornamespace: n\n",
    );
    let mut got = messages(bad_case);
    got.sort();
    assert_eq!(
        got,
        [
            "Error: Value etcdoperator.v0.9.0: provided annotation olm.operatorgroup uses wrong case and should be olm.operatorGroup instead",
            "Error: Value etcdoperator.v0.9.0: provided annotation olm.operatornamespace uses wrong case and should be olm.operatorNamespace instead",
            "Error: Value etcdoperator.v0.9.0: provided annotation olm.skiprange uses wrong case and should be olm.skipRange instead",
        ]
    );
    // "csv with name over 63 characters limit" (the wording of operator-framework/api v0.23.0,
    // which operator-sdk v1.36.1 builds with)
    let long = "someoperatorwithanextremelylongnamethatmakenosensewhatsoever.v999.999.999";
    assert_eq!(
        messages(csv(long, &[ETCD], &cs, "")),
        [format!("Error: Value : ({long}) metadata.name \"{long}\" is invalid: must be no more than 63 characters")]
    );
    // "should fail when alm-examples is pretty format and is invalid": upstream's annotation.
    let bad_json = r#"[{"apiVersion":"local.storage.openshift.io/v1","kind":"LocalVolume","metadata":{"name":"example"},"spec":{"storageClassDevices":[{"devicePaths":["/dev/disk/by-id/ata-crucial",],"fsType": "ext4", "storageClassName": "foobar", "volumeMode": "Filesystem" } ] } }]"#;
    let text = base().replace(
        "    alm-examples: '[{\"apiVersion\":\"etcd.database.coreos.com/v1beta2\",\"kind\":\"EtcdCluster\"}]'",
        &format!("    alm-examples: '{bad_json}'"),
    );
    assert_eq!(
        messages(text),
        ["Error: Value invalid character at 176\n [{\"apiVersion\":\"local.storage.openshift.io/v1\",\"kind\":\"LocalVolume\",\"metadata\":{\"name\":\"example\"},\"spec\":{\"storageClassDevices\":[{\"devicePaths\":[\"/dev/disk/by-id/ata-crucial\",]<--(see the invalid character): invalid example"]
    );
    // "should not fail when alm-examples is not informed"
    let empty = base().replace(
        "'[{\"apiVersion\":\"etcd.database.coreos.com/v1beta2\",\"kind\":\"EtcdCluster\"}]'",
        "''",
    );
    assert_eq!(
        messages(empty),
        ["Warning: Value etcd.database.coreos.com/v1beta2, Kind=EtcdCluster: provided API should have an example annotation"]
    );
    // "should warn when olm.properties are defined in the annotations"
    let props = base().replace(
        "  annotations:\n",
        "  annotations:\n    olm.properties: '[]'\n",
    );
    assert_eq!(
        messages(props),
        ["Warning: Value : found olm.properties annotation, please define these properties in metadata/properties.yaml instead"]
    );
    // "should fail when spec.minKubeVersion is not in semantic version format"
    let short = base().replace("minKubeVersion: 1.16.0", "minKubeVersion: '1.21'");
    assert!(messages(short).contains(
        &"Error: Value : (etcdoperator.v0.9.0) csv.Spec.MinKubeVersion has an invalid value: 1.21"
            .to_string()
    ));
    // And the check of the other objects (operator-sdk's ValidateBundleContent): a kind a
    // registry+v1 bundle may not hold.
    let deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: extra}\n".to_string();
    let files = bundle(
        &base(),
        &[("c.crd.yaml", cluster.clone()), ("d.yaml", deployment)],
        "stable",
        "v4.12",
    );
    assert_eq!(
        run(files, FRAMEWORK).messages,
        ["Error: Value apps/v1, Kind=Deployment: unsupported media type registry+v1 for bundle object"]
    );
}

/// operator-sdk checks the bundle's format first (operator-registry's `ValidateBundleFormat`):
/// the annotations a bundle image needs, one message for all.
#[test]
fn the_bundle_format_is_checked_as_operator_registry_does() {
    let cs = etcd_containers();
    let cluster = crd_v1("etcdclusters", "EtcdCluster", &[("v1beta2", true)]);
    let mut files = bundle(
        &csv("etcdoperator.v0.9.4", &[ETCD], &cs, ""),
        &[("c.crd.yaml", cluster)],
        "",
        "v4.12",
    );
    files[0] = InputFile::new(
        "operators/etcd/0.9.4/metadata/annotations.yaml",
        "annotations:\n  operators.operatorframework.io.bundle.package.v1: etcd\n  operators.operatorframework.io.bundle.mediatype.v1: plain\n  operators.operatorframework.io.bundle.channel.default.v1: ''\n  com.redhat.openshift.versions: v4.12\n",
    );
    let c = run(files, FRAMEWORK);
    assert_eq!(c.result, Outcome::Fail);
    assert_eq!(
        c.messages.first().map(String::as_str),
        Some("error validating format in operators/etcd/0.9.4: Bundle validation errors: Expecting annotation \"operators.operatorframework.io.bundle.channel.default.v1\" to have non-empty value,Missing annotation \"operators.operatorframework.io.bundle.channels.v1\",Expecting annotation \"operators.operatorframework.io.bundle.channels.v1\" to have non-empty value,Missing annotation \"operators.operatorframework.io.bundle.manifests.v1\",Expecting annotation \"operators.operatorframework.io.bundle.mediatype.v1\" to have value \"registry+v1\" instead of \"plain\",Missing annotation \"operators.operatorframework.io.bundle.metadata.v1\"")
    );
}

/// The bundles of a rendered catalog file that carry their manifests (`olm.bundle.object`), as
/// operator repositories of one bundle directory each: every object a manifest file, the
/// annotations a bundle image has (channels from the catalog's entries are not needed here).
/// Read line by line: opm writes each property value on its own lines.
fn real_bundles(rel: &str) -> Vec<(String, Vec<InputFile>)> {
    use base64::Engine;
    let text = std::fs::read_to_string(crate::common::catalog(rel)).expect("catalog");
    let mut out = Vec::new();
    for doc in text.split("\n---") {
        if !doc.lines().any(|l| l == "schema: olm.bundle") {
            continue;
        }
        let field = |k: &str| {
            doc.lines()
                .find_map(|l| l.strip_prefix(&format!("{k}: ")))
                .unwrap_or("")
                .to_string()
        };
        let (name, package) = (field("name"), field("package"));
        let lines: Vec<&str> = doc.lines().collect();
        let mut version = String::from("0.0.0");
        let mut objects = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            if *l == "- type: olm.bundle.object" {
                let data = lines
                    .get(i + 2)
                    .and_then(|d| d.trim().strip_prefix("data: "));
                let json =
                    data.and_then(|d| base64::engine::general_purpose::STANDARD.decode(d).ok());
                objects.extend(json.and_then(|j| String::from_utf8(j).ok()));
            }
            if *l == "- type: olm.package" {
                let v = lines[i + 1..]
                    .iter()
                    .take(3)
                    .find_map(|d| d.trim().strip_prefix("version: "));
                version = v.unwrap_or("0.0.0").trim_matches('\'').to_string();
            }
        }
        if objects.is_empty() {
            continue;
        }
        let dir = format!("operators/{package}/{version}");
        let mut files = vec![InputFile::new(
            format!("{dir}/metadata/annotations.yaml"),
            format!("annotations:\n  operators.operatorframework.io.bundle.mediatype.v1: registry+v1\n  operators.operatorframework.io.bundle.manifests.v1: manifests/\n  operators.operatorframework.io.bundle.metadata.v1: metadata/\n  operators.operatorframework.io.bundle.package.v1: {package}\n  operators.operatorframework.io.bundle.channels.v1: stable\n  com.redhat.openshift.versions: v4.12\n"),
        )];
        for (i, o) in objects.into_iter().enumerate() {
            let file = if o.contains("\"kind\":\"ClusterServiceVersion\"") {
                format!("{dir}/manifests/{package}.clusterserviceversion.yaml")
            } else {
                format!("{dir}/manifests/object-{i}.yaml")
            };
            files.push(InputFile::new(file, o));
        }
        out.push((name, files));
    }
    out
}

/// Real bundles of community-operators-prod (every bundle of five operators whose catalogs
/// carry their manifests): neither operator-sdk check fails on any of them (operator-sdk found
/// nothing to stop them either: the pipeline merged them).
#[test]
fn real_community_bundles_pass_both_osdk_checks() {
    let catalogs = [
        "community-operators-prod/v4.16/ecr-secret-operator.yaml",
        "community-operators-prod/v4.16/multicluster-global-hub-operator.yaml",
        "community-operators-prod/v4.12/dell-csm-operator.yaml",
        "community-operators-prod/v4.12/trident-operator.yaml",
        "community-operators-prod/v4.15/patterns-operator.yaml",
    ];
    let mut checked = 0;
    for rel in catalogs {
        for (name, files) in real_bundles(rel) {
            for check in [FRAMEWORK, HUB] {
                let c = run(files.clone(), check);
                assert_ne!(
                    c.result,
                    Outcome::Fail,
                    "{rel} {name} {check}: {:?}",
                    c.messages
                );
                assert_ne!(c.result, Outcome::Skip, "{rel} {name} {check}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 87, "bundles with their manifests");
}
