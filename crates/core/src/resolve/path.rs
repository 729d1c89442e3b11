//! Whole upgrade paths: hops repeated until none is left, with fail-forward what-ifs
//! (spec/olm.md §6: what the resolver takes as installed after a failed upgrade).

use std::collections::HashSet;

use serde::Serialize;

use super::explain::{failure_explanation, Explanation};
use super::hop::HopResolver;
use super::{
    err, Alternative, Failure, FailureKind, Installed, Outcome, PathOptions, Reason,
    ResolutionError, ResolveError, Resolver, UpgradeStrategy,
};
use crate::graph::EdgeKind;
use crate::model::Catalog;

/// One upgrade step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hop {
    /// The bundle the hop upgrades from.
    pub from: String,
    /// The bundle the resolver picks.
    pub to: String,
    /// Every reason that held.
    pub via: Vec<Reason>,
    /// The upgrade into `to` fails (the what-if's failing bundle).
    pub failed: bool,
    /// Candidates passed over, with why.
    pub alternatives: Vec<Alternative>,
    /// The hop was resolved in the updated catalog.
    pub updated_catalog: bool,
    /// `to` is a channel entry without an `olm.bundle` in the catalog: the hop follows the
    /// channel by name, with the version in the bundle name.
    pub missing_bundle: bool,
    /// Both OLMs' CRD-safety verdicts of the hop, when the package's bundles carry their
    /// manifests (spec/crd-safety.md §2.2: stored versions of the bundles installed before).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crd_safety: Option<crate::crd::EdgeSafety>,
}

/// The path a cluster takes from an installed bundle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UpgradePath {
    /// The rules the path was resolved by.
    pub resolver: Resolver,
    /// The installed bundle the path starts from.
    pub from: String,
    /// Where the cluster ends up (what it runs at the end).
    pub end: String,
    /// How the path ends: up to date, blocked, or waiting for a catalog update.
    pub outcome: Outcome,
    /// The upgrades, in order.
    pub hops: Vec<Hop>,
    /// Why the path ends before the channel head, or what the failure did; `None` at the head.
    pub explanation: Option<Explanation>,
    /// Alternatives of the last resolution, where nothing (more) was chosen.
    pub final_alternatives: Vec<Alternative>,
    /// Bundles on the path (the start, then hop targets) that have no `olm.bundle` in the
    /// catalog: the path was computed by name for them (see [`UpgradePath::without_bundles_note`]).
    pub without_bundles: Vec<String>,
    /// How the failed hop's upgrade fails: the kind of the failure the path was resolved with
    /// ([`PathOptions::failure`]); `None` without one.
    #[serde(skip)]
    pub failure: Option<FailureKind>,
    /// OLM v1's resolution error the path stops on: no candidate at all, not even the
    /// installed bundle (spec/olm.md §8); `None` otherwise.
    pub error: Option<ResolutionError>,
}

impl UpgradePath {
    /// What to say with the outcome when the path was computed without some bundle objects.
    pub fn without_bundles_note(&self) -> Option<String> {
        if self.without_bundles.is_empty() {
            return None;
        }
        Some(format!(
            "computed without bundle objects: {} ha{} no olm.bundle in this catalog, so the path follows the channel by name and takes versions from the bundle names; open the whole catalog for OLM's exact answer",
            self.without_bundles.join(", "),
            if self.without_bundles.len() == 1 { "s" } else { "ve" }
        ))
    }
}

/// The `olm-graph path --json` document of a path (keys in alphabetical order, as it has always
/// been written): hops into an entry without a bundle carry `"missingBundle": true`, and a path
/// computed without some bundle objects lists them in `withoutBundles` with an `outcomeNote`.
#[derive(Debug, Clone, Serialize)]
pub struct PathDocument<'p> {
    end: &'p str,
    explanation: Option<&'p str>,
    from: &'p str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    hops: Vec<HopDocument<'p>>,
    outcome: &'static str,
    #[serde(rename = "outcomeNote", skip_serializing_if = "Option::is_none")]
    outcome_note: Option<String>,
    resolver: &'static str,
    #[serde(
        rename = "withoutBundles",
        skip_serializing_if = "<[String]>::is_empty"
    )]
    without_bundles: &'p [String],
}

