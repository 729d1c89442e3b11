//! What the command line accepts: the `olm-graph` parser, its subcommands and their arguments,
//! the input limits, and the output formats. The choices OLM itself defines (resolver, failure,
//! strategy, preference, policy, template type, `--fail-on`, `render`'s format) are core's enums,
//! spelled by core.
//! Nothing here reads a catalog; each subcommand's work is its file in [`crate::commands`].

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use olm_graph_core::export::DrawingFormat;
use olm_graph_core::load::Limits;
use olm_graph_core::plan::Preference;
use olm_graph_core::preflight::Pipeline;
use olm_graph_core::resolve::{FailureKind, Resolver, UpgradeConstraintPolicy, UpgradeStrategy};
use olm_graph_core::review::FailOnCondition;
use olm_graph_core::support::{parse_platform, Date};
use olm_graph_core::template::TemplateKind;

/// Inspect OLM File-Based Catalogs: packages, upgrade graphs, validation, upgrade paths.
///
/// Wherever a catalog path is read, `-` reads one catalog (JSON or YAML) from standard input.
#[derive(Parser, Debug)]
#[command(name = "olm-graph", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// Input limits for every command that reads catalogs: crossing one is a `load.limit` error
/// naming the file, line and column, and the rest of the catalog still loads.
#[derive(Args, Debug)]
#[command(next_help_heading = "Input limits")]
pub struct LimitArgs {
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
    pub fn limits(&self) -> Limits {
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
#[derive(Args, Debug)]
pub struct SwitchArgs {
    #[arg(long, short)]
    pub package: String,
    /// The subscription's channel (default: each bundle's, the default channel first).
    #[arg(long, short)]
    pub channel: Option<String>,
    #[arg(long, value_enum, default_value_t = Resolver::V0)]
    pub resolver: Resolver,
    /// JSON records instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// One line per package: default channel, channels, bundles, heads.
    #[command(after_help = "Example:\n  olm-graph packages catalog/ extra/index.yaml")]
    Packages(PackagesArgs),
    /// A package's upgrade graphs: nodes and typed edges per channel.
    #[command(
        after_help = "Example:\n  olm-graph graph catalog/ --package etcd --channel alpha --json"
    )]
    Graph(GraphArgs),
    /// Will each upgrade install? CRD safety of every upgrade edge (or of --from/--to), as OLM
    /// v1 (operator-controller's crdify preflight) and OLM v0 check it. Exit 0 when read, 1 when
    /// nothing could be read, 2 on bad arguments.
    #[command(
        name = "crd-safety",
        after_help = "Examples:\n  olm-graph crd-safety catalog/ -p my-operator\n  olm-graph crd-safety catalog/ -p my-operator --from my-operator.v1.0.0 --to my-operator.v2.0.0 --json\n  olm-graph crd-safety catalog/ -p my-operator --state crds-and-crs.yaml"
    )]
    CrdSafety(CrdSafetyArgs),
    /// Validate like `opm validate` and add curator lints. Exit 1 on any error, 2 on unreadable input.
    #[command(
        after_help = "Examples:\n  olm-graph lint catalog/ && echo valid\n  olm-graph lint catalog/ --format github    # annotations in a GitHub Actions job\n  olm-graph lint catalog/ --format sarif > olm-graph.sarif"
    )]
    Lint(LintArgs),
    /// The checks a publishing pipeline runs (operator-pipelines' community or certified
    /// suites, Konflux's fbc-builder), under the pipeline's check names and messages.
    #[command(
        after_help = "Examples:\n  olm-graph preflight operators/my-operator --pipeline community\n  olm-graph preflight catalog/ --pipeline konflux --target-index index-v4.18/ --format json\n  olm-graph preflight catalog/ --pipeline konflux --target-index index/ --format sarif > preflight.sarif"
    )]
    Preflight(PreflightArgs),
    /// The upgrade path a cluster takes from an installed bundle, under OLM v0 or v1 rules.
    #[command(
        after_help = "Examples:\n  olm-graph path catalog/ --package etcd --channel alpha --from etcd.v0.9.0\n  olm-graph path catalog/ -p etcd -c alpha --from etcd.v0.9.0 --resolver v1 --json\n  olm-graph path old/ -p etcd -c alpha --from etcd.v0.9.0 --fail etcd.v0.9.2 --failure csv --strategy fail-forward --updated-catalog new/\n  olm-graph path redhat.json community.json -p etcd --channels --from etcd.v0.9.0 --resolver v1 --catalog-priority redhat.json=10"
    )]
    Path(PathArgs),
    /// The route from an installed bundle to a target across channels: which channel to
    /// subscribe to, where to hold the cluster, each switch with its reason, and the commands.
    /// Exit 1 when no route exists.
    #[command(
        after_help = "TARGET is a bundle, a version, channel:C (the head of C) or latest.\n\nExamples:\n  olm-graph plan catalog/ -p quay-operator --from quay-operator.v3.6.2 --to channel:stable-3.17\n  olm-graph plan catalog/ -p demo --from demo.v1.0.0 --to latest --resolver v1 --json\n  olm-graph plan catalog/ -p quay-operator --from quay-operator.v3.15.0 --to channel:stable-3.17 --resolver v1 --channels stable-3.15,stable-3.16\n  olm-graph plan redhat/ community/ -p etcd --from etcd.v0.9.0 --resolver v1 --catalog-priority redhat/=10"
    )]
    Plan(PlanArgs),
    /// What oc-mirror v2 keeps of a catalog under an ImageSetConfiguration, and the bundles
    /// the cut strands. Exit 1 when a package fails to filter (or the cut breaks an opm rule).
    #[command(
        after_help = "--json prints {catalog, packages: [{name, defaultChannel, channels: [{name, head, bundles}]}], errors: [{package, message}], warnings: [{package, message}], stranded: [{package, channel, bundle, version, kept, change: {scope, field, value}, note}]}.\n\nExamples:\n  olm-graph mirror catalog/ --config imageset-config.yaml\n  olm-graph mirror catalog/ --config isc.yaml --catalog registry.redhat.io/redhat/redhat-operator-index:v4.18 -o mirrored.json\n  olm-graph mirror catalog/ --config isc.yaml --installed etcd.v0.9.2 --json"
    )]
    Mirror(MirrorArgs),
    /// The smallest ImageSetConfiguration (oc-mirror v2) that keeps, for every bundle a
    /// cluster state runs, its upgrade path to the channel head: the channels its operators
    /// follow and the default channel, minVersion/maxVersion only where needed, checked with
    /// `mirror`'s cut. Exit 1 when an operator cannot be served or a cut still fails.
    #[command(
        name = "mirror-config",
        after_help = "CATALOG is PATH (it serves every operator that its packages hold) or SOURCE=PATH (only the operators of that CatalogSource or ClusterCatalog); each becomes one mirror.operators entry, named by --catalog-image (once per CATALOG, in order) or else by the image of the CatalogSource or ClusterCatalog its operators use.\n\n--json prints {apiVersion, catalogs: [{catalog, label, packages: [{name, defaultChannel, why, errors, channels: [{name, head, minVersion, maxVersion, serves: [{operator, bundle, version, end}], why, kept}]}]}], unserved: [{operator, package, bundle, why}], noImage}.\n\nExamples:\n  olm-graph mirror-config catalog/ --for state.yaml --catalog-image registry.redhat.io/redhat/redhat-operator-index:v4.18 -o isc.yaml\n  olm-graph mirror-config catalog/ --for must-gather/ --json\n  olm-graph mirror-config redhat-operators=redhat/ community-operators=community/ --for state.yaml --all-packages"
    )]
    MirrorConfig(MirrorConfigArgs),
    /// Deprecate a bundle and truncate the graph below it; write the new catalog (FBC JSON).
    #[command(
        name = "deprecate-truncate",
        after_help = "Example:\n  olm-graph deprecate-truncate catalog/ --package etcd --bundle etcd.v0.9.0 --message \"CVE-2024-1234\" -o truncated.json"
    )]
    DeprecateTruncate(DeprecateTruncateArgs),
    /// Resolve a CatalogSource image template (olm.catalogImageTemplate) for a cluster.
    #[command(
        name = "resolve-image",
        after_help = "Example:\n  olm-graph resolve-image 'quay.io/acme/catalog:v{kube_major_version}.{kube_minor_version}' --kube-version v1.29.3+6af3663"
    )]
    ResolveImage(ResolveImageArgs),
    /// What switching catalogs (e.g. on a cluster upgrade) does to each installed bundle.
    #[command(
        after_help = "--json prints one document: the changes, one record per old bundle (bundle, channel, status, next: its first hop, end, hops), and steps: channel -> bundle -> its hop, for every bundle a path goes through. A path is the bundle, next, then the step of each bundle reached, hops hops in all; the output is linear in the catalog.\n\nExample:\n  olm-graph diff v4.12/ --to v4.13/ --package cluster-kube-descheduler-operator --channel stable --json"
    )]
    Diff(DiffArgs),
    /// What each switch along a series of catalogs does (one subfolder per platform version).
    #[command(
        after_help = "--json prints one record per switch: from, to, the count of each status, the changes.\n\nExample:\n  olm-graph diff-series ../shared/catalogs/openshift-kube-descheduler-fbc --package cluster-kube-descheduler-operator"
    )]
    DiffSeries(DiffSeriesArgs),
    /// What a catalog change does, for a pull request: changes, new and fixed findings, the fate
    /// of every installed bundle under OLM v0 and v1, and a Mermaid graph per changed channel.
    /// Exit 1 when the change does what --fail-on names, 2 on unreadable input or bad arguments.
    #[command(
        after_help = "Examples:\n  olm-graph review old/catalog --to new/catalog\n  olm-graph review --git origin/main catalog/ --format markdown > review.md\n  olm-graph review --git v1.0..v1.1 catalog/ --format json --fail-on error,stranded,removed-head\n\n--git BASE compares the revision BASE with the working tree; BASE..HEAD two revisions; BASE...HEAD the merge base of the two with HEAD."
    )]
    Review(ReviewArgs),
    /// Each bundle's support phase and platform compatibility from lifecycle blobs.
    Lifecycle(LifecycleArgs),
    /// Where a cluster stands: its Subscriptions, InstallPlans, CSVs, OperatorGroups and
    /// ClusterExtensions read and joined to the catalog, with a verdict per operator (at-latest,
    /// upgrade-available, awaiting-approval, failed-stuck, ...) and the commands that act on it.
    /// Exit 0 when the state was read, 1 when nothing could be read, 2 on bad arguments.
    #[command(
        after_help = "STATE is a YAML or JSON file (one object, a stream, a List as `oc get -o yaml` prints) or a must-gather directory.\n\nExamples:\n  oc get subscriptions,installplans,csv,operatorgroups,catalogsources -A -o yaml > state.yaml\n  olm-graph diagnose state.yaml --catalog catalog/\n  olm-graph diagnose must-gather/ --catalog redhat-operators=catalog/ --json"
    )]
    Diagnose(DiagnoseArgs),
    /// Load catalogs repeatedly and print throughput, or (--synthetic) time every operation on
    /// generated catalogs of growing size.
    #[command(
        after_help = "Examples:\n  olm-graph bench ../shared/catalogs/community-operators-prod/v4.21 --runs 5\n  olm-graph bench --synthetic\n  olm-graph bench --synthetic --sizes 10000,100000 --shape ranges --op lint,path-v0"
    )]
    Bench(BenchArgs),
    /// A language server for editors (LSP over standard input and output): lint's findings as
    /// you type, hover with the path to the head, definitions, references, symbols,
    /// completion, fixes, and the olm-graph/render preview. Set-up: docs/lsp.md.
    #[command(
        after_help = "The folder the editor opens is read once (with the --max-* limits), then each change re-checks only the packages of the changed file.\n\nExample (Neovim):\n  vim.lsp.start({ name = 'olm-graph', cmd = { 'olm-graph', 'lsp' }, root_dir = vim.fn.getcwd() })"
    )]
    Lsp(LspArgs),
    /// Draw a package or channel: standalone SVG, Mermaid (as `opm alpha render-graph`) or DOT.
    #[command(
        after_help = "Examples:\n  olm-graph render catalog/ --package etcd --channel alpha -o etcd-alpha.svg\n  olm-graph render catalog/ -p etcd -c alpha --from etcd.v0.9.0 --resolver v1 --animate -o path.svg\n  olm-graph render catalog/ -p etcd --format mermaid --draw-v0-semantics\n  olm-graph render catalog/ -p etcd -c alpha --format dot | dot -Tpng -o etcd.png"
    )]
    Render(RenderArgs),
    /// Render catalog templates (basic, semver, substitutes) to FBC as `opm alpha render-template`
    /// would, with rendered catalogs standing in for the bundle images.
    #[command(
        name = "render-template",
        after_help = "Examples:\n  olm-graph render-template catalog-template.yaml --bundles rendered/ -o catalog.json\n  olm-graph render-template semver.yaml --type semver"
    )]
    RenderTemplate(RenderTemplateArgs),
    /// Where a rendered catalog differs from what its template renders. Exit 1 on drift.
    #[command(
        name = "diff-template",
        after_help = "Example:\n  olm-graph diff-template catalog-template.yaml --rendered catalog/"
    )]
    DiffTemplate(DiffTemplateArgs),
    /// Edge crossings of a `dot -Tplain` layout (used by scripts/bench-graphviz.sh).
    #[command(hide = true)]
    PlainCrossings(PlainCrossingsArgs),
}

