//! The `<olm-graph>` element's drawing ([`figure`]) and the snippet `olm-graph render -f embed`
//! writes ([`embed_snippet`]): the element with one package's catalog inline (as a JSON
//! stream in a `<script type="application/json">`, inert) and the static SVG as its fallback.
//!
//! The figure is the standalone SVG of [`super::svg`] (the app's view model) plus the facts the
//! element needs around it: the node count, the heads, each resolver's path as the steps it
//! paints (`data-path-step`), the terminated nodes and the text alternative.

use std::fmt::Write as _;

use serde::Serialize;
use serde_json::{Map, Value};

use super::render::{RenderError, RenderRequest};
use super::svg::{render_view, svg_view, xml_attr, SvgOptions};
use crate::graph::{channel_graphs, ChannelGraph, PackageGraph};
use crate::lifecycle::terminated_in_view;
use crate::load::{document_spans, InputFile, LoadOptions};
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
    pub package: String,
    pub view: FigureView,
    /// The installed bundle whose upgrade path is painted.
    pub installed: Option<String>,
    /// The resolvers whose paths are computed (the first one's is drawn in the SVG); empty:
    /// v0.
    pub resolvers: Vec<Resolver>,
    /// A what-if: this bundle's upgrade fails.
    pub failure: Option<Failure>,
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
    pub svg: String,
    pub package: String,
    /// The channel drawn; `None` for the package view.
    pub channel: Option<String>,
    /// The head(s) of the graph, by name.
    pub heads: Vec<String>,
    /// Nodes of the graph, as `olm-graph graph --json` counts them.
    pub nodes: usize,
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
    let mut graphs = channel_graphs(pkg);
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
        ..SvgOptions::default()
    };
    let view = svg_view(pkg, drawn.source(), &options);
    let heads: Vec<String> = view
        .nodes
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

/// Property types a figure never reads (the bundle's manifests and CSV metadata): left out of
/// the inline catalog, which stays small.
const HEAVY_PROPERTIES: [&str; 2] = ["olm.bundle.object", "olm.csv.metadata"];

/// A value by key, exactly or ignoring ASCII case (as opm reads `schema`, `package`, `name`).
fn get_str<'a>(obj: &'a Map<String, Value>, key: &str) -> &'a str {
    obj.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .and_then(|(_, v)| v.as_str())
        .unwrap_or("")
}

/// `obj` as the figure needs it when it belongs to `package`: the package without icon and
/// description, bundles without related images and heavy properties, the rest as it is.
fn slim_object(mut value: Value, package: &str) -> Option<Value> {
    let obj = value.as_object_mut()?;
    let schema = get_str(obj, "schema").to_string();
    let belongs = match schema.as_str() {
        "olm.package" => get_str(obj, "name") == package,
        "olm.package.v1" | "" => false,
        _ => get_str(obj, "package") == package,
    };
    if !belongs {
        return None;
    }
    obj.retain(|k, _| {
        !(k.eq_ignore_ascii_case("icon")
            || k.eq_ignore_ascii_case("description")
            || k.eq_ignore_ascii_case("relatedImages"))
    });
    if let Some(Value::Array(props)) = obj
        .iter_mut()
        .find(|(k, _)| k.eq_ignore_ascii_case("properties"))
        .map(|(_, v)| v)
    {
        props.retain(|p| {
            let kind = p.get("type").and_then(Value::as_str).unwrap_or("");
            !HEAVY_PROPERTIES.contains(&kind)
        });
    }
    Some(value)
}

/// The objects of `package` in `files`, as a JSON stream (one object a line) that is safe
/// inside a `<script>` element: `<`, `>` and `&` are written as JSON escapes.
///
/// # Complexity
/// O(N) for N bytes of input.
pub fn package_fbc(files: &[InputFile], package: &str) -> String {
    let mut out = String::new();
    for f in files.iter().filter(|f| !f.path.ends_with(".indexignore")) {
        for (span, ok) in document_spans(&f.path, &f.text) {
            let text = &f.text[span.0..span.1];
            let t = text.trim_start();
            let value = if !ok {
                None
            } else if t.starts_with('{') {
                serde_json::from_str(t).ok()
            } else {
                crate::load::yaml_value(text)
            };
            let Some(value) = value.and_then(|v| slim_object(v, package)) else {
                continue;
            };
            let line = serde_json::to_string(&value).unwrap_or_default();
            for c in line.chars() {
                match c {
                    '<' => out.push_str("\\u003c"),
                    '>' => out.push_str("\\u003e"),
                    '&' => out.push_str("\\u0026"),
                    c => out.push(c),
                }
            }
            out.push('\n');
        }
    }
    out
}