/// One hop of a [`PathDocument`].
#[derive(Debug, Clone, Serialize)]
struct HopDocument<'p> {
    #[serde(rename = "crdSafety", skip_serializing_if = "Option::is_none")]
    crd_safety: Option<&'p crate::crd::EdgeSafety>,
    failed: bool,
    from: &'p str,
    #[serde(rename = "missingBundle", skip_serializing_if = "is_false")]
    missing_bundle: bool,
    to: &'p str,
    via: Vec<&'static str>,
}

fn is_false(b: &bool) -> bool {
    !b
}

impl UpgradePath {
    /// The `path --json` document.
    ///
    /// # Complexity
    /// O(H) for H hops.
    pub fn document(&self) -> PathDocument<'_> {
        let hops = self
            .hops
            .iter()
            .map(|h| HopDocument {
                crd_safety: h.crd_safety.as_ref(),
                failed: h.failed,
                from: &h.from,
                missing_bundle: h.missing_bundle,
                to: &h.to,
                via: h.via.iter().map(|r| r.kind.as_str()).collect(),
            })
            .collect();
        PathDocument {
            end: &self.end,
            explanation: self.explanation.as_ref().map(|e| e.message.as_str()),
            from: &self.from,
            error: self.error.as_ref().map(ToString::to_string),
            hops,
            outcome: if self.error.is_some() {
                "resolution-error"
            } else {
                self.outcome.as_str()
            },
            outcome_note: self.without_bundles_note(),
            resolver: self.resolver.as_str(),
            without_bundles: &self.without_bundles,
        }
    }
}

/// Resolves the whole path from `from` in `package`.
///
/// `updated`, when given, is the catalog published after the failure: resolution continues in
/// it once the failing bundle has failed (how a curator checks that a fix unblocks clusters).
///
/// The path stops when it would return to a bundle it has already been on, so it ends after at
/// most one hop per entry of the considered channels.
///
/// # Complexity
/// One walk: O((V + E) log V) time and O(V + E) memory for V entries and E edges of the
/// considered channels (each indexed once, each hop a lookup); the first hop also tests every
/// skipRange when the installed version is not the one the catalog gives its bundle.
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
    let base = HopResolver::new(pkg, options)?;
    let updated = match updated.map(|u| u.package(package)) {
        Some(Some(p)) => Some(HopResolver::new(p, options)?),
        Some(None) => {
            return err(format!(
                "unknown package {package:?} in the updated catalog"
            ))
        }
        None => None,
    };
    if let Some(f) = &options.failure {
        if !pkg.knows_bundle(&f.bundle) {
            return err(format!(
                "unknown bundle {:?} in package {package:?} (the failing bundle)",
                f.bundle
            ));
        }
    }
    let mut current = base.installed(from);
    if let Some(v) = &options.installed_version {
        if current.version.is_none() || pkg.bundle(from).is_none() {
            current.version = Some(v.clone());
        }
    }
    let start_by_name = pkg.bundle(from).is_none()
        && options.installed_version.is_none()
        && current.version.is_some();
    let mut walk = Walk {
        options,
        from,
        base: &base,
        updated: updated.as_ref(),
        active: &base,
        current,
        hops: Vec::new(),
        visited: HashSet::from([from.to_string()]),
        failure_handled: false,
    };
    let mut path = walk.run()?;
    if start_by_name {
        path.without_bundles.insert(0, from.to_string());
    }
    judge_hops(pkg, &mut path);
    Ok(path)
}

