//! `olm-graph path --catalog-priority`: OLM v1 across several ClusterCatalogs, each path given
//! its own catalog and `spec.priority`.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{resolve_path_across, CatalogsPath, ClusterCatalog, Resolver};
use serde_json::json;

use crate::commands::{load, path_options, print, CliError, CmdResult, PathArgs};

/// Each path loaded as its own ClusterCatalog, named by the path as given, with its priority.
pub(crate) struct Loaded {
    names: Vec<String>,
    priorities: Vec<i32>,
    catalogs: Vec<Catalog>,
}

impl Loaded {
    /// Loads every path on its own, with its `--catalog-priority` (OLM v1 only).
    pub(crate) fn read(
        paths: &[PathBuf],
        flags: &[String],
        resolver: Resolver,
    ) -> Result<Loaded, CliError> {
        if resolver != Resolver::V1 {
            return Err(CliError::Usage(
                "--catalog-priority is a ClusterCatalog's spec.priority: use it with --resolver v1"
                    .into(),
            ));
        }
        let priorities = priorities(paths, flags)?;
        let catalogs = paths
            .iter()
            .map(|p| load(std::slice::from_ref(p)))
            .collect::<Result<_, _>>()?;
        let names = paths.iter().map(|p| p.display().to_string()).collect();
        Ok(Loaded {
            names,
            priorities,
            catalogs,
        })
    }

    /// The ClusterCatalogs, in the order of the paths.
    pub(crate) fn cluster_catalogs(&self) -> Vec<ClusterCatalog<'_>> {
        self.names
            .iter()
            .zip(&self.priorities)
            .zip(&self.catalogs)
            .map(|((name, priority), catalog)| ClusterCatalog {
                name,
                priority: *priority,
                catalog,
            })
            .collect()
    }
}

/// Reads `PATH=N` flags against the paths given: each path's priority, 0 when not named.
fn priorities(paths: &[PathBuf], flags: &[String]) -> Result<Vec<i32>, CliError> {
    let mut out = vec![0; paths.len()];
    for flag in flags {
        let Some((path, n)) = flag.rsplit_once('=') else {
            return Err(CliError::Usage(format!(
                "--catalog-priority {flag:?}: expected PATH=N, e.g. catalog.json=10"
            )));
        };
        let priority: i32 = n.trim().parse().map_err(|_| {
            CliError::Usage(format!(
                "--catalog-priority {flag:?}: the priority {n:?} is not a 32-bit integer (ClusterCatalog spec.priority)"
            ))
        })?;
        let Some(i) = paths.iter().position(|p| p.as_os_str() == path) else {
            let given: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            return Err(CliError::Usage(format!(
                "--catalog-priority {flag:?}: {path:?} is not one of the catalog paths ({})",
                given.join(", ")
            )));
        };
        out[i] = priority;
    }
    Ok(out)
}

/// Runs `path` across catalogs: exit 0 when the path ends up to date, 1 when OLM v1 would fail
/// (a tie at the top priority, or no bundle), after printing the hops before it.
pub(crate) fn path(args: &PathArgs) -> CmdResult {
    let loaded = Loaded::read(&args.paths, &args.catalog_priority, args.resolver)?;
    let catalogs = loaded.cluster_catalogs();
    let options = path_options(args)?;
    let path = resolve_path_across(&catalogs, &args.package, &args.from, &options)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    if args.json {
        print(&serde_json::to_string_pretty(&document(&path, &catalogs)).unwrap_or_default());
    } else {
        print(&text(args, &path, &catalogs));
    }
    Ok(if path.error.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The `path --json` document across catalogs: `path`'s keys, each hop's catalog, and the
/// catalogs with their priorities.
fn document(path: &CatalogsPath, catalogs: &[ClusterCatalog]) -> serde_json::Value {
    let hops: Vec<_> = path
        .hops
        .iter()
        .map(|h| {
            let via: Vec<&str> = h.via.iter().map(|r| r.kind.as_str()).collect();
            json!({"catalog": h.catalog, "from": h.from, "to": h.to, "via": via})
        })
        .collect();
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

fn text(args: &PathArgs, path: &CatalogsPath, catalogs: &[ClusterCatalog]) -> String {
    let listed: Vec<String> = catalogs
        .iter()
        .map(|c| format!("{} (priority {})", c.name, c.priority))
        .collect();
    let channels = match (&args.channel, &args.channels) {
        (Some(c), _) => format!("channel {c}"),
        (None, Some(cs)) if !cs.is_empty() => format!("channels {}", cs.join(", ")),
        (None, _) => "every channel".to_string(),
    };
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
        let via: Vec<String> = h.via.iter().map(|r| r.label()).collect();
        let _ = writeln!(
            out,
            "  {}. {} -> {}  via {}  (catalog {})",
            i + 1,
            h.from,
            h.to,
            via.join(", "),
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
