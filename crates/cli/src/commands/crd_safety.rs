//! `olm-graph crd-safety`: will each upgrade install? Every upgrade edge of a package (or one
//! pair) judged for CustomResourceDefinition safety as OLM v1 and OLM v0 judge it (core's
//! `crd`), as text, JSON, GitHub workflow commands, SARIF or Markdown.

use std::fmt::Write as _;

use olm_graph_core::cluster::read_cluster_files;
use olm_graph_core::crd::limits::CrdLimits;
use olm_graph_core::crd::pairs::{upgrade_pairs, Judge, UpgradePair};
use olm_graph_core::crd::{Judgement, Live, PairJudgement, Verdict};
use olm_graph_core::diag::{Diagnostic, Rule};
use olm_graph_core::load::{read_paths, Limits};
use olm_graph_core::model::Package;
use serde::Serialize;

use crate::annotate::{github_findings, relative_path, sarif_findings};
use crate::args::{CrdSafetyArgs, CrdSafetyFormat};
use crate::error::{usage, CliError, CmdResult, ExitStatus};
use crate::input::{load_with_crds_and_gvks, report_load_errors};
use crate::output::{print_json, write_stdout};

/// One pair in the JSON document.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PairOut {
    from: String,
    to: String,
    channels: Vec<String>,
    edges: Vec<String>,
    olm_v1: Judgement,
    olm_v0: Judgement,
}

/// The JSON document.
#[derive(Serialize)]
struct Doc {
    package: String,
    pairs: Vec<PairOut>,
}

/// Runs `crd-safety`: exit 0 when the catalog was read whatever the verdicts, 1 when nothing
/// could be read (no such package), 2 on bad arguments (an unknown bundle).
///
/// # Complexity
/// O(E log E) for the package's E edges, plus one judgement per distinct pair of CRD contents.
pub fn run(args: CrdSafetyArgs) -> CmdResult {
    let catalog =
        load_with_crds_and_gvks(&args.paths).map_err(|e| CliError::Request(e.to_string()))?;
    report_load_errors(&catalog);
    let pkg = crate::input::package(&catalog, &args.package)?;
    for name in [&args.from, &args.to].into_iter().flatten() {
        if pkg.bundle_index(name).is_none() {
            return Err(usage(format!(
                "bundle {name:?} not found in package {:?}",
                pkg.name
            )));
        }
    }
    if let Some(c) = &args.channel {
        if pkg.channel(c).is_none() {
            return Err(usage(format!(
                "channel {c:?} not found in package {:?}",
                pkg.name
            )));
        }
    }
    let live = read_state(&args.state)?;
    let pairs = chosen_pairs(&args, pkg);
    let mut judge = Judge::new(pkg, live.as_ref(), CrdLimits::default());
    let judged: Vec<(UpgradePair, PairJudgement)> = pairs
        .into_iter()
        .filter_map(|p| judge.pair(&p.from, &p.to).map(|j| (p, j)))
        .collect();
    let format = match (args.json, args.format) {
        (true, _) => CrdSafetyFormat::Json,
        (false, f) => f.unwrap_or(CrdSafetyFormat::Text),
    };
    let cwd = std::env::current_dir().unwrap_or_default();
    match format {
        CrdSafetyFormat::Json => print_json(&document(pkg, judged))?,
        CrdSafetyFormat::Text => write_stdout(&text(pkg, &judged)),
        CrdSafetyFormat::Markdown => write_stdout(&markdown(pkg, &judged)),
        CrdSafetyFormat::Github => {
            let findings = findings(pkg, &judged);
            write_stdout(&github_findings(&findings, |f| relative_path(f, &cwd)));
        }
        CrdSafetyFormat::Sarif => write_stdout(&sarif_findings(&findings(pkg, &judged), &cwd)?),
    }
    Ok(ExitStatus::Success)
}

/// The live CRDs and custom resources of `--state`, if given.
fn read_state(paths: &[std::path::PathBuf]) -> Result<Option<Live>, CliError> {
    if paths.is_empty() {
        return Ok(None);
    }
    let limits = Limits::process_default();
    let read = read_paths(paths, &limits).map_err(|e| CliError::Request(e.to_string()))?;
    let state = read_cluster_files(&read.files, &limits);
    for d in state.diagnostics.iter().filter(|d| d.is_error()).take(20) {
        eprintln!("olm-graph: {d}");
    }
    Ok(Some(Live::from_objects(state.others, CrdLimits::default())))
}

/// Every edge of the package (of `--channel`), the edges from `--from`, or the one pair
/// `--from`/`--to` (with its channels and edges when it is an edge).
fn chosen_pairs(args: &CrdSafetyArgs, pkg: &Package) -> Vec<UpgradePair> {
    let all = upgrade_pairs(pkg, args.channel.as_deref());
    match (&args.from, &args.to) {
        (Some(from), Some(to)) => {
            let edge = all.into_iter().find(|p| &p.from == from && &p.to == to);
            vec![edge.unwrap_or_else(|| UpgradePair {
                from: from.clone(),
                to: to.clone(),
                channels: Vec::new(),
                edges: Vec::new(),
            })]
        }
        (Some(from), None) => all.into_iter().filter(|p| &p.from == from).collect(),
        _ => all,
    }
}

