//! `olm-graph`: the command-line shell over olm-graph-core, for CI and documentation.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use olm_graph_core::load::Limits;
use olm_graph_core::resolve::{Failure, FailureKind, Resolver, UpgradeStrategy};

/// mimalloc instead of the system allocator: loading a catalog makes millions of small
/// allocations (names, versions, properties), which it serves markedly faster.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay`, which the bindings do not name: in mimalloc.h (v2 and v3)
/// it is the option just before `mi_option_use_numa_nodes`, which they do.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t =
    libmimalloc_sys::mi_option_use_numa_nodes - 1;

/// Freed memory goes back to the system at once instead of 10 ms later: a command that loads
/// two big catalogs and drops what it built in between keeps its peak near what it holds
/// (on `diff` of two 100,000-bundle catalogs, about 500 MB instead of 800 MB), for the same
/// time.
fn return_freed_memory_at_once() {
    // SAFETY: sets a plain integer option; mimalloc reads options on every purge, and allows
    // this one to change at any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
}

mod bench;
mod catalogs;
mod commands;
mod format;
mod git;
mod lifecycle;
mod plan;
mod render;
mod review;
mod support;
mod template;

/// Inspect OLM File-Based Catalogs: packages, upgrade graphs, validation, upgrade paths.
///
/// Wherever a catalog path is read, `-` reads one catalog (JSON or YAML) from standard input.
#[derive(Parser, Debug)]
#[command(name = "olm-graph", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Input limits for every command that reads catalogs: crossing one is a `load.limit` error
/// naming the file, line and column, and the rest of the catalog still loads.
#[derive(clap::Args, Debug)]
#[command(next_help_heading = "Input limits")]
struct LimitArgs {
    /// Deepest nesting of mappings and lists in one document.
    #[arg(long, global = true, value_name = "N", value_parser = parse_count, default_value_t = Limits::DEFAULT.max_depth)]
    max_depth: usize,
    /// Documents (YAML) or objects (JSON) in one file.
    #[arg(long, global = true, value_name = "N", value_parser = parse_count, default_value_t = Limits::DEFAULT.max_documents)]
    max_documents: usize,
    /// Keys, values and list items in one document (the key count).
    #[arg(long, global = true, value_name = "N", value_parser = parse_count, default_value_t = Limits::DEFAULT.max_nodes)]
    max_nodes: usize,
    /// Bytes in one string; a size such as 16MiB or 500K is accepted.
    #[arg(long, global = true, value_name = "BYTES", value_parser = parse_count, default_value_t = Limits::DEFAULT.max_string_bytes)]
    max_string_bytes: usize,
    /// Bytes of all input together; a size such as 1GiB is accepted.
    #[arg(long, global = true, value_name = "BYTES", value_parser = parse_count, default_value_t = Limits::DEFAULT.max_total_bytes)]
    max_total_bytes: usize,
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_depth: self.max_depth,
            max_documents: self.max_documents,
            max_nodes: self.max_nodes,
            max_string_bytes: self.max_string_bytes,
            max_total_bytes: self.max_total_bytes,
        }
    }
}

/// A count or a size: digits, optionally followed by K, M or G (powers of 1024, with or without
/// `iB`/`B`).
fn parse_count(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let unit = match t[digits..].trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1usize,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        other => return Err(format!("unknown unit {other:?} (use K, M or G)")),
    };
    let n: usize = t[..digits]
        .parse()
        .map_err(|_| format!("{text:?} is not a number"))?;
    n.checked_mul(unit)
        .ok_or_else(|| format!("{text:?} is too large"))
}

