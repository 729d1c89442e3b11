//! The studio's session kept in this browser (`services::persist`): given back at start,
//! written again (debounced) after each edit, forgotten when the template is closed; and a tab
//! whose studio holds edits not yet downloaded asks before it closes.

use std::time::Duration;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::services::persist::{self, KeptStudio};
use crate::state::kept::Kept;
use crate::state::templates::{Session, TemplateStudio};

/// How long the text must rest before it is written to the browser's storage.
const KEEP_DEBOUNCE: Duration = Duration::from_millis(400);

/// The session as kept, or `None` when no template is open.
fn snapshot(studio: TemplateStudio) -> Option<KeptStudio> {
    studio.session.with_untracked(|s| {
        s.as_ref().map(|s| KeptStudio {
            path: s.path.clone(),
            started_from: s.started_from.clone(),
            text: studio.text.get_untracked(),
            sources: s.sources.clone(),
        })
    })
}

/// Restores the kept session (if any), then keeps every change of the session.
pub fn keep_studio(studio: TemplateStudio, kept: Kept) {
    // Nothing is written before the kept session is read back (the empty studio at start
    // would forget it).
    let ready = RwSignal::new(false);
    spawn_local(async move {
        match persist::kept_studio().await {
            Ok(Some(s)) => {
                kept.restored(format!("the template {} in the studio", s.path));
                let session = Session {
                    path: s.path,
                    started_from: s.started_from,
                    sources: s.sources,
                };
                studio.start(session, s.text, None);
            }
            Ok(None) => {}
            Err(e) => kept.wrote("studio", Err(e)),
        }
        ready.set(true);
    });
    let pending: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |_| {
        studio.revision.track();
        studio.session.track();
        if !ready.get() {
            return;
        }
        let timer = Timeout::new(KEEP_DEBOUNCE.as_millis() as u32, move || {
            let record = snapshot(studio);
            spawn_local(async move {
                kept.wrote("studio", persist::keep_studio(record.as_ref()).await);
            });
        });
        pending.set_value(Some(timer));
    });
    ask_before_closing(studio);
}

/// Closing (or reloading) the tab while the studio holds edits not yet downloaded asks first.
fn ask_before_closing(studio: TemplateStudio) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let listener = EventListener::new_with_options(
        &window,
        "beforeunload",
        EventListenerOptions::enable_prevent_default(),
        move |ev| {
            if !studio.unsaved.get_untracked() {
                return;
            }
            ev.prevent_default();
            if let Some(ev) = ev.dyn_ref::<web_sys::BeforeUnloadEvent>() {
                ev.set_return_value("The template studio has edits that were not downloaded.");
            }
        },
    );
    // The studio lives as long as the page.
    listener.forget();
}
