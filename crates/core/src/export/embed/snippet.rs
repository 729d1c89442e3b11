//! The snippet `olm-graph render -f embed` writes (and the app's Export menu offers): the
//! `<olm-graph>` element with the package's catalog inline ([`package_fbc`], a JSON stream in a
//! `<script type="application/json">`, inert) or named by URL, and the still SVG as its
//! fallback, its stylesheet scoped to the element and its ids made unique.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use super::Figure;
use crate::export::render::{RenderError, RenderRequest};
use crate::export::svg::xml_attr;
use crate::load::{document_spans, InputFile};
use crate::model::Catalog;

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
pub(super) fn scope_stylesheet(svg: &str, scope: &str) -> String {
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

/// An element's [`Figure`] as the still fallback inside its `<olm-graph>`, in the page's own
/// DOM (the AsciiDoc extension writes it at conversion time): the stylesheet scoped to
/// `olm-graph>svg` and the ids made unique, as in [`embed_snippet`].
///
/// # Complexity
/// O(S) for S bytes of SVG.
pub fn figure_fallback(figure: &Figure, installed: Option<&str>) -> String {
    let id = snippet_id(&[
        &figure.package,
        figure.channel.as_deref().unwrap_or(""),
        installed.unwrap_or(""),
    ]);
    prefix_ids(&scope_stylesheet(&figure.svg, "olm-graph>svg"), &id)
}

/// The text with no blank line (Markdown ends an HTML block at one): a line break that would
/// leave a whitespace-only line is written as a character reference instead.
pub(super) fn without_blank_lines(text: &str) -> String {
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
/// fallback, the still SVG `olm-graph render -f svg` draws (its stylesheet scoped to the
/// element, its ids made unique). Wrapped in a `<div>` so Markdown processors pass it through
/// as an HTML block; it has no blank line.
///
/// # Complexity
/// O(N) for N bytes of input, plus [`crate::export::render()`]'s SVG.
pub fn embed_snippet(
    files: &[InputFile],
    catalog: &Catalog,
    request: &RenderRequest,
) -> Result<String, RenderError> {
    let inline = format!(
        "<script type=\"application/json\">\n{}</script>\n",
        package_fbc(files, &request.package)
    );
    snippet(catalog, request, "", &inline)
}

/// [`embed_snippet`] for a catalog the element fetches from `src` (the web app's Export menu,
/// whose catalog came from that URL); `app`, when given, adds the "Open in olm-graph" link.
///
/// # Complexity
/// That of [`crate::export::render()`]'s SVG.
pub fn embed_snippet_for_url(
    catalog: &Catalog,
    request: &RenderRequest,
    src: &str,
    app: Option<&str>,
) -> Result<String, RenderError> {
    let mut attrs = format!(" src=\"{}\"", xml_attr(src));
    if let Some(app) = app {
        let _ = write!(attrs, " app=\"{}\"", xml_attr(app));
    }
    snippet(catalog, request, &attrs, "")
}

/// The snippet: the element with `request`'s attributes after `attrs`, then `inside`, then
/// the fallback SVG.
fn snippet(
    catalog: &Catalog,
    request: &RenderRequest,
    attrs: &str,
    inside: &str,
) -> Result<String, RenderError> {
    let still = RenderRequest {
        format: crate::export::RenderFormat::Svg,
        animate: false,
        ..request.clone()
    };
    let svg = crate::export::render(catalog, &still)?.text;
    let id = snippet_id(&[
        &request.package,
        request.channel.as_deref().unwrap_or(""),
        request.from.as_deref().unwrap_or(""),
    ]);
    let svg = prefix_ids(&scope_stylesheet(&svg, "olm-graph>svg"), &id);
    let mut out = String::from("<div class=\"olm-graph-figure\">\n");
    let _ = writeln!(out, "<olm-graph{attrs}{}>", snippet_attributes(request));
    out.push_str(inside);
    out.push_str(svg.trim_end());
    out.push_str("\n</olm-graph>\n</div>\n");
    Ok(without_blank_lines(&out))
}
