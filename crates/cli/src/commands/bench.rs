//! `olm-graph bench`: a real catalog loaded repeatedly, or (`--synthetic`) the scale benchmark.
//!
//! The scale benchmark: generated catalogs of N bundles, every
//! operation timed in a fresh process of its own (so that its peak memory is its own), and the
//! growth exponent fitted between the two largest sizes.
//!
//! Shapes: core's `synthetic` generator (`chain`, `ranges`, `fans`, `wide`; per-package
//! operations look at its middle package for `wide`), the same one the layout benchmark draws.
//!
//! Operations: `load` (read and convert), `lint`, `graph-json`, `path-v0` and `path-v1` (from
//! the oldest bundle, as `path --json` prints it), `render-svg`, and `diff` (the catalog without
//! its newest 1,000 bundles, or a tenth of them when smaller, switched to the whole catalog, as
//! `diff` prints it; for `wide`, each package without its newest 10 bundles), and `diff-json`
//! (the same switch, as `diff --json` prints it), and `mirror` (not run unless asked: the
//! package cut by `minVersion` 0.0.(N/4) and `maxVersion` 0.0.(3N/4) and its stranded bundles,
//! as `mirror --json` prints it), and `preflight` (not run unless asked: the community
//! pipeline's checks on the catalog, and Konflux's pruning check of the catalog `diff` starts
//! from, as a fragment, against the whole one).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use olm_graph_core::change::{diff_package, DiffOptions, PathListing};
use olm_graph_core::document::{graph_document, GraphDocumentOptions};
use olm_graph_core::export::{render, RenderFormat, RenderRequest};
use olm_graph_core::graph::channel_graphs;
use olm_graph_core::mirror::{mirror_catalog, MirrorOptions, OperatorEntry, PackageFilter};
use olm_graph_core::model::Catalog;
use olm_graph_core::preflight::{self, Pipeline};
use olm_graph_core::resolve::{resolve_path, PathOptions, Resolver};
use olm_graph_core::synthetic::generate;
use olm_graph_core::validate::{lint_catalog, render_tree};
use olm_graph_core::{load_files, InputFile};
use serde_json::{json, Value};

use crate::args::{value_name, BenchArgs, Op, Shape};
use crate::diff_text::diff_text;
use crate::error::{CliError, CmdResult, ExitStatus};
use crate::input;
use crate::output::out;

/// Runs the benchmark the arguments ask for.
pub fn run(args: BenchArgs) -> CmdResult {
    if args.synthetic_child {
        let first = (args.shapes.first(), args.sizes.first(), args.ops.first());
        let (Some(&shape), Some(&n), Some(&op)) = first else {
            return Err(CliError::Usage("nothing to measure".into()));
        };
        return child(shape, n, op);
    }
    if args.synthetic {
        return synthetic(&args);
    }
    real(&args.paths, args.runs)
}

/// `bench` on a real catalog: loads it `runs` times, reading, parsing and graphing, and prints
/// the throughput.
///
/// # Complexity
/// `runs` times a load, then O(B + E) to graph B bundles and E edges.
fn real(paths: &[PathBuf], runs: usize) -> CmdResult {
    // A first, untimed load warms the page cache; each timed run then reads, parses and graphs.
    let warm = input::load(paths)?;
    let bytes: usize = warm.files.iter().map(|f| f.bytes).sum();
    let mut times = Vec::new();
    let mut counts = (0, 0, 0);
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let catalog = input::load(paths)?;
        let mut edges = 0;
        for pkg in &catalog.packages {
            for g in channel_graphs(pkg) {
                edges += g.edges.len();
            }
        }
        times.push(t.elapsed().as_secs_f64());
        counts = (
            catalog.packages.len(),
            catalog
                .packages
                .iter()
                .map(|p| p.bundles.len())
                .sum::<usize>(),
            edges,
        );
    }
    times.sort_by(f64::total_cmp);
    let best = times[0];
    let median = times[times.len() / 2];
    let mib = bytes as f64 / (1024.0 * 1024.0);
    out!(
        "{mib:.1} MiB, {} packages, {} bundles, {} edges: best {:.0} ms ({:.1} MiB/s), median {:.0} ms over {} runs (read + parse + graph)",
        counts.0,
        counts.1,
        counts.2,
        best * 1000.0,
        mib / best,
        median * 1000.0,
        times.len()
    );
    Ok(ExitStatus::Success)
}

