//! The template documents of a file: which documents are templates, how the other documents of
//! a stream are passed through, and a semver template read from a later document.

use crate::diag::{Diagnostic, Location, Rule};
use crate::template::kind::might_hold_template;
use crate::template::read::fbc::{self, Config};
use crate::template::read::file::File;
use crate::template::{
    kinds::semver::channels as semver_template, Job, TemplateError, TemplateKind,
};

/// Documents of a file whose `schema` is a template's, with their kind.
///
/// # Complexity
/// O(n) in the file's length: each document that names a template schema is read once.
pub(crate) fn template_documents(file: &File) -> Vec<(usize, TemplateKind)> {
    let mut out = Vec::new();
    for (i, c) in file.chunks.iter().enumerate() {
        let body = &file.text[c.span.0..c.span.1];
        if !might_hold_template(body) {
            continue;
        }
        let Ok(Some(node)) = file.parse(i) else {
            continue;
        };
        let schema = node.get("schema").and_then(|n| n.as_str()).unwrap_or("");
        if let Some(kind) = TemplateKind::from_schema(schema) {
            out.push((i, kind));
        }
    }
    out
}

/// Passes documents of a template file through as entries (with a warning saying why).
///
/// # Complexity
/// O(n log n) for the n bytes and objects of the documents passed through.
pub(crate) fn pass_through(
    file: &File,
    indices: &[usize],
    cfg: &mut Config,
    job: &mut Job,
    why: String,
) {
    job.diagnostics
        .push(Diagnostic::warning(Rule::TemplateStream, why).at(file.doc_start(0)));
    for &i in indices {
        let node = match file.parse(i) {
            Ok(Some(n)) => n,
            Ok(None) => continue,
            Err(e) => {
                let code = if e.limit.is_some() {
                    Rule::LoadLimit
                } else {
                    Rule::LoadYaml
                };
                let message = match e.limit {
                    Some(_) => e.message,
                    None => format!("invalid YAML: {}", e.message),
                };
                let d = Diagnostic::error(code, message).at(file.at(e.pos, i + 1));
                job.diagnostics.push(d);
                continue;
            }
        };
        let origin = file.at(node.pos, i + 1);
        let added = fbc::meta(&node.to_json())
            .map_err(|m| m.to_string())
            .and_then(|m| fbc::add_meta(cfg, m, origin.clone()).map_err(|e| e.to_string()));
        if let Err(m) = added {
            job.diagnostics
                .push(Diagnostic::error(Rule::TemplateEntry, m).at(origin));
        }
    }
}

/// The semver template of document `index` (a later document of a stream is read on its own;
/// positions are then shifted back into the file).
///
/// # Complexity
/// As the semver template's rendering (O(n + b log b) for n bytes and b bundles).
pub(crate) fn render_semver_at(
    file: &File,
    index: usize,
    job: &mut Job,
) -> Result<Config, TemplateError> {
    if index == 0 {
        return semver_template::render(file, job);
    }
    let Some(chunk) = file.chunks.get(index) else {
        return Ok(Config::default());
    };
    let sub = File::new(
        file.path,
        &file.text[chunk.span.0..chunk.span.1],
        &file.limits,
    );
    let shift = |loc: &mut Location| {
        loc.line = loc.line.map(|l| chunk.file_line(l));
        loc.document = Some(index + 1);
    };
    let first_new = job.diagnostics.len();
    let result = semver_template::render(&sub, job);
    for d in &mut job.diagnostics[first_new..] {
        if let Some(l) = d.location.as_mut() {
            shift(l);
        }
    }
    match result {
        Ok(mut cfg) => {
            cfg.packages.iter_mut().for_each(|p| shift(&mut p.origin));
            cfg.channels.iter_mut().for_each(|c| shift(&mut c.origin));
            cfg.bundles.iter_mut().for_each(|b| shift(&mut b.origin));
            Ok(cfg)
        }
        Err(mut e) => {
            shift(&mut e.location);
            Err(e)
        }
    }
}
