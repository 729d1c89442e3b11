//! Plans under OLM v1 across several ClusterCatalogs with priorities: each automatic step is
//! what [`CatalogsResolver`] resolves next (every catalog's best candidate, non-deprecated
//! picks first, then the highest `spec.priority`), so a step may move to another catalog's
//! bundle, and a tie at the top priority is OLM v1's error, which stops the route there.

use std::collections::HashMap;

use super::route::step_options;
use super::search::StateGraph;
use super::{Plan, PlanError, PlanOptions, Target};
use crate::model::{Channel, Package};
use crate::resolve::{CatalogsResolver, ClusterCatalog, Resolver};
use crate::sort::SortWith;

/// The catalogs that have `package`, highest priority first (then by name).
fn ranked<'c, 'a>(catalogs: &'c [ClusterCatalog<'a>], package: &str) -> Vec<&'c Package> {
    let mut have: Vec<(&ClusterCatalog, &Package)> = catalogs
        .iter()
        .filter_map(|c| Some((c, c.catalog.package(package)?)))
        .collect();
    have.sort_with(|(a, _), (b, _)| b.priority.cmp(&a.priority).then(a.name.cmp(b.name)));
    have.into_iter().map(|(_, p)| p).collect()
}

/// The package as all `catalogs` together list it: every channel name, with the entries of
/// the highest-priority catalog that has the channel first and the other catalogs' entries
/// after them; every bundle and deprecation, the highest-priority catalog's first. `None`
/// when no catalog has the package. It gives the planner its bundle names, versions and
/// deprecations; resolution itself stays per catalog.
///
/// # Complexity
/// O(Σ (V + B) log (V + B)) for V entries and B bundles of each catalog's package.
pub fn merged_package(catalogs: &[ClusterCatalog], package: &str) -> Option<Package> {
    let ranked = ranked(catalogs, package);
    let (first, rest) = ranked.split_first()?;
    let mut merged: Package = (*first).clone();
    let mut channels: HashMap<String, Channel> = merged
        .channels
        .drain(..)
        .map(|c| (c.name.clone(), c))
        .collect();
    let mut bundles: HashMap<String, _> = merged
        .bundles
        .drain(..)
        .map(|b| (b.name.clone(), b))
        .collect();
    for pkg in rest {
        for c in &pkg.channels {
            let ch = channels.entry(c.name.clone()).or_insert_with(|| Channel {
                entries: Vec::new(),
                ..c.clone()
            });
            let known: std::collections::HashSet<String> =
                ch.entries.iter().map(|e| e.name.clone()).collect();
            ch.entries.extend(
                c.entries
                    .iter()
                    .filter(|e| !known.contains(&e.name))
                    .cloned(),
            );
        }
        for b in &pkg.bundles {
            bundles.entry(b.name.clone()).or_insert_with(|| b.clone());
        }
        let d = &pkg.deprecations;
        let md = &mut merged.deprecations;
        for (k, v) in d.channels.iter().chain(&d.bundles) {
            let map = if d.channels.contains_key(k) {
                &mut md.channels
            } else {
                &mut md.bundles
            };
            map.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
    merged.channels = channels.into_values().collect();
    merged.channels.sort_with(|a, b| a.name.cmp(&b.name));
    merged.bundles = bundles.into_values().collect();
    merged.bundles.sort_with(|a, b| a.name.cmp(&b.name));
    Some(merged)
}

/// Each channel's head in the highest-priority catalog that has the channel.
fn heads(catalogs: &[ClusterCatalog], package: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for pkg in ranked(catalogs, package) {
        for c in &pkg.channels {
            if let Some(head) = crate::graph::channel_head(c).name() {
                out.entry(c.name.clone())
                    .or_insert_with(|| head.to_string());
            }
        }
    }
    out
}

/// Plans the route from `from` to `target` under OLM v1 across `catalogs`, each a
/// ClusterCatalog with its priority: automatic steps are what OLM v1 resolves next across the
/// catalogs, each hop names the catalog it came from, and a state where OLM v1 fails (a tie
/// at the top priority) moves no further; when that leaves the target unreachable, the
/// explanation gives OLM v1's message naming the catalogs. The route is verified by replay
/// ([`verify_across`]). `merged` is [`merged_package`] of the catalogs (the CLI reads the
/// target and writes the commands against it).
///
/// # Complexity
/// O(S log S + C·Σ (V + E) log V + S·K·(c + k log k)) for S = B × C states (B bundles, C
/// channels), K catalogs of V entries and E edges, c considered channels and k candidates per
/// catalog.
pub fn plan_route_across(
    catalogs: &[ClusterCatalog],
    merged: &Package,
    from: &str,
    target: &Target,
    options: &PlanOptions,
) -> Result<Plan, PlanError> {
    if options.resolver != Resolver::V1 {
        return Err(PlanError::V1Only {
            option: "planning across catalogs with priorities",
        });
    }
    let heads = heads(catalogs, &merged.name);
    let graph = StateGraph::across(merged, catalogs, from, options, heads)?;
    let plan = Plan::start(&merged.name, from, target, options.resolver);
    super::search_route(&graph, target, plan, |plan| {
        verify_across(catalogs, plan, options)
    })
}

/// Checks a plan across catalogs by replaying it with [`CatalogsResolver`]: in each step's
/// channel (or channel set), from where the previous step ended, OLM v1 must pick each hop's
/// bundle from the hop's catalog, and must move no further (or fail) where a step ends
/// without a hold.
///
/// # Complexity
/// O(T·Σ (V + E) log V + H·K·(c + k log k)) for T steps, H hops and K catalogs.
pub fn verify_across(
    catalogs: &[ClusterCatalog],
    plan: &Plan,
    options: &PlanOptions,
) -> Result<(), PlanError> {
    if !plan.reachable {
        return Ok(());
    }
    let mut current = plan.from.clone();
    for step in &plan.steps {
        let r = CatalogsResolver::new(catalogs, &plan.package, &step_options(step, options))
            .map_err(|e| PlanError::Catalogs {
                message: e.to_string(),
            })?;
        let replay = |at: &str, expected: &str, found: Option<String>| PlanError::Replay {
            channel: step.channel.clone(),
            at: at.to_string(),
            expected: expected.to_string(),
            found,
        };
        let installed = |at: &str| {
            let mut i = r.installed(at);
            if at == plan.from && i.version.is_none() {
                i.version = options.installed_version.clone();
            }
            i
        };
        for hop in &step.hops {
            let picked = r.next(&installed(&current)).ok();
            let to = picked
                .as_ref()
                .and_then(|p| p.chosen.as_ref())
                .map(|c| &c.0);
            let same_catalog = picked.as_ref().map(|p| &p.catalog) == hop.catalog.as_ref();
            if hop.from != current || to != Some(&hop.to) || !same_catalog {
                return Err(replay(&current, &hop.to, to.cloned()));
            }
            current = hop.to.clone();
        }
        let further = r.next(&installed(&current)).ok().and_then(|p| p.chosen);
        match (&step.stop, further) {
            (None, Some((to, _))) => {
                return Err(replay(&current, "a hold (the step has none)", Some(to)))
            }
            (Some(stop), _) if stop != &current => {
                return Err(replay(&current, stop, Some(current.clone())))
            }
            _ => {}
        }
    }
    match &plan.end {
        Some(e) if e != &current => Err(replay_end(plan, e, current)),
        _ => Ok(()),
    }
}

fn replay_end(plan: &Plan, expected: &str, found: String) -> PlanError {
    PlanError::Replay {
        channel: plan
            .steps
            .last()
            .map(|s| s.channel.clone())
            .unwrap_or_default(),
        at: found.clone(),
        expected: expected.to_string(),
        found: Some(found),
    }
}
