//! A property-based fuzz harness over the JSON and YAML readers, the range parser, graph
//! building, lint and path resolution.
//!
//! Three targets draw inputs from proptest strategies:
//! - `catalog`: a file of the corpus (`fuzz-corpus/catalog/`, small real and quirky catalogs)
//!   mutated byte by byte and token by token (brackets, quotes, markers, anchors, tabs, keys,
//!   versions, ranges), then loaded, linted, graphed, and resolved from its entries (v0, v1);
//! - `generated`: a catalog built from a grammar (replaces, skips and skipRange among random
//!   versions, cycles, missing bundles, several heads), written as YAML or JSON, same checks;
//! - `range`: a range of the corpus (`fuzz-corpus/ranges.txt`) mutated, or one built from
//!   blang's grammar, parsed and matched against versions.
//!
//! Every check must hold and nothing may panic: a panic is a finding. `cargo test --test fuzz`
//! runs a short deterministic slice (a fixed seed). `scripts/fuzz.sh SECONDS` sets
//! `OLM_GRAPH_FUZZ_SECONDS`: random seeds until the time is up, with each case also timed (a
//! case over 2 s is a finding too); each finding's input is written to
//! `target/tmp/fuzz-findings/`. Copy a finding to `fuzz-corpus/regressions/` (named
//! `catalog-…` or `range-…`) when it is fixed: every file there is replayed by this test.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use olm_graph_core::graph::channel_graphs;
use olm_graph_core::range::{quirks, Range};
use olm_graph_core::resolve::{resolve_path, PathOptions, Resolver};
use olm_graph_core::semver::Version;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, InputFile};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz-corpus")
}

/// The corpus catalogs: (file name, text).
fn corpus() -> Vec<(String, String)> {
    let dir = corpus_dir().join("catalog");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            let path = e.expect("a directory entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            let text = std::fs::read_to_string(&path).expect("UTF-8 text");
            (name, text)
        })
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the catalog corpus is there");
    files
}

fn corpus_ranges() -> Vec<String> {
    let text = std::fs::read_to_string(corpus_dir().join("ranges.txt")).expect("ranges.txt");
    text.lines().map(str::to_string).collect()
}

/// Pieces that matter to the readers and to OLM's rules.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ": ",
    ",",
    "\"",
    "'",
    "\n",
    "\n---\n",
    "\n...\n",
    "---",
    "- ",
    "? ",
    "&a ",
    "*a",
    "&b ",
    "*b",
    "!!str ",
    "!!int ",
    "!custom ",
    "\t",
    "  ",
    "#",
    "|\n  ",
    ">\n  ",
    "\\",
    "\\u0000",
    "\\ud800",
    "\u{feff}",
    "\r\n",
    "é",
    "🦀",
    "~",
    "null",
    "true",
    "0x1F",
    "007",
    "1_000",
    ".inf",
    "schema",
    "olm.package",
    "olm.channel",
    "olm.bundle",
    "olm.deprecations",
    "name",
    "package",
    "entries",
    "replaces",
    "skips",
    "skipRange",
    "properties",
    "version",
    "packageName",
    "defaultChannel",
    "reference",
    "Schema",
    "NAME",
    "1.0.0",
    "1.0.0-rc.1",
    ">=1.0.0 <2.0.0",
    "<1.0.0 || >=2.0.0",
    "1.x",
    "!=1.0.0",
    "<<: *a",
    "{}",
    "[]",
    "\"\"",
];

