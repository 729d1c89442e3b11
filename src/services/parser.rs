//! The page side of the parsing worker: starts `worker-boot.js`, queues a request until the
//! worker says it is ready, and hands every reply to one callback. A crashed worker is reported
//! and replaced by a fresh one on the next request.
//!
//! Not `gloo-worker`: it encodes every message with bincode, so the catalog text (tens of MB)
//! would be copied out of JS and re-encoded on the main thread, which is what the worker is
//! there to avoid; here the files cross as JS values: a file's bytes as a copy of its buffer,
//! transferred (not cloned) to the worker, a text as a JS string.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};

use crate::state::load::{FileBody, FileText};
use crate::worker::protocol::{self, WorkerReply};

/// The parsing worker's script, next to index.html (assets/worker-boot.js).
pub const WORKER_URL: &str = "./worker-boot.js";
pub use crate::worker::protocol::TOOLS_URL;

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

/// A pipeline's pre-flight checks of the catalog on screen, in the tools worker.
#[derive(Debug, Clone)]
pub struct PreflightRequest {
    pub id: u32,
    /// The pipeline's name (`community`, `certified`, `konflux`).
    pub pipeline: &'static str,
    /// The catalog, as the JSON of core's `Catalog`.
    pub catalog: String,
    /// The files it was opened from, paths as the checks read them.
    pub files: Vec<FileText>,
}

/// A catalog written back as FBC with an edit, in the tools worker (core's FBC writer reads
/// the files' YAML, which the page does not link).
#[derive(Debug, Clone)]
pub struct WriteRequest {
    pub id: u32,
    /// The edit, as the JSON of a `protocol::FbcEdit`.
    pub edit: String,
    /// The files the catalog was read from.
    pub files: Vec<FileText>,
}

/// What the page learns from the worker.
#[derive(Debug)]
pub enum WorkerEvent {
    Reply(Box<WorkerReply>),
    /// The worker died (a panic, a failed start); the message says why.
    Crashed(String),
}

/// A request as posted: the object, and the buffers transferred with it.
struct Message {
    value: JsValue,
    transfer: Array,
}

struct Inner {
    /// The worker's script ([`WORKER_URL`] or [`TOOLS_URL`]).
    url: &'static str,
    worker: Option<Worker>,
    ready: bool,
    /// Requests posted before the worker was ready (each with its transfer list), sent when it
    /// is.
    queued: Vec<Message>,
    on_event: Rc<dyn Fn(WorkerEvent)>,
    /// What assets/boot.js says of the request it posted itself to the worker it started
    /// (`{href, replies, taken, declined}`), until the app takes it over ([`WorkerClient::take_early`]).
    early: Option<Object>,
    /// The replies boot.js kept, handed over one task each ([`Backlog`]), and the worker's
    /// replies that come while any is left, behind them.
    backlog: Option<Backlog>,
    // Kept as long as the worker; dropping them removes the listeners.
    _listeners: Vec<EventListener>,
}

/// A handle on the parsing worker (cheap to clone).
#[derive(Clone)]
pub struct WorkerClient {
    inner: Rc<RefCell<Inner>>,
}

