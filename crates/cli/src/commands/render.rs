//! `olm-graph render`: a package or channel as SVG, Mermaid (`opm alpha render-graph` format),
//! Graphviz DOT or an `<olm-graph>` snippet for docs pages (`-f embed`).

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::PathBuf;

use olm_graph_core::export::dot::crossings_of_segments;
use olm_graph_core::export::{embed_snippet, render, DrawingFormat, RenderRequest, Rendered};
use olm_graph_core::graph::{channel_graphs, PackageGraph};
use olm_graph_core::layout::{
    crossings, layout, FanMode, LabelMode, Layout, LayoutOptions, LayoutSource, DEFAULT_TARGET,
};
use olm_graph_core::load::{read_paths, Limits};
use olm_graph_core::model::{Catalog, Package};
use olm_graph_core::support::AsOf;

use crate::args::RenderArgs;
use crate::clock::today;
use crate::error::{self, usage, CliError, CmdResult, ExitStatus};
use crate::input::{self, load_plain, report_load_errors};

/// The box `--max-width` and `--max-height` ask for (`None`: the default box).
fn target(width: Option<f64>, height: Option<f64>) -> Result<Option<(f64, f64)>, CliError> {
    for (flag, v) in [("--max-width", width), ("--max-height", height)] {
        if v.is_some_and(|v| !v.is_finite() || v < 50.0) {
            return Err(usage(format!(
                "{flag} must be a number of pixels, at least 50"
            )));
        }
    }
    Ok(match (width, height) {
        (None, None) => None,
        (Some(w), None) => Some((w, f64::INFINITY)),
        (w, Some(h)) => Some((w.unwrap_or(DEFAULT_TARGET.0), h)),
    })
}

/// Refuses the options that only the SVG export reads.
fn svg_only(args: &RenderArgs) -> Result<(), CliError> {
    if args.from.is_some() {
        return Err(usage("--from, --resolver and --animate need --format svg"));
    }
    if args.no_fans || args.all_fans {
        return Err(usage("--no-fans and --all-fans need --format svg"));
    }
    if args.max_width.is_some() || args.max_height.is_some() || args.names {
        return Err(usage(
            "--max-width, --max-height and --names need --format svg",
        ));
    }
    if !args.expand.is_empty() {
        return Err(usage("--expand needs --format svg"));
    }
    if args.overlay() {
        return Err(usage(
            "--lifecycle-overlay, --as-of and --platform need --format svg",
        ));
    }
    Ok(())
}

/// Refuses the flags the chosen format does not read.
fn check_flags(args: &RenderArgs) -> Result<(), CliError> {
    if !matches!(args.format, DrawingFormat::Svg | DrawingFormat::Embed) {
        svg_only(args)?;
    }
    if args.format == DrawingFormat::Embed && args.overlay() {
        return Err(usage(
            "--lifecycle-overlay, --as-of and --platform need --format svg",
        ));
    }
    if args.format != DrawingFormat::Mermaid
        && (args.draw_v0_semantics || args.minimum_edge.is_some())
    {
        return Err(usage(
            "--draw-v0-semantics and --minimum-edge need --format mermaid",
        ));
    }
    Ok(())
}

