//! The `<olm-graph>` element's drawing ([`figure`]) and the snippet `olm-graph render -f embed`
//! writes ([`embed_snippet`]): the element with one package's catalog inline (as a JSON
//! stream in a `<script type="application/json">`, inert) and the static SVG as its fallback.
//!
//! The figure is the standalone SVG of [`super::svg`] (the app's view model) plus the facts the
//! element needs around it: the node count, the heads, each resolver's path as the steps it
//! paints (`data-path-step`), the terminated nodes and the text alternative.

use serde::Serialize;

use super::render::RenderError;
use super::svg::{render_view, svg_view, SvgOptions};
use crate::change::terminated_in_view;
use crate::graph::{channel_graphs, ChannelGraph, PackageGraph};
use crate::load::{InputFile, LoadOptions};
use crate::model::{Catalog, Package};
use crate::resolve::{resolve_path, Failure, PathOptions, Resolver};
use crate::view::ViewSource;

/// Which graph of the package the figure draws.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum FigureView {
    /// The package's default channel (its first channel when it names none).
    #[default]
    Default,
    /// This channel.
    Channel(String),
    /// Every channel at once (the package view, `view="all"`).
    All,
}

/// What one `<olm-graph>` element asks for (its attributes, parsed).
#[derive(Debug, Clone, Default)]
pub struct FigureRequest {
    /// The package drawn (the element's `package` attribute).
    pub package: String,
    /// Which graph: a channel's, the default channel's, or the package view.
    pub view: FigureView,
    /// The installed bundle whose upgrade path is painted.
    pub installed: Option<String>,
    /// The resolvers whose paths are computed (the first one's is drawn in the SVG); empty:
    /// v0.
    pub resolvers: Vec<Resolver>,
    /// A what-if: this bundle's upgrade fails.
    pub failure: Option<Failure>,
    /// Leave out the SVG's tooltips and the shapeless elements that carry them (the fans'
    /// edges the element draws on hover): the element's first draw, whose tooltips come a task
    /// later ([`SvgOptions::tooltips`]).
    pub without_tooltips: bool,
}

/// One resolver's upgrade path from the installed bundle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FigurePath {
    /// `v0` or `v1`.
    pub resolver: &'static str,
    /// The installed bundle, then every hop's target (step `k` is `steps[k]`).
    pub steps: Vec<String>,
    /// How the path ends (`up-to-date`, `blocked`, …), empty when it could not be resolved.
    pub outcome: String,
    /// Why no path could be resolved.
    pub error: Option<String>,
}

/// The drawing and its facts.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    /// The standalone SVG the element shows.
    pub svg: String,
    /// The package drawn.
    pub package: String,
    /// The channel drawn; `None` for the package view.
    pub channel: Option<String>,
    /// The head(s) of the graph, by name.
    pub heads: Vec<String>,
    /// Nodes of the graph, as `olm-graph graph --json` counts them.
    pub nodes: usize,
    /// The upgrade path from the installed bundle under each resolver asked (none without an
    /// installed bundle).
    pub paths: Vec<FigurePath>,
    /// Nodes no upgrade leaves (under the first resolver).
    pub terminated: Vec<String>,
    /// The text alternative: package, channel and head.
    pub label: String,
}

/// Reads one catalog file for an element: a JSON stream or YAML documents of FBC objects (or
/// legacy manifests), within the default limits. Catalog templates are not expanded (an
/// element draws a rendered catalog), which keeps the template code out of the element's wasm.
///
/// # Complexity
/// O(B + N log N) time for B bytes and N objects, entries and documents; memory O(B).
pub fn read_catalog(name: &str, text: &str) -> Catalog {
    crate::load::load_fbc(
        &[InputFile::new(name, text)],
        LoadOptions::default(),
        &mut |_| {},
    )
}

/// The most bundles of a package the element's first draw reads from a skim: past them the skim
/// keeps nearly all the catalog, and reading it would only read the catalog twice.
pub const SKIM_MAX_BUNDLES: usize = 1_000;

/// [`read_catalog`] of only what core's skim keeps of the text for a figure of `package`
/// (`load::skim_text`, every channel kept): the element's first draw, which need not wait for
/// every bundle's CSV metadata and bundle objects to be read (docs/performance.md, "First
/// draw"). A figure without tooltips drawn from it is the figure drawn from the whole catalog
/// (a test over every real catalog, `tests/it/skim.rs`). `None` when the skim gives up (a JSON
/// stream, YAML it does not follow, a package of more than [`SKIM_MAX_BUNDLES`] bundles): read
/// the whole catalog.
///
/// # Complexity
/// O(B) for B bytes to skim, then [`read_catalog`] of what is kept.
pub fn read_skimmed_catalog(name: &str, text: &str, package: &str) -> Option<Catalog> {
    let kept = crate::load::skim_text(text, package, None, SKIM_MAX_BUNDLES)?;
    Some(read_catalog(name, &kept))
}

/// The graph a view of `pkg` draws: the channel's, or the package graph.
enum Drawn {
    Channel(ChannelGraph),
    Package(PackageGraph),
}

impl Drawn {
    fn source(&self) -> &dyn ViewSource {
        match self {
            Drawn::Channel(g) => g,
            Drawn::Package(g) => g,
        }
    }

