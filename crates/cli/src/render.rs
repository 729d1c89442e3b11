//! `olm-graph render`: a package or channel as SVG, Mermaid (`opm alpha render-graph` format),
//! Graphviz DOT or an `<olm-graph>` snippet for docs pages (`-f embed`); and the hidden
//! `plain-crossings` helper of `scripts/bench-graphviz.sh`.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use olm_graph_core::export::dot::{crossings_of_segments, parse_plain, plain_crossings};
use olm_graph_core::export::{embed_snippet, render, RenderFormat, RenderRequest, Rendered};
use olm_graph_core::graph::{channel_graphs, PackageGraph};
use olm_graph_core::layout::{
    crossings, layout, FanMode, LabelMode, Layout, LayoutOptions, LayoutSource, DEFAULT_TARGET,
};
use olm_graph_core::load::{read_paths, Limits};
use olm_graph_core::load_paths;
use olm_graph_core::model::{Catalog, Package};

use crate::commands::{CliError, CmdResult};
use crate::ResolverArg;

/// Output format of `render`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Standalone SVG (title, legend; the layout the web app shows).
    Svg,
    /// Mermaid flowchart, byte-for-byte `opm alpha render-graph`.
    Mermaid,
    /// Graphviz DOT (`dot -Tsvg` draws it).
    Dot,
    /// A snippet for a docs page: the `<olm-graph>` element with the package's catalog
    /// inline and the SVG as its fallback (see docs/embed.md).
    Embed,
}

/// Arguments of `olm-graph render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Catalog files or directories (FBC JSON/YAML, or legacy package manifests).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The package.
    #[arg(long, short)]
    pub package: String,
    /// Only this channel. Without it: the package view (svg, dot), or every channel of the
    /// package (mermaid, as opm does).
    #[arg(long, short)]
    pub channel: Option<String>,
    #[arg(long, short, value_enum, default_value_t = Format::Svg)]
    pub format: Format,
    /// svg: highlight the upgrade path from this installed bundle.
    #[arg(long)]
    pub from: Option<String>,
    /// svg: which OLM rules choose the path's hops.
    #[arg(long, value_enum, default_value_t = ResolverArg::V0, requires = "from")]
    pub resolver: ResolverArg,
    /// svg: animate the path hop by hop (CSS only; still under prefers-reduced-motion).
    #[arg(long, requires = "from")]
    pub animate: bool,
    /// mermaid: opm's `--draw-v0-semantics` (skipped entries and the edges v0 never follows).
    #[arg(long)]
    pub draw_v0_semantics: bool,
    /// mermaid: opm's `--minimum-edge` (only edges from this bundle's version up).
    #[arg(long, value_name = "BUNDLE")]
    pub minimum_edge: Option<String>,
    /// svg: draw every edge on its own (no fan markers, no groups) instead of one marker per
    /// fan.
    #[arg(long, conflicts_with = "all_fans")]
    pub no_fans: bool,
    /// svg: draw every fan as a rail under the bundles it covers (fans that share their lower
    /// end as one staircase) instead of a marker on its entry.
    #[arg(long)]
    pub all_fans: bool,
    /// svg: lay the picture out to be at most this many pixels wide (the version order wraps
    /// into rows); without --max-height the height follows.
    #[arg(long, value_name = "PX")]
    pub max_width: Option<f64>,
    /// svg: with --max-width, lay the picture out to fit this height too (as large as it fits
    /// the box). Alone: the width of the app's panel (740) with this height.
    #[arg(long, value_name = "PX")]
    pub max_height: Option<f64>,
    /// svg: node labels say the bundle names instead of the versions.
    #[arg(long)]
    pub names: bool,
    /// svg: draw the absent bundles an entry names (its group) one by one; repeatable.
    #[arg(long, value_name = "ENTRY")]
    pub expand: Vec<String>,
    /// Write to this file instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// svg, dot: print layout statistics (edge crossings) to stderr.
    #[arg(long, hide = true)]
    pub stats: bool,
}

/// Arguments of the hidden `plain-crossings` helper.
#[derive(Args, Debug)]
pub struct PlainCrossingsArgs {
    /// Output of `dot -Tplain` (`-` for stdin).
    pub file: PathBuf,
}

fn load(paths: &[PathBuf]) -> Result<Catalog, CliError> {
    let catalog = load_paths(paths).map_err(|e| CliError::Input(e.to_string()))?;
    let errors: Vec<_> = catalog
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    for d in errors.iter().take(20) {
        eprintln!("{d}");
    }
    if errors.len() > 20 {
        eprintln!(
            "... and {} more errors (run `olm-graph lint` for all)",
            errors.len() - 20
        );
    }
    Ok(catalog)
}

fn usage(msg: impl Into<String>) -> CliError {
    CliError::Usage(msg.into())
}

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
    Ok(())
}

/// Runs `olm-graph render`.
pub fn run(args: RenderArgs) -> CmdResult {
    if !matches!(args.format, Format::Svg | Format::Embed) {
        svg_only(&args)?;
    }
    if args.format != Format::Mermaid && (args.draw_v0_semantics || args.minimum_edge.is_some()) {
        return Err(usage(
            "--draw-v0-semantics and --minimum-edge need --format mermaid",
        ));
    }
    let catalog = load(&args.paths)?;
    let request = RenderRequest {
        channel: args.channel.clone(),
        from: args.from.clone(),
        resolver: args.resolver.into(),
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
        ..RenderRequest::new(
            args.package.clone(),
            match args.format {
                Format::Svg | Format::Embed => RenderFormat::Svg,
                Format::Mermaid => RenderFormat::Mermaid,
                Format::Dot => RenderFormat::Dot,
            },
        )
    };
    let rendered = match args.format {
        Format::Embed => embed(&args.paths, &catalog, &request)?,
        _ => render(&catalog, &request).map_err(|e| usage(e.to_string()))?,
    };
    for w in &rendered.warnings {
        eprintln!("warning: {w}");
    }
    let text = rendered.text;
    let Some(pkg) = catalog.package(&args.package) else {
        return Err(usage(format!("unknown package {:?}", args.package)));
    };

    if args.stats && matches!(args.format, Format::Svg | Format::Dot) {
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
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
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
    let text = embed_snippet(&files, catalog, request).map_err(|e| usage(e.to_string()))?;
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

/// Runs the hidden `plain-crossings` helper: crossings of a `dot -Tplain` layout, counted as
/// straight segments between node centres and as flattened splines.
pub fn run_plain_crossings(args: PlainCrossingsArgs) -> CmdResult {
    let text = if args.file.as_os_str() == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| CliError::Input(format!("stdin: {e}")))?;
        s
    } else {
        std::fs::read_to_string(&args.file)
            .map_err(|e| CliError::Input(format!("{}: {e}", args.file.display())))?
    };
    let plain =
        parse_plain(&text).map_err(|e| CliError::Input(format!("{}: {e}", args.file.display())))?;
    let (centres, splines) = plain_crossings(&plain);
    println!("nodes {}", plain.nodes.len());
    println!("edges {}", plain.edges.len());
    println!("crossings-centres {centres}");
    println!("crossings-splines {splines}");
    Ok(ExitCode::SUCCESS)
}
