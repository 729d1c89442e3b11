//! `olm-graph mirror-config` on every cluster-state fixture of the core crate over the real
//! catalogs it was written for: the configuration written, previewed by `olm-graph mirror`,
//! strands no installed bundle, its kept catalog passes `lint`, and it keeps no bundle outside
//! the installed bundles' paths (as `olm-graph path` resolves them) and the channel heads.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{catalogs_dir, cluster_fixture, manifest_dir, run};

fn catalog(rel: &str) -> String {
    catalogs_dir().join(rel).display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("mirror-config")
        .join(name);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

fn ok_json(args: &[&str]) -> Value {
    let out = run(args);
    assert!(
        out.status.code().is_some_and(|c| c < 2),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// The bundles on `olm-graph path`'s answer for each installed bundle `diagnose` reports (its
/// path arguments without the failure: the mirror keeps the catalog's path), per package.
fn paths(state: &str, catalogs: &[(&str, &str)]) -> (BTreeSet<(String, String)>, Vec<String>) {
    let mut args = vec!["diagnose".to_string(), state.to_string(), "--json".into()];
    for (source, path) in catalogs {
        args.push("--catalog".into());
        args.push(if source.is_empty() {
            path.to_string()
        } else {
            format!("{source}={path}")
        });
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let report = ok_json(&refs);
    let mut on_paths = BTreeSet::new();
    let mut installed = Vec::new();
    for o in report["operators"].as_array().unwrap() {
        let (Some(bundle), Some(pargs)) = (o["installed"].as_str(), o["pathArgs"].as_array())
        else {
            continue;
        };
        installed.push(bundle.to_string());
        let package = o["package"].as_str().unwrap().to_string();
        let path = path_of(o, pargs, catalogs);
        on_paths.insert((package.clone(), bundle.to_string()));
        let hops = path.and_then(|p| p["hops"].as_array().cloned());
        for h in hops.unwrap_or_default() {
            on_paths.insert((package.clone(), h["to"].as_str().unwrap().to_string()));
        }
    }
    (on_paths, installed)
}

/// `olm-graph path` for one operator of `diagnose`: in the catalog named after its
/// CatalogSource or ClusterCatalog, else the first that holds its package; `None` when no
/// catalog gives it a path.
fn path_of(o: &Value, pargs: &[Value], catalogs: &[(&str, &str)]) -> Option<Value> {
    let joined = o["catalog"].as_str().unwrap_or_default();
    let mut order: Vec<&str> = catalogs
        .iter()
        .filter(|(s, _)| *s == joined)
        .map(|(_, p)| *p)
        .collect();
    order.extend(catalogs.iter().map(|(_, p)| *p));
    for catalog in order {
        let mut cmd: Vec<String> = vec!["path".into(), catalog.to_string()];
        let mut it = pargs.iter().map(|a| a.as_str().unwrap().to_string());
        while let Some(a) = it.next() {
            // The mirror keeps the catalog's path, whatever failed on the cluster.
            if matches!(a.as_str(), "--fail" | "--failure" | "--strategy") {
                it.next();
            } else {
                cmd.push(a);
            }
        }
        cmd.push("--json".into());
        let refs: Vec<&str> = cmd.iter().map(String::as_str).collect();
        let out = run(&refs);
        if out.status.success() {
            return Some(serde_json::from_slice(&out.stdout).expect("path --json"));
        }
    }
    // No catalog gives it a path (a bundle the catalog dropped): only itself is on it.
    None
}

/// Writes the configuration for `state`, previews each entry with `mirror`, lints the kept
/// catalog and checks what it keeps; returns the YAML.
fn check(name: &str, state: &str, catalogs: &[(&str, &str)], images: &[&str]) -> String {
    let dir = scratch(name);
    let isc = dir.join("isc.yaml").display().to_string();
    let mut args: Vec<String> = vec!["mirror-config".into()];
    for (source, path) in catalogs {
        args.push(if source.is_empty() {
            path.to_string()
        } else {
            format!("{source}={path}")
        });
    }
    args.extend(["--for".into(), state.into(), "-o".into(), isc.clone()]);
    for i in images {
        args.extend(["--catalog-image".into(), i.to_string()]);
    }
    args.push("--json".into());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let plan = ok_json(&refs);
    let (on_paths, installed) = paths(state, catalogs);
    let entries = plan["catalogs"].as_array().unwrap();
    assert!(!entries.is_empty(), "{plan}");
    for entry in entries {
        let image = entry["catalog"].as_str().unwrap();
        let label = entry["label"].as_str().unwrap();
        let kept = dir.join("kept.json").display().to_string();
        let mut m = vec![
            "mirror",
            label,
            "--config",
            &isc,
            "--catalog",
            image,
            "-o",
            &kept,
            "--json",
        ];
        for b in &installed {
            m.extend(["--installed", b.as_str()]);
        }
        let report = ok_json(&m);
        assert_eq!(report["errors"], Value::Array(vec![]), "{name}: {report}");
        assert_eq!(report["stranded"], Value::Array(vec![]), "{name}: {report}");
        let lint = run(&["lint", &kept]);
        assert!(
            lint.status.success(),
            "{name}: lint of the kept catalog: {}{}",
            String::from_utf8_lossy(&lint.stdout),
            String::from_utf8_lossy(&lint.stderr)
        );
        for p in report["packages"].as_array().unwrap() {
            let package = p["name"].as_str().unwrap().to_string();
            for c in p["channels"].as_array().unwrap() {
                let head = c["head"].as_str().unwrap();
                for b in c["bundles"].as_array().unwrap() {
                    let b = b.as_str().unwrap().to_string();
                    assert!(
                        b == head || on_paths.contains(&(package.clone(), b.clone())),
                        "{name}: {package}/{} keeps {b}, on no installed bundle's path",
                        c["name"]
                    );
                }
            }
        }
    }
    std::fs::read_to_string(&isc).expect("written")
}

#[test]
fn every_fixture_gets_a_configuration_mirror_previews_without_a_stranded_bundle() {
    let desch = catalog("openshift-kube-descheduler-fbc/v4.16");
    let patterns = catalog("community-operators-prod/v4.21/patterns-operator.yaml");
    let yaml = check(
        "v0",
        &cluster_fixture("v0/stream.yaml"),
        &[("", &desch), ("", &patterns)],
        &[
            "registry.example.com/redhat:v4.16",
            "registry.example.com/community:v4.21",
        ],
    );
    assert_eq!(
        yaml,
        "apiVersion: mirror.openshift.io/v2alpha1\nkind: ImageSetConfiguration\nmirror:\n  operators:\n  - catalog: registry.example.com/redhat:v4.16\n    packages:\n    - name: cluster-kube-descheduler-operator\n      channels:\n      - name: stable\n  - catalog: registry.example.com/community:v4.21\n    packages:\n    - name: patterns-operator\n      channels:\n      - name: fast\n        minVersion: 0.0.78\n"
    );
    let must_gather = check(
        "v0-must-gather",
        &cluster_fixture("v0/must-gather"),
        &[("", &desch), ("", &patterns)],
        &[
            "registry.example.com/redhat:v4.16",
            "registry.example.com/community:v4.21",
        ],
    );
    assert_eq!(must_gather, yaml);
    let v1 = check(
        "v1",
        &cluster_fixture("v1/stream.yaml"),
        &[("operatorhubio", &patterns)],
        &[],
    );
    // 0.0.71 replaces 0.0.70: the installed bundle itself need not be kept.
    assert!(v1.contains("minVersion: 0.0.71\n"), "{v1}");
    // The ClusterCatalog's image, read from the state.
    let across = check(
        "v1-across",
        &cluster_fixture("v1/across.yaml"),
        &[
            (
                "redhat-operators-v4-16",
                &catalog("openshift-kube-descheduler-fbc/v4.16"),
            ),
            (
                "redhat-operators-v4-17",
                &catalog("openshift-kube-descheduler-fbc/v4.17"),
            ),
        ],
        &[],
    );
    assert!(
        across.contains("- catalog: registry.redhat.io/redhat/redhat-operator-index:v4.17\n"),
        "{across}"
    );
}

/// A ClusterExtension whose path crosses catalogs (the across fixture's ClusterCatalog of
/// priority 10 given a made-up hotfix catalog that holds only v5.0.5, past 4.16's head): each
/// hop is kept in the catalog that serves it, one `mirror.operators[]` entry per catalog image
/// (spec/mirror.md §7), and `mirror` previews each without a stranded bundle.
#[test]
fn a_path_across_catalogs_keeps_each_hop_in_the_catalog_that_serves_it() {
    let old = catalog("openshift-kube-descheduler-fbc/v4.16");
    let hotfix = manifest_dir()
        .join("tests/fixtures/mirror/across-hotfix")
        .display()
        .to_string();
    let catalogs = [
        ("redhat-operators-v4-16", old.as_str()),
        ("redhat-operators-v4-17", hotfix.as_str()),
    ];
    let state = cluster_fixture("v1/across.yaml");
    let yaml = check("v1-across-hotfix", &state, &catalogs, &[]);
    let want = "  - catalog: registry.redhat.io/redhat/redhat-operator-index:v4.16
    packages:
    - name: cluster-kube-descheduler-operator
      channels:
      - name: stable
  - catalog: registry.redhat.io/redhat/redhat-operator-index:v4.17
    packages:
    - name: cluster-kube-descheduler-operator
      channels:
      - name: stable
";
    assert!(yaml.ends_with(want), "{yaml}");
    let plan = ok_json(&[
        "mirror-config",
        &format!("{}={}", catalogs[0].0, catalogs[0].1),
        &format!("{}={}", catalogs[1].0, catalogs[1].1),
        "--for",
        &state,
        "--json",
    ]);
    let served: Vec<(String, String, String, String)> = plan["catalogs"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| {
            let image = c["catalog"].as_str().unwrap().to_string();
            let serves = c["packages"][0]["channels"][0]["serves"]
                .as_array()
                .unwrap();
            serves
                .iter()
                .map(|s| {
                    let text = |k: &str| s[k].as_str().unwrap_or_default().to_string();
                    (image.clone(), text("bundle"), text("end"), text("part"))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let image = |v: &str| format!("registry.redhat.io/redhat/redhat-operator-index:{v}");
    let bundle = |v: &str| format!("clusterkubedescheduleroperator.{v}");
    assert_eq!(
        served,
        [
            (
                image("v4.16"),
                bundle("v5.0.2"),
                bundle("v5.0.4"),
                "hops 1-1 of its path across catalogs, from redhat-operators-v4-16".to_string()
            ),
            (
                image("v4.17"),
                bundle("v5.0.4"),
                bundle("v5.0.5"),
                "hops 2-2 of its path across catalogs, from redhat-operators-v4-17".to_string()
            ),
        ],
        "{plan}"
    );
    assert_eq!(plan["unserved"], Value::Array(vec![]), "{plan}");
}

#[test]
fn json_says_what_each_range_serves_and_why_and_unserved_bundles_fail() {
    let out = run(&[
        "mirror-config",
        &catalog("openshift-kube-descheduler-fbc/v4.16"),
        &catalog("community-operators-prod/v4.21/patterns-operator.yaml"),
        "--for",
        &cluster_fixture("v0/stream.yaml"),
        "--catalog-image",
        "a",
        "--catalog-image",
        "b",
        "--json",
    ]);
    // The 4.11 bundle the catalog dropped has no path in it: named on stderr, exit 1.
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "not served: Subscription descheduler-dropped/cluster-kube-descheduler-operator"
        ),
        "{err}"
    );
    let plan: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let stable = &plan["catalogs"][0]["packages"][0]["channels"][0];
    // Every installed bundle reaches 5.0.4 straight from its skipRange: heads only.
    assert_eq!(stable["minVersion"], Value::Null);
    assert_eq!(stable["head"], "clusterkubedescheduleroperator.v5.0.4");
    let served: Vec<&str> = stable["serves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["operator"].as_str().unwrap())
        .collect();
    // Nothing installed yet: it installs the head.
    assert!(served.contains(&"Subscription descheduler-new/cluster-kube-descheduler-operator"));
    assert!(stable["why"].as_str().unwrap().starts_with("heads only"));
    let fast = &plan["catalogs"][1]["packages"][0]["channels"][0];
    assert_eq!(fast["minVersion"], "0.0.78");
    let why = fast["why"].as_str().unwrap();
    assert!(
        why.contains("with minVersion 0.0.79, it strands the installed patterns-operator.v0.0.77"),
        "{why}"
    );
    // Without --all-packages only the packages run; with it, every package of the catalog.
    let all = run(&[
        "mirror-config",
        &catalog("openshift-kube-descheduler-fbc/v4.16"),
        "--for",
        &cluster_fixture("v0/stream.yaml"),
        "--catalog-image",
        "a",
        "--all-packages",
    ]);
    assert!(
        String::from_utf8_lossy(&all.stdout).contains("- name: cluster-kube-descheduler-operator")
    );
    // No image given or known: exit 2.
    let none = run(&[
        "mirror-config",
        &catalog("community-operators-prod/v4.21/patterns-operator.yaml"),
        "--for",
        &cluster_fixture("v0/stream.yaml"),
    ]);
    assert_eq!(none.status.code(), Some(2));
}
