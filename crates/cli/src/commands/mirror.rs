//! `olm-graph mirror`: what oc-mirror v2 keeps of a catalog under an ImageSetConfiguration
//! (spec/mirror.md), the bundles the cut strands, and the kept catalog as FBC.

use std::fmt::Write as _;

use olm_graph_core::load::Limits;
use olm_graph_core::mirror::{
    add_opm_findings, config_error, kept_catalog, mirror_catalog, read_config, validate_config,
    write_kept, MirrorOptions, MirrorReport, Stranded,
};
use olm_graph_core::model::Catalog;
use olm_graph_core::validate::lint_catalog;
use olm_graph_core::{load_files, InputFile};

use crate::args::MirrorArgs;
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input::load_keeping_files;
use crate::output::{print_diagnostics, print_json, write_stdout};

/// Reads the configuration, cuts the catalog, checks the cut with opm's rules, writes it when
/// asked and prints the report.
///
/// # Complexity
/// What loading and [`mirror_catalog`] cost (linear in the catalog), plus writing the kept
/// catalog and reading it back.
pub fn run(args: MirrorArgs) -> CmdResult {
    let path = args.config.display().to_string();
    let text = std::fs::read_to_string(&args.config)
        .map_err(|e| CliError::Input(format!("cannot read {path}: {e}")))?;
    let cfg = read_config(&path, &text, &Limits::process_default());
    print_diagnostics(cfg.diagnostics.iter());
    if cfg.has_errors() {
        return Err(CliError::Input(format!(
            "{path}: the ImageSetConfiguration cannot be read (see above)"
        )));
    }
    let entry = cfg
        .entry(args.catalog.as_deref())
        .map_err(CliError::Usage)?;
    let (catalog, files) = load_keeping_files(&args.paths)?;
    print_diagnostics(catalog.diagnostics.iter().filter(|d| d.is_error()));
    let options = MirrorOptions {
        installed: args.installed.clone(),
    };
    let mut report = mirror_catalog(&catalog, entry, &options);
    let catalog_wide = validate_config(&cfg)
        .into_iter()
        .filter(|e| e.package.is_empty());
    report.errors.extend(catalog_wide.map(config_error));
    // The kept catalog is written and read back even without -o: opm's conversion rules (a
    // deprecation naming a dropped channel) only show on the written objects.
    let checked = match write_kept(&files, &report.kept) {
        Ok(text) => {
            if let Some(out) = &args.output {
                std::fs::write(out, &text)
                    .map_err(|e| CliError::Input(format!("cannot write {}: {e}", out.display())))?;
            }
            let name = args
                .output
                .as_ref()
                .map_or("kept.json".into(), |o| o.display().to_string());
            load_files(vec![InputFile::new(name, text)])
        }
        Err(e) if args.output.is_some() => return Err(CliError::Input(e.to_string())),
        Err(_) => kept_catalog(&report),
    };
    add_opm_errors(&mut report, &checked);
    if args.json {
        print_json(&report)?;
    } else {
        write_stdout(&report_text(&report));
    }
    Ok(if report.errors.is_empty() {
        ExitStatus::Success
    } else {
        ExitStatus::Failure
    })
}

/// opm's errors on the kept catalog, as findings of the cut (with opm's message).
///
/// # Complexity
/// What [`lint_catalog`] costs on the kept catalog.
fn add_opm_errors(report: &mut MirrorReport, kept: &Catalog) {
    add_opm_findings(report, &lint_catalog(kept));
}

/// The text report: per package and channel, kept/total, the new head, what the chain needed;
/// then errors, warnings and stranded bundles.
///
/// # Complexity
/// O(K + S) for K kept bundles named and S stranded bundles.
fn report_text(r: &MirrorReport) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "catalog {}", r.catalog);
    for (pkg, cuts) in r.kept.iter().zip(&r.cuts) {
        let default = pkg.default_channel.as_deref().unwrap_or("(none)");
        let _ = writeln!(out, "package {} (default channel {default})", pkg.name);
        for c in cuts {
            let _ = writeln!(
                out,
                "  channel {}: kept {}/{}, head {}",
                c.name,
                c.bundles.len(),
                c.total,
                c.head
            );
            if !c.required.is_empty() {
                let _ = writeln!(
                    out,
                    "    kept only for the chain: {}",
                    c.required.join(", ")
                );
            }
        }
    }
    for (label, list) in [("error", &r.errors), ("warning", &r.warnings)] {
        for m in list {
            let at = match &m.package {
                Some(p) if !p.is_empty() => format!("{p}: "),
                _ => String::new(),
            };
            let _ = writeln!(out, "{label}: {at}{}", m.message);
        }
    }
    for s in &r.stranded {
        let _ = writeln!(out, "{}", stranded_line(s));
    }
    let _ = writeln!(
        out,
        "{} packages kept, {} errors, {} warnings, {} stranded",
        r.packages.len(),
        r.errors.len(),
        r.warnings.len(),
        r.stranded.len()
    );
    out
}

fn stranded_line(s: &Stranded) -> String {
    let version = s
        .version
        .as_deref()
        .map(|v| format!(" ({v})"))
        .unwrap_or_default();
    let fix = match (&s.change, &s.note) {
        (Some(c), _) => {
            let scope = match c.scope {
                olm_graph_core::mirror::Scope::Package => format!("package {}", s.package),
                olm_graph_core::mirror::Scope::Channel => format!("channel {}", s.channel),
            };
            format!("set {} {} to {}", scope, c.field, c.value)
        }
        (None, Some(n)) => n.clone(),
        (None, None) => String::new(),
    };
    let kept = if s.kept { "kept" } else { "dropped" };
    format!(
        "stranded: {}/{} {}{version}, {kept}: {fix}",
        s.package, s.channel, s.bundle
    )
}