/// One edit of a text.
#[derive(Debug, Clone)]
enum Edit {
    InsertToken(usize, usize),
    InsertBytes(usize, Vec<u8>),
    Delete(usize, usize),
    Duplicate(usize, usize, usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = any::<usize>();
    prop_oneof![
        4 => (at, 0..TOKENS.len()).prop_map(|(a, t)| Edit::InsertToken(a, t)),
        2 => (at, proptest::collection::vec(any::<u8>(), 1..6)).prop_map(|(a, b)| Edit::InsertBytes(a, b)),
        3 => (at, 1usize..40).prop_map(|(a, n)| Edit::Delete(a, n)),
        1 => (at, 1usize..200, any::<usize>()).prop_map(|(a, n, to)| Edit::Duplicate(a, n, to)),
        1 => at.prop_map(Edit::Truncate),
    ]
}

/// Applies edits to bytes (positions taken modulo the length), then reads them as text.
fn apply(text: &str, edits: &[Edit]) -> String {
    let mut b = text.as_bytes().to_vec();
    for e in edits {
        let len = b.len().max(1);
        match e {
            Edit::InsertToken(at, t) => {
                let at = at % (b.len() + 1);
                b.splice(at..at, TOKENS[*t].bytes());
            }
            Edit::InsertBytes(at, bytes) => {
                let at = at % (b.len() + 1);
                b.splice(at..at, bytes.iter().copied());
            }
            Edit::Delete(at, n) => {
                let at = at % len;
                let end = (at + n).min(b.len());
                b.drain(at.min(end)..end);
            }
            Edit::Duplicate(at, n, to) => {
                let at = at % len;
                let piece: Vec<u8> = b.iter().skip(at).take(*n).copied().collect();
                let to = to % (b.len() + 1);
                b.splice(to..to, piece);
            }
            Edit::Truncate(at) => b.truncate(at % len),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// A corpus catalog with 1 to 8 edits: (file name, text).
fn mutated_catalog(corpus: Vec<(String, String)>) -> impl Strategy<Value = (String, String)> {
    let n = corpus.len();
    (0..n, proptest::collection::vec(edit(), 1..8)).prop_map(move |(i, edits)| {
        let (name, text) = &corpus[i];
        (name.clone(), apply(text, &edits))
    })
}

fn version() -> impl Strategy<Value = String> {
    (
        0u8..4,
        0u8..4,
        0u8..4,
        prop::option::of("(rc|alpha)\\.[0-9]"),
    )
        .prop_map(|(a, b, c, pre)| match pre {
            Some(p) => format!("{a}.{b}.{c}-{p}"),
            None => format!("{a}.{b}.{c}"),
        })
}

/// A range from blang's grammar: comparators (some with wildcards) joined by spaces and `||`.
fn grammar_range() -> impl Strategy<Value = String> {
    let op = prop_oneof![
        Just(""),
        Just("="),
        Just("=="),
        Just("!="),
        Just("!"),
        Just(">"),
        Just(">="),
        Just("<"),
        Just("<="),
        Just(">= "),
        Just("<<"),
    ];
    let part = prop_oneof![
        version(),
        (0u8..4).prop_map(|a| format!("{a}.x")),
        (0u8..4, 0u8..4).prop_map(|(a, b)| format!("{a}.{b}.X")),
        Just("*".to_string()),
        Just("v1.0.0".to_string()),
    ];
    let comparator = (op, part).prop_map(|(o, p)| format!("{o}{p}"));
    let group = proptest::collection::vec(comparator, 0..3).prop_map(|c| c.join(" "));
    proptest::collection::vec(group, 1..3).prop_map(|g| g.join(" || "))
}

fn range_input(ranges: Vec<String>) -> impl Strategy<Value = String> {
    let n = ranges.len();
    prop_oneof![
        grammar_range(),
        (0..n, proptest::collection::vec(edit(), 0..4))
            .prop_map(move |(i, e)| apply(&ranges[i], &e)),
    ]
}

/// One generated channel entry: its index, what it replaces, skips and its skipRange.
#[derive(Debug, Clone)]
struct GenEntry {
    replaces: Option<usize>,
    skips: Vec<usize>,
    skip_range: Option<String>,
    has_bundle: bool,
}

fn generated_catalog() -> impl Strategy<Value = (String, String)> {
    let entry = (
        prop::option::of(0usize..12),
        proptest::collection::vec(0usize..12, 0..3),
        prop::option::weighted(0.3, grammar_range()),
        prop::bool::weighted(0.9),
    )
        .prop_map(|(replaces, skips, skip_range, has_bundle)| GenEntry {
            replaces,
            skips,
            skip_range,
            has_bundle,
        });
    let channel = proptest::collection::vec(entry, 1..10);
    (proptest::collection::vec(channel, 1..3), any::<bool>()).prop_map(|(channels, json)| {
        let objects = catalog_objects(&channels);
        if json {
            let text: Vec<String> = objects.iter().map(|o| o.to_string()).collect();
            ("gen.json".to_string(), text.join("\n"))
        } else {
            let docs: Vec<String> = objects.iter().map(yaml_of).collect();
            ("gen.yaml".to_string(), docs.join("---\n"))
        }
    })
}

/// The objects of a generated catalog: package `gen`, channels `c0`…, bundles `gen.v1.<i>.0`.
fn catalog_objects(channels: &[Vec<GenEntry>]) -> Vec<serde_json::Value> {
    use serde_json::json;
    let name = |i: usize| format!("gen.v1.{i}.0");
    let mut objects = vec![json!({"schema": "olm.package", "name": "gen", "defaultChannel": "c0"})];
    let mut bundles = std::collections::BTreeSet::new();
    for (c, entries) in channels.iter().enumerate() {
        let list: Vec<serde_json::Value> = entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                if e.has_bundle {
                    bundles.insert(i);
                }
                let mut o = json!({"name": name(i)});
                if let Some(r) = e.replaces {
                    o["replaces"] = json!(name(r));
                }
                if !e.skips.is_empty() {
                    o["skips"] = json!(e.skips.iter().map(|s| name(*s)).collect::<Vec<_>>());
                }
                if let Some(r) = &e.skip_range {
                    o["skipRange"] = json!(r);
                }
                o
            })
            .collect();
        objects.push(json!({"schema": "olm.channel", "package": "gen", "name": format!("c{c}"), "entries": list}));
    }
    for i in bundles {
        objects.push(json!({"schema": "olm.bundle", "package": "gen", "name": name(i), "image": format!("example.com/gen:{i}"),
            "properties": [{"type": "olm.package", "value": {"packageName": "gen", "version": format!("1.{i}.0")}}]}));
    }
    objects
}

/// A JSON object written as block YAML (strings quoted, so that any text stays a string).
fn yaml_of(v: &serde_json::Value) -> String {
    fn write(v: &serde_json::Value, indent: usize, out: &mut String) {
        let pad = " ".repeat(indent);
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    match v {
                        serde_json::Value::Object(_) | serde_json::Value::Array(_) => {
                            out.push_str(&format!("{pad}{k}:\n"));
                            write(v, indent + 2, out);
                        }
                        _ => out.push_str(&format!("{pad}{k}: {v}\n")),
                    }
                }
            }
            serde_json::Value::Array(items) => {
                for item in items {
                    let mut inner = String::new();
                    write(item, indent + 2, &mut inner);
                    let inner = inner.trim_start().to_string();
                    out.push_str(&format!("{pad}- {inner}"));
                    if !inner.ends_with('\n') {
                        out.push('\n');
                    }
                }
            }
            other => out.push_str(&format!("{pad}{other}\n")),
        }
    }
    let mut out = String::new();
    write(v, 0, &mut out);
    out
}

