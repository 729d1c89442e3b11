//! A Subscription's verdict: the installed and the failed bundle, the OperatorGroup's
//! strategy, the InstallPlan, joined to the catalog and resolved as `olm-graph path` resolves
//! them ([spec/cluster.md](../../../../docs/spec/cluster.md) §2–3).

use super::commands as cmd;
use super::context::{finding, hops, next_after, resolve, Context, Resolved};
use super::objects::*;
use super::report::*;
use super::resolution::clauses;
use crate::diag::{Diagnostic, Rule, Severity};
use crate::resolve::{Failure, FailureKind, Outcome, PathOptions, Resolver, UpgradeStrategy};

/// The objects of one Subscription's namespace that its verdict reads.
pub(super) struct Subject<'a> {
    pub sub: &'a Subscription,
    pub plan: Option<&'a InstallPlan>,
    pub strategy: UpgradeStrategy,
    pub group: Option<&'a OperatorGroup>,
    pub source: Option<&'a CatalogSource>,
    /// The catalog given for the Subscription's CatalogSource, looked up once.
    pub joined: Option<&'a GivenCatalog<'a>>,
}

/// The report of one Subscription.
///
/// # Complexity
/// O(O) for the O objects of the state (namespace look-ups), plus what
/// [`crate::resolve::resolve_path`] costs on the package's channels.
pub(super) fn report<'a>(cx: &Context<'a>, sub: &'a Subscription) -> OperatorReport {
    let (strategy, group, mut findings) = strategy_of(cx, sub);
    let s = Subject {
        sub,
        plan: cx.install_plan(&sub.meta.namespace, &sub.install_plan),
        strategy,
        group,
        source: cx.catalog_source(&sub.source_namespace, &sub.source),
        joined: cx.catalog_for_v0(sub),
    };
    let mut r = base_report(cx, &s);
    r.findings.append(&mut findings);
    if let Some(f) = failure(cx, &s) {
        failed(cx, &s, f, &mut r);
    } else if let Some(p) = s
        .plan
        .filter(|p| p.phase == "RequiresApproval" && !p.approved)
    {
        awaiting(cx, &s, p, &mut r);
    } else if let Some(why) = unhealthy(&s) {
        r.state = State::CatalogUnhealthy;
        r.explanation = why;
        r.commands = cmd::restart_catalog(&sub.source_namespace, &sub.source);
    } else if let Some(c) = condition(&sub.conditions, "ResolutionFailed").filter(|c| c.is_true()) {
        resolution_failed(sub, c, &mut r);
    } else if let Some(why) = upgrading(cx, &s) {
        r.state = State::Upgrading;
        r.explanation = why;
    } else if sub.installed_csv.is_empty() {
        r.state = State::NotInstalled;
        r.explanation = format!("Subscription {} has no installed ClusterServiceVersion yet (status.installedCSV is empty) and nothing is being installed", sub.meta.key());
    } else {
        by_catalog(cx, &s, &mut r);
    }
    if matches!(
        r.state,
        State::CatalogUnhealthy | State::ResolutionFailed | State::Upgrading
    ) {
        where_olm_goes(cx, &s, &mut r);
    }
    r.findings.extend(cx.image_template_findings(s.source));
    r.findings.extend(deprecation_findings(sub));
    r
}

/// The namespace's OperatorGroup and its strategy; fail-forward needs exactly one group.
fn strategy_of<'a>(
    cx: &Context<'a>,
    sub: &Subscription,
) -> (UpgradeStrategy, Option<&'a OperatorGroup>, Vec<Diagnostic>) {
    let groups = cx.operator_groups(&sub.meta.namespace);
    let mut findings = Vec::new();
    if groups.len() != 1 && cx.has_operator_groups() {
        findings.push(finding(
            Rule::ClusterOperatorGroups,
            Severity::Warning,
            format!("found {} operatorGroups, expected 1 (namespace {}): OLM installs nothing here and cannot tell whether fail-forward is on", groups.len(), sub.meta.namespace),
        ));
    }
    let group = groups.first().copied().filter(|_| groups.len() == 1);
    let strategy = match group.map(|g| g.upgrade_strategy.as_str()) {
        Some("TechPreviewUnsafeFailForward") => UpgradeStrategy::TechPreviewUnsafeFailForward,
        _ => UpgradeStrategy::Default,
    };
    (strategy, group, findings)
}

