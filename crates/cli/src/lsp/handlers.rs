//! The answers of `olm-graph lsp`: each request's parameters read, core's
//! [`Workspace`](olm_graph_core::workspace::Workspace) asked, its answer written as LSP's.

use std::collections::HashMap;

use lsp_server::{Request, Response};
use lsp_types as lsp;
use lsp_types::request::Request as _;
use olm_graph_core::export::{embed_snippet, render, RenderFormat, RenderRequest};
use olm_graph_core::graph::{channel_graphs, Head};
use olm_graph_core::workspace::query::SymbolKind;
use olm_graph_core::Diagnostic;
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use super::convert::{self, location, uri_to_path};
use super::{unknown_method, Server};

/// The custom request that returns the SVG of the channel at the cursor (docs/lsp.md).
pub const RENDER_METHOD: &str = "olm-graph/render";

/// How many symbols a workspace search returns at most.
const WORKSPACE_SYMBOLS: usize = 500;

/// The answer to one request.
pub fn answer(server: &Server, req: Request) -> Response {
    use lsp::request::{
        CodeActionRequest, Completion, DocumentSymbolRequest, GotoDefinition, HoverRequest,
        References, WorkspaceSymbolRequest,
    };
    let id = req.id.clone();
    let result: Option<Value> = match req.method.as_str() {
        HoverRequest::METHOD => with(&req, |p| hover(server, p)),
        GotoDefinition::METHOD => with(&req, |p| definition(server, p)),
        References::METHOD => with(&req, |p| references(server, p)),
        DocumentSymbolRequest::METHOD => with(&req, |p| document_symbols(server, p)),
        WorkspaceSymbolRequest::METHOD => with(&req, |p| workspace_symbols(server, p)),
        Completion::METHOD => with(&req, |p| completion(server, p)),
        CodeActionRequest::METHOD => with(&req, |p| code_actions(server, p)),
        RENDER_METHOD => with(&req, |p| render_channel(server, p)),
        _ => return unknown_method(&req),
    };
    Response::new_ok(id, result.unwrap_or(Value::Null))
}

/// Reads the parameters and runs `f`; `None` (LSP's `null`) when they do not read.
fn with<P: DeserializeOwned>(req: &Request, f: impl FnOnce(P) -> Option<Value>) -> Option<Value> {
    f(serde_json::from_value(req.params.clone()).ok()?)
}

/// The file and 1-based line and column of a position.
fn at(p: &lsp::TextDocumentPositionParams) -> Option<(String, usize, usize)> {
    let path = uri_to_path(&p.text_document.uri)?;
    let (line, col) = (
        p.position.line as usize + 1,
        p.position.character as usize + 1,
    );
    Some((path, line, col))
}

fn hover(server: &Server, p: lsp::HoverParams) -> Option<Value> {
    let (path, line, col) = at(&p.text_document_position_params)?;
    let token = server.ws.token_at(&path, line, col)?;
    let md = server.ws.hover(&path, &token.text)?;
    let hover = lsp::Hover {
        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
            kind: lsp::MarkupKind::Markdown,
            value: md,
        }),
        range: Some(convert::range(&token.span)),
    };
    serde_json::to_value(hover).ok()
}

fn definition(server: &Server, p: lsp::GotoDefinitionParams) -> Option<Value> {
    let (path, line, col) = at(&p.text_document_position_params)?;
    let token = server.ws.token_at(&path, line, col)?;
    let span = server.ws.definition(&path, &token.text)?;
    serde_json::to_value(location(&span)).ok()
}

fn references(server: &Server, p: lsp::ReferenceParams) -> Option<Value> {
    let (path, line, col) = at(&p.text_document_position)?;
    let token = server.ws.token_at(&path, line, col)?;
    server.ws.package_of_bundle(&path, &token.text)?;
    let mut spans = server.ws.references(&token.text);
    if !p.context.include_declaration {
        let def = server.ws.definition(&path, &token.text);
        spans.retain(|s| Some(s) != def.as_ref());
    }
    let locations: Vec<lsp::Location> = spans.iter().map(location).collect();
    serde_json::to_value(locations).ok()
}

/// LSP's kind of a symbol.
fn symbol_kind(kind: SymbolKind) -> lsp::SymbolKind {
    match kind {
        SymbolKind::Package => lsp::SymbolKind::PACKAGE,
        SymbolKind::Channel => lsp::SymbolKind::ENUM,
        SymbolKind::Bundle => lsp::SymbolKind::CONSTANT,
    }
}

