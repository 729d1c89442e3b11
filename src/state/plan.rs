//! The Plan panel's store: the route planner's inputs (installed bundle, target, resolver,
//! preference, the subscription's channel), the plan core makes of them ([`make_plan`], with
//! core's `plan_route` and `plan_commands`), and the route it draws on the graph (core's
//! `PathOverlay::from_route`). With a series folder loaded (one catalog per platform version),
//! the plan across platform versions ([`make_series_plan`], core's `plan_series` and
//! `series_timeline`, as `olm-graph plan --series` does it).

use leptos::prelude::*;
use olm_graph_core::infer::bundle_version;
use olm_graph_core::model::Package;
use olm_graph_core::plan::{
    plan_commands, plan_route, plan_series, plan_support, platforms_between, series_timeline, Plan,
    PlanOptions, Preference, SeriesOptions, StopSupport, Target, TimelineColumn,
};
use olm_graph_core::resolve::Resolver;
use olm_graph_core::support::{AsOf, PackageLifecycle};
use olm_graph_core::view::PathOverlay;

use crate::state::comparison::Series;

use crate::state::graph::{GraphStore, PackageData};
use crate::state::shared::Shared;

/// What the route should end on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TargetKind {
    /// The highest version of the package.
    #[default]
    Latest,
    /// The head of a channel (named in the target field).
    ChannelHead,
    /// A version or a bundle name (in the target field).
    Version,
}

olm_graph_core::spelled_choice!(
    TargetKind,
    "target kind",
    Latest => "latest",
    ChannelHead => "channel",
    Version => "version",
);

/// The planner's inputs, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlanInputs {
    pub from: String,
    pub kind: TargetKind,
    /// The channel (for a channel head) or the version or bundle name.
    pub target: String,
    pub resolver: Resolver,
    pub prefer: Preference,
    /// The channel the subscription follows now; empty: any channel listing `from`.
    pub channel: String,
}

impl PlanInputs {
    /// The target in `pkg`: the latest version, a channel's head, or core's reading of a
    /// version or bundle name.
    pub fn target(&self, pkg: &Package) -> Target {
        let t = self.target.trim();
        match self.kind {
            TargetKind::Latest => Target::Latest,
            TargetKind::ChannelHead => Target::ChannelHead(t.to_string()),
            TargetKind::Version => Target::bundle_or_version(t, pkg),
        }
    }

    /// Core's options for these inputs (the commands' namespace is the CLI's default).
    pub fn options(&self) -> PlanOptions {
        let channel = self.channel.trim();
        PlanOptions {
            resolver: self.resolver,
            prefer: self.prefer,
            channel: (!channel.is_empty()).then(|| channel.to_string()),
            ..PlanOptions::default()
        }
    }

    /// The inputs as a query string, as the browser keeps them between visits.
    pub fn to_query(&self) -> String {
        form_urlencoded::Serializer::new(String::new())
            .append_pair("from", &self.from)
            .append_pair("kind", self.kind.as_str())
            .append_pair("target", &self.target)
            .append_pair("resolver", self.resolver.as_str())
            .append_pair("prefer", self.prefer.as_str())
            .append_pair("channel", &self.channel)
            .finish()
    }

    /// Inputs read back from [`PlanInputs::to_query`]; a value it does not know keeps its
    /// default.
    pub fn from_query(query: &str) -> PlanInputs {
        let mut inputs = PlanInputs::default();
        for (k, v) in form_urlencoded::parse(query.as_bytes()) {
            match &*k {
                "from" => inputs.from = v.into_owned(),
                "kind" => inputs.kind = v.parse().unwrap_or_default(),
                "target" => inputs.target = v.into_owned(),
                "resolver" => inputs.resolver = v.parse().unwrap_or(inputs.resolver),
                "prefer" => inputs.prefer = v.parse().unwrap_or(inputs.prefer),
                "channel" => inputs.channel = v.into_owned(),
                _ => {}
            }
        }
        inputs
    }
}

/// A plan with its commands and the route it draws.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    pub plan: Plan,
    pub commands: Vec<String>,
    pub route: PathOverlay,
}