/// The first hop of `path` that its OLM refuses for the bundles' CRDs, and the path resolved
/// again with that upgrade failing (its InstallPlan, or OLM v1's preflight, fails before the
/// bundle is installed; the default strategy): what OLM does next, by the same simulation as
/// `--fail` (spec/crd-safety.md §2). `None` when no hop is refused or a failure was given.
///
/// # Complexity
/// O(H) for H hops, then one [`resolve_path`].
pub fn crd_failure(
    catalog: &Catalog,
    package: &str,
    from: &str,
    options: &PathOptions,
    path: &UpgradePath,
) -> Option<(usize, UpgradePath)> {
    if options.failure.is_some() {
        return None;
    }
    let refused = |h: &Hop| {
        h.crd_safety.as_ref().is_some_and(|s| {
            let side = match path.resolver {
                Resolver::V0 => &s.olm_v0,
                Resolver::V1 => &s.olm_v1,
            };
            side.verdict == crate::crd::Verdict::Unsafe
        })
    };
    let i = path.hops.iter().position(refused)?;
    let mut o = options.clone();
    o.failure = Some(super::Failure {
        bundle: path.hops[i].to.clone(),
        kind: super::FailureKind::InstallPlan,
        strategy: super::UpgradeStrategy::Default,
    });
    resolve_path(catalog, package, from, &o, None)
        .ok()
        .map(|p| (i, p))
}

/// Each hop's CRD-safety verdicts, when the package's bundles carry their manifests.
///
/// # Complexity
/// O(H) judgements for H hops.
fn judge_hops(pkg: &crate::model::Package, path: &mut UpgradePath) {
    use crate::crd::pairs::Judge;
    // Without the `crd-safety` feature no catalog carries manifests (`LoadOptions::keep_crds`
    // is ignored), and the judge is left out of the build.
    if !cfg!(feature = "crd-safety") || !Judge::carries_manifests(pkg) {
        return;
    }
    let mut judge = Judge::new(pkg, None, crate::crd::limits::CrdLimits::default());
    let hops: Vec<(&str, &str)> = path
        .hops
        .iter()
        .map(|h| (h.from.as_str(), h.to.as_str()))
        .collect();
    let verdicts = judge.path(&hops);
    for (h, v) in path.hops.iter_mut().zip(verdicts) {
        h.crd_safety = v.as_ref().map(crate::crd::EdgeSafety::from);
    }
}

/// A path being walked.
struct Walk<'w, 'a> {
    options: &'w PathOptions,
    from: &'w str,
    base: &'w HopResolver<'a>,
    updated: Option<&'w HopResolver<'a>>,
    /// The catalog resolving now: the base one, or the updated one after a failure.
    active: &'w HopResolver<'a>,
    current: Installed,
    hops: Vec<Hop>,
    visited: HashSet<String>,
    failure_handled: bool,
}

impl Walk<'_, '_> {
    fn run(&mut self) -> Result<UpgradePath, ResolveError> {
        loop {
            let choice = if self.options.resolver == Resolver::V1 {
                let pick = self.active.v1_pick(&self.current);
                if pick.best.is_none() {
                    return Ok(self.refused(pick.choice.alternatives));
                }
                pick.choice
            } else {
                self.active.next(&self.current)?
            };
            let Some((to, via)) = choice.chosen else {
                let explanation = self.active.why_stopped(&self.current, &choice.alternatives);
                return Ok(self.stop(explanation, choice.alternatives));
            };
            let failing = self
                .options
                .failure
                .clone()
                .filter(|f| !self.failure_handled && f.bundle == to);
            if let Some(f) = failing {
                self.failure_handled = true;
                self.push_hop(&to, via.clone(), true, choice.alternatives);
                // The path is over, or it goes on.
                match self.after_failure(&f, to, &via)? {
                    Some(path) => return Ok(path),
                    None => continue,
                }
            }
            if !self.visited.insert(to.clone()) {
                // The successor relation loops (possible with SelfCertified sidegrades or
                // skipRanges that contain each other): stop before going round.
                let explanation = Some(Explanation::cycle(&self.current.name, &to));
                return Ok(self.stop(explanation, choice.alternatives));
            }
            self.push_hop(&to, via, false, choice.alternatives);
            self.current = self.active.installed(&to);
        }
    }

    fn push_hop(
        &mut self,
        to: &str,
        via: Vec<Reason>,
        failed: bool,
        alternatives: Vec<Alternative>,
    ) {
        self.hops.push(Hop {
            from: self.current.name.clone(),
            to: to.to_string(),
            via,
            failed,
            alternatives,
            updated_catalog: !std::ptr::eq(self.active, self.base),
            missing_bundle: self.active.package().bundle(to).is_none(),
            crd_safety: None,
        });
    }

