//! The language server of `olm-graph lsp`: the protocol over standard input and output
//! (rust-analyzer's `lsp-server` for the framing and the handshake, `lsp-types` for the
//! messages), over core's [`Workspace`], which does all the work.
//!
//! One thread reads messages; the loop takes every message already waiting before it acts
//! ([`next_batch`]), keeps only the newest text of each document, re-checks once, publishes,
//! then answers the requests of the batch against the new state: a flood of changes costs one
//! check, and a change that a newer one overtook is never checked (docs/lsp.md, "Model").

mod convert;
mod handlers;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use lsp_server::{Connection, Message, Notification, Request, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use olm_graph_core::load::{read_paths, Limits, LoadOptions};
use olm_graph_core::workspace::pipelines::PipelineFinding;
use olm_graph_core::workspace::Workspace;
use serde_json::Value;

use crate::error::{CliError, CmdResult, ExitStatus};

/// What the server keeps between messages.
pub struct Server {
    pub ws: Workspace,
    /// The page of the rules' help (`codeDescription` links).
    pub rules_url: String,
    /// Files whose findings were published non-empty (to clear them when they go).
    published: BTreeSet<String>,
    /// The publishing pipeline's findings on an operator repository, as last computed.
    pub pipeline: Vec<PipelineFinding>,
    /// The version of each document the editor has open (published with its diagnostics, so
    /// a client can tell which text they are about).
    versions: BTreeMap<String, i32>,
}

/// The default page of the rules' help: docs/rules.md of the source tree this binary was built
/// from; `initializationOptions.rulesUrl` replaces it.
fn default_rules_url() -> String {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md");
    let docs = docs.canonicalize().unwrap_or(docs);
    convert::path_to_uri(&docs.to_string_lossy())
        .as_str()
        .to_string()
}

/// Runs the server on standard input and output until the client says `exit`.
pub fn serve() -> CmdResult {
    let (connection, io) = Connection::stdio();
    let caps = serde_json::to_value(capabilities()).unwrap_or_default();
    let params = connection
        .initialize(caps)
        .map_err(|e| CliError::Request(format!("lsp: {e}")))?;
    let params: lsp::InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let rules_url = params
        .initialization_options
        .as_ref()
        .and_then(|o| o.get("rulesUrl"))
        .and_then(Value::as_str)
        .map_or_else(default_rules_url, str::to_string);
    let read =
        root_of(&params).and_then(|root| read_paths(&[root], &Limits::process_default()).ok());
    let (files, notes) = read.map(|r| (r.files, r.notes)).unwrap_or_default();
    let options = LoadOptions {
        only_catalog_extensions: true,
        limits: Limits::process_default(),
        ..LoadOptions::default()
    };
    let mut ws = Workspace::new(files, options);
    let mut all: BTreeSet<String> = ws.paths().map(str::to_string).collect();
    let noted: BTreeSet<String> = notes
        .iter()
        .filter_map(|d| d.location.as_ref().map(|l| l.file.clone()))
        .collect();
    ws.add_notes(notes);
    all.extend(noted);
    let mut server = Server {
        ws,
        rules_url,
        published: BTreeSet::new(),
        pipeline: Vec::new(),
        versions: BTreeMap::new(),
    };
    all.extend(server.refresh_pipeline());
    let all: Vec<String> = all.into_iter().collect();
    server.publish(&connection, &all, &BTreeSet::new());
    let result = main_loop(&connection, &mut server);
    drop(connection);
    let _ = io.join();
    result.map(|()| ExitStatus::Success)
}

/// The folder the editor opened: its first workspace folder, else its root URI.
fn root_of(params: &lsp::InitializeParams) -> Option<String> {
    let folder = params
        .workspace_folders
        .as_ref()
        .and_then(|f| f.first())
        .map(|f| &f.uri);
    #[allow(deprecated)]
    let uri = folder.or(params.root_uri.as_ref())?;
    let path = convert::uri_to_path(uri)?;
    Some(path.trim_end_matches('/').to_string()).filter(|p| !p.is_empty())
}

/// What the server offers.
fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        workspace_symbol_provider: Some(lsp::OneOf::Left(true)),
        completion_provider: Some(lsp::CompletionOptions::default()),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Simple(true)),
        ..lsp::ServerCapabilities::default()
    }
}

