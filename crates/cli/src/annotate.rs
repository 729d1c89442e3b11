//! What the formats that annotate a pull request share (`lint`, `preflight` and `review` write
//! them): paths relative to the working directory, GitHub's workflow commands (a finding's, or
//! any message's at a file and line) and their escaping, URI references and the SARIF 2.1.0 log
//! around a run's rules and results.

use std::fmt::Write as _;
use std::path::{Component, Path};

use olm_graph_core::diag::{Location, Rule};
use olm_graph_core::{Diagnostic, Severity};
use serde_sarif::sarif;

use crate::error::CliError;
use crate::output::json_text;

/// `file` (a path as the loader shows it) relative to `cwd`, with `/` separators.
pub fn relative_path(file: &str, cwd: &Path) -> String {
    let path = Path::new(file);
    let normal = |p: &Path| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in p.components() {
            match c {
                Component::CurDir => {}
                Component::ParentDir if out.last().is_some_and(|l| l != "..") => {
                    out.pop();
                }
                Component::RootDir | Component::Prefix(_) => out.clear(),
                c => out.push(c.as_os_str().to_string_lossy().into_owned()),
            }
        }
        out
    };
    if !path.is_absolute() {
        return normal(path).join("/");
    }
    let (target, base) = (normal(path), normal(cwd));
    let common = target.iter().zip(&base).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); base.len() - common];
    parts.extend(target[common..].iter().cloned());
    parts.join("/")
}

/// GitHub's escaping of a workflow command's message.
pub fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// GitHub's escaping of a workflow command's property value.
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// A relative path as a URI reference: every byte outside RFC 3986's unreserved set and `/`
/// percent-encoded.
pub fn uri_reference(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// One SARIF 2.1.0 run of olm-graph with these rules and results, as pretty JSON.
pub fn sarif_log(
    rules: Vec<sarif::ReportingDescriptor>,
    results: Vec<sarif::Result>,
) -> Result<String, CliError> {
    let driver = sarif::ToolComponent::builder()
        .name("olm-graph")
        .version(env!("CARGO_PKG_VERSION"))
        .semantic_version(env!("CARGO_PKG_VERSION"))
        .rules(rules)
        .build();
    let run = sarif::Run::builder()
        .tool(sarif::Tool::builder().driver(driver).build())
        .results(results)
        .column_kind(serde_json::json!("unicodeCodePoints"))
        .build();
    let log = sarif::Sarif::builder()
        .schema("https://json.schemastore.org/sarif-2.1.0.json")
        .version(serde_json::json!("2.1.0"))
        .runs(vec![run])
        .build();
    json_text(&log)
}

/// What a finding is about: `olm.channel package "p" channel "c" field "f"`.
fn subject(d: &Diagnostic) -> String {
    let mut parts = Vec::new();
    if let Some(s) = &d.schema {
        parts.push(s.clone());
    }
    for (what, v) in [
        ("package", &d.package),
        ("channel", &d.channel),
        ("bundle", &d.bundle),
        ("object", &d.name),
        ("field", &d.field),
    ] {
        if let Some(v) = v {
            parts.push(format!("{what} {v:?}"));
        }
    }
    parts.join(" ")
}

/// The subject, the message and the fix in one line.
pub fn full_message(d: &Diagnostic) -> String {
    let subject = subject(d);
    if subject.is_empty() {
        d.message_with_fix()
    } else {
        format!("{subject}: {}", d.message_with_fix())
    }
}

/// One GitHub workflow command: `::LEVEL file=F,line=L,col=C,title=T::MESSAGE`, the file as
/// `file` shows a loader path, the position as far as `location` has it.
pub fn workflow_command(
    level: &str,
    location: Option<&Location>,
    file: &dyn Fn(&str) -> String,
    title: &str,
    message: &str,
) -> String {
    let mut props = Vec::new();
    if let Some(l) = location {
        props.push(format!("file={}", escape_property(&file(&l.file))));
        if let Some(line) = l.line {
            props.push(format!("line={line}"));
            if let Some(col) = l.column {
                props.push(format!("col={col}"));
            }
        }
    }
    props.push(format!("title={}", escape_property(title)));
    format!("::{level} {}::{}\n", props.join(","), escape_data(message))
}

/// One workflow command per error and warning, each file as `file` shows it.
pub fn github_findings(findings: &[Diagnostic], file: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    for d in findings {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => continue,
        };
        let r = d.rule();
        let title = format!("olm-graph {} ({})", r.name(), r.id());
        out.push_str(&workflow_command(
            level,
            d.location.as_ref(),
            &file,
            &title,
            &full_message(d),
        ));
    }
    out
}

