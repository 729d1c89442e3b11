//! `olm-graph diff`: what switching catalogs (e.g. on a cluster upgrade) does to each installed
//! bundle.

use olm_graph_core::change::{
    diff_packages, package_fates, DiffOptions, DiffSide, PackageDiff, PathListing,
};
use olm_graph_core::model::Catalog;

use crate::args::DiffArgs;
use crate::diff_text::diff_text;
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input::load_pair;
use crate::output::{print_json, write_stdout};

/// Prints what switching from the old catalog to the new one does to each installed bundle: text,
/// or the JSON document of [`PackageDiff::document`].
///
/// # Complexity
/// Loading and comparing as [`olm_graph_core::change::diff_package`]; the text and the JSON
/// output are O(B + S + D) for B old bundles, S steps and D changes (text paths are shortened
/// past [`crate::diff_text::LISTED_HOPS`] hops); `--paths` adds O(B × H) for paths of up to H hops.
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
        print_json(&d.document(&options, listing))?;
    } else {
        write_stdout(&diff_text(&d));
    }
    // The process ends here: freeing two big catalogs one allocation at a time would only
    // delay the exit.
    std::mem::forget((old, new, d));
    Ok(ExitStatus::Success)
}

/// [`olm_graph_core::change::diff_package`], with the two packages' graphs built on a second thread while this one
/// follows the old bundles into the new catalog.
fn diff_side_by_side(
    old: &Catalog,
    new: &Catalog,
    package: &str,
    options: &DiffOptions,
) -> Result<PackageDiff, CliError> {
    let (op, np) =
        diff_packages(old, new, package, options).map_err(|e| CliError::Request(e.to_string()))?;
    Ok(std::thread::scope(|s| {
        let sides = s.spawn(|| (DiffSide::of(Some(op)), DiffSide::of(np)));
        let fates = package_fates(op, np, options);
        let (old_side, new_side) = sides
            .join()
            .unwrap_or_else(|_| (DiffSide::of(Some(op)), DiffSide::of(np)));
        PackageDiff::from_parts(package, &old_side, &new_side, fates)
    }))
}
