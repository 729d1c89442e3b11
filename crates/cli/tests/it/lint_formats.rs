//! `olm-graph lint --format sarif|github|markdown` on every real catalog and on the invalid
//! fixtures: SARIF validates against the SARIF 2.1.0 schema and points at real lines, GitHub
//! workflow commands parse with file, line and column, Markdown tables are well formed and no
//! catalog text becomes HTML.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::{catalogs_dir, manifest_dir, markdown_shape, run};
use serde_json::Value;

/// Every catalog unit: each folder or file one level below a source folder.
fn catalog_units() -> Vec<PathBuf> {
    let mut units = Vec::new();
    let mut sources: Vec<PathBuf> = std::fs::read_dir(catalogs_dir())
        .expect("catalogs folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    sources.sort();
    for source in sources {
        let mut children: Vec<PathBuf> = std::fs::read_dir(&source)
            .expect("source folder")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .collect();
        children.sort();
        units.extend(children);
    }
    assert!(units.len() > 50, "only {} catalog units", units.len());
    units
}

/// The invalid fixtures: every kind of finding, a broken JSON file, a broken YAML file whose
/// name holds a comma, a colon and a non-ASCII letter, and the cycle and multi-head catalogs.
fn invalid_fixtures() -> Vec<PathBuf> {
    ["invalid", "cycle.yaml", "multihead.yaml"]
        .iter()
        .map(|f| manifest_dir().join("tests/fixtures").join(f))
        .chain([manifest_dir().join("../core/tests/fixtures/export/xss.yaml")])
        .collect()
}

fn findings(path: &Path) -> Vec<Value> {
    let out = run(&["lint", "--json", path.to_str().expect("UTF-8 path")]);
    let doc: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("lint --json of {}: {e}", path.display()));
    doc.as_array().cloned().unwrap_or_default()
}

fn sarif_validator() -> jsonschema::Validator {
    let text =
        std::fs::read_to_string(manifest_dir().join("tests/fixtures/sarif/sarif-2.1.0.json"))
            .expect("vendored SARIF schema");
    let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles")
}

fn line_count(file: &Path) -> usize {
    std::fs::read_to_string(file)
        .map(|t| t.lines().count())
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// `%XX` decoding of a URI reference.
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).expect("ASCII");
            out.push(u8::from_str_radix(hex, 16).expect("hex escape"));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("UTF-8 path")
}

/// Checks one SARIF document: schema, one result per finding, rule references, locations.
fn check_sarif(validator: &jsonschema::Validator, path: &Path) {
    let out = run(&["lint", "--format", "sarif", path.to_str().expect("UTF-8")]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("SARIF is JSON");
    let errors: Vec<String> = validator
        .iter_errors(&doc)
        .take(5)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
    let run0 = &doc["runs"][0];
    let rules = run0["tool"]["driver"]["rules"].as_array().expect("rules");
    let results = run0["results"].as_array().expect("results");
    assert_eq!(results.len(), findings(path).len(), "{}", path.display());
    for r in results {
        let index = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], r["ruleId"], "{r}");
        let Some(phys) = r["locations"][0].get("physicalLocation") else {
            continue;
        };
        let uri = phys["artifactLocation"]["uri"].as_str().expect("uri");
        let file = manifest_dir().join(percent_decode(uri));
        assert!(
            file.is_file(),
            "{uri} is not a file from the working directory"
        );
        if let Some(line) = phys["region"]["startLine"].as_u64() {
            // A file cut short is reported at its end: one past its last line.
            assert!(
                line >= 1 && line as usize <= line_count(&file) + 1,
                "{uri}:{line}"
            );
        }
    }
}

#[test]
fn sarif_validates_on_every_real_catalog_and_the_invalid_fixtures() {
    let validator = sarif_validator();
    let mut units = catalog_units();
    units.extend(invalid_fixtures());
    for unit in &units {
        check_sarif(&validator, unit);
    }
}