/// Loads a catalog text and runs everything downstream of the reader on it.
fn check_catalog(name: &str, text: &str) {
    let catalog = load_files(vec![InputFile::new(name, text)]);
    assert_eq!(catalog.files.len(), 1);
    for d in &catalog.diagnostics {
        if let Some(loc) = &d.location {
            assert_eq!(loc.file, name, "{d}");
            assert!(loc.line.is_none_or(|l| l >= 1), "{d}");
            assert!(loc.column.is_none_or(|c| c >= 1), "{d}");
        }
        assert!(
            d.message.len() < 2000,
            "messages stay short: {}",
            d.message.len()
        );
    }
    let _ = lint_catalog(&catalog);
    for pkg in &catalog.packages {
        let graphs = channel_graphs(pkg);
        assert_eq!(graphs.len(), pkg.channels.len());
        for g in &graphs {
            assert!(g.nodes.len() >= g.entry_count());
        }
        for ch in pkg.channels.iter().take(3) {
            for e in ch.entries.iter().take(4) {
                for resolver in [Resolver::V0, Resolver::V1] {
                    let options = PathOptions {
                        resolver,
                        channel: Some(ch.name.clone()),
                        ..PathOptions::default()
                    };
                    if let Ok(path) = resolve_path(&catalog, &pkg.name, &e.name, &options, None) {
                        assert!(path.hops.len() <= pkg.bundles.len() + ch.entries.len() + 2);
                    }
                }
            }
        }
    }
}

/// Parses a range and matches it against versions around its bounds.
fn check_range(text: &str) {
    let _ = quirks(text);
    let Ok(range) = Range::parse(text) else {
        return;
    };
    for v in [
        "0.0.0",
        "1.0.0",
        "1.0.0-rc.1",
        "1.2.3",
        "2.0.0",
        "3.0.1",
        "99.99.99",
    ] {
        let v = Version::parse(v).expect("a version");
        let checked = range.contains_checked(&v);
        assert_eq!(range.contains(&v), checked.unwrap_or(false));
    }
}

/// A failed check or a panic (or, in timed runs, a slow case), with its input.
struct Finding {
    target: &'static str,
    what: String,
    input: String,
}

/// Runs one case; a panic or (when `slow` is set) a run over `slow` is a finding.
fn run_case(
    target: &'static str,
    input: String,
    slow: Option<Duration>,
    f: impl FnOnce(),
) -> Option<Finding> {
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(f));
    let elapsed = start.elapsed();
    let what = match result {
        Err(panic) => panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".into()),
        Ok(()) if slow.is_some_and(|s| elapsed > s) => format!("slow: {elapsed:?}"),
        Ok(()) => return None,
    };
    Some(Finding {
        target,
        what,
        input,
    })
}