/// Plans `inputs` in `pkg` with core, as `olm-graph plan` does; core's error in words.
///
/// # Complexity
/// As core's `plan_route` (O(S log S) for S = bundles × channels states, each channel indexed
/// once), plus O(H) for the H hops of the commands and the route.
pub fn make_plan(pkg: &Package, inputs: &PlanInputs) -> Result<Planned, String> {
    let from = inputs.from.trim();
    if from.is_empty() {
        return Err("Choose the installed bundle to plan from.".into());
    }
    let target = inputs.target(pkg);
    let options = inputs.options();
    let plan = plan_route(pkg, from, &target, &options).map_err(|e| e.to_string())?;
    let commands = if plan.reachable {
        plan_commands(pkg, &plan, &options)
    } else {
        Vec::new()
    };
    let route = PathOverlay::from_route(&plan);
    Ok(Planned {
        plan,
        commands,
        route,
    })
}

/// The platforms a series plan passes through, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeriesInputs {
    /// The platform the cluster runs now (`4.16` or `v4.16`).
    pub platform_from: String,
    /// The platform it goes to.
    pub platform_to: String,
    /// Comma-separated platforms in order (EUS-style jumps leave some out); when given, it
    /// wins over from and to.
    pub platform_path: String,
}

impl SeriesInputs {
    /// The platforms of the series, in order, as core's `SeriesOptions` takes them.
    fn platforms(&self, series: &Series) -> Result<Vec<String>, String> {
        let path: Vec<String> = self
            .platform_path
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_string)
            .collect();
        if !path.is_empty() {
            return Ok(path);
        }
        let (from, to) = (self.platform_from.trim(), self.platform_to.trim());
        if from.is_empty() || to.is_empty() {
            return Err("Choose the platform the cluster runs now and the one it goes to.".into());
        }
        platforms_between(series, from, to).map_err(|e| e.to_string())
    }
}

/// A series plan with its commands and its timeline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesPlanned {
    pub plan: Plan,
    pub commands: Vec<String>,
    /// One column per platform.
    pub columns: Vec<TimelineColumn>,
}

/// Plans `inputs` across the platforms of `series` for `package`, as `olm-graph plan --series`
/// does: the target read against the last platform's package, the commands written from it.
///
/// # Complexity
/// As core's `plan_series` (one route search per platform), plus O(P + H) for the timeline of
/// P platforms and H hops.
pub fn make_series_plan(
    series: &Series,
    package: &str,
    inputs: &PlanInputs,
    platforms: &SeriesInputs,
) -> Result<SeriesPlanned, String> {
    let from = inputs.from.trim();
    if from.is_empty() {
        return Err("Choose the installed bundle to plan from.".into());
    }
    let options = SeriesOptions {
        plan: inputs.options(),
        platforms: platforms.platforms(series)?,
    };
    let last = options.platforms.last().and_then(|p| {
        let p = p.trim_start_matches('v');
        series.iter().find(|(l, _)| l.trim_start_matches('v') == p)
    });
    let last_pkg = last.and_then(|(_, c)| c.package(package));
    let target = last_pkg.map_or(Target::Latest, |pkg| inputs.target(pkg));
    let plan = plan_series(series, package, from, &target, &options).map_err(|e| e.to_string())?;
    let commands = match last_pkg {
        Some(pkg) if plan.reachable => plan_commands(pkg, &plan, &options.plan),
        _ => Vec::new(),
    };
    let columns = series_timeline(series, &plan, &options.platforms).map_err(|e| e.to_string())?;
    Ok(SeriesPlanned {
        plan,
        commands,
        columns,
    })
}

/// The Plan panel's store (cheap to copy).
#[derive(Clone, Copy)]
pub struct PlanStore {
    pub inputs: RwSignal<PlanInputs>,
    /// The inputs of the last "Plan" press (`None`: nothing planned).
    pub request: RwSignal<Option<PlanInputs>>,
    pub result: Memo<Option<Shared<Result<Planned, String>>>>,
    /// With the lifecycle overlay on: the support facts of each stop and of the target of the
    /// plan (core's `plan_support`, as `olm-graph plan --as-of --platform` prints them).
    pub support: Memo<Option<(AsOf, Vec<StopSupport>)>>,
    pub series_inputs: RwSignal<SeriesInputs>,
    /// The inputs of the last "Plan across platforms" press.
    pub series_request: RwSignal<Option<(PlanInputs, SeriesInputs)>>,
    pub series_result: Memo<Option<Shared<Result<SeriesPlanned, String>>>>,
}

