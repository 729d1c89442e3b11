//! What `diagnose` and `mirror-config` share: cluster state read from files, directories or
//! standard input, and the catalogs given as `[SOURCE=]PATH`.

use std::path::PathBuf;

use olm_graph_core::cluster::{read_cluster_files, ClusterState, GivenCatalog};
use olm_graph_core::load::{read_paths, Limits};
use olm_graph_core::model::Catalog;

use crate::error::CliError;
use crate::input::{load_with_crds, report_load_errors};

/// The cluster state at `paths`, with the reader's notes first among its diagnostics.
pub fn read_state(paths: &[PathBuf]) -> Result<ClusterState, CliError> {
    let limits = Limits::process_default();
    let read = read_paths(paths, &limits).map_err(|e| CliError::Input(e.to_string()))?;
    let mut state = read_cluster_files(&read.files, &limits);
    state.diagnostics.splice(0..0, read.notes);
    Ok(state)
}

/// Catalogs given as `SOURCE=PATH` or `PATH`, loaded: `(SOURCE, PATH as given, catalog)`.
/// `flag` names the option in errors.
pub fn given_catalogs(
    values: &[String],
    flag: &str,
) -> Result<Vec<(Option<String>, String, Catalog)>, CliError> {
    let mut out = Vec::new();
    for v in values {
        let (source, path) = match v.split_once('=') {
            Some((s, p)) if !s.is_empty() && !p.is_empty() => (Some(s.to_string()), p),
            Some(_) => {
                return Err(CliError::Input(format!(
                    "{flag}{v}: expected SOURCE=PATH or PATH"
                )))
            }
            None => (None, v.as_str()),
        };
        let catalog = load_with_crds(&[PathBuf::from(path)])?;
        report_load_errors(&catalog);
        out.push((source, path.to_string(), catalog));
    }
    Ok(out)
}

/// The loaded catalogs of [`given_catalogs`] as `diagnose` takes them.
pub fn as_given(loaded: &[(Option<String>, String, Catalog)]) -> Vec<GivenCatalog<'_>> {
    loaded
        .iter()
        .map(|(source, label, catalog)| GivenCatalog {
            source: source.as_deref(),
            label,
            catalog,
        })
        .collect()
}
