//! `olm-graph diff-series`: what each switch along a series of catalogs does (one subfolder per
//! platform version).

use olm_graph_core::change::diff::FATES;
use olm_graph_core::change::{diff_series, DiffOptions};
use serde_json::json;

use crate::args::DiffSeriesArgs;
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input::{load, series_folders};
use crate::output::print_json;

/// Prints what each switch along the series does: the count of each fate, the changes.
///
/// # Complexity
/// What the diff in core costs for each of the S - 1 switches of S catalogs.
pub fn run(args: DiffSeriesArgs) -> CmdResult {
    let switch = &args.switch;
    let dirs = series_folders(&args.dir)?;
    if dirs.len() < 2 {
        return Err(CliError::Usage(format!(
            "{} needs at least two subfolders, one catalog each",
            args.dir.display()
        )));
    }
    let mut catalogs = Vec::new();
    for (label, path) in dirs {
        let c = load(&[path])?;
        catalogs.push((label, c));
    }
    let options = DiffOptions {
        channel: switch.channel.clone(),
        resolver: switch.resolver,
    };
    let steps = diff_series(&catalogs, &switch.package, &options);
    if switch.json {
        let records: Vec<_> = steps
            .iter()
            .map(|s| {
                let counts: serde_json::Map<String, serde_json::Value> = FATES
                    .iter()
                    .map(|f| (f.as_str().to_string(), json!(s.count(*f))))
                    .collect();
                match &s.diff {
                    Ok(d) => json!({
                        "from": s.from, "to": s.to, "counts": counts,
                        "bundles_added": d.bundles_added.len(), "bundles_removed": d.bundles_removed.len(),
                        "channels_added": d.channels_added, "channels_removed": d.channels_removed,
                        "heads_moved": d.heads_moved.len(), "deprecations_added": d.deprecations_added,
                    }),
                    Err(e) => json!({"from": s.from, "to": s.to, "counts": counts, "error": e.to_string()}),
                }
            })
            .collect();
        print_json(&records)?;
        return Ok(ExitStatus::Success);
    }
    println!("package {}", switch.package);
    for s in &steps {
        match &s.diff {
            Ok(d) => {
                let counts: Vec<String> = FATES
                    .iter()
                    .map(|f| format!("{} {}", s.count(*f), f.as_str()))
                    .collect();
                println!(
                    "  {} -> {}: {}; bundles +{} -{}, channels +{} -{}, heads moved {}",
                    s.from,
                    s.to,
                    counts.join(", "),
                    d.bundles_added.len(),
                    d.bundles_removed.len(),
                    d.channels_added.len(),
                    d.channels_removed.len(),
                    d.heads_moved.len()
                );
            }
            Err(e) => println!("  {} -> {}: {e}", s.from, s.to),
        }
    }
    Ok(ExitStatus::Success)
}