/// Arguments of `olm-graph packages`.
#[derive(Args, Debug)]
pub struct PackagesArgs {
    /// Catalog files or directories (FBC JSON/YAML, or legacy package manifests).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// Arguments of `olm-graph graph`.
#[derive(Args, Debug)]
pub struct GraphArgs {
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The package.
    #[arg(long, short)]
    pub package: String,
    /// Only this channel.
    #[arg(long, short)]
    pub channel: Option<String>,
    /// Print the JSON document instead of a text summary.
    #[arg(long)]
    pub json: bool,
    /// The resolver whose rules decide which bundles are terminated.
    #[arg(long, value_enum, default_value_t = Resolver::V0)]
    pub resolver: Resolver,
}

/// Arguments of `olm-graph lint`.
#[derive(Args, Debug)]
pub struct LintArgs {
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print findings as JSON (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Output format.
    #[arg(long, value_enum)]
    pub format: Option<LintFormat>,
}

/// Arguments of `olm-graph crd-safety`.
#[derive(Args, Debug)]
pub struct CrdSafetyArgs {
    /// Catalogs: FBC (with `olm.bundle.object`), operator repositories in the bundle layout,
    /// legacy package manifests.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The package.
    #[arg(long, short)]
    pub package: String,
    /// Only this channel's edges.
    #[arg(long, short)]
    pub channel: Option<String>,
    /// Only the edges from this bundle; with --to, exactly this pair (edge or not).
    #[arg(long, value_name = "BUNDLE")]
    pub from: Option<String>,
    /// The bundle upgraded to (with --from).
    #[arg(long, value_name = "BUNDLE", requires = "from")]
    pub to: Option<String>,
    /// Cluster state (YAML or JSON, lists, must-gather): live CRDs (their
    /// `status.storedVersions`) and custom resources, validated against the new schemas.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    pub state: Vec<PathBuf>,
    /// The JSON document (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Output format.
    #[arg(long, value_enum)]
    pub format: Option<CrdSafetyFormat>,
}

/// Output format of `crd-safety`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrdSafetyFormat {
    /// One line per pair, the messages below (the default).
    Text,
    /// `{"package", "pairs": [{"from", "to", "channels", "edges", "olmV1", "olmV0"}]}`.
    Json,
    /// GitHub Actions workflow commands on the `to` bundle: an error per pair OLM v1 refuses,
    /// a warning per pair OLM v0 refuses.
    Github,
    /// SARIF 2.1.0 (rule `crd.upgrade-unsafe`).
    Sarif,
    /// A Markdown table of the pairs that are not safe, with the messages.
    Markdown,
}

/// Arguments of `olm-graph preflight`.
#[derive(Args, Debug)]
pub struct PreflightArgs {
    /// The operator (FBC, or an operator directory in the bundle layout); for Konflux, the FBC
    /// fragment.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The pipeline whose checks are run.
    #[arg(long, value_enum)]
    pub pipeline: Pipeline,
    /// The target index of Konflux's pruning check, as local FBC (each one compared in turn).
    #[arg(long, num_args = 1..)]
    pub target_index: Vec<PathBuf>,
    /// The newest OpenShift version (`4.22`) of the table that stands for the pipeline's
    /// OpenShift-versions service (default: the table's own newest, 4.21); for Konflux, the
    /// OpenShift version the fragment is built for (default: a vMAJOR.MINOR folder of its path).
    #[arg(long, value_name = "V")]
    pub ocp: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PreflightFormat::Text)]
    pub format: PreflightFormat,
    /// Print the report as JSON (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

