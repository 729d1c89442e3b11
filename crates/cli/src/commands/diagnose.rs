//! `olm-graph diagnose`: a cluster's own objects read, each Subscription and ClusterExtension
//! joined to the catalog given for it, and a verdict per operator.

use std::fmt::Write as _;

use olm_graph_core::cluster::{diagnose, Diagnosis};

use crate::args::DiagnoseArgs;
use crate::cluster_input::{as_given, given_catalogs, read_state};
use crate::error::{CmdResult, ExitStatus};
use crate::output::{print, print_json};

/// Runs `diagnose`: exit 0 when the state was read, 1 when nothing could be read.
pub fn run(args: DiagnoseArgs) -> CmdResult {
    let state = read_state(&args.state)?;
    let given = given_catalogs(&args.catalog, "--catalog ")?;
    let refs = as_given(&given);
    let report = diagnose(&state, &refs);
    if args.json {
        print_json(&report)?;
    } else {
        print(&text(&report));
    }
    if state.object_count() == 0 {
        eprintln!("olm-graph: no Subscription, InstallPlan, ClusterServiceVersion, OperatorGroup, CatalogSource, ClusterExtension, ClusterCatalog or ClusterVersion was read");
        return Ok(ExitStatus::Failure);
    }
    Ok(ExitStatus::Success)
}

/// One block per operator, the verdict first; then what was skipped and the problems read.
///
/// # Complexity
/// O(size of the report).
fn text(d: &Diagnosis) -> String {
    let mut out = String::new();
    for o in &d.operators {
        let kind = if o.api == olm_graph_core::cluster::Api::V0 {
            "Subscription"
        } else {
            "ClusterExtension"
        };
        let _ = writeln!(
            out,
            "{}  {kind} {}/{} (package {})",
            o.state.as_str().to_uppercase(),
            o.namespace,
            o.name,
            o.package
        );
        let field = |out: &mut String, k: &str, v: Option<&str>| {
            if let Some(v) = v {
                let _ = writeln!(out, "  {k:<11} {v}");
            }
        };
        field(&mut out, "installed", o.installed.as_deref());
        field(&mut out, "channel", o.channel.as_deref());
        field(&mut out, "catalog", o.catalog.as_deref());
        field(&mut out, "strategy", o.strategy.as_deref());
        field(&mut out, "approval", o.approval.as_deref());
        if let Some(f) = &o.failed {
            let bundle = f.bundle.as_deref().unwrap_or("?");
            let _ = writeln!(
                out,
                "  {:<11} {bundle} ({}: {} {})",
                "failed", f.kind, f.reason, f.message
            );
        }
        field(&mut out, "next", o.next.as_deref());
        if let Some(u) = &o.upgrade {
            for h in &u.hops {
                let failed = if h.failed { "  FAILS" } else { "" };
                let _ = writeln!(
                    out,
                    "    {} -> {}  via {}{failed}",
                    h.from,
                    h.to,
                    olm_graph_core::resolve::via_label(&h.via)
                );
            }
        }
        let _ = writeln!(out, "  why: {}", o.explanation);
        if let Some(r) = &o.resolution {
            for c in &r.clauses {
                let _ = writeln!(out, "    - {c}");
            }
        }
        for f in &o.findings {
            let _ = writeln!(out, "  {}: {} [{}]", f.severity, f.message, f.code);
        }
        for c in &o.commands {
            let _ = writeln!(out, "  $ {}", c.replace('\n', "\n    "));
        }
        out.push('\n');
    }
    if !d.skipped.is_empty() {
        let kinds: Vec<String> = d.skipped.iter().map(|(k, n)| format!("{k} {n}")).collect();
        let _ = writeln!(out, "skipped: {}", kinds.join(", "));
    }
    for diag in &d.diagnostics {
        let _ = writeln!(out, "{diag}");
    }
    if d.operators.is_empty() {
        out.push_str("no Subscription or ClusterExtension found\n");
    }
    out.trim_end().to_string()
}
