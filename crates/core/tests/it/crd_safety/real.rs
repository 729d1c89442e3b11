//! Every real catalog in `../shared/catalogs` that carries `olm.bundle.object` (and the legacy
//! package manifests with CRDs), judged edge by edge: nothing panics, every pair gets a verdict, and the counts are what the catalogs say
//! (most upgrades safe; the known refusals found).

use olm_graph_core::crd::limits::CrdLimits;
use olm_graph_core::crd::pairs::{upgrade_pairs, Judge};
use olm_graph_core::crd::Verdict;
use olm_graph_core::open::load_paths_with;
use olm_graph_core::LoadOptions;

use crate::common::catalog;

/// (file, package, pairs, OLM v1 unsafe, OLM v1 unknown, OLM v0 unsafe).
const EXPECTED: &[(&str, &str, usize, usize, usize, usize)] = &[
    (
        "certified-operators/v4.16/nvidia-network-operator.yaml",
        "nvidia-network-operator",
        1,
        1,
        0,
        0,
    ),
    (
        "certified-operators/v4.18/eda-openshift-operator.yaml",
        "eda-k8s-operator",
        3,
        1,
        1,
        0,
    ),
    (
        "community-operators-prod/v4.16/ecr-secret-operator.yaml",
        "ecr-secret-operator",
        6,
        0,
        0,
        0,
    ),
    (
        "community-operators-prod/v4.16/multicluster-global-hub-operator.yaml",
        "multicluster-global-hub-operator",
        3,
        1,
        0,
        0,
    ),
    (
        "community-operators-prod/v4.12/dell-csm-operator.yaml",
        "dell-csm-operator",
        1,
        0,
        0,
        0,
    ),
    (
        "community-operators-prod/v4.12/trident-operator.yaml",
        "trident-operator",
        5,
        0,
        0,
        0,
    ),
    (
        "community-operators-prod/v4.15/patterns-operator.yaml",
        "patterns-operator",
        69,
        10,
        0,
        0,
    ),
    (
        "examples/operator-registry/index-declcfgs-latest.yaml",
        "foo",
        4,
        0,
        0,
        0,
    ),
    (
        "trusted-profile-analyzer-fbc/v4.16/rhtpa-operator.json",
        "rhtpa-operator",
        5,
        0,
        0,
        0,
    ),
    (
        "file-integrity-operator-fbc/v4.16/file-integrity-operator.yaml",
        "file-integrity-operator",
        28,
        0,
        0,
        0,
    ),
    (
        "trustee-fbc/v4.15/trustee-operator.json",
        "trustee-operator",
        3,
        0,
        0,
        0,
    ),
    (
        "openshift-external-dns-operator/v4.16/external-dns-operator.yaml",
        "external-dns-operator",
        153,
        119,
        0,
        0,
    ),
    (
        "openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json",
        "cluster-kube-descheduler-operator",
        946,
        0,
        0,
        0,
    ),
    (
        "mtv-fbc/v4.14/mtv-operator.json",
        "mtv-operator",
        44,
        0,
        0,
        0,
    ),
];

#[test]
fn real_catalogs_with_bundle_objects_judged_edge_by_edge() {
    let options = LoadOptions {
        keep_crds: true,
        ..LoadOptions::default()
    };
    for (file, package, pairs, v1_unsafe, v1_unknown, v0_unsafe) in EXPECTED {
        let c = load_paths_with(&[catalog(file)], options).expect("readable");
        let pkg = c
            .packages
            .iter()
            .find(|p| p.name == *package)
            .expect(package);
        assert!(Judge::carries_manifests(pkg), "{file}");
        let mut judge = Judge::new(pkg, None, CrdLimits::default());
        let all = upgrade_pairs(pkg, None);
        let verdicts: Vec<_> = all
            .iter()
            .map(|p| judge.pair(&p.from, &p.to).expect("bundles"))
            .collect();
        let count = |f: &dyn Fn(&olm_graph_core::crd::PairJudgement) -> bool| {
            verdicts.iter().filter(|j| f(j)).count()
        };
        let got = (
            all.len(),
            count(&|j| j.olm_v1.verdict == Verdict::Unsafe),
            count(&|j| j.olm_v1.verdict == Verdict::Unknown),
            count(&|j| j.olm_v0.verdict == Verdict::Unsafe),
        );
        assert_eq!(got, (*pairs, *v1_unsafe, *v1_unknown, *v0_unsafe), "{file}");
        for j in &verdicts {
            assert_eq!(
                j.olm_v1.message.is_empty(),
                j.olm_v1.verdict == Verdict::Safe,
                "{file}"
            );
        }
    }
}

#[test]
fn nvidia_network_operator_v25_7_0_removes_a_field_olm_v1_refuses() {
    let options = LoadOptions {
        keep_crds: true,
        ..LoadOptions::default()
    };
    let c = load_paths_with(
        &[catalog(
            "certified-operators/v4.16/nvidia-network-operator.yaml",
        )],
        options,
    )
    .expect("readable");
    let pkg = &c.packages[0];
    let j = Judge::new(pkg, None, CrdLimits::default())
        .pair(
            "nvidia-network-operator.v25.4.0",
            "nvidia-network-operator.v25.7.0",
        )
        .expect("both bundles");
    assert_eq!(j.olm_v1.verdict, Verdict::Unsafe);
    assert!(j.olm_v1.message.starts_with(
        "validating upgrade for CRD \"nicclusterpolicies.mellanox.com\": existingFieldRemoval: removed field : v1alpha1.^.spec.spectrumXOperator.spectrumXConfig"
    ), "{}", j.olm_v1.message);
    assert_eq!(j.olm_v0.verdict, Verdict::Safe);
}
