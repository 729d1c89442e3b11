//! Whole upgrade paths: hops repeated until none is left, with fail-forward what-ifs.

use std::collections::HashSet;

use serde::Serialize;

use super::explain::{explain_stop, failure_explanation, Explanation};
use super::{
    channels_considered, err, next_hop, Alternative, FailureKind, Installed, PathOptions, Reason,
    ResolveError, Resolver, UpgradeStrategy,
};
use crate::model::{Catalog, Package};

/// How a path ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// No further hop: at the head, or no successor.
    #[serde(rename = "up-to-date")]
    UpToDate,
    /// A failed upgrade stops the path until someone intervenes by hand.
    #[serde(rename = "blocked")]
    Blocked,
    /// Fail-forward is on, but the catalog has nothing to move to yet.
    #[serde(rename = "waiting-for-catalog-update")]
    WaitingForCatalogUpdate,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::UpToDate => "up-to-date",
            Outcome::Blocked => "blocked",
            Outcome::WaitingForCatalogUpdate => "waiting-for-catalog-update",
        }
    }
}

/// One upgrade step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hop {
    pub from: String,
    pub to: String,
    /// Every reason that held.
    pub via: Vec<Reason>,
    /// The upgrade into `to` fails (the what-if's failing bundle).
    pub failed: bool,
    /// Candidates passed over, with why.
    pub alternatives: Vec<Alternative>,
    /// The hop was resolved in the updated catalog.
    pub updated_catalog: bool,
}

/// The path a cluster takes from an installed bundle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UpgradePath {
    pub resolver: Resolver,
    pub from: String,
    /// Where the cluster ends up (what it runs at the end).
    pub end: String,
    pub outcome: Outcome,
    pub hops: Vec<Hop>,
    /// Why the path ends before the channel head, or what the failure did; `None` at the head.
    pub explanation: Option<Explanation>,
    /// Alternatives of the last resolution, where nothing (more) was chosen.
    pub final_alternatives: Vec<Alternative>,
}