/// Arguments of `olm-graph path`.
#[derive(Args, Debug)]
pub struct PathArgs {
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[arg(long, short)]
    pub package: String,
    /// The channel the subscription (or ClusterExtension) follows.
    #[arg(long, short, required_unless_present = "channels")]
    pub channel: Option<String>,
    /// OLM v1 only: the ClusterExtension's channels, comma-separated; given with no value,
    /// every channel (a ClusterExtension that lists none).
    #[arg(long, num_args = 0.., value_delimiter = ',', conflicts_with = "channel")]
    pub channels: Option<Vec<String>>,
    /// OLM v1 only: the ClusterExtension's version range (Masterminds semver, e.g.
    /// ">=1.2, <1.4"); bundles outside it are never chosen.
    #[arg(long, value_name = "RANGE")]
    pub version: Option<String>,
    /// The installed bundle (any bundle of the package, or a name the catalog no longer has).
    #[arg(long)]
    pub from: String,
    /// The installed bundle's version (its CSV's spec.version), for a bundle the catalog no
    /// longer has: skipRanges are then matched against it.
    #[arg(long, value_name = "VERSION")]
    pub installed_version: Option<String>,
    #[arg(long, value_enum, default_value_t = Resolver::V0)]
    pub resolver: Resolver,
    /// OLM v1 only: ignore the catalog's upgrade edges (upgradeConstraintPolicy SelfCertified).
    #[arg(long)]
    pub self_certified: bool,
    /// A bundle whose upgrade fails (what-if).
    #[arg(long)]
    pub fail: Option<String>,
    /// How the upgrade into --fail fails.
    #[arg(long, value_enum, default_value_t = FailureKind::Csv)]
    pub failure: FailureKind,
    /// The OperatorGroup's upgrade strategy.
    #[arg(long, value_enum, default_value_t = UpgradeStrategy::Default)]
    pub strategy: UpgradeStrategy,
    /// The catalog published after the failure (files or directories).
    #[arg(long, num_args = 1..)]
    pub updated_catalog: Vec<PathBuf>,
    /// OLM v1 only: each PATH is its own ClusterCatalog, named by the path as given, and
    /// this one has `spec.priority` N (the others 0); repeat for several.
    #[arg(long, value_name = "PATH=N", conflicts_with_all = ["fail", "updated_catalog"])]
    pub catalog_priority: Vec<String>,
    #[arg(long)]
    pub json: bool,
    /// Print the path as a Mermaid flowchart (the installed bundle, then each hop and why).
    #[arg(long, conflicts_with = "json")]
    pub mermaid: bool,
}

