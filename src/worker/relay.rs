//! The parsing worker's tools worker: started on the first request the parsing worker passes
//! on ([`super::parsing`]), which it gets as the page posted it; every reply it posts goes to
//! the page as it came (its bytes, transferred), so the page cannot tell which worker answered.
//! Requests wait for the tools worker's first message (always `ready`, not passed on). Should
//! it fail or stop, each request passed on to it is answered `failed`, and the next request
//! starts a fresh one.

use std::cell::RefCell;

use gloo_events::EventListener;
use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, ErrorEvent, MessageEvent, Worker};

use super::protocol::{WorkerReply, TOOLS_URL};
use super::{post, post_bytes};

struct Relay {
    worker: Worker,
    ready: bool,
    /// Requests waiting for the tools worker's `ready`.
    queued: Vec<JsValue>,
    /// The requests passed on, answered `failed` should the tools worker stop.
    ids: Vec<u32>,
    // Kept as long as the worker; dropping them removes the listeners.
    _listeners: [EventListener; 2],
}

thread_local! {
    static RELAY: RefCell<Option<Relay>> = const { RefCell::new(None) };
}

/// Passes request `id` (`data`, as the page posted it) on to the tools worker, started now if
/// it is not running.
pub fn forward(scope: &DedicatedWorkerGlobalScope, id: u32, data: &JsValue) {
    RELAY.with(|cell| {
        let mut relay = cell.borrow_mut();
        if relay.is_none() {
            match start(scope) {
                Ok(started) => *relay = Some(started),
                Err(message) => return post(scope, &WorkerReply::Failed { id, message }),
            }
        }
        let Some(r) = relay.as_mut() else { return };
        r.ids.push(id);
        if !r.ready {
            r.queued.push(data.clone());
        } else if let Err(e) = r.worker.post_message(data) {
            let message = format!("could not pass the request on to the tools worker: {e:?}");
            post(scope, &WorkerReply::Failed { id, message });
        }
    });
}

fn start(scope: &DedicatedWorkerGlobalScope) -> Result<Relay, String> {
    let worker =
        Worker::new(TOOLS_URL).map_err(|e| format!("could not start the tools worker: {e:?}"))?;
    let page = scope.clone();
    let on_message = EventListener::new(&worker, "message", move |ev| {
        if let Some(ev) = ev.dyn_ref::<MessageEvent>() {
            on_message(&page, ev.data());
        }
    });
    let page = scope.clone();
    let on_error = EventListener::new(&worker, "error", move |ev| {
        let message = ev
            .dyn_ref::<ErrorEvent>()
            .map(|e| e.message())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| "its script could not run".into());
        on_stopped(&page, &message);
    });
    Ok(Relay {
        worker,
        ready: false,
        queued: Vec::new(),
        ids: Vec::new(),
        _listeners: [on_message, on_error],
    })
}

/// The tools worker's first message is its `ready`: the waiting requests go; every later one
/// is a reply for the page.
fn on_message(page: &DedicatedWorkerGlobalScope, data: JsValue) {
    let waiting = RELAY.with(|cell| {
        let mut relay = cell.borrow_mut();
        let r = relay.as_mut()?;
        if r.ready {
            return None;
        }
        r.ready = true;
        Some((r.worker.clone(), std::mem::take(&mut r.queued)))
    });
    match waiting {
        Some((worker, queued)) => {
            for request in queued {
                if let Err(e) = worker.post_message(&request) {
                    on_stopped(page, &format!("{e:?}"));
                    return;
                }
            }
        }
        None => {
            if let Ok(bytes) = data.dyn_into::<Uint8Array>() {
                post_bytes(page, &bytes);
            }
        }
    }
}

/// The tools worker failed: it is stopped, and every request passed on to it is answered.
fn on_stopped(page: &DedicatedWorkerGlobalScope, why: &str) {
    let Some(relay) = RELAY.with(|cell| cell.borrow_mut().take()) else {
        return;
    };
    relay.worker.terminate();
    for id in relay.ids {
        let message = format!("the tools worker stopped: {why}");
        post(page, &WorkerReply::Failed { id, message });
    }
}