fn base_report(cx: &Context, s: &Subject) -> OperatorReport {
    let sub = s.sub;
    let joined = s.joined;
    let channel = if sub.channel.is_empty() {
        joined
            .and_then(|g| g.catalog.package(&sub.package))
            .and_then(|p| p.default_channel.clone())
            .filter(|c| !c.is_empty())
    } else {
        Some(sub.channel.clone())
    };
    let mut findings = Vec::new();
    if joined.is_none() {
        findings.push(cx.no_catalog_finding(&sub.package));
    }
    let installed = (!sub.installed_csv.is_empty()).then(|| sub.installed_csv.clone());
    OperatorReport {
        api: Api::V0,
        namespace: sub.meta.namespace.clone(),
        name: sub.meta.name.clone(),
        package: sub.package.clone(),
        channels: channel.iter().cloned().collect(),
        channel,
        catalog: Some(format!("{}/{}", sub.source_namespace, sub.source)),
        installed_version: installed
            .as_deref()
            .and_then(|i| cx.version_of(&sub.meta.namespace, i, joined, &sub.package)),
        installed,
        installed_release: None,
        state: State::AtLatest,
        strategy: Some(s.strategy.olm_name().to_string()),
        approval: Some(if sub.approval.is_empty() {
            "Automatic".into()
        } else {
            sub.approval.clone()
        }),
        failed: None,
        next: None,
        path: Vec::new(),
        explanation: String::new(),
        commands: Vec::new(),
        findings,
        resolution: None,
        upgrade: None,
        across: None,
        path_args: Vec::new(),
    }
}

/// A failed upgrade and the bundle it started from.
pub(super) struct Failed {
    pub upgrade: FailedUpgrade,
    pub bundle: String,
    pub kind: FailureKind,
    /// The bundle that ran before: where the path starts.
    pub from: Option<String>,
}

/// The failed InstallPlan or CSV of the Subscription, if any.
fn failure(cx: &Context, s: &Subject) -> Option<Failed> {
    let sub = s.sub;
    let ns = &sub.meta.namespace;
    if let Some(p) = s.plan.filter(|p| p.phase == "Failed") {
        let target = plan_target(p, sub);
        let c = condition(&p.conditions, "Installed");
        let message = c
            .map(|c| c.message.clone())
            .filter(|m| !m.is_empty())
            .unwrap_or_else(|| p.message.clone());
        return Some(Failed {
            upgrade: FailedUpgrade {
                kind: "installplan",
                bundle: Some(target.clone()),
                reason: c.map(|c| c.reason.clone()).unwrap_or_default(),
                message,
            },
            bundle: target,
            kind: FailureKind::InstallPlan,
            from: (!sub.installed_csv.is_empty()).then(|| sub.installed_csv.clone()),
        });
    }
    let csv = [&sub.current_csv, &sub.installed_csv]
        .into_iter()
        .filter(|n| !n.is_empty())
        .find_map(|n| cx.csv(ns, n).filter(|c| c.phase == "Failed"))?;
    let from = Some(csv.replaces.clone()).filter(|r| !r.is_empty() && cx.csv(ns, r).is_some());
    Some(Failed {
        upgrade: FailedUpgrade {
            kind: "csv",
            bundle: Some(csv.meta.name.clone()),
            reason: csv.reason.clone(),
            message: csv.message.clone(),
        },
        bundle: csv.meta.name.clone(),
        kind: FailureKind::Csv,
        from,
    })
}

