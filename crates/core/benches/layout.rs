//! Layout benchmark: `cargo bench -p olm-graph-core --bench layout`.
//!
//! Times `layout_channel` (both fan modes) on the heavy real channels: the gpu-operator channel
//! with the most edges, every channel of the descheduler v4.12 catalog and of project-quay, plus
//! the package-level view of project-quay. Prints the mean time per layout in microseconds and
//! the crossing count of each layout.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Instant;

use olm_graph_core::graph::{channel_graphs, ChannelGraph, PackageGraph};
use olm_graph_core::layout::{
    crossings, layout_channel, layout_package, FanMode, Layout, LayoutOptions,
};

const ITERATIONS: u32 = 200;

fn catalogs() -> PathBuf {
    std::env::var("OLM_GRAPH_CATALOGS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/catalogs"))
}

fn graphs(rel: &str) -> (olm_graph_core::Catalog, Vec<Vec<ChannelGraph>>) {
    let path = catalogs().join(rel);
    let catalog = olm_graph_core::load_paths(&[&path])
        .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
    let graphs = catalog.packages.iter().map(channel_graphs).collect();
    (catalog, graphs)
}

fn time<F: FnMut() -> Layout>(mut f: F) -> (f64, Layout) {
    let first = f();
    let start = Instant::now();
    for _ in 0..ITERATIONS {
        black_box(f());
    }
    (
        start.elapsed().as_secs_f64() * 1e6 / f64::from(ITERATIONS),
        first,
    )
}

fn bench_channel(label: &str, g: &ChannelGraph) {
    let mut cells = Vec::new();
    for (mode, name) in [(FanMode::Bands, "bands"), (FanMode::Edges, "edges")] {
        let options = LayoutOptions {
            fans: mode,
            ..LayoutOptions::default()
        };
        let (us, layout) = time(|| layout_channel(black_box(g), &options));
        cells.push(format!(
            "{name}: {us:8.1} µs, {:3} routes, {:2} bands, {:2} lanes, {:5} crossings",
            layout.edges.len(),
            layout.bands.len(),
            layout.lanes,
            crossings(&layout)
        ));
    }
    println!(
        "{label:<48} {:3} nodes {:4} edges | {}",
        g.nodes.len(),
        g.edges.len(),
        cells.join(" | ")
    );
}

fn main() {
    let root = catalogs();
    assert!(root.is_dir(), "catalogs not found at {}", root.display());

    let (_c, gpu) = graphs("certified-operators/v4.22/gpu-operator-certified.yaml");
    if let Some(g) = gpu.iter().flatten().max_by_key(|g| g.edges.len()) {
        bench_channel(&format!("gpu-operator-certified/{}", g.channel), g);
    }

    let (_c, desched) =
        graphs("openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json");
    for g in desched.iter().flatten() {
        bench_channel(&format!("descheduler-v4.12/{}", g.channel), g);
    }

    let (catalog, quay) = graphs("community-operators-prod/v4.21/project-quay.yaml");
    for g in quay.iter().flatten() {
        bench_channel(&format!("project-quay/{}", g.channel), g);
    }
    for (pkg, gs) in catalog.packages.iter().zip(&quay) {
        let pg = PackageGraph::build(pkg, gs);
        let options = LayoutOptions::default();
        let (us, layout) = time(|| layout_package(black_box(&pg), &options));
        println!(
            "{:<48} {:3} nodes {:4} edges | bands: {us:8.1} µs, {:3} routes, {:2} bands, {:2} lanes, {:5} crossings",
            format!("package view {}", pg.package),
            pg.nodes.len(),
            pg.edges.len(),
            layout.edges.len(),
            layout.bands.len(),
            layout.lanes,
            crossings(&layout)
        );
    }
}
