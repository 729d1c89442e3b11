//! Upgrade route planning: how a cluster gets from the bundle it runs to a target bundle when
//! one channel is not enough.
//!
//! The planner searches the graph of (bundle, subscribed channel) states. An automatic step is
//! what the resolver ([`crate::resolve`]) does next in the subscribed channel; a switch changes
//! the subscription's channel (under OLM v1, the ClusterExtension's `channels`). The best route
//! is cut into [`PlanStep`]s: subscribe to a channel, pass through its hops, be held where the
//! route leaves the channel before the channel's own path ends. Every route is checked by
//! replaying it with the resolver one hop at a time ([`verify`]).
//!
//! - [`search`]: the state graph and its shortest-route search.
//! - [`route`]: cutting the route into steps, with each hold and switch explained.
//! - [`unreachable`]: where every candidate route ends when the target cannot be reached.
//! - [`series`]: plans across platform versions, one catalog per version.
//! - `supported`: support lifecycle facts of a plan's stops, and `--prefer supported`.
//! - [`commands`]: the `oc patch subscription` lines (v0) or ClusterExtension YAML (v1).
//! - `overlay`: a route as a [`crate::view::PathOverlay`] (`PathOverlay::from_route`), drawn
//!   like a resolved path.

mod across;
mod commands;
mod overlay;
mod route;
mod search;
mod series;
mod supported;
mod units;
mod unreachable;

use serde::Serialize;

pub use across::{merged_package, plan_route_across, verify_across};
pub use commands::plan_commands;
pub use route::{verify, verify_steps};
pub use series::{plan_series, platforms_between, series_timeline, SeriesOptions, TimelineColumn};
pub use supported::{plan_route_supported, plan_support, StopSupport};

use crate::model::Package;
use crate::resolve::{Reason, Resolver, UpgradeConstraintPolicy};

/// Where the route should end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A bundle, by name.
    Bundle(String),
    /// Any bundle with this version (as written, e.g. `1.2.3`).
    Version(String),
    /// The head of a channel, subscribed to that channel.
    ChannelHead(String),
    /// The highest version of the package's channel entries.
    Latest,
}

impl Target {
    /// Reads a target as the CLI takes it: `latest`, `channel:C`, a bundle name of the package,
    /// or a version.
    pub fn parse(text: &str, pkg: &Package) -> Target {
        if text == "latest" {
            Target::Latest
        } else if let Some(c) = text.strip_prefix("channel:") {
            Target::ChannelHead(c.to_string())
        } else {
            Target::bundle_or_version(text, pkg)
        }
    }

    /// A bundle of the package (an `olm.bundle` or a channel entry) named `text`, else the
    /// version `text` (a leading `v` dropped): the target a user types as "version or bundle".
    ///
    /// # Complexity
    /// O(log B + E) for B bundles and E channel entries of the package (a scan of the
    /// entries).
    pub fn bundle_or_version(text: &str, pkg: &Package) -> Target {
        if pkg.knows_bundle(text) {
            Target::Bundle(text.to_string())
        } else {
            Target::Version(text.trim_start_matches('v').to_string())
        }
    }

    /// The target as the plan document writes it.
    pub fn label(&self) -> String {
        match self {
            Target::Bundle(b) => b.clone(),
            Target::Version(v) => format!("version {v}"),
            Target::ChannelHead(c) => format!("channel:{c}"),
            Target::Latest => "latest".to_string(),
        }
    }
}

/// What a route should minimise first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Preference {
    /// Fewest channel switches, then fewest hops.
    #[default]
    FewestSwitches,
    /// Fewest hops (upgrades), then fewest switches.
    FewestHops,
    /// Never pass through a deprecated bundle or subscribe to a deprecated channel; then
    /// fewest switches, then fewest hops.
    AvoidDeprecated,
    /// Of the routes the other preferences find, the one whose stops are fewest end of life
    /// or incompatible with the platform (support lifecycle data, see
    /// [`plan_route_supported`]); searched as fewest switches on its own.
    Supported,
}

crate::choice::spelled_choice!(
    Preference,
    "preference",
    FewestSwitches => "fewest-switches",
    FewestHops => "fewest-hops",
    AvoidDeprecated => "avoid-deprecated",
    Supported => "supported",
);

/// What to plan.
#[derive(Debug, Clone, Default)]
pub struct PlanOptions {
    /// Which OLM generation's rules pick each hop: v0's (Subscriptions) or v1's
    /// (ClusterExtensions).
    pub resolver: Resolver,
    /// What a route minimises first when several reach the target.
    pub prefer: Preference,
    /// The channel the subscription follows now; `None` when unknown (then every channel that
    /// lists the installed bundle is a free start).
    pub channel: Option<String>,
    /// OLM v1 only: the ClusterExtension's channels (empty: every channel). It resolves among
    /// all of them at once, so the route starts there and switches only to channels outside
    /// them; `channel` is then ignored.
    pub channels: Option<Vec<String>>,
    /// OLM v1 only.
    pub policy: UpgradeConstraintPolicy,
    /// OLM v1 only: the ClusterExtension's version range; no step leaves it.
    pub version: Option<crate::masterminds::VersionRange>,
    /// The namespace written into the commands.
    pub namespace: Option<String>,
    /// The installed bundle's version when this catalog no longer has the bundle (a series
    /// plan carries it over from the previous platform's catalog).
    pub installed_version: Option<crate::semver::Version>,
    /// The cluster's Kubernetes version: bundles whose `minKubeVersion` is above it cannot be
    /// installed, so no route passes through them.
    pub cluster_kube: Option<crate::semver::Version>,
}

