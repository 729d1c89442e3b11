//! `olm-graph path`: the upgrade path a cluster takes from an installed bundle, in one catalog
//! (OLM v0 or v1, with a what-if failure and an updated catalog), or across ClusterCatalogs
//! with `--catalog-priority` (OLM v1).

use std::fmt::Write as _;

use olm_graph_core::export::{path_mermaid, PathMermaidOptions};
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{
    resolve_path, resolve_path_across, via_label, CatalogHop, CatalogsPath, ClusterCatalog,
    Failure, PathOptions, Resolver, UpgradeConstraintPolicy, UpgradePath,
};
use serde_json::json;

use crate::args::PathArgs;
use crate::catalogs::{version_range, Loaded};
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input::{load, load_with_crds, report_load_errors};
use crate::output::{out, print, print_json};

/// Runs `path`: in one catalog, or across ClusterCatalogs with `--catalog-priority`.
pub fn run(args: PathArgs) -> CmdResult {
    if args.catalog_priority.is_empty() {
        in_one_catalog(&args)
    } else {
        across_catalogs(&args)
    }
}

/// The resolution `path` asks for; `--channels` and `--version` are OLM v1's.
fn path_options(args: &PathArgs) -> Result<PathOptions, CliError> {
    let resolver = args.resolver;
    let v1_only = args.channels.is_some() || args.version.is_some();
    if v1_only && resolver != Resolver::V1 {
        return Err(CliError::Usage(
            "--channels and --version are a ClusterExtension's: use them with --resolver v1".into(),
        ));
    }
    let version = version_range(resolver, args.version.as_deref())?;
    let installed_version = match &args.installed_version {
        Some(v) => Some(
            olm_graph_core::semver::Version::parse(v)
                .map_err(|e| CliError::Usage(format!("--installed-version {v}: {e}")))?,
        ),
        None => None,
    };
    Ok(PathOptions {
        resolver,
        channel: args.channel.clone(),
        channels: args.channels.clone().unwrap_or_default(),
        version,
        policy: if args.self_certified {
            UpgradeConstraintPolicy::SelfCertified
        } else {
            UpgradeConstraintPolicy::CatalogProvided
        },
        failure: args.fail.as_ref().map(|bundle| Failure {
            bundle: bundle.clone(),
            kind: args.failure,
            strategy: args.strategy,
        }),
        installed_version,
    })
}

/// `path` in one catalog: exit 1 when the path cannot be resolved, or when OLM v1 would fail
/// (no candidate at all, not even the installed bundle), after printing the path.
///
/// # Complexity
/// What [`resolve_path`] costs, then O(H + A) to print H hops and A alternatives.
fn in_one_catalog(args: &PathArgs) -> CmdResult {
    // With the bundles' CRDs, each hop carries its CRD-safety verdicts.
    let catalog = load_with_crds(&args.paths)?;
    report_load_errors(&catalog);
    let updated = if args.updated_catalog.is_empty() {
        None
    } else {
        let u = load(&args.updated_catalog)?;
        report_load_errors(&u);
        Some(u)
    };
    let options = path_options(args)?;
    let result = resolve_path(
        &catalog,
        &args.package,
        &args.from,
        &options,
        updated.as_ref(),
    );
    let path = match result {
        Ok(p) => p,
        Err(e) => {
            if args.json {
                out!("{}", json!({ "error": e.message }));
                return Ok(ExitStatus::Failure);
            }
            return Err(CliError::Request(e.message));
        }
    };
    if args.json {
        let doc = path.document();
        print_json(&doc)?;
    } else if args.mermaid {
        out!("{}", path_mermaid_of(&catalog, args, &path).trim_end());
    } else {
        print_text(args, &path);
        print_crd_failure(&catalog, args, &options, &path);
    }
    Ok(if path.error.is_some() {
        ExitStatus::Failure
    } else {
        ExitStatus::Success
    })
}

