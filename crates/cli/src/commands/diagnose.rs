//! `olm-graph diagnose`: a cluster's own objects read, each Subscription and ClusterExtension
//! joined to the catalog given for it, and a verdict per operator.

use std::fmt::Write as _;
use std::path::PathBuf;

use olm_graph_core::cluster::{diagnose, read_cluster_files, Diagnosis, GivenCatalog};
use olm_graph_core::load::{read_paths, Limits};
use olm_graph_core::model::Catalog;

use crate::args::DiagnoseArgs;
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input::{load_with_crds, report_load_errors};
use crate::output::{print, print_json};

/// Runs `diagnose`: exit 0 when the state was read, 1 when nothing could be read.
pub fn run(args: DiagnoseArgs) -> CmdResult {
    let limits = Limits::process_default();
    let read = read_paths(&args.state, &limits).map_err(|e| CliError::Input(e.to_string()))?;
    let mut state = read_cluster_files(&read.files, &limits);
    state.diagnostics.splice(0..0, read.notes);
    let given = catalogs(&args.catalog)?;
    let refs: Vec<GivenCatalog> = given
        .iter()
        .map(|(source, label, catalog)| GivenCatalog {
            source: source.as_deref(),
            label,
            catalog,
        })
        .collect();
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

/// The `--catalog` values loaded: `(SOURCE, PATH as given, catalog)`.
fn catalogs(values: &[String]) -> Result<Vec<(Option<String>, String, Catalog)>, CliError> {
    let mut out = Vec::new();
    for v in values {
        let (source, path) = match v.split_once('=') {
            Some((s, p)) if !s.is_empty() && !p.is_empty() => (Some(s.to_string()), p),
            Some(_) => {
                return Err(CliError::Input(format!(
                    "--catalog {v}: expected SOURCE=PATH or PATH"
                )))
            }
            None => (None, v.as_str()),
        };
        let catalog = load_with_crds(&[PathBuf::from(path)])?;
        report_load_errors(&catalog);
        out.push((source, path.to_string(), catalog));
    }
    Ok(out)
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
