//! Every command that prints JSON takes `--json` (all but `packages`, `render` and
//! `render-template`, whose help names JSON only as input); where `--format json` is also a spelling
//! (`lint`, `preflight`, `review`), the two print the same document.

use serde_json::Value;

use crate::common::{catalogs_dir, run};

/// The subcommands `olm-graph --help` lists.
fn subcommands() -> Vec<String> {
    let out = run(&["--help"]);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let list = text
        .split("Commands:")
        .nth(1)
        .expect("a Commands: section")
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .to_string();
    list.lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn every_command_whose_help_mentions_json_takes_json() {
    let commands = subcommands();
    assert!(commands.len() >= 15, "{commands:?}");
    let mut with_json = 0;
    for cmd in &commands {
        let out = run(&[cmd, "--help"]);
        let help = String::from_utf8_lossy(&out.stdout).to_string();
        // Input descriptions ("FBC JSON/YAML", "objects (JSON)") are not output.
        let prints_json = help
            .lines()
            .filter(|l| !l.contains("JSON/YAML") && !l.contains("(JSON)"))
            .any(|l| l.contains("JSON") || l.contains("format json"));
        if prints_json {
            assert!(
                help.contains("--json"),
                "{cmd} prints JSON but has no --json:\n{help}"
            );
            with_json += 1;
        }
    }
    assert!(with_json >= 13, "{with_json} commands with --json");
}

fn json_of(args: &[&str]) -> (Option<i32>, Value) {
    let out = run(args);
    let doc = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code(), doc)
}

#[test]
fn json_and_format_json_print_the_same_document() {
    let old = catalogs_dir().join("openshift-kube-descheduler-fbc/v4.16");
    let new = catalogs_dir().join("openshift-kube-descheduler-fbc/v4.17");
    let (o, n) = (old.to_str().unwrap(), new.to_str().unwrap());
    let cases: [Vec<&str>; 3] = [
        vec!["preflight", n, "--pipeline", "konflux", "--target-index", o],
        vec!["review", o, "--to", n],
        vec!["lint", n],
    ];
    for base in cases {
        let mut a = base.clone();
        a.push("--json");
        let mut b = base.clone();
        b.extend(["--format", "json"]);
        let (code_a, doc_a) = json_of(&a);
        let (code_b, doc_b) = json_of(&b);
        assert_eq!((code_a, &doc_a), (code_b, &doc_b), "{base:?}");
        assert!(doc_a.is_object() || doc_a.is_array(), "{base:?}");
        // The two spellings together are refused as a usage error.
        let mut both = a.clone();
        both.extend(["--format", "json"]);
        assert_eq!(run(&both).status.code(), Some(2), "{both:?}");
    }
}