    fn nodes(&self) -> usize {
        match self {
            Drawn::Channel(g) => g.nodes.len(),
            Drawn::Package(g) => g.nodes.len(),
        }
    }
}

/// The channel a view names, checked against the package (`None`: the package view).
fn chosen_channel(pkg: &Package, view: &FigureView) -> Result<Option<String>, RenderError> {
    let name = match view {
        FigureView::All => return Ok(None),
        FigureView::Channel(c) => c.clone(),
        FigureView::Default => match pkg
            .default_channel
            .clone()
            .filter(|c| pkg.channel(c).is_some())
            .or_else(|| pkg.channels.first().map(|c| c.name.clone()))
        {
            Some(c) => c,
            None => return Ok(None),
        },
    };
    match pkg.channel(&name) {
        Some(_) => Ok(Some(name)),
        None => Err(RenderError::UnknownChannel {
            package: pkg.name.clone(),
            channel: name,
        }),
    }
}

/// Each resolver's path from `request.installed` (none without it).
///
/// # Complexity
/// One [`resolve_path`] per resolver.
fn figure_paths(
    catalog: &Catalog,
    request: &FigureRequest,
    channel: Option<&str>,
) -> (Vec<FigurePath>, Option<crate::resolve::UpgradePath>) {
    let Some(installed) = request
        .installed
        .as_deref()
        .filter(|s| !s.trim().is_empty())
    else {
        return (Vec::new(), None);
    };
    let resolvers = if request.resolvers.is_empty() {
        &[Resolver::V0][..]
    } else {
        &request.resolvers[..]
    };
    let mut drawn = None;
    let mut out = Vec::new();
    for &resolver in resolvers {
        let options = PathOptions {
            resolver,
            channel: channel.map(str::to_string),
            failure: request.failure.clone(),
            ..PathOptions::default()
        };
        let result = resolve_path(catalog, &request.package, installed.trim(), &options, None);
        out.push(match &result {
            Ok(p) => FigurePath {
                resolver: resolver.as_str(),
                steps: std::iter::once(p.from.clone())
                    .chain(p.hops.iter().map(|h| h.to.clone()))
                    .collect(),
                outcome: p.outcome.as_str().to_string(),
                error: None,
            },
            Err(e) => FigurePath {
                resolver: resolver.as_str(),
                steps: Vec::new(),
                outcome: String::new(),
                error: Some(e.to_string()),
            },
        });
        if drawn.is_none() {
            drawn = result.ok();
        }
    }
    (out, drawn)
}

/// The text alternative of a figure.
fn figure_label(package: &str, channel: Option<&str>, heads: &[String]) -> String {
    let view = match channel {
        Some(c) => format!("channel {c}"),
        None => "all channels".to_string(),
    };
    let head = match heads {
        [] => "no head".to_string(),
        [one] => format!("head {one}"),
        many => format!("heads {}", many.join(", ")),
    };
    format!("Upgrade graph of package {package}, {view}, {head}")
}

/// Draws what one element asks for: the SVG (with the first resolver's path, not animated:
/// the element plays it) and its facts.
///
/// # Complexity
/// O((V + E) log(V + E)) for V nodes and E edges of the graph drawn (channel graphs, view,
/// SVG, terminated nodes), plus one [`resolve_path`] per resolver.
pub fn figure(catalog: &Catalog, request: &FigureRequest) -> Result<Figure, RenderError> {
    let pkg = catalog
        .package(&request.package)
        .ok_or_else(|| RenderError::UnknownPackage(request.package.clone()))?;
    let channel = chosen_channel(pkg, &request.view)?;
    // A channel's figure needs that channel's graph only (each channel graph is built from its
    // own channel, and the terminated nodes of a channel view are its graph's): the package's
    // other channels are not built (gpu-operator-certified has 14).
    let mut graphs = match channel.as_deref() {
        Some(c) => pkg
            .channel(c)
            .map(|ch| ChannelGraph::build(pkg, ch))
            .into_iter()
            .collect(),
        None => channel_graphs(pkg),
    };
    let terminated = terminated_in_view(
        pkg,
        &graphs,
        channel.as_deref(),
        request.resolvers.first().copied().unwrap_or_default(),
    );
    let drawn = match channel.as_deref() {
        Some(c) => match graphs.iter().position(|g| g.channel == c) {
            Some(i) => Drawn::Channel(graphs.swap_remove(i)),
            None => Drawn::Package(PackageGraph::build(pkg, &graphs)),
        },
        None => Drawn::Package(PackageGraph::build(pkg, &graphs)),
    };
    let (paths, path) = figure_paths(catalog, request, channel.as_deref());
    let options = SvgOptions {
        animate: false,
        path,
        tooltips: !request.without_tooltips,
        ..SvgOptions::default()
    };
    let view = svg_view(pkg, drawn.source(), &options);
    let heads: Vec<String> = view
        .nodes()
        .iter()
        .filter(|n| n.head)
        .map(|n| n.name.clone())
        .collect();
    Ok(Figure {
        svg: render_view(&view, &options),
        label: figure_label(&pkg.name, channel.as_deref(), &heads),
        package: pkg.name.clone(),
        channel,
        heads,
        nodes: drawn.nodes(),
        paths,
        terminated: terminated.into_iter().collect(),
    })
}

mod snippet;
pub use snippet::{embed_snippet, embed_snippet_for_url, figure_fallback, package_fbc};

#[cfg(test)]
mod tests;
