//! The subcommands: each loads the catalog, calls core, and prints.

use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use olm_graph_core::document::{graph_document, GraphDocumentOptions};
use olm_graph_core::export::{path_mermaid, PathMermaidOptions};
use olm_graph_core::graph::{channel_graphs, Head};
use olm_graph_core::load::{load_files_with, read_paths, Limits, ReadPaths};
use olm_graph_core::masterminds::VersionRange;
use olm_graph_core::model::{Catalog, FileFormat};
use olm_graph_core::partial::{partial_catalog, PartialCatalog};
use olm_graph_core::resolve::{
    resolve_path, Failure, PathDocument, PathOptions, Resolver, UpgradeConstraintPolicy,
    UpgradePath,
};
use olm_graph_core::validate::{lint_catalog, render_tree};
use olm_graph_core::{load_paths, InputFile, LoadOptions, Severity};
use serde_json::json;

/// A failure that ends the command.
#[derive(Debug)]
pub enum CliError {
    /// Input that cannot be read at all (exit 2).
    Input(String),
    /// A request that names something the catalog does not have (exit 1).
    Usage(String),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Input(_) => 2,
            CliError::Usage(_) => 1,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(m) | CliError::Usage(m) => f.write_str(m),
        }
    }
}

pub type CmdResult = Result<ExitCode, CliError>;

/// Prints to stdout; a closed pipe (`olm-graph ... | head`) ends the program quietly instead of
/// panicking as `println!` does.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        if writeln!(stdout, $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Loads the catalog at `paths`; the first time a command loads what looks like part of a split
/// catalog, says so on stderr with the counts and the folder to load instead.
pub fn load(paths: &[PathBuf]) -> Result<Catalog, CliError> {
    let catalog = load_paths(paths).map_err(|e| CliError::Input(e.to_string()))?;
    hint_split(paths, &catalog);
    Ok(catalog)
}

/// Two catalogs loaded as [`load`] loads each, side by side on two threads (`diff` loads the old
/// and the new catalog: the machine's second core halves its loading time). The first error is
/// the old catalog's, and the split-catalog hint looks at the old catalog first, as when they
/// are loaded one after the other.
pub fn load_pair(first: &[PathBuf], second: &[PathBuf]) -> Result<(Catalog, Catalog), CliError> {
    // Each thread also looks for the split-catalog hint; the hints are given in order after.
    let load_one = |paths: &[PathBuf]| {
        let catalog = load_paths(paths).map_err(|e| CliError::Input(e.to_string()))?;
        let partial = partial_catalog(&catalog);
        Ok::<_, CliError>((catalog, partial))
    };
    let (a, b) = std::thread::scope(|s| {
        let other = s.spawn(|| load_one(second));
        let a = load_one(first);
        let b = other
            .join()
            .unwrap_or_else(|_| Err(CliError::Input("loading the catalog failed".into())));
        (a, b)
    });
    let ((a, a_partial), (b, b_partial)) = (a?, b?);
    give_split_hint(first, a_partial);
    give_split_hint(second, b_partial);
    Ok((a, b))
}

/// [`load`], keeping the files read (for a command that rewrites them): every path is read
/// once, standard input included.
pub fn load_keeping_files(paths: &[PathBuf]) -> Result<(Catalog, Vec<InputFile>), CliError> {
    let limits = Limits::process_default();
    let ReadPaths { files, mut notes } =
        read_paths(paths, &limits).map_err(|e| CliError::Input(e.to_string()))?;
    let options = LoadOptions {
        limits,
        ..LoadOptions::default()
    };
    let mut catalog = load_files_with(files.clone(), options);
    notes.append(&mut catalog.diagnostics);
    catalog.diagnostics = notes;
    hint_split(paths, &catalog);
    Ok((catalog, files))
}

/// The split-catalog hint, the first time a command loads what looks like part of a split
/// catalog: on stderr, with the counts and the folder to load instead.
fn hint_split(paths: &[PathBuf], catalog: &Catalog) {
    give_split_hint(paths, partial_catalog(catalog));
}

/// The split-catalog hint for what [`partial_catalog`] found, unless one was given already.
fn give_split_hint(paths: &[PathBuf], partial: Option<PartialCatalog>) {
    if let Some(partial) = partial {
        if !SPLIT_HINT_GIVEN.swap(true, Ordering::Relaxed) {
            eprintln!("olm-graph: note: {}", split_hint(paths, &partial));
        }
    }
}

/// Whether the split-catalog hint was printed already.
static SPLIT_HINT_GIVEN: AtomicBool = AtomicBool::new(false);

/// The hint, naming the folder of a single file given alone.
fn split_hint(paths: &[PathBuf], partial: &PartialCatalog) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let folder = match paths {
        [one] if one.is_file() => one
            .parent()
            .map(|d| d.display().to_string())
            .filter(|d| !d.is_empty()),
        _ => None,
    };
    let mut hint = format!("{}: {}", shown.join(" "), partial.message());
    if let Some(d) = folder {
        hint += &format!(" (for example `{d}`)");
    }
    hint
}

