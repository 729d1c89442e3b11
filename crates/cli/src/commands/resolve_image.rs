//! `olm-graph resolve-image`: a CatalogSource image template (olm.catalogImageTemplate)
//! resolved for a cluster.

use olm_graph_core::change::{resolve_template, ClusterValues, Dialect};

use crate::args::ResolveImageArgs;
use crate::error::{CmdResult, ExitStatus};
use crate::output::print_json;

/// Prints the resolved image (or, on failure, the message and what was resolved, exit 1).
pub fn run(args: ResolveImageArgs) -> CmdResult {
    let values = ClusterValues {
        kube_version: args.kube_version,
        olm_version: args.olm_version,
        ocp_version: args.ocp_version,
        architecture: args.arch,
        ocp_update_channels: args.ocp_channel,
    };
    let dialect = if args.upstream_only {
        Dialect::Upstream
    } else {
        Dialect::Extended
    };
    let r = resolve_template(&args.template, &values, dialect);
    if args.json {
        print_json(&r)?;
    } else if r.ok {
        println!("{}", r.resolved_image);
    } else {
        eprintln!("{}", r.message);
        eprintln!("ResolvedImage: {}", r.resolved_image);
    }
    Ok(if r.ok {
        ExitStatus::Success
    } else {
        ExitStatus::Failure
    })
}
