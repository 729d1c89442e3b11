//! `olm-graph graph`: a package's upgrade graphs, as a text summary or the JSON document.

use olm_graph_core::document::{graph_document, GraphDocumentOptions};
use olm_graph_core::graph::{channel_graphs, ChannelGraph};
use olm_graph_core::model::Package;

use crate::args::GraphArgs;
use crate::error::{request, CmdResult, ExitStatus};
use crate::input::{self, load, load_with_crds, report_load_errors};
use crate::output::{out, print_json};

/// Prints the package's channels (or the one asked for) with their nodes and typed edges.
///
/// # Complexity
/// O(B + E) for the package's B bundles and E upgrade edges over its channels.
pub fn run(args: GraphArgs) -> CmdResult {
    // The JSON edges carry CRD-safety verdicts when the bundles carry their manifests.
    let catalog = if args.json {
        load_with_crds(&args.paths)?
    } else {
        load(&args.paths)?
    };
    report_load_errors(&catalog);
    let package = &args.package;
    let pkg = input::package(&catalog, package)?;
    let channel = args.channel.as_deref();
    if let Some(c) = channel {
        if pkg.channel(c).is_none() {
            return Err(request(format!("package {package:?} has no channel {c:?}")));
        }
    }
    let graphs = channel_graphs(pkg);
    if args.json {
        let doc = graph_document(
            pkg,
            &graphs,
            &GraphDocumentOptions {
                channel: args.channel.clone(),
                resolver: args.resolver,
            },
        );
        print_json(&doc)?;
    } else {
        print_text(pkg, &graphs, channel);
    }
    Ok(ExitStatus::Success)
}

/// The text summary: one line per channel, then one per edge.
///
/// # Complexity
/// O(E) for the E edges of the channels printed.
fn print_text(pkg: &Package, graphs: &[ChannelGraph], channel: Option<&str>) {
    out!(
        "package {} (default channel {})",
        pkg.name,
        pkg.default_channel.as_deref().unwrap_or("(none)")
    );
    for g in graphs
        .iter()
        .filter(|g| channel.is_none_or(|c| c == g.channel))
    {
        let head = g
            .head
            .name()
            .map_or_else(|| g.head.error().unwrap_or_default(), str::to_string);
        out!(
            "  channel {}: {} entries, {} virtual, {} edges, head {head}",
            g.channel,
            g.entry_count(),
            g.nodes.len() - g.entry_count(),
            g.edges.len()
        );
        for e in &g.edges {
            let range = e
                .range
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            out!(
                "    {} -> {} [{}{range}]",
                g.nodes[e.from].name,
                g.nodes[e.to].name,
                e.kind.as_str()
            );
        }
    }
}