fn sarif_rule(rule: &Rule) -> sarif::ReportingDescriptor {
    sarif::ReportingDescriptor::builder()
        .id(rule.id())
        .name(rule.name())
        .short_description(
            sarif::MultiformatMessageString::builder()
                .text(rule.summary())
                .build(),
        )
        .full_description(
            sarif::MultiformatMessageString::builder()
                .text(rule.help())
                .build(),
        )
        .help(
            sarif::MultiformatMessageString::builder()
                .text(rule.help())
                .build(),
        )
        .build()
}

/// The physical and logical location of a finding.
fn sarif_location(d: &Diagnostic, cwd: &Path) -> Option<sarif::Location> {
    let physical = d.location.as_ref().map(|l| {
        let artifact = sarif::ArtifactLocation::builder()
            .uri(uri_reference(&relative_path(&l.file, cwd)))
            .build();
        let region = l.line.map(|line| {
            let mut r = sarif::Region::builder()
                .start_line(i64::try_from(line).unwrap_or(i64::MAX))
                .build();
            r.start_column = l.column.and_then(|c| i64::try_from(c).ok());
            r
        });
        let mut p = sarif::PhysicalLocation::builder()
            .artifact_location(artifact)
            .build();
        p.region = region;
        p
    });
    let names: Vec<&str> = [&d.package, &d.channel, &d.bundle, &d.name]
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    let logical = names.last().map(|name| {
        sarif::LogicalLocation::builder()
            .name(*name)
            .fully_qualified_name(names.join("/"))
            .kind(d.schema.clone().unwrap_or_else(|| "object".into()))
            .build()
    });
    if physical.is_none() && logical.is_none() {
        return None;
    }
    let mut loc = sarif::Location::builder().build();
    loc.physical_location = physical;
    loc.logical_locations = logical.map(|l| vec![l]);
    Some(loc)
}

/// The rules: every one of core's registry, in its order (a finding's code is always one of
/// them, so each result's rule has a name and help).
fn sarif_rules() -> Vec<sarif::ReportingDescriptor> {
    Rule::ALL.iter().map(sarif_rule).collect()
}

fn sarif_result(d: &Diagnostic, rule_index: i64, cwd: &Path) -> sarif::Result {
    let level = match d.severity {
        Severity::Error => sarif::ResultLevel::Error,
        Severity::Warning => sarif::ResultLevel::Warning,
        Severity::Info => sarif::ResultLevel::Note,
    };
    let mut result = sarif::Result::builder()
        .rule_id(d.code.to_string())
        .rule_index(rule_index)
        .level(level)
        .message(sarif::Message::builder().text(full_message(d)).build())
        .build();
    result.locations = sarif_location(d, cwd).map(|l| vec![l]);
    if let Some(fix) = &d.suggestion {
        let mut bag = sarif::PropertyBag::builder().build();
        bag.additional_properties
            .insert("suggestion".into(), serde_json::json!(fix));
        result.properties = Some(bag);
    }
    result
}

/// The findings as one SARIF 2.1.0 run (`lint --format sarif`, `crd-safety --format sarif`).
pub fn sarif_findings(findings: &[Diagnostic], cwd: &Path) -> Result<String, CliError> {
    let results: Vec<sarif::Result> = findings
        .iter()
        .map(|d| sarif_result(d, i64::try_from(d.rule().index()).unwrap_or(0), cwd))
        .collect();
    sarif_log(sarif_rules(), results)
}
