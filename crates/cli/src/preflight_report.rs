//! What `preflight` and `review` print of a pre-flight report (core's
//! [`preflight`](olm_graph_core::preflight)): the table of check, result and first
//! message, the Markdown table, and GitHub workflow commands placed on the files the messages
//! are about.

use std::fmt::Write as _;

use olm_graph_core::model::Catalog;
use olm_graph_core::preflight::{Check, MessageLocator, Outcome, Report};
use olm_graph_core::review::markdown::cell_code;
use olm_graph_core::text::plural;

use crate::annotate::workflow_command;

/// A check's first message, or nothing.
fn first(c: &Check) -> &str {
    c.messages.first().map_or("", String::as_str)
}

/// Name, result and first message of each check, in columns, then the counts.
///
/// # Complexity
/// O(C) for C checks.
pub fn table(report: &Report) -> String {
    let width = report
        .checks
        .iter()
        .map(|c| c.name.len())
        .max()
        .unwrap_or(0)
        .max("CHECK".len());
    let mut out = format!("{:<width$}  RESULT  MESSAGE\n", "CHECK");
    for c in &report.checks {
        let more = match c.messages.len() {
            0 | 1 => String::new(),
            n => format!(" (+{} more)", n - 1),
        };
        let row = format!(
            "{:<width$}  {:<6}  {}{more}",
            c.name,
            c.result.as_str(),
            first(c)
        );
        let _ = writeln!(out, "{}", row.trim_end());
    }
    let _ = writeln!(out, "pipeline {}: {}", report.pipeline, report.counts());
    out
}

/// One workflow command per message of a check that failed, warned or passed with a note,
/// placed on the file the message is about in `catalog` (spec/preflight.md §13, item 2), as `file`
/// shows a loader path; skipped checks are left out.
///
/// # Complexity
/// O(B + T) for B bundles of `catalog` and T bytes of messages.
pub fn github(report: &Report, catalog: &Catalog, file: &dyn Fn(&str) -> String) -> String {
    let locator = MessageLocator::new(catalog);
    let mut out = String::new();
    for c in &report.checks {
        let level = match c.result {
            Outcome::Fail => "error",
            Outcome::Warn => "warning",
            Outcome::Pass => "notice",
            Outcome::Skip => continue,
        };
        let title = format!("olm-graph preflight {}", c.name);
        for m in &c.messages {
            let place = locator.locate(m);
            out.push_str(&workflow_command(level, place.as_ref(), file, &title, m));
        }
    }
    out
}

/// A heading with the counts, then a row per check with its first message and a row for each
/// further one; every message a code span, so that the pipeline's text reads (and is found)
/// word for word.
///
/// # Complexity
/// O(M) for M messages.
pub fn markdown(report: &Report) -> String {
    let icon = if report.failed() { "❌" } else { "✅" };
    let mut out = format!(
        "## olm-graph preflight ({}): {icon} {}\n\n{}.\n\n| check | result | messages |\n|---|---|---|\n",
        report.pipeline,
        report.counts(),
        plural(report.checks.len(), "check", "checks"),
    );
    for c in &report.checks {
        let (name, result) = (cell_code(&c.name), c.result.as_str());
        let message = match first(c) {
            "" => String::new(),
            m => cell_code(m),
        };
        let _ = writeln!(out, "| {name} | {result} | {message} |");
        for m in c.messages.iter().skip(1) {
            let _ = writeln!(out, "| | | {} |", cell_code(m));
        }
    }
    out
}