/// Runs `cases` cases of each target from `rng` (or until `deadline`), returning the findings
/// and the number of cases run.
fn fuzz(
    rng: TestRng,
    cases: usize,
    deadline: Option<Instant>,
    slow: Option<Duration>,
) -> (Vec<Finding>, usize) {
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let catalogs = mutated_catalog(corpus());
    let generated = generated_catalog();
    let ranges = range_input(corpus_ranges());
    let mut findings = Vec::new();
    let mut run = 0;
    while deadline.map_or(run < cases, |d| Instant::now() < d) {
        run += 1;
        let (name, text) = catalogs.new_tree(&mut runner).expect("a case").current();
        let t = text.clone();
        findings.extend(run_case("catalog", text, slow, || check_catalog(&name, &t)));
        let (name, text) = generated.new_tree(&mut runner).expect("a case").current();
        let t = text.clone();
        findings.extend(run_case("generated", text, slow, || {
            check_catalog(&name, &t)
        }));
        let text = ranges.new_tree(&mut runner).expect("a case").current();
        let t = text.clone();
        findings.extend(run_case("range", text, slow, || check_range(&t)));
    }
    (findings, run)
}

/// Writes each finding's input to `target/tmp/fuzz-findings/` and fails with their list.
fn report(findings: &[Finding]) {
    if findings.is_empty() {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-findings");
    let _ = std::fs::create_dir_all(&dir);
    let mut lines = Vec::new();
    for (i, f) in findings.iter().enumerate() {
        let path = dir.join(format!("{}-{i}.txt", f.target));
        let saved = std::fs::write(&path, &f.input).is_ok();
        lines.push(format!(
            "{}: {} (input {})",
            f.target,
            f.what,
            if saved {
                path.display().to_string()
            } else {
                format!("{:?}", f.input)
            }
        ));
    }
    panic!("{} finding(s):\n{}", findings.len(), lines.join("\n"));
}

/// The regression inputs: every file of `fuzz-corpus/regressions/`, replayed.
#[test]
fn regressions_stay_fixed() {
    let dir = corpus_dir().join("regressions");
    let mut findings = Vec::new();
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("an entry").path();
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        n += 1;
        let t = text.clone();
        let finding = if name.starts_with("range-") {
            run_case("range", text, None, || check_range(&t))
        } else {
            let file = if name.contains(".json") {
                "regression.json"
            } else {
                "regression.yaml"
            };
            run_case("catalog", text, None, || check_catalog(file, &t))
        };
        findings.extend(finding);
    }
    assert!(n >= 1, "the regression inputs are there");
    report(&findings);
}

/// A seed from the clock (or `OLM_GRAPH_FUZZ_SEED`, 64 hex digits, to replay a run).
fn time_seed() -> [u8; 32] {
    if let Ok(hex) = std::env::var("OLM_GRAPH_FUZZ_SEED") {
        let bytes: Vec<u8> = (0..hex.len() / 2)
            .filter_map(|i| u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok())
            .collect();
        if let Ok(seed) = <[u8; 32]>::try_from(bytes) {
            return seed;
        }
    }
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::array::from_fn(|i| (nanos >> ((i % 16) * 8)) as u8 ^ (i as u8).wrapping_mul(151))
}

/// A deterministic slice by default; with `OLM_GRAPH_FUZZ_SECONDS`, random cases for that long.
#[test]
fn fuzz_readers_ranges_graphs_lint_and_paths() {
    let seconds: Option<u64> = std::env::var("OLM_GRAPH_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok());
    let (findings, run) = match seconds {
        None => {
            let seed = [7u8; 32];
            fuzz(
                TestRng::from_seed(RngAlgorithm::ChaCha, &seed),
                150,
                None,
                None,
            )
        }
        Some(s) => {
            let deadline = Instant::now() + Duration::from_secs(s);
            let seed = time_seed();
            println!(
                "seed {}",
                seed.iter().map(|b| format!("{b:02x}")).collect::<String>()
            );
            let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
            let found = fuzz(rng, 0, Some(deadline), Some(Duration::from_secs(2)));
            println!(
                "fuzzed for {s} s: {} rounds of 3 targets ({} cases), {} finding(s)",
                found.1,
                found.1 * 3,
                found.0.len()
            );
            found
        }
    };
    assert!(run > 0);
    report(&findings);
}
