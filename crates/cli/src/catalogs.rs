//! OLM v1 arguments `path` and `plan` share: several ClusterCatalogs (`--catalog-priority`),
//! each path given its own catalog and `spec.priority`, and the ClusterExtension's `--version`
//! range.

use std::path::PathBuf;

use olm_graph_core::masterminds::VersionRange;
use olm_graph_core::model::Catalog;
use olm_graph_core::resolve::{ClusterCatalog, Resolver};

use crate::error::CliError;
use crate::input::load;

/// Each path loaded as its own ClusterCatalog, named by the path as given, with its priority.
pub struct Loaded {
    names: Vec<String>,
    priorities: Vec<i32>,
    catalogs: Vec<Catalog>,
}

impl Loaded {
    /// Loads every path on its own, with its `--catalog-priority` (OLM v1 only).
    pub fn read(
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
    pub fn cluster_catalogs(&self) -> Vec<ClusterCatalog<'_>> {
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

/// A ClusterExtension's `--version` range, parsed with operator-controller's message on error;
/// refused outside OLM v1.
pub fn version_range(
    resolver: Resolver,
    text: Option<&str>,
) -> Result<Option<VersionRange>, CliError> {
    match text {
        Some(_) if resolver != Resolver::V1 => Err(CliError::Usage(
            "--version is a ClusterExtension's: use it with --resolver v1".into(),
        )),
        Some(text) => VersionRange::parse(text)
            .map(Some)
            .map_err(|e| CliError::Usage(e.to_string())),
        None => Ok(None),
    }
}
