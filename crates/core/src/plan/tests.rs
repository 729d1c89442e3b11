//! Plans on small synthetic catalogs.

use super::*;
use crate::load::InputFile;
use crate::open::load_files;

fn catalog(yaml: &str) -> crate::Catalog {
    load_files(vec![InputFile::new("c.yaml", yaml)])
}

const DEMO: &str = r#"
schema: olm.package
name: demo
defaultChannel: stable
---
schema: olm.channel
package: demo
name: stable
entries:
- name: demo.v1.0.0
- name: demo.v1.1.0
  replaces: demo.v1.0.0
---
schema: olm.channel
package: demo
name: fast
entries:
- name: demo.v1.2.0
  skipRange: ">=1.0.0 <1.2.0"
- name: demo.v1.3.0
  replaces: demo.v1.2.0
---
schema: olm.bundle
package: demo
name: demo.v1.0.0
image: q/demo:1.0.0
properties: [{type: olm.package, value: {packageName: demo, version: 1.0.0}}]
---
schema: olm.bundle
package: demo
name: demo.v1.1.0
image: q/demo:1.1.0
properties: [{type: olm.package, value: {packageName: demo, version: 1.1.0}}]
---
schema: olm.bundle
package: demo
name: demo.v1.2.0
image: q/demo:1.2.0
properties: [{type: olm.package, value: {packageName: demo, version: 1.2.0}}]
---
schema: olm.bundle
package: demo
name: demo.v1.3.0
image: q/demo:1.3.0
properties: [{type: olm.package, value: {packageName: demo, version: 1.3.0}}]
"#;

#[test]
fn switching_channel_from_a_bundle_of_another_channel() {
    let c = catalog(DEMO);
    let pkg = c.package("demo").expect("demo");
    let options = PlanOptions {
        channel: Some("stable".into()),
        ..PlanOptions::default()
    };
    let plan = plan_route(pkg, "demo.v1.0.0", &Target::Latest, &options).expect("plan");
    assert!(plan.reachable);
    // Staying in stable would upgrade to 1.1.0, which fast's range also covers; the route
    // switches at once, so its only step is fast's.
    assert_eq!(plan.steps.len(), 1);
    assert_eq!(plan.steps[0].channel, "fast");
    let why = plan.steps[0].switch_reason.as_deref().expect("a switch");
    assert!(
        why.contains("channel stable would go on to demo.v1.1.0"),
        "{why}"
    );
    let hops: Vec<&str> = plan.steps[0].hops.iter().map(|h| h.to.as_str()).collect();
    assert_eq!(hops, ["demo.v1.2.0", "demo.v1.3.0"]);
    assert_eq!(plan.end.as_deref(), Some("demo.v1.3.0"));
    let commands = plan_commands(pkg, &plan, &options);
    assert_eq!(commands.len(), 1, "{commands:?}");
    assert!(
        commands[0].contains(r#"{"spec":{"channel":"fast","installPlanApproval":"Automatic"}}"#)
    );
}

#[test]
fn a_target_older_than_the_installed_bundle_is_unreachable() {
    let c = catalog(DEMO);
    let pkg = c.package("demo").expect("demo");
    let target = Target::Bundle("demo.v1.0.0".into());
    let plan = plan_route(pkg, "demo.v1.2.0", &target, &PlanOptions::default()).expect("plan");
    assert!(!plan.reachable);
    let why = plan.explanation.expect("explanation");
    assert!(
        why.contains("older than the installed demo.v1.2.0"),
        "{why}"
    );
    assert!(why.contains("demo.v1.3.0 in channel fast"), "{why}");
}

#[test]
fn a_deprecated_only_route_is_refused_when_avoiding_deprecation() {
    let yaml = format!(
        "{DEMO}---\nschema: olm.deprecations\npackage: demo\nentries:\n- reference: {{schema: olm.bundle, name: demo.v1.2.0}}\n  message: broken\n"
    );
    let c = catalog(&yaml);
    let pkg = c.package("demo").expect("demo");
    let target = Target::Bundle("demo.v1.3.0".into());
    let mut options = PlanOptions::default();
    assert!(
        plan_route(pkg, "demo.v1.0.0", &target, &options)
            .expect("plan")
            .reachable
    );
    options.prefer = Preference::AvoidDeprecated;
    let plan = plan_route(pkg, "demo.v1.0.0", &target, &options).expect("plan");
    assert!(!plan.reachable);
    let why = plan.explanation.expect("explanation");
    assert!(why.contains("cannot pass through demo.v1.2.0"), "{why}");
    assert!(why.contains("skipRange covering demo.v1.1.0"), "{why}");
}

#[test]
fn a_replay_that_disagrees_is_an_error() {
    let c = catalog(DEMO);
    let pkg = c.package("demo").expect("demo");
    let options = PlanOptions::default();
    let mut plan = plan_route(pkg, "demo.v1.0.0", &Target::Latest, &options).expect("plan");
    plan.steps[0].hops[0].to = "demo.v1.1.0".into();
    assert!(matches!(
        verify(pkg, &plan, &options),
        Err(PlanError::Replay { .. })
    ));
}

#[test]
fn v1_commands_pin_the_version_where_the_cluster_is_held() {
    let c = catalog(DEMO);
    let pkg = c.package("demo").expect("demo");
    let options = PlanOptions {
        resolver: Resolver::V1,
        ..PlanOptions::default()
    };
    let target = Target::Bundle("demo.v1.2.0".into());
    let plan = plan_route(pkg, "demo.v1.0.0", &target, &options).expect("plan");
    assert!(plan.reachable);
    let commands = plan_commands(pkg, &plan, &options);
    let last = commands.last().expect("a manifest");
    assert!(last.contains("channels: [\"fast\"]"), "{last}");
    assert!(last.contains("version: \"<=1.2.0\""), "{last}");
}