/// Load errors go to stderr so that the output stays machine-readable.
fn report_load_errors(catalog: &Catalog) {
    let errors: Vec<_> = catalog
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    if errors.is_empty() {
        return;
    }
    for d in errors.iter().take(20) {
        eprintln!("{d}");
    }
    if errors.len() > 20 {
        eprintln!(
            "... and {} more errors (run `olm-graph lint` for all)",
            errors.len() - 20
        );
    }
}

pub fn packages(paths: &[PathBuf]) -> CmdResult {
    let catalog = load(paths)?;
    report_load_errors(&catalog);
    for pkg in &catalog.packages {
        let graphs = channel_graphs(pkg);
        let heads: Vec<String> = graphs
            .iter()
            .map(|g| match &g.head {
                Head::Unique(h) => format!("{}={h}", g.channel),
                Head::None => format!("{}=(none)", g.channel),
                Head::Multiple(hs) => format!("{}=({})", g.channel, hs.join("|")),
            })
            .collect();
        let channels: Vec<&str> = pkg.channels.iter().map(|c| c.name.as_str()).collect();
        out!(
            "{}\tdefault={}\tchannels={}\tbundles={}\theads={}",
            pkg.name,
            pkg.default_channel.as_deref().unwrap_or("(none)"),
            channels.join(","),
            pkg.bundles.len(),
            heads.join(",")
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub fn graph(
    paths: &[PathBuf],
    package: &str,
    channel: Option<&str>,
    json: bool,
    resolver: Resolver,
) -> CmdResult {
    let catalog = load(paths)?;
    report_load_errors(&catalog);
    let pkg = catalog
        .package(package)
        .ok_or_else(|| CliError::Usage(format!("unknown package {package:?}")))?;
    if let Some(c) = channel {
        if pkg.channel(c).is_none() {
            return Err(CliError::Usage(format!(
                "package {package:?} has no channel {c:?}"
            )));
        }
    }
    let graphs = channel_graphs(pkg);
    if json {
        let doc = graph_document(
            pkg,
            &graphs,
            &GraphDocumentOptions {
                channel: channel.map(str::to_string),
                resolver,
            },
        );
        out!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
        return Ok(ExitCode::SUCCESS);
    }
    out!(
        "package {} (default channel {})",
        pkg.name,
        pkg.default_channel.as_deref().unwrap_or("(none)")
    );
    for g in graphs
        .iter()
        .filter(|g| channel.is_none_or(|c| c == g.channel))
    {
        let head = g
            .head
            .name()
            .map_or_else(|| g.head.error().unwrap_or_default(), str::to_string);
        out!(
            "  channel {}: {} entries, {} virtual, {} edges, head {head}",
            g.channel,
            g.entry_count(),
            g.nodes.len() - g.entry_count(),
            g.edges.len()
        );
        for e in &g.edges {
            let range = e
                .range
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default();
            out!(
                "    {} -> {} [{}{range}]",
                g.nodes[e.from].name,
                g.nodes[e.to].name,
                e.kind.as_str()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn lint(paths: &[PathBuf], json: bool) -> CmdResult {
    let catalog = load(paths)?;
    let findings = lint_catalog(&catalog);
    let errors = findings.iter().filter(|d| d.is_error()).count();
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&findings).unwrap_or_default()
        );
    } else {
        let tree = render_tree(&findings);
        if !tree.is_empty() {
            out!("{}", tree.trim_end());
        }
        for d in findings.iter().filter(|d| d.severity == Severity::Warning) {
            out!("{d}");
        }
        let warnings = findings
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .count();
        let skipped = catalog
            .files
            .iter()
            .filter(|f| f.format == FileFormat::Skipped)
            .count();
        out!(
            "{} packages, {} files read ({} skipped): {errors} errors, {warnings} warnings",
            catalog.packages.len(),
            catalog.files.len() - skipped,
            skipped
        );
    }
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

pub fn bench(paths: &[PathBuf], runs: usize) -> CmdResult {
    // A first, untimed load warms the page cache; each timed run then reads, parses and graphs.
    let warm = load(paths)?;
    let bytes: usize = warm.files.iter().map(|f| f.bytes).sum();
    let mut times = Vec::new();
    let mut counts = (0, 0, 0);
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let catalog = load(paths)?;
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
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `olm-graph path`.
pub struct PathArgs {
    pub paths: Vec<PathBuf>,
    pub package: String,
    pub channel: Option<String>,
    /// OLM v1: the ClusterExtension's channels (empty: every channel).
    pub channels: Option<Vec<String>>,
    /// OLM v1: the ClusterExtension's version range.
    pub version: Option<String>,
    pub from: String,
    pub resolver: Resolver,
    pub self_certified: bool,
    pub failure: Option<Failure>,
    pub updated_catalog: Vec<PathBuf>,
    /// OLM v1: `PATH=N`; when given, each path is its own ClusterCatalog.
    pub catalog_priority: Vec<String>,
    pub json: bool,
    /// Print the path as a Mermaid flowchart.
    pub mermaid: bool,
}

/// A ClusterExtension's `--version` range, parsed with operator-controller's message on error;
/// refused outside OLM v1.
pub(crate) fn version_range(
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

/// The resolution `path` asks for; `--channels` and `--version` are OLM v1's.
pub(crate) fn path_options(args: &PathArgs) -> Result<PathOptions, CliError> {
    let v1_only = args.channels.is_some() || args.version.is_some();
    if v1_only && args.resolver != Resolver::V1 {
        return Err(CliError::Usage(
            "--channels and --version are a ClusterExtension's: use them with --resolver v1".into(),
        ));
    }
    let version = version_range(args.resolver, args.version.as_deref())?;
    Ok(PathOptions {
        resolver: args.resolver,
        channel: args.channel.clone(),
        channels: args.channels.clone().unwrap_or_default(),
        version,
        policy: if args.self_certified {
            UpgradeConstraintPolicy::SelfCertified
        } else {
            UpgradeConstraintPolicy::CatalogProvided
        },
        failure: args.failure.clone(),
        installed_version: None,
    })
}

pub fn path(args: PathArgs) -> CmdResult {
    let catalog = load(&args.paths)?;
    report_load_errors(&catalog);
    let updated = if args.updated_catalog.is_empty() {
        None
    } else {
        let u = load(&args.updated_catalog)?;
        report_load_errors(&u);
        Some(u)
    };
    let options = path_options(&args)?;
    let result = resolve_path(
        &catalog,
        &args.package,
        &args.from,
        &options,
        updated.as_ref(),
    );
    let path = match result {
        Ok(p) => p,
        Err(e) => {
            if args.json {
                out!("{}", json!({ "error": e.message }));
                return Ok(ExitCode::from(1));
            }
            return Err(CliError::Usage(e.message));
        }
    };
    if args.json {
        let doc = path_json(&path);
        out!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
    } else if args.mermaid {
        out!("{}", path_mermaid_of(&catalog, &args, &path).trim_end());
    } else {
        print_path_text(&args, &path);
    }
    Ok(ExitCode::SUCCESS)
}

/// The `path --mermaid` flowchart: the installed bundle is "from another channel" when a
/// channel was named and it is not one of its entries.
fn path_mermaid_of(catalog: &Catalog, args: &PathArgs, path: &UpgradePath) -> String {
    let other = args.channel.as_deref().is_some_and(|c| {
        catalog
            .package(&args.package)
            .and_then(|p| p.channels.iter().find(|ch| ch.name == c))
            .is_some_and(|ch| ch.entries.iter().all(|e| e.name != args.from))
    });
    let options = PathMermaidOptions {
        package: args.package.clone(),
        channel: args.channel.clone(),
        installed_from_other_channel: other,
    };
    path_mermaid(path, &options)
}

/// The `path --json` document of a path.
pub fn path_json(path: &UpgradePath) -> PathDocument<'_> {
    path.document()
}

pub(crate) fn print_path_text(args: &PathArgs, path: &UpgradePath) {
    let rules = match path.resolver {
        Resolver::V0 => "OLM v0 (Subscription)",
        Resolver::V1 => "OLM v1 (ClusterExtension)",
    };
    let channels = match (&args.channel, &args.channels) {
        (Some(c), _) => format!("channel {c}"),
        (None, Some(cs)) if !cs.is_empty() => format!("channels {}", cs.join(", ")),
        (None, _) => "every channel".to_string(),
    };
    let version = args
        .version
        .as_ref()
        .map(|v| format!(", version {v}"))
        .unwrap_or_default();
    out!(
        "{rules}: package {}, {channels}{version}, from {}",
        args.package,
        path.from
    );
    if path.hops.is_empty() {
        out!("  no upgrade");
    }
    for (i, h) in path.hops.iter().enumerate() {
        let via: Vec<String> = h.via.iter().map(|r| r.label()).collect();
        let failed = if h.failed { "  FAILS" } else { "" };
        let updated = if h.updated_catalog {
            "  (updated catalog)"
        } else {
            ""
        };
        let missing = if h.missing_bundle {
            "  (no olm.bundle: by name)"
        } else {
            ""
        };
        out!(
            "  {}. {} -> {}  via {}{failed}{updated}{missing}",
            i + 1,
            h.from,
            h.to,
            via.join(", ")
        );
        for a in &h.alternatives {
            out!("       not {}: {}", a.bundle, a.why);
        }
    }
    out!("  ends on {}: {}", path.end, path.outcome.as_str());
    if let Some(note) = path.without_bundles_note() {
        out!("  note: {note}");
    }
    if let Some(e) = &path.explanation {
        out!("  why: {}", e.message);
        if !e.suggestion.is_empty() {
            out!("  fix: {}", e.suggestion);
        }
        if let Some(s) = &e.snippet {
            out!("  suggested catalog change:");
            for line in s.lines() {
                out!("    {line}");
            }
        }
    }
}

/// Prints to stdout; a closed pipe ends the program quietly.
pub(crate) fn print(text: &str) {
    out!("{text}");
}
