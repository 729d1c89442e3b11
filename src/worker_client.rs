//! The page side of the parsing worker: starts `worker-boot.js`, queues a request until the
//! worker says it is ready, and hands every reply to one callback. A crashed worker is reported
//! and replaced by a fresh one on the next request.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};

use crate::protocol::{self, WorkerReply};

/// The worker's script, next to index.html (assets/worker-boot.js).
pub const WORKER_URL: &str = "./worker-boot.js";

/// One file to parse: its path (relative to a picked folder, or just the name) and its text.
#[derive(Debug, Clone)]
pub struct FileText {
    pub path: String,
    pub text: js_sys::JsString,
}

impl FileText {
    /// The file as core reads it (the text copied out of JS).
    pub fn to_input_file(&self) -> olm_graph_core::InputFile {
        olm_graph_core::InputFile::new(self.path.clone(), String::from(&self.text))
    }
}

/// A parse request.
#[derive(Debug, Clone)]
pub struct Request {
    pub id: u32,
    /// Directory semantics: only .json/.yaml/.yml files are read.
    pub only_catalog_extensions: bool,
    pub files: Vec<FileText>,
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
    queued: Option<JsValue>,
    on_event: Rc<dyn Fn(WorkerEvent)>,
    // Kept alive as long as the worker.
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
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
                queued: None,
                on_event: Rc::new(on_event),
                _handlers: Vec::new(),
            })),
        }
    }

    /// Starts the worker now (so the first catalog does not wait for it).
    pub fn warm_up(&self) -> Result<(), String> {
        self.ensure_started()
    }

    /// Posts a request; a request still waiting for the worker to start is replaced.
    pub fn send(&self, request: Request) -> Result<(), String> {
        self.ensure_started()?;
        let msg = encode(&request);
        let mut inner = self.inner.borrow_mut();
        if inner.ready {
            if let Some(w) = &inner.worker {
                w.post_message(&msg).map_err(|e| {
                    format!("could not send the files to the parser: {}", js_text(&e))
                })?;
            }
        } else {
            inner.queued = Some(msg);
        }
        Ok(())
    }

    fn ensure_started(&self) -> Result<(), String> {
        if self.inner.borrow().worker.is_some() {
            return Ok(());
        }
        let worker = Worker::new(WORKER_URL)
            .map_err(|e| format!("could not start the parser (Web Worker): {}", js_text(&e)))?;
        let weak = Rc::downgrade(&self.inner);
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let Some(inner) = weak.upgrade() else { return };
            let ev: MessageEvent = ev.unchecked_into();
            let text = ev.data().as_string().unwrap_or_default();
            match WorkerReply::from_json(&text) {
                Ok(WorkerReply::Ready) => {
                    let (worker, queued) = {
                        let mut i = inner.borrow_mut();
                        i.ready = true;
                        (i.worker.clone(), i.queued.take())
                    };
                    if let (Some(w), Some(msg)) = (worker, queued) {
                        if let Err(e) = w.post_message(&msg) {
                            let cb = inner.borrow().on_event.clone();
                            cb(WorkerEvent::Crashed(format!(
                                "could not send the files to the parser: {}",
                                js_text(&e)
                            )));
                        }
                    }
                }
                Ok(reply) => {
                    let cb = inner.borrow().on_event.clone();
                    cb(WorkerEvent::Reply(Box::new(reply)));
                }
                Err(message) => {
                    let cb = inner.borrow().on_event.clone();
                    cb(WorkerEvent::Crashed(message));
                }
            }
        });
        let weak = Rc::downgrade(&self.inner);
        let on_error = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let Some(inner) = weak.upgrade() else { return };
            let message = ev
                .dyn_ref::<ErrorEvent>()
                .map(|e| e.message())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| "the worker script could not run".into());
            let cb = {
                let mut i = inner.borrow_mut();
                if let Some(w) = i.worker.take() {
                    w.terminate();
                }
                i.ready = false;
                i.queued = None;
                i.on_event.clone()
            };
            cb(WorkerEvent::Crashed(format!(
                "the parser stopped: {message}"
            )));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let mut inner = self.inner.borrow_mut();
        inner.worker = Some(worker);
        inner.ready = false;
        inner._handlers = vec![on_message, on_error];
        Ok(())
    }
}

fn encode(request: &Request) -> JsValue {
    let obj = Object::new();
    let files = Array::new();
    for f in &request.files {
        let o = Object::new();
        let _ = Reflect::set(&o, &protocol::FILE_PATH.into(), &JsValue::from_str(&f.path));
        let _ = Reflect::set(&o, &protocol::FILE_TEXT.into(), &f.text);
        files.push(&o);
    }
    let _ = Reflect::set(&obj, &protocol::REQ_ID.into(), &JsValue::from(request.id));
    let _ = Reflect::set(
        &obj,
        &protocol::REQ_ONLY_CATALOG_EXTENSIONS.into(),
        &JsValue::from_bool(request.only_catalog_extensions),
    );
    let _ = Reflect::set(&obj, &protocol::REQ_FILES.into(), &files);
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
