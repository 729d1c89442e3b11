//! One-off jobs off the main thread, in the tools worker (`src/bin/tools.rs`, started on the
//! first request, never with the page): catalog templates rendered (the template studio, the
//! drift report), a pipeline's pre-flight checks (the findings panel) and small catalogs parsed
//! (the simulation's what-if update), and catalogs written back as FBC with an edit (the
//! truncated catalog, the mirror's kept catalog: downloads). A studio keystroke never cancels a catalog
//! being loaded, and the page links neither the loader, the template renderer nor core's YAML
//! reader. Each request
//! has its own callback, called once with what the worker answered (or why it could not).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use leptos::prelude::*;
use olm_graph_core::model::Bundle;
use olm_graph_core::preflight::Report;
use olm_graph_core::{Catalog, Diagnostic};

use crate::services::parser::{
    PreflightRequest, Request, RequestKind, TemplateRequest, WorkerClient, WorkerEvent,
    WriteRequest, TOOLS_URL,
};
use crate::state::load::FileText;
pub use crate::worker::protocol::FbcEdit;
use crate::worker::protocol::{join_parts, WorkerReply};

/// What became of a job.
#[derive(Debug)]
pub enum JobReply {
    /// The catalog the files (or the template) stand for, with every finding.
    Catalog {
        catalog: Catalog,
        findings: Vec<Diagnostic>,
    },
    /// The FBC text, as `olm-graph render-template` writes it, and its warnings.
    Rendered {
        text: String,
        warnings: Vec<Diagnostic>,
    },
    /// A pipeline's pre-flight report, and for each message of each check the file it is
    /// about (empty when none).
    Preflight {
        report: Report,
        places: Vec<Vec<String>>,
    },
    /// A catalog written back as FBC.
    Written(String),
    /// opm refuses the template: its message, with the template's position.
    Refused(Diagnostic),
    /// The worker could not answer (it failed to start, or stopped).
    Failed(String),
}

type Callback = Box<dyn FnOnce(JobReply)>;

#[derive(Default)]
struct Waiting {
    next_id: u32,
    callbacks: HashMap<u32, Callback>,
    /// Bundles a parsing request's catalog sent ahead in parts, joined back at its `done`.
    parts: HashMap<u32, Vec<(usize, Vec<Bundle>)>>,
}

/// The jobs worker's client (from the context, or a component's own; cheap to copy).
#[derive(Clone, Copy)]
pub struct Jobs {
    client: StoredValue<WorkerClient, LocalStorage>,
    waiting: StoredValue<Rc<RefCell<Waiting>>, LocalStorage>,
}

impl Jobs {
    /// A service whose worker starts on the first request.
    pub fn new() -> Jobs {
        let waiting: Rc<RefCell<Waiting>> = Rc::default();
        let w = waiting.clone();
        let client = WorkerClient::new(TOOLS_URL, move |event| on_event(&w, event));
        Jobs {
            client: StoredValue::new_local(client),
            waiting: StoredValue::new_local(waiting),
        }
    }

    /// The app's service, or a new one where none was provided.
    pub fn get() -> Jobs {
        use_context::<Jobs>().unwrap_or_default()
    }

    /// Asks for the catalog `template` stands for (`render` false) or its FBC text (`render`
    /// true), rendered with `sources` as bundle source; `done` hears the answer once.
    pub fn template(
        &self,
        render: bool,
        template: FileText,
        sources: Vec<FileText>,
        done: impl FnOnce(JobReply) + 'static,
    ) {
        let id = self.wait(done);
        let request = TemplateRequest {
            id,
            render,
            template,
            sources,
        };
        let sent = self.client.with_value(|c| c.send_template(&request));
        self.sent(id, sent);
    }

    /// Asks for `pipeline`'s pre-flight checks of `catalog` (core's `Catalog` as JSON) and the
    /// `files` it was opened from; `done` hears the answer once.
    pub fn preflight(
        &self,
        pipeline: &'static str,
        catalog: String,
        files: Vec<FileText>,
        done: impl FnOnce(JobReply) + 'static,
    ) {
        let id = self.wait(done);
        let request = PreflightRequest {
            id,
            pipeline,
            catalog,
            files,
        };
        let sent = self.client.with_value(|c| c.send_preflight(&request));
        self.sent(id, sent);
    }

    /// Asks for the catalog of `files` (read as the load bar reads picked files) and its
    /// findings; `done` hears the answer once.
    pub fn catalog(&self, files: Vec<FileText>, done: impl FnOnce(JobReply) + 'static) {
        let id = self.wait(done);
        let request = Request {
            id,
            kind: RequestKind::Catalog,
            only_catalog_extensions: false,
            files,
        };
        let sent = self.client.with_value(|c| c.send_kept(request));
        self.sent(id, sent);
    }

