//! Hostile input: each file is generated here at full size (nothing big is committed) and is
//! rejected at a limit, or read, with a diagnostic naming the file, line and column, never a
//! panic; the good catalog beside it still loads. Times and peak memory at these sizes are
//! measured by `cargo run --release -p olm-graph-core --example hostile_input` (README).

use olm_graph_core::load::{Limits, LoadOptions};
use olm_graph_core::model::Catalog;
use olm_graph_core::open::load_files_with;
use olm_graph_core::{load_files, Diagnostic, InputFile};

const GOOD: &str = "schema: olm.package\nname: good\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: good\nname: stable\nentries:\n- name: good.v1.0.0\n---\nschema: olm.bundle\npackage: good\nname: good.v1.0.0\nimage: example/good:1\nproperties:\n- type: olm.package\n  value:\n    packageName: good\n    version: 1.0.0\n";

fn load_beside_good(path: &str, text: String) -> Catalog {
    load_files(vec![
        InputFile::new(path, text),
        InputFile::new("good.yaml", GOOD),
    ])
}

fn assert_good_loads(c: &Catalog) {
    let good = c.package("good").expect("the good file still loads");
    assert_eq!((good.bundles.len(), good.channels.len()), (1, 1));
}

/// The first error about `file`, with its line and column.
fn error_in<'c>(c: &'c Catalog, file: &str) -> (&'c Diagnostic, usize, usize) {
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.is_error() && d.location.as_ref().is_some_and(|l| l.file == file))
        .unwrap_or_else(|| panic!("an error about {file}: {:?}", c.diagnostics));
    let loc = d.location.as_ref().expect("a location");
    let (line, column) = (loc.line.expect("a line"), loc.column.expect("a column"));
    (d, line, column)
}

#[test]
fn a_description_nesting_100000_brackets_stops_at_the_depth_limit() {
    let head = r#"{"schema":"olm.package","name":"deep","description":"#;
    let text = format!("{head}{}{}}}\n", "[".repeat(100_000), "]".repeat(100_000));
    assert!(text.len() > 200_000);
    let c = load_beside_good("deep.json", text);
    let (d, line, column) = error_in(&c, "deep.json");
    assert_eq!(d.code, "load.limit", "{d}");
    assert!(d.message.contains("nesting deeper than 100 levels"), "{d}");
    assert!(d.message.contains("--max-depth"), "{d}");
    // The object is level 1, the brackets levels 2 and up: the 100th bracket is level 101.
    assert_eq!((line, column), (1, head.len() + 100), "{d}");
    assert_good_loads(&c);
}