/// Reads batches until `exit` (or the client hangs up).
fn main_loop(connection: &Connection, server: &mut Server) -> Result<(), CliError> {
    loop {
        let Some(batch) = next_batch(connection) else {
            return Ok(());
        };
        let mut changed: BTreeMap<String, Option<String>> = BTreeMap::new();
        let mut requests = Vec::new();
        for msg in batch {
            match msg {
                Message::Request(req) => {
                    if connection.handle_shutdown(&req).unwrap_or(true) {
                        return Ok(());
                    }
                    requests.push(req);
                }
                Message::Notification(n) if n.method == lsp::notification::Exit::METHOD => {
                    return Ok(());
                }
                Message::Notification(n) => {
                    document_change(&n, &mut changed, &mut server.versions);
                }
                Message::Response(_) => {}
            }
        }
        let mut touched = BTreeSet::new();
        let edited: BTreeSet<String> = changed.keys().cloned().collect();
        for (path, text) in changed {
            touched.extend(match text {
                Some(t) => server.ws.update(&path, t),
                None => server.ws.remove(&path),
            });
        }
        if !touched.is_empty() {
            touched.extend(server.refresh_pipeline());
        }
        // A document the editor opened or changed always hears back, even when its text is
        // what the workspace already held (nothing touched): a client waits for it.
        touched.extend(edited.iter().cloned());
        server.publish(
            connection,
            &touched.into_iter().collect::<Vec<_>>(),
            &edited,
        );
        for req in requests {
            let resp = handlers::answer(server, req);
            let _ = connection.sender.send(Message::Response(resp));
        }
    }
}

/// The next message, waiting for it, and every message already queued behind it.
fn next_batch(connection: &Connection) -> Option<Vec<Message>> {
    let mut batch = vec![connection.receiver.recv().ok()?];
    while let Ok(m) = connection.receiver.try_recv() {
        batch.push(m);
    }
    Some(batch)
}

/// Keeps the newest text of a document a notification opens, changes or closes (`None`: the
/// file is gone from the disk, so from the catalog), and the version of each open document.
fn document_change(
    n: &Notification,
    changed: &mut BTreeMap<String, Option<String>>,
    versions: &mut BTreeMap<String, i32>,
) {
    use lsp::notification::{DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument};
    let params = n.params.clone();
    match n.method.as_str() {
        DidOpenTextDocument::METHOD => {
            if let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(params) {
                if let Some(path) = convert::uri_to_path(&p.text_document.uri) {
                    versions.insert(path.clone(), p.text_document.version);
                    changed.insert(path, Some(p.text_document.text));
                }
            }
        }
        DidChangeTextDocument::METHOD => {
            if let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(params) {
                let path = convert::uri_to_path(&p.text_document.uri);
                // Full sync: the last change holds the whole text.
                if let (Some(path), Some(c)) = (path, p.content_changes.into_iter().last()) {
                    versions.insert(path.clone(), p.text_document.version);
                    changed.insert(path, Some(c.text));
                }
            }
        }
        DidCloseTextDocument::METHOD => {
            if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(params) {
                if let Some(path) = convert::uri_to_path(&p.text_document.uri) {
                    // Back to what the disk holds; a file that is not there leaves the catalog.
                    versions.remove(&path);
                    changed.insert(path.clone(), std::fs::read_to_string(&path).ok());
                }
            }
        }
        _ => {}
    }
}

impl Server {
    /// Computes the pipeline's findings again; returns the files they were or are about.
    fn refresh_pipeline(&mut self) -> BTreeSet<String> {
        let new = self.ws.pipeline_findings();
        let old = std::mem::replace(&mut self.pipeline, new);
        (old.iter().chain(&self.pipeline))
            .map(|f| f.location.file.clone())
            .collect()
    }

    /// Publishes the findings of `paths`: every file with findings, an empty list for a file
    /// whose findings went, and always for a document the editor opened or changed (`edited`).
    fn publish(&mut self, connection: &Connection, paths: &[String], edited: &BTreeSet<String>) {
        for path in paths {
            let diagnostics = handlers::diagnostics(self, path);
            let was = self.published.remove(path);
            if diagnostics.is_empty() && !was && !edited.contains(path) {
                continue;
            }
            if !diagnostics.is_empty() {
                self.published.insert(path.clone());
            }
            let params = lsp::PublishDiagnosticsParams {
                uri: convert::path_to_uri(path),
                diagnostics,
                version: self.versions.get(path).copied(),
            };
            let n = Notification::new(
                lsp::notification::PublishDiagnostics::METHOD.to_string(),
                params,
            );
            let _ = connection.sender.send(Message::Notification(n));
        }
    }
}

/// A response to a request the server does not know.
pub fn unknown_method(req: &Request) -> Response {
    Response::new_err(
        req.id.clone(),
        lsp_server::ErrorCode::MethodNotFound as i32,
        format!("unknown method {}", req.method),
    )
}