    /// Asks for `files` (the catalog's, as read) written back as FBC with `edit`; `done` hears
    /// the answer once.
    pub fn write_fbc(
        &self,
        edit: &FbcEdit,
        files: Vec<FileText>,
        done: impl FnOnce(JobReply) + 'static,
    ) {
        let id = self.wait(done);
        let edit = match serde_json::to_string(edit) {
            Ok(json) => json,
            Err(e) => return self.sent(id, Err(format!("could not encode the edit: {e}"))),
        };
        let request = WriteRequest { id, edit, files };
        let sent = self.client.with_value(|c| c.send_write(&request));
        self.sent(id, sent);
    }

    /// Registers a callback; its request id.
    fn wait(&self, done: impl FnOnce(JobReply) + 'static) -> u32 {
        self.waiting.with_value(|w| {
            let mut w = w.borrow_mut();
            w.next_id = w.next_id.wrapping_add(1);
            let id = w.next_id;
            w.callbacks.insert(id, Box::new(done));
            id
        })
    }

    /// A request that could not be sent is answered at once.
    fn sent(&self, id: u32, sent: Result<(), String>) {
        let Err(message) = sent else { return };
        let callback = self
            .waiting
            .with_value(|w| w.borrow_mut().callbacks.remove(&id));
        if let Some(callback) = callback {
            callback(JobReply::Failed(message));
        }
    }
}

impl Default for Jobs {
    fn default() -> Self {
        Jobs::new()
    }
}

fn on_event(waiting: &RefCell<Waiting>, event: WorkerEvent) {
    match event {
        WorkerEvent::Reply(reply) => {
            let Some(id) = reply.request_id() else { return };
            let mut reply = *reply;
            match reply {
                WorkerReply::Progress { .. }
                | WorkerReply::Stage { .. }
                | WorkerReply::Picture { .. } => return,
                // Cluster state among a job's files is not the job's: the catalog follows, or
                // there is none.
                WorkerReply::ClusterState { alone: false, .. }
                | WorkerReply::MirrorConfig { alone: false, .. } => return,
                WorkerReply::Part {
                    package, bundles, ..
                } => {
                    let mut w = waiting.borrow_mut();
                    w.parts.entry(id).or_default().push((package, bundles));
                    return;
                }
                WorkerReply::Done {
                    ref mut catalog, ..
                } => {
                    let parts = waiting.borrow_mut().parts.remove(&id).unwrap_or_default();
                    join_parts(catalog, parts);
                }
                _ => {
                    waiting.borrow_mut().parts.remove(&id);
                }
            }
            let callback = waiting.borrow_mut().callbacks.remove(&id);
            if let Some(callback) = callback {
                callback(template_reply(reply));
            }
        }
        WorkerEvent::Crashed(message) => {
            waiting.borrow_mut().parts.clear();
            let callbacks = std::mem::take(&mut waiting.borrow_mut().callbacks);
            for (_, callback) in callbacks {
                callback(JobReply::Failed(message.clone()));
            }
        }
    }
}

/// The worker's answer to a job.
pub fn template_reply(reply: WorkerReply) -> JobReply {
    match reply {
        WorkerReply::Done {
            catalog, findings, ..
        } => JobReply::Catalog { catalog, findings },
        WorkerReply::RenderDone { text, warnings, .. } => JobReply::Rendered { text, warnings },
        WorkerReply::RenderFailed { error, .. } => JobReply::Refused(error),
        WorkerReply::PreflightDone { report, places, .. } => JobReply::Preflight { report, places },
        WorkerReply::Written { text, .. } => JobReply::Written(text),
        WorkerReply::Failed { message, .. } => JobReply::Failed(message),
        WorkerReply::ClusterState { .. } => {
            JobReply::Failed("the files hold cluster state (Subscriptions, CSVs…), not a catalog: open them with the catalog's Open files".into())
        }
        WorkerReply::MirrorConfig { .. } => JobReply::Failed(
            "the files hold an ImageSetConfiguration, not a catalog: open it with the catalog's Open files".into(),
        ),
        WorkerReply::Ready
        | WorkerReply::Progress { .. }
        | WorkerReply::Picture { .. }
        | WorkerReply::Stage { .. }
        | WorkerReply::Part { .. }
        | WorkerReply::SeriesDone { .. } => {
            JobReply::Failed("the parser answered a template request with something else".into())
        }
    }
}

/// The text of a write job, or why there is none.
pub fn written(reply: JobReply) -> Result<String, String> {
    match reply {
        JobReply::Written(text) => Ok(text),
        JobReply::Failed(message) => Err(message),
        _ => Err("the tools worker answered the write with something else".into()),
    }
}