#[test]
fn sarif_has_one_rule_per_kind_with_help_and_the_fix() {
    let out = run(&["lint", "--format", "sarif", "tests/fixtures/invalid"]);
    assert_eq!(out.status.code(), Some(1));
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let rules = doc["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    let ids: Vec<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "rule ids are unique: {ids:?}");
    for r in rules {
        let help = r["help"]["text"].as_str().unwrap_or_default();
        assert!(
            help.contains("Fix:"),
            "rule {} has help with the fix",
            r["id"]
        );
    }
    let results = doc["runs"][0]["results"].as_array().expect("results");
    let codes: std::collections::BTreeSet<&str> = results
        .iter()
        .filter_map(|r| r["ruleId"].as_str())
        .collect();
    for code in [
        "load.json",
        "load.yaml",
        "load.schema",
        "load.key-case",
        "load.skipped",
        "opm.convert",
        "opm.validate",
        "opm.validate.chain",
        "lint.default-channel-deprecated",
        "lint.skiprange-quirk",
        "lint.skiprange-matches-self",
        "lint.skiprange-matches-nothing",
        "lint.unreachable-v0",
    ] {
        assert!(
            codes.contains(code),
            "the fixtures produce {code}: {codes:?}"
        );
    }
    // The file name with a comma, a colon and "ü" is percent-encoded.
    let uris: Vec<&str> = results
        .iter()
        .filter_map(|r| r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str())
        .collect();
    assert!(
        uris.contains(&"tests/fixtures/invalid/comma%2Ccolon%3A%C3%BC.yaml"),
        "{uris:?}"
    );
    // The fix travels with each result that has one.
    let stranded = results
        .iter()
        .find(|r| r["ruleId"] == "opm.validate.chain")
        .expect("a chain error");
    assert!(stranded["properties"]["suggestion"].as_str().is_some());
    assert!(stranded["message"]["text"]
        .as_str()
        .is_some_and(|m| m.contains("(fix: ")));
}

/// The real basic templates under a small depth limit: `load.limit` and `template.*` findings,
/// each result pointing at a rule that has a name, a summary and help.
#[test]
fn sarif_names_every_rule_it_reports_with_its_help_limits_and_templates_included() {
    let kueue = catalogs_dir().join("kueue-fbc/v4.23");
    let templates = catalogs_dir().join("templates/basic");
    let (kueue, templates) = (kueue.to_string_lossy(), templates.to_string_lossy());
    let out = run(&[
        "lint",
        "--format",
        "sarif",
        "--max-depth",
        "5",
        &kueue,
        &templates,
    ]);
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let rules = doc["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules");
    let results = doc["runs"][0]["results"].as_array().expect("results");
    let mut codes = std::collections::BTreeSet::new();
    for r in results {
        let id = r["ruleId"].as_str().expect("a rule id");
        let index = r["ruleIndex"].as_u64().expect("a rule index") as usize;
        let rule = &rules[index];
        assert_eq!(rule["id"], id, "ruleIndex points at the rule");
        let name = rule["name"].as_str().unwrap_or_default();
        assert!(
            name.chars().next().is_some_and(char::is_uppercase) && name != id,
            "{id} has a name: {name:?}"
        );
        assert!(rule["shortDescription"]["text"]
            .as_str()
            .is_some_and(|t| !t.is_empty()));
        assert!(
            rule["help"]["text"]
                .as_str()
                .is_some_and(|t| t.contains("Fix:")),
            "{id} has help with the fix"
        );
        codes.insert(id.to_string());
    }
    assert!(codes.contains("load.limit"), "{codes:?}");
    assert!(
        codes.iter().filter(|c| c.starts_with("template.")).count() >= 3,
        "{codes:?}"
    );
}

/// A parsed workflow command: level, properties (unescaped), message (unescaped).
struct WorkflowCommand {
    level: String,
    properties: BTreeMap<String, String>,
    message: String,
}

fn unescape(s: &str) -> String {
    s.replace("%0D", "\r")
        .replace("%0A", "\n")
        .replace("%3A", ":")
        .replace("%2C", ",")
        .replace("%25", "%")
}

fn parse_workflow_command(line: &str) -> Option<WorkflowCommand> {
    let rest = line.strip_prefix("::")?;
    let (head, message) = rest.split_once("::")?;
    let (level, props) = head.split_once(' ').unwrap_or((head, ""));
    if !["error", "warning", "notice"].contains(&level) || message.contains('\n') {
        return None;
    }
    let mut properties = BTreeMap::new();
    for p in props.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = p.split_once('=')?;
        if v.contains(':') {
            return None; // an unescaped colon would end the properties early
        }
        properties.insert(k.to_string(), unescape(v));
    }
    Some(WorkflowCommand {
        level: level.to_string(),
        properties,
        message: unescape(message),
    })
}

