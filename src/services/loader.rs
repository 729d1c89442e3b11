//! The loader: reads a [`Source`], hands it to the parsing worker and feeds the replies into the
//! stores: the catalog on screen, the other catalog of a comparison, or a series, and the
//! cluster state and ImageSetConfigurations found among the files.

use std::cell::RefCell;
use std::future::Future;
use std::rc::Rc;

use leptos::prelude::*;
use leptos::task::spawn_local;

use olm_graph_core::model::Bundle;
use wasm_bindgen::JsCast;

use crate::services::parser::{Request, RequestKind, WorkerClient, WorkerEvent, WORKER_URL};
use crate::services::persist;
use crate::services::sources::{self, Source};
use crate::state::cluster;
use crate::state::comparison::SeriesStatus;
use crate::state::load::{LoadStage, LoadStatus, Loaded, Origin};
use crate::state::mirror;
use crate::state::shared::Shared;
use crate::state::Stores;
use crate::worker::protocol::{join_parts, WorkerReply, EARLY_REQUEST_ID};

/// Where a loaded catalog goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Target {
    /// The catalog on screen.
    #[default]
    Main,
    /// The other catalog of the catalog-switch comparison.
    Compare,
    /// A series: one catalog per subfolder, for the comparison.
    Series,
}

/// The request on its way, so stale replies are ignored.
#[derive(Default)]
struct Current {
    id: u32,
    label: String,
    target: Target,
    origin: Origin,
    /// The bundles received ahead of the catalog (`part` replies): package index, bundles.
    parts: Vec<(usize, Vec<Bundle>)>,
}

/// Loads catalogs through the worker (from the context; cheap to copy).
#[derive(Clone, Copy)]
pub struct Loader {
    client: StoredValue<WorkerClient, LocalStorage>,
    current: StoredValue<Rc<RefCell<Current>>, LocalStorage>,
    stores: Stores,
}

impl Loader {
    /// A loader feeding `stores`; starts the worker at once.
    pub fn new(stores: Stores) -> Loader {
        let current: Rc<RefCell<Current>> = Rc::default();
        let cur = current.clone();
        let client = WorkerClient::new(WORKER_URL, move |event| match event {
            WorkerEvent::Reply(reply) => on_reply(stores, &cur, *reply),
            WorkerEvent::Crashed(message) => {
                fail(stores, cur.borrow().target, message);
            }
        });
        if let Err(e) = client.warm_up() {
            stores.load.problem(e);
        }
        Loader {
            client: StoredValue::new_local(client),
            current: StoredValue::new_local(current),
            stores,
        }
    }

    pub fn get() -> Loader {
        expect_context::<Loader>()
    }

    /// Parses a source in the worker and shows it.
    pub fn load(&self, source: Source) {
        self.load_into(source, Target::Main);
    }

    /// Parses a source in the worker for `target`. The catalog on screen is kept in this
    /// browser ([`persist`]), unless it is the sample or a URL's (which the address reloads).
    pub fn load_into(&self, source: Source, target: Target) {
        if target == Target::Main {
            keep(self.stores, &source);
        }
        self.parse(source, target, None);
    }

    /// How many loads have started: a task that waited (for the browser's storage, say)
    /// compares it with the count when it began, so as not to replace what the user opened
    /// meanwhile.
    pub fn loads_started(&self) -> u32 {
        self.current.with_value(|c| c.borrow().id)
    }

    /// Shows the catalog this browser kept, without keeping it again.
    pub fn load_restored(&self, source: Source) {
        self.parse(source, Target::Main, None);
    }

    /// Shows the sample once it is fetched ([`sources::sample`]); `restored`: without
    /// forgetting the catalog kept (as [`Loader::load_restored`]). A load started meanwhile
    /// stays on screen; a failure to fetch it goes to the problems panel.
    pub fn load_sample(&self, restored: bool) {
        let (loader, before) = (*self, self.loads_started());
        spawn_local(async move {
            let sample = sources::sample().await;
            if loader.loads_started() != before {
                return;
            }
            match sample {
                Ok((source, reply)) => {
                    if !restored {
                        keep(loader.stores, &source);
                    }
                    loader.parse(source, Target::Main, reply.as_deref());
                }
                Err(e) => loader.stores.load.problem(e),
            }
        });
    }

