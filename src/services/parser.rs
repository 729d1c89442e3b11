//! The page side of the parsing worker: starts `worker-boot.js`, queues a request until the
//! worker says it is ready, and hands every reply to one callback. A crashed worker is reported
//! and replaced by a fresh one on the next request.
//!
//! Not `gloo-worker`: it encodes every message with bincode, so the catalog text (tens of MB)
//! would be copied out of JS and re-encoded on the main thread, which is what the worker is
//! there to avoid; here the texts cross as JS strings.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};

use crate::state::load::FileText;
use crate::worker::protocol::{self, WorkerReply};

/// The worker's script, next to index.html (assets/worker-boot.js).
pub const WORKER_URL: &str = "./worker-boot.js";

/// What to make of a request's files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestKind {
    /// One catalog, linted.
    Catalog,
    /// One catalog per subfolder, in version order.
    Series,
}

/// A parse request.
#[derive(Debug, Clone)]
pub struct Request {
    pub id: u32,
    pub kind: RequestKind,
    /// Directory semantics: only .json/.yaml/.yml files are read.
    pub only_catalog_extensions: bool,
    pub files: Vec<FileText>,
}

/// A catalog-template request: the catalog the template stands for, or its FBC text.
#[derive(Debug, Clone)]
pub struct TemplateRequest {
    pub id: u32,
    /// The FBC text (`render-template`) rather than the catalog (`template`).
    pub render: bool,
    pub template: FileText,
    /// Rendered catalogs standing in for the registry.
    pub sources: Vec<FileText>,
}

/// What the page learns from the worker.
#[derive(Debug)]
pub enum WorkerEvent {
    Reply(Box<WorkerReply>),
    /// The worker died (a panic, a failed start); the message says why.
    Crashed(String),
}

struct Inner {
    worker: Option<Worker>,
    ready: bool,
    /// Requests posted before the worker was ready, sent when it is.
    queued: Vec<JsValue>,
    on_event: Rc<dyn Fn(WorkerEvent)>,
    // Kept as long as the worker; dropping them removes the listeners.
    _listeners: Vec<EventListener>,
}

/// A handle on the parsing worker (cheap to clone).
#[derive(Clone)]
pub struct WorkerClient {
    inner: Rc<RefCell<Inner>>,
}

impl WorkerClient {
    /// A client whose replies go to `on_event`. The worker starts on the first request.
    pub fn new(on_event: impl Fn(WorkerEvent) + 'static) -> WorkerClient {
        WorkerClient {
            inner: Rc::new(RefCell::new(Inner {
                worker: None,
                ready: false,
                queued: Vec::new(),
                on_event: Rc::new(on_event),
                _listeners: Vec::new(),
            })),
        }
    }

    /// Starts the worker now (so the first catalog does not wait for it).
    pub fn warm_up(&self) -> Result<(), String> {
        self.ensure_started()
    }

    /// Stops the worker mid-work (a cancelled load) and forgets what waited for it; the next
    /// request starts a fresh one.
    pub fn stop(&self) {
        let mut i = self.inner.borrow_mut();
        if let Some(w) = i.worker.take() {
            w.terminate();
        }
        i.ready = false;
        i.queued.clear();
        i._listeners.clear();
    }

    /// Posts a request; a request still waiting for the worker to start is replaced.
    pub fn send(&self, request: Request) -> Result<(), String> {
        self.post(encode(&request), true)
    }

    /// Posts a request; requests waiting for the worker to start are kept (each has its own
    /// caller waiting for it).
    pub fn send_kept(&self, request: Request) -> Result<(), String> {
        self.post(encode(&request), false)
    }

    /// Posts a template request; requests waiting for the worker to start are kept.
    pub fn send_template(&self, request: &TemplateRequest) -> Result<(), String> {
        self.post(encode_template(request), false)
    }

    fn post(&self, msg: JsValue, replace_queued: bool) -> Result<(), String> {
        self.ensure_started()?;
        let mut inner = self.inner.borrow_mut();
        if !inner.ready {
            if replace_queued {
                inner.queued.clear();
            }
            inner.queued.push(msg);
            return Ok(());
        }
        match &inner.worker {
            Some(w) => w.post_message(&msg).map_err(|e| send_failed(&e)),
            None => Ok(()),
        }
    }