fn check_github(path: &Path) -> usize {
    let out = run(&["lint", "--format", "github", path.to_str().expect("UTF-8")]);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let expected = findings(path)
        .iter()
        .filter(|f| f["severity"] != "info")
        .count();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), expected, "{}", path.display());
    for line in lines {
        let cmd = parse_workflow_command(line)
            .unwrap_or_else(|| panic!("not a workflow command: {line}"));
        assert!(cmd.level == "error" || cmd.level == "warning");
        assert!(!cmd.message.is_empty());
        assert!(cmd.properties["title"].starts_with("olm-graph "));
        let Some(file) = cmd.properties.get("file") else {
            continue;
        };
        let full = manifest_dir().join(file);
        assert!(
            full.is_file(),
            "{file} is not a file from the working directory"
        );
        if let Some(line_no) = cmd.properties.get("line") {
            let n: usize = line_no.parse().expect("line number");
            let col: usize = cmd.properties["col"].parse().expect("column number");
            assert!(n >= 1 && col >= 1 && n <= line_count(&full) + 1, "{line}");
        }
    }
    expected
}

#[test]
fn github_lines_parse_as_workflow_commands_with_file_line_and_column() {
    let mut total = 0;
    for path in invalid_fixtures() {
        total += check_github(&path);
    }
    // Real catalogs with warnings (descheduler 4.17 skips entries OLM v0 can never reach).
    total += check_github(&catalogs_dir().join("openshift-kube-descheduler-fbc/v4.17"));
    total += check_github(&catalogs_dir().join("certified-operators/v4.17"));
    assert!(total > 20, "{total} findings");
    let out = run(&["lint", "--format", "github", "tests/fixtures/invalid"]);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let weird = text
        .lines()
        .filter_map(parse_workflow_command)
        .find(|c| {
            c.properties
                .get("file")
                .is_some_and(|f| f.contains("comma,colon:"))
        })
        .expect("the oddly named file is annotated");
    assert_eq!(
        weird.properties["file"],
        "tests/fixtures/invalid/comma,colon:ü.yaml"
    );
    // The loader puts an unclosed quote on the line where the quoted scalar starts.
    assert_eq!(weird.properties["line"], "2");
    assert_eq!(out.status.code(), Some(1), "errors exit 1");
}

#[test]
fn markdown_lint_counts_first_and_renders_no_catalog_html() {
    for path in invalid_fixtures() {
        let out = run(&[
            "lint",
            "--format",
            "markdown",
            path.to_str().expect("UTF-8"),
        ]);
        let text = String::from_utf8(out.stdout).expect("UTF-8");
        assert!(text.starts_with("## olm-graph lint: "), "{text}");
        let shape = markdown_shape(&text);
        assert!(
            shape.html.is_empty(),
            "{}: {:?}",
            path.display(),
            shape.html
        );
        assert_eq!(
            shape.tables.len(),
            2,
            "{}: by rule, then findings",
            path.display()
        );
        for table in &shape.tables {
            assert!(table.iter().all(|cells| *cells == table[0]), "{table:?}");
        }
        let shown = findings(&path)
            .iter()
            .filter(|f| f["severity"] != "info")
            .count();
        assert_eq!(shape.tables[1].len(), shown + 1, "{}", path.display());
    }
}

#[test]
fn json_stays_an_alias_and_text_stays_the_default() {
    let path = "tests/fixtures/cycle.yaml";
    let json = run(&["lint", "--json", path]);
    let format_json = run(&["lint", "--format", "json", path]);
    assert_eq!(json.stdout, format_json.stdout);
    assert_eq!(json.status.code(), Some(1));
    let text = run(&["lint", path]);
    let format_text = run(&["lint", "--format", "text", path]);
    assert_eq!(text.stdout, format_text.stdout);
    assert!(String::from_utf8_lossy(&text.stdout).contains("invalid index"));
    let both = run(&["lint", "--json", "--format", "sarif", path]);
    assert_eq!(
        both.status.code(),
        Some(2),
        "conflicting flags are a usage error"
    );
}

#[test]
fn unreadable_input_exits_2_in_every_format() {
    for format in ["github", "sarif", "markdown"] {
        let out = run(&[
            "lint",
            "--format",
            format,
            "tests/fixtures/no-such-file.yaml",
        ]);
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-file.yaml"));
    }
}
