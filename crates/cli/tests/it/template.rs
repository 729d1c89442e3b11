//! `render-template`, `diff-template`, and every other command on the real catalog templates.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn catalogs() -> PathBuf {
    let dir = std::env::var("OLM_GRAPH_CATALOGS").map_or_else(
        |_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs"),
        PathBuf::from,
    );
    assert!(dir.is_dir(), "real catalogs not found at {}", dir.display());
    dir
}

fn shared(rel: &str) -> String {
    catalogs().join(rel).display().to_string()
}

fn template(file: &str) -> String {
    shared(&format!("templates/basic/{file}"))
}

const DESCHEDULER: &str = "cluster-kube-descheduler-operator-v4.22.catalog-template.yaml";
const DESCHEDULER_FBC: &str = "openshift-kube-descheduler-fbc/v4.22";
const EXTERNAL_DNS: &str = "external-dns-operator-v4.21.catalog-template.yaml";
const EXTERNAL_DNS_FBC: &str = "openshift-external-dns-operator/v4.21";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args(args)
        .output()
        .expect("olm-graph runs")
}

fn json_of(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn tmp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("template-cli");
    std::fs::create_dir_all(&dir).expect("tmp dir");
    dir.join(name)
}

#[test]
fn render_template_writes_the_published_catalog_byte_for_byte() {
    let out = run(&[
        "render-template",
        &template(DESCHEDULER),
        "--bundles",
        &shared(DESCHEDULER_FBC),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let published = std::fs::read(
        catalogs()
            .join(DESCHEDULER_FBC)
            .join("cluster-kube-descheduler-operator.json"),
    )
    .expect("published catalog");
    assert_eq!(out.stdout, published);
}

#[test]
fn rendered_templates_graph_and_lint_as_their_published_catalogs() {
    let pairs = [
        (
            DESCHEDULER,
            DESCHEDULER_FBC,
            "cluster-kube-descheduler-operator",
        ),
        (EXTERNAL_DNS, EXTERNAL_DNS_FBC, "external-dns-operator"),
    ];
    for (file, fbc, package) in pairs {
        let written = tmp(&format!("{package}.json"));
        let w = written.display().to_string();
        let out = run(&[
            "render-template",
            &template(file),
            "--bundles",
            &shared(fbc),
            "-o",
            &w,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let graph = |path: &str| json_of(&run(&["graph", path, "-p", package, "--json"]));
        assert_eq!(graph(&w), graph(&shared(fbc)), "{file}");
        let lint = run(&["lint", &w]);
        assert!(
            lint.status.success(),
            "{}",
            String::from_utf8_lossy(&lint.stdout)
        );
    }
}

#[test]
fn diff_template_on_the_real_pairs() {
    for (file, fbc) in [
        (DESCHEDULER, DESCHEDULER_FBC),
        (EXTERNAL_DNS, EXTERNAL_DNS_FBC),
    ] {
        let out = run(&["diff-template", &template(file), "--rendered", &shared(fbc)]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "no drift: the rendered catalog is what the template renders\n"
        );
    }
    let out = run(&[
        "diff-template",
        &template("rhtpa-operator-v4.18.graph.yaml"),
        "--rendered",
        &shared("trusted-profile-analyzer-fbc/v4.18"),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(1), "drift exits 1");
    let doc = json_of(&out);
    let edges = doc[0]["edges"].as_array().expect("edges");
    assert_eq!(edges.len(), 4);
    assert!(edges
        .iter()
        .all(|e| e["field"] == "skips" && e["rendered"] == serde_json::json!([])));
}

#[test]
fn every_command_reads_a_template_as_the_catalog_it_stands_for() {
    let t = template(EXTERNAL_DNS);
    let fbc = shared(EXTERNAL_DNS_FBC);
    let p = "external-dns-operator";
    let packages = run(&["packages", &t]);
    assert!(packages.status.success());
    assert!(String::from_utf8_lossy(&packages.stdout).starts_with("external-dns-operator\tdefault=stable-v1\tchannels=stable-v1,stable-v1.1,stable-v1.2,stable-v1.3\tbundles=18"));
    let lint = run(&["lint", &t]);
    assert!(
        lint.status.success(),
        "{}",
        String::from_utf8_lossy(&lint.stdout)
    );
    // The template names every bundle with a `.v<semver>` name: paths are the published ones.
    for resolver in ["v0", "v1"] {
        let args = |cat: &str| {
            let a = [
                "path",
                cat,
                "-p",
                p,
                "-c",
                "stable-v1",
                "--from",
                "external-dns-operator.v1.1.0",
                "--resolver",
                resolver,
                "--json",
            ];
            json_of(&run(&a))
        };
        assert_eq!(args(&t), args(&fbc), "{resolver}");
    }
    let what_if = |cat: &str| {
        json_of(&run(&[
            "path",
            cat,
            "-p",
            p,
            "-c",
            "stable-v1.2",
            "--from",
            "external-dns-operator.v1.2.0",
            "--fail",
            "external-dns-operator.v1.2.1",
            "--strategy",
            "fail-forward",
            "--json",
        ]))
    };
    assert_eq!(what_if(&t), what_if(&fbc));
    let mermaid =
        |cat: &str| run(&["render", cat, "-p", p, "-c", "stable-v1", "-f", "mermaid"]).stdout;
    assert_eq!(mermaid(&t), mermaid(&fbc));
    let svg = run(&["render", &t, "-p", p, "-c", "stable-v1.3", "-f", "svg"]);
    assert!(svg.status.success() && svg.stdout.starts_with(b"<svg"));
}

#[test]
fn the_digest_only_template_graphs_by_name_and_lints_clean() {
    // No bundle source: the six images are digests, so the entries have no bundle yet; the
    // channel still has every node and every replaces/skips edge of the published catalog.
    let p = "cluster-kube-descheduler-operator";
    let graph = |cat: &str| json_of(&run(&["graph", cat, "-p", p, "--json"]));
    let (t, published) = (
        graph(&template(DESCHEDULER)),
        graph(&shared(DESCHEDULER_FBC)),
    );
    let names = |g: &Value| {
        let mut v: Vec<String> = g["channels"][0]["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .map(|n| n["name"].to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names(&t), names(&published));
    let edges = |g: &Value| {
        let mut v: Vec<String> = g["channels"][0]["edges"]
            .as_array()
            .expect("edges")
            .iter()
            .filter(|e| e["kind"] != "skipRange")
            .map(Value::to_string)
            .collect();
        v.sort();
        v
    };
    assert_eq!(edges(&t), edges(&published));
    let lint = run(&["lint", &template(DESCHEDULER), "--json"]);
    assert!(lint.status.success());
    let findings = json_of(&lint);
    assert!(findings
        .as_array()
        .expect("findings")
        .iter()
        .any(|d| d["code"] == "template.unknown-version"));
}

#[test]
fn bad_templates_print_opms_error_with_the_position() {
    let bad = tmp("bad-semver.yaml");
    std::fs::write(
        &bad,
        "schema: olm.semver\ngenerateMinorChannels: true\ndefaultChannelTypePreference: major\n",
    )
    .expect("write");
    let out = run(&["render-template", &bad.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "nothing partial on stdout");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!("Error: rendering template: render: unable to read file: schema attribute mismatch: DefaultChannelTypePreference set to 'major' doesn't make sense if not generating major-version channels\n  at {}:3:31 (document 1)\n", bad.display())
    );
    let rhtpa = template("rhtpa-operator-v4.18.graph.yaml");
    let out = run(&["render-template", "--type", "basic", &rhtpa]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("Error: rendering template: template has unknown schema (\"olm.channel\"), should be \"olm.template.basic\"\n"));
}

#[test]
fn stubs_are_named_in_warnings_and_written_as_opm_would() {
    let out = run(&[
        "render-template",
        &template("rhtpa-operator-v4.18.graph.yaml"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("written as a stub").count(), 13, "{stderr}");
    assert!(stderr.contains("opm alpha render-template refuses this file"));
    let objs: Vec<Value> = serde_json::Deserializer::from_slice(&out.stdout)
        .into_iter::<Value>()
        .map(|v| v.expect("JSON"))
        .collect();
    let stub = objs
        .iter()
        .find(|o| o["name"] == "rhtpa-operator.v3.1.0")
        .expect("stub");
    assert_eq!(stub.as_object().map(|o| o.len()), Some(4), "{stub}");
    assert_eq!(
        objs.last().map(|o| o["schema"].clone()),
        Some("olm.deprecations".into())
    );
}