/// One upgrade of a route.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanHop {
    /// The bundle the hop upgrades from.
    pub from: String,
    /// The bundle the resolver picks next.
    pub to: String,
    /// Every reason that held.
    pub via: Vec<Reason>,
    /// Across several ClusterCatalogs: the catalog whose pick this hop is.
    pub catalog: Option<String>,
}

/// One step of a route: subscribe to a channel and let the cluster pass through its hops.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanStep {
    /// The platform version whose catalog this step uses (series plans), e.g. `v4.16`.
    pub platform: Option<String>,
    /// The channel, or a ClusterExtension's channel set joined by commas.
    pub channel: String,
    /// OLM v1: the ClusterExtension's channels when the step subscribes to a set of them
    /// (empty: every channel); `None` for the one channel `channel`.
    pub channels: Option<Vec<String>>,
    /// The upgrades the cluster makes on its own while subscribed, in order.
    pub hops: Vec<PlanHop>,
    /// The bundle where the cluster must be held (manual InstallPlan approval under v0, a
    /// version pin under v1) because the channel would go on past it.
    pub stop: Option<String>,
    /// Why the cluster is held at `stop`.
    pub stop_reason: Option<String>,
    /// Why the route switches to this channel here (`None` for the subscription's own channel).
    pub switch_reason: Option<String>,
}

impl PlanStep {
    /// The bundle the step ends on, given the bundle it starts from.
    pub fn end<'s>(&'s self, start: &'s str) -> &'s str {
        self.hops.last().map_or(start, |h| h.to.as_str())
    }
}

/// A planned route, or why there is none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Plan {
    /// The package planned in.
    pub package: String,
    /// The bundle the cluster runs now.
    pub from: String,
    /// The target as asked, as the plan document writes it (`latest`, `channel:C`, a bundle
    /// or a version).
    pub target: String,
    /// The bundle the route ends on (`None` when unreachable).
    pub end: Option<String>,
    /// The resolver the route was planned and replayed with.
    pub resolver: Resolver,
    /// A route reaches the target.
    pub reachable: bool,
    /// The route's steps, in order (empty when unreachable).
    pub steps: Vec<PlanStep>,
    /// When unreachable: why, where every candidate route ends, and what the catalog would need.
    pub explanation: Option<String>,
    /// The end of every candidate route, when unreachable: (channel, bundle).
    pub dead_ends: Vec<(String, String)>,
}

/// A request the planner cannot start on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanError {
    /// The catalog has no such package.
    UnknownPackage {
        /// The package asked for.
        package: String,
    },
    /// The package has no such channel (as the current channel or a `channel:` target).
    UnknownChannel {
        /// The package.
        package: String,
        /// The channel asked for.
        channel: String,
    },
    /// No bundle of the package has the target name or version.
    UnknownTarget {
        /// The package.
        package: String,
        /// The target as asked.
        target: String,
    },
    /// The resolver itself fails on a channel (several heads, a cycle).
    Resolve {
        /// The channel that cannot be resolved.
        channel: String,
        /// Why, in the resolver's words.
        message: String,
    },
    /// Replaying the route with the resolver gave another bundle than the route: a bug.
    Replay {
        /// The channel of the step replayed.
        channel: String,
        /// The bundle the replay resolved from.
        at: String,
        /// The bundle the route goes to next.
        expected: String,
        /// The bundle the resolver goes to instead (`None`: nowhere).
        found: Option<String>,
    },
    /// A series plan's platform versions are not in the series folder.
    UnknownPlatform {
        /// The platform version asked for.
        platform: String,
        /// The platform versions the series has.
        known: Vec<String>,
    },
    /// A series plan's platform path is empty or goes backwards.
    PlatformOrder {
        /// The platform path as asked.
        path: Vec<String>,
    },
    /// An option that only OLM v1 has, asked of another resolver.
    V1Only {
        /// The option, in words (`a ClusterExtension's channels`).
        option: &'static str,
    },
    /// The catalogs cannot be resolved together (not OLM v1, two with one name, a package
    /// that cannot be indexed).
    Catalogs {
        /// What is wrong with them.
        message: String,
    },
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlanError::UnknownPackage { package } => write!(f, "unknown package {package:?}"),
            PlanError::UnknownChannel { package, channel } => {
                write!(f, "package {package:?} has no channel {channel:?}")
            }
            PlanError::UnknownTarget { package, target } => write!(
                f,
                "package {package:?} has no channel entry for the target {target}"
            ),
            PlanError::Resolve { channel, message } => {
                write!(f, "channel {channel:?} cannot be resolved: {message}")
            }
            PlanError::Replay {
                channel,
                at,
                expected,
                found,
            } => write!(
                f,
                "replaying the route in channel {channel:?} from {at}: the resolver goes to {} where the route goes to {expected}",
                found.as_deref().unwrap_or("nothing")
            ),
            PlanError::UnknownPlatform { platform, known } => write!(
                f,
                "the series has no catalog for platform {platform:?} (it has {})",
                known.join(", ")
            ),
            PlanError::PlatformOrder { path } => write!(
                f,
                "the platform path {} must name at least two platform versions of the series, in order",
                path.join(",")
            ),
            PlanError::V1Only { option } => {
                write!(f, "{option} is OLM v1's: plan with the v1 resolver")
            }
            PlanError::Catalogs { message } => write!(f, "across catalogs: {message}"),
        }
    }
}

