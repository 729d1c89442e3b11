//! Upgrade route plans on real catalogs, each replayed hop by hop with the resolver.

use crate::common;

use olm_graph_core::model::Package;
use olm_graph_core::plan::{plan_commands, plan_route, Plan, PlanOptions, Preference, Target};
use olm_graph_core::resolve::{
    next_hop, Installed, PathOptions, Resolver, UpgradeConstraintPolicy,
};

fn package(rel: &str, name: &str) -> Package {
    let catalog = common::load(&common::catalog(rel));
    catalog
        .package(name)
        .unwrap_or_else(|| panic!("{name} in {rel}"))
        .clone()
}

const QUAY: &str = "community-operators-prod/v4.21/project-quay.yaml";
const SCALEOPS: &str = "certified-operators/v4.17/scaleops-operator.yaml";
const SAIL: &str = "community-operators-prod/v4.21/sailoperator.yaml";

/// The entry of `channel` with the lowest version.
fn oldest(pkg: &Package, channel: &str) -> String {
    let ch = pkg.channel(channel).expect("channel");
    ch.entries
        .iter()
        .filter_map(|e| Some((pkg.bundle(&e.name)?.version.clone()?, e.name.clone())))
        .min()
        .map(|(_, n)| n)
        .expect("an entry with a version")
}

/// Replays every hop with a one-step resolution in the step's channel, independently of the
/// planner, and checks holds: a step ends where its channel stops, or where it is held.
fn replay(pkg: &Package, plan: &Plan, options: &PlanOptions) -> String {
    let mut at = plan.from.clone();
    for step in &plan.steps {
        let path_options = PathOptions {
            resolver: options.resolver,
            channel: Some(step.channel.clone()),
            policy: options.policy,
            ..PathOptions::default()
        };
        let next = |name: &str| {
            let installed = Installed::from_package(pkg, name);
            next_hop(pkg, &installed, &path_options)
                .expect("resolves")
                .chosen
                .map(|(to, _)| to)
        };
        for hop in &step.hops {
            assert_eq!(hop.from, at, "each hop starts where the route is");
            assert_eq!(next(&at).as_deref(), Some(hop.to.as_str()), "hop from {at}");
            at = hop.to.clone();
        }
        match &step.stop {
            Some(stop) => {
                assert_eq!(stop, &at);
                assert!(next(&at).is_some(), "a hold where the channel goes on");
            }
            None => assert_eq!(next(&at), None, "the channel stops at {at} by itself"),
        }
    }
    assert_eq!(plan.end.as_deref(), Some(at.as_str()));
    at
}

fn channels(plan: &Plan) -> Vec<&str> {
    plan.steps.iter().map(|s| s.channel.as_str()).collect()
}

#[test]
fn quay_from_the_oldest_of_stable_3_6_has_no_catalog_route_and_says_why() {
    let pkg = package(QUAY, "project-quay");
    let from = oldest(&pkg, "stable-3.6");
    assert_eq!(from, "quay-operator.v3.6.2");
    let target = Target::ChannelHead("stable-3.17".into());
    let options = PlanOptions {
        channel: Some("stable-3.6".into()),
        ..PlanOptions::default()
    };
    let plan = plan_route(&pkg, &from, &target, &options).expect("plan");
    // No channel of this catalog upgrades 3.6.2: stable-3.7's first entry replaces nothing.
    assert!(!plan.reachable);
    assert_eq!(
        plan.dead_ends,
        [("stable-3.6".to_string(), from.clone())],
        "the only candidate route ends where it starts"
    );
    let why = plan.explanation.as_deref().expect("why");
    assert!(
        why.contains("no route enters channel stable-3.17 at its head quay-operator.v3.17.4"),
        "{why}"
    );
    assert!(
        why.contains("replaces, skips or has a skipRange covering quay-operator.v3.6.2"),
        "{why}"
    );
}

