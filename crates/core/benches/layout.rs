//! Layout benchmark: `cargo bench -p olm-graph-core --features synthetic --bench layout`.
//!
//! Times `layout_channel` (both fan modes) on the heavy real channels: the gpu-operator channel
//! with the most edges, every channel of the descheduler v4.12 catalog and of project-quay, plus
//! the package-level view of project-quay. Prints the time per layout in microseconds (best of
//! five rounds of 200) and the crossing count of each layout. Then every distinct real channel
//! under the catalogs (default options, best of five rounds of 20): the median and slowest
//! layout, and the crossings between `replaces` edges summed over all of them. `-- all` runs
//! only this part.
//!
//! Then the drawing at scale: a generated channel of N bundles (a `replaces` chain, versions
//! `0.0.i`, a `skipRange` on every 50th entry covering the 100 before it: the `ranges` shape of
//! core's `synthetic` generator, which `olm-graph bench --synthetic` loads as JSON), built
//! directly as a model (`synthetic::catalog`) for N = 10,000 and 100,000: the time of the graph (for
//! reference), the layout, the view, the terminated scan (OLM v0's, as the app runs it), the SVG, DOT and Mermaid writers (CPU time of the thread,
//! so that other work on the machine does not count; the mean of a few runs after one to warm
//! up), and the process's peak memory after each N. `-- chain` runs only this part, `-- real`
//! only the first.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use olm_graph_core::change::terminated_in_view;
use olm_graph_core::export::{
    graph_dot, mermaid, render_view, svg_view, MermaidOptions, SvgOptions,
};
use olm_graph_core::graph::{channel_graphs, ChannelGraph, PackageGraph};
use olm_graph_core::layout::{
    crossings, layout, layout_channel, layout_package, FanMode, Layout, LayoutOptions,
    LayoutSource, LayoutStart,
};
use olm_graph_core::resolve::Resolver;
use olm_graph_core::synthetic::{self, Shape};
use olm_graph_core::view::GraphView;

const ITERATIONS: u32 = 200;
const ROUNDS: u32 = 5;

#[path = "../tests/it/common.rs"]
mod common;

fn catalogs() -> PathBuf {
    common::catalogs_dir()
}

fn graphs(rel: &str) -> (olm_graph_core::Catalog, Vec<Vec<ChannelGraph>>) {
    let path = catalogs().join(rel);
    let catalog = olm_graph_core::load_paths(&[&path])
        .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
    let graphs = catalog.packages.iter().map(channel_graphs).collect();
    (catalog, graphs)
}

