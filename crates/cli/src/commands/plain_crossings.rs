//! `olm-graph plain-crossings` (hidden): the edge crossings of a `dot -Tplain` layout, for
//! `scripts/bench-graphviz.sh`.

use olm_graph_core::export::dot::{parse_plain, plain_crossings};

use crate::args::PlainCrossingsArgs;
use crate::error::{CliError, CmdResult, ExitStatus};

/// Runs the hidden `plain-crossings` helper: crossings of a `dot -Tplain` layout, counted as
/// straight segments between node centres and as flattened splines.
pub fn run(args: PlainCrossingsArgs) -> CmdResult {
    let text = if args.file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| CliError::Input(format!("stdin: {e}")))?;
        s
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|e| CliError::Input(format!("{}: {e}", args.file.display())))?
    };
    let plain =
        parse_plain(&text).map_err(|e| CliError::Input(format!("{}: {e}", args.file.display())))?;
    let (centres, splines) = plain_crossings(&plain);
    println!("nodes {}", plain.nodes.len());
    println!("edges {}", plain.edges.len());
    println!("crossings-centres {centres}");
    println!("crossings-splines {splines}");
    Ok(ExitStatus::Success)
}
