//! One entry point for every picture of a package or channel: the SVG (optionally with an
//! upgrade path, optionally animated), Mermaid (`opm alpha render-graph`) and DOT. Both
//! `olm-graph render` and the web app's export menu call [`render`], so a file exported from the
//! app is byte-for-byte what the CLI writes for the same options.

use std::fmt;

use crate::graph::{channel_graphs, ChannelGraph, PackageGraph};
use crate::layout::{FanMode, LabelMode};
use crate::load::{skim_channel, InputFile, LoadOptions};
use crate::model::Catalog;
use crate::open::load_fbc_files_with_progress;
use crate::resolve::{resolve_path, PathOptions, ResolveError, Resolver};

use super::{graph_dot, mermaid, render_view, svg_view, MermaidError, MermaidOptions, SvgOptions};
use crate::support::AsOf;
use crate::view::{SupportOverlay, ViewSource};

/// The picture formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenderFormat {
    /// Standalone SVG (title, legend; the layout the web app shows).
    Svg,
    /// Mermaid flowchart, byte-for-byte `opm alpha render-graph`.
    Mermaid,
    /// Graphviz DOT.
    Dot,
}

impl RenderFormat {
    /// The usual file name extension (without the dot).
    ///
    /// # Complexity
    /// O(1).
    pub fn extension(self) -> &'static str {
        match self {
            RenderFormat::Svg => "svg",
            RenderFormat::Mermaid => "mmd",
            RenderFormat::Dot => "dot",
        }
    }

    /// The media type of the file.
    ///
    /// # Complexity
    /// O(1).
    pub fn media_type(self) -> &'static str {
        match self {
            RenderFormat::Svg => "image/svg+xml",
            RenderFormat::Mermaid => "text/plain;charset=utf-8",
            RenderFormat::Dot => "text/vnd.graphviz;charset=utf-8",
        }
    }
}

/// What `olm-graph render -f` writes: a picture in one of the [`RenderFormat`]s, or the
/// snippet that embeds the `<olm-graph>` element with the SVG as its fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawingFormat {
    /// Standalone SVG.
    Svg,
    /// Mermaid, as `opm alpha render-graph` writes it.
    Mermaid,
    /// Graphviz DOT.
    Dot,
    /// The `<olm-graph>` snippet with the SVG as its fallback.
    Embed,
}

crate::choice::spelled_choice!(
    DrawingFormat,
    "format",
    Svg => "svg": "Standalone SVG (title, legend; the layout the web app shows)",
    Mermaid => "mermaid": "Mermaid flowchart, byte-for-byte `opm alpha render-graph`",
    Dot => "dot": "Graphviz DOT (`dot -Tsvg` draws it)",
    Embed => "embed": "A snippet for a docs page: the `<olm-graph>` element with the package's catalog inline and the SVG as its fallback (see docs/embed.md)",
);

impl DrawingFormat {
    /// The picture it draws (the embed snippet's fallback is the SVG).
    ///
    /// # Complexity
    /// O(1).
    pub fn picture(self) -> RenderFormat {
        match self {
            DrawingFormat::Svg | DrawingFormat::Embed => RenderFormat::Svg,
            DrawingFormat::Mermaid => RenderFormat::Mermaid,
            DrawingFormat::Dot => RenderFormat::Dot,
        }
    }
}

/// What to draw, as `olm-graph render`'s flags name it. Options a format does not use are
/// ignored (the CLI rejects such combinations before calling [`render`]).
#[derive(Debug, Clone, PartialEq)]
pub struct RenderRequest {
    /// The package drawn.
    pub package: String,
    /// Only this channel; `None`: the package view (svg, dot) or every channel (mermaid).
    pub channel: Option<String>,
    /// The picture's format.
    pub format: RenderFormat,
    /// svg: highlight the upgrade path from this installed bundle.
    pub from: Option<String>,
    /// svg: which OLM rules choose the path's hops.
    pub resolver: Resolver,
    /// svg: animate the path hop by hop (only with `from`).
    pub animate: bool,
    /// svg: fans as markers (the default), every fan drawn (`--all-fans`) or every edge on its
    /// own (`--no-fans`).
    pub fans: FanMode,
    /// svg: the box the picture is laid out to fit (`--max-width`, `--max-height`; the height
    /// may be `f64::INFINITY`); `None`: [`crate::layout::DEFAULT_TARGET`].
    pub target: Option<(f64, f64)>,
    /// svg: node labels say versions (the default) or names (`--names`).
    pub labels: LabelMode,
    /// svg: entries whose group of absent bundles is drawn expanded (`--expand`).
    pub expanded_groups: Vec<String>,
    /// mermaid: opm's `--draw-v0-semantics`.
    pub draw_v0_semantics: bool,
    /// mermaid: opm's `--minimum-edge`.
    pub minimum_edge: Option<String>,
    /// svg: the support lifecycle overlay on this day and platform, from the catalog's
    /// lifecycle blobs (`--lifecycle-overlay`, `--as-of`, `--platform`).
    pub support: Option<AsOf>,
    /// svg: the tooltips (`<title>`s) and the shapeless elements that carry them; off with
    /// `--no-tooltips` ([`crate::export::SvgOptions::tooltips`]).
    pub tooltips: bool,
}