/// Symbols as LSP's flat list.
#[allow(deprecated)] // `deprecated` is a required field of SymbolInformation
fn symbol_list(
    symbols: Vec<olm_graph_core::workspace::query::Symbol>,
) -> Vec<lsp::SymbolInformation> {
    symbols
        .into_iter()
        .map(|s| lsp::SymbolInformation {
            kind: symbol_kind(s.kind),
            tags: None,
            deprecated: None,
            location: location(&s.span),
            container_name: (s.kind != SymbolKind::Package).then(|| s.package.clone()),
            name: s.name,
        })
        .collect()
}

fn document_symbols(server: &Server, p: lsp::DocumentSymbolParams) -> Option<Value> {
    let path = uri_to_path(&p.text_document.uri)?;
    let list = symbol_list(server.ws.document_symbols(&path));
    serde_json::to_value(lsp::DocumentSymbolResponse::Flat(list)).ok()
}

fn workspace_symbols(server: &Server, p: lsp::WorkspaceSymbolParams) -> Option<Value> {
    let list = symbol_list(server.ws.workspace_symbols(&p.query, WORKSPACE_SYMBOLS));
    serde_json::to_value(lsp::WorkspaceSymbolResponse::Flat(list)).ok()
}

fn completion(server: &Server, p: lsp::CompletionParams) -> Option<Value> {
    let (path, line, col) = at(&p.text_document_position)?;
    let text = server.ws.text(&path)?;
    // The key of the value being typed: the name at the cursor, or the empty value after
    // `replaces: ` / in a `skips` list.
    let role = server
        .ws
        .token_at(&path, line, col)
        .map(|t| t.role)
        .or_else(|| {
            let probe = format!(
                "{}x",
                text.lines()
                    .nth(line - 1)?
                    .chars()
                    .take(col - 1)
                    .collect::<String>()
            );
            let mut lines: Vec<&str> = text.lines().take(line - 1).collect();
            lines.push(&probe);
            let joined = lines.join("\n");
            olm_graph_core::workspace::names::token_at(&path, &joined, line, col).map(|t| t.role)
        })?;
    let items: Vec<lsp::CompletionItem> = server
        .ws
        .completions(&path, role)
        .into_iter()
        .map(|c| lsp::CompletionItem {
            label: c.name,
            kind: Some(lsp::CompletionItemKind::CONSTANT),
            detail: c.version.map(|v| format!("version {v}")),
            sort_text: Some(format!("{:06}", c.rank)),
            ..lsp::CompletionItem::default()
        })
        .collect();
    serde_json::to_value(lsp::CompletionResponse::Array(items)).ok()
}

// `WorkspaceEdit::changes` is a map keyed by `Uri` (lsp-types' own type); its cached parts never
// change the key's hash or order.
#[allow(clippy::mutable_key_type)]
fn code_actions(server: &Server, p: lsp::CodeActionParams) -> Option<Value> {
    let path = uri_to_path(&p.text_document.uri)?;
    let (first, last) = (
        p.range.start.line as usize + 1,
        p.range.end.line as usize + 1,
    );
    let mut out = Vec::new();
    for fix in server.ws.fixes(&path) {
        let cleared: Vec<lsp::Diagnostic> = (p.context.diagnostics.iter())
            .filter(|d| {
                d.code == Some(lsp::NumberOrString::String(fix.rule.id().into()))
                    && fix.finding_line == Some(d.range.start.line as usize + 1)
            })
            .cloned()
            .collect();
        let on_line = fix
            .edits
            .iter()
            .any(|(s, _)| (first..=last).contains(&s.line));
        if cleared.is_empty() && !on_line {
            continue;
        }
        let edits = fix
            .edits
            .iter()
            .map(|(s, new)| lsp::TextEdit::new(convert::range(s), new.clone()));
        let mut changes = HashMap::new();
        changes.insert(convert::path_to_uri(&path), edits.collect());
        out.push(lsp::CodeActionOrCommand::CodeAction(lsp::CodeAction {
            title: fix.title.clone(),
            kind: Some(lsp::CodeActionKind::QUICKFIX),
            diagnostics: (!cleared.is_empty()).then_some(cleared),
            edit: Some(lsp::WorkspaceEdit::new(changes)),
            is_preferred: Some(true),
            ..lsp::CodeAction::default()
        }));
    }
    serde_json::to_value(out).ok()
}

