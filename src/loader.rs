//! Loading catalogs: the [`Loader`] service (reads a [`Source`], hands it to the parsing worker
//! and feeds the replies into the state) and the [`LoadBar`] with every way to load: file
//! picker (several files or a whole folder), URL, paste, and the sample. Drag and drop is in
//! [`crate::drop_zone`].

use std::cell::RefCell;
use std::rc::Rc;

use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::protocol::WorkerReply;
use crate::sources::{self, Source};
use crate::state::{AppState, LoadStatus, Loaded, Origin, Shared};
use crate::worker_client::{Request, WorkerClient, WorkerEvent};

/// Where a loaded catalog goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Target {
    /// The catalog on screen.
    #[default]
    Main,
    /// The second catalog of the catalog-switch comparison ([`AppState::compare`]).
    Compare,
}

/// The request on its way, so stale replies are ignored.
#[derive(Default)]
struct Current {
    id: u32,
    label: String,
    target: Target,
    origin: Origin,
}

/// Loads catalogs through the worker (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct Loader {
    client: StoredValue<WorkerClient, LocalStorage>,
    current: StoredValue<Rc<RefCell<Current>>, LocalStorage>,
    state: AppState,
}

impl Loader {
    /// A loader feeding `state`; starts the worker at once.
    pub fn new(state: AppState) -> Loader {
        let current: Rc<RefCell<Current>> = Rc::default();
        let cur = current.clone();
        let client = WorkerClient::new(move |event| match event {
            WorkerEvent::Reply(reply) => match *reply {
                WorkerReply::Ready => {}
                WorkerReply::Progress { id, progress } => {
                    let c = cur.borrow();
                    if id == c.id {
                        state.status.set(LoadStatus::Parsing {
                            label: c.label.clone(),
                            progress: Some(progress),
                        });
                    }
                }
                WorkerReply::Done {
                    id,
                    catalog,
                    findings,
                } => {
                    let current = {
                        let mut c = cur.borrow_mut();
                        (id == c.id)
                            .then(|| (c.label.clone(), c.target, std::mem::take(&mut c.origin)))
                    };
                    match current {
                        Some((label, Target::Main, origin)) => {
                            state.catalog_arrived_from(label, catalog, findings, origin)
                        }
                        Some((label, Target::Compare, origin)) => {
                            state.status.set(LoadStatus::Idle);
                            state.compare.set(Some(Shared::new(Loaded::with_origin(
                                label, catalog, findings, origin,
                            ))));
                        }
                        None => {}
                    }
                }
                WorkerReply::Failed { id, message } => {
                    if id == cur.borrow().id {
                        state.status.set(LoadStatus::Idle);
                        state.problem(message);
                    }
                }
            },
            WorkerEvent::Crashed(message) => {
                state.status.set(LoadStatus::Idle);
                state.problem(message);
            }
        });
        if let Err(e) = client.warm_up() {
            state.problem(e);
        }
        Loader {
            client: StoredValue::new_local(client),
            current: StoredValue::new_local(current),
            state,
        }
    }

    pub fn get() -> Loader {
        expect_context::<Loader>()
    }

    /// Parses a source in the worker and shows it.
    pub fn load(&self, source: Source) {
        self.load_into(source, Target::Main);
    }

    /// Parses a source in the worker for `target`.
    pub fn load_into(&self, source: Source, target: Target) {
        let id = self.current.with_value(|c| {
            let mut c = c.borrow_mut();
            c.id = c.id.wrapping_add(1);
            c.label = source.label.clone();
            c.target = target;
            c.origin = Origin {
                url: source.url.clone(),
                files: source.files.clone(),
                only_catalog_extensions: source.only_catalog_extensions,
            };
            c.id
        });
        self.state.status.set(LoadStatus::Parsing {
            label: source.label.clone(),
            progress: None,
        });
        let request = Request {
            id,
            only_catalog_extensions: source.only_catalog_extensions,
            files: source.files,
        };
        if let Err(e) = self.client.with_value(|c| c.send(request)) {
            self.state.status.set(LoadStatus::Idle);
            self.state.problem(e);
        }
    }

    /// Reads a source (files, a folder, a URL) and shows it; failures go to the error panel.
    pub fn read_and_load(
        &self,
        label: String,
        read: impl std::future::Future<Output = Result<Source, String>> + 'static,
    ) {
        self.read_and_load_into(label, read, Target::Main);
    }

