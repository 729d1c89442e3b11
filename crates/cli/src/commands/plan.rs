//! `olm-graph plan`: the route from an installed bundle to a target, across channels.

mod support;

use olm_graph_core::model::Catalog;
use olm_graph_core::plan::{
    merged_package, plan_commands, plan_route, plan_route_across, plan_series, platforms_between,
    Plan, PlanOptions, SeriesOptions, StopSupport, Target,
};
use olm_graph_core::resolve::{via_label, Resolver};

use crate::args::PlanArgs;
use crate::catalogs::{version_range, Loaded};
use crate::error::{request, unknown_package, CliError, CmdResult, ExitStatus};
use crate::input::{self, load_series, load_with_crds};
use crate::output::{print, print_json};

/// Runs `olm-graph plan`: exit 0 with a route, 1 when none exists (with the reasons).
pub fn run(args: PlanArgs) -> CmdResult {
    if args.series.is_some() {
        return run_series(args);
    }
    if !args.catalog_priority.is_empty() {
        return run_across(args);
    }
    // With the bundles' CRDs, a hop its OLM refuses is named after the plan.
    let catalog = load_with_crds(&args.paths)?;
    let pkg = input::package(&catalog, &args.package)?;
    let options = plan_options(&args)?;
    let target = Target::parse(&args.to, pkg);
    let asked = support::PlanSupport::read(&args.support, args.prefer, &[&catalog])?;
    let (plan, support) = asked.plan(pkg, &args.from, &target, &options, plan_route)?;
    let commands = if plan.reachable {
        plan_commands(pkg, &plan, &options)
    } else {
        Vec::new()
    };
    let status = output(&args, &plan, commands, &support)?;
    if !args.json {
        print(&crd_refusals(pkg, &plan));
    }
    Ok(status)
}

/// The hops of the plan its OLM refuses for their CRDs (the stored versions of the bundles
/// installed before counted), one line each with the first line of OLM's message; empty when
/// none is or the bundles carry no CRDs.
fn crd_refusals(pkg: &olm_graph_core::model::Package, plan: &Plan) -> String {
    use olm_graph_core::crd::{limits::CrdLimits, pairs::Judge, Verdict};
    if !Judge::carries_manifests(pkg) {
        return String::new();
    }
    let hops: Vec<(&str, &str)> = plan
        .steps
        .iter()
        .flat_map(|s| s.hops.iter().map(|h| (h.from.as_str(), h.to.as_str())))
        .collect();
    let mut judge = Judge::new(pkg, None, CrdLimits::default());
    let mut out = String::new();
    for ((from, to), j) in hops.iter().zip(judge.path(&hops)) {
        let Some(j) = j else { continue };
        let (who, side) = match plan.resolver {
            Resolver::V0 => ("OLM v0", &j.olm_v0),
            Resolver::V1 => ("OLM v1", &j.olm_v1),
        };
        if side.verdict == Verdict::Unsafe {
            let first = side.message.lines().next().unwrap_or_default();
            out += &format!("  CRD safety: {from} -> {to} will fail ({who}): {first}\n");
        }
    }
    out
}

fn plan_options(args: &PlanArgs) -> Result<PlanOptions, CliError> {
    let resolver = args.resolver;
    if args.channels.is_some() && resolver != Resolver::V1 {
        return Err(CliError::Usage(
            "--channels are a ClusterExtension's: use them with --resolver v1".into(),
        ));
    }
    let version = version_range(resolver, args.version.as_deref())?;
    Ok(PlanOptions {
        resolver,
        prefer: args.prefer,
        channel: args.channel.clone(),
        channels: args.channels.clone(),
        policy: args.upgrade_constraint_policy,
        version,
        namespace: args.namespace.clone(),
        installed_version: None,
        cluster_kube: None,
    })
}

/// `plan --catalog-priority`: each path its own ClusterCatalog, planned under OLM v1 across
/// them.
fn run_across(args: PlanArgs) -> CmdResult {
    let loaded = Loaded::read(&args.paths, &args.catalog_priority, args.resolver)?;
    let catalogs = loaded.cluster_catalogs();
    let Some(merged) = merged_package(&catalogs, &args.package) else {
        let unknown = unknown_package(&args.package);
        return Err(request(format!("{unknown} (in none of the catalogs)")));
    };
    let options = plan_options(&args)?;
    let target = Target::parse(&args.to, &merged);
    let plan = plan_route_across(&catalogs, &merged, &args.from, &target, &options)
        .map_err(|e| CliError::Request(e.to_string()))?;
    let commands = if plan.reachable {
        plan_commands(&merged, &plan, &options)
    } else {
        Vec::new()
    };
    output(&args, &plan, commands, &[])
}