/// Runs `olm-graph render`.
pub fn run(args: RenderArgs) -> CmdResult {
    check_flags(&args)?;
    let catalog = load_plain(&args.paths)?;
    report_load_errors(&catalog);
    let request = RenderRequest {
        channel: args.channel.clone(),
        from: args.from.clone(),
        resolver: args.resolver,
        animate: args.animate,
        fans: match (args.no_fans, args.all_fans) {
            (true, _) => FanMode::Edges,
            (false, true) => FanMode::Bands,
            (false, false) => FanMode::Markers,
        },
        target: target(args.max_width, args.max_height)?,
        labels: if args.names {
            LabelMode::Names
        } else {
            LabelMode::Versions
        },
        expanded_groups: args.expand.clone(),
        draw_v0_semantics: args.draw_v0_semantics,
        minimum_edge: args.minimum_edge.clone(),
        tooltips: !args.no_tooltips,
        support: args.overlay().then(|| AsOf {
            date: args.as_of.unwrap_or_else(today),
            platform: args.platform.clone(),
        }),
        ..RenderRequest::new(args.package.clone(), args.format.picture())
    };
    let rendered = match args.format {
        DrawingFormat::Embed => embed(&args.paths, &catalog, &request)?,
        _ => render(&catalog, &request).map_err(|e| error::request(e.to_string()))?,
    };
    for w in &rendered.warnings {
        eprintln!("warning: {w}");
    }
    let text = rendered.text;
    let pkg = input::package(&catalog, &args.package)?;

    if args.stats && matches!(args.format, DrawingFormat::Svg | DrawingFormat::Dot) {
        print_stats(pkg, args.channel.as_deref());
    }

    match &args.output {
        Some(file) => std::fs::write(file, text.as_bytes())
            .map_err(|e| CliError::Input(format!("{}: {e}", file.display())))?,
        None => {
            let mut stdout = std::io::stdout().lock();
            if stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush())
                .is_err()
            {
                // A closed pipe (`| head`): stop quietly.
                return Ok(ExitStatus::Success);
            }
        }
    }
    Ok(ExitStatus::Success)
}

/// `-f embed`: the snippet, with the package's objects as read from `paths`.
fn embed(
    paths: &[PathBuf],
    catalog: &Catalog,
    request: &RenderRequest,
) -> Result<Rendered, CliError> {
    let files = read_paths(paths, &Limits::process_default())
        .map_err(|e| CliError::Input(e.to_string()))?
        .files;
    let text =
        embed_snippet(&files, catalog, request).map_err(|e| error::request(e.to_string()))?;
    Ok(Rendered {
        text,
        warnings: Vec::new(),
    })
}

/// `--stats`: the layout's size and its edge crossings, three ways: as drawn (skipRange fans as
/// bands, which [`crossings`] does not count), with every edge drawn on its own, and as straight
/// segments between node centres (one per distinct pair of nodes; the measure the benchmark also
/// applies to Graphviz's layout).
fn print_stats(pkg: &Package, channel: Option<&str>) {
    let graphs = channel_graphs(pkg);
    let graph = channel.and_then(|c| graphs.iter().find(|g| g.channel == c));
    let package_graph = PackageGraph::build(pkg, &graphs);
    let (nodes, pairs): (usize, Vec<(usize, usize)>) = match graph {
        Some(g) => (
            g.nodes.len(),
            g.edges.iter().map(|e| (e.from, e.to)).collect(),
        ),
        None => (
            package_graph.nodes.len(),
            package_graph.edges.iter().map(|e| (e.from, e.to)).collect(),
        ),
    };
    let source: &dyn LayoutSource = match graph {
        Some(g) => g,
        None => &package_graph,
    };
    let lay = |fans: FanMode| -> Layout {
        let options = LayoutOptions {
            fans,
            ..LayoutOptions::default()
        };
        layout(source, &options)
    };
    let (bands, edges) = (lay(FanMode::Bands), lay(FanMode::Edges));
    let centre = |i: usize| {
        edges
            .nodes
            .get(i)
            .map(|b| (b.x + b.width / 2.0, b.y + b.height / 2.0))
    };
    let distinct: BTreeSet<(usize, usize)> = pairs.into_iter().filter(|(f, t)| f != t).collect();
    let segments: Vec<_> = distinct
        .iter()
        .filter_map(|&(f, t)| Some((centre(f)?, centre(t)?)))
        .collect();
    eprintln!("nodes {nodes}");
    eprintln!("node-pairs {}", distinct.len());
    eprintln!("lanes {}", edges.lanes);
    eprintln!("bands {}", bands.bands.len());
    eprintln!("crossings-as-drawn {}", crossings(&bands));
    eprintln!("crossings-edges-mode {}", crossings(&edges));
    eprintln!("crossings-centres {}", crossings_of_segments(&segments));
}