/// Microseconds per call of `f`: the best of [`ROUNDS`] rounds of [`ITERATIONS`] calls (wall
/// time; the best round is the one other work on the machine disturbed least), and its first
/// result.
fn time<F: FnMut() -> Layout>(mut f: F) -> (f64, Layout) {
    let first = f();
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        for _ in 0..ITERATIONS {
            black_box(f());
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    (best * 1e6 / f64::from(ITERATIONS), first)
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
    let args: Vec<String> = std::env::args().collect();
    let only = |what: &str| {
        !args
            .iter()
            .any(|a| a == "chain" || a == "real" || a == "all")
            || args.iter().any(|a| a == what)
    };
    if only("real") {
        real_channels();
    }
    if only("all") {
        every_real_channel();
    }
    if only("chain") {
        for n in [10_000, 100_000] {
            synthetic_chain(n);
        }
    }
}

fn real_channels() {
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

/// Every distinct real channel with two or more entries (same package, name, nodes and edges:
/// the same channel), as `scripts/legibility.py` counts them: the median and slowest default
/// layout, and the crossings between `replaces` edges.
fn every_real_channel() {
    let mut times: Vec<(f64, String)> = Vec::new();
    let mut replaces_crossings = 0;
    let options = LayoutOptions::default();
    for g in common::distinct_channels() {
        let mut best = f64::INFINITY;
        let mut lay = layout_channel(&g, &options);
        for _ in 0..ROUNDS {
            let start = Instant::now();
            for _ in 0..20 {
                lay = black_box(layout_channel(black_box(&g), &options));
            }
            best = best.min(start.elapsed().as_secs_f64() / 20.0);
        }
        lay.edges
            .retain(|r| g.edges[r.edge].kind == olm_graph_core::graph::EdgeKind::Replaces);
        replaces_crossings += crossings(&lay);
        times.push((
            best * 1e6,
            format!("{}/{} ({} nodes)", g.package, g.channel, g.nodes.len()),
        ));
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let Some(slowest) = times.last() else {
        return;
    };
    println!(
        "every real channel: {} channels, median {:.1} µs, slowest {:.1} µs ({}), replaces crossings {}",
        times.len(),
        times[times.len() / 2].0,
        slowest.0,
        slowest.1,
        replaces_crossings
    );
}

/// Nanoseconds this thread has run on a CPU (Linux `schedstat`): unlike wall time, it does not
/// grow when other processes share the machine.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Seconds of CPU taken by `f` (wall seconds where the CPU time cannot be read), and its
/// result.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let (start, cpu) = (Instant::now(), cpu_ns());
    let out = f();
    let seconds = match (cpu, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e9,
        _ => start.elapsed().as_secs_f64(),
    };
    (seconds, out)
}

/// Peak resident memory of this process so far (Linux `VmHWM`), in MiB.
fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// Mean CPU seconds of `reps` calls of `f` after one call to warm up (the CPU clock ticks in
/// milliseconds, so short phases are repeated), and the last result.
fn timed_reps<T>(reps: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut out = f();
    let mut total = 0.0;
    for _ in 0..reps {
        let (t, o) = timed(&mut f);
        total += t;
        out = o;
    }
    (total / reps as f64, out)
}

fn synthetic_chain(n: usize) {
    let catalog = synthetic::catalog(Shape::Ranges, n);
    let pkg = &catalog.packages[0];
    let reps = (500_000 / n).max(5);
    // Built once: the graph is not this benchmark's subject.
    let (t_graph, graphs) = timed(|| channel_graphs(pkg));
    let g = &graphs[0];
    let options = LayoutOptions::default();
    let (t_layout, lay) = timed_reps(reps, || layout(g, &options));
    // The layout in two calls (the web app's two tasks): each half on its own.
    let input = (g.layout_nodes(), g.layout_edges(), g.main_line());
    let start = || LayoutStart::new(&input.0, &input.1, &input.2, &options);
    let (t_start, _) = timed_reps(reps, start);
    let (t_halves, _) = timed_reps(reps, || start().finish());
    let (t_view, view) = timed_reps(reps, || GraphView::channel(pkg, g, &options));
    let (t_term, term) = timed_reps(reps, || {
        terminated_in_view(pkg, &graphs, Some(&g.channel), Resolver::default())
    });
    let svg_options = SvgOptions::default();
    let (t_svg_view, fitted) = timed_reps(reps, || svg_view(pkg, g, &svg_options));
    let (t_svg_write, svg) = timed_reps(reps, || render_view(&fitted, &svg_options));
    let t_svg = t_svg_view + t_svg_write;
    let (t_dot, dot) = timed_reps(reps, || graph_dot(pkg, g));
    let (t_mermaid, mmd) = timed_reps(reps, || mermaid(&catalog, &MermaidOptions::default()));
    let mmd_len = mmd.map(|m| m.text.len()).unwrap_or(0);
    let ms = |t: f64| t * 1e3;
    println!(
        "chain {n:>6}: {} nodes {} edges ({} bands) | graph {:.1} ms | layout {:.1} ms (in two calls: {:.1} + {:.1}) | view {:.1} ms | terminated {:.1} ms ({}) | svg {:.1} ms (view {:.1} + writing {:.1}, {:.1} MB) | dot {:.1} ms ({:.1} MB) | mermaid {:.1} ms ({:.1} MB) | peak {:.0} MiB",
        g.nodes.len(),
        g.edges.len(),
        lay.bands.len(),
        ms(t_graph),
        ms(t_layout),
        ms(t_start),
        ms(t_halves - t_start),
        ms(t_view),
        ms(t_term),
        term.len(),
        ms(t_svg),
        ms(t_svg_view),
        ms(t_svg_write),
        svg.len() as f64 / 1e6,
        ms(t_dot),
        dot.len() as f64 / 1e6,
        ms(t_mermaid),
        mmd_len as f64 / 1e6,
        peak_mib().unwrap_or(f64::NAN),
    );
    drop(view);
}