#[test]
fn quay_under_v1_self_certified_reaches_the_head_of_stable_3_17() {
    let pkg = package(QUAY, "project-quay");
    let from = oldest(&pkg, "stable-3.6");
    let options = PlanOptions {
        resolver: Resolver::V1,
        policy: UpgradeConstraintPolicy::SelfCertified,
        channel: Some("stable-3.6".into()),
        ..PlanOptions::default()
    };
    let plan = plan_route(
        &pkg,
        &from,
        &Target::ChannelHead("stable-3.17".into()),
        &options,
    )
    .expect("plan");
    assert!(plan.reachable);
    assert_eq!(replay(&pkg, &plan, &options), "quay-operator.v3.17.4");
    assert_eq!(channels(&plan), ["stable-3.17"]);
    let yaml = plan_commands(&pkg, &plan, &options).join("");
    assert!(
        yaml.contains("upgradeConstraintPolicy: SelfCertified"),
        "{yaml}"
    );
}

#[test]
fn quay_from_3_15_crosses_two_channels_with_holds() {
    let pkg = package(QUAY, "project-quay");
    let options = PlanOptions {
        channel: Some("stable-3.15".into()),
        ..PlanOptions::default()
    };
    let target = Target::ChannelHead("stable-3.17".into());
    let plan = plan_route(&pkg, "quay-operator.v3.15.0", &target, &options).expect("plan");
    assert!(plan.reachable);
    assert_eq!(replay(&pkg, &plan, &options), "quay-operator.v3.17.4");
    assert_eq!(
        channels(&plan),
        ["stable-3.15", "stable-3.16", "stable-3.17"]
    );
    // 3.16.0 replaces 3.15.2 and 3.17.0 replaces 3.16.2: the cluster is held on each.
    let stops: Vec<Option<&str>> = plan.steps.iter().map(|s| s.stop.as_deref()).collect();
    assert_eq!(
        stops,
        [
            Some("quay-operator.v3.15.2"),
            Some("quay-operator.v3.16.2"),
            None
        ]
    );
    let commands = plan_commands(&pkg, &plan, &options);
    assert_eq!(
        commands.iter().filter(|c| c.contains("\"Manual\"")).count(),
        2
    );
    assert!(commands
        .last()
        .is_some_and(|c| c.contains("\"stable-3.17\"")));
}

#[test]
fn scaleops_from_the_oldest_of_stable_v1_to_latest() {
    let pkg = package(SCALEOPS, "scaleops-operator");
    let from = oldest(&pkg, "stable-v1");
    let options = PlanOptions {
        channel: Some("stable-v1".into()),
        ..PlanOptions::default()
    };
    let plan = plan_route(&pkg, &from, &Target::Latest, &options).expect("plan");
    assert!(plan.reachable);
    assert_eq!(replay(&pkg, &plan, &options), "scaleops-operator.v1.33.6");
    assert_eq!(channels(&plan), ["stable-v1"]);
    let v1 = PlanOptions {
        resolver: Resolver::V1,
        ..options
    };
    let plan = plan_route(&pkg, &from, &Target::Latest, &v1).expect("plan");
    assert_eq!(replay(&pkg, &plan, &v1), "scaleops-operator.v1.33.6");
}

#[test]
fn sailoperator_across_its_channels() {
    let pkg = package(SAIL, "sailoperator");
    for resolver in [Resolver::V0, Resolver::V1] {
        let options = PlanOptions {
            resolver,
            channel: Some("stable-1.25".into()),
            ..PlanOptions::default()
        };
        for (from, target, end) in [
            (
                "sailoperator.v1.25.0",
                "channel:stable-1.30",
                "sailoperator.v1.30.3",
            ),
            (
                "sailoperator.v1.25.0",
                "channel:stable-1.27",
                "sailoperator.v1.27.3",
            ),
        ] {
            let target = Target::parse(target, &pkg);
            let plan = plan_route(&pkg, from, &target, &options).expect("plan");
            assert!(
                plan.reachable,
                "{from} to {target:?}: {:?}",
                plan.explanation
            );
            assert_eq!(replay(&pkg, &plan, &options), end);
            assert!(
                plan.steps.iter().all(|s| s.channel != "stable-1.25") || plan.steps.len() > 1,
                "the route leaves stable-1.25"
            );
        }
    }
}