    fn ensure_started(&self) -> Result<(), String> {
        if self.inner.borrow().worker.is_some() {
            return Ok(());
        }
        let worker = Worker::new(WORKER_URL)
            .map_err(|e| format!("could not start the parser (Web Worker): {}", js_text(&e)))?;
        let weak = Rc::downgrade(&self.inner);
        let on_message = EventListener::new(&worker, "message", move |ev| {
            if let (Some(inner), Some(ev)) = (weak.upgrade(), ev.dyn_ref::<MessageEvent>()) {
                on_message(&inner, ev);
            }
        });
        let weak = Rc::downgrade(&self.inner);
        let on_error = EventListener::new(&worker, "error", move |ev| {
            if let Some(inner) = weak.upgrade() {
                on_error(&inner, ev);
            }
        });
        let mut inner = self.inner.borrow_mut();
        inner.worker = Some(worker);
        inner.ready = false;
        inner._listeners = vec![on_message, on_error];
        Ok(())
    }
}

fn emit(inner: &RefCell<Inner>, event: WorkerEvent) {
    let callback = inner.borrow().on_event.clone();
    callback(event);
}

fn on_message(inner: &RefCell<Inner>, ev: &MessageEvent) {
    let text = ev.data().as_string().unwrap_or_default();
    match WorkerReply::from_json(&text) {
        Ok(WorkerReply::Ready) => {
            let (worker, queued) = {
                let mut i = inner.borrow_mut();
                i.ready = true;
                (i.worker.clone(), std::mem::take(&mut i.queued))
            };
            let Some(w) = worker else { return };
            for msg in queued {
                if let Err(e) = w.post_message(&msg) {
                    emit(inner, WorkerEvent::Crashed(send_failed(&e)));
                }
            }
        }
        Ok(reply) => emit(inner, WorkerEvent::Reply(Box::new(reply))),
        Err(message) => emit(inner, WorkerEvent::Crashed(message)),
    }
}

fn on_error(inner: &RefCell<Inner>, ev: &web_sys::Event) {
    let message = ev
        .dyn_ref::<ErrorEvent>()
        .map(|e| e.message())
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| "the worker script could not run".into());
    {
        let mut i = inner.borrow_mut();
        if let Some(w) = i.worker.take() {
            w.terminate();
        }
        i.ready = false;
        i.queued.clear();
    }
    emit(
        inner,
        WorkerEvent::Crashed(format!("the parser stopped: {message}")),
    );
}

fn send_failed(e: &JsValue) -> String {
    format!("could not send the files to the parser: {}", js_text(e))
}

fn set(o: &Object, k: &str, v: &JsValue) {
    let _ = Reflect::set(o, &k.into(), v);
}

/// `[{path, text}]`, the texts as the JS strings they are.
fn file_list(files: &[FileText]) -> Array {
    let list = Array::new();
    for f in files {
        let o = Object::new();
        set(&o, protocol::FILE_PATH, &JsValue::from_str(&f.path));
        set(&o, protocol::FILE_TEXT, &f.text);
        list.push(&o);
    }
    list
}

fn encode_template(request: &TemplateRequest) -> JsValue {
    let obj = Object::new();
    let kind = if request.render {
        protocol::KIND_RENDER_TEMPLATE
    } else {
        protocol::KIND_TEMPLATE
    };
    set(&obj, protocol::REQ_ID, &JsValue::from(request.id));
    set(&obj, protocol::REQ_KIND, &JsValue::from_str(kind));
    let template = std::slice::from_ref(&request.template);
    set(&obj, protocol::REQ_FILES, &file_list(template));
    set(&obj, protocol::REQ_SOURCES, &file_list(&request.sources));
    obj.into()
}

fn encode(request: &Request) -> JsValue {
    let obj = Object::new();
    let files = file_list(&request.files);
    let kind = match request.kind {
        RequestKind::Catalog => protocol::KIND_CATALOG,
        RequestKind::Series => protocol::KIND_SERIES,
    };
    set(&obj, protocol::REQ_ID, &JsValue::from(request.id));
    set(&obj, protocol::REQ_KIND, &JsValue::from_str(kind));
    set(
        &obj,
        protocol::REQ_ONLY_CATALOG_EXTENSIONS,
        &JsValue::from_bool(request.only_catalog_extensions),
    );
    set(&obj, protocol::REQ_FILES, &files);
    obj.into()
}

/// A readable text for a thrown JS value.
pub fn js_text(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        return s;
    }
    if let Some(e) = v.dyn_ref::<js_sys::Error>() {
        return String::from(e.message());
    }
    format!("{v:?}")
}