impl WorkerClient {
    /// A client of the worker whose script is `url` ([`WORKER_URL`], [`TOOLS_URL`]), whose
    /// replies go to `on_event`. The worker starts on the first request.
    pub fn new(url: &'static str, on_event: impl Fn(WorkerEvent) + 'static) -> WorkerClient {
        WorkerClient {
            inner: Rc::new(RefCell::new(Inner {
                url,
                worker: None,
                ready: false,
                queued: Vec::new(),
                on_event: Rc::new(on_event),
                early: None,
                backlog: None,
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
        give_up(i.early.take());
        i.backlog = None;
        i._listeners.clear();
    }

    /// Whether assets/boot.js posted, or will post once the worker is ready, the request for
    /// the `url=` catalog at `href` to this client's worker itself, so that it is read while
    /// the app starts (docs/performance.md, "First draw"); [`WorkerClient::take_early`] then
    /// takes it over instead of posting the same files again. Asked for another load (or
    /// none), the request is given up: boot.js keeps no more replies.
    pub fn early_request(&self, href: Option<&str>) -> bool {
        let mut inner = self.inner.borrow_mut();
        let Some(early) = inner.early.as_ref() else {
            return false;
        };
        let text = |k: &str| {
            Reflect::get(early, &k.into())
                .ok()
                .and_then(|v| v.as_string())
        };
        let ours = href.is_some_and(|h| text(EARLY_HREF).as_deref() == Some(h))
            && !flag(early, EARLY_DECLINED);
        if !ours {
            give_up(inner.early.take());
        }
        ours
    }

    /// Takes over the request assets/boot.js posted (its id is [`protocol::EARLY_REQUEST_ID`]):
    /// the replies it kept are handed to the callback now, in order, and boot.js keeps no
    /// more; the later ones reach the callback as any reply does.
    pub fn take_early(&self) {
        let early = self.inner.borrow_mut().early.take();
        let Some(kept) = give_up(early).filter(|k| k.length() > 0) else {
            return;
        };
        let mut backlog = match Backlog::new(&self.inner) {
            Ok(backlog) => backlog,
            // No channel: handed over at once, in this task.
            Err(_) => return kept.iter().for_each(|data| on_data(&self.inner, &data)),
        };
        for data in kept.iter() {
            if !backlog.push(&data) {
                on_data(&self.inner, &data);
            }
        }
        self.inner.borrow_mut().backlog = Some(backlog);
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

    /// Posts a pre-flight request; requests waiting for the worker to start are kept.
    pub fn send_preflight(&self, request: &PreflightRequest) -> Result<(), String> {
        self.post(encode_preflight(request), false)
    }

    /// Posts a write request; requests waiting for the worker to start are kept.
    pub fn send_write(&self, request: &WriteRequest) -> Result<(), String> {
        self.post(encode_write(request), false)
    }

    fn post(&self, msg: Message, replace_queued: bool) -> Result<(), String> {
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
            Some(w) => msg.send(w),
            None => Ok(()),
        }
    }

    fn ensure_started(&self) -> Result<(), String> {
        let url = {
            let inner = self.inner.borrow();
            if inner.worker.is_some() {
                return Ok(());
            }
            inner.url
        };
        // Only the parsing worker is started with the page.
        let started = (url == WORKER_URL).then(adopt_started).flatten();
        let (worker, ready, early) = match started {
            Some(started) => started,
            None => (
                Worker::new(url).map_err(|e| {
                    format!("could not start the parser (Web Worker): {}", js_text(&e))
                })?,
                false,
                None,
            ),
        };
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
        inner.ready = ready;
        inner.early = early;
        inner._listeners = vec![on_message, on_error];
        Ok(())
    }
}

/// The global on which assets/boot.js leaves the worker it started with the page.
const STARTED_WORKER: &str = "olmGraphWorker";

/// The fields assets/boot.js sets on the worker it started, and on its early request's record.
const STARTED_FAILED: &str = "olmGraphFailed";
const STARTED_READY: &str = "olmGraphReady";
const STARTED_EARLY: &str = "olmGraphEarly";
const EARLY_HREF: &str = "href";
const EARLY_REPLIES: &str = "replies";
const EARLY_TAKEN: &str = "taken";
const EARLY_DECLINED: &str = "declined";

/// Tells assets/boot.js to keep no more replies of its request, and takes those it kept.
fn give_up(early: Option<Object>) -> Option<Array> {
    let early = early?;
    set(&early, EARLY_TAKEN, &JsValue::TRUE);
    let kept = Reflect::get(&early, &EARLY_REPLIES.into()).ok();
    set(&early, EARLY_REPLIES, &Array::new());
    kept?.dyn_into::<Array>().ok()
}

/// Whether field `name` of `o` is truthy.
fn flag(o: &JsValue, name: &str) -> bool {
    Reflect::get(o, &name.into())
        .ok()
        .is_some_and(|v| v.is_truthy())
}

/// The worker assets/boot.js started before the app's wasm (taken once: the global is
/// cleared), whether its Ready message already came, and the record of the request boot.js
/// posted to it itself (a `url=` link's catalog); none when there is none, or it failed to
/// start (a worker of our own then reports why).
fn adopt_started() -> Option<(Worker, bool, Option<Object>)> {
    let global = js_sys::global();
    let value = Reflect::get(&global, &STARTED_WORKER.into()).ok()?;
    let worker = value.dyn_into::<Worker>().ok()?;
    let _ = Reflect::delete_property(&global, &STARTED_WORKER.into());
    if flag(&worker, STARTED_FAILED) {
        worker.terminate();
        return None;
    }
    let ready = flag(&worker, STARTED_READY);
    let early = Reflect::get(&worker, &STARTED_EARLY.into())
        .ok()
        .and_then(|v| v.dyn_into::<Object>().ok());
    Some((worker, ready, early))
}

fn emit(inner: &RefCell<Inner>, event: WorkerEvent) {
    let callback = inner.borrow().on_event.clone();
    callback(event);
}

fn on_message(inner: &RefCell<Inner>, ev: &MessageEvent) {
    let data = ev.data();
    let queued =
        (inner.borrow_mut().backlog.as_mut()).is_some_and(|b| b.waiting > 0 && b.push(&data));
    if !queued {
        on_data(inner, &data);
    }
}

/// Replies handed to the page one task each, in order: those assets/boot.js kept while the app
/// started (the parts of a large catalog, read before the app could listen, would otherwise be
/// decoded in one long task: docs/performance.md, "First draw"), then the worker's that came
/// meanwhile. Through a `MessageChannel`, whose messages are tasks of their own (a zero-delay
/// timer would be clamped to 4 ms after a few).
struct Backlog {
    port: web_sys::MessagePort,
    waiting: usize,
    // Kept as long as the backlog: dropping it removes the listener.
    _listener: EventListener,
}

impl Backlog {
    fn new(inner: &Rc<RefCell<Inner>>) -> Result<Backlog, JsValue> {
        let channel = web_sys::MessageChannel::new()?;
        let weak = Rc::downgrade(inner);
        let listener = EventListener::new(&channel.port2(), "message", move |ev| {
            let (Some(inner), Some(ev)) = (weak.upgrade(), ev.dyn_ref::<MessageEvent>()) else {
                return;
            };
            // Once none waits, the worker's replies go straight to the page again (the backlog
            // stays, idle: this listener is its own, not dropped while it runs).
            if let Some(b) = inner.borrow_mut().backlog.as_mut() {
                b.waiting = b.waiting.saturating_sub(1);
            }
            on_data(&inner, &ev.data());
        });
        channel.port2().start();
        Ok(Backlog {
            port: channel.port1(),
            waiting: 0,
            _listener: listener,
        })
    }

    /// Queues a reply behind the others; false when it could not be (it is then the caller's).
    fn push(&mut self, data: &JsValue) -> bool {
        let queued = self.port.post_message(data).is_ok();
        self.waiting += usize::from(queued);
        queued
    }
}

/// A message of the worker: a reply's JSON bytes.
fn on_data(inner: &RefCell<Inner>, data: &JsValue) {
    let bytes = data
        .clone()
        .dyn_into::<js_sys::Uint8Array>()
        .map(|b| b.to_vec())
        .unwrap_or_default();
    match WorkerReply::from_json_bytes(&bytes) {
        Ok(WorkerReply::Ready) => {
            let (worker, queued) = {
                let mut i = inner.borrow_mut();
                i.ready = true;
                (i.worker.clone(), std::mem::take(&mut i.queued))
            };
            let Some(w) = worker else { return };
            for msg in queued {
                if let Err(e) = msg.send(&w) {
                    emit(inner, WorkerEvent::Crashed(e));
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

impl Message {
    fn send(&self, worker: &Worker) -> Result<(), String> {
        worker
            .post_message_with_transfer(&self.value, &self.transfer)
            .map_err(|e| send_failed(&e))
    }
}

/// `[{path, text}]` or `[{path, bytes}]`: a text as the JS string it is; bytes copied into a
/// buffer of their own, added to `transfer` (the page keeps its own bytes, which a transfer
/// would empty; copying is cheaper than cloning them into the message).
///
/// # Complexity
/// O(F + B) for F files of B bytes.
fn file_list(files: &[FileText], transfer: &Array) -> Array {
    let list = Array::new();
    for f in files {
        let o = Object::new();
        set(&o, protocol::FILE_PATH, &JsValue::from_str(&f.path));
        match &f.text {
            FileBody::Text(text) => set(&o, protocol::FILE_TEXT, text),
            FileBody::Bytes(bytes) => {
                let copy = bytes.slice(0, bytes.length());
                transfer.push(&copy.buffer());
                set(&o, protocol::FILE_BYTES, &copy);
            }
        }
        list.push(&o);
    }
    list
}

/// A request to the worker: an object with its `id`, its `kind` and `fields`, and the buffers
/// to transfer with it.
fn message(id: u32, kind: &str, fields: &[(&str, JsValue)], transfer: Array) -> Message {
    let obj = Object::new();
    set(&obj, protocol::REQ_ID, &JsValue::from(id));
    set(&obj, protocol::REQ_KIND, &JsValue::from_str(kind));
    for (name, value) in fields {
        set(&obj, name, value);
    }
    Message {
        value: obj.into(),
        transfer,
    }
}

fn encode_template(request: &TemplateRequest) -> Message {
    let kind = if request.render {
        protocol::KIND_RENDER_TEMPLATE
    } else {
        protocol::KIND_TEMPLATE
    };
    let transfer = Array::new();
    let template = file_list(std::slice::from_ref(&request.template), &transfer);
    let sources = file_list(&request.sources, &transfer);
    let fields = [
        (protocol::REQ_FILES, template.into()),
        (protocol::REQ_SOURCES, sources.into()),
    ];
    message(request.id, kind, &fields, transfer)
}

fn encode_preflight(request: &PreflightRequest) -> Message {
    let transfer = Array::new();
    let files = file_list(&request.files, &transfer);
    let fields = [
        (protocol::REQ_PIPELINE, JsValue::from_str(request.pipeline)),
        (protocol::REQ_CATALOG, JsValue::from_str(&request.catalog)),
        (protocol::REQ_FILES, files.into()),
    ];
    message(request.id, protocol::KIND_PREFLIGHT, &fields, transfer)
}

fn encode_write(request: &WriteRequest) -> Message {
    let transfer = Array::new();
    let files = file_list(&request.files, &transfer);
    let fields = [
        (protocol::REQ_EDIT, JsValue::from_str(&request.edit)),
        (protocol::REQ_FILES, files.into()),
    ];
    message(request.id, protocol::KIND_WRITE_FBC, &fields, transfer)
}

fn encode(request: &Request) -> Message {
    let transfer = Array::new();
    let files = file_list(&request.files, &transfer);
    let kind = match request.kind {
        RequestKind::Catalog => protocol::KIND_CATALOG,
        RequestKind::Series => protocol::KIND_SERIES,
    };
    let only = JsValue::from_bool(request.only_catalog_extensions);
    let fields = [
        (protocol::REQ_ONLY_CATALOG_EXTENSIONS, only),
        (protocol::REQ_FILES, files.into()),
    ];
    message(request.id, kind, &fields, transfer)
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