/// Arguments of `olm-graph deprecate-truncate`.
#[derive(Args, Debug)]
pub struct DeprecateTruncateArgs {
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[arg(long, short)]
    pub package: String,
    /// The bundle to deprecate.
    #[arg(long, short)]
    pub bundle: String,
    /// The deprecation message.
    #[arg(long, short)]
    pub message: Option<String>,
    /// Also add the legacy olm.deprecated property (OLM v0 then never installs it).
    #[arg(long)]
    pub legacy_property: bool,
    /// Allow removing the whole package when every channel head is deprecated.
    #[arg(long)]
    pub allow_package_removal: bool,
    /// Where to write the new catalog.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `olm-graph resolve-image`.
#[derive(Args, Debug)]
pub struct ResolveImageArgs {
    pub template: String,
    /// Kubernetes version, e.g. v1.29.3+6af3663 (fills the three kube variables).
    #[arg(long)]
    pub kube_version: Option<String>,
    /// OpenShift version, e.g. 4.16.3.
    #[arg(long)]
    pub ocp_version: Option<String>,
    /// OLM version, e.g. 0.28.0.
    #[arg(long)]
    pub olm_version: Option<String>,
    /// Platform architecture, e.g. amd64.
    #[arg(long)]
    pub arch: Option<String>,
    /// OpenShift update channel, e.g. stable-4.16.
    #[arg(long)]
    pub ocp_channel: Option<String>,
    /// Substitute only the kube variables, as upstream OLM does.
    #[arg(long)]
    pub upstream_only: bool,
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `olm-graph diff`.
#[derive(Args, Debug)]
pub struct DiffArgs {
    /// The old catalog (files or directories).
    #[arg(required = true)]
    pub old: Vec<PathBuf>,
    /// The new catalog.
    #[arg(long, required = true, num_args = 1..)]
    pub to: Vec<PathBuf>,
    #[command(flatten)]
    pub switch: SwitchArgs,
    /// With --json, also each record's whole path: output of size bundles x path length.
    #[arg(long, requires = "json")]
    pub paths: bool,
}

/// Arguments of `olm-graph diff-series`.
#[derive(Args, Debug)]
pub struct DiffSeriesArgs {
    /// A folder with one catalog per subfolder (e.g. v4.12/, v4.13/), taken in version order.
    pub dir: PathBuf,
    #[command(flatten)]
    pub switch: SwitchArgs,
}

/// Arguments of `olm-graph plan`.
#[derive(Args, Debug)]
pub struct PlanArgs {
    /// Catalog files or directories.
    #[arg(required_unless_present = "series")]
    pub paths: Vec<PathBuf>,
    /// A series folder, one catalog per subfolder (v4.12/, v4.13/, ...): plan across platform
    /// versions.
    #[arg(long, conflicts_with = "paths")]
    pub series: Option<PathBuf>,
    /// The platform version the cluster runs now (with --series), e.g. 4.16.
    #[arg(long, requires = "series")]
    pub platform_from: Option<String>,
    /// The platform version the cluster goes to (with --series).
    #[arg(long, requires = "series")]
    pub platform_to: Option<String>,
    /// The platform versions the cluster passes through, in order (EUS-style jumps leave
    /// versions out), e.g. 4.14,4.16.
    #[arg(long, requires = "series", value_delimiter = ',', conflicts_with_all = ["platform_from", "platform_to"])]
    pub platform_path: Vec<String>,
    #[arg(long, short)]
    pub package: String,
    /// The installed bundle.
    #[arg(long)]
    pub from: String,
    /// A bundle name, a version, `channel:C` (the head of C) or `latest` (with --series: on
    /// the last platform).
    #[arg(long, default_value = "latest")]
    pub to: String,
    /// The channel the subscription follows now (default: any channel listing --from).
    #[arg(long, short)]
    pub channel: Option<String>,
    /// OLM v1 only: the ClusterExtension's channels, comma-separated; given with no value,
    /// every channel. OLM v1 resolves among them at once, so the route switches only to
    /// channels outside them.
    #[arg(long, num_args = 0.., value_delimiter = ',', conflicts_with_all = ["channel", "series"])]
    pub channels: Option<Vec<String>>,
    /// OLM v1 only: each PATH is its own ClusterCatalog, named by the path as given, and this
    /// one has `spec.priority` N (the others 0); repeat for several. Each step is what OLM v1
    /// resolves across the catalogs, and each hop names its catalog.
    #[arg(long, value_name = "PATH=N", conflicts_with = "series")]
    pub catalog_priority: Vec<String>,
    #[arg(long, value_enum, default_value_t = Resolver::V0)]
    pub resolver: Resolver,
    /// What the route minimises first.
    #[arg(long, value_enum, default_value_t = Preference::FewestSwitches)]
    pub prefer: Preference,
    /// OLM v1 only: the ClusterExtension's upgradeConstraintPolicy.
    #[arg(long, value_enum, default_value_t = UpgradeConstraintPolicy::CatalogProvided)]
    pub upgrade_constraint_policy: UpgradeConstraintPolicy,
    /// OLM v1 only: the ClusterExtension's version range (Masterminds semver); no step leaves
    /// it, and the ClusterExtension manifests carry it.
    #[arg(long, value_name = "RANGE")]
    pub version: Option<String>,
    /// The namespace written into the commands.
    #[arg(long, short)]
    pub namespace: Option<String>,
    /// One JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub support: PlanSupportArgs,
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
    #[arg(long, short, value_enum, default_value_t = DrawingFormat::Svg)]
    pub format: DrawingFormat,
    /// svg: highlight the upgrade path from this installed bundle.
    #[arg(long)]
    pub from: Option<String>,
    /// svg: which OLM rules choose the path's hops.
    #[arg(long, value_enum, default_value_t = Resolver::V0, requires = "from")]
    pub resolver: Resolver,
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
    /// svg: no tooltips (`<title>`s) and none of the shapeless elements that carry them: the
    /// same picture in a fraction of the bytes, for an `<img>` (where nothing hovers).
    #[arg(long)]
    pub no_tooltips: bool,
    /// svg: draw the absent bundles an entry names (its group) one by one; repeatable.
    #[arg(long, value_name = "ENTRY")]
    pub expand: Vec<String>,
    /// svg: the support lifecycle overlay from the catalog's lifecycle blobs: nodes tinted by
    /// support phase (with `data-phase`, `data-compatible`) and the phases in the legend.
    /// --as-of or --platform turn it on too.
    #[arg(long)]
    pub lifecycle_overlay: bool,
    /// svg: the day the overlay judges support on (default: today, UTC).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub as_of: Option<Date>,
    /// svg: the OpenShift version the overlay checks compatibility with.
    #[arg(long, value_name = "MAJOR.MINOR", value_parser = parse_platform)]
    pub platform: Option<String>,
    /// Write to this file instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// svg, dot: print layout statistics (edge crossings) to stderr.
    #[arg(long, hide = true)]
    pub stats: bool,
}

impl RenderArgs {
    /// True when the lifecycle overlay is asked for.
    pub fn overlay(&self) -> bool {
        self.lifecycle_overlay || self.as_of.is_some() || self.platform.is_some()
    }
}

/// Arguments of the hidden `plain-crossings` helper.
#[derive(Args, Debug)]
pub struct PlainCrossingsArgs {
    /// Output of `dot -Tplain` (`-` for stdin).
    pub file: PathBuf,
}

/// Output format of `review`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewFormat {
    /// A report for a pull-request comment: counts first, details collapsed, Mermaid graphs.
    Markdown,
    /// The whole review as one JSON document.
    Json,
    /// The counts, the moved heads and changed edges, and the pre-flight table, as plain text.
    Text,
    /// GitHub workflow commands: the new findings, and the pre-flight messages on the CSV (or
    /// catalog) file and line they are about.
    Github,
}

/// `review --pipeline`: a pipeline, or `none`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipelineChoice(pub Option<Pipeline>);

fn parse_pipeline_choice(s: &str) -> Result<PipelineChoice, String> {
    if s == "none" {
        return Ok(PipelineChoice(None));
    }
    s.parse::<Pipeline>()
        .map(|p| PipelineChoice(Some(p)))
        .map_err(|e| format!("{e} (or none)"))
}

/// Arguments of `olm-graph review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The old catalog (files or directories); with --git, the paths to compare in both
    /// revisions (default: the working directory).
    pub paths: Vec<PathBuf>,
    /// The new catalog (files or directories).
    #[arg(long, num_args = 1.., conflicts_with = "git")]
    pub to: Vec<PathBuf>,
    /// Read both sides from git: BASE (against the working tree), BASE..HEAD, or BASE...HEAD
    /// (from the merge base of the two).
    #[arg(long, value_name = "BASE[..HEAD]")]
    pub git: Option<String>,
    #[arg(long, value_enum, default_value_t = ReviewFormat::Markdown)]
    pub format: ReviewFormat,
    /// Print the review as JSON (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// What fails the review (exit 1), comma-separated.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "error,stranded"
    )]
    pub fail_on: Vec<FailOnCondition>,
    /// The pipeline whose pre-flight checks run on the new side: community, certified,
    /// konflux or none (default: community for an operator directory with
    /// operators/<name>/ci.yaml, none otherwise).
    #[arg(long, value_name = "PIPELINE", value_parser = parse_pipeline_choice)]
    pub pipeline: Option<PipelineChoice>,
    /// Also write one SVG per changed channel into this directory.
    #[arg(long, value_name = "DIR")]
    pub svg_dir: Option<PathBuf>,
    /// Write the report to this file instead of stdout.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
    /// The review date: channel heads past their stream's end of life on it (lifecycle data)
    /// are named (default: today, UTC).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub as_of: Option<Date>,
}

