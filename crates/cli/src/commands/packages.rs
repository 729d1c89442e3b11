//! `olm-graph packages`: one line per package.

use olm_graph_core::graph::{channel_graphs, Head};

use crate::args::PackagesArgs;
use crate::error::{CmdResult, ExitStatus};
use crate::input::{load, report_load_errors};
use crate::output::out;

/// Prints each package's default channel, channels, bundle count and channel heads.
///
/// # Complexity
/// O(B + E) for B bundles and E upgrade edges over all packages: every channel's graph is built
/// once.
pub fn run(args: PackagesArgs) -> CmdResult {
    let catalog = load(&args.paths)?;
    report_load_errors(&catalog);
    for pkg in &catalog.packages {
        let graphs = channel_graphs(pkg);
        let heads: Vec<String> = graphs
            .iter()
            .map(|g| match &g.head {
                Head::Unique(h) => format!("{}={h}", g.channel),
                Head::None => format!("{}=(none)", g.channel),
                Head::Multiple(hs) => format!("{}=({})", g.channel, hs.join("|")),
            })
            .collect();
        let channels: Vec<&str> = pkg.channels.iter().map(|c| c.name.as_str()).collect();
        out!(
            "{}\tdefault={}\tchannels={}\tbundles={}\theads={}",
            pkg.name,
            pkg.default_channel.as_deref().unwrap_or("(none)"),
            channels.join(","),
            pkg.bundles.len(),
            heads.join(",")
        );
    }
    Ok(ExitStatus::Success)
}
