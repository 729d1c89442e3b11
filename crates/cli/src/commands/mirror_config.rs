//! `olm-graph mirror-config`: the smallest ImageSetConfiguration that keeps what a cluster
//! state runs (spec/mirror.md §7), as YAML or, with `--json`, each range with its reason.

use std::fmt::Write as _;

use olm_graph_core::cluster::diagnose;
use olm_graph_core::mirror::{config_from_state, StateCatalog, StateMirrorConfig};

use crate::args::MirrorConfigArgs;
use crate::cluster_input::{as_given, given_catalogs, read_state};
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::output::{print_diagnostics, print_json, write_stdout};

/// Reads the state and the catalogs, plans the configuration, writes it.
///
/// # Complexity
/// Loading, [`diagnose`], then what [`config_from_state`] costs.
pub fn run(args: MirrorConfigArgs) -> CmdResult {
    if args.catalog_image.len() > args.catalogs.len() {
        return Err(CliError::Usage(format!(
            "{} --catalog-image for {} catalogs: give at most one per CATALOG, in order",
            args.catalog_image.len(),
            args.catalogs.len()
        )));
    }
    let state = read_state(&args.state)?;
    print_diagnostics(state.diagnostics.iter().filter(|d| d.is_error()));
    if state.object_count() == 0 {
        return Err(CliError::Input("no Subscription, ClusterServiceVersion, ClusterExtension or other OLM object was read from --for".into()));
    }
    let loaded = given_catalogs(&args.catalogs, "")?;
    let given = as_given(&loaded);
    let report = diagnose(&state, &given);
    let catalogs: Vec<StateCatalog> = given
        .iter()
        .enumerate()
        .map(|(i, g)| StateCatalog {
            given: *g,
            image: args.catalog_image.get(i).map(String::as_str),
        })
        .collect();
    let plan = config_from_state(&state, &report, &catalogs, args.all_packages);
    if !plan.no_image.is_empty() {
        return Err(CliError::Usage(format!(
            "no catalog image known for {}: the state names none for its operators; give --catalog-image REF",
            plan.no_image.join(", ")
        )));
    }
    if plan.operators.is_empty() {
        eprint!("{}", problems(&plan));
        return Err(CliError::Input(
            "no installed operator of the state is served by the catalogs given".into(),
        ));
    }
    write(&args, &plan)?;
    eprint!("{}", problems(&plan));
    Ok(if plan.unserved.is_empty() && !plan.has_errors() {
        ExitStatus::Success
    } else {
        ExitStatus::Failure
    })
}

/// The YAML to `-o` or standard output; with `--json`, the plan to standard output.
fn write(args: &MirrorConfigArgs, plan: &StateMirrorConfig) -> Result<(), CliError> {
    let yaml = plan.yaml();
    if let Some(out) = &args.output {
        std::fs::write(out, &yaml)
            .map_err(|e| CliError::Input(format!("cannot write {}: {e}", out.display())))?;
    }
    if args.json {
        print_json(plan)?;
    } else if args.output.is_none() {
        write_stdout(&yaml);
    }
    Ok(())
}

/// The operators not served and the cuts that still fail, one line each (for stderr).
///
/// # Complexity
/// O(size of the plan).
fn problems(plan: &StateMirrorConfig) -> String {
    let mut out = String::new();
    for u in &plan.unserved {
        let bundle = u.bundle.as_deref().unwrap_or("-");
        let _ = writeln!(
            out,
            "olm-graph: not served: {} ({} {bundle}): {}",
            u.operator, u.package, u.why
        );
    }
    for c in &plan.catalogs {
        for p in &c.packages {
            for e in &p.errors {
                let _ = writeln!(out, "olm-graph: {}: {}: {e}", c.catalog, p.name);
            }
        }
    }
    out
}
