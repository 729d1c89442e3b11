//! Shared helpers of the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use olm_graph_core::model::Catalog;

/// `../shared/catalogs` beside the checkout (or `$OLM_GRAPH_CATALOGS`). The tests fail, rather
/// than pass vacuously, when it is missing.
pub fn catalogs_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("OLM_GRAPH_CATALOGS") {
        return PathBuf::from(dir);
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs");
    assert!(
        dir.is_dir(),
        "real catalogs not found at {} (set OLM_GRAPH_CATALOGS)",
        dir.display()
    );
    dir
}

/// A path under the real catalogs.
pub fn catalog(rel: &str) -> PathBuf {
    catalogs_dir().join(rel)
}

/// Loads a path, failing the test when it cannot be read at all.
pub fn load(path: &Path) -> Catalog {
    olm_graph_core::load_paths(&[path]).unwrap_or_else(|e| panic!("{e}"))
}

/// The fixtures folder of the core crate.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}