/// A generated catalog shape (core's, named on the command line by clap).
pub use olm_graph_core::synthetic::Shape;

/// A timed operation.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Load,
    Lint,
    GraphJson,
    PathV0,
    PathV1,
    RenderSvg,
    Diff,
    DiffJson,
    Mirror,
    Preflight,
}

impl Op {
    /// Its name on the command line (`--op`), as clap spells it (`graph-json`).
    pub fn name(self) -> String {
        value_name(self)
    }
}

/// The name clap gives `value` on the command line (every variant of these enums has one).
pub fn value_name(value: impl ValueEnum) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .expect("a variant clap does not skip")
}

/// `olm-graph lsp`: the language server.
#[derive(Args, Debug)]
pub struct LspArgs {
    /// Talk over standard input and output (the default and only transport; editors' clients
    /// pass this flag).
    #[arg(long)]
    pub stdio: bool,
}

/// `olm-graph bench`: a catalog loaded repeatedly, or the synthetic scale benchmark.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Catalog files or directories to load and graph repeatedly.
    #[arg(required_unless_present_any = ["synthetic", "synthetic_child"])]
    pub paths: Vec<PathBuf>,
    /// Number of timed runs (the best and the median are shown; --synthetic keeps the fastest
    /// of them for each shape, size and operation).
    #[arg(long, default_value_t = 5)]
    pub runs: usize,
    /// Generated catalogs instead: every operation at every size, each in a process of its own.
    #[arg(long, conflicts_with = "paths")]
    pub synthetic: bool,
    /// One measurement (run by --synthetic): the first shape, size and operation.
    #[arg(long, hide = true, conflicts_with = "paths")]
    pub synthetic_child: bool,
    /// Sizes N (bundles) for --synthetic.
    #[arg(long, value_delimiter = ',', default_values_t = [1000, 10000, 100000])]
    pub sizes: Vec<usize>,
    /// Catalog shapes for --synthetic.
    #[arg(long = "shape", value_enum, value_delimiter = ',', default_values_t = [Shape::Chain, Shape::Ranges, Shape::Fans, Shape::Wide])]
    pub shapes: Vec<Shape>,
    /// Operations for --synthetic.
    #[arg(long = "op", value_enum, value_delimiter = ',', default_values_t = [Op::Load, Op::Lint, Op::GraphJson, Op::PathV0, Op::PathV1, Op::RenderSvg, Op::Diff, Op::DiffJson])]
    pub ops: Vec<Op>,
    /// JSON records instead of a table (--synthetic).
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `render-template`.
#[derive(Args, Debug)]
pub struct RenderTemplateArgs {
    /// Template files (`-` reads standard input).
    #[arg(required = true)]
    pub templates: Vec<PathBuf>,
    /// Rendered catalogs (files or directories) whose bundles stand in for the bundle images.
    #[arg(long, num_args = 1..)]
    pub bundles: Vec<PathBuf>,
    /// The template type, as opm's TYPE argument (default: read from each file's schema).
    #[arg(long = "type", value_enum)]
    pub kind: Option<TemplateKind>,
    /// Write the FBC here instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Arguments of `diff-template`.
#[derive(Args, Debug)]
pub struct DiffTemplateArgs {
    /// The template file.
    pub template: PathBuf,
    /// The catalog rendered from it (files or directories); also used as bundle source.
    #[arg(long, required = true, num_args = 1..)]
    pub rendered: Vec<PathBuf>,
    /// More rendered catalogs to take bundles from.
    #[arg(long, num_args = 1..)]
    pub bundles: Vec<PathBuf>,
    /// JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

impl PreflightArgs {
    /// `--json` is `--format json`.
    pub fn json_as_format(mut self) -> Self {
        if self.json {
            self.format = PreflightFormat::Json;
        }
        self
    }
}

impl ReviewArgs {
    /// `--json` is `--format json`.
    pub fn json_as_format(mut self) -> Self {
        if self.json {
            self.format = ReviewFormat::Json;
        }
        self
    }
}

/// Output format of `preflight`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreflightFormat {
    /// A table: check, result, first message.
    Text,
    /// `{"pipeline": ..., "checks": [{"name", "result", "messages"}]}`.
    Json,
    /// GitHub Actions workflow commands, titled by check name.
    Github,
    /// SARIF 2.1.0, one rule per check.
    Sarif,
    /// A Markdown table of the checks, then the messages of those that did not pass.
    Markdown,
}

/// Output format of `lint`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LintFormat {
    /// opm's error tree and the warnings (the default).
    Text,
    /// Every finding as a JSON array (as `--json`).
    Json,
    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
    Github,
    /// SARIF 2.1.0, one rule per kind of finding.
    Sarif,
    /// A Markdown summary: counts by rule, then the findings.
    Markdown,
}

