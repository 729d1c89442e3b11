//! `olm-graph review`: what a catalog change does, as a pull-request report (Markdown or JSON),
//! with an exit status a pipeline can gate on: 1 when the change does what `--fail-on` names,
//! 0 otherwise, 2 for input that cannot be read or bad arguments.

mod formats;
mod git;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use olm_graph_core::diag::Rule;
use olm_graph_core::export::{render, RenderFormat, RenderRequest};
use olm_graph_core::load::{has_catalog_extension, read_paths, Limits};
use olm_graph_core::model::Catalog;
use olm_graph_core::preflight::{self, default_pipeline, Report};
use olm_graph_core::review::{
    markdown, review_catalogs, Change, FailOn, FailOnCondition, FailReason, MarkdownOptions,
    Review, ReviewOptions,
};
use serde::Serialize;

use crate::args::{ReviewArgs, ReviewFormat};
use crate::clock::today;
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::output::{json_text, write_stdout};
use crate::preflight_report;
use git::Side;

fn fail(message: impl Into<String>) -> CliError {
    CliError::Input(message.into())
}

/// Runs `olm-graph review`.
pub fn run(args: ReviewArgs) -> CmdResult {
    let fail_on = fail_on(&args.fail_on)?;
    let sides = match &args.git {
        Some(range) => {
            let g = git::sides(range, &args.paths)?;
            Sides {
                old: g.old,
                new: g.new,
                _git: Some(g.files),
            }
        }
        None => plain_sides(&args)?,
    };
    let old = load_side(&sides.old)?;
    let new = load_side(&sides.new)?;
    let roots = |s: &Side| s.paths.iter().map(|p| p.display().to_string()).collect();
    let options = ReviewOptions {
        old_label: sides.old.label.clone(),
        new_label: sides.new.label.clone(),
        old_roots: roots(&sides.old),
        new_roots: roots(&sides.new),
        as_of: Some(args.as_of.unwrap_or_else(today)),
    };
    let mut review = review_catalogs(&old, &new, &options).map_err(|e| fail(e.to_string()))?;
    let pipeline = args
        .pipeline
        .map_or_else(|| default_pipeline(&new), |p| p.0);
    // spec/preflight.md §13, item 3: the old side stands for Konflux's target index. The
    // checks of the operator's files (ci.yaml, release configs, catalogs) read the new side's
    // files again: reading them is cheap beside parsing them.
    let preflight = match pipeline {
        Some(p) => {
            let files = read_paths(&sides.new.paths, &Limits::process_default())
                .map_err(|e| fail(sides.new.display(&e.to_string())))?
                .files;
            Some(preflight::run_with_files(
                p,
                &new,
                &files,
                std::slice::from_ref(&old),
            ))
        }
        None => None,
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    let annotations = (args.format == ReviewFormat::Github).then(|| {
        formats::github(&review, preflight.as_ref(), &new, &|f| {
            sides.new.repo_file(f, &cwd)
        })
    });
    review.map_files(|f| {
        let shown = sides.old.display(f);
        if shown != f {
            shown
        } else {
            sides.new.display(f)
        }
    });
    if let Some(dir) = &args.svg_dir {
        write_svgs(&review, &old, &new, dir)?;
    }
    let failures = review.failures(&fail_on);
    let text = match annotations {
        Some(annotations) => annotations,
        None => report_text(args.format, &review, &failures, fail_on, preflight.as_ref())?,
    };
    match &args.output {
        Some(file) => std::fs::write(file, text.as_bytes())
            .map_err(|e| fail(format!("{}: {e}", file.display())))?,
        None => write_stdout(&text),
    }
    for f in &failures {
        eprintln!("olm-graph review: fails: {f}");
    }
    Ok(if failures.is_empty() {
        ExitStatus::Success
    } else {
        ExitStatus::Failure
    })
}

/// The report in a format other than `github`, with the pre-flight report after the review.
fn report_text(
    format: ReviewFormat,
    review: &Review,
    failures: &[FailReason],
    fail_on: FailOn,
    preflight: Option<&Report>,
) -> Result<String, CliError> {
    Ok(match format {
        ReviewFormat::Markdown => {
            let mut text = markdown(
                review,
                &MarkdownOptions {
                    fail_on,
                    ..MarkdownOptions::default()
                },
            );
            if let Some(report) = preflight {
                text.push('\n');
                text.push_str(&preflight_report::markdown(report));
            }
            text
        }
        ReviewFormat::Json => json_report(review, failures, preflight)?,
        ReviewFormat::Text | ReviewFormat::Github => formats::text(review, failures, preflight),
    })
}

/// The two sides, and the git checkout that must live while they are read.
struct Sides {
    old: Side,
    new: Side,
    _git: Option<tempfile::TempDir>,
}

fn plain_sides(args: &ReviewArgs) -> Result<Sides, CliError> {
    if args.paths.is_empty() || args.to.is_empty() {
        return Err(fail(
            "review needs the old catalog and --to the new one (olm-graph review OLD... --to NEW...), or --git BASE[..HEAD] [PATH...]",
        ));
    }
    let label = |paths: &[PathBuf]| -> String {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        names.join(" ")
    };
    Ok(Sides {
        old: Side {
            label: label(&args.paths),
            paths: args.paths.clone(),
            rewrite: None,
        },
        new: Side {
            label: label(&args.to),
            paths: args.to.clone(),
            rewrite: None,
        },
        _git: None,
    })
}

/// What `--fail-on` names; `none` stands alone.
fn fail_on(conditions: &[FailOnCondition]) -> Result<FailOn, CliError> {
    FailOn::from_conditions(conditions)
        .ok_or_else(|| fail("--fail-on none cannot be combined with other conditions"))
}

/// Loads a side and checks that each of its paths holds a catalog.
fn load_side(side: &Side) -> Result<Catalog, CliError> {
    // With the bundles' CRDs, an upgrade edge the change makes unsafe for OLM v1 is a new
    // `crd.upgrade-unsafe` finding.
    let catalog = crate::input::load_plain_with_crds(&side.paths)
        .map_err(|e| fail(side.display(&e.to_string())))?;
    for p in side.paths.iter().filter(|p| p.as_os_str() != "-") {
        let root = p.display().to_string();
        let root = root.trim_end_matches('/');
        let under = |file: &str| {
            file == root
                || file
                    .strip_prefix(root)
                    .is_some_and(|rest| rest.starts_with('/'))
        };
        let holds_catalog = catalog
            .files
            .iter()
            .filter(|f| under(&f.path))
            .any(|f| f.packages + f.channels + f.bundles + f.deprecations > 0);
        // A .json or .yaml file that does not parse is a broken catalog (its error is a
        // finding), not a file of another kind.
        let broken = catalog.diagnostics.iter().any(|d| {
            matches!(d.rule(), Rule::LoadJson | Rule::LoadYaml)
                && d.location
                    .as_ref()
                    .is_some_and(|l| under(&l.file) && has_catalog_extension(&l.file))
        });
        if !holds_catalog && !broken {
            return Err(fail(format!(
                "{} ({}) holds no catalog: no olm.package, olm.channel, olm.bundle or olm.deprecations object",
                side.display(&p.display().to_string()),
                side.label
            )));
        }
    }
    Ok(catalog)
}

/// A file name for a package and channel: anything but letters, digits, `.`, `_` and `-`
/// becomes `_`.
fn file_stem(package: &str, channel: &str) -> String {
    format!("{package}-{channel}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// One SVG per changed channel, from the new catalog (the old one for a removed channel).
fn write_svgs(review: &Review, old: &Catalog, new: &Catalog, dir: &Path) -> Result<(), CliError> {
    std::fs::create_dir_all(dir).map_err(|e| fail(format!("{}: {e}", dir.display())))?;
    let mut used = HashSet::new();
    let mut written = 0;
    for p in &review.packages {
        for c in &p.channels {
            let catalog = if c.change == Change::Removed {
                old
            } else {
                new
            };
            let request = RenderRequest {
                channel: Some(c.channel.clone()),
                ..RenderRequest::new(p.package.clone(), RenderFormat::Svg)
            };
            let svg = render(catalog, &request).map_err(|e| fail(e.to_string()))?;
            let stem = file_stem(&p.package, &c.channel);
            let mut name = format!("{stem}.svg");
            let mut n = 1;
            while !used.insert(name.clone()) {
                n += 1;
                name = format!("{stem}-{n}.svg");
            }
            let file = dir.join(&name);
            std::fs::write(&file, svg.text.as_bytes())
                .map_err(|e| fail(format!("{}: {e}", file.display())))?;
            written += 1;
        }
    }
    eprintln!("olm-graph review: {written} SVG files in {}", dir.display());
    Ok(())
}

#[derive(Serialize)]
struct JsonReport<'a> {
    passed: bool,
    failures: &'a [FailReason],
    #[serde(flatten)]
    review: &'a Review,
    /// The new side's pre-flight report, when a pipeline is chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    preflight: Option<&'a Report>,
}

/// The `--format json` report: the review as it is, with the verdict and the pre-flight report.
///
/// # Complexity
/// O(S) for the size S of the review: its lists, its pictures, one outcome per installed
/// bundle and resolver (first hop, end and length of its path) and the paths' hops once per
/// channel and resolver; no path is repeated per bundle.
fn json_report(
    review: &Review,
    failures: &[FailReason],
    preflight: Option<&Report>,
) -> Result<String, CliError> {
    let doc = JsonReport {
        passed: failures.is_empty(),
        failures,
        review,
        preflight,
    };
    json_text(&doc)
}
