//! OLM v1 as a ClusterExtension limits it: a version range (Masterminds, as operator-controller
//! reads `spec.source.catalog.version`) and several channels, on the real sailoperator catalog,
//! whose channels `stable-1.N` each hold the 1.N bundles and whose `stable` skips to its head.

use crate::common;

use common::{catalog, load};
use olm_graph_core::masterminds::VersionRange;
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{resolve_path, PathOptions, Resolver, UpgradePath};
use olm_graph_core::semver::Version;

const PKG: &str = "sailoperator";
const FROM: &str = "sailoperator.v1.26.0";

fn sail() -> Catalog {
    load(&catalog("community-operators-prod/v4.21/sailoperator.yaml"))
}

fn v1(channel: Option<&str>, channels: &[&str], version: Option<&str>) -> PathOptions {
    PathOptions {
        resolver: Resolver::V1,
        channel: channel.map(str::to_string),
        channels: channels.iter().map(|c| c.to_string()).collect(),
        version: version.map(|v| VersionRange::parse(v).expect("a valid range")),
        ..PathOptions::default()
    }
}

fn path(c: &Catalog, o: &PathOptions) -> UpgradePath {
    resolve_path(c, PKG, FROM, o, None).expect("resolves")
}

fn version_of(c: &Catalog, name: &str) -> Version {
    let b = c
        .package(PKG)
        .and_then(|p| p.bundle(name))
        .expect("a bundle");
    b.version.clone().expect("a version")
}

#[test]
fn without_a_range_v1_takes_the_head_of_stable() {
    let c = sail();
    let p = path(&c, &v1(Some("stable"), &[], None));
    assert_eq!(p.end, "sailoperator.v1.30.3");
}

#[test]
fn a_version_range_holds_the_cluster_inside_it_and_says_why() {
    let c = sail();
    let range = VersionRange::parse(">=1.26, <1.28").unwrap();
    let p = path(&c, &v1(Some("stable"), &[], Some(">=1.26, <1.28")));
    // The highest 1.27 bundle of stable, reached in one hop by its skipRange.
    assert_eq!(p.end, "sailoperator.v1.27.3");
    for h in &p.hops {
        assert!(
            range.contains(&version_of(&c, &h.to)),
            "{} is in range",
            h.to
        );
    }
    let e = p.explanation.expect("why it stops");
    assert_eq!(e.code, "v1-version-range");
    assert!(e.message.contains(r#"">=1.26, <1.28""#), "{}", e.message);
    assert!(e.message.contains("sailoperator.v1.30.3"), "{}", e.message);
    // Every bundle passed over for being outside the range is outside it.
    let outside: Vec<_> = p
        .final_alternatives
        .iter()
        .filter(|a| a.why.starts_with("outside the version range"))
        .collect();
    assert!(!outside.is_empty());
    for a in outside {
        assert!(!range.contains(&version_of(&c, &a.bundle)), "{}", a.bundle);
    }
}

#[test]
fn several_channels_are_one_candidate_set() {
    let c = sail();
    // stable-1.26 alone ends on its head; with stable-1.27 too, the 1.27 head upgrades it.
    assert_eq!(
        path(&c, &v1(None, &["stable-1.26"], None)).end,
        "sailoperator.v1.26.3"
    );
    let both = path(&c, &v1(None, &["stable-1.26", "stable-1.27"], None));
    assert_eq!(both.end, "sailoperator.v1.27.3");
    let listed: Vec<&str> = ["stable-1.26", "stable-1.27"].to_vec();
    let pkg = c.package(PKG).unwrap();
    for h in &both.hops {
        let chans = pkg.channels_of(&h.to);
        assert!(
            chans.iter().any(|ch| listed.contains(ch)),
            "{} is in a listed channel",
            h.to
        );
    }
}

#[test]
fn an_unknown_channel_in_the_list_is_an_error() {
    let c = sail();
    let Err(e) = resolve_path(&c, PKG, FROM, &v1(None, &["stable", "nope"], None), None) else {
        panic!("an unknown channel is refused");
    };
    assert!(e.message.contains(r#"no channel "nope""#), "{}", e.message);
}

#[test]
fn an_invalid_range_gives_operator_controllers_message() {
    let e = VersionRange::parse(">>1").err().map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some(r#"desired version range ">>1" is invalid: improper constraint: ">>1""#)
    );
}

/// A plan under a version range never leaves it: `latest` is the latest bundle inside it, and
/// the ClusterExtension manifests carry the range.
#[test]
fn a_plan_keeps_to_the_version_range() {
    use olm_graph_core::plan::{plan_commands, plan_route, PlanOptions, Target};
    let c = sail();
    let pkg = c.package(PKG).unwrap();
    let options = PlanOptions {
        resolver: Resolver::V1,
        version: Some(VersionRange::parse(">=1.26, <1.28").unwrap()),
        ..PlanOptions::default()
    };
    let plan = plan_route(pkg, FROM, &Target::Latest, &options).expect("a plan");
    assert!(plan.reachable, "{:?}", plan.explanation);
    assert_eq!(plan.end.as_deref(), Some("sailoperator.v1.27.3"));
    let commands = plan_commands(pkg, &plan, &options).join("\n");
    assert!(
        commands.contains(r#"version: ">=1.26, <1.28""#),
        "{commands}"
    );
    // Without the range, latest is the newest release of the catalog, outside it.
    let free = plan_route(
        pkg,
        FROM,
        &Target::Latest,
        &PlanOptions {
            resolver: Resolver::V1,
            ..PlanOptions::default()
        },
    );
    let end = free.ok().and_then(|p| p.end);
    assert_ne!(end.as_deref(), Some("sailoperator.v1.27.3"));
}