    /// Reads `source` in the worker for `target`; the sample is shown from `sample_reply`
    /// (the worker's reply for it) when there is one, which [`Loader::load_sample`] alone
    /// gives (the sample, for the main view).
    fn parse(&self, source: Source, target: Target, sample_reply: Option<&str>) {
        // A `url=` link's catalog: assets/boot.js posted it to the worker itself while the app
        // started; the app takes that request over rather than posting the files again.
        let href = source.url.as_deref().filter(|_| target == Target::Main);
        let early = self.client.with_value(|c| c.early_request(href));
        let id = self.current.with_value(|c| {
            let mut c = c.borrow_mut();
            c.id = match early {
                true => EARLY_REQUEST_ID,
                false => c.id.wrapping_add(1),
            };
            c.label = source.label.clone();
            c.target = target;
            c.parts.clear();
            c.origin = Origin {
                url: source.url.clone(),
                files: source.files.clone(),
                only_catalog_extensions: source.only_catalog_extensions,
                folder: source.folder.clone(),
            };
            c.id
        });
        if target == Target::Series {
            self.stores
                .comparison
                .series_status
                .set(SeriesStatus::Reading);
        }
        self.stores.load.status.set(LoadStatus::Parsing {
            label: source.label.clone(),
            progress: None,
            stage: LoadStage::Parsing,
        });
        if let Some(reply) = sample_reply {
            // The sample's catalog comes already read (assets/sample-reply.json, the worker's
            // reply for it, served beside the app; a test keeps the two equal): waiting for the
            // worker to start (its own wasm fetched and compiled) would come before the first
            // drawing, and reading it here would link the loader into the app
            // (docs/performance.md, "First draw").
            if let Ok(WorkerReply::Done {
                catalog, findings, ..
            }) = WorkerReply::from_json(reply)
            {
                let current = self.current.get_value();
                let reply = WorkerReply::Done {
                    id,
                    catalog,
                    findings,
                };
                return on_reply(self.stores, &current, reply);
            }
        }
        if early {
            return self.client.with_value(WorkerClient::take_early);
        }
        let request = Request {
            id,
            kind: match target {
                Target::Series => RequestKind::Series,
                Target::Main | Target::Compare => RequestKind::Catalog,
            },
            only_catalog_extensions: source.only_catalog_extensions || target == Target::Series,
            files: source.files,
        };
        if let Err(e) = self.client.with_value(|c| c.send(request)) {
            fail(self.stores, target, e);
        }
    }

    /// Cancels the load under way: the worker is stopped (and started afresh), a read still
    /// under way is dropped when it ends, and what was on screen stays.
    pub fn cancel(&self) {
        let target = self.current.with_value(|c| {
            let mut c = c.borrow_mut();
            c.id = c.id.wrapping_add(1);
            c.parts.clear();
            c.target
        });
        self.client.with_value(|c| {
            c.stop();
            // A failure to start again shows at the next load.
            let _ = c.warm_up();
        });
        if target == Target::Series {
            self.stores.comparison.series_status.set(SeriesStatus::Idle);
        }
        self.stores.load.status.set(LoadStatus::Idle);
    }

    /// Reads a source (files, a folder, a URL) and shows it; failures go to the problems panel.
    pub fn read_and_load(
        &self,
        label: String,
        read: impl Future<Output = Result<Source, String>> + 'static,
    ) {
        self.read_and_load_into(label, read, Target::Main);
    }

