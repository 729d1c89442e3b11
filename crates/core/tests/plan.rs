//! Upgrade route plans on real catalogs, each replayed hop by hop with the resolver.

mod common;

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
            failure: None,
            installed_version: None,
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
