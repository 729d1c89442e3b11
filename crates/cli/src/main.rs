//! `olm-graph`: the command-line shell over olm-graph-core, for CI and documentation.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use olm_graph_core::resolve::{Failure, FailureKind, Resolver, UpgradeStrategy};

mod commands;

/// Inspect OLM File-Based Catalogs: packages, upgrade graphs, validation, upgrade paths.
#[derive(Parser, Debug)]
#[command(name = "olm-graph", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
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
    },
    /// Validate like `opm validate` and add curator lints. Exit 1 on any error, 2 on unreadable input.
    #[command(after_help = "Example:\n  olm-graph lint catalog/ && echo valid")]
    Lint {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print findings as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The upgrade path a cluster takes from an installed bundle, under OLM v0 or v1 rules.
    #[command(
        after_help = "Examples:\n  olm-graph path catalog/ --package etcd --channel alpha --from etcd.v0.9.0\n  olm-graph path catalog/ -p etcd -c alpha --from etcd.v0.9.0 --resolver v1 --json\n  olm-graph path old/ -p etcd -c alpha --from etcd.v0.9.0 --fail etcd.v0.9.2 --failure csv --strategy fail-forward --updated-catalog new/"
    )]
    Path {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[arg(long, short)]
        package: String,
        /// The channel the subscription follows.
        #[arg(long, short)]
        channel: String,
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
        #[arg(long)]
        json: bool,
    },
    /// Load catalogs repeatedly, build every graph, and print throughput.
    #[command(
        after_help = "Example:\n  olm-graph bench ../shared/catalogs/community-operators-prod/v4.21 --runs 5"
    )]
    Bench {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Number of timed runs (the best and the median are shown).
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Packages { paths } => commands::packages(&paths),
        Command::Graph {
            paths,
            package,
            channel,
            json,
        } => commands::graph(&paths, &package, channel.as_deref(), json),
        Command::Lint { paths, json } => commands::lint(&paths, json),
        Command::Path {
            paths,
            package,
            channel,
            from,
            resolver,
            self_certified,
            fail,
            failure,
            strategy,
            updated_catalog,
            json,
        } => commands::path(commands::PathArgs {
            paths,
            package,
            channel,
            from,
            resolver: resolver.into(),
            self_certified,
            failure: fail.map(|bundle| Failure {
                bundle,
                kind: failure.into(),
                strategy: strategy.into(),
            }),
            updated_catalog,
            json,
        }),
        Command::Bench { paths, runs } => commands::bench(&paths, runs),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("olm-graph: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum ResolverArg {
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
