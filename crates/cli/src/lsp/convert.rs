//! Between core's terms and the Language Server Protocol's: `file:` URIs and paths, 1-based
//! lines and columns and LSP's 0-based positions, a [`Diagnostic`] and an LSP diagnostic with
//! its rule's code, help link and severity.

use std::str::FromStr;

use lsp_types as lsp;
use olm_graph_core::workspace::names::Span;
use olm_graph_core::workspace::pipelines::PipelineFinding;
use olm_graph_core::{Diagnostic, Severity};

/// The path of a `file:` URI, percent-decoded; `None` for another scheme.
pub fn uri_to_path(uri: &lsp::Uri) -> Option<String> {
    let rest = uri.as_str().strip_prefix("file://")?;
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push(u8::try_from(h * 16 + l).unwrap_or(b'?'));
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    let path = String::from_utf8(out).ok()?;
    // `file:///c:/x` on Windows: no leading slash before the drive.
    let windows = path.len() > 2 && path.as_bytes()[2] == b':' && path.starts_with('/');
    Some(if windows { path[1..].to_string() } else { path })
}

/// The `file:` URI of a path, percent-encoding what a URI cannot hold.
pub fn path_to_uri(path: &str) -> lsp::Uri {
    let mut s = String::from("file://");
    if !path.starts_with('/') {
        s.push('/');
    }
    for b in path.replace('\\', "/").bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~:+@".contains(&b) {
            s.push(char::from(b));
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    lsp::Uri::from_str(&s).unwrap_or_else(|_| lsp::Uri::from_str("file:///").expect("a URI"))
}

/// A 0-based LSP position of a 1-based line and column.
pub fn position(line: usize, column: usize) -> lsp::Position {
    let n = |v: usize| u32::try_from(v.saturating_sub(1)).unwrap_or(u32::MAX);
    lsp::Position::new(n(line), n(column))
}

/// A span as an LSP location.
pub fn location(span: &Span) -> lsp::Location {
    lsp::Location::new(path_to_uri(&span.file), range(span))
}

/// A span as an LSP range.
pub fn range(span: &Span) -> lsp::Range {
    lsp::Range::new(
        position(span.line, span.start),
        position(span.line, span.end),
    )
}

/// LSP's severity of a finding's.
pub fn severity(s: Severity) -> lsp::DiagnosticSeverity {
    match s {
        Severity::Error => lsp::DiagnosticSeverity::ERROR,
        Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
    }
}

/// Where a rule's help is: `rules_url` (the page of the rules, docs/rules.md) with the rule's
/// id as the anchor.
pub fn help_link(rules_url: &str, code: &str) -> Option<lsp::CodeDescription> {
    let href = lsp::Uri::from_str(&format!("{rules_url}#{code}")).ok()?;
    Some(lsp::CodeDescription { href })
}

/// The width of each line of `text` in UTF-16 units, LSP's columns: a diagnostic spans to the
/// end of its line.
///
/// # Complexity
/// O(n) in the text's length.
pub fn line_widths(text: &str) -> Vec<u32> {
    text.lines()
        .map(|l| u32::try_from(l.encode_utf16().count()).unwrap_or(u32::MAX))
        .collect()
}

/// A finding as an LSP diagnostic: at its line and column (to the end of the line), or at
/// `fallback` when it has none; `related` are the places it speaks of.
pub fn diagnostic(
    d: &Diagnostic,
    widths: &[u32],
    rules_url: &str,
    fallback: Option<(usize, usize)>,
    related: Vec<lsp::DiagnosticRelatedInformation>,
) -> lsp::Diagnostic {
    let located = d
        .location
        .as_ref()
        .and_then(|l| l.line.map(|n| (n, l.column.unwrap_or(1))));
    let (line, column) = located.or(fallback).unwrap_or((1, 1));
    let width = widths.get(line.saturating_sub(1)).copied().unwrap_or(0);
    let start = position(line, column);
    let end = lsp::Position::new(start.line, width.max(start.character));
    let mut message = d.message.clone();
    if let Some(s) = &d.suggestion {
        message.push_str("\nfix: ");
        message.push_str(s);
    }
    lsp::Diagnostic {
        range: lsp::Range::new(start, end),
        severity: Some(severity(d.severity)),
        code: Some(lsp::NumberOrString::String(d.code.to_string())),
        code_description: help_link(rules_url, &d.code),
        source: Some("olm-graph".into()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: Some(serde_json::json!({ "located": located.is_some() })),
    }
}

/// A publishing pipeline's finding: the check's name as the code, `olm-graph preflight` as the
/// source.
pub fn pipeline_diagnostic(f: &PipelineFinding, widths: &[u32]) -> lsp::Diagnostic {
    let line = f.location.line.unwrap_or(1);
    let column = f.location.column.unwrap_or(1);
    let width = widths.get(line.saturating_sub(1)).copied().unwrap_or(0);
    let start = position(line, column);
    let end = lsp::Position::new(start.line, width.max(start.character));
    lsp::Diagnostic {
        range: lsp::Range::new(start, end),
        severity: Some(severity(f.severity)),
        code: Some(lsp::NumberOrString::String(f.check.clone())),
        source: Some("olm-graph preflight".into()),
        message: f.message.clone(),
        data: Some(serde_json::json!({ "located": true, "pipeline": true })),
        ..lsp::Diagnostic::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_round_trip_through_uris() {
        let uri = path_to_uri("/tmp/a b/c%.yaml");
        assert_eq!(uri.as_str(), "file:///tmp/a%20b/c%25.yaml");
        assert_eq!(uri_to_path(&uri).as_deref(), Some("/tmp/a b/c%.yaml"));
    }
}