impl RenderRequest {
    /// A request with the CLI's defaults: the package view, no path, fan markers, versions.
    ///
    /// # Complexity
    /// O(1).
    pub fn new(package: impl Into<String>, format: RenderFormat) -> RenderRequest {
        RenderRequest {
            package: package.into(),
            channel: None,
            format,
            from: None,
            resolver: Resolver::V0,
            animate: false,
            fans: FanMode::Markers,
            target: None,
            labels: LabelMode::Versions,
            expanded_groups: Vec::new(),
            draw_v0_semantics: false,
            minimum_edge: None,
            support: None,
            tooltips: true,
        }
    }
}

/// The file text and any warnings (Mermaid's, worded as opm prints them without `warning: `).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rendered {
    /// The file's text.
    pub text: String,
    /// Mermaid's warnings on skipRanges that do not parse (none for other formats).
    pub warnings: Vec<String>,
}

/// Why nothing could be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// The catalog has no package of this name.
    UnknownPackage(String),
    /// The package has no such channel.
    UnknownChannel {
        /// The package.
        package: String,
        /// The channel asked for.
        channel: String,
    },
    /// The upgrade path from installed bundle `from` could not be resolved.
    Path {
        /// The installed bundle.
        from: String,
        /// Why the resolver could not go on.
        error: ResolveError,
    },
    /// opm refuses to draw the catalog.
    Mermaid(MermaidError),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::UnknownPackage(p) => write!(f, "unknown package {p:?}"),
            RenderError::UnknownChannel { package, channel } => {
                write!(f, "package {package:?} has no channel {channel:?}")
            }
            RenderError::Path { error, .. } => error.fmt(f),
            RenderError::Mermaid(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            RenderError::Path { error, .. } => Some(error),
            RenderError::Mermaid(error) => Some(error),
            _ => None,
        }
    }
}

/// Draws `request` from `catalog`.
///
/// # Complexity
/// That of the format's writer ([`svg_view`] and [`render_view`], [`mermaid()`], [`graph_dot`])
/// plus, for svg with a path, one [`resolve_path`].
pub fn render(catalog: &Catalog, request: &RenderRequest) -> Result<Rendered, RenderError> {
    let pkg = catalog
        .package(&request.package)
        .ok_or_else(|| RenderError::UnknownPackage(request.package.clone()))?;
    if let Some(c) = &request.channel {
        if pkg.channel(c).is_none() {
            return Err(RenderError::UnknownChannel {
                package: request.package.clone(),
                channel: c.clone(),
            });
        }
    }
    if request.format == RenderFormat::Mermaid {
        let out = mermaid(
            catalog,
            &MermaidOptions {
                draw_v0_semantics: request.draw_v0_semantics,
                minimum_edge: request.minimum_edge.clone(),
                package: Some(request.package.clone()),
                channel: request.channel.clone(),
            },
        )
        .map_err(RenderError::Mermaid)?;
        return Ok(Rendered {
            text: out.text,
            warnings: out.warnings,
        });
    }
    let graphs = channel_graphs(pkg);
    let channel = request
        .channel
        .as_ref()
        .and_then(|c| graphs.iter().find(|g| g.channel == *c));
    let package_graph = channel.is_none().then(|| PackageGraph::build(pkg, &graphs));
    let graph: &dyn ViewSource = match (channel, &package_graph) {
        (Some(g), _) => g,
        (None, Some(pg)) => pg,
        (None, None) => return Ok(Rendered::default()),
    };
    let text = match request.format {
        RenderFormat::Dot => graph_dot(pkg, graph),
        RenderFormat::Svg | RenderFormat::Mermaid => {
            let mut options = svg_options(catalog, request)?;
            options.support = request
                .support
                .clone()
                .map(|as_of| SupportOverlay::of(&catalog.lifecycles, pkg, as_of));
            render_view(&svg_view(pkg, graph, &options), &options)
        }
    };
    Ok(Rendered {
        text,
        warnings: Vec::new(),
    })
}

/// The SVG options of a request: its fans, and its upgrade path (resolved) when it has one.
fn svg_options(catalog: &Catalog, request: &RenderRequest) -> Result<SvgOptions, RenderError> {
    let path = match &request.from {
        Some(from) => Some(
            resolve_path(
                catalog,
                &request.package,
                from,
                &PathOptions {
                    resolver: request.resolver,
                    channel: request.channel.clone(),
                    ..PathOptions::default()
                },
                None,
            )
            .map_err(|error| RenderError::Path {
                from: from.clone(),
                error,
            })?,
        ),
        None => None,
    };
    let mut options = drawing_options(request);
    options.animate = request.animate && path.is_some();
    options.path = path;
    Ok(options)
}

