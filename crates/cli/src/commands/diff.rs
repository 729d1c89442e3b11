//! `olm-graph diff`: what switching catalogs (e.g. on a cluster upgrade) does to each installed
//! bundle.

use std::fmt::Write as _;
use std::process::ExitCode;

use olm_graph_core::lifecycle::{diff_packages, package_fates, DiffOptions, DiffSide, PackageDiff};
use olm_graph_core::model::Catalog;
use serde_json::json;

use crate::args::DiffArgs;
use crate::error::{CliError, CmdResult};
use crate::input::load_pair;

/// Paths up to this many hops are printed in full by `diff`; longer ones are shortened.
const LISTED_HOPS: usize = 16;

/// Prints what switching from the old catalog to the new one does to each installed bundle.
///
/// # Complexity
/// What the diff in core costs, then O(B + H) to print B bundles with H hops in all (paths past
/// [`LISTED_HOPS`] hops shortened in text).
pub fn run(args: DiffArgs) -> CmdResult {
    let (old, new) = load_pair(&args.old, &args.to)?;
    let switch = &args.switch;
    let options = DiffOptions {
        channel: switch.channel.clone(),
        resolver: switch.resolver,
    };
    let d = diff_side_by_side(&old, &new, &switch.package, &options)?;
    if switch.json {
        let records: Vec<_> = d
            .fates
            .iter()
            .map(|f| json!({"bundle": f.bundle, "status": f.status.as_str(), "path": d.path(f)}))
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&records).unwrap_or_default()
        );
        return Ok(ExitCode::SUCCESS);
    }
    print!("{}", diff_text(&d));
    // The process ends here: freeing two big catalogs one allocation at a time would only
    // delay the exit.
    std::mem::forget((old, new, d));
    Ok(ExitCode::SUCCESS)
}

/// [`olm_graph_core::lifecycle::diff_package`], with the two packages' graphs built on a second thread while this one
/// follows the old bundles into the new catalog.
fn diff_side_by_side(
    old: &Catalog,
    new: &Catalog,
    package: &str,
    options: &DiffOptions,
) -> Result<PackageDiff, CliError> {
    let (op, np) =
        diff_packages(old, new, package, options).map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(std::thread::scope(|s| {
        let sides = s.spawn(|| (DiffSide::of(Some(op)), DiffSide::of(np)));
        let fates = package_fates(op, np, options);
        let (old_side, new_side) = sides
            .join()
            .unwrap_or_else(|_| (DiffSide::of(Some(op)), DiffSide::of(np)));
        PackageDiff::from_parts(package, &old_side, &new_side, fates)
    }))
}

/// The text `diff` prints: what changed, then each installed bundle's fate and path (paths past
/// [`LISTED_HOPS`] hops are shortened; `--json` lists every hop).
///
/// # Complexity
/// O(B + H) for B bundles and H hops listed.
pub fn diff_text(d: &PackageDiff) -> String {
    let mut out = String::new();
    let list = |v: &[String]| match v.len() {
        0 => "none".to_string(),
        n if n <= 8 => v.join(", "),
        n => format!("{n}: {}, ... (--json lists all)", v[..5].join(", ")),
    };
    let _ = writeln!(out, "package {}", d.package);
    let _ = writeln!(out, "  bundles added: {}", list(&d.bundles_added));
    let _ = writeln!(out, "  bundles removed: {}", list(&d.bundles_removed));
    let _ = writeln!(out, "  channels added: {}", list(&d.channels_added));
    let _ = writeln!(out, "  channels removed: {}", list(&d.channels_removed));
    for h in &d.heads_moved {
        let _ = writeln!(
            out,
            "  head of {} moved: {} -> {}",
            h.channel,
            h.old.as_deref().unwrap_or("(none)"),
            h.new.as_deref().unwrap_or("(none)")
        );
    }
    let _ = writeln!(
        out,
        "  edges added: {}, removed: {}",
        d.edges_added.len(),
        d.edges_removed.len()
    );
    let _ = writeln!(out, "  deprecations added: {}", list(&d.deprecations_added));
    let _ = writeln!(out, "after the switch:");
    for f in &d.fates {
        let path = match (f.hops, &f.next) {
            (0, _) | (_, None) => String::new(),
            (1..=LISTED_HOPS, _) => format!("  {}", d.path(f).join(" -> ")),
            (hops, Some(next)) => format!(
                "  {} -> {next} -> ... -> {} ({hops} hops; --json lists them all)",
                f.bundle, f.end
            ),
        };
        let _ = writeln!(
            out,
            "  {} [{}]: {}{path}",
            f.bundle,
            f.channel,
            f.status.as_str()
        );
    }
    out
}