/// The CSV an InstallPlan installs for this Subscription: the Subscription's `currentCSV` when
/// the plan lists it, else the plan's first CSV.
fn plan_target(p: &InstallPlan, sub: &Subscription) -> String {
    p.csv_names
        .iter()
        .find(|n| **n == sub.current_csv)
        .or(p.csv_names.first())
        .cloned()
        .unwrap_or_else(|| sub.current_csv.clone())
}

/// The resolution of `path` for this Subscription from `from`: its channel (the package's
/// default channel when `spec.channel` is empty), and the CSV's `spec.version` when the catalog
/// no longer has the bundle.
fn options(cx: &Context, s: &Subject, from: &str, failure: Option<Failure>) -> PathOptions {
    let joined = s.joined;
    let pkg = joined.and_then(|g| g.catalog.package(&s.sub.package));
    let channel = Some(s.sub.channel.clone())
        .filter(|c| !c.is_empty())
        .or_else(|| pkg.and_then(|p| p.default_channel.clone()));
    let absent = pkg.is_some_and(|p| p.bundle(from).is_none());
    let installed_version = cx
        .csv(&s.sub.meta.namespace, from)
        .filter(|_| absent)
        .and_then(|c| crate::semver::Version::parse(&c.version).ok());
    PathOptions {
        resolver: Resolver::V0,
        channel,
        failure,
        installed_version,
        ..PathOptions::default()
    }
}

/// `failed-stuck` or `failed-fail-forward`, with the commands that unblock it.
fn failed(cx: &Context, s: &Subject, f: Failed, r: &mut OperatorReport) {
    let ns = &s.sub.meta.namespace;
    r.installed = f.from.clone().or(r.installed.take());
    r.installed_version = r
        .installed
        .as_deref()
        .and_then(|i| cx.version_of(ns, i, s.joined, &s.sub.package));
    let what = failure_words(s, &f);
    r.failed = Some(f.upgrade.clone());
    r.state = State::FailedStuck;
    let Some(from) = f.from.clone() else {
        r.explanation = format!("{what}, and no earlier CSV of the Subscription is left to start from: OLM does not retry a failed first install");
        r.commands = cmd::manual_recovery(s.sub, s.plan, &f.bundle, &f.bundle);
        return;
    };
    let failure = |strategy| Failure {
        bundle: f.bundle.clone(),
        kind: f.kind,
        strategy,
    };
    let Some(joined) = s.joined else {
        r.explanation = format!("{what}; {}", stuck_words(s.strategy));
        r.commands = cmd::manual_recovery(s.sub, s.plan, &f.bundle, &from);
        return;
    };
    let opts = options(cx, s, &from, Some(failure(s.strategy)));
    let Some(res) = resolve(
        joined.catalog,
        &s.sub.package,
        &from,
        &opts,
        &mut r.findings,
    ) else {
        r.explanation = format!("{what}; {}", stuck_words(s.strategy));
        return;
    };
    if !res.path.hops.iter().any(|h| h.failed) {
        return elsewhere(cx, s, &f, from, res, r, what);
    }
    let next = next_after(&res.path).filter(|_| res.path.outcome == Outcome::UpToDate);
    r.explanation = match (&next, &res.path.explanation) {
        (Some(n), _) => format!("{what}; fail-forward is on, so OLM upgrades away from the failed bundle and moves on to {n}"),
        (None, Some(e)) => capital(&e.message),
        (None, None) => format!("{what}; {}", stuck_words(s.strategy)),
    };
    if next.is_some() {
        r.state = State::FailedFailForward;
        r.next = next;
    } else if s.strategy == UpgradeStrategy::Default {
        let ff = options(
            cx,
            s,
            &from,
            Some(failure(UpgradeStrategy::TechPreviewUnsafeFailForward)),
        );
        r.commands = if rescues(joined.catalog, &s.sub.package, &from, &ff) {
            cmd::fail_forward(ns, s.group)
        } else {
            cmd::manual_recovery(s.sub, s.plan, &f.bundle, &from)
        };
    } else {
        r.commands = cmd::manual_recovery(s.sub, s.plan, &f.bundle, &from);
    }
    set_path(r, res, &opts, &from);
}

