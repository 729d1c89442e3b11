//! Plans for a ClusterExtension that lists several channels (OLM v1 resolves among all of
//! them at once), on the real project-quay catalog, each replayed hop by hop with a one-step
//! resolution over the step's channels, independently of the planner.

use crate::common;

use olm_graph_core::model::Package;
use olm_graph_core::plan::{plan_commands, plan_route, Plan, PlanError, PlanOptions, Target};
use olm_graph_core::resolve::{next_hop, Installed, PathOptions, Resolver};

const QUAY: &str = "community-operators-prod/v4.21/project-quay.yaml";
const FROM: &str = "quay-operator.v3.15.0";
const HEAD: &str = "quay-operator.v3.17.4";

fn quay() -> Package {
    let catalog = common::load(&common::catalog(QUAY));
    catalog
        .package("project-quay")
        .expect("project-quay")
        .clone()
}

fn options(channels: Option<&[&str]>) -> PlanOptions {
    PlanOptions {
        resolver: Resolver::V1,
        channel: Some("stable-3.15".into()),
        channels: channels.map(|cs| cs.iter().map(|c| c.to_string()).collect()),
        ..PlanOptions::default()
    }
}

fn switches(plan: &Plan) -> usize {
    plan.steps
        .iter()
        .filter(|s| s.switch_reason.is_some())
        .count()
}

/// Replays each hop with `next_hop` over the step's channel, or its channel set.
fn replay(pkg: &Package, plan: &Plan) -> String {
    let mut at = plan.from.clone();
    for step in &plan.steps {
        let path_options = PathOptions {
            resolver: Resolver::V1,
            channel: step.channels.is_none().then(|| step.channel.clone()),
            channels: step.channels.clone().unwrap_or_default(),
            ..PathOptions::default()
        };
        let next = |name: &str| {
            next_hop(pkg, &Installed::from_package(pkg, name), &path_options)
                .expect("resolves")
                .chosen
                .map(|(to, _)| to)
        };
        for hop in &step.hops {
            assert_eq!(hop.from, at);
            assert_eq!(next(&at).as_deref(), Some(hop.to.as_str()), "hop from {at}");
            at = hop.to.clone();
        }
        match &step.stop {
            Some(stop) => assert_eq!(stop, &at),
            None => assert_eq!(next(&at), None, "a step without a hold ends where v1 stops"),
        }
    }
    at
}

#[test]
fn listing_two_channels_the_route_crosses_saves_a_switch() {
    let pkg = quay();
    let target = Target::ChannelHead("stable-3.17".into());
    let alone = plan_route(&pkg, FROM, &target, &options(None)).expect("plan");
    assert!(alone.reachable);
    assert_eq!(switches(&alone), 2, "stable-3.15, then 3.16, then 3.17");
    assert_eq!(replay(&pkg, &alone), HEAD);

    let set = ["stable-3.15", "stable-3.16"];
    let listed = plan_route(&pkg, FROM, &target, &options(Some(&set))).expect("plan");
    assert!(listed.reachable, "{:?}", listed.explanation);
    assert_eq!(switches(&listed), 1, "only to stable-3.17, outside the set");
    assert!(switches(&listed) < switches(&alone));
    let first = &listed.steps[0];
    assert_eq!(first.channels.as_deref(), Some(&set.map(String::from)[..]));
    // The set resolves across 3.15 and 3.16 without a switch between them.
    let tos: Vec<&str> = first.hops.iter().map(|h| h.to.as_str()).collect();
    assert!(tos.contains(&"quay-operator.v3.15.2") && tos.contains(&"quay-operator.v3.16.0"));
    assert_eq!(listed.steps[1].channel, "stable-3.17");
    assert_eq!(listed.steps[1].channels, None);
    assert_eq!(replay(&pkg, &listed), HEAD);
    let commands = plan_commands(&pkg, &listed, &options(Some(&set)));
    assert!(
        commands[0].contains("channels: [\"stable-3.15\", \"stable-3.16\"]"),
        "{}",
        commands[0]
    );
    assert!(
        commands[1].contains("channels: [\"stable-3.17\"]"),
        "{}",
        commands[1]
    );
}

#[test]
fn listing_no_channel_means_every_channel_and_no_switch() {
    let pkg = quay();
    let target = Target::ChannelHead("stable-3.17".into());
    let plan = plan_route(&pkg, FROM, &target, &options(Some(&[]))).expect("plan");
    assert!(plan.reachable, "{:?}", plan.explanation);
    assert_eq!(switches(&plan), 0);
    assert_eq!(plan.steps.len(), 1);
    assert_eq!(plan.steps[0].channels.as_deref(), Some(&[][..]));
    assert_eq!(replay(&pkg, &plan), HEAD);
    let commands = plan_commands(&pkg, &plan, &options(Some(&[])));
    assert!(!commands[0].contains("channels:"), "{}", commands[0]);
}

#[test]
fn channel_sets_are_olm_v1s_and_name_real_channels() {
    let pkg = quay();
    let mut v0 = options(Some(&["stable-3.15"]));
    v0.resolver = Resolver::V0;
    let err = plan_route(&pkg, FROM, &Target::Latest, &v0);
    assert!(matches!(err, Err(PlanError::V1Only { .. })), "{err:?}");
    let err = plan_route(&pkg, FROM, &Target::Latest, &options(Some(&["nope"])));
    assert!(
        matches!(&err, Err(PlanError::UnknownChannel { channel, .. }) if channel == "nope"),
        "{err:?}"
    );
}
