//! `-` reads a catalog from standard input in every command that reads catalogs: a real JSON
//! stream, a real YAML stream and a JSON array made from a real catalog, each piped through `-`,
//! give what reading the file gives. The input limits apply to standard input too.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn catalogs() -> PathBuf {
    let dir = std::env::var("OLM_GRAPH_CATALOGS").map_or_else(
        |_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs"),
        PathBuf::from,
    );
    assert!(dir.is_dir(), "real catalogs not found at {}", dir.display());
    dir
}

/// Runs olm-graph with `input` on standard input.
fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_olm-graph"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("olm-graph runs");
    let mut stdin = child.stdin.take().expect("a pipe");
    let input = input.to_vec();
    // Write from another thread: a large input would otherwise fill the pipe while the child
    // fills its stdout.
    let writer = std::thread::spawn(move || {
        // The child may stop reading early (a limit): a broken pipe is not the test's concern.
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("olm-graph ends");
    writer.join().expect("writer thread");
    out
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

/// One catalog in one format: its text, a file holding the same text, and what to ask.
struct Case {
    name: &'static str,
    file: PathBuf,
    package: &'static str,
    channel: &'static str,
    from: &'static str,
}

impl Case {
    fn text(&self) -> Vec<u8> {
        std::fs::read(&self.file).unwrap_or_else(|e| panic!("{}: {e}", self.file.display()))
    }
}

/// The objects of a JSON stream written as one top-level JSON array, in a scratch file.
fn json_array_of(stream: &Path) -> PathBuf {
    let text = std::fs::read_to_string(stream).expect("readable");
    let objects: Vec<serde_json::Value> = serde_json::Deserializer::from_str(&text)
        .into_iter()
        .collect::<Result<_, _>>()
        .expect("a JSON stream");
    assert!(objects.len() > 10, "{} objects", objects.len());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stdin");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join("array.json");
    let array = serde_json::to_string_pretty(&objects).expect("serializable");
    std::fs::write(&path, array).expect("writable");
    path
}

fn cases() -> Vec<Case> {
    let c = catalogs();
    let kueue = c.join("kueue-fbc/v4.18/kueue-operator.json");
    vec![
        Case {
            name: "JSON stream",
            file: c.join(
                "openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json",
            ),
            package: "cluster-kube-descheduler-operator",
            channel: "4.12",
            from: "clusterkubedescheduleroperator.4.12.0-202301042354",
        },
        Case {
            name: "YAML stream",
            file: c.join("community-operators-prod/v4.21/project-quay.yaml"),
            package: "project-quay",
            channel: "stable-3.10",
            from: "quay-operator.v3.10.0",
        },
        Case {
            name: "JSON array",
            file: json_array_of(&kueue),
            package: "kueue-operator",
            channel: "stable-v1.4",
            from: "kueue-operator.v1.4.0",
        },
    ]
}

/// Runs a command once on the file and once on `-` (the file's text piped in) and checks that
/// both succeed alike and print the same, the file's name aside.
fn same_through_stdin(case: &Case, args: &[&str]) {
    let file = case.file.to_str().expect("UTF-8 path");
    let with = |path: &str| -> Vec<String> {
        args.iter()
            .map(|a| {
                if *a == "CATALOG" {
                    path.to_string()
                } else {
                    a.to_string()
                }
            })
            .collect()
    };
    let file_args = with(file);
    let stdin_args = with("-");
    let from_file = run(
        &file_args.iter().map(String::as_str).collect::<Vec<_>>(),
        b"",
    );
    let from_stdin = run(
        &stdin_args.iter().map(String::as_str).collect::<Vec<_>>(),
        &case.text(),
    );
    let what = format!("{} {:?}", case.name, args);
    assert_eq!(
        from_file.status.code(),
        from_stdin.status.code(),
        "{what}: exit codes\nfile stderr: {}\nstdin stderr: {}",
        text(&from_file.stderr),
        text(&from_stdin.stderr)
    );
    assert!(!from_file.stdout.is_empty(), "{what}: prints something");
    let expected = text(&from_file.stdout).replace(file, "<stdin>");
    assert_eq!(expected, text(&from_stdin.stdout), "{what}: output");
}

#[test]
fn every_catalog_command_reads_standard_input() {
    for case in cases() {
        let (p, c, from) = (case.package, case.channel, case.from);
        let commands: Vec<Vec<&str>> = vec![
            vec!["packages", "CATALOG"],
            vec!["graph", "CATALOG", "-p", p, "--json"],
            vec!["lint", "CATALOG", "--json"],
            vec!["lint", "CATALOG"],
            vec![
                "path", "CATALOG", "-p", p, "-c", c, "--from", from, "--json",
            ],
            vec![
                "path",
                "CATALOG",
                "-p",
                p,
                "-c",
                c,
                "--from",
                from,
                "--resolver",
                "v1",
            ],
            vec!["render", "CATALOG", "-p", p, "-c", c, "-f", "mermaid"],
            vec!["render", "CATALOG", "-p", p, "-c", c, "-f", "svg"],
            vec![
                "diff",
                "CATALOG",
                "--to",
                case.file.to_str().expect("UTF-8"),
                "-p",
                p,
                "--json",
            ],
        ];
        for args in commands {
            same_through_stdin(&case, &args);
        }
    }
}

#[test]
fn bench_and_both_sides_of_a_diff_read_the_same_standard_input() {
    let case = &cases()[1];
    let out = run(&["bench", "-", "--runs", "2"], &case.text());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("152 bundles"),
        "{}",
        text(&out.stdout)
    );
    // Standard input is read once and kept: `-` on both sides compares the catalog with itself.
    let out = run(
        &["diff", "-", "--to", "-", "-p", case.package, "--json"],
        &case.text(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let records: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let records = records["fates"].as_array().expect("a list of records");
    assert_eq!(records.len(), 152);
    assert!(
        records.iter().all(|r| r["status"] != "stranded"),
        "nothing is stranded by a switch to the same catalog"
    );
}

#[test]
fn input_limits_apply_to_standard_input() {
    let case = &cases()[1];
    let out = run(&["packages", "-", "--max-total-bytes", "1K"], &case.text());
    let err = text(&out.stderr);
    assert!(
        err.contains("<stdin>:") && err.contains("max_total_bytes = 1024"),
        "{err}"
    );
    assert!(err.contains("--max-total-bytes"), "names the flag: {err}");
    let out = run(&["lint", "-", "--max-depth", "3", "--json"], &case.text());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let limit = findings
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| d["code"] == "load.limit")
        .unwrap_or_else(|| panic!("a load.limit finding: {findings}"));
    assert_eq!(limit["location"]["file"], "<stdin>");
    assert!(
        limit["location"]["line"].as_u64().is_some_and(|l| l > 1),
        "{limit}"
    );
    assert!(limit["message"]
        .as_str()
        .is_some_and(|m| m.contains("deeper than 3 levels")));
}

#[test]
fn sizes_take_units_and_bad_values_are_usage_errors() {
    let case = &cases()[0];
    let out = run(
        &["packages", "-", "--max-string-bytes", "1MiB"],
        &case.text(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&["packages", "-", "--max-depth", "lots"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--max-depth"),
        "{}",
        text(&out.stderr)
    );
}