/// Whether the path with `options` (fail-forward on) goes on past the failed bundle.
fn rescues(
    catalog: &crate::model::Catalog,
    package: &str,
    from: &str,
    options: &PathOptions,
) -> bool {
    resolve(catalog, package, from, options, &mut Vec::new())
        .is_some_and(|p| p.path.outcome == Outcome::UpToDate && next_after(&p.path).is_some())
}

/// The failure in a few words: which object failed, and its message.
fn failure_words(s: &Subject, f: &Failed) -> String {
    let message = if f.upgrade.message.is_empty() {
        &f.upgrade.reason
    } else {
        &f.upgrade.message
    };
    match f.kind {
        FailureKind::Csv => format!(
            "ClusterServiceVersion {} reached phase Failed ({message})",
            f.bundle
        ),
        FailureKind::InstallPlan => format!(
            "InstallPlan {} for {} failed ({message})",
            s.plan.map_or("", |p| p.meta.name.as_str()),
            f.bundle
        ),
    }
}

/// The failure when the catalog given no longer leads from `from` to the failed bundle (it
/// was published after the cluster resolved): under Default OLM stays stuck; with fail-forward
/// a failed CSV is resolved from itself, a failed InstallPlan from `from` again.
fn elsewhere(
    cx: &Context,
    s: &Subject,
    f: &Failed,
    from: String,
    res: Resolved,
    r: &mut OperatorReport,
    what: String,
) {
    let note = format!(
        "the catalog given no longer leads from {from} to {}: it offers {} instead",
        f.bundle,
        res.path.hops.first().map_or("nothing", |h| h.to.as_str())
    );
    r.findings
        .push(finding(Rule::ClusterStaleCatalog, Severity::Info, note));
    if s.strategy == UpgradeStrategy::Default {
        r.explanation = format!("{what}; {}", stuck_words(s.strategy));
        r.commands = if res.path.hops.is_empty() {
            cmd::manual_recovery(s.sub, s.plan, &f.bundle, &from)
        } else {
            cmd::fail_forward(&s.sub.meta.namespace, s.group)
        };
        return;
    }
    let start = if f.kind == FailureKind::Csv {
        f.bundle.clone()
    } else {
        from
    };
    resolve_from(cx, s, &start, r);
    match r.upgrade.as_ref().and_then(|u| u.hops.first()) {
        Some(h) => {
            r.state = State::FailedFailForward;
            r.next = Some(h.to.clone());
            r.explanation = format!(
                "{what}; fail-forward is on, so OLM resolves from {start} and moves on to {}",
                h.to
            );
        }
        None => {
            r.explanation = format!("{what}; fail-forward is on, but the catalog has no bundle that upgrades {start} yet");
            r.commands = cmd::manual_recovery(s.sub, s.plan, &f.bundle, &start);
        }
    }
}

fn stuck_words(strategy: UpgradeStrategy) -> String {
    match strategy {
        UpgradeStrategy::Default => "with the Default upgrade strategy OLM does not move past a failed upgrade until someone intervenes".into(),
        UpgradeStrategy::TechPreviewUnsafeFailForward => "fail-forward is on, but without the catalog olm-graph cannot tell whether OLM moves on".into(),
    }
}

/// Puts a resolved path on the report, with the `olm-graph path` arguments that give it.
fn set_path(r: &mut OperatorReport, res: Resolved, opts: &PathOptions, from: &str) {
    r.path = hops(&res.path);
    r.path_args = super::context::path_args(&r.package, from, opts);
    r.upgrade = Some(res.path);
}

