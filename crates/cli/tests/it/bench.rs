//! `olm-graph bench --synthetic`: every shape, size and operation measured in a process of its
//! own, with the growth exponent between the two largest sizes.

use std::process::Command;

use serde_json::Value;

#[test]
fn synthetic_bench_measures_every_operation_and_fits_exponents() {
    let out = Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args([
            "bench",
            "--synthetic",
            "--sizes",
            "300,600",
            "--shape",
            "ranges,fans,wide",
        ])
        .args([
            "--op",
            "load,lint,graph-json,path-v0,path-v1,render-svg,diff",
            "--json",
        ])
        .output()
        .expect("olm-graph runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON record per line"))
        .collect();
    let rows: Vec<&Value> = records.iter().filter(|r| r.get("n").is_some()).collect();
    assert_eq!(rows.len(), 3 * 2 * 7, "shapes × sizes × operations");
    for r in &rows {
        let what = r.to_string();
        assert!(r["op_s"].as_f64().is_some_and(|t| t >= 0.0), "{what}");
        assert!(r["load_s"].as_f64().is_some_and(|t| t > 0.0), "{what}");
        assert!(
            r["output"].as_u64().is_some_and(|n| n > 0),
            "the operation produced something: {what}"
        );
        if cfg!(target_os = "linux") {
            assert!(r["peak_mib"].as_f64().is_some_and(|m| m > 0.0), "{what}");
        }
    }
    let exponents: Vec<&Value> = records
        .iter()
        .filter(|r| r.get("exponent").is_some())
        .collect();
    assert_eq!(exponents.len(), 3 * 7, "one fit per shape and operation");
    assert!(exponents.iter().all(|r| r["from"] == 300 && r["to"] == 600));
}

/// `diff-json` measures `diff --json`: its output grows with the catalog, not with the catalog
/// times the path length (here a 4 times larger `ranges` chain, paths up to 4 times longer).
#[test]
fn synthetic_bench_measures_diff_json_linear_in_the_catalog() {
    let out = Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args([
            "bench",
            "--synthetic",
            "--sizes",
            "500,2000",
            "--shape",
            "ranges",
        ])
        .args(["--op", "diff,diff-json", "--runs", "1", "--json"])
        .output()
        .expect("olm-graph runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON record per line"))
        .collect();
    let output = |op: &str, n: u64| {
        records
            .iter()
            .find(|r| r["op"] == op && r["n"] == n)
            .and_then(|r| r["output"].as_f64())
            .expect("a measurement")
    };
    let growth = output("diff-json", 2000) / output("diff-json", 500);
    assert!(
        growth < 4.6,
        "4 times the bundles, {growth:.2} times the JSON"
    );
    assert!(output("diff-json", 2000) > output("diff", 2000) / 4.0);
    let fits = records
        .iter()
        .filter(|r| r["op"] == "diff-json" && r.get("exponent").is_some());
    assert_eq!(fits.count(), 1);
}