    /// Reads a source and parses it for `target`; failures go to the problems panel (for a
    /// series, beside the series).
    pub fn read_and_load_into(
        &self,
        label: String,
        read: impl Future<Output = Result<Source, String>> + 'static,
        target: Target,
    ) {
        let this = *self;
        if target == Target::Series {
            this.stores
                .comparison
                .series_status
                .set(SeriesStatus::Reading);
        }
        this.stores.load.status.set(LoadStatus::Reading { label });
        // A load cancelled (or replaced) while reading moves the id on: its result is dropped.
        let token = this.current.with_value(|c| {
            let mut c = c.borrow_mut();
            c.id = c.id.wrapping_add(1);
            c.id
        });
        spawn_local(async move {
            let result = read.await;
            if this.current.with_value(|c| c.borrow().id) != token {
                return;
            }
            match result {
                Ok(source) => this.load_into(source, target),
                Err(e) => fail(this.stores, target, e),
            }
        });
    }
}

/// Keeps `source` as the catalog to restore, or forgets the one kept when the sample or a URL
/// is shown; a storage problem becomes the kept-work notice. A catalog kept is also noted as
/// what the user worked on now (`state::kept::studio_draws`).
fn keep(stores: Stores, source: &Source) {
    let kept = (!source.is_sample() && source.url.is_none()).then(|| source.clone());
    if kept.is_some() {
        stores
            .kept
            .wrote("catalog", persist::mark_worked(persist::WORKED_CATALOG));
    }
    spawn_local(async move {
        let result = match kept {
            Some(source) => persist::keep_catalog(&source).await,
            None => persist::forget_catalog().await,
        };
        stores.kept.wrote("catalog", result);
    });
}

/// A failed read or parse: the problems panel, or the series' own error line.
fn fail(stores: Stores, target: Target, message: String) {
    if target == Target::Series {
        stores.load.status.set(LoadStatus::Idle);
        stores
            .comparison
            .series_status
            .set(SeriesStatus::Failed(message));
    } else {
        stores.load.problem(message);
    }
}

fn on_reply(stores: Stores, current: &Rc<RefCell<Current>>, reply: WorkerReply) {
    let Some(id) = reply.request_id() else {
        return;
    };
    if id != current.borrow().id {
        return;
    }
    match reply {
        WorkerReply::Progress { progress, .. } => {
            set_stage(stores, current, LoadStage::Parsing, Some(progress));
        }
        WorkerReply::Stage { stage, .. } => set_stage(stores, current, stage, None),
        WorkerReply::ClusterState {
            paths,
            opened,
            alone,
            ..
        } => cluster_state_arrived(stores, current, &paths, opened, alone),
        WorkerReply::MirrorConfig { configs, alone, .. } => {
            mirror_config_arrived(stores, current, configs, alone)
        }
        WorkerReply::Part {
            package, bundles, ..
        } => {
            current.borrow_mut().parts.push((package, bundles));
            set_stage(stores, current, LoadStage::Receiving, None);
        }
        WorkerReply::Done {
            mut catalog,
            findings,
            ..
        } => {
            let (label, target, origin, parts) = {
                let mut c = current.borrow_mut();
                let parts = std::mem::take(&mut c.parts);
                (
                    c.label.clone(),
                    c.target,
                    std::mem::take(&mut c.origin),
                    parts,
                )
            };
            join_parts(&mut catalog, parts);
            let loaded = Loaded::new(label, catalog, findings, origin);
            if target == Target::Compare {
                stores.load.status.set(LoadStatus::Idle);
                stores.comparison.other.set(Some(Shared::new(loaded)));
            } else {
                spawn_local(show_in_stages(stores, current.clone(), id, loaded));
            }
        }
        WorkerReply::SeriesDone { series, .. } => {
            stores.load.status.set(LoadStatus::Idle);
            stores.comparison.series_status.set(SeriesStatus::Idle);
            stores.comparison.series.set(Some(Shared::new(series)));
        }
        WorkerReply::Failed { message, .. } => fail(stores, current.borrow().target, message),
        // Template, pre-flight and write requests go through their own client
        // (`services::jobs`); a first picture is assets/boot.js's to show.
        WorkerReply::Ready
        | WorkerReply::Picture { .. }
        | WorkerReply::RenderDone { .. }
        | WorkerReply::RenderFailed { .. }
        | WorkerReply::PreflightDone { .. }
        | WorkerReply::Written { .. } => {}
    }
}