/// The support facts of each stop of `plan` and of its target on `as_of`, from the lifecycle
/// blobs of the catalog on screen (core's `plan_support`, each bundle's version read as
/// `olm-graph plan` reads it).
///
/// # Complexity
/// O(n + s + T · (p + v)) for n blobs, s stream entries and T stops of p phases and v
/// platform versions (plus a name lookup per stop).
pub fn stop_support(data: &PackageData, plan: &Plan, as_of: &AsOf) -> Vec<StopSupport> {
    let pkg = data.package();
    let lifecycle = PackageLifecycle::of(&data.loaded.catalog.lifecycles, &pkg.name);
    let version_of = |_: Option<&str>, b: &str| bundle_version(pkg, b).map(|v| v.0);
    plan_support(plan, &lifecycle, as_of, &version_of)
}

impl PlanStore {
    /// The planner over the package `graph` shows, and across `series` when one is loaded.
    pub fn new(graph: GraphStore, series: RwSignal<Option<Shared<Series>>>) -> PlanStore {
        let inputs = RwSignal::new(PlanInputs::default());
        let request: RwSignal<Option<PlanInputs>> = RwSignal::new(None);
        let result = Memo::new(move |_| {
            let wanted = request.get()?;
            let data = graph.package_data.get()?;
            Some(Shared::new(make_plan(data.package(), &wanted)))
        });
        let support = Memo::new(move |_| {
            let overlay = graph.support.get()?;
            let result = result.get()?;
            let planned = (*result).as_ref().ok()?;
            let data = graph.package_data.get()?;
            let stops = stop_support(&data, &planned.plan, &overlay.as_of);
            Some((overlay.as_of.clone(), stops))
        });
        let series_request: RwSignal<Option<(PlanInputs, SeriesInputs)>> = RwSignal::new(None);
        let series_result = Memo::new(move |_| {
            let (wanted, platforms) = series_request.get()?;
            let series = series.get()?;
            let package = graph
                .package_data
                .with(|d| d.as_ref().map(|d| d.package().name.clone()))?;
            Some(Shared::new(make_series_plan(
                &series, &package, &wanted, &platforms,
            )))
        });
        PlanStore {
            inputs,
            request,
            result,
            support,
            series_inputs: RwSignal::new(SeriesInputs::default()),
            series_request,
            series_result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::{load_files, InputFile};
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn demo() -> olm_graph_core::Catalog {
        let text = "schema: olm.package\nname: demo\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: demo\nname: stable\nentries:\n- name: demo.v1.0.0\n- name: demo.v1.1.0\n  replaces: demo.v1.0.0\n---\nschema: olm.channel\npackage: demo\nname: fast\nentries:\n- name: demo.v1.2.0\n  skipRange: '>=1.0.0 <1.2.0'\n- name: demo.v1.3.0\n  replaces: demo.v1.2.0\n";
        load_files(vec![InputFile::new("demo.yaml", text)])
    }

    #[test]
    fn the_inputs_come_back_from_their_query_string() {
        let inputs = PlanInputs {
            from: "demo.v1.0.0".into(),
            kind: TargetKind::ChannelHead,
            target: "fast & stable".into(),
            resolver: Resolver::V1,
            prefer: Preference::FewestHops,
            channel: "stable".into(),
        };
        assert_eq!(PlanInputs::from_query(&inputs.to_query()), inputs);
        assert_eq!(PlanInputs::from_query("kind=nonsense&from=x").from, "x");
    }

    #[test]
    fn a_plan_across_channels_draws_its_switch_on_the_first_hop_after_it() {
        let catalog = demo();
        let pkg = catalog.package("demo").expect("the package");
        let inputs = PlanInputs {
            from: "demo.v1.0.0".into(),
            kind: TargetKind::ChannelHead,
            target: "fast".into(),
            channel: "stable".into(),
            ..PlanInputs::default()
        };
        let planned = make_plan(pkg, &inputs).expect("plans");
        assert!(planned.plan.reachable);
        let hops: Vec<(&str, &str)> = planned
            .route
            .hops
            .iter()
            .map(|h| (h.from.as_str(), h.to.as_str()))
            .collect();
        let from_plan: Vec<(&str, &str)> = planned
            .plan
            .steps
            .iter()
            .flat_map(|s| s.hops.iter().map(|h| (h.from.as_str(), h.to.as_str())))
            .collect();
        assert_eq!(hops, from_plan);
        let switches: Vec<&str> = planned
            .route
            .hops
            .iter()
            .filter_map(|h| h.switch.as_deref())
            .collect();
        assert_eq!(switches, ["fast"]);
        assert_eq!(
            planned.route.hops.last().map(|h| h.to.as_str()),
            Some("demo.v1.3.0")
        );
        assert!(!planned.commands.is_empty());
    }

    /// Two platforms whose installed bundle is capped at 4.16 (`olm.maxOpenShiftVersion`).
    fn capped_series() -> Series {
        let text = "schema: olm.package\nname: op\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: op\nname: stable\nentries:\n- name: op.v1.0.0\n- name: op.v1.1.0\n  replaces: op.v1.0.0\n---\nschema: olm.bundle\npackage: op\nname: op.v1.0.0\nimage: q/op:1.0.0\nproperties:\n- {type: olm.package, value: {packageName: op, version: 1.0.0}}\n- {type: olm.maxOpenShiftVersion, value: \"4.16\"}\n---\nschema: olm.bundle\npackage: op\nname: op.v1.1.0\nimage: q/op:1.1.0\nproperties:\n- {type: olm.package, value: {packageName: op, version: 1.1.0}}\n";
        ["v4.16", "v4.17"]
            .map(|l| {
                (
                    l.to_string(),
                    load_files(vec![InputFile::new("c.yaml", text)]),
                )
            })
            .to_vec()
    }

    #[test]
    fn a_series_plan_gives_one_column_per_platform_with_the_block() {
        let series = capped_series();
        let inputs = PlanInputs {
            from: "op.v1.0.0".into(),
            channel: "stable".into(),
            ..PlanInputs::default()
        };
        let platforms = SeriesInputs {
            platform_from: "4.16".into(),
            platform_to: "4.17".into(),
            ..SeriesInputs::default()
        };
        let planned = make_series_plan(&series, "op", &inputs, &platforms).expect("plans");
        assert!(planned.plan.reachable);
        let columns: Vec<(&str, Option<&str>, Option<&str>)> = planned
            .columns
            .iter()
            .map(|c| {
                (
                    c.platform.as_str(),
                    c.required.as_deref(),
                    c.blocks.as_deref(),
                )
            })
            .collect();
        assert_eq!(
            columns,
            [
                ("v4.16", Some("op.v1.1.0"), Some("4.16")),
                ("v4.17", Some("op.v1.1.0"), None)
            ]
        );
        let path = SeriesInputs {
            platform_path: "4.16, 4.17".into(),
            ..SeriesInputs::default()
        };
        let same = make_series_plan(&series, "op", &inputs, &path).expect("plans");
        assert_eq!(same, planned);
        let none = make_series_plan(&series, "op", &inputs, &SeriesInputs::default());
        assert!(none.is_err_and(|e| e.contains("platform")));
    }

    #[test]
    fn an_empty_installed_bundle_and_an_unknown_target_are_errors_in_words() {
        let catalog = demo();
        let pkg = catalog.package("demo").expect("the package");
        assert!(make_plan(pkg, &PlanInputs::default()).is_err());
        let unknown = PlanInputs {
            from: "demo.v1.0.0".into(),
            kind: TargetKind::ChannelHead,
            target: "nightly".into(),
            ..PlanInputs::default()
        };
        let e = make_plan(pkg, &unknown).expect_err("no such channel");
        assert!(e.contains("nightly"), "{e}");
        assert_eq!("channel".parse(), Ok(TargetKind::ChannelHead));
        assert_eq!(TargetKind::ChannelHead.to_string(), "channel");
        assert_eq!(
            "fewest-hops".parse::<Preference>().ok(),
            Some(Preference::FewestHops)
        );
        assert_eq!("x".parse::<Preference>().ok(), None);
    }
}
