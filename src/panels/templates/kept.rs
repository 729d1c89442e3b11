//! The studio's session kept in this browser (`services::persist`): given back at start,
//! written again (debounced) after each edit, forgotten when the template is closed; and a tab
//! whose studio holds edits not yet downloaded asks before it closes. Restored beside a
//! catalog, the one the user worked on last draws the graph (`state::kept::studio_draws`):
//! the studio starts only once the catalog's load is over, drawing or paused.

use std::time::Duration;

use gloo_events::{EventListener, EventListenerOptions};
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::services::persist::{self, KeptStudio};
use crate::state::kept::studio_draws;
use crate::state::load::LoadStatus;
use crate::state::templates::{Session, TemplateStudio};
use crate::state::Stores;

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
            live: studio.live.get_untracked(),
        })
    })
}

/// The session read back from this browser, until it is started.
type Found = StoredValue<Option<KeptStudio>, LocalStorage>;

/// Starts the kept session once it is read back (`read`) and the catalog's load at start is
/// over (a catalog, the restored one, the sample or a URL's, is on screen, or the load
/// failed): drawing the graph when the user worked on it last ([`studio_draws`]), else paused
/// behind the catalog on screen. Waiting for the catalog's load keeps the order from depending
/// on which of the two finishes first. `ready` is set once there is nothing left to restore.
fn restore_after_load(
    stores: Stores,
    studio: TemplateStudio,
    (found, read): (Found, RwSignal<bool>),
    ready: RwSignal<bool>,
) {
    Effect::new(move |_| {
        if !read.get() || ready.get_untracked() {
            return;
        }
        if found.with_value(Option::is_none) {
            ready.set(true);
            return;
        }
        let idle = stores.load.status.with(|s| matches!(s, LoadStatus::Idle));
        let over = stores.load.loaded.with(Option::is_some)
            || stores.load.problems.with(|p| !p.is_empty());
        if !(idle && over) {
            return;
        }
        let Some(s) = found.try_update_value(Option::take).flatten() else {
            return;
        };
        // In a task of its own: every effect of the catalog's arrival (the studio's "another
        // catalog is on screen", which pauses a session) has run by then.
        Timeout::new(0, move || start_kept(studio, s, ready)).forget();
    });
}

/// Starts the kept session `s`, drawing or paused as [`studio_draws`] says.
fn start_kept(studio: TemplateStudio, s: KeptStudio, ready: RwSignal<bool>) {
    let draws = studio_draws(
        s.live,
        persist::worked_at(persist::WORKED_STUDIO),
        persist::worked_at(persist::WORKED_CATALOG),
    );
    let session = Session {
        path: s.path,
        started_from: s.started_from,
        sources: s.sources,
    };
    studio.start(session, s.text, None);
    if !draws {
        studio.live.set(false);
    }
    ready.set(true);
}

/// Restores the kept session (if any), then keeps every change of the session.
pub fn keep_studio(studio: TemplateStudio, stores: Stores) {
    let kept = stores.kept;
    // Nothing is written before the kept session is restored (the empty studio at start
    // would forget it).
    let ready = RwSignal::new(false);
    let found: Found = StoredValue::new_local(None);
    let read = RwSignal::new(false);
    spawn_local(async move {
        match persist::kept_studio().await {
            Ok(Some(s)) => {
                kept.restored(format!("the template {} in the studio", s.path));
                found.set_value(Some(s));
            }
            Ok(None) => {}
            Err(e) => kept.wrote("studio", Err(e)),
        }
        read.set(true);
    });
    restore_after_load(stores, studio, (found, read), ready);
    let pending: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |_| {
        studio.revision.track();
        studio.session.track();
        studio.live.track();
        if !ready.get() {
            return;
        }
        let timer = Timeout::new(KEEP_DEBOUNCE.as_millis() as u32, move || {
            let record = snapshot(studio);
            if record.is_some() {
                kept.wrote("studio", persist::mark_worked(persist::WORKED_STUDIO));
            }
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