/// Files of cluster state among those opened, read by the worker: they go to the cluster
/// store, not the catalog (a state file opened alone keeps the catalog on screen).
fn cluster_state_arrived(
    stores: Stores,
    current: &RefCell<Current>,
    paths: &[String],
    opened: cluster::Opened,
    alone: bool,
) {
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    set_aside(stores, current, &paths, alone);
    stores.cluster.open(opened);
}

/// ImageSetConfigurations among the files opened, read by the worker: the last goes to the
/// mirror store, not the catalog (one opened alone keeps the catalog on screen).
fn mirror_config_arrived(
    stores: Stores,
    current: &RefCell<Current>,
    configs: Vec<mirror::Opened>,
    alone: bool,
) {
    let paths: Vec<&str> = configs.iter().map(|c| c.file.path.as_str()).collect();
    set_aside(stores, current, &paths, alone);
    if let Some(opened) = configs.into_iter().last() {
        stores.mirror.open(opened);
    }
}

/// Files set aside from the catalog (cluster state, configurations): they leave the load's
/// origin, and when they were all that was opened the load is over (the catalog on screen
/// stays).
fn set_aside(stores: Stores, current: &RefCell<Current>, paths: &[&str], alone: bool) {
    current
        .borrow_mut()
        .origin
        .files
        .retain(|f| !paths.contains(&f.path.as_str()));
    if alone {
        stores.load.status.set(LoadStatus::Idle);
    }
}

/// The progress bar at `stage` of the load under way.
fn set_stage(
    stores: Stores,
    current: &RefCell<Current>,
    stage: LoadStage,
    progress: Option<olm_graph_core::Progress>,
) {
    stores.load.status.set(LoadStatus::Parsing {
        label: current.borrow().label.clone(),
        progress,
        stage,
    });
}

/// Shows a parsed catalog in short tasks: the channel graphs of the package it will show, its
/// channel's nodes sized, their layout (two tasks for a large graph), the view of that layout
/// and its terminated bundles, each built ahead in a task of its own (the progress bar names
/// the step), then the catalog itself, whose memos take what was built. A load cancelled or
/// replaced meanwhile stops here.
async fn show_in_stages(stores: Stores, current: Rc<RefCell<Current>>, id: u32, loaded: Loaded) {
    let stale = || current.borrow().id != id;
    let loaded = Shared::new(loaded);
    set_stage(stores, &current, LoadStage::Graphs, None);
    next_task().await;
    if stale() {
        return;
    }
    let channel = stores.prebuild_graphs(&loaded);
    set_stage(stores, &current, LoadStage::Layout, None);
    next_task().await;
    if stale() {
        return;
    }
    stores.prebuild_view(channel.as_deref());
    next_task().await;
    if stale() {
        return;
    }
    // A large graph's layout in two tasks: its phases up to the lanes, then the rest.
    if stores.prebuild_lay_out() {
        next_task().await;
        if stale() {
            return;
        }
        stores.prebuild_finish_layout();
    }
    next_task().await;
    if stale() {
        return;
    }
    stores.prebuild_assemble();
    next_task().await;
    if stale() {
        return;
    }
    stores.prebuild_terminated(channel.as_deref());
    next_task().await;
    if stale() {
        return;
    }
    stores.catalog_arrived_shared(loaded);
}

/// Resolves in a later task of the page (a zero-delay timer), so the browser can paint and
/// handle input between two steps.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(resolve.unchecked_ref(), 0);
        } else {
            let _ = resolve.call0(&wasm_bindgen::JsValue::UNDEFINED);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