impl std::error::Error for PlanError {}

/// Plans the route from `from` to `target` in `pkg`, verified by replay.
///
/// # Complexity
/// O(S log S + Σ (k log k) + C·(V + E) log V) for S = B × C states (B bundles, C channels,
/// V entries and E edges over all channels, k successors per state): each channel is indexed
/// once, each state's next step is resolved once, and each state has at most C switches.
pub fn plan_route(
    pkg: &Package,
    from: &str,
    target: &Target,
    options: &PlanOptions,
) -> Result<Plan, PlanError> {
    let graph = search::StateGraph::new(pkg, from, options)?;
    let plan = Plan::start(&pkg.name, from, target, options.resolver);
    search_route(&graph, target, plan, |plan| verify(pkg, plan, options))
}

/// Searches `graph` for the best route to `target` and fills `plan` with it, checked by
/// `verify` (a replay with the resolver), or with why no route exists.
///
/// # Complexity
/// O(S log S + Σ k log k) for S states with k successors each, plus `verify`'s.
fn search_route(
    graph: &search::StateGraph<'_>,
    target: &Target,
    mut plan: Plan,
    verify: impl FnOnce(&Plan) -> Result<(), PlanError>,
) -> Result<Plan, PlanError> {
    let goals = graph.goals(target)?;
    let found = graph.search(&goals);
    match found.best {
        Some(end) => {
            plan.steps = route::steps(graph, &found, end, target);
            plan.end = Some(graph.name(end).to_string());
            plan.reachable = true;
            verify(&plan)?;
        }
        None => {
            let why = unreachable::explain(graph, &found, target, &goals);
            plan.explanation = Some(why.message);
            plan.dead_ends = why.dead_ends;
        }
    }
    Ok(plan)
}

/// The `plan --json` document.
#[derive(Debug, Clone, Serialize)]
pub struct PlanDocument<'p> {
    package: &'p str,
    from: &'p str,
    target: &'p str,
    resolver: &'static str,
    reachable: bool,
    steps: Vec<StepDocument<'p>>,
    explanation: Option<&'p str>,
    commands: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
struct StepDocument<'p> {
    platform: Option<&'p str>,
    channel: &'p str,
    /// Only for a ClusterExtension's channel set.
    #[serde(skip_serializing_if = "Option::is_none")]
    channels: Option<&'p [String]>,
    hops: Vec<HopDocument<'p>>,
    stop: Option<&'p str>,
    switch_reason: Option<&'p str>,
}

#[derive(Debug, Clone, Serialize)]
struct HopDocument<'p> {
    from: &'p str,
    to: &'p str,
    via: Vec<&'static str>,
    /// Only across several catalogs.
    #[serde(skip_serializing_if = "Option::is_none")]
    catalog: Option<&'p str>,
}

impl Plan {
    /// A plan with no steps yet, not (yet) reachable.
    fn start(package: &str, from: &str, target: &Target, resolver: Resolver) -> Plan {
        Plan {
            package: package.to_string(),
            from: from.to_string(),
            target: target.label(),
            end: None,
            resolver,
            reachable: false,
            steps: Vec::new(),
            explanation: None,
            dead_ends: Vec::new(),
        }
    }

    /// The `plan --json` document, with `commands` as [`plan_commands`] writes them.
    ///
    /// # Complexity
    /// O(H) for H hops of the route.
    pub fn document(&self, commands: Vec<String>) -> PlanDocument<'_> {
        let steps = self
            .steps
            .iter()
            .map(|s| StepDocument {
                platform: s.platform.as_deref(),
                channel: &s.channel,
                channels: s.channels.as_deref(),
                hops: s
                    .hops
                    .iter()
                    .map(|h| HopDocument {
                        from: &h.from,
                        to: &h.to,
                        via: h.via.iter().map(|r| r.kind.as_str()).collect(),
                        catalog: h.catalog.as_deref(),
                    })
                    .collect(),
                stop: s.stop.as_deref(),
                switch_reason: s.switch_reason.as_deref(),
            })
            .collect();
        PlanDocument {
            package: &self.package,
            from: &self.from,
            target: &self.target,
            resolver: self.resolver.as_str(),
            reachable: self.reachable,
            steps,
            explanation: self.explanation.as_deref(),
            commands,
        }
    }
}

#[cfg(test)]
mod tests;