/// Resolves the whole path from `from` in `package`.
///
/// `updated`, when given, is the catalog published after the failure: resolution continues in
/// it once the failing bundle has failed (how a curator checks that a fix unblocks clusters).
///
/// # Complexity
/// O(H · C) for H hops and C the cost of one hop (linear in the considered channels' entries).
pub fn resolve_path<'a>(
    catalog: &'a Catalog,
    package: &str,
    from: &str,
    options: &PathOptions,
    updated: Option<&'a Catalog>,
) -> Result<UpgradePath, ResolveError> {
    let Some(pkg) = catalog.package(package) else {
        return err(format!("unknown package {package:?}"));
    };
    channels_considered(pkg, options.channel.as_deref())?;
    let updated_pkg: Option<&Package> = match updated {
        Some(u) => match u.package(package) {
            Some(p) => {
                channels_considered(p, options.channel.as_deref())?;
                Some(p)
            }
            None => {
                return err(format!(
                    "unknown package {package:?} in the updated catalog"
                ))
            }
        },
        None => None,
    };
    if let Some(f) = &options.failure {
        if pkg.bundle(&f.bundle).is_none()
            && pkg.channels.iter().all(|c| c.entry(&f.bundle).is_none())
        {
            return err(format!(
                "unknown bundle {:?} in package {package:?} (the failing bundle)",
                f.bundle
            ));
        }
    }

    let mut active: &'a Package = pkg;
    let mut in_updated = false;
    let mut current = Installed::from_package(pkg, from);
    if current.version.is_none() {
        current.version = options.installed_version.clone();
    }
    let mut hops: Vec<Hop> = Vec::new();
    let mut visited: HashSet<String> = HashSet::from([from.to_string()]);
    let mut failure_handled = false;
    let max_hops = pkg.bundles.len() + updated_pkg.map_or(0, |p| p.bundles.len()) + 2;

    // The path ends with no further hop, where the cluster is.
    let stop = |end: String, hops, explanation, final_alternatives| UpgradePath {
        resolver: options.resolver,
        from: from.to_string(),
        end,
        outcome: Outcome::UpToDate,
        hops,
        explanation,
        final_alternatives,
    };
    loop {
        let choice = next_hop(active, &current, options)?;
        let Some((to, via)) = choice.chosen else {
            let explanation = explain_stop(active, &current, options, &choice.alternatives);
            return Ok(stop(current.name, hops, explanation, choice.alternatives));
        };
        let failing = options
            .failure
            .as_ref()
            .filter(|f| !failure_handled && f.bundle == to);
        if let Some(f) = failing {
            failure_handled = true;
            let kind = via
                .first()
                .map_or(crate::graph::EdgeKind::Replaces, |r| r.kind);
            hops.push(Hop {
                from: current.name.clone(),
                to: to.clone(),
                via,
                failed: true,
                alternatives: choice.alternatives,
                updated_catalog: in_updated,
            });
            let previous = current.name.clone();
            let finish = |end: String, outcome, hops| UpgradePath {
                resolver: options.resolver,
                from: from.to_string(),
                end,
                outcome,
                hops,
                explanation: Some(failure_explanation(
                    f,
                    &previous,
                    kind,
                    outcome,
                    updated_pkg.is_some(),
                )),
                final_alternatives: Vec::new(),
            };
            match (f.kind, f.strategy) {
                (FailureKind::Csv, UpgradeStrategy::Default) => {
                    return Ok(finish(to, Outcome::Blocked, hops))
                }
                (FailureKind::InstallPlan, UpgradeStrategy::Default) => {
                    return Ok(finish(current.name.clone(), Outcome::Blocked, hops))
                }
                (FailureKind::Csv, UpgradeStrategy::TechPreviewUnsafeFailForward) => {
                    // The failed CSV stays claimed by the subscription: resolve from it.
                    if let Some(u) = updated_pkg {
                        active = u;
                        in_updated = true;
                    }
                    let failed = Installed::from_package(active, &to);
                    current = Installed {
                        version: failed
                            .version
                            .or_else(|| pkg.bundle(&to).and_then(|b| b.version.clone())),
                        ..failed
                    };
                    visited.insert(to.clone());
                    let again = next_hop(active, &current, options)?;
                    if again.chosen.is_none() {
                        return Ok(finish(
                            current.name.clone(),
                            Outcome::WaitingForCatalogUpdate,
                            hops,
                        ));
                    }
                    continue;
                }
                (FailureKind::InstallPlan, UpgradeStrategy::TechPreviewUnsafeFailForward) => {
                    // The failed InstallPlan no longer blocks: resolution is retried from here.
                    if let Some(u) = updated_pkg {
                        active = u;
                        in_updated = true;
                    }
                    let again = next_hop(active, &current, options)?;
                    match again.chosen {
                        Some((same, _)) if same == f.bundle => {
                            return Ok(finish(
                                current.name.clone(),
                                Outcome::WaitingForCatalogUpdate,
                                hops,
                            ))
                        }
                        _ => continue,
                    }
                }
            }
        }
        if !visited.insert(to.clone()) || hops.len() >= max_hops {
            // Only possible with SelfCertified sidegrades or a malformed graph: stop, don't loop.
            let explanation = Some(Explanation::cycle(&current.name, &to));
            return Ok(stop(current.name, hops, explanation, choice.alternatives));
        }
        hops.push(Hop {
            from: current.name.clone(),
            to: to.clone(),
            via,
            failed: false,
            alternatives: choice.alternatives,
            updated_catalog: in_updated,
        });
        let next = Installed::from_package(active, &to);
        current = next;
    }
}

/// The index of the first hop where two paths from the same bundle part ways (one moves where
/// the other does not, or they move to different bundles); `None` when they agree throughout.
pub fn first_difference(a: &UpgradePath, b: &UpgradePath) -> Option<usize> {
    let n = a.hops.len().max(b.hops.len());
    (0..n).find(|&i| a.hops.get(i).map(|h| &h.to) != b.hops.get(i).map(|h| &h.to))
}