/// The SVG's stylesheet with every rule scoped to `scope` (a rule for `svg` itself becomes
/// `scope`), so the fallback picture, which sits in the page's own DOM, styles nothing else.
/// Only flat rule lists are scoped (the still picture has no `@` rule); anything else is left
/// as it is.
///
/// # Complexity
/// O(S) for S bytes of SVG.
fn scope_stylesheet(svg: &str, scope: &str) -> String {
    let (Some(open), Some(close)) = (svg.find("<style>"), svg.find("</style>")) else {
        return svg.to_string();
    };
    let css = &svg[open + "<style>".len()..close];
    if css.contains('@') || open > close {
        return svg.to_string();
    }
    let mut scoped = format!("{scope}{{max-width:100%;height:auto}}");
    for rule in css.split('}').filter(|r| !r.trim().is_empty()) {
        let Some((selectors, body)) = rule.split_once('{') else {
            continue;
        };
        let list: Vec<String> = selectors
            .split(',')
            .map(|s| match s.trim() {
                "svg" => scope.to_string(),
                s => format!("{scope} {s}"),
            })
            .collect();
        let _ = write!(scoped, "{}{{{body}}}", list.join(","));
    }
    format!(
        "{}<style>{scoped}</style>{}",
        &svg[..open],
        &svg[close + 8..]
    )
}

/// The SVG with its ids (`olmg-…`) prefixed by `prefix`, so several pictures on one page keep
/// their own title and arrow markers.
fn prefix_ids(svg: &str, prefix: &str) -> String {
    svg.replace("id=\"olmg-", &format!("id=\"olmg-{prefix}-"))
        .replace("url(#olmg-", &format!("url(#olmg-{prefix}-"))
        .replace(
            "aria-labelledby=\"olmg-",
            &format!("aria-labelledby=\"olmg-{prefix}-"),
        )
}

/// The text with no blank line (Markdown ends an HTML block at one): a line break that would
/// leave a whitespace-only line is written as a character reference instead.
fn without_blank_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let lines: Vec<&str> = text.split('\n').collect();
    for (i, line) in lines.iter().enumerate() {
        out.push_str(line);
        let next_blank = lines.get(i + 1).is_some_and(|l| l.trim().is_empty());
        let last = i + 2 >= lines.len();
        match (i + 1 < lines.len(), next_blank && !last) {
            (false, _) => {}
            (true, true) => out.push_str("&#10;"),
            (true, false) => out.push('\n'),
        }
    }
    out
}

/// A short, stable hex name for a snippet's ids (FNV-1a of what it draws).
fn snippet_id(parts: &[&str]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in parts.iter().flat_map(|p| p.bytes().chain([0])) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", h as u32)
}

/// The `<olm-graph>` attributes of a render request.
fn snippet_attributes(request: &RenderRequest) -> String {
    let mut attrs = format!(" package=\"{}\"", xml_attr(&request.package));
    match &request.channel {
        Some(c) => {
            let _ = write!(attrs, " channel=\"{}\"", xml_attr(c));
        }
        None => attrs.push_str(" view=\"all\""),
    }
    if let Some(from) = &request.from {
        let _ = write!(
            attrs,
            " installed=\"{}\" resolver=\"{}\"",
            xml_attr(from),
            request.resolver.as_str()
        );
    }
    attrs
}

/// The snippet for a docs page: `<olm-graph>` (package, channel or `view="all"`, installed
/// and resolver from `request`) holding the package's objects of `files` inline and, as its
/// fallback, the still SVG `olm-graph render -f svg` draws (its stylesheet scoped to the element, its ids
/// made unique). Wrapped in a `<div>` so Markdown processors pass it through as an HTML block;
/// it has no blank line.
///
/// # Complexity
/// O(N) for N bytes of input, plus [`super::render()`]'s SVG.
pub fn embed_snippet(
    files: &[InputFile],
    catalog: &Catalog,
    request: &RenderRequest,
) -> Result<String, RenderError> {
    let still = RenderRequest {
        format: super::RenderFormat::Svg,
        animate: false,
        ..request.clone()
    };
    let svg = super::render(catalog, &still)?.text;
    let id = snippet_id(&[
        &request.package,
        request.channel.as_deref().unwrap_or(""),
        request.from.as_deref().unwrap_or(""),
    ]);
    let svg = prefix_ids(&scope_stylesheet(&svg, "olm-graph>svg"), &id);
    let mut out = String::from("<div class=\"olm-graph-figure\">\n");
    let _ = writeln!(out, "<olm-graph{}>", snippet_attributes(request));
    out.push_str("<script type=\"application/json\">\n");
    out.push_str(&package_fbc(files, &request.package));
    out.push_str("</script>\n");
    out.push_str(svg.trim_end());
    out.push_str("\n</olm-graph>\n</div>\n");
    Ok(without_blank_lines(&out))
}

#[cfg(test)]
mod tests;