/// Arguments of `olm-graph lifecycle`.
#[derive(Args, Debug)]
pub struct LifecycleArgs {
    /// Catalog files or directories, the lifecycle blobs among them (`-` reads stdin).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    #[arg(long, short)]
    pub package: String,
    /// The day to judge support on (default: today, UTC).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub as_of: Option<Date>,
    /// The OpenShift version to check compatibility with.
    #[arg(long, value_name = "MAJOR.MINOR", value_parser = parse_platform)]
    pub platform: Option<String>,
    /// One JSON document instead of a table per channel.
    #[arg(long)]
    pub json: bool,
}

/// A `--as-of` day.
pub fn parse_date(text: &str) -> Result<Date, String> {
    text.parse::<Date>().map_err(|e| e.to_string())
}

/// `plan`'s support lifecycle flags.
#[derive(Args, Debug, Default)]
#[command(next_help_heading = "Support lifecycle")]
pub struct PlanSupportArgs {
    /// Judge the target's and each stop's support phase on this day (default: today, UTC).
    #[arg(long, value_name = "YYYY-MM-DD", value_parser = parse_date)]
    pub as_of: Option<Date>,
    /// The OpenShift version the target and each stop must run on (series plans check each
    /// step's own platform).
    #[arg(long, value_name = "MAJOR.MINOR", value_parser = parse_platform)]
    pub platform: Option<String>,
    /// Lifecycle blobs to read besides the catalogs (with --series: for every platform).
    #[arg(long = "lifecycle", value_name = "PATH")]
    pub lifecycle: Vec<PathBuf>,
}

