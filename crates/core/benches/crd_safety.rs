//! CRD-safety benchmark: `cargo bench -p olm-graph-core --bench crd_safety`.
//!
//! A generated package of N bundles in one channel (a `replaces` chain, versions `0.0.i`, a
//! `skipRange` on every 50th entry covering the 100 before it), each carrying one CRD as an
//! `olm.bundle.object` (base64 of its JSON: two served versions of 40 properties each, with a
//! field added every 10th bundle and an enum value removed every 100th), written as FBC JSON in
//! memory. For N = 1,000 to 10,000: the load with `keep_crds` (decoding every object), then
//! every upgrade pair judged (`upgrade_pairs` + `Judge::pair`), in milliseconds, best of three;
//! and the counts of pairs and of pairs OLM v1 refuses, so the work is checked as well.

use std::time::Instant;

use base64::Engine as _;
use olm_graph_core::crd::limits::CrdLimits;
use olm_graph_core::crd::pairs::{upgrade_pairs, Judge};
use olm_graph_core::crd::Verdict;
use olm_graph_core::open::load_files_with;
use olm_graph_core::{InputFile, LoadOptions};
use serde_json::{json, Value};

fn crd(i: usize) -> Value {
    let mut props = serde_json::Map::new();
    for p in 0..40 {
        props.insert(
            format!("field{p}"),
            json!({"type": "string", "description": "a field"}),
        );
    }
    for p in 0..i / 10 % 20 {
        props.insert(
            format!("extra{p}"),
            json!({"type": "integer", "minimum": 0}),
        );
    }
    let values: Vec<String> = (0..20 - (i / 100) % 5).map(|v| format!("v{v}")).collect();
    props.insert("mode".into(), json!({"type": "string", "enum": values}));
    let schema =
        json!({"type": "object", "properties": {"spec": {"type": "object", "properties": props}}});
    json!({"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.example.com"},
        "spec": {"group": "example.com", "scope": "Namespaced",
            "names": {"kind": "Widget", "plural": "widgets"},
            "versions": [
                {"name": "v1alpha1", "served": true, "storage": false, "schema": {"openAPIV3Schema": schema}},
                {"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": schema}}]}})
}

fn catalog(n: usize) -> String {
    let b64 = base64::engine::general_purpose::STANDARD;
    let mut out = String::new();
    out.push_str(
        &json!({"schema": "olm.package", "name": "p", "defaultChannel": "stable"}).to_string(),
    );
    let entries: Vec<Value> = (0..n)
        .map(|i| {
            let mut e = json!({"name": format!("p.v0.0.{i}")});
            if i > 0 {
                e["replaces"] = json!(format!("p.v0.0.{}", i - 1));
            }
            if i % 50 == 0 && i >= 100 {
                e["skipRange"] = json!(format!(">=0.0.{} <0.0.{i}", i - 100));
            }
            e
        })
        .collect();
    out.push_str(
        &json!({"schema": "olm.channel", "package": "p", "name": "stable", "entries": entries})
            .to_string(),
    );
    for i in 0..n {
        let data = b64.encode(crd(i).to_string());
        let b = json!({"schema": "olm.bundle", "package": "p", "name": format!("p.v0.0.{i}"),
            "image": format!("example.com/p:{i}"),
            "properties": [
                {"type": "olm.package", "value": {"packageName": "p", "version": format!("0.0.{i}")}},
                {"type": "olm.bundle.object", "value": {"data": data}}]});
        out.push('\n');
        out.push_str(&b.to_string());
    }
    out
}

fn main() {
    println!("bundles  load+decode ms  judge ms  pairs  OLM v1 unsafe");
    for n in [1_000, 2_500, 5_000, 10_000] {
        let text = catalog(n);
        let (mut load_ms, mut judge_ms) = (f64::MAX, f64::MAX);
        let mut counts = (0, 0);
        for _ in 0..3 {
            let files = vec![InputFile {
                path: "bench.json".into(),
                text: text.clone(),
            }];
            let options = LoadOptions {
                keep_crds: true,
                ..LoadOptions::default()
            };
            let t = Instant::now();
            let c = load_files_with(files, options);
            load_ms = load_ms.min(t.elapsed().as_secs_f64() * 1e3);
            let pkg = &c.packages[0];
            let t = Instant::now();
            let mut judge = Judge::new(pkg, None, CrdLimits::default());
            let pairs = upgrade_pairs(pkg, None);
            let unsafe_ = pairs
                .iter()
                .filter_map(|p| judge.pair(&p.from, &p.to))
                .filter(|j| j.olm_v1.verdict == Verdict::Unsafe)
                .count();
            judge_ms = judge_ms.min(t.elapsed().as_secs_f64() * 1e3);
            counts = (pairs.len(), unsafe_);
        }
        println!(
            "{n:>7}  {load_ms:>13.0}  {judge_ms:>8.0}  {:>5}  {:>13}",
            counts.0, counts.1
        );
    }
}