#[test]
fn the_same_nesting_in_yaml_stops_at_the_depth_limit() {
    let text = format!(
        "schema: olm.package\nname: deep\ndescription: {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let c = load_beside_good("deep.yaml", text);
    let (d, line, _) = error_in(&c, "deep.yaml");
    assert_eq!(d.code, "load.limit", "{d}");
    assert!(d.message.contains("nesting deeper than 100 levels"), "{d}");
    assert_eq!(line, 3);
    assert_good_loads(&c);
}

#[test]
fn a_yaml_alias_bomb_stops_early() {
    let mut text = String::from("schema: olm.package\nname: bomb\ndescription:\n");
    text.push_str("  a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        text.push_str(&format!("  a{i}: &a{i} [{refs}]\n"));
    }
    let c = load_beside_good("bomb.yaml", text);
    let (d, line, column) = error_in(&c, "bomb.yaml");
    assert_eq!(d.code, "load.limit", "{d}");
    let bomb = olm_graph_core::yaml::LimitError::AliasBomb {
        factor: olm_graph_core::yaml::REPLAYS_PER_EVENT,
    };
    assert!(d.message.ends_with(&bomb.to_string()), "{d}");
    // Expanding `a4` (10^5 nodes) is what crosses 100 times the document's own events.
    assert!((5..=13).contains(&line) && column > 1, "{d}");
    assert!(c.package("bomb").is_none());
    assert_good_loads(&c);
}

#[test]
fn a_hundred_megabyte_single_line_json_string_is_over_the_string_limit() {
    let head = r#"{"schema":"olm.package","name":"big","description":""#;
    let text = format!("{head}{}\"}}\n", "x".repeat(100 << 20));
    let c = load_beside_good("big.json", text);
    let (d, line, column) = error_in(&c, "big.json");
    assert_eq!(d.code, "load.limit", "{d}");
    assert!(
        d.message.contains("a string longer than 16777216 bytes"),
        "{d}"
    );
    assert!(d.message.len() < 400, "the string is not echoed back");
    // serde_json reports the position of the string's closing quote.
    assert_eq!((line, column), (1, head.len() + (100 << 20) + 1), "{d}");
    assert_good_loads(&c);
}

#[test]
fn a_million_empty_yaml_documents_stop_at_the_document_limit() {
    let text = format!(
        "schema: olm.package\nname: first\n{}",
        "---\n".repeat(1_000_000)
    );
    let c = load_beside_good("empty.yaml", text);
    let (d, line, column) = error_in(&c, "empty.yaml");
    assert_eq!(d.code, "load.limit", "{d}");
    assert!(d.message.contains("more than 500000 documents"), "{d}");
    // Document 1 is the object (lines 1-2); document 500,001 starts on line 500,002.
    assert_eq!((line, column), (500_002, 1), "{d}");
    assert_eq!(d.location.as_ref().unwrap().document, Some(500_001));
    assert!(
        c.package("first").is_some(),
        "documents before the limit load"
    );
    assert_good_loads(&c);
}

#[test]
fn fifty_megabytes_of_open_braces_are_a_syntax_error_at_the_second_byte() {
    let c = load_beside_good("braces.json", "{".repeat(50 << 20));
    let (d, line, column) = error_in(&c, "braces.json");
    assert_eq!(d.code, "load.json", "{d}");
    assert!(d.message.contains("key must be a string"), "{d}");
    assert_eq!((line, column), (1, 2));
    assert_eq!(c.files[0].failed, 1);
    assert_good_loads(&c);
}

#[test]
fn fifty_megabytes_of_open_brackets_are_rejected_too() {
    let c = load_beside_good("brackets.json", "[".repeat(50 << 20));
    let (d, _, _) = error_in(&c, "brackets.json");
    assert!(d.code == "load.yaml" || d.code == "load.limit", "{d}");
    assert_good_loads(&c);
}

/// Many objects on one line, and many broken objects each on their own line: positions stay
/// right, and the stream resumes after each broken object.
#[test]
fn long_streams_keep_positions_and_resume_after_every_broken_object() {
    let one = r#"{"schema":"olm.package","name":"p"}"#;
    let n = 100_000;
    let line = one.repeat(n);
    let c = load_files(vec![InputFile::new("line.json", line)]);
    assert_eq!(c.files[0].packages, n);
    let last = c
        .diagnostics
        .iter()
        .filter(|d| d.code == "opm.convert")
        .filter_map(|d| d.location.as_ref())
        .max_by_key(|l| l.document)
        .expect("duplicate package errors");
    assert_eq!(last.document, Some(n));
    assert_eq!(last.column, Some((n - 1) * one.len() + 1));

    let broken = "{\"schema\":\"olm.package\",\"name\":\"b\",,}\n".repeat(20_000);
    let text = format!("{broken}{{\"schema\":\"olm.package\",\"name\":\"after\"}}\n");
    let c = load_files(vec![InputFile::new("broken.json", text)]);
    let json_errors: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.code == "load.json")
        .collect();
    assert_eq!(json_errors.len(), 20_000);
    let loc = json_errors[19_999].location.as_ref().unwrap();
    assert_eq!((loc.line, loc.column), (Some(20_000), Some(36)));
    assert!(c.package("after").is_some(), "the object after them loads");
}

fn with_limits(files: Vec<InputFile>, limits: Limits) -> Catalog {
    let options = LoadOptions {
        limits,
        ..LoadOptions::default()
    };
    load_files_with(files, options)
}

#[test]
fn every_limit_is_settable_and_names_itself() {
    let many_keys = format!(
        "schema: olm.package\nname: keys\ndescription:\n{}",
        (0..100).map(|i| format!("  k{i}: v\n")).collect::<String>()
    );
    let cases = [
        // Nodes: the document 1, schema and name 2 each, description 1 + its mapping 1, then
        // two per key: the 51st is the value of k21, on line 4 + 21.
        (
            "max_nodes",
            Limits {
                max_nodes: 50,
                ..Limits::DEFAULT
            },
            many_keys.clone(),
            25,
        ),
        (
            "max_string_bytes",
            Limits {
                max_string_bytes: 3,
                ..Limits::DEFAULT
            },
            many_keys.clone(),
            1,
        ),
        // The description's mapping (level 2) starts on line 4.
        (
            "max_depth",
            Limits {
                max_depth: 1,
                ..Limits::DEFAULT
            },
            many_keys,
            4,
        ),
        // GOOD's third document starts at its second `---`, line 10.
        (
            "max_documents",
            Limits {
                max_documents: 2,
                ..Limits::DEFAULT
            },
            GOOD.to_string(),
            10,
        ),
    ];
    for (field, limits, text, want_line) in cases {
        let c = with_limits(vec![InputFile::new("f.yaml", text.clone())], limits);
        let (d, line, _) = error_in(&c, "f.yaml");
        assert_eq!(d.code, "load.limit", "{field}: {d}");
        assert!(d.message.contains(&format!("{field} = ")), "{field}: {d}");
        assert_eq!(line, want_line, "{field}: {d}");
    }
    let c = with_limits(
        vec![InputFile::new(
            "f.json",
            r#"{"schema":"olm.package","name":"abcdef"}"#,
        )],
        Limits {
            max_string_bytes: 5,
            ..Limits::DEFAULT
        },
    );
    // The first string is the key `schema`: its closing quote is column 9.
    let (d, line, column) = error_in(&c, "f.json");
    assert_eq!((d.code.as_ref(), line, column), ("load.limit", 1, 9), "{d}");
}

