//! Plans under OLM v1 across several ClusterCatalogs with priorities, on the real 4.16 and
//! 4.17 descheduler catalogs (both have the package, with different heads), each replayed
//! step by step with `CatalogsResolver` independently of the planner.

use crate::common;

use olm_graph_core::model::Catalog;
use olm_graph_core::plan::{
    merged_package, plan_commands, plan_route_across, Plan, PlanError, PlanOptions, Target,
};
use olm_graph_core::resolve::{CatalogsResolver, ClusterCatalog, PathOptions, Resolver};

const PKG: &str = "cluster-kube-descheduler-operator";
const OLD: &str = "clusterkubedescheduleroperator.4.14.0-202310201027";

fn platform(label: &str) -> Catalog {
    common::load(
        &common::catalogs_dir()
            .join("openshift-kube-descheduler-fbc")
            .join(label),
    )
}

fn v1() -> PlanOptions {
    PlanOptions {
        resolver: Resolver::V1,
        channel: Some("stable".into()),
        ..PlanOptions::default()
    }
}

/// Replays every step with one `CatalogsResolver` per step, built here: each hop must be OLM
/// v1's pick across the catalogs, from the catalog the hop names; a step without a hold ends
/// where OLM v1 moves no further. Returns the end.
fn replay(catalogs: &[ClusterCatalog], plan: &Plan) -> String {
    let mut at = plan.from.clone();
    for step in &plan.steps {
        let options = PathOptions {
            resolver: Resolver::V1,
            channel: Some(step.channel.clone()),
            ..PathOptions::default()
        };
        let r = CatalogsResolver::new(catalogs, PKG, &options).expect("catalogs");
        for hop in &step.hops {
            assert_eq!(hop.from, at);
            let picked = r.next(&r.installed(&at)).expect("no tie on the route");
            let to = picked.chosen.map(|(to, _)| to);
            assert_eq!(to.as_deref(), Some(hop.to.as_str()), "hop from {at}");
            assert_eq!(hop.catalog.as_deref(), Some(picked.catalog.as_str()));
            at = hop.to.clone();
        }
        if step.stop.is_none() {
            let further = r.next(&r.installed(&at)).ok().and_then(|p| p.chosen);
            assert_eq!(further, None, "the step ends where OLM v1 stops");
        }
    }
    at
}

#[test]
fn a_tie_at_the_same_priority_is_no_route_with_olm_v1s_message() {
    let (old, new) = (platform("v4.16"), platform("v4.17"));
    let catalogs = [
        ClusterCatalog {
            name: "v4.16",
            priority: 0,
            catalog: &old,
        },
        ClusterCatalog {
            name: "v4.17",
            priority: 0,
            catalog: &new,
        },
    ];
    let merged = merged_package(&catalogs, PKG).expect("the package");
    let plan = plan_route_across(&catalogs, &merged, OLD, &Target::Latest, &v1()).expect("plan");
    assert!(!plan.reachable);
    let why = plan.explanation.expect("why");
    let tie = format!(
        "found bundles for package \"{PKG}\" in channels [stable] in multiple catalogs with the same priority [v4.16 v4.17]"
    );
    assert!(why.contains(&tie), "{why}");
    assert!(
        why.contains(&format!("at {OLD} in channel stable")),
        "{why}"
    );
    assert_eq!(plan.dead_ends, [("stable".to_string(), OLD.to_string())]);
}

#[test]
fn a_higher_priority_catalog_decides_every_step() {
    let (old, new) = (platform("v4.16"), platform("v4.17"));
    for (preferred, head) in [
        ("v4.16", "clusterkubedescheduleroperator.v5.0.4"),
        ("v4.17", "clusterkubedescheduleroperator.v5.1.4"),
    ] {
        let priority = |name: &str| i32::from(name == preferred);
        let catalogs = [
            ClusterCatalog {
                name: "v4.16",
                priority: priority("v4.16"),
                catalog: &old,
            },
            ClusterCatalog {
                name: "v4.17",
                priority: priority("v4.17"),
                catalog: &new,
            },
        ];
        let merged = merged_package(&catalogs, PKG).expect("the package");
        let target = Target::ChannelHead("stable".into());
        let plan = plan_route_across(&catalogs, &merged, OLD, &target, &v1()).expect("plan");
        assert!(plan.reachable, "{preferred}: {:?}", plan.explanation);
        assert_eq!(plan.end.as_deref(), Some(head));
        let hops: Vec<_> = plan.steps.iter().flat_map(|s| &s.hops).collect();
        assert!(!hops.is_empty());
        assert!(
            hops.iter().all(|h| h.catalog.as_deref() == Some(preferred)),
            "{preferred}: {hops:?}"
        );
        assert_eq!(replay(&catalogs, &plan), head);
        // The ClusterExtension YAML per step is the single-catalog one.
        let commands = plan_commands(&merged, &plan, &v1());
        assert_eq!(commands.len(), plan.steps.len());
        assert!(
            commands[0].contains("channels: [\"stable\"]"),
            "{}",
            commands[0]
        );
    }
}

#[test]
fn the_latest_bundle_of_a_lower_priority_catalog_is_out_of_reach() {
    // v5.1.4 is only in 4.17: while 4.16 wins every resolution, no route gets there.
    let (old, new) = (platform("v4.16"), platform("v4.17"));
    let catalogs = [
        ClusterCatalog {
            name: "v4.16",
            priority: 5,
            catalog: &old,
        },
        ClusterCatalog {
            name: "v4.17",
            priority: 0,
            catalog: &new,
        },
    ];
    let merged = merged_package(&catalogs, PKG).expect("the package");
    let plan = plan_route_across(&catalogs, &merged, OLD, &Target::Latest, &v1()).expect("plan");
    assert!(!plan.reachable);
    let why = plan.explanation.expect("why");
    assert!(
        why.contains("clusterkubedescheduleroperator.v5.0.4 in channel stable"),
        "{why}"
    );
}

#[test]
fn planning_across_catalogs_is_olm_v1s() {
    let old = platform("v4.16");
    let catalogs = [ClusterCatalog {
        name: "v4.16",
        priority: 0,
        catalog: &old,
    }];
    let merged = merged_package(&catalogs, PKG).expect("the package");
    let v0 = PlanOptions::default();
    let err = plan_route_across(&catalogs, &merged, OLD, &Target::Latest, &v0);
    assert!(matches!(err, Err(PlanError::V1Only { .. })), "{err:?}");
    assert!(merged_package(&catalogs, "no-such-package").is_none());
}
