//! Support lifecycle facts along a plan ([`crate::support`]): for each stop (where a step
//! leaves the cluster) and the target, its phase on the day asked and whether it runs on the
//! platform; and `--prefer supported`, which picks among the routes the other preferences
//! find the one with the fewest stops that are end of life or not compatible.

use serde::Serialize;

use super::{plan_route, Plan, PlanError, PlanOptions, Preference, Target};
use crate::model::Package;
use crate::openshift::OpenShiftVersion;
use crate::semver::Version;
use crate::support::{AsOf, BundleSupport, PackageLifecycle};

/// The lifecycle facts of one bundle where a plan rests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StopSupport {
    /// 1-based step that ends on the bundle.
    pub step: usize,
    /// `stop` (a step's end) or `target` (the route's end).
    pub role: &'static str,
    /// The platform the compatibility is checked on: the step's (series plans) or the one
    /// asked.
    pub platform: Option<String>,
    /// The bundle's support facts on the day: its stream, phase, phase end, end of life and
    /// platform compatibility.
    #[serde(flatten)]
    pub facts: BundleSupport,
    /// Series plans: the next platform the cluster upgrades to while on this bundle, and
    /// whether the bundle runs there (`None` without data).
    pub next_platform: Option<String>,
    /// The bundle runs on `next_platform` (`None` without data).
    pub compatible_with_next: Option<bool>,
}

impl StopSupport {
    /// End of life on the day, or not listed for a platform it must run on.
    pub fn unsupported(&self) -> bool {
        self.facts.is_end_of_life()
            || self.facts.compatible == Some(false)
            || self.compatible_with_next == Some(false)
    }
}

/// `v4.16` → `4.16`; a label that is no OpenShift version loses its leading `v` only.
fn bare(platform: &str) -> String {
    OpenShiftVersion::parse(platform).map_or_else(
        || platform.trim_start_matches('v').to_string(),
        |v| v.to_string(),
    )
}

/// The facts of every stop of `plan` and of its end. `version_of(platform, bundle)` gives a
/// bundle's version (in the platform's catalog, for series plans).
///
/// # Complexity
/// O(T · (s + p + v)) for T steps of the plan and s entries, p phases and v platform versions
/// of a stream, plus T calls of `version_of`.
pub fn plan_support(
    plan: &Plan,
    lifecycle: &PackageLifecycle<'_>,
    as_of: &AsOf,
    version_of: &dyn Fn(Option<&str>, &str) -> Option<Version>,
) -> Vec<StopSupport> {
    let mut out = Vec::with_capacity(plan.steps.len());
    let mut at = plan.from.as_str();
    for (i, step) in plan.steps.iter().enumerate() {
        at = step.end(at);
        let last = i + 1 == plan.steps.len();
        let platform = step
            .platform
            .as_deref()
            .map(bare)
            .or(as_of.platform.clone());
        let next_platform = plan
            .steps
            .get(i + 1)
            .and_then(|s| s.platform.as_deref())
            .map(bare)
            .filter(|n| Some(n) != platform.as_ref());
        let version = version_of(step.platform.as_deref(), at);
        let day = AsOf {
            date: as_of.date,
            platform: platform.clone(),
        };
        let facts = lifecycle.facts(at, version.as_ref(), &day);
        let compatible_with_next = next_platform.as_deref().and_then(|n| {
            let stream = facts.stream.as_deref()?;
            lifecycle.entry(stream)?.compatible_with(n)
        });
        out.push(StopSupport {
            step: i + 1,
            role: if last { "target" } else { "stop" },
            platform,
            facts,
            next_platform,
            compatible_with_next,
        });
    }
    out
}

/// A route's rank under `--prefer supported`: unreachable, unsupported stops, then steps
/// (switches) and hops; lower is better.
type Score = (usize, usize, usize);

/// `plan_route` under `--prefer supported`: the routes fewest-switches, fewest-hops and
/// avoid-deprecated find, each scored by its unsupported stops, then switches, then hops; the
/// lowest wins (the first in that order on a tie). The plan and its stops' facts.
///
/// # Complexity
/// Three times [`plan_route`], plus [`plan_support`] for each.
pub fn plan_route_supported(
    pkg: &Package,
    from: &str,
    target: &Target,
    options: &PlanOptions,
    lifecycle: &PackageLifecycle<'_>,
    as_of: &AsOf,
) -> Result<(Plan, Vec<StopSupport>), PlanError> {
    let version_of = |_: Option<&str>, b: &str| crate::infer::bundle_version(pkg, b).map(|v| v.0);
    let mut best: Option<(Score, Plan, Vec<StopSupport>)> = None;
    for prefer in [
        Preference::FewestSwitches,
        Preference::FewestHops,
        Preference::AvoidDeprecated,
    ] {
        let options = PlanOptions {
            prefer,
            ..options.clone()
        };
        let plan = plan_route(pkg, from, target, &options)?;
        let support = plan_support(&plan, lifecycle, as_of, &version_of);
        let score = (
            usize::from(!plan.reachable),
            support.iter().filter(|s| s.unsupported()).count(),
            plan.steps.len() * 1_000_000 + plan.steps.iter().map(|s| s.hops.len()).sum::<usize>(),
        );
        if best.as_ref().is_none_or(|(b, _, _)| score < *b) {
            best = Some((score, plan, support));
        }
    }
    best.map(|(_, plan, support)| (plan, support))
        .ok_or_else(|| PlanError::UnknownPackage {
            package: pkg.name.clone(),
        })
}