fn document(pkg: &Package, judged: Vec<(UpgradePair, PairJudgement)>) -> Doc {
    let pairs = judged
        .into_iter()
        .map(|(p, j)| PairOut {
            from: p.from,
            to: p.to,
            channels: p.channels,
            edges: p.edges.iter().map(|e| e.as_str().to_string()).collect(),
            olm_v1: j.olm_v1,
            olm_v0: j.olm_v0,
        })
        .collect();
    Doc {
        package: pkg.name.clone(),
        pairs,
    }
}

fn count(judged: &[(UpgradePair, PairJudgement)], f: impl Fn(&PairJudgement) -> bool) -> usize {
    judged.iter().filter(|(_, j)| f(j)).count()
}

/// A summary line, then one line per pair and each message not safe, indented.
fn text(pkg: &Package, judged: &[(UpgradePair, PairJudgement)]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} upgrade pairs; OLM v1: {} unsafe, {} unknown; OLM v0: {} unsafe, {} unknown",
        pkg.name,
        judged.len(),
        count(judged, |j| j.olm_v1.verdict == Verdict::Unsafe),
        count(judged, |j| j.olm_v1.verdict == Verdict::Unknown),
        count(judged, |j| j.olm_v0.verdict == Verdict::Unsafe),
        count(judged, |j| j.olm_v0.verdict == Verdict::Unknown),
    );
    for (p, j) in judged {
        let _ = writeln!(
            out,
            "{} -> {}{}: OLM v1 {}, OLM v0 {}",
            p.from,
            p.to,
            where_(p),
            j.olm_v1.verdict.as_str(),
            j.olm_v0.verdict.as_str()
        );
        for (who, side) in [("OLM v1", &j.olm_v1), ("OLM v0", &j.olm_v0)] {
            if side.verdict != Verdict::Safe {
                for line in side.message.lines() {
                    let _ = writeln!(out, "  {who}: {line}");
                }
            }
        }
    }
    out
}

/// ` (channel, channel; replaces, skipRange)`, or nothing for a pair that is not an edge.
fn where_(p: &UpgradePair) -> String {
    if p.channels.is_empty() {
        return String::new();
    }
    let edges: Vec<&str> = p.edges.iter().map(|e| e.as_str()).collect();
    format!(" ({}; {})", p.channels.join(", "), edges.join(", "))
}

/// The counts, then a table of the pairs that are not safe under either OLM.
fn markdown(pkg: &Package, judged: &[(UpgradePair, PairJudgement)]) -> String {
    use olm_graph_core::review::markdown::cell_code;
    let mut out = format!("### CRD safety of `{}`\n\n", pkg.name);
    let _ = writeln!(
        out,
        "{} upgrade pairs: OLM v1 refuses {}, OLM v0 refuses {}; {} unknown.\n",
        judged.len(),
        count(judged, |j| j.olm_v1.verdict == Verdict::Unsafe),
        count(judged, |j| j.olm_v0.verdict == Verdict::Unsafe),
        count(judged, |j| {
            j.olm_v1.verdict == Verdict::Unknown || j.olm_v0.verdict == Verdict::Unknown
        }),
    );
    let shown: Vec<_> = judged
        .iter()
        .filter(|(_, j)| j.olm_v1.verdict != Verdict::Safe || j.olm_v0.verdict != Verdict::Safe)
        .collect();
    if shown.is_empty() {
        return out;
    }
    out.push_str("| from | to | OLM v1 | OLM v0 | message |\n|---|---|---|---|---|\n");
    for (p, j) in shown {
        let msg = [&j.olm_v1.message, &j.olm_v0.message]
            .into_iter()
            .filter(|m| !m.is_empty())
            .map(|m| cell_code(m))
            .collect::<Vec<_>>()
            .join("<br>");
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {msg} |",
            cell_code(&p.from),
            cell_code(&p.to),
            j.olm_v1.verdict.as_str(),
            j.olm_v0.verdict.as_str()
        );
    }
    out
}

/// One finding per pair an OLM refuses (an error for OLM v1, a warning for OLM v0), at the
/// `to` bundle.
fn findings(pkg: &Package, judged: &[(UpgradePair, PairJudgement)]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (p, j) in judged {
        let loc = pkg
            .bundle_index(&p.to)
            .and_then(|i| pkg.bundles[i].location.clone());
        for (who, side) in [("OLM v1", &j.olm_v1), ("OLM v0", &j.olm_v0)] {
            if side.verdict != Verdict::Unsafe {
                continue;
            }
            let msg = format!(
                "{} -> {}: {who} refuses the upgrade: {}",
                p.from, p.to, side.message
            );
            let mut d = if who == "OLM v1" {
                Diagnostic::error(Rule::CrdUpgradeUnsafe, msg)
            } else {
                Diagnostic::warning(Rule::CrdUpgradeUnsafe, msg)
            };
            d = d.package(&pkg.name).bundle(&p.to);
            if let Some(l) = &loc {
                d = d.at(l.clone());
            }
            out.push(d);
        }
    }
    out
}