/// The SVG options of a request without a path: its fans, labels, expanded groups and box.
fn drawing_options(request: &RenderRequest) -> SvgOptions {
    let mut options = SvgOptions {
        animate: false,
        tooltips: request.tooltips,
        ..SvgOptions::default()
    };
    options.layout.fans = request.fans;
    options.layout.labels = request.labels;
    options.layout.expanded_groups = request.expanded_groups.clone();
    if let Some(target) = request.target {
        options.layout.target = Some(target);
    }
    options
}

/// Channel `channel` of package `package` drawn as [`render`] draws it for a request with the
/// CLI's defaults (`olm-graph render -f svg --package P --channel C`, with `--no-tooltips`
/// when `tooltips` is false), without linking what only other requests need (paths, overlays,
/// Mermaid, DOT): the web app's first picture of a link, without tooltips (docs/performance.md,
/// "First draw"). None when the catalog has no such channel.
///
/// # Complexity
/// O(log P + log C) to find the channel, then that of [`svg_view`] and [`render_view`]:
/// O((V + E) log(V + E)) for its V nodes and E edges.
pub fn default_channel_svg(
    catalog: &Catalog,
    package: &str,
    channel: &str,
    tooltips: bool,
) -> Option<String> {
    let pkg = catalog.package(package)?;
    let graph = ChannelGraph::build(pkg, pkg.channel(channel)?);
    let options = drawing_options(&RenderRequest {
        tooltips,
        ..RenderRequest::new(package, RenderFormat::Svg)
    });
    Some(render_view(&svg_view(pkg, &graph, &options), &options))
}

/// [`default_channel_svg`] without tooltips of the catalog `files` make, drawn from only what
/// [`skim_channel`] keeps of them: the first picture of a linked channel, which need not wait
/// for every bundle's whole object to be read (docs/performance.md, "First draw"). `None` when
/// the skim gives up (the caller reads the whole catalog), when the catalog has no such
/// channel, or when the channel has more than `max_entries` entries or the package more than
/// `max_entries` bundles (a skim that keeps nearly all of a large catalog would only read it
/// twice before the picture is declined). A test over every real
/// catalog keeps it equal to the drawing of the whole catalog (`tests/it/skim.rs`).
///
/// # Complexity
/// O(n) in the length of the files to skim them, then the loader's reading of what is kept,
/// then that of [`default_channel_svg`].
pub fn skimmed_channel_svg(
    files: &[InputFile],
    package: &str,
    channel: &str,
    only_catalog_extensions: bool,
    max_entries: usize,
) -> Option<String> {
    let kept = skim_channel(
        files,
        package,
        Some(channel),
        only_catalog_extensions,
        max_entries,
    )?;
    let options = LoadOptions {
        only_catalog_extensions,
        ..LoadOptions::default()
    };
    let catalog = load_fbc_files_with_progress(kept, options, &mut |_| {});
    channel_picture(&catalog, package, channel, max_entries)
}