impl PlanSupportArgs {
    /// True when the plan should report lifecycle facts.
    pub fn asked(&self, prefer: Preference) -> bool {
        prefer == Preference::Supported
            || self.as_of.is_some()
            || self.platform.is_some()
            || !self.lifecycle.is_empty()
    }
}

/// Arguments of `olm-graph diagnose`.
#[derive(Args, Debug)]
pub struct DiagnoseArgs {
    /// Cluster state: YAML or JSON files, or must-gather directories (`-` for standard input).
    #[arg(required = true)]
    pub state: Vec<PathBuf>,
    /// A catalog to join the operators to: `PATH` serves every operator; `SOURCE=PATH` only
    /// the operators of one CatalogSource (`name` or `namespace/name`) or ClusterCatalog
    /// (`name`). Repeat for several.
    #[arg(long, value_name = "[SOURCE=]PATH")]
    pub catalog: Vec<String>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `olm-graph mirror-config`.
#[derive(Args, Debug)]
pub struct MirrorConfigArgs {
    /// The catalogs, `[SOURCE=]PATH` each.
    #[arg(required = true, value_name = "CATALOG")]
    pub catalogs: Vec<String>,
    /// Cluster state: YAML or JSON files, or must-gather directories (`-` for standard input).
    #[arg(long = "for", required = true, num_args = 1.., value_name = "STATE")]
    pub state: Vec<PathBuf>,
    /// The catalog image each mirror.operators entry names, in the order of the catalogs.
    #[arg(long = "catalog-image", value_name = "REF")]
    pub catalog_image: Vec<String>,
    /// Write the ImageSetConfiguration here instead of standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Print, per package and channel, the bundles it serves and why its range is what it is.
    #[arg(long)]
    pub json: bool,
    /// List the packages nobody runs too (every channel's head).
    #[arg(long)]
    pub all_packages: bool,
}

/// Arguments of `olm-graph mirror`.
#[derive(Args, Debug)]
pub struct MirrorArgs {
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The ImageSetConfiguration (mirror.openshift.io/v2alpha1 or v1alpha2).
    #[arg(long)]
    pub config: PathBuf,
    /// Which mirror.operators entry to apply, by its catalog reference (needed when there are
    /// several).
    #[arg(long)]
    pub catalog: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the kept catalog as FBC JSON here; it is read back and checked with opm's rules.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Only these bundles (names or versions) in the stranded list: what a fleet runs.
    #[arg(long)]
    pub installed: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_names_are_clap_s() {
        assert_eq!(Op::GraphJson.name(), "graph-json");
        assert_eq!(Op::PathV0.name(), "path-v0");
        assert_eq!(value_name(Shape::Ranges), "ranges");
    }
}