/// What a catalog switch is followed for: the package, the subscription's channel, the rules.
#[derive(clap::Args, Debug)]
struct SwitchArgs {
    #[arg(long, short)]
    package: String,
    /// The subscription's channel (default: each bundle's, the default channel first).
    #[arg(long, short)]
    channel: Option<String>,
    #[arg(long, value_enum, default_value_t = ResolverArg::V0)]
    resolver: ResolverArg,
    /// JSON records instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// One line per package: default channel, channels, bundles, heads.
    #[command(after_help = "Example:\n  olm-graph packages catalog/ extra/index.yaml")]
    Packages {
        /// Catalog files or directories (FBC JSON/YAML, or legacy package manifests).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// A package's upgrade graphs: nodes and typed edges per channel.
    #[command(
        after_help = "Example:\n  olm-graph graph catalog/ --package etcd --channel alpha --json"
    )]
    Graph {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The package.
        #[arg(long, short)]
        package: String,
        /// Only this channel.
        #[arg(long, short)]
        channel: Option<String>,
        /// Print the JSON document instead of a text summary.
        #[arg(long)]
        json: bool,
        /// The resolver whose rules decide which bundles are terminated.
        #[arg(long, value_enum, default_value_t = ResolverArg::V0)]
        resolver: ResolverArg,
    },
    /// Validate like `opm validate` and add curator lints. Exit 1 on any error, 2 on unreadable input.
    #[command(
        after_help = "Examples:\n  olm-graph lint catalog/ && echo valid\n  olm-graph lint catalog/ --format github    # annotations in a GitHub Actions job\n  olm-graph lint catalog/ --format sarif > olm-graph.sarif"
    )]
    Lint {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print findings as JSON (the same as --format json).
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// Output format.
        #[arg(long, value_enum)]
        format: Option<format::LintFormat>,
    },
    /// The upgrade path a cluster takes from an installed bundle, under OLM v0 or v1 rules.
    #[command(
        after_help = "Examples:\n  olm-graph path catalog/ --package etcd --channel alpha --from etcd.v0.9.0\n  olm-graph path catalog/ -p etcd -c alpha --from etcd.v0.9.0 --resolver v1 --json\n  olm-graph path old/ -p etcd -c alpha --from etcd.v0.9.0 --fail etcd.v0.9.2 --failure csv --strategy fail-forward --updated-catalog new/\n  olm-graph path redhat.json community.json -p etcd --channels --from etcd.v0.9.0 --resolver v1 --catalog-priority redhat.json=10"
    )]
    Path {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[arg(long, short)]
        package: String,
        /// The channel the subscription (or ClusterExtension) follows.
        #[arg(long, short, required_unless_present = "channels")]
        channel: Option<String>,
        /// OLM v1 only: the ClusterExtension's channels, comma-separated; given with no value,
        /// every channel (a ClusterExtension that lists none).
        #[arg(long, num_args = 0.., value_delimiter = ',', conflicts_with = "channel")]
        channels: Option<Vec<String>>,
        /// OLM v1 only: the ClusterExtension's version range (Masterminds semver, e.g.
        /// ">=1.2, <1.4"); bundles outside it are never chosen.
        #[arg(long, value_name = "RANGE")]
        version: Option<String>,
        /// The installed bundle (any bundle of the package, or a name the catalog no longer has).
        #[arg(long)]
        from: String,
        #[arg(long, value_enum, default_value_t = ResolverArg::V0)]
        resolver: ResolverArg,
        /// OLM v1 only: ignore the catalog's upgrade edges (upgradeConstraintPolicy SelfCertified).
        #[arg(long)]
        self_certified: bool,
        /// A bundle whose upgrade fails (what-if).
        #[arg(long)]
        fail: Option<String>,
        /// How the upgrade into --fail fails.
        #[arg(long, value_enum, default_value_t = FailureArg::Csv)]
        failure: FailureArg,
        /// The OperatorGroup's upgrade strategy.
        #[arg(long, value_enum, default_value_t = StrategyArg::Default)]
        strategy: StrategyArg,
        /// The catalog published after the failure (files or directories).
        #[arg(long, num_args = 1..)]
        updated_catalog: Vec<PathBuf>,
        /// OLM v1 only: each PATH is its own ClusterCatalog, named by the path as given, and
        /// this one has `spec.priority` N (the others 0); repeat for several.
        #[arg(long, value_name = "PATH=N", conflicts_with_all = ["fail", "updated_catalog"])]
        catalog_priority: Vec<String>,
        #[arg(long)]
        json: bool,
        /// Print the path as a Mermaid flowchart (the installed bundle, then each hop and why).
        #[arg(long, conflicts_with = "json")]
        mermaid: bool,
    },
    /// The route from an installed bundle to a target across channels: which channel to
    /// subscribe to, where to hold the cluster, each switch with its reason, and the commands.
    /// Exit 1 when no route exists.
    #[command(
        after_help = "TARGET is a bundle, a version, channel:C (the head of C) or latest.\n\nExamples:\n  olm-graph plan catalog/ -p quay-operator --from quay-operator.v3.6.2 --to channel:stable-3.17\n  olm-graph plan catalog/ -p demo --from demo.v1.0.0 --to latest --resolver v1 --json\n  olm-graph plan catalog/ -p quay-operator --from quay-operator.v3.15.0 --to channel:stable-3.17 --resolver v1 --channels stable-3.15,stable-3.16\n  olm-graph plan redhat/ community/ -p etcd --from etcd.v0.9.0 --resolver v1 --catalog-priority redhat/=10"
    )]
    Plan(plan::PlanArgs),
    /// Deprecate a bundle and truncate the graph below it; write the new catalog (FBC JSON).
    #[command(
        name = "deprecate-truncate",
        after_help = "Example:\n  olm-graph deprecate-truncate catalog/ --package etcd --bundle etcd.v0.9.0 --message \"CVE-2024-1234\" -o truncated.json"
    )]
    DeprecateTruncate {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[arg(long, short)]
        package: String,
        /// The bundle to deprecate.
        #[arg(long, short)]
        bundle: String,
        /// The deprecation message.
        #[arg(long, short)]
        message: Option<String>,
        /// Also add the legacy olm.deprecated property (OLM v0 then never installs it).
        #[arg(long)]
        legacy_property: bool,
        /// Allow removing the whole package when every channel head is deprecated.
        #[arg(long)]
        allow_package_removal: bool,
        /// Where to write the new catalog.
        #[arg(short, long)]
        output: PathBuf,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Resolve a CatalogSource image template (olm.catalogImageTemplate) for a cluster.
    #[command(
        name = "resolve-image",
        after_help = "Example:\n  olm-graph resolve-image 'quay.io/acme/catalog:v{kube_major_version}.{kube_minor_version}' --kube-version v1.29.3+6af3663"
    )]
    ResolveImage {
        template: String,
        /// Kubernetes version, e.g. v1.29.3+6af3663 (fills the three kube variables).
        #[arg(long)]
        kube_version: Option<String>,
        /// OpenShift version, e.g. 4.16.3.
        #[arg(long)]
        ocp_version: Option<String>,
        /// OLM version, e.g. 0.28.0.
        #[arg(long)]
        olm_version: Option<String>,
        /// Platform architecture, e.g. amd64.
        #[arg(long)]
        arch: Option<String>,
        /// OpenShift update channel, e.g. stable-4.16.
        #[arg(long)]
        ocp_channel: Option<String>,
        /// Substitute only the kube variables, as upstream OLM does.
        #[arg(long)]
        upstream_only: bool,
        #[arg(long)]
        json: bool,
    },
    /// What switching catalogs (e.g. on a cluster upgrade) does to each installed bundle.
    #[command(
        after_help = "--json prints one document: the changes, one record per old bundle (bundle, channel, status, next: its first hop, end, hops), and steps: channel -> bundle -> its hop, for every bundle a path goes through. A path is the bundle, next, then the step of each bundle reached, hops hops in all; the output is linear in the catalog.\n\nExample:\n  olm-graph diff v4.12/ --to v4.13/ --package cluster-kube-descheduler-operator --channel stable --json"
    )]
    Diff {
        /// The old catalog (files or directories).
        #[arg(required = true)]
        old: Vec<PathBuf>,
        /// The new catalog.
        #[arg(long, required = true, num_args = 1..)]
        to: Vec<PathBuf>,
        #[command(flatten)]
        switch: SwitchArgs,
        /// With --json, also each record's whole path: output of size bundles x path length.
        #[arg(long, requires = "json")]
        paths: bool,
    },
    /// What each switch along a series of catalogs does (one subfolder per platform version).
    #[command(
        after_help = "--json prints one record per switch: from, to, the count of each status, the changes.\n\nExample:\n  olm-graph diff-series ../shared/catalogs/openshift-kube-descheduler-fbc --package cluster-kube-descheduler-operator"
    )]
    DiffSeries {
        /// A folder with one catalog per subfolder (e.g. v4.12/, v4.13/), taken in version order.
        dir: PathBuf,
        #[command(flatten)]
        switch: SwitchArgs,
    },
    /// What a catalog change does, for a pull request: changes, new and fixed findings, the fate
    /// of every installed bundle under OLM v0 and v1, and a Mermaid graph per changed channel.
    /// Exit 1 when the change does what --fail-on names, 2 on unreadable input or bad arguments.
    #[command(
        after_help = "Examples:\n  olm-graph review old/catalog --to new/catalog\n  olm-graph review --git origin/main catalog/ --format markdown > review.md\n  olm-graph review --git v1.0..v1.1 catalog/ --format json --fail-on error,stranded,removed-head\n\n--git BASE compares the revision BASE with the working tree; BASE..HEAD two revisions; BASE...HEAD the merge base of the two with HEAD."
    )]
    Review(review::ReviewArgs),
    /// Each bundle's support phase and platform compatibility from lifecycle blobs.
    Lifecycle(support::LifecycleArgs),
    /// Load catalogs repeatedly and print throughput, or (--synthetic) time every operation on
    /// generated catalogs of growing size.
    #[command(
        after_help = "Examples:\n  olm-graph bench ../shared/catalogs/community-operators-prod/v4.21 --runs 5\n  olm-graph bench --synthetic\n  olm-graph bench --synthetic --sizes 10000,100000 --shape ranges --op lint,path-v0"
    )]
    Bench(bench::BenchArgs),
    /// Draw a package or channel: standalone SVG, Mermaid (as `opm alpha render-graph`) or DOT.
    #[command(
        after_help = "Examples:\n  olm-graph render catalog/ --package etcd --channel alpha -o etcd-alpha.svg\n  olm-graph render catalog/ -p etcd -c alpha --from etcd.v0.9.0 --resolver v1 --animate -o path.svg\n  olm-graph render catalog/ -p etcd --format mermaid --draw-v0-semantics\n  olm-graph render catalog/ -p etcd -c alpha --format dot | dot -Tpng -o etcd.png"
    )]
    Render(render::RenderArgs),
    /// Render catalog templates (basic, semver, substitutes) to FBC as `opm alpha render-template`
    /// would, with rendered catalogs standing in for the bundle images.
    #[command(
        name = "render-template",
        after_help = "Examples:\n  olm-graph render-template catalog-template.yaml --bundles rendered/ -o catalog.json\n  olm-graph render-template semver.yaml --type semver"
    )]
    RenderTemplate(template::RenderTemplateArgs),
    /// Where a rendered catalog differs from what its template renders. Exit 1 on drift.
    #[command(
        name = "diff-template",
        after_help = "Example:\n  olm-graph diff-template catalog-template.yaml --rendered catalog/"
    )]
    DiffTemplate(template::DiffTemplateArgs),
    /// Edge crossings of a `dot -Tplain` layout (used by scripts/bench-graphviz.sh).
    #[command(hide = true)]
    PlainCrossings(render::PlainCrossingsArgs),
}

