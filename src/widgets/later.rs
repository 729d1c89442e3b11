//! Parts of the page built in a later task than the component that holds them, so the app's
//! first mount is not one long task of the main thread (docs/performance.md, "First draw").

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;

/// A part's build, waiting.
type Build = Box<dyn FnOnce()>;

thread_local! {
    /// While held ([`hold`]), the builds waiting for [`release`], in their order.
    static HELD: RefCell<Option<Vec<Build>>> = const { RefCell::new(None) };
}

/// Its children, built in a later task of the page (a zero-delay timer) than the component
/// that holds it; nothing until then. Several are built in the order they were created, one
/// task each, and the browser may paint and handle input between two of them. While the app
/// holds them ([`hold`]), they wait for [`release`].
#[component]
pub fn Later(children: ChildrenFn) -> impl IntoView {
    let ready = RwSignal::new(false);
    let build = move || set_timeout(move || ready.set(true), Duration::ZERO);
    let waiting = HELD.with_borrow_mut(|held| match held {
        Some(queue) => {
            queue.push(Box::new(build));
            true
        }
        None => false,
    });
    if !waiting {
        build();
    }
    move || ready.get().then(|| children())
}

/// The longest the [`Later`] parts are held back (a catalog from a slow server).
const HOLD_AT_MOST: Duration = Duration::from_millis(400);

/// Holds back the [`Later`] parts created from now on until [`release`], or
/// [`HOLD_AT_MOST`]: the app's start does so while the catalog it was given is on its way to
/// the parsing worker, so that building them does not delay it.
pub fn hold() {
    HELD.with_borrow_mut(|held| {
        held.get_or_insert_with(Vec::new);
    });
    set_timeout(release, HOLD_AT_MOST);
}

/// Builds the [`Later`] parts held back, each in its own task, in their order.
pub fn release() {
    let queue = HELD.with_borrow_mut(Option::take).unwrap_or_default();
    for build in queue {
        build();
    }
}
