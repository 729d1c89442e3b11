//! What a route subscribes to: a channel, or (OLM v1) a ClusterExtension's set of channels,
//! resolved in one catalog or across several ClusterCatalogs.
//!
//! Under OLM v1 a ClusterExtension that lists several channels resolves among all of them at
//! once, so the set is one unit of the state graph: the planner switches only to channels
//! outside it. Across catalogs, each unit's next step is what
//! [`CatalogsResolver`](crate::resolve::CatalogsResolver) picks: every catalog's best
//! candidate, then non-deprecated picks, then the highest priority; a tie is OLM v1's error.

use super::{PlanError, PlanOptions};
use crate::model::Package;
use crate::resolve::{
    CatalogsResolver, ClusterCatalog, HopResolver, Installed, PathOptions, Reason, ResolutionError,
    Resolver,
};
use crate::sort::SortWith;

/// How a unit resolves its next step.
enum Stepper<'a> {
    /// One catalog's package.
    One(HopResolver<'a>),
    /// Several ClusterCatalogs with priorities (OLM v1).
    Across(CatalogsResolver<'a>),
}

/// What a unit does next from an installed bundle.
#[derive(Debug, Clone, Default)]
pub(super) struct Stepped {
    /// The bundle it moves to, with the reasons.
    pub(super) to: Option<(String, Vec<Reason>)>,
    /// Across catalogs: the catalog whose pick won.
    pub(super) catalog: Option<String>,
    /// Across catalogs: OLM v1's resolution error (a tie at the top priority, or no bundle).
    pub(super) error: Option<ResolutionError>,
}

/// A channel, or a ClusterExtension's set of channels.
pub(super) struct Unit<'a> {
    /// The channel's name, or the set's names joined by commas.
    pub(super) label: String,
    /// `Some` for a ClusterExtension's channel set (empty: every channel).
    pub(super) set: Option<Vec<String>>,
    /// The package channels the unit covers, as indices into `Package::channels`.
    pub(super) members: Vec<usize>,
    stepper: Stepper<'a>,
}

impl<'a> Unit<'a> {
    /// Where the resolver is: `name` installed, as this unit's catalogs know it.
    pub(super) fn installed(&self, name: &str) -> Installed {
        match &self.stepper {
            Stepper::One(r) => r.installed(name),
            Stepper::Across(r) => r.installed(name),
        }
    }

    /// The next step from `installed`.
    ///
    /// # Complexity
    /// O(C + k log k) in one catalog; O(K·(C + k log k) + K log K) across K catalogs (C
    /// considered channels, k candidates).
    pub(super) fn next(&self, installed: &Installed) -> Stepped {
        match &self.stepper {
            Stepper::One(r) => Stepped {
                to: r.next(installed).ok().and_then(|c| c.chosen),
                ..Stepped::default()
            },
            Stepper::Across(r) => match r.next(installed) {
                Ok(step) => Stepped {
                    to: step.chosen,
                    catalog: Some(step.catalog),
                    error: None,
                },
                Err(e) => Stepped {
                    error: Some(e),
                    ..Stepped::default()
                },
            },
        }
    }

    /// The chain error of a single channel under OLM v0 (several heads, a cycle).
    pub(super) fn broken(&self, resolver: Resolver) -> Option<String> {
        match (&self.stepper, resolver) {
            (Stepper::One(r), Resolver::V0) => r
                .channel(&self.label)
                .and_then(|i| i.chain.as_ref().err())
                .map(|e| e.message.clone()),
            _ => None,
        }
    }
}

/// The unit layout before any resolver is built: (label, set, members).
type Shape = (String, Option<Vec<String>>, Vec<usize>);

impl<'a> Unit<'a> {
    /// The unit of `shape` (label, channel set, members), stepping with `stepper`.
    fn new((label, set, members): Shape, stepper: Stepper<'a>) -> Unit<'a> {
        Unit {
            label,
            set,
            members,
            stepper,
        }
    }
}

/// The units of `pkg` under `options`: the ClusterExtension's channel set first (when
/// `options.channels` is given), then every channel outside it on its own.
///
/// # Complexity
/// O(C log C) for C channels of the package (and as many listed).
fn shapes(pkg: &Package, options: &PlanOptions) -> Result<Vec<Shape>, PlanError> {
    let unknown = |c: &str| PlanError::UnknownChannel {
        package: pkg.name.clone(),
        channel: c.to_string(),
    };
    let all = 0..pkg.channels.len();
    let Some(set) = &options.channels else {
        return Ok(all
            .map(|i| (pkg.channels[i].name.clone(), None, vec![i]))
            .collect());
    };
    if options.resolver != Resolver::V1 {
        return Err(PlanError::V1Only {
            option: "a ClusterExtension's channels",
        });
    }
    let mut members = Vec::with_capacity(set.len());
    let mut seen = std::collections::HashSet::new();
    for c in set {
        let i = pkg
            .channels
            .binary_search_by(|ch| ch.name.as_str().cmp(c))
            .map_err(|_| unknown(c))?;
        if seen.insert(i) {
            members.push(i);
        }
    }
    if set.is_empty() {
        members = all.clone().collect();
    }
    let label: Vec<&str> = members
        .iter()
        .map(|&i| pkg.channels[i].name.as_str())
        .collect();
    let mut out = vec![(label.join(","), Some(set.clone()), members.clone())];
    members.sort_ord();
    out.extend(
        all.filter(|i| members.binary_search(i).is_err())
            .map(|i| (pkg.channels[i].name.clone(), None, vec![i])),
    );
    Ok(out)
}

/// The resolution options of one unit.
fn path_options(options: &PlanOptions, shape: &Shape) -> PathOptions {
    let (label, set, _) = shape;
    PathOptions {
        resolver: options.resolver,
        channel: set.is_none().then(|| label.clone()),
        channels: set.clone().unwrap_or_default(),
        policy: options.policy,
        version: options.version.clone(),
        ..PathOptions::default()
    }
}

/// The units of `pkg`, each resolved in `pkg` alone.
///
/// # Complexity
/// O(U·(V + E) log V) for U units over V entries and E edges of their channels.
pub(super) fn units<'a>(
    pkg: &'a Package,
    options: &PlanOptions,
) -> Result<Vec<Unit<'a>>, PlanError> {
    shapes(pkg, options)?
        .into_iter()
        .map(|shape| {
            let r = HopResolver::new(pkg, &path_options(options, &shape)).map_err(|e| {
                PlanError::Resolve {
                    channel: shape.0.clone(),
                    message: e.message,
                }
            })?;
            Ok(Unit::new(shape, Stepper::One(r)))
        })
        .collect()
}

/// The units of `merged` (the package as all `catalogs` together list it), each resolved
/// across the catalogs.
///
/// # Complexity
/// O(U·Σ (V + E) log V) for U units over each catalog's V entries and E edges.
pub(super) fn units_across<'a>(
    merged: &Package,
    catalogs: &[ClusterCatalog<'a>],
    options: &PlanOptions,
) -> Result<Vec<Unit<'a>>, PlanError> {
    shapes(merged, options)?
        .into_iter()
        .map(|shape| {
            let r = CatalogsResolver::new(catalogs, &merged.name, &path_options(options, &shape))
                .map_err(|e| PlanError::Catalogs {
                message: e.to_string(),
            })?;
            Ok(Unit::new(shape, Stepper::Across(r)))
        })
        .collect()
}