fn awaiting(cx: &Context, s: &Subject, p: &InstallPlan, r: &mut OperatorReport) {
    let target = plan_target(p, s.sub);
    r.state = State::AwaitingApproval;
    r.next = Some(target.clone());
    r.explanation = format!("InstallPlan {} to install {target} waits for approval: the Subscription's installPlanApproval is Manual, so OLM installs nothing until the plan is approved", p.meta.name);
    r.commands = vec![cmd::approve(&p.meta.name, &s.sub.meta.namespace)];
    if let Some(from) = r.installed.clone() {
        resolve_from(cx, s, &from, r);
        if let Some(n) = r.upgrade.as_ref().and_then(|u| u.hops.first()) {
            if n.to != target {
                let m = format!("the catalog given offers {} after {from}, not {target}: the cluster's CatalogSource serves other content", n.to);
                r.findings
                    .push(finding(Rule::ClusterStaleCatalog, Severity::Warning, m));
            }
            r.next = Some(n.to.clone());
        }
    }
}

/// The path of an operator whose verdict comes from the cluster (an unhealthy catalog, a
/// resolution failure, an upgrade in flight): the catalog given still says where OLM goes from
/// the installed bundle, so `next` and `path` are `olm-graph path`'s
/// ([spec/cluster.md](../../../../docs/spec/cluster.md) §3.1).
fn where_olm_goes(cx: &Context, s: &Subject, r: &mut OperatorReport) {
    let Some(from) = r.installed.clone() else {
        return;
    };
    if !resolve_from(cx, s, &from, r) {
        return;
    }
    r.next = r
        .upgrade
        .as_ref()
        .and_then(|u| u.hops.first())
        .map(|h| h.to.clone());
    if let Some(n) = &r.next {
        r.explanation.push_str(&format!(
            "; from {from} the catalog given leads to {n} next"
        ));
    }
}

/// The path from `from` without a failure, when a catalog is given.
fn resolve_from(cx: &Context, s: &Subject, from: &str, r: &mut OperatorReport) -> bool {
    let Some(joined) = s.joined else {
        return false;
    };
    let opts = options(cx, s, from, None);
    let Some(res) = resolve(joined.catalog, &s.sub.package, from, &opts, &mut r.findings) else {
        return false;
    };
    set_path(r, res, &opts, from);
    true
}

/// Why the Subscription's own CatalogSource is unhealthy, if it is.
fn unhealthy(s: &Subject) -> Option<String> {
    let sub = s.sub;
    let key = format!("{}/{}", sub.source_namespace, sub.source);
    let own = sub
        .catalog_health
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, h)| *h);
    let state = s
        .source
        .map(|c| c.last_observed_state.as_str())
        .filter(|st| !st.is_empty());
    let cond = condition(&sub.conditions, "CatalogSourcesUnhealthy").filter(|c| c.is_true());
    let bad_state = state.is_some_and(|st| st != "READY");
    if own != Some(false) && !bad_state && !(cond.is_some() && own.is_none()) {
        return None;
    }
    let detail = match (state, cond) {
        (Some(st), _) if st != "READY" => format!("its connection state is {st}"),
        (_, Some(c)) if !c.message.is_empty() => format!(
            "the Subscription's CatalogSourcesUnhealthy condition says: {}",
            c.message
        ),
        _ => "the Subscription's catalogHealth marks it unhealthy".into(),
    };
    Some(format!("CatalogSource {key} is not healthy ({detail}): OLM cannot resolve installs or upgrades from it until it serves again"))
}

fn resolution_failed(sub: &Subscription, c: &Condition, r: &mut OperatorReport) {
    r.state = State::ResolutionFailed;
    let list = clauses(&c.message);
    r.explanation = format!("OLM's resolver could not find a set of bundles that satisfies every constraint of namespace {} ({}); the Subscription's ResolutionFailed condition lists {} clause{}", sub.meta.namespace, if c.reason.is_empty() { "no reason given" } else { c.reason.as_str() }, list.len(), if list.len() == 1 { "" } else { "s" });
    r.resolution = Some(ResolutionFailure {
        reason: c.reason.clone(),
        message: c.message.clone(),
        clauses: list,
    });
}

