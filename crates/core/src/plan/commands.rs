//! The commands that carry out a plan: `oc patch subscription` lines under OLM v0, a
//! ClusterExtension manifest per step under OLM v1.

use super::{Plan, PlanOptions};
use crate::model::Package;
use crate::resolve::{Resolver, UpgradeConstraintPolicy};

/// A JSON string literal (also a valid double-quoted YAML scalar) for catalog text.
fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_string()).to_string()
}

/// `text` inside single quotes for a POSIX shell.
fn shell_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// The commands of every step, in order: under v0 one `oc patch subscription` per step
/// (manual InstallPlan approval where the cluster must be held, with a comment naming the last
/// InstallPlan to approve), under v1 one ClusterExtension manifest per step (channels, and a
/// version pin where the cluster must be held). Catalog text is quoted, never spliced raw.
///
/// # Complexity
/// O(H) for H hops of the plan.
pub fn plan_commands(pkg: &Package, plan: &Plan, options: &PlanOptions) -> Vec<String> {
    let ns = options
        .namespace
        .clone()
        .unwrap_or_else(|| "openshift-operators".to_string());
    let mut out = Vec::new();
    for step in &plan.steps {
        match plan.resolver {
            Resolver::V0 => {
                let approval = if step.stop.is_some() {
                    "Manual"
                } else {
                    "Automatic"
                };
                let patch = format!(
                    "{{\"spec\":{{\"channel\":{},\"installPlanApproval\":\"{approval}\"}}}}",
                    quoted(&step.channel)
                );
                out.push(format!(
                    "oc patch subscription {} -n {} --type merge -p {}",
                    shell_quoted(&plan.package),
                    shell_quoted(&ns),
                    shell_quoted(&patch)
                ));
                if let Some(stop) = &step.stop {
                    let line = format!(
                        "# approve the InstallPlans up to {stop} and no further (oc patch installplan NAME -n {ns} --type merge -p '{{\"spec\":{{\"approved\":true}}}}')"
                    );
                    out.push(line.replace('\n', " "));
                }
            }
            Resolver::V1 => out.push(cluster_extension(pkg, plan, step, &ns, options)),
        }
    }
    out
}

/// The manifest's `channels:` line: the step's channel, or its channel set (none listed for
/// every channel).
fn channels_line(step: &super::PlanStep) -> String {
    let listed: Vec<String> = match &step.channels {
        Some(set) => set.iter().map(|c| quoted(c)).collect(),
        None => vec![quoted(&step.channel)],
    };
    if listed.is_empty() {
        return String::new();
    }
    format!("      channels: [{}]\n", listed.join(", "))
}

/// One step as a ClusterExtension manifest.
fn cluster_extension(
    pkg: &Package,
    plan: &Plan,
    step: &super::PlanStep,
    ns: &str,
    options: &super::PlanOptions,
) -> String {
    let mut y = format!(
        "---\napiVersion: olm.operatorframework.io/v1\nkind: ClusterExtension\nmetadata:\n  name: {pkg}\nspec:\n  namespace: {ns}\n  serviceAccount:\n    name: {sa}\n  source:\n    sourceType: Catalog\n    catalog:\n      packageName: {pkg}\n{ch}",
        pkg = quoted(&plan.package),
        ns = quoted(ns),
        sa = quoted(&format!("{}-installer", plan.package)),
        ch = channels_line(step),
    );
    // The user's range, narrowed by a pin where the cluster is held (Masterminds reads ", " as
    // "and").
    let range = options.version.as_ref().map(|r| r.text().to_string());
    let pin = step.stop.as_ref().map(|stop| {
        crate::infer::bundle_version(pkg, stop)
            .map(|(v, _)| format!("<={v}"))
            .ok_or(stop)
    });
    let version = match (&range, &pin) {
        (Some(r), Some(Ok(p))) => Some(format!("{r}, {p}")),
        (None, Some(Ok(p))) => Some(p.clone()),
        (r, _) => r.clone(),
    };
    if let Some(v) = version {
        y += &format!("      version: {}\n", quoted(&v));
    }
    if let Some(Err(stop)) = pin {
        y += &format!(
            "      # hold at {}: pin its version here\n",
            stop.replace('\n', " ")
        );
    }
    if options.policy == UpgradeConstraintPolicy::SelfCertified {
        y += "      upgradeConstraintPolicy: SelfCertified\n";
    }
    y
}