/// `plan --series`: one catalog per platform version.
fn run_series(args: PlanArgs) -> CmdResult {
    let dir = args.series.clone().unwrap_or_default();
    let catalogs = load_series(&dir)?;
    let platforms = if args.platform_path.is_empty() {
        let (Some(from), Some(to)) = (args.platform_from.as_deref(), args.platform_to.as_deref())
        else {
            return Err(CliError::Usage(
                "--series needs --platform-from and --platform-to, or --platform-path".into(),
            ));
        };
        platforms_between(&catalogs, from, to).map_err(|e| CliError::Request(e.to_string()))?
    } else {
        args.platform_path.clone()
    };
    let options = SeriesOptions {
        plan: plan_options(&args)?,
        platforms,
    };
    // The target is read against the last platform's package.
    let last = options.platforms.last().and_then(|p| {
        let p = p.trim_start_matches('v');
        catalogs
            .iter()
            .find(|(l, _)| l.trim_start_matches('v') == p)
    });
    let target = match last.and_then(|(_, c)| c.package(&args.package)) {
        Some(pkg) => Target::parse(&args.to, pkg),
        None => Target::Latest,
    };
    let plan = plan_series(&catalogs, &args.package, &args.from, &target, &options)
        .map_err(|e| CliError::Request(e.to_string()))?;
    let commands = match last.and_then(|(_, c)| c.package(&args.package)) {
        Some(pkg) if plan.reachable => plan_commands(pkg, &plan, &options.plan),
        _ => Vec::new(),
    };
    let all: Vec<&Catalog> = catalogs.iter().map(|(_, c)| c).collect();
    let asked = support::PlanSupport::read(&args.support, args.prefer, &all)?;
    let support = asked.series(&plan, &catalogs);
    output(&args, &plan, commands, &support)
}

/// Prints the plan as text or JSON; exit 1 when it is unreachable.
fn output(
    args: &PlanArgs,
    plan: &Plan,
    commands: Vec<String>,
    support: &[StopSupport],
) -> CmdResult {
    let asked = args.support.asked(args.prefer);
    if args.json {
        let doc = plan.document(commands);
        let doc = support::with_support(&doc, asked.then_some(support));
        print_json(&doc)?;
    } else {
        let mut text = plan_text(plan, &commands);
        if asked {
            text += &support::support_text(support);
        }
        print(&text);
    }
    Ok(if plan.reachable {
        ExitStatus::Success
    } else {
        ExitStatus::Failure
    })
}

/// The plan as text: one block per step, then the commands.
fn plan_text(plan: &Plan, commands: &[String]) -> String {
    let mut out = format!(
        "plan ({}): package {}, from {} to {}\n",
        plan.resolver.as_str(),
        plan.package,
        plan.from,
        plan.target
    );
    if !plan.reachable {
        out += "  no route\n";
        if let Some(why) = &plan.explanation {
            out += &format!("  why: {why}\n");
        }
        return out;
    }
    let mut at = plan.from.as_str();
    for (i, step) in plan.steps.iter().enumerate() {
        let platform = step
            .platform
            .as_deref()
            .map_or(String::new(), |p| format!("on {p}, "));
        let subscribe = match &step.channels {
            None => format!("subscribe to channel {}", step.channel),
            Some(set) if set.is_empty() => {
                "list no channels in the ClusterExtension (every channel)".to_string()
            }
            Some(set) => format!("list the ClusterExtension's channels {}", set.join(", ")),
        };
        out += &format!("  {}. {platform}{subscribe}\n", i + 1);
        if let Some(why) = &step.switch_reason {
            out += &format!("     switch: {why}\n");
        }
        for h in &step.hops {
            let via = if h.via.is_empty() {
                "SelfCertified (any bundle of the channel)".to_string()
            } else {
                via_label(&h.via)
            };
            let from = h
                .catalog
                .as_deref()
                .map_or(String::new(), |c| format!("  (catalog {c})"));
            out += &format!("     {} -> {}  via {via}{from}\n", h.from, h.to);
        }
        if step.hops.is_empty() {
            out += &format!("     stays on {at}\n");
        }
        at = step.end(at);
        if let (Some(stop), Some(why)) = (&step.stop, &step.stop_reason) {
            out += &format!("     hold at {stop}: {why}\n");
        }
    }
    out += &format!("  ends on {at}\n  commands:\n");
    for c in commands {
        for line in c.lines() {
            out += &format!("    {line}\n");
        }
    }
    out
}
