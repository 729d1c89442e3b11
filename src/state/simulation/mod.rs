//! The upgrade simulation: which bundle a cluster runs, which resolver, a failing bundle with
//! its failure kind and upgrade strategy, and an optional updated catalog ([`form`]); the paths
//! core resolves for them ([`simulate`]), each with core's [`PathOverlay`]; the markings drawn
//! on the graph ([`overlay`], a derived signal the drawing reads like every other marking); and
//! the store that plays them hop by hop ([`playback`]). With no failure chosen, a hop its OLM
//! refuses for the bundles' CRDs fails by itself (core's `resolve::crd_failure`).

mod form;
pub mod overlay;
mod playback;

use olm_graph_core::change::edit::with_entry;
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{
    crd_failure, first_difference, resolve_path, PathOptions, Resolver, UpgradePath,
};
use olm_graph_core::view::PathOverlay;

pub use form::{failure_choice, failure_param, AddedEntry, ResolverChoice, SimInputs};
pub use olm_graph_core::view::{HopReasons, NodeMarks, OverlayMarks};
pub use playback::SimulationStore;

/// One resolved path (or core's error) for one resolver.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    pub resolver: Resolver,
    pub result: Result<UpgradePath, String>,
    /// The hop this resolver's OLM refuses for its CRDs, when no failure was chosen: the
    /// `result` is then the path with that hop failing (core's `resolve::crd_failure`).
    pub crd_failed: Option<CrdFailure>,
}

/// A hop that will fail for its CRDs: its index, its target bundle and its OLM's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrdFailure {
    pub hop: usize,
    pub bundle: String,
    pub message: String,
}

/// What the simulation shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulation {
    pub channel: String,
    pub paths: Vec<Resolved>,
    /// What each path marks on the graph (`None` where it could not be resolved).
    pub overlays: Vec<Option<PathOverlay>>,
    /// Hop index where v0 and v1 part ways (with `both`).
    pub difference: Option<usize>,
    /// The updated catalog could not be built.
    pub update_error: Option<String>,
}

impl Simulation {
    /// Hops of the longest path.
    pub fn longest(&self) -> usize {
        self.paths
            .iter()
            .filter_map(|p| p.result.as_ref().ok().map(|p| p.hops.len()))
            .max()
            .unwrap_or(0)
    }
}

/// Resolves the inputs against `catalog` (core does the work).
///
/// # Complexity
/// One core path resolution per resolver (see `resolve_path`) and its overlay (O(H) for H
/// hops), plus copying the catalog once when an entry is added.
pub fn simulate(
    catalog: &Catalog,
    package: &str,
    channel: &str,
    inputs: &SimInputs,
    added: Option<&AddedEntry>,
    update: Option<&Catalog>,
) -> Simulation {
    let failure = inputs.failure();
    let (updated, update_error) = updated_catalog(catalog, package, channel, added, update);
    let installed = inputs.installed.trim();
    let paths: Vec<Resolved> = inputs
        .resolver
        .resolvers()
        .iter()
        .map(|&resolver| {
            let options = PathOptions {
                resolver,
                channel: Some(channel.to_string()),
                failure: failure.clone(),
                ..PathOptions::default()
            };
            let result = resolve_path(catalog, package, installed, &options, updated.as_ref())
                .map_err(|e| e.to_string());
            with_crd_failure(catalog, package, installed, &options, result)
        })
        .collect();
    let difference = match (paths.first(), paths.get(1)) {
        (Some(Resolved { result: Ok(a), .. }), Some(Resolved { result: Ok(b), .. })) => {
            first_difference(a, b)
        }
        _ => None,
    };
    let overlays = paths
        .iter()
        .map(|p| p.result.as_ref().ok().map(PathOverlay::from_path))
        .collect();
    Simulation {
        channel: channel.to_string(),
        paths,
        overlays,
        difference,
        update_error,
    }
}

/// The resolved path, or, when one of its hops is refused for its CRDs (and no failure was
/// chosen), the path with that hop failing: the simulation starts from the real failure
/// (core's `resolve::crd_failure`, spec/crd-safety.md §2).
///
/// # Complexity
/// O(H) for H hops, plus one more path resolution when a hop is refused.
fn with_crd_failure(
    catalog: &Catalog,
    package: &str,
    installed: &str,
    options: &PathOptions,
    result: Result<UpgradePath, String>,
) -> Resolved {
    let resolver = options.resolver;
    let failed = result
        .as_ref()
        .ok()
        .and_then(|p| Some((p, crd_failure(catalog, package, installed, options, p)?)));
    let Some((path, (hop, failing))) = failed else {
        return Resolved {
            resolver,
            result,
            crd_failed: None,
        };
    };
    let h = &path.hops[hop];
    let message = h
        .crd_safety
        .as_ref()
        .map_or_else(String::new, |s| match resolver {
            Resolver::V0 => s.olm_v0.message.clone(),
            Resolver::V1 => s.olm_v1.message.clone(),
        });
    Resolved {
        resolver,
        crd_failed: Some(CrdFailure {
            hop,
            bundle: h.to.clone(),
            message,
        }),
        result: Ok(failing),
    }
}

/// The updated catalog: a second catalog loaded as the update and/or one added entry; with
/// the reason when the entry could not be added.
fn updated_catalog(
    catalog: &Catalog,
    package: &str,
    channel: &str,
    added: Option<&AddedEntry>,
    update: Option<&Catalog>,
) -> (Option<Catalog>, Option<String>) {
    let Some(added) = added else {
        return (update.cloned(), None);
    };
    let edited = added.to_new_entry().and_then(|n| {
        with_entry(update.unwrap_or(catalog), package, channel, &n).map_err(|e| e.to_string())
    });
    match edited {
        Ok(c) => (Some(c), None),
        Err(e) => (update.cloned(), Some(e)),
    }
}

#[cfg(test)]
mod tests;