/// [`default_channel_svg`] without tooltips: a first picture of a linked channel, shown in an
/// `<img>` while the app starts, where tooltips would only be bytes to carry and decode.
/// `None` when the catalog has no such channel, or when the channel has more than
/// `max_entries` entries (the app draws only what is near its viewport; a picture draws
/// everything).
///
/// # Complexity
/// O(log P + log C) to find the channel, then that of [`default_channel_svg`].
pub fn channel_picture(
    catalog: &Catalog,
    package: &str,
    channel: &str,
    max_entries: usize,
) -> Option<String> {
    let entries = catalog.package(package)?.channel(channel)?.entries.len();
    if entries > max_entries {
        return None;
    }
    default_channel_svg(catalog, package, channel, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{channel_dot, channel_svg, package_dot, package_svg};
    use crate::load::InputFile;
    use crate::open::load_files;

    const CATALOG: &str = r#"
schema: olm.package
name: foo
defaultChannel: beta
---
schema: olm.channel
package: foo
name: beta
entries:
  - name: foo.v0.1.0
  - name: foo.v0.2.0
    replaces: foo.v0.1.0
  - name: foo.v0.3.0
    replaces: foo.v0.2.0
    skipRange: ">=0.1.0 <0.3.0"
---
schema: olm.bundle
package: foo
name: foo.v0.1.0
image: example.test/foo:0.1.0
properties:
  - type: olm.package
    value: {packageName: foo, version: 0.1.0}
---
schema: olm.bundle
package: foo
name: foo.v0.2.0
image: example.test/foo:0.2.0
properties:
  - type: olm.package
    value: {packageName: foo, version: 0.2.0}
---
schema: olm.bundle
package: foo
name: foo.v0.3.0
image: example.test/foo:0.3.0
properties:
  - type: olm.package
    value: {packageName: foo, version: 0.3.0}
"#;

    fn catalog() -> Catalog {
        load_files(vec![InputFile::new("c.yaml", CATALOG)])
    }

    fn req(format: RenderFormat, channel: Option<&str>) -> RenderRequest {
        RenderRequest {
            channel: channel.map(str::to_string),
            ..RenderRequest::new("foo", format)
        }
    }

    #[test]
    fn every_format_matches_its_writer() {
        let c = catalog();
        let pkg = c.package("foo").unwrap();
        let graphs = channel_graphs(pkg);
        let g = &graphs[0];
        // As `olm-graph render` draws without --animate.
        let still = SvgOptions {
            animate: false,
            ..SvgOptions::default()
        };
        let svg = render(&c, &req(RenderFormat::Svg, Some("beta"))).unwrap();
        assert_eq!(svg.text, channel_svg(pkg, g, &still));
        assert!(svg.text.starts_with("<svg") || svg.text.starts_with("<?xml"));
        let pg = PackageGraph::build(pkg, &graphs);
        let all = render(&c, &req(RenderFormat::Svg, None)).unwrap();
        assert_eq!(all.text, package_svg(pkg, &pg, &still));
        let dot = render(&c, &req(RenderFormat::Dot, Some("beta"))).unwrap();
        assert_eq!(dot.text, channel_dot(pkg, g));
        assert_eq!(
            render(&c, &req(RenderFormat::Dot, None)).unwrap().text,
            package_dot(pkg, &pg)
        );
        let mmd = render(&c, &req(RenderFormat::Mermaid, Some("beta"))).unwrap();
        assert!(mmd.text.starts_with("graph LR"), "{}", mmd.text);
        assert!(mmd.text.contains("foo.v0.3.0"));
    }

    #[test]
    fn the_path_is_drawn_and_animated_only_when_asked() {
        let c = catalog();
        let plain = render(&c, &req(RenderFormat::Svg, Some("beta"))).unwrap();
        let mut r = req(RenderFormat::Svg, Some("beta"));
        r.from = Some("foo.v0.1.0".into());
        let still = render(&c, &r).unwrap();
        r.animate = true;
        let moving = render(&c, &r).unwrap();
        assert!(!plain.text.contains("class=\"hop"));
        assert!(still.text.contains("class=\"hop"));
        assert!(!still.text.contains("@keyframes"));
        assert!(moving.text.contains("@keyframes"));
        // `animate` without a path draws the plain picture.
        let mut r = req(RenderFormat::Svg, Some("beta"));
        r.animate = true;
        assert_eq!(render(&c, &r).unwrap(), plain);
        // Every edge drawn on its own differs from bands.
        let mut r = req(RenderFormat::Svg, Some("beta"));
        r.fans = FanMode::Edges;
        assert_ne!(render(&c, &r).unwrap(), plain);
    }

    #[test]
    fn errors_name_what_is_missing() {
        let c = catalog();
        let e = render(&c, &RenderRequest::new("nope", RenderFormat::Svg)).unwrap_err();
        assert_eq!(e.to_string(), "unknown package \"nope\"");
        let e = render(&c, &req(RenderFormat::Dot, Some("gamma"))).unwrap_err();
        assert_eq!(e.to_string(), "package \"foo\" has no channel \"gamma\"");
        let mut r = req(RenderFormat::Mermaid, None);
        r.minimum_edge = Some("nothing".into());
        assert!(matches!(render(&c, &r), Err(RenderError::Mermaid(_))));
    }

    #[test]
    fn formats_name_their_files() {
        assert_eq!(RenderFormat::Svg.extension(), "svg");
        assert_eq!(RenderFormat::Mermaid.extension(), "mmd");
        assert_eq!(RenderFormat::Dot.extension(), "dot");
        assert_eq!(RenderFormat::Svg.media_type(), "image/svg+xml");
    }

    #[test]
    fn a_channel_picture_is_the_channel_without_tooltips_up_to_its_entry_limit() {
        let c = catalog();
        let without = default_channel_svg(&c, "foo", "beta", false).expect("beta");
        assert_eq!(
            channel_picture(&c, "foo", "beta", 3).as_deref(),
            Some(&*without)
        );
        assert_ne!(
            default_channel_svg(&c, "foo", "beta", true).as_deref(),
            Some(&*without)
        );
        // beta has three entries.
        assert_eq!(channel_picture(&c, "foo", "beta", 2), None);
        assert_eq!(channel_picture(&c, "foo", "gamma", 3), None);
        assert_eq!(channel_picture(&c, "bar", "beta", 3), None);
    }
}
