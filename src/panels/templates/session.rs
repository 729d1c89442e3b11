//! The studio's session at work: every edit is rendered in the worker (debounced) and, while
//! the studio is live, the rendering becomes the catalog on screen, so the graph, the findings
//! and the details follow the text. Loading another catalog pauses that until asked again.

use std::time::Duration;

use gloo_timers::callback::Timeout;
use leptos::prelude::*;

use crate::services::jobs::{JobReply, Jobs};
use crate::state::load::{Loaded, Origin};
use crate::state::shared::Shared;
use crate::state::templates::{Rendered, TemplateStudio};
use crate::state::Stores;

/// How long the text must rest before it is rendered.
pub const DEBOUNCE: Duration = Duration::from_millis(250);

/// The studio's catalog on screen, remembered so that another catalog arriving is noticed.
#[derive(Clone, Copy)]
pub struct Screen {
    shown: StoredValue<Option<Shared<Loaded>>>,
}

impl Screen {
    /// Puts a rendering on screen (a rendering without packages leaves the graph as it is).
    pub fn show(&self, stores: Stores, loaded: &Shared<Loaded>) {
        if loaded.catalog.packages.is_empty() {
            return;
        }
        self.shown.set_value(Some(loaded.clone()));
        stores.load.loaded.set(Some(loaded.clone()));
        stores.selection.catalog_changed();
    }
}

/// Starts the studio's work: renders each edit and follows the catalog on screen.
pub fn follow(studio: TemplateStudio, service: Jobs, stores: Stores) -> Screen {
    let screen = Screen {
        shown: StoredValue::new(None),
    };
    let pending: StoredValue<Option<Timeout>, LocalStorage> = StoredValue::new_local(None);
    Effect::new(move |_| {
        let revision = studio.revision.get();
        let has_session = studio.session.with(Option::is_some);
        studio.entered.track();
        pending.set_value(None);
        if has_session {
            let timer = Timeout::new(DEBOUNCE.as_millis() as u32, move || {
                render_revision(studio, service, stores, screen, revision);
            });
            pending.set_value(Some(timer));
        }
    });
    // Another catalog on screen (a load, the sample): the studio stops replacing it.
    Effect::new(move |_| {
        let on_screen = stores.load.loaded.get();
        let ours = screen
            .shown
            .with_value(|s| s.as_ref() == on_screen.as_ref());
        if on_screen.is_some() && !ours && studio.session.with_untracked(Option::is_some) {
            studio.live.set(false);
        }
    });
    screen
}

/// Renders revision `revision` of the text in the worker; an answer for an older revision is
/// dropped.
fn render_revision(
    studio: TemplateStudio,
    service: Jobs,
    stores: Stores,
    screen: Screen,
    revision: u64,
) {
    let Some(template) = studio.template_file() else {
        return;
    };
    let sources = studio.sources();
    let mut files = vec![template.clone()];
    files.extend(sources.iter().cloned());
    service.template(false, template.clone(), sources, move |reply| {
        if studio.revision.get_untracked() != revision {
            return;
        }
        let (catalog, findings) = match reply {
            JobReply::Catalog { catalog, findings } => (catalog, findings),
            JobReply::Failed(message) => {
                stores.load.problem(message);
                return;
            }
            JobReply::Rendered { .. }
            | JobReply::Refused(_)
            | JobReply::Preflight { .. }
            | JobReply::Written(_) => return,
        };
        let origin = Origin {
            url: None,
            files,
            only_catalog_extensions: false,
            folder: None,
        };
        let label = format!("{} (template studio)", template.path);
        let loaded = Shared::new(Loaded::new(label, catalog, findings, origin));
        if studio.baseline.with_untracked(Option::is_none) && !loaded.catalog.packages.is_empty() {
            studio.baseline.set(Some(loaded.clone()));
        }
        studio.rendered.set(Some(Rendered {
            revision,
            loaded: loaded.clone(),
        }));
        if studio.live.get_untracked() {
            screen.show(stores, &loaded);
        }
    });
}