fn load(text: String, name: &str) -> Catalog {
    load_files(vec![InputFile::new(name, text)])
}

/// Runs `op` on the generated catalog; returns a size to keep the work observable.
fn run_op(op: Op, catalog: &Catalog, package: &str, old: Option<&Catalog>) -> usize {
    let Some(pkg) = catalog.package(package) else {
        return 0;
    };
    let path = |resolver| {
        let options = PathOptions {
            resolver,
            channel: Some("c".into()),
            ..PathOptions::default()
        };
        let oldest = format!("{package}.v0.0.0");
        resolve_path(catalog, package, &oldest, &options, None).map_or(0, |p| {
            serde_json::to_string_pretty(&p.document()).map_or(0, |s| s.len())
        })
    };
    match op {
        Op::Load => catalog.packages.len(),
        Op::Lint => {
            // As `lint` prints it: the error tree, the warnings, the counts.
            let findings = lint_catalog(catalog);
            let mut text = render_tree(&findings);
            for d in findings.iter().filter(|d| !d.is_error()) {
                let _ = writeln!(text, "{d}");
            }
            let _ = writeln!(
                text,
                "{} packages: {} findings",
                catalog.packages.len(),
                findings.len()
            );
            text.len()
        }
        Op::GraphJson => {
            let graphs = channel_graphs(pkg);
            let doc = graph_document(pkg, &graphs, &GraphDocumentOptions::default());
            serde_json::to_string_pretty(&doc).map_or(0, |s| s.len())
        }
        Op::PathV0 => path(Resolver::V0),
        Op::PathV1 => path(Resolver::V1),
        Op::RenderSvg => {
            let mut request = RenderRequest::new(package, RenderFormat::Svg);
            request.channel = Some("c".into());
            render(catalog, &request).map_or(0, |r| r.text.len())
        }
        Op::Mirror => mirror_size(catalog, pkg.bundles.len(), package),
        Op::Preflight => {
            // The community checks on the catalog, and Konflux's pruning check of the catalog
            // without its newest bundles (a fragment pruning them) against the whole one.
            let community = preflight::run(Pipeline::Community, catalog, &[]);
            let targets = std::slice::from_ref(catalog);
            let konflux = old.map(|old| preflight::run(Pipeline::Konflux, old, targets));
            serde_json::to_string(&(community, konflux)).map_or(0, |s| s.len())
        }
        Op::Diff | Op::DiffJson => {
            let options = DiffOptions::default();
            let Some(d) = old.and_then(|old| diff_package(old, catalog, package, &options).ok())
            else {
                return 0;
            };
            if op == Op::Diff {
                return diff_text(&d).len();
            }
            let mut counted = ByteCount(0);
            let doc = d.document(&options, PathListing::Linked);
            serde_json::to_writer_pretty(&mut counted, &doc).map_or(0, |_| counted.0)
        }
    }
}

/// `mirror --json` on the package cut to its middle half of versions; returns the output size.
///
/// # Complexity
/// What [`mirror_catalog`] costs: linear in the package.
fn mirror_size(catalog: &Catalog, n: usize, package: &str) -> usize {
    let entry = OperatorEntry {
        catalog: "bench".into(),
        packages: vec![PackageFilter {
            name: package.into(),
            min_version: Some(format!("0.0.{}", n / 4)),
            max_version: Some(format!("0.0.{}", 3 * n / 4)),
            ..PackageFilter::default()
        }],
        ..OperatorEntry::default()
    };
    let report = mirror_catalog(catalog, &entry, &MirrorOptions::default());
    serde_json::to_string_pretty(&report).map_or(0, |s| s.len())
}

