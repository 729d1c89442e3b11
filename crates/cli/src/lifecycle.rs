//! Catalog lifecycle commands: deprecate-truncate, resolve-image, diff, diff-series.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use olm_graph_core::lifecycle::diff::FATES;
use olm_graph_core::lifecycle::{
    deprecate_truncate, diff_packages, diff_series as core_diff_series, package_fates,
    resolve_template, write_truncated, ClusterValues, Dialect, DiffOptions, DiffSide, PackageDiff,
    PathListing, TruncateOptions,
};
use olm_graph_core::load::{read_paths, Limits};
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::Resolver;
use olm_graph_core::view::natural_cmp;
use olm_graph_core::InputFile;
use serde_json::json;

use crate::commands::{load, load_keeping_files, load_pair, CliError, CmdResult};
use crate::format::write_stdout;

/// Reads the files of the given paths for rewriting, as the loader reads them: directories walked
/// (honouring `.indexignore`), `-` for standard input, within the input limits.
pub(crate) fn read_inputs(paths: &[PathBuf]) -> Result<Vec<InputFile>, CliError> {
    let read = read_paths(paths, &Limits::process_default())
        .map_err(|e| CliError::Input(e.to_string()))?;
    for note in &read.notes {
        eprintln!("olm-graph: {note}");
    }
    Ok(read.files)
}

/// Arguments of `deprecate-truncate`.
pub struct TruncateArgs {
    pub paths: Vec<PathBuf>,
    pub package: String,
    pub options: TruncateOptions,
    pub output: PathBuf,
    pub json: bool,
}

pub fn truncate(args: TruncateArgs) -> CmdResult {
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
        return Err(CliError::Usage(
            "the catalog has load errors; fix them before rewriting it (see `olm-graph lint`)"
                .into(),
        ));
    }
    let pkg = catalog
        .package(&args.package)
        .ok_or_else(|| CliError::Usage(format!("unknown package {:?}", args.package)))?;
    let (new_pkg, report) =
        deprecate_truncate(pkg, &args.options).map_err(|e| CliError::Usage(e.to_string()))?;
    let text =
        write_truncated(&inputs, &report, &new_pkg).map_err(|e| CliError::Input(e.to_string()))?;
    std::fs::write(&args.output, text)
        .map_err(|e| CliError::Input(format!("cannot write {}: {e}", args.output.display())))?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        );
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
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `resolve-image`.
pub struct ImageArgs {
    pub template: String,
    pub values: ClusterValues,
    pub upstream_only: bool,
    pub json: bool,
}

pub fn resolve_image(args: ImageArgs) -> CmdResult {
    let dialect = if args.upstream_only {
        Dialect::Upstream
    } else {
        Dialect::Extended
    };
    let r = resolve_template(&args.template, &args.values, dialect);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&r).unwrap_or_default());
    } else if r.ok {
        println!("{}", r.resolved_image);
    } else {
        eprintln!("{}", r.message);
        eprintln!("ResolvedImage: {}", r.resolved_image);
    }
    Ok(if r.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Paths up to this many hops are printed in full by `diff`; longer ones are shortened.
const LISTED_HOPS: usize = 16;

/// Arguments of `diff`.
pub struct DiffArgs {
    pub old: Vec<PathBuf>,
    pub new: Vec<PathBuf>,
    pub package: String,
    pub channel: Option<String>,
    pub resolver: Resolver,
    pub json: bool,
    /// With `json`, also each fate's whole path.
    pub paths: bool,
}

/// `diff`: text, or the JSON document of [`PackageDiff::document`].
///
/// # Complexity
/// Loading and comparing as [`olm_graph_core::lifecycle::diff_package`]; the text and the JSON
/// output are O(B + S + D) for B old bundles, S steps and D changes (text paths are shortened
/// past [`LISTED_HOPS`] hops); `--paths` adds O(B × H) for paths of up to H hops.
pub fn diff(args: DiffArgs) -> CmdResult {
    let (old, new) = load_pair(&args.old, &args.new)?;
    let options = DiffOptions {
        channel: args.channel.clone(),
        resolver: args.resolver,
    };
    let d = diff_side_by_side(&old, &new, &args.package, &options)?;
    if args.json {
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
/// O(B + D) for B fates and D changes, listing at most [`LISTED_HOPS`] hops per path.
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

/// Arguments of `diff-series`.
pub struct SeriesArgs {
    pub dir: PathBuf,
    pub package: String,
    pub channel: Option<String>,
    pub resolver: Resolver,
    pub json: bool,
}

/// The subfolders of a series folder (one catalog per platform version), with their names,
/// in natural order (`v4.9` before `v4.10`).
pub(crate) fn series_folders(dir: &std::path::Path) -> Result<Vec<(String, PathBuf)>, CliError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| CliError::Input(format!("cannot read {}: {e}", dir.display())))?;
    let mut dirs: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    dirs.sort_by(|a, b| natural_cmp(&a.0, &b.0));
    Ok(dirs)
}

/// `diff-series`: one line, or one JSON record, per switch: the count of each fate and the
/// changes (counted, or listed for channels and deprecations), no paths.
///
/// # Complexity
/// The [`core_diff_series`] comparisons; the output is O(K + C) for K switches and C channels
/// and deprecations listed.
pub fn diff_series(args: SeriesArgs) -> CmdResult {
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
        channel: args.channel.clone(),
        resolver: args.resolver,
    };
    let steps = core_diff_series(&catalogs, &args.package, &options);
    if args.json {
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
        println!(
            "{}",
            serde_json::to_string_pretty(&records).unwrap_or_default()
        );
        return Ok(ExitCode::SUCCESS);
    }
    println!("package {}", args.package);
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
    Ok(ExitCode::SUCCESS)
}
