//! The commands that act on a verdict, ready to paste
//! ([spec/cluster.md](../../../../docs/spec/cluster.md) §3.5).

use super::objects::{InstallPlan, OperatorGroup, Subscription};

/// Approves a Manual InstallPlan.
///
/// # Complexity
/// O(length of the names).
pub(super) fn approve(plan: &str, namespace: &str) -> String {
    format!("oc patch installplan {plan} -n {namespace} --type merge -p '{{\"spec\":{{\"approved\":true}}}}'")
}

/// Turns fail-forward on in the namespace's OperatorGroup.
///
/// # Complexity
/// O(length of the names).
pub(super) fn fail_forward(namespace: &str, group: Option<&OperatorGroup>) -> Vec<String> {
    let name = group.map_or("<operatorgroup>", |g| g.meta.name.as_str());
    vec![format!("oc patch operatorgroup {name} -n {namespace} --type merge -p '{{\"spec\":{{\"upgradeStrategy\":\"TechPreviewUnsafeFailForward\"}}}}'")]
}

/// The manual recovery: delete the failed CSV and the Subscription, then subscribe again at
/// `start`.
///
/// # Complexity
/// O(length of the names).
pub(super) fn manual_recovery(
    sub: &Subscription,
    plan: Option<&InstallPlan>,
    failed: &str,
    start: &str,
) -> Vec<String> {
    let ns = &sub.meta.namespace;
    let mut out = vec![
        format!("oc delete clusterserviceversion {failed} -n {ns}"),
        format!("oc delete subscription {} -n {ns}", sub.meta.name),
    ];
    if let Some(p) = plan {
        out.insert(1, format!("oc delete installplan {} -n {ns}", p.meta.name));
    }
    let channel = if sub.channel.is_empty() {
        String::new()
    } else {
        format!("\n  channel: {}", sub.channel)
    };
    let approval = if sub.approval.is_empty() {
        String::new()
    } else {
        format!("\n  installPlanApproval: {}", sub.approval)
    };
    out.push(format!(
        "oc apply -f - <<'EOF'\napiVersion: operators.coreos.com/v1alpha1\nkind: Subscription\nmetadata:\n  name: {}\n  namespace: {ns}\nspec:\n  name: {}{channel}\n  source: {}\n  sourceNamespace: {}\n  startingCSV: {start}{approval}\nEOF",
        sub.meta.name, sub.package, sub.source, sub.source_namespace
    ));
    out
}

/// Restarts a CatalogSource's registry pod and shows its status.
///
/// # Complexity
/// O(length of the names).
pub(super) fn restart_catalog(namespace: &str, name: &str) -> Vec<String> {
    vec![
        format!("oc get catalogsource {name} -n {namespace} -o yaml"),
        format!("oc delete pod -n {namespace} -l olm.catalogSource={name}"),
    ]
}

/// The `olm-graph plan` route from a bundle the catalog no longer has to a channel's head.
///
/// # Complexity
/// O(length of the names).
pub(super) fn plan(catalog: &str, package: &str, from: &str, channel: &str) -> String {
    format!("olm-graph plan {catalog} -p {package} --from {from} --to channel:{channel}")
}