    /// Reads a source and parses it for `target`; failures go to the error panel.
    pub fn read_and_load_into(
        &self,
        label: String,
        read: impl std::future::Future<Output = Result<Source, String>> + 'static,
        target: Target,
    ) {
        let this = *self;
        this.state.status.set(LoadStatus::Reading { label });
        spawn_local(async move {
            match read.await {
                Ok(source) => this.load_into(source, target),
                Err(e) => {
                    this.state.status.set(LoadStatus::Idle);
                    this.state.problem(e);
                }
            }
        });
    }
}

/// Every way to load a catalog.
#[component]
pub fn LoadBar() -> impl IntoView {
    let loader = Loader::get();
    let url_input = NodeRef::<html::Input>::new();
    let paste_text = NodeRef::<html::Textarea>::new();
    let last_len = StoredValue::new(0usize);
    let last_loaded = StoredValue::new(String::new());

    let on_files = move |ev: leptos::ev::Event, directory: bool| {
        let Some((input, list)) = sources::picked(&ev) else {
            return;
        };
        let label = if directory {
            "folder".to_string()
        } else {
            format!("{} file(s)", list.length())
        };
        loader.read_and_load(label, sources::read_picked(input, list, directory));
    };
    let load_url = move || {
        let Some(input) = url_input.get() else { return };
        let url = input.value();
        loader.read_and_load(url.clone(), async move { sources::from_url(&url).await });
    };
    let paste_now = move || {
        let Some(area) = paste_text.get() else { return };
        let text = area.value();
        if text.trim().is_empty() {
            return;
        }
        loader.load(sources::pasted(&text));
        last_loaded.set_value(text);
        // Done with the box: shrink it back (it grows while focused).
        area.set_value("");
        last_len.set_value(0);
        let _ = area.blur();
    };
    // A paste fires both `paste` and `input`: load a text once.
    let paste_auto = move || {
        let same = paste_text
            .get()
            .is_some_and(|a| last_loaded.with_value(|t| *t == a.value()));
        if !same {
            paste_now();
        }
    };

    view! {
        <div class="load-bar" role="toolbar" aria-label="Load a catalog">
            <label class="button primary" title="Open one or several catalog files (.yaml, .yml, .json)">
                <input
                    type="file"
                    class="visually-hidden"
                    multiple
                    accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml"
                    data-testid="catalog-file-input"
                    aria-label="Open catalog files"
                    on:change=move |ev| on_files(ev, false)
                />
                "Open files…"
            </label>
            <label class="button" title="Open a whole catalog folder (only .json, .yaml and .yml files are read; .indexignore applies)">
                <input
                    type="file"
                    class="visually-hidden"
                    prop:webkitdirectory=true
                    multiple
                    data-testid="catalog-dir-input"
                    aria-label="Open a catalog folder"
                    on:change=move |ev| on_files(ev, true)
                />
                "Open folder…"
            </label>
            <form
                class="url-form"
                on:submit=move |ev| {
                    ev.prevent_default();
                    load_url();
                }
            >
                <input
                    type="url"
                    node_ref=url_input
                    placeholder="https://…/catalog.yaml"
                    data-testid="catalog-url-input"
                    aria-label="Catalog URL (fetched by your browser)"
                />
                <button type="submit" class="button" data-testid="catalog-url-load">"Fetch"</button>
            </form>
            <button
                class="button"
                data-testid="load-sample"
                title="Show the embedded sample catalog again"
                on:click=move |_| loader.load(sources::sample())
            >
                "Sample"
            </button>
            <div class="paste-box">
                <textarea
                    node_ref=paste_text
                    rows="1"
                    data-testid="catalog-paste"
                    aria-label="Paste catalog text (YAML or JSON); it loads at once"
                    placeholder="Paste catalog YAML/JSON…"
                    spellcheck="false"
                    on:paste=move |_| {
                        // The pasted text lands after the event: load on the next tick.
                        set_timeout(paste_auto, std::time::Duration::from_millis(0));
                    }
                    on:input=move |_| {
                        // A large jump in length is a paste (or a test filling the box).
                        let len = paste_text.get().map(|a| a.value().len()).unwrap_or(0);
                        let before = last_len.get_value();
                        last_len.set_value(len);
                        if len > before + 40 {
                            set_timeout(paste_auto, std::time::Duration::from_millis(0));
                        }
                    }
                    on:keydown=move |ev| {
                        if ev.key() == "Enter" && (ev.ctrl_key() || ev.meta_key()) {
                            ev.prevent_default();
                            paste_now();
                        }
                    }
                ></textarea>
                <button class="button" data-testid="catalog-paste-load" title="Load the pasted text (Ctrl+Enter)" on:click=move |_| paste_now()>
                    "Load pasted"
                </button>
            </div>
        </div>
    }
}
