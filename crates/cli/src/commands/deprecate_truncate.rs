//! `olm-graph deprecate-truncate`: deprecate a bundle and truncate the graph below it, writing
//! the new catalog (FBC JSON).

use olm_graph_core::change::{deprecate_truncate, write_truncated, TruncateOptions};

use crate::args::DeprecateTruncateArgs;
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input::{self, load_keeping_files};
use crate::output::print_json;

/// Deprecates the bundle, truncates the graph below it, writes the new catalog and prints the
/// report.
///
/// # Complexity
/// What [`deprecate_truncate`] and [`write_truncated`] cost, then O(B) to print the B bundles
/// and channels named.
pub fn run(args: DeprecateTruncateArgs) -> CmdResult {
    let (catalog, inputs) = load_keeping_files(&args.paths)?;
    let errors: Vec<_> = catalog
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    if !errors.is_empty() {
        for d in errors.iter().take(10) {
            eprintln!("{d}");
        }
        return Err(CliError::Request(
            "the catalog has load errors; fix them before rewriting it (see `olm-graph lint`)"
                .into(),
        ));
    }
    let options = TruncateOptions {
        bundle: args.bundle.clone(),
        message: args.message.clone(),
        legacy_property: args.legacy_property,
        allow_package_removal: args.allow_package_removal,
    };
    let pkg = input::package(&catalog, &args.package)?;
    let (new_pkg, report) =
        deprecate_truncate(pkg, &options).map_err(|e| CliError::Request(e.to_string()))?;
    let text =
        write_truncated(&inputs, &report, &new_pkg).map_err(|e| CliError::Input(e.to_string()))?;
    std::fs::write(&args.output, text)
        .map_err(|e| CliError::Input(format!("cannot write {}: {e}", args.output.display())))?;
    if args.json {
        print_json(&report)?;
    } else {
        println!(
            "deprecated {} in package {}: {:?}",
            report.bundle, report.package, report.message
        );
        let list = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(", ")
            }
        };
        println!("  tail below it: {}", list(&report.tail));
        println!("  bundles removed: {}", list(&report.removed_bundles));
        println!("  channels removed: {}", list(&report.removed_channels));
        if report.package_removed {
            println!("  the whole package is removed");
        }
        println!("  clusters left stranded on: {}", list(&report.stranded));
        println!("wrote {}", args.output.display());
    }
    Ok(ExitStatus::Success)
}