/// A writer that only counts the bytes written to it (the size of an output, without it).
struct ByteCount(usize);

impl std::io::Write for ByteCount {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The peak resident memory of this process so far, in KiB (Linux `VmHWM`).
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time this (single-threaded) process has run so far, in seconds (Linux schedstat,
/// nanoseconds): unlike the wall clock, it does not count time other processes hold the CPU.
fn cpu_s() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// The child: generate, load (timed), run the operation (timed), print one JSON line.
fn child(shape: Shape, n: usize, op: Op) -> CmdResult {
    let generated = generate(shape, n, false);
    let old_text = matches!(op, Op::Diff | Op::DiffJson | Op::Preflight)
        .then(|| generate(shape, n, true).text);
    let (started, cpu0) = (Instant::now(), cpu_s());
    let catalog = load(generated.text, "new.json");
    let old = old_text.map(|t| load(t, "old.json"));
    let (load_s, cpu1) = (started.elapsed().as_secs_f64(), cpu_s());
    let started = Instant::now();
    let size = run_op(op, &catalog, &generated.package, old.as_ref());
    let (op_s, cpu2) = (started.elapsed().as_secs_f64(), cpu_s());
    let cpu = |a: Option<f64>, b: Option<f64>| a.zip(b).map(|(a, b)| b - a);
    let (op_s, op_cpu_s) = match op {
        Op::Load => (load_s, cpu(cpu0, cpu1)),
        _ => (op_s, cpu(cpu1, cpu2)),
    };
    let record = json!({"load_s": load_s, "load_cpu_s": cpu(cpu0, cpu1), "op_s": op_s, "op_cpu_s": op_cpu_s, "peak_kib": peak_kib(), "output": size});
    println!("{record}");
    Ok(ExitStatus::Success)
}

/// One measurement.
struct Row {
    shape: Shape,
    n: usize,
    op: Op,
    load_s: f64,
    op_s: f64,
    op_cpu_s: f64,
    peak_mib: Option<f64>,
    /// Bytes of output the operation produced (or objects, for `load`).
    output: u64,
}

impl Row {
    /// Folds another run of the same measurement in: the least of each time (what the machine
    /// allowed without interference), the greatest peak memory.
    fn keep_fastest(&mut self, other: Row) {
        self.load_s = self.load_s.min(other.load_s);
        self.op_s = self.op_s.min(other.op_s);
        self.op_cpu_s = self.op_cpu_s.min(other.op_cpu_s);
        self.peak_mib = match (self.peak_mib, other.peak_mib) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
    }
}

fn measure(exe: &Path, shape: Shape, n: usize, op: Op) -> Result<Row, CliError> {
    let output = Command::new(exe)
        .args([
            "bench",
            "--synthetic-child",
            "--shape",
            &value_name(shape),
            "--op",
            &op.name(),
        ])
        .args(["--sizes", &n.to_string()])
        .output()
        .map_err(|e| CliError::Input(format!("cannot run {}: {e}", exe.display())))?;
    let text = String::from_utf8_lossy(&output.stdout);
    let record: Value = serde_json::from_str(text.trim()).map_err(|e| {
        CliError::Input(format!(
            "the {} {n} {} run failed ({e}): {}",
            value_name(shape),
            op.name(),
            String::from_utf8_lossy(&output.stderr)
        ))
    })?;
    let num = |k: &str| record[k].as_f64().unwrap_or(f64::NAN);
    Ok(Row {
        shape,
        n,
        op,
        load_s: num("load_s"),
        op_s: num("op_s"),
        op_cpu_s: num("op_cpu_s"),
        output: record["output"].as_u64().unwrap_or(0),
        peak_mib: record["peak_kib"].as_f64().map(|k| k / 1024.0),
    })
}

/// The exponent k of t ∝ N^k between two sizes.
fn exponent(small: &Row, large: &Row, time: impl Fn(&Row) -> f64) -> f64 {
    (time(large) / time(small)).ln() / (large.n as f64 / small.n as f64).ln()
}

/// The parent: every shape, size and operation in a process of its own, then the exponents.
fn synthetic(args: &BenchArgs) -> CmdResult {
    let exe = std::env::current_exe()
        .map_err(|e| CliError::Input(format!("cannot find this program: {e}")))?;
    // Every cell once per pass, the passes one after the other: a slow spell of a shared
    // machine then slows every size alike instead of the cells measured during it.
    let cells: Vec<(Shape, usize, Op)> = args
        .shapes
        .iter()
        .flat_map(|&shape| {
            args.sizes
                .iter()
                .flat_map(move |&n| args.ops.iter().map(move |&op| (shape, n, op)))
        })
        .collect();
    let mut rows: Vec<Row> = Vec::with_capacity(cells.len());
    for pass in 0..args.runs.max(1) {
        for (i, &(shape, n, op)) in cells.iter().enumerate() {
            let row = measure(&exe, shape, n, op)?;
            match rows.get_mut(i) {
                Some(best) if pass > 0 => best.keep_fastest(row),
                _ => rows.push(row),
            }
        }
    }
    if !args.json {
        println!("shape   N        operation   load s   op s     op cpu s total s  peak MiB");
    }
    for row in &rows {
        print_row(row, args.json);
    }
    print_exponents(&rows, args);
    Ok(ExitStatus::Success)
}

fn print_row(r: &Row, as_json: bool) {
    let total = if r.op == Op::Load {
        r.op_s
    } else {
        r.load_s + r.op_s
    };
    if as_json {
        let record = json!({"shape": value_name(r.shape), "n": r.n, "op": r.op.name(), "load_s": r.load_s, "op_s": r.op_s, "op_cpu_s": r.op_cpu_s, "total_s": total, "peak_mib": r.peak_mib, "output": r.output});
        println!("{record}");
        return;
    }
    let peak = r.peak_mib.map_or("n/a".into(), |m| format!("{m:.0}"));
    println!(
        "{:<7} {:<8} {:<11} {:<8.3} {:<8.3} {:<8.3} {:<8.3} {peak}",
        value_name(r.shape),
        r.n,
        r.op.name(),
        r.load_s,
        r.op_s,
        r.op_cpu_s,
        total
    );
}

/// Exponents between the two largest sizes, for the operation alone and with loading.
fn print_exponents(rows: &[Row], args: &BenchArgs) {
    let mut sizes = args.sizes.clone();
    sizes.sort_unstable();
    let [.., small, large] = sizes.as_slice() else {
        return;
    };
    if !args.json {
        println!("exponent from N = {small} to N = {large} (time ∝ N^k): operation alone (wall, cpu), with loading (wall)");
    }
    for &shape in &args.shapes {
        for &op in &args.ops {
            let find = |n| {
                rows.iter()
                    .find(|r| r.shape == shape && r.op == op && r.n == n)
            };
            let (Some(s), Some(l)) = (find(*small), find(*large)) else {
                continue;
            };
            let alone = exponent(s, l, |r| r.op_s);
            let cpu = exponent(s, l, |r| r.op_cpu_s);
            let total = exponent(s, l, |r| {
                r.op_s + if op == Op::Load { 0.0 } else { r.load_s }
            });
            if args.json {
                let record = json!({"shape": value_name(shape), "op": op.name(), "from": small, "to": large, "exponent": alone, "exponent_cpu": cpu, "exponent_with_load": total});
                println!("{record}");
            } else {
                println!(
                    "{:<7} {:<11} {alone:.2}  {cpu:.2}  {total:.2}",
                    value_name(shape),
                    op.name()
                );
            }
        }
    }
}
