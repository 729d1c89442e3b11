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

/// Every catalog unit under `dir`: files, `*-split` directories and legacy package
/// directories (templates left out).
pub fn units(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(read) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = read.flatten().map(|e| e.path()).collect();
    entries.sort();
    let legacy = dir
        .parent()
        .is_some_and(|p| p.ends_with("legacy-package-manifests"));
    for p in entries {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        if p.is_dir() {
            if name == "templates" {
                continue;
            }
            if name.ends_with("-split") || legacy {
                out.push(p);
            } else {
                units(&p, out);
            }
        } else if (name.ends_with(".yaml") || name.ends_with(".json") || name.ends_with(".yml"))
            && name != "manifest.json"
        {
            out.push(p);
        }
    }
}

/// Every distinct real channel with two or more entries (same package, name, nodes and edges:
/// the same channel), as `scripts/legibility.py` counts them.
pub fn distinct_channels() -> Vec<olm_graph_core::graph::ChannelGraph> {
    let mut paths = Vec::new();
    units(&catalogs_dir(), &mut paths);
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for path in &paths {
        let Ok(catalog) = olm_graph_core::load_paths(&[path]) else {
            continue;
        };
        for g in catalog
            .packages
            .iter()
            .flat_map(olm_graph_core::graph::channel_graphs)
        {
            let key = format!(
                "{}|{}|{:?}|{:?}",
                g.package,
                g.channel,
                g.nodes
                    .iter()
                    .map(|n| (&n.name, n.is_virtual))
                    .collect::<Vec<_>>(),
                g.edges
                    .iter()
                    .map(|e| (e.from, e.to, e.kind))
                    .collect::<Vec<_>>()
            );
            if g.entry_count() >= 2 && seen.insert(key) {
                out.push(g);
            }
        }
    }
    out
}