#[test]
fn sailoperator_bundles_below_a_head_are_never_reached_from_older_channels() {
    let pkg = package(SAIL, "sailoperator");
    let options = PlanOptions::default();
    let target = Target::parse("sailoperator.v1.28.0", &pkg);
    let plan = plan_route(&pkg, "sailoperator.v1.25.0", &target, &options).expect("plan");
    // Every channel's skipRange leads to its head, never to 1.28.0.
    assert!(!plan.reachable);
    let why = plan.explanation.as_deref().expect("why");
    assert!(
        why.contains("sailoperator.v1.27.3 in channel stable-1.27"),
        "{why}"
    );
    assert!(
        why.contains("channel stable on the way to sailoperator.v1.28.0 that replaces, skips or has a skipRange covering sailoperator.v1.27.3"),
        "{why}"
    );
}

#[test]
fn preferences_change_the_route_and_both_replay() {
    let pkg = package(QUAY, "project-quay");
    let target = Target::Bundle("quay-operator.v3.17.4".into());
    for prefer in [
        Preference::FewestSwitches,
        Preference::FewestHops,
        Preference::AvoidDeprecated,
    ] {
        let options = PlanOptions {
            prefer,
            ..PlanOptions::default()
        };
        let plan = plan_route(&pkg, "quay-operator.v3.15.0", &target, &options).expect("plan");
        assert!(plan.reachable);
        assert_eq!(replay(&pkg, &plan, &options), "quay-operator.v3.17.4");
    }
}

#[test]
fn a_channel_no_route_enters_is_unreachable() {
    let pkg = package(SAIL, "sailoperator");
    let options = PlanOptions::default();
    let target = Target::ChannelHead("candidates".into());
    let plan = plan_route(&pkg, "sailoperator.v1.25.0", &target, &options).expect("plan");
    assert!(!plan.reachable);
    let why = plan.explanation.as_deref().expect("why");
    assert!(why.contains("no route enters channel candidates"), "{why}");
    assert!(!plan.dead_ends.is_empty());
}

fn descheduler_series() -> Vec<(String, olm_graph_core::Catalog)> {
    let dir = common::catalog("openshift-kube-descheduler-fbc");
    (12..=22)
        .map(|m| {
            let label = format!("v4.{m}");
            let c = common::load(&dir.join(&label));
            (label, c)
        })
        .collect()
}

const DESCHEDULER: &str = "cluster-kube-descheduler-operator";

/// Replays a series plan platform by platform: each platform's steps in its own catalog.
fn replay_series(
    catalogs: &[(String, olm_graph_core::Catalog)],
    plan: &Plan,
    options: &PlanOptions,
) {
    let mut at = plan.from.clone();
    let mut platforms: Vec<&str> = plan
        .steps
        .iter()
        .filter_map(|s| s.platform.as_deref())
        .collect();
    platforms.dedup();
    for p in platforms {
        let pkg = catalogs
            .iter()
            .find(|(l, _)| l == p)
            .and_then(|(_, c)| c.package(DESCHEDULER))
            .expect("the platform's package");
        let steps: Vec<_> = plan
            .steps
            .iter()
            .filter(|s| s.platform.as_deref() == Some(p))
            .cloned()
            .collect();
        let mut opts = options.clone();
        opts.installed_version = olm_graph_core::infer::version_from_name(&at)
            .or_else(|| olm_graph_core::semver::Version::parse(at.split_once('.')?.1).ok());
        at = olm_graph_core::plan::verify_steps(pkg, &at, &steps, &opts).expect("replays");
    }
    assert_eq!(plan.end.as_deref(), Some(at.as_str()));
}

