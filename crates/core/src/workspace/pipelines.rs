//! Findings of other tools than `lint`, for the files they are about
//! ([docs/spec/lsp.md](../../../../docs/spec/lsp.md) §4): oc-mirror's for an
//! ImageSetConfiguration (what `olm-graph mirror --config` reports: the file read as oc-mirror
//! reads it, and its validation, spec/mirror.md §1–2), and the publishing pipeline's for an
//! operator repository (what `olm-graph preflight` reports with the pipeline found for it,
//! spec/preflight.md §13).

use super::Workspace;
use crate::diag::{Diagnostic, Location, Rule, Severity};
use crate::load::{InputFile, Limits};
use crate::mirror::{looks_like_isc, read_config, validate_config};
use crate::preflight::{default_pipeline, MessageLocator};
use crate::preflight::{run_with_files, Outcome};

/// A finding of a publishing pipeline's check: the check's name stands for the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PipelineFinding {
    /// The pipeline's check name (`check_replaces_availability`, ...).
    pub check: String,
    /// Error for a failed check, warning for a check that warns.
    pub severity: Severity,
    /// The file (and line) the message is about.
    pub location: Location,
    /// The pipeline's message, word for word.
    pub message: String,
}

/// oc-mirror's findings on `text` when it is an ImageSetConfiguration, else none: reading
/// problems at their place, validation errors at the `mirror.operators` entry they are about.
///
/// # Complexity
/// O(n) in the text's length, plus O(P + C) for P packages and C channels.
pub fn isc_findings(path: &str, text: &str, limits: &Limits) -> Vec<Diagnostic> {
    if !looks_like_isc(text) {
        return Vec::new();
    }
    let cfg = read_config(path, text, limits);
    let mut out = cfg.diagnostics.clone();
    for e in validate_config(&cfg) {
        let entry = cfg
            .operators
            .iter()
            .find(|o| o.packages.iter().any(|p| p.name == e.package))
            .or(cfg.operators.first());
        let at = entry.and_then(|o| o.location.clone());
        let mut d = Diagnostic::error(Rule::MirrorConfig, e.message).at_opt(at);
        if !e.package.is_empty() {
            d = d.package(e.package);
        }
        out.push(d);
    }
    out
}

impl Workspace {
    /// The publishing pipeline's findings for an operator repository (none for a folder that
    /// is not one): every failing or warning check's messages, at the bundle they name, else at
    /// the operator's `ci.yaml`.
    ///
    /// # Complexity
    /// What [`run_with_files`] costs over the workspace's files, then O(M·m) for M messages.
    pub fn pipeline_findings(&self) -> Vec<PipelineFinding> {
        let catalog = self.catalog();
        let Some(pipeline) = default_pipeline(catalog) else {
            return Vec::new();
        };
        let files: Vec<InputFile> = (self.files.iter())
            .map(|(p, t)| InputFile::new(p.as_str(), t.as_str()))
            .collect();
        let ci = (self.files.keys())
            .find(|p| p.ends_with("/ci.yaml") || p.ends_with("/ci.yml"))
            .map(|p| Location::at(p.clone(), 1, 1, None));
        let report = run_with_files(pipeline, catalog, &files, &[]);
        let locator = MessageLocator::new(catalog);
        let mut out = Vec::new();
        for check in &report.checks {
            let severity = match check.result {
                Outcome::Fail => Severity::Error,
                Outcome::Warn => Severity::Warning,
                Outcome::Pass | Outcome::Skip => continue,
            };
            for m in &check.messages {
                let Some(location) = locator.locate(m).or_else(|| ci.clone()) else {
                    continue;
                };
                out.push(PipelineFinding {
                    check: check.name.clone(),
                    severity,
                    location,
                    message: m.clone(),
                });
            }
        }
        out
    }
}