#[test]
fn the_total_size_limit_stops_at_the_file_that_crosses_it() {
    let files = vec![
        InputFile::new("a.yaml", GOOD),
        InputFile::new("b.yaml", "schema: olm.package\nname: b\n# padding\n"),
        InputFile::new("c.yaml", "schema: olm.package\nname: c\n"),
    ];
    let limit = GOOD.len() + 25;
    let c = with_limits(
        files,
        Limits {
            max_total_bytes: limit,
            ..Limits::DEFAULT
        },
    );
    assert!(c.package("good").is_some());
    assert!(c.package("b").is_none() && c.package("c").is_none());
    let (d, line, column) = error_in(&c, "b.yaml");
    assert_eq!(d.code, "load.limit");
    assert!(
        d.message.contains(&format!("max_total_bytes = {limit}")),
        "{d}"
    );
    // 25 bytes into b.yaml: line 2, column 6.
    assert_eq!((line, column), (2, 6), "{d}");
    assert!(c
        .diagnostics
        .iter()
        .any(|d| d.code == "load.limit" && d.message.starts_with("1 more file(s) not read")));
}

/// `.indexignore` patterns are matched by an automaton: many stars against a long name that
/// almost matches (exponential for a backtracking matcher) and a 1 MB pattern cost little.
#[test]
fn hostile_indexignore_patterns() {
    let name = format!("cat/{}.yaml", "a".repeat(120));
    let ignore = format!(
        "{}*b\n{}\n{}\n",
        "*a".repeat(25),
        "x".repeat(1 << 20),
        "**/".repeat(100_000)
    );
    let c = load_files(vec![
        InputFile::new("cat/.indexignore", ignore),
        InputFile::new(name.as_str(), GOOD),
    ]);
    assert_good_loads(&c);
    let ignored = "schema: olm.package\nname: gone\n";
    let c = load_files(vec![
        InputFile::new(
            "cat/.indexignore",
            format!("{}gone.yaml\n", "**/".repeat(100_000)),
        ),
        InputFile::new("cat/deep/er/gone.yaml", ignored),
        InputFile::new("cat/good.yaml", GOOD),
    ]);
    assert!(
        c.package("gone").is_none(),
        "matched through the merged `**/`"
    );
    assert_good_loads(&c);
}

/// A package manifest whose 7,000 channels all start at the head of a 2,000-CSV chain would
/// walk 14 million entries: the walks stop at the key-count limit. A second manifest in the
/// same directory is reported, not read.
#[test]
fn legacy_manifests_cannot_multiply_their_chains() {
    let mut csvs = String::new();
    for i in 0..2000 {
        let replaces = if i > 0 {
            format!(", replaces: p.v0.0.{}", i - 1)
        } else {
            String::new()
        };
        csvs.push_str(&format!(
            "---\nkind: ClusterServiceVersion\nmetadata: {{name: p.v0.0.{i}}}\nspec: {{version: 0.0.{i}{replaces}}}\n"
        ));
    }
    let channels: String = (0..7_000)
        .map(|k| format!("- {{name: c{k}, currentCSV: p.v0.0.1999}}\n"))
        .collect();
    let manifest = format!("packageName: p\ndefaultChannel: c0\nchannels:\n{channels}");
    let files = vec![
        InputFile::new("leg/p.package.yaml", manifest),
        InputFile::new("leg/again.package.yaml", "packageName: q\nchannels: []\n"),
        InputFile::new("leg/csvs.yaml", csvs),
    ];
    let c = with_limits(
        files,
        Limits {
            max_nodes: 50_000,
            ..Limits::DEFAULT
        },
    );
    let p = c.package("p").expect("the manifest's package loads");
    let entries: usize = p.channels.iter().map(|ch| ch.entries.len()).sum();
    assert_eq!(entries, 50_000);
    assert_eq!(
        p.channels[0].entries.len(),
        2000,
        "the first channels are walked whole"
    );
    assert!(c
        .diagnostics
        .iter()
        .any(|d| d.code == "load.limit" && d.message.contains("max_nodes = 50000")));
    assert!(c.package("q").is_none());
    assert!(c
        .diagnostics
        .iter()
        .any(|d| d.code == "load.legacy" && d.message.contains("a second package manifest")));
}