/// When a hop will fail for its CRDs (and no `--fail` was given): what OLM does next, the path
/// resolved again with that upgrade failing.
fn print_crd_failure(
    catalog: &Catalog,
    args: &PathArgs,
    options: &PathOptions,
    path: &UpgradePath,
) {
    let Some((i, failed)) =
        olm_graph_core::resolve::crd_failure(catalog, &args.package, &args.from, options, path)
    else {
        return;
    };
    out!(
        "  hop {} will fail (its CRDs): with that failure, the cluster ends on {}: {}",
        i + 1,
        failed.end,
        failed.outcome.as_str()
    );
    if let Some(e) = &failed.explanation {
        out!("  then: {}", e.message);
    }
}

/// The `path --mermaid` flowchart: the installed bundle is "from another channel" when a
/// channel was named and it is not one of its entries.
fn path_mermaid_of(catalog: &Catalog, args: &PathArgs, path: &UpgradePath) -> String {
    let other = args.channel.as_deref().is_some_and(|c| {
        catalog
            .package(&args.package)
            .and_then(|p| p.channels.iter().find(|ch| ch.name == c))
            .is_some_and(|ch| ch.entries.iter().all(|e| e.name != args.from))
    });
    let options = PathMermaidOptions {
        package: args.package.clone(),
        channel: args.channel.clone(),
        installed_from_other_channel: other,
    };
    path_mermaid(path, &options)
}

/// The path as text: the rules and the subscription, each hop with the alternatives not
/// taken, the end, and why it ends there.
///
/// # Complexity
/// O(H + A) for H hops and A alternatives.
fn print_text(args: &PathArgs, path: &UpgradePath) {
    let rules = match path.resolver {
        Resolver::V0 => "OLM v0 (Subscription)",
        Resolver::V1 => "OLM v1 (ClusterExtension)",
    };
    let channels = channels_text(args);
    let version = args
        .version
        .as_ref()
        .map(|v| format!(", version {v}"))
        .unwrap_or_default();
    out!(
        "{rules}: package {}, {channels}{version}, from {}",
        args.package,
        path.from
    );
    if path.hops.is_empty() {
        out!("  no upgrade");
    }
    for (i, h) in path.hops.iter().enumerate() {
        let failed = if h.failed { "  FAILS" } else { "" };
        let updated = if h.updated_catalog {
            "  (updated catalog)"
        } else {
            ""
        };
        let missing = if h.missing_bundle {
            "  (no olm.bundle: by name)"
        } else {
            ""
        };
        out!(
            "  {}. {} -> {}  via {}{failed}{updated}{missing}",
            i + 1,
            h.from,
            h.to,
            via_label(&h.via)
        );
        for a in &h.alternatives {
            out!("       not {}: {}", a.bundle, a.why);
        }
        print_crd_safety(path.resolver, h);
    }
    match &path.error {
        Some(e) => out!("  ends on {}: OLM v1 fails to resolve: {e}", path.end),
        None => out!("  ends on {}: {}", path.end, path.outcome.as_str()),
    }
    if let Some(note) = path.without_bundles_note() {
        out!("  note: {note}");
    }
    if let Some(e) = &path.explanation {
        out!("  why: {}", e.message);
        if !e.suggestion.is_empty() {
            out!("  fix: {}", e.suggestion);
        }
        if let Some(s) = &e.snippet {
            out!("  suggested catalog change:");
            for line in s.lines() {
                out!("    {line}");
            }
        }
    }
}

/// Under the path's resolver, a hop its OLM refuses for its CRDs (or cannot judge): the
/// message, below the hop.
fn print_crd_safety(resolver: Resolver, h: &olm_graph_core::resolve::Hop) {
    use olm_graph_core::crd::Verdict;
    let Some(s) = &h.crd_safety else {
        return;
    };
    let (who, side) = match resolver {
        Resolver::V0 => ("OLM v0", &s.olm_v0),
        Resolver::V1 => ("OLM v1", &s.olm_v1),
    };
    let what = match side.verdict {
        Verdict::Safe => return,
        Verdict::Unsafe => "this upgrade will fail, CRD safety",
        Verdict::Unknown => "CRD safety unknown",
    };
    let mut lines = side.message.lines();
    out!(
        "       {what} ({who}): {}",
        lines.next().unwrap_or_default()
    );
    for line in lines {
        out!("         {line}");
    }
}

