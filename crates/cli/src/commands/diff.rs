//! `olm-graph diff`: what switching catalogs (e.g. on a cluster upgrade) does to each installed
//! bundle.

use std::fmt::Write as _;
use std::process::ExitCode;

use olm_graph_core::lifecycle::{
    diff_packages, package_fates, DiffOptions, DiffSide, PackageDiff, PathListing,
};
use olm_graph_core::model::Catalog;

use crate::args::DiffArgs;
use crate::error::{CliError, CmdResult};
use crate::input::load_pair;
use crate::output::write_stdout;

/// Paths up to this many hops are printed in full by `diff`; longer ones are shortened.
const LISTED_HOPS: usize = 16;

/// Prints what switching from the old catalog to the new one does to each installed bundle: text,
/// or the JSON document of [`PackageDiff::document`].
///
/// # Complexity
/// Loading and comparing as [`olm_graph_core::lifecycle::diff_package`]; the text and the JSON
/// output are O(B + S + D) for B old bundles, S steps and D changes (text paths are shortened
/// past [`LISTED_HOPS`] hops); `--paths` adds O(B × H) for paths of up to H hops.
pub fn run(args: DiffArgs) -> CmdResult {
    let (old, new) = load_pair(&args.old, &args.to)?;
    let switch = &args.switch;
    let options = DiffOptions {
        channel: switch.channel.clone(),
        resolver: switch.resolver,
    };
    let d = diff_side_by_side(&old, &new, &switch.package, &options)?;
    if switch.json {
        let listing = if args.paths {
            PathListing::Whole
        } else {
            PathListing::Linked
        };
        write_json(&d.document(&options, listing));
    } else {
        write_stdout(&diff_text(&d));
    }
    // The process ends here: freeing two big catalogs one allocation at a time would only
    // delay the exit.
    std::mem::forget((old, new, d));
    Ok(ExitCode::SUCCESS)
}

/// Writes `doc` to stdout as indented JSON and a newline, as it is serialized (no copy of the
/// whole text); a closed pipe ends the program quietly.
fn write_json(doc: &impl serde::Serialize) {
    use std::io::Write as _;
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut out, doc)
        .map_err(std::io::Error::from)
        .and_then(|_| writeln!(out))
        .and_then(|_| out.flush());
    if written.is_err() {
        std::process::exit(0);
    }
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
/// [`LISTED_HOPS`] hops are shortened; `--json --paths` lists every hop).
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
                "  {} -> {next} -> ... -> {} ({hops} hops; --json --paths lists them all)",
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