#[test]
fn descheduler_series_from_4_12_to_4_22_one_step_per_platform() {
    let catalogs = descheduler_series();
    let options = olm_graph_core::plan::SeriesOptions {
        plan: PlanOptions {
            channel: Some("stable".into()),
            ..PlanOptions::default()
        },
        platforms: olm_graph_core::plan::platforms_between(&catalogs, "4.12", "4.22")
            .expect("platforms"),
    };
    let from = "clusterkubedescheduleroperator.4.12.0-202301261106";
    let plan =
        olm_graph_core::plan::plan_series(&catalogs, DESCHEDULER, from, &Target::Latest, &options)
            .expect("plan");
    assert!(plan.reachable, "{:?}", plan.explanation);
    let platforms: Vec<&str> = plan
        .steps
        .iter()
        .filter_map(|s| s.platform.as_deref())
        .collect();
    let expected: Vec<String> = (12..=22).map(|m| format!("v4.{m}")).collect();
    assert_eq!(platforms, expected, "one step per platform version");
    assert_eq!(
        plan.end.as_deref(),
        Some("clusterkubedescheduleroperator.v5.4.0")
    );
    replay_series(&catalogs, &plan, &options.plan);
    // The timeline: one column per platform, each arriving where the previous one left.
    let columns = olm_graph_core::plan::series_timeline(&catalogs, &plan, &options.platforms)
        .expect("timeline");
    let labels: Vec<&str> = columns.iter().map(|c| c.platform.as_str()).collect();
    assert_eq!(labels, expected);
    assert_eq!(columns[0].arrives_on, from);
    for pair in columns.windows(2) {
        assert_eq!(pair[0].required.as_ref(), Some(&pair[1].arrives_on));
    }
    assert_eq!(columns.last().and_then(|c| c.required.clone()), plan.end);
    let hops: usize = plan.steps.iter().map(|s| s.hops.len()).sum();
    assert_eq!(columns.iter().map(|c| c.hops).sum::<usize>(), hops);
}

#[test]
fn descheduler_series_with_eus_jumps() {
    let catalogs = descheduler_series();
    let path: Vec<String> = ["4.12", "4.14", "4.16", "4.18", "4.20", "4.22"]
        .map(String::from)
        .to_vec();
    let options = olm_graph_core::plan::SeriesOptions {
        plan: PlanOptions {
            channel: Some("stable".into()),
            ..PlanOptions::default()
        },
        platforms: path,
    };
    let from = "clusterkubedescheduleroperator.4.12.0-202301261106";
    let plan =
        olm_graph_core::plan::plan_series(&catalogs, DESCHEDULER, from, &Target::Latest, &options)
            .expect("plan");
    assert!(plan.reachable, "{:?}", plan.explanation);
    let platforms: Vec<&str> = plan
        .steps
        .iter()
        .filter_map(|s| s.platform.as_deref())
        .collect();
    assert_eq!(
        platforms,
        ["v4.12", "v4.14", "v4.16", "v4.18", "v4.20", "v4.22"]
    );
    replay_series(&catalogs, &plan, &options.plan);
}

#[test]
fn descheduler_on_4_16_with_a_4_13_era_bundle_moves_to_5_0_4_before_4_17() {
    let catalogs = descheduler_series();
    let options = olm_graph_core::plan::SeriesOptions {
        plan: PlanOptions {
            channel: Some("stable".into()),
            ..PlanOptions::default()
        },
        platforms: vec!["4.16".into(), "4.17".into()],
    };
    let from = "clusterkubedescheduleroperator.4.13.0-202305262054";
    let plan =
        olm_graph_core::plan::plan_series(&catalogs, DESCHEDULER, from, &Target::Latest, &options)
            .expect("plan");
    assert!(plan.reachable, "{:?}", plan.explanation);
    let first = &plan.steps[0];
    assert_eq!(first.platform.as_deref(), Some("v4.16"));
    assert_eq!(
        first.hops.last().map(|h| h.to.as_str()),
        Some("clusterkubedescheduleroperator.v5.0.4")
    );
    replay_series(&catalogs, &plan, &options.plan);
}