/// The channels the subscription follows, as the text output names them.
fn channels_text(args: &PathArgs) -> String {
    match (&args.channel, &args.channels) {
        (Some(c), _) => format!("channel {c}"),
        (None, Some(cs)) if !cs.is_empty() => format!("channels {}", cs.join(", ")),
        (None, _) => "every channel".to_string(),
    }
}

/// `path` across catalogs: exit 0 when the path ends up to date, 1 when OLM v1 would fail (a tie
/// at the top priority, or no bundle), after printing the hops before it.
///
/// # Complexity
/// What [`resolve_path_across`] costs, then O(H + C) to print H hops and C catalogs.
fn across_catalogs(args: &PathArgs) -> CmdResult {
    let loaded = Loaded::read(&args.paths, &args.catalog_priority, args.resolver)?;
    let catalogs = loaded.cluster_catalogs();
    let options = path_options(args)?;
    let path = resolve_path_across(&catalogs, &args.package, &args.from, &options)
        .map_err(|e| CliError::Request(e.to_string()))?;
    if args.json {
        print_json(&across_document(&path, &catalogs))?;
    } else {
        print(&across_text(args, &path, &catalogs));
    }
    Ok(if path.error.is_some() {
        ExitStatus::Failure
    } else {
        ExitStatus::Success
    })
}

/// The `path --json` document across catalogs: `path`'s keys, each hop's catalog, and the
/// catalogs with their priorities.
fn across_document(path: &CatalogsPath, catalogs: &[ClusterCatalog]) -> serde_json::Value {
    let hops: Vec<_> = path.hops.iter().map(CatalogHop::document).collect();
    let listed: Vec<_> = catalogs
        .iter()
        .map(|c| json!({"name": c.name, "priority": c.priority}))
        .collect();
    json!({
        "catalogs": listed,
        "end": path.end,
        "error": path.error.as_ref().map(ToString::to_string),
        "from": path.from,
        "hops": hops,
        "outcome": if path.error.is_some() { "resolution-error" } else { "up-to-date" },
        "resolver": "v1",
    })
}

/// The path across catalogs as text: the catalogs with their priorities, each hop with its
/// catalog and the other catalogs' candidates, the end.
///
/// # Complexity
/// O(H + C + O) for H hops, C catalogs and O other catalogs' candidates.
fn across_text(args: &PathArgs, path: &CatalogsPath, catalogs: &[ClusterCatalog]) -> String {
    let listed: Vec<String> = catalogs
        .iter()
        .map(|c| format!("{} (priority {})", c.name, c.priority))
        .collect();
    let channels = channels_text(args);
    let mut out = format!(
        "OLM v1 (ClusterExtension): package {}, {channels}, from {}\n  catalogs: {}\n",
        path.package,
        path.from,
        listed.join(", ")
    );
    if path.hops.is_empty() {
        out.push_str("  no upgrade\n");
    }
    for (i, h) in path.hops.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}. {} -> {}  via {}  (catalog {})",
            i + 1,
            h.from,
            h.to,
            via_label(&h.via),
            h.catalog
        );
        for o in &h.other_catalogs {
            let _ = writeln!(out, "       not {} of {}: {}", o.bundle, o.catalog, o.why);
        }
    }
    match &path.error {
        Some(e) => {
            let _ = write!(out, "  ends on {}: OLM v1 fails to resolve: {e}", path.end);
        }
        None => {
            let _ = write!(out, "  ends on {}: up-to-date", path.end);
        }
    }
    out
}