/// Lets a closed pipe end the process quietly, as other Unix tools do
/// (`olm-graph diff --json | head`): Rust ignores SIGPIPE, so `println!` would panic instead.
#[cfg(unix)]
fn default_sigpipe() {
    // SAFETY: called first thing in `main`, before any thread exists; `signal` only installs
    // the default disposition of SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn default_sigpipe() {}

fn main() -> ExitCode {
    default_sigpipe();
    return_freed_memory_at_once();
    let cli = Cli::parse();
    cli.limits.limits().set_process_default();
    match run(cli.command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("olm-graph: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs one command: the catalog commands here, the lifecycle ones in [`run_lifecycle`].
fn run(command: Command) -> commands::CmdResult {
    match command {
        Command::Packages { paths } => commands::packages(&paths),
        Command::Graph {
            paths,
            package,
            channel,
            json,
            resolver,
        } => commands::graph(&paths, &package, channel.as_deref(), json, resolver.into()),
        Command::Lint {
            paths,
            json,
            format,
        } => format::run_lint(&paths, json, format),
        Command::Path {
            paths,
            package,
            channel,
            channels,
            version,
            from,
            resolver,
            self_certified,
            fail,
            failure,
            strategy,
            updated_catalog,
            catalog_priority,
            json,
            mermaid,
        } => path(commands::PathArgs {
            paths,
            package,
            channel,
            channels,
            version,
            from,
            resolver: resolver.into(),
            self_certified,
            failure: fail.map(|bundle| Failure {
                bundle,
                kind: failure.into(),
                strategy: strategy.into(),
            }),
            updated_catalog,
            catalog_priority,
            json,
            mermaid,
        }),
        Command::Bench(args) => bench::run(args),
        Command::Plan(args) => plan::run(args),
        Command::Render(args) => render::run(args),
        Command::Review(args) => review::run(args),
        Command::Lifecycle(args) => support::run(args),
        Command::PlainCrossings(args) => render::run_plain_crossings(args),
        Command::RenderTemplate(args) => template::render_template(args),
        Command::DiffTemplate(args) => template::diff_template(args),
        lifecycle => run_lifecycle(lifecycle),
    }
}

/// `path` in one catalog, or across ClusterCatalogs with `--catalog-priority`.
fn path(args: commands::PathArgs) -> commands::CmdResult {
    if args.catalog_priority.is_empty() {
        commands::path(args)
    } else {
        catalogs::path(&args)
    }
}

/// Runs a catalog lifecycle command (deprecate-truncate, resolve-image, diff, diff-series).
fn run_lifecycle(command: Command) -> commands::CmdResult {
    match command {
        Command::DeprecateTruncate {
            paths,
            package,
            bundle,
            message,
            legacy_property,
            allow_package_removal,
            output,
            json,
        } => lifecycle::truncate(lifecycle::TruncateArgs {
            paths,
            package,
            options: olm_graph_core::lifecycle::TruncateOptions {
                bundle,
                message,
                legacy_property,
                allow_package_removal,
            },
            output,
            json,
        }),
        Command::ResolveImage {
            template,
            kube_version,
            ocp_version,
            olm_version,
            arch,
            ocp_channel,
            upstream_only,
            json,
        } => lifecycle::resolve_image(lifecycle::ImageArgs {
            template,
            values: olm_graph_core::lifecycle::ClusterValues {
                kube_version,
                olm_version,
                ocp_version,
                architecture: arch,
                ocp_update_channels: ocp_channel,
            },
            upstream_only,
            json,
        }),
        Command::Diff {
            old,
            to,
            switch,
            paths,
        } => lifecycle::diff(lifecycle::DiffArgs {
            old,
            new: to,
            package: switch.package,
            channel: switch.channel,
            resolver: switch.resolver.into(),
            json: switch.json,
            paths,
        }),
        Command::DiffSeries { dir, switch } => lifecycle::diff_series(lifecycle::SeriesArgs {
            dir,
            package: switch.package,
            channel: switch.channel,
            resolver: switch.resolver.into(),
            json: switch.json,
        }),
        // `run` handles every other command itself.
        other => Err(commands::CliError::Usage(format!(
            "{other:?} is not a lifecycle command"
        ))),
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub(crate) enum ResolverArg {
    V0,
    V1,
}

impl From<ResolverArg> for Resolver {
    fn from(r: ResolverArg) -> Self {
        match r {
            ResolverArg::V0 => Resolver::V0,
            ResolverArg::V1 => Resolver::V1,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum FailureArg {
    Csv,
    Installplan,
}

impl From<FailureArg> for FailureKind {
    fn from(f: FailureArg) -> Self {
        match f {
            FailureArg::Csv => FailureKind::Csv,
            FailureArg::Installplan => FailureKind::InstallPlan,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum StrategyArg {
    Default,
    FailForward,
}

impl From<StrategyArg> for UpgradeStrategy {
    fn from(s: StrategyArg) -> Self {
        match s {
            StrategyArg::Default => UpgradeStrategy::Default,
            StrategyArg::FailForward => UpgradeStrategy::TechPreviewUnsafeFailForward,
        }
    }
}
