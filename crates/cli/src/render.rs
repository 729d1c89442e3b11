//! `olm-graph render`: a package or channel as SVG, Mermaid (`opm alpha render-graph` format) or
//! Graphviz DOT; and the hidden `plain-crossings` helper of `scripts/bench-graphviz.sh`.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use olm_graph_core::export::dot::{crossings_of_segments, parse_plain, plain_crossings};
use olm_graph_core::export::{render, RenderFormat, RenderRequest};
use olm_graph_core::graph::{channel_graphs, PackageGraph};
use olm_graph_core::layout::{crossings, layout, FanMode, Layout, LayoutOptions, LayoutSource};
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
    /// svg: draw every skipRange edge on its own instead of one fan per target.
    #[arg(long)]
    pub no_fans: bool,
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

/// Runs `olm-graph render`.
pub fn run(args: RenderArgs) -> CmdResult {
    if args.format != Format::Svg {
        if args.from.is_some() {
            return Err(usage("--from, --resolver and --animate need --format svg"));
        }
        if args.no_fans {
            return Err(usage("--no-fans needs --format svg"));
        }
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
        fans: if args.no_fans {
            FanMode::Edges
        } else {
            FanMode::Bands
        },
        draw_v0_semantics: args.draw_v0_semantics,
        minimum_edge: args.minimum_edge.clone(),
        ..RenderRequest::new(
            args.package.clone(),
            match args.format {
                Format::Svg => RenderFormat::Svg,
                Format::Mermaid => RenderFormat::Mermaid,
                Format::Dot => RenderFormat::Dot,
            },
        )
    };
    let rendered = render(&catalog, &request).map_err(|e| usage(e.to_string()))?;
    for w in &rendered.warnings {
        eprintln!("warning: {w}");
    }
    let text = rendered.text;
    let Some(pkg) = catalog.package(&args.package) else {
        return Err(usage(format!("unknown package {:?}", args.package)));
    };

    if args.stats && args.format != Format::Mermaid {
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