    /// The path as it is: it ends where the cluster is now.
    fn stop(
        &mut self,
        explanation: Option<Explanation>,
        final_alternatives: Vec<Alternative>,
    ) -> UpgradePath {
        self.finish(
            self.current.name.clone(),
            Outcome::UpToDate,
            explanation,
            final_alternatives,
        )
    }

    /// OLM v1 finds no candidate from where the cluster is, not even the installed bundle:
    /// its resolution error ends the path.
    fn refused(&mut self, final_alternatives: Vec<Alternative>) -> UpgradePath {
        let explanation = self.active.why_stopped(&self.current, &final_alternatives);
        let error =
            ResolutionError::none_found(&self.active.package().name, &self.current, self.options);
        let mut path = self.stop(explanation, final_alternatives);
        path.error = Some(error);
        path
    }

    fn finish(
        &mut self,
        end: String,
        outcome: Outcome,
        explanation: Option<Explanation>,
        final_alternatives: Vec<Alternative>,
    ) -> UpgradePath {
        let hops = std::mem::take(&mut self.hops);
        let without_bundles = hops
            .iter()
            .filter(|h| h.missing_bundle)
            .map(|h| h.to.clone())
            .collect();
        UpgradePath {
            resolver: self.options.resolver,
            from: self.from.to_string(),
            end,
            outcome,
            hops,
            explanation,
            final_alternatives,
            without_bundles,
            failure: self.options.failure.as_ref().map(|f| f.kind),
            error: None,
        }
    }

    /// What the failed upgrade into `to` does under the failure's kind and strategy: the
    /// finished path, or `None` when resolution goes on.
    fn after_failure(
        &mut self,
        f: &Failure,
        to: String,
        via: &[Reason],
    ) -> Result<Option<UpgradePath>, ResolveError> {
        let kind = via.first().map_or(EdgeKind::Replaces, |r| r.kind);
        let previous = self.current.name.clone();
        let has_update = self.updated.is_some();
        let done = |walk: &mut Self, end: String, outcome| {
            let why = failure_explanation(f, &previous, kind, outcome, has_update);
            Some(walk.finish(end, outcome, Some(why), Vec::new()))
        };
        if f.strategy == UpgradeStrategy::Default {
            return Ok(match f.kind {
                FailureKind::Csv => done(self, to, Outcome::Blocked),
                FailureKind::InstallPlan => {
                    let end = self.current.name.clone();
                    done(self, end, Outcome::Blocked)
                }
            });
        }
        if let Some(u) = self.updated {
            self.active = u;
        }
        if f.kind == FailureKind::Csv {
            // The failed CSV stays claimed by the subscription: resolve from it.
            let mut failed = self.active.installed(&to);
            if failed.version.is_none() || self.active.package().bundle(&to).is_none() {
                if let Some(v) = self
                    .base
                    .package()
                    .bundle(&to)
                    .and_then(|b| b.version.clone())
                {
                    failed.version = Some(v);
                }
            }
            self.current = failed;
            self.visited.insert(to);
        }
        let again = self.active.next(&self.current)?;
        let waiting = match (f.kind, again.chosen) {
            (FailureKind::Csv, None) => true,
            (FailureKind::InstallPlan, Some((same, _))) => same == f.bundle,
            _ => false,
        };
        if waiting {
            let end = self.current.name.clone();
            return Ok(done(self, end, Outcome::WaitingForCatalogUpdate));
        }
        Ok(None)
    }
}

/// The index of the first hop where two paths from the same bundle part ways (one moves where
/// the other does not, or they move to different bundles); `None` when they agree throughout.
///
/// # Complexity
/// O(H) for the H hops of the longer path.
pub fn first_difference(a: &UpgradePath, b: &UpgradePath) -> Option<usize> {
    let n = a.hops.len().max(b.hops.len());
    (0..n).find(|&i| a.hops.get(i).map(|h| &h.to) != b.hops.get(i).map(|h| &h.to))
}