/// `olm-graph/render`: the SVG of the channel at the cursor (the channel whose document holds
/// it, or the channels of the bundle named there, else the default channel), as
/// `olm-graph render -p P -c C` writes it, and the `<olm-graph>` snippet of `-f embed`.
fn render_channel(server: &Server, p: lsp::TextDocumentPositionParams) -> Option<Value> {
    let (path, line, col) = at(&p)?;
    let token = server.ws.token_at(&path, line, col);
    let by_name = token.as_ref().and_then(|t| {
        let pkg = server.ws.package_of_bundle(&path, &t.text)?;
        Some((pkg, pkg.channels_of(&t.text).first()?.to_string()))
    });
    let by_place = || {
        let pkg = server.ws.packages_of(&path).into_iter().next()?;
        let here = pkg.channels.iter().filter_map(|c| {
            let l = c.location.as_ref().filter(|l| l.file == path)?;
            l.line.filter(|&n| n <= line).map(|n| (n, c.name.clone()))
        });
        let channel = here
            .max()
            .map(|(_, c)| c)
            .or_else(|| pkg.default_channel.clone())?;
        Some((pkg, channel))
    };
    let (pkg, channel) = by_name.or_else(by_place)?;
    let request = RenderRequest {
        channel: Some(channel.clone()),
        ..RenderRequest::new(pkg.name.clone(), RenderFormat::Svg)
    };
    let svg = render(server.ws.catalog(), &request).ok()?.text;
    let files = server.ws.files_of_package(&pkg.name);
    let embed = embed_snippet(&files, server.ws.catalog(), &request).ok();
    Some(json!({ "package": pkg.name, "channel": channel, "svg": svg, "embed": embed }))
}

/// The LSP diagnostics of a file: every finding `lint` locates in it, oc-mirror's when it is an
/// ImageSetConfiguration, the publishing pipeline's about it, then the package findings `lint`
/// prints without a place, at the package's document.
pub fn diagnostics(server: &Server, path: &str) -> Vec<lsp::Diagnostic> {
    let text = server.ws.text(path).unwrap_or_default();
    let widths = convert::line_widths(text);
    let text = widths.as_slice();
    let mut out: Vec<lsp::Diagnostic> = server
        .ws
        .findings(path)
        .iter()
        .map(|d| convert::diagnostic(d, text, &server.rules_url, None, related(server, path, d)))
        .collect();
    for d in server.ws.isc_findings(path) {
        out.push(convert::diagnostic(
            &d,
            text,
            &server.rules_url,
            None,
            Vec::new(),
        ));
    }
    for f in server.pipeline.iter().filter(|f| f.location.file == path) {
        out.push(convert::pipeline_diagnostic(f, text));
    }
    for d in server.ws.unlocated(path) {
        let pkg = d
            .package
            .as_deref()
            .and_then(|p| server.ws.catalog().package(p));
        let home = pkg
            .and_then(|p| p.location.as_ref())
            .filter(|l| l.file == path);
        if let Some(l) = home {
            let at = (l.line.unwrap_or(1), l.column.unwrap_or(1));
            out.push(convert::diagnostic(
                d,
                text,
                &server.rules_url,
                Some(at),
                Vec::new(),
            ));
        }
    }
    out
}

/// The places a finding speaks of: the `olm.bundle` of the bundle it names, and the heads of
/// a channel with several.
fn related(server: &Server, path: &str, d: &Diagnostic) -> Vec<lsp::DiagnosticRelatedInformation> {
    let mut out = Vec::new();
    let mut add = |name: &str, what: &str| {
        if let Some(span) = server.ws.definition(path, name) {
            out.push(lsp::DiagnosticRelatedInformation {
                location: location(&span),
                message: format!("{what} {name}"),
            });
        }
    };
    if let Some(b) = &d.bundle {
        add(b, "the olm.bundle of");
    }
    let heads = d.code.rule() == Some(olm_graph_core::diag::Rule::OpmValidateChain);
    let pkg = d
        .package
        .as_deref()
        .and_then(|p| server.ws.catalog().package(p));
    if let (true, Some(pkg), Some(c)) = (heads, pkg, d.channel.as_deref()) {
        for g in channel_graphs(pkg).iter().filter(|g| g.channel == c) {
            if let Head::Multiple(hs) = &g.head {
                for h in hs {
                    add(h, "a head of the channel:");
                }
            }
        }
    }
    out
}