/// Why an install or upgrade is in flight, if one is.
fn upgrading(cx: &Context, s: &Subject) -> Option<String> {
    let sub = s.sub;
    if let Some(p) = s
        .plan
        .filter(|p| matches!(p.phase.as_str(), "Planning" | "Installing"))
    {
        return Some(format!(
            "InstallPlan {} is {} {}",
            p.meta.name,
            p.phase.to_lowercase(),
            plan_target(p, sub)
        ));
    }
    let current = cx.csv(&sub.meta.namespace, &sub.current_csv);
    if let Some(c) =
        current.filter(|c| matches!(c.phase.as_str(), "Pending" | "InstallReady" | "Installing"))
    {
        return Some(format!(
            "ClusterServiceVersion {} is in phase {}: OLM is installing it",
            c.meta.name, c.phase
        ));
    }
    if sub.state == "UpgradePending" {
        return Some(format!(
            "the Subscription's state is UpgradePending: OLM is installing {}",
            sub.current_csv
        ));
    }
    None
}

/// `upgrade-available`, `at-latest` or `not-in-catalog`, from the catalog.
fn by_catalog(cx: &Context, s: &Subject, r: &mut OperatorReport) {
    let sub = s.sub;
    let from = sub.installed_csv.clone();
    if !resolve_from(cx, s, &from, r) {
        let (state, words) = match sub.state.as_str() {
            "UpgradeAvailable" => (
                State::UpgradeAvailable,
                "the Subscription's state is UpgradeAvailable",
            ),
            _ => (State::AtLatest, "the Subscription's state is AtLatestKnown"),
        };
        r.state = state;
        r.explanation =
            format!("{from} is installed and {words} (no catalog given to check it against)");
        return;
    }
    let (Some(path), Some(joined)) = (r.upgrade.as_ref(), s.joined) else {
        return;
    };
    let channel = r.channel.clone().unwrap_or_default();
    let in_catalog = joined.catalog.package(&sub.package).is_some_and(|p| {
        p.bundle(&from).is_some()
            || p.channels
                .iter()
                .any(|c| c.name == channel && c.entry(&from).is_some())
    });
    if let Some(h) = path.hops.first() {
        r.state = State::UpgradeAvailable;
        r.next = Some(h.to.clone());
        let how = if r.approval.as_deref() == Some("Manual") {
            "creates an InstallPlan that waits for approval"
        } else {
            "installs it"
        };
        r.explanation = format!(
            "channel {channel} offers {} as the upgrade from {from} (via {}); OLM {how}",
            h.to,
            crate::resolve::via_label(&h.via)
        );
        if sub.state == "AtLatestKnown" {
            r.findings.push(finding(Rule::ClusterStaleCatalog, Severity::Info, format!("the Subscription says AtLatestKnown, but the catalog given offers {}: the cluster's CatalogSource serves an older catalog", h.to)));
        }
    } else if !in_catalog {
        r.state = State::NotInCatalog;
        r.explanation = format!("{from} is not in channel {channel} of the catalog, and no bundle there replaces it, skips it or covers its version with a skipRange: OLM v0 has no upgrade from it");
        r.commands = vec![cmd::plan(joined.label, &sub.package, &from, &channel)];
    } else {
        r.state = State::AtLatest;
        r.explanation = format!("{from} is the newest bundle channel {channel} offers from where it is: OLM has nothing to upgrade to");
    }
}

/// The Subscription's deprecation conditions, as findings.
fn deprecation_findings(sub: &Subscription) -> Vec<Diagnostic> {
    sub.conditions
        .iter()
        .filter(|c| c.kind == "Deprecated" && c.is_true())
        .map(|c| {
            finding(
                Rule::ClusterDeprecated,
                Severity::Warning,
                c.message.clone(),
            )
        })
        .collect()
}

/// The text with its first letter in upper case.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}