/// A two-platform series where the installed bundle carries `olm.maxOpenShiftVersion: 4.16`.
fn capped_series(min_kube: &str) -> Vec<(String, olm_graph_core::Catalog)> {
    let bundle = |name: &str, version: &str, extra: &str| {
        format!("---\nschema: olm.bundle\npackage: op\nname: {name}\nimage: q/op:{version}\nproperties:\n- {{type: olm.package, value: {{packageName: op, version: {version}}}}}\n{extra}")
    };
    let capped = bundle(
        "op.v1.0.0",
        "1.0.0",
        "- {type: olm.maxOpenShiftVersion, value: \"4.16\"}\n",
    );
    let next = bundle(
        "op.v1.1.0",
        "1.1.0",
        &format!("- {{type: olm.csv.metadata, value: {{minKubeVersion: {min_kube}}}}}\n"),
    );
    let channel = "schema: olm.package\nname: op\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: op\nname: stable\nentries:\n- name: op.v1.0.0\n- name: op.v1.1.0\n  replaces: op.v1.0.0\n";
    let text = format!("{channel}{capped}{next}");
    ["v4.16", "v4.17"]
        .map(|l| {
            let files = vec![olm_graph_core::InputFile::new("c.yaml", text.clone())];
            (l.to_string(), olm_graph_core::load_files(files))
        })
        .to_vec()
}

#[test]
fn max_openshift_version_makes_the_plan_upgrade_the_operator_before_the_cluster() {
    let catalogs = capped_series("1.25.0");
    let options = olm_graph_core::plan::SeriesOptions {
        plan: PlanOptions {
            channel: Some("stable".into()),
            ..PlanOptions::default()
        },
        platforms: vec!["4.16".into(), "4.17".into()],
    };
    let plan =
        olm_graph_core::plan::plan_series(&catalogs, "op", "op.v1.0.0", &Target::Latest, &options)
            .expect("plan");
    assert!(plan.reachable, "{:?}", plan.explanation);
    // op.v1.0.0 is still an entry on 4.17, but its cap blocks the cluster upgrade.
    assert_eq!(plan.steps[0].platform.as_deref(), Some("v4.16"));
    let hops: Vec<&str> = plan.steps[0].hops.iter().map(|h| h.to.as_str()).collect();
    assert_eq!(hops, ["op.v1.1.0"]);
    // The timeline marks the block: arriving on 4.16 with op.v1.0.0 (capped at 4.16) holds
    // the cluster upgrade to 4.17 until op.v1.1.0.
    let columns = olm_graph_core::plan::series_timeline(&catalogs, &plan, &options.platforms)
        .expect("timeline");
    assert_eq!(columns[0].blocks.as_deref(), Some("4.16"));
    assert_eq!(columns[0].required.as_deref(), Some("op.v1.1.0"));
    assert_eq!(columns[1].arrives_on, "op.v1.1.0");
    assert_eq!(columns[1].blocks, None);
    // A successor that cannot install on 4.16's Kubernetes (1.29) leaves no way forward.
    let catalogs = capped_series("1.30.0");
    let plan =
        olm_graph_core::plan::plan_series(&catalogs, "op", "op.v1.0.0", &Target::Latest, &options)
            .expect("plan");
    assert!(!plan.reachable);
    let why = plan.explanation.as_deref().expect("why");
    assert!(
        why.starts_with(
            "on v4.16, no bundle reachable from op.v1.0.0 is ready before the upgrade to v4.17"
        ),
        "{why}"
    );
}

#[test]
fn a_typed_target_names_a_bundle_an_entry_or_a_version() {
    let pkg = package(QUAY, "project-quay");
    assert!(pkg.knows_bundle("quay-operator.v3.15.0"));
    assert!(!pkg.knows_bundle("quay-operator.v0.0.1"));
    assert_eq!(
        Target::bundle_or_version("quay-operator.v3.15.0", &pkg),
        Target::Bundle("quay-operator.v3.15.0".into())
    );
    assert_eq!(
        Target::bundle_or_version("v3.16.1", &pkg),
        Target::Version("3.16.1".into())
    );
    // The CLI's words read the same way.
    assert_eq!(
        Target::parse("v3.16.1", &pkg),
        Target::bundle_or_version("v3.16.1", &pkg)
    );
    assert_eq!(
        Target::parse("channel:stable-3.17", &pkg),
        Target::ChannelHead("stable-3.17".into())
    );
}
