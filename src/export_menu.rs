//! The export menu of the graph toolbar (issue 7): the view on screen as SVG, as an animated SVG
//! of the simulation's upgrade path, as PNG (the same SVG drawn on a canvas at 2×), as Mermaid
//! (`opm alpha render-graph`) and as DOT; a link to the view (with the catalog's URL, so the link
//! reloads it); and the `<iframe>` snippet that embeds the view ([`crate::embed`]).
//!
//! Every file comes from core's [`render`], the function `olm-graph render` calls, so the app
//! and the CLI write the same bytes for the same package, channel and options. Catalog text only
//! ever leaves as a download or as an image drawn on a canvas, never as page markup.
//!
//! Test hooks: the button `export-menu-button` (with `aria-expanded`), the menu `export-menu`,
//! its items `export-svg`, `export-svg-animated`, `export-png`, `export-mermaid`, `export-dot`,
//! `copy-link`, `embed-snippet`; the link box `copy-link-text`, the snippet `embed-snippet-text`
//! with `embed-snippet-copy`, or `embed-needs-url`; the outcome `export-status` (`data-state`
//! ok / error / busy, and for a PNG `data-ms`, `data-width`, `data-height`).

use leptos::ev;
use leptos::html;
use leptos::prelude::*;
use leptos::task::spawn_local;
use olm_graph_core::export::{render, RenderFormat, RenderRequest, Rendered};
use olm_graph_core::resolve::Resolver;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, HtmlCanvasElement};

use crate::download::{download_blob, download_text};
use crate::embed::{self, LinkParts};
use crate::simulation::SimContext;
use crate::state::{AppState, ChannelChoice};
use crate::url_state::UrlState;

/// PNG pixels per SVG unit.
pub const PNG_SCALE: f64 = 2.0;
/// Chromium's largest canvas side, and an area cap that keeps the encode fast and in memory.
const CANVAS_MAX_SIDE: f64 = 16_384.0;
const CANVAS_MAX_AREA: f64 = 64.0 * 1024.0 * 1024.0;

/// A file name for an export: `<package>-<channel>[-<tag>].<ext>` (`all-channels` for the
/// package view), with anything but letters, digits, `.`, `_`, `-` replaced by `_`.
pub fn file_name(package: &str, channel: Option<&str>, tag: Option<&str>, ext: &str) -> String {
    let clean = crate::download::file_name_part;
    let mut out = format!(
        "{}-{}",
        clean(package),
        clean(channel.unwrap_or("all-channels"))
    );
    if let Some(t) = tag {
        out.push('-');
        out.push_str(&clean(t));
    }
    out.push('.');
    out.push_str(ext);
    out
}

/// The `width` and `height` of the root `<svg>` element of core's SVG.
pub fn svg_size(svg: &str) -> Option<(f64, f64)> {
    let start = svg.find("<svg")?;
    let end = start + svg[start..].find('>')?;
    let tag = &svg[start..end];
    let attr = |name: &str| -> Option<f64> {
        let key = format!(" {name}=\"");
        let i = tag.find(&key)? + key.len();
        let j = i + tag[i..].find('"')?;
        tag[i..j]
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v > 0.0)
    };
    Some((attr("width")?, attr("height")?))
}

/// The canvas size for an SVG of `w` × `h` units at `scale`, reduced to fit the canvas limits;
/// and the scale used.
pub fn png_dimensions(w: f64, h: f64, scale: f64) -> (u32, u32, f64) {
    let mut k = scale.max(0.01);
    k = k.min(CANVAS_MAX_SIDE / w.max(1.0));
    k = k.min(CANVAS_MAX_SIDE / h.max(1.0));
    k = k.min((CANVAS_MAX_AREA / (w.max(1.0) * h.max(1.0))).sqrt());
    let px = |v: f64| (v * k).round().clamp(1.0, CANVAS_MAX_SIDE) as u32;
    (px(w), px(h), k)
}

/// The resolver for an animated path: the simulation's (`both`: v0).
pub fn path_resolver(choice: &str) -> Resolver {
    if choice == "v1" {
        Resolver::V1
    } else {
        Resolver::V0
    }
}

/// What the export items draw: the view on screen.
struct Target {
    catalog: crate::state::Shared<crate::state::Loaded>,
    package: String,
    channel: Option<String>,
    fans: olm_graph_core::layout::FanMode,
}

fn target(state: AppState) -> Option<Target> {
    let data = state.package_data.get_untracked()?;
    Some(Target {
        catalog: data.loaded.clone(),
        package: data.package().name.clone(),
        channel: state.shown_channel.get_untracked(),
        fans: state.fans.get_untracked(),
    })
}

impl Target {
    fn render(
        &self,
        format: RenderFormat,
        path: Option<(String, Resolver)>,
    ) -> Result<Rendered, String> {
        let animate = path.is_some();
        let (from, resolver) = match path {
            Some((b, r)) => (Some(b), r),
            None => (None, Resolver::V0),
        };
        let request = RenderRequest {
            channel: self.channel.clone(),
            from,
            resolver,
            animate,
            fans: self.fans,
            ..RenderRequest::new(self.package.clone(), format)
        };
        render(&self.catalog.catalog, &request).map_err(|e| e.to_string())
    }

    fn file(&self, tag: Option<&str>, ext: &str) -> String {
        file_name(&self.package, self.channel.as_deref(), tag, ext)
    }
}

fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

fn js_err(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
        })
        .unwrap_or_else(|| "unknown error".into())
}

/// Draws core's SVG on a canvas at [`PNG_SCALE`] and encodes it as PNG. The SVG goes in as a
/// `data:` image (the page's CSP allows `img-src data:`), which does not taint the canvas.
async fn svg_to_png(svg: &str) -> Result<(Blob, u32, u32), String> {
    let (w, h) = svg_size(svg).ok_or("the SVG has no size")?;
    let (cw, ch, _) = png_dimensions(w, h, PNG_SCALE);
    let img = web_sys::HtmlImageElement::new().map_err(js_err)?;
    img.set_src(&format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(svg))
    ));
    JsFuture::from(img.decode())
        .await
        .map_err(|e| format!("the browser could not draw the SVG: {}", js_err(e)))?;
    let canvas: HtmlCanvasElement = document()
        .create_element("canvas")
        .map_err(js_err)?
        .dyn_into()
        .map_err(|_| "no canvas")?;
    canvas.set_width(cw);
    canvas.set_height(ch);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(js_err)?
        .ok_or("no 2D canvas")?
        .dyn_into()
        .map_err(|_| "no 2D canvas")?;
    ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, cw as f64, ch as f64)
        .map_err(js_err)?;
    let mut to_blob_result = Ok(());
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        to_blob_result = canvas.to_blob(&resolve);
    });
    to_blob_result.map_err(js_err)?;
    let blob = JsFuture::from(promise).await.map_err(js_err)?;
    let blob: Blob = blob
        .dyn_into()
        .map_err(|_| "the canvas is too large to encode as PNG")?;
    Ok((blob, cw, ch))
}

/// Copies `text`; resolves to whether the clipboard took it.
async fn copy_to_clipboard(text: &str) -> bool {
    let clipboard = window().navigator().clipboard();
    if clipboard.is_undefined() || clipboard.is_null() {
        return false;
    }
    JsFuture::from(clipboard.write_text(text)).await.is_ok()
}

/// The outcome of the last action.
#[derive(Debug, Clone, PartialEq)]
struct Status {
    state: &'static str,
    text: String,
    png: Option<(f64, u32, u32)>,
}

impl Status {
    fn ok(text: impl Into<String>) -> Status {
        Status {
            state: "ok",
            text: text.into(),
            png: None,
        }
    }
    fn error(text: impl Into<String>) -> Status {
        Status {
            state: "error",
            text: text.into(),
            png: None,
        }
    }
}

/// Which box the menu shows below its items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Panel {
    Link,
    Embed,
}

/// The link parts of an embed: the channel on screen named explicitly (or `view=all`), the
/// simulation's parameters, no selected bundle.
fn embed_parts(state: AppState) -> LinkParts {
    let mut parts = embed::current_parts(state);
    parts.view = UrlState {
        package: parts.view.package,
        channel: state
            .shown_channel
            .get()
            .map_or(ChannelChoice::All, ChannelChoice::Named),
        bundle: None,
    };
    parts
}

/// The export menu.
#[component]
pub fn ExportMenu() -> impl IntoView {
    let state = AppState::get();
    let sim = SimContext::get();
    let open = RwSignal::new(false);
    let panel: RwSignal<Option<Panel>> = RwSignal::new(None);
    let status: RwSignal<Option<Status>> = RwSignal::new(None);
    let copied: RwSignal<Option<bool>> = RwSignal::new(None);
    let root = NodeRef::<html::Div>::new();
    let button = NodeRef::<html::Button>::new();
    let menu = NodeRef::<html::Div>::new();

    let installed = move || {
        sim.map(|s| s.inputs.with(|i| i.installed.trim().to_string()))
            .filter(|b| !b.is_empty())
    };
    let resolver = move || {
        sim.map_or(Resolver::V0, |s| {
            s.inputs.with(|i| path_resolver(&i.resolver))
        })
    };
    let has_view = move || state.view.with(Option::is_some);
    let catalog_url = move || {
        state
            .loaded
            .with(|l| l.as_ref().and_then(|l| l.origin.url.clone()))
    };

    let close = move |refocus: bool| {
        open.set(false);
        if refocus {
            if let Some(b) = button.get_untracked() {
                let _ = b.focus();
            }
        }
    };
    let items = move || -> Vec<web_sys::HtmlElement> {
        let Some(m) = menu.get_untracked() else {
            return Vec::new();
        };
        let Ok(list) = m.query_selector_all("[role=menuitem]") else {
            return Vec::new();
        };
        (0..list.length())
            .filter_map(|i| list.item(i).and_then(|n| n.dyn_into().ok()))
            .collect()
    };
    let toggle = move |_| {
        let now = !open.get_untracked();
        open.set(now);
        if now {
            panel.set(None);
            request_animation_frame(move || {
                if let Some(first) = items().first() {
                    let _ = first.focus();
                }
            });
        }
    };

    // Outside click and Escape close the menu.
    let outside = window_event_listener(ev::pointerdown, move |e| {
        if !open.get_untracked() {
            return;
        }
        let inside = root.get_untracked().is_some_and(|r| {
            e.target()
                .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
                .is_some_and(|n| r.contains(Some(&n)))
        });
        if !inside {
            close(false);
        }
    });
    on_cleanup(move || outside.remove());
    let on_key = move |e: web_sys::KeyboardEvent| {
        if !open.get_untracked() {
            return;
        }
        match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                e.stop_propagation();
                close(true);
            }
            k @ ("ArrowDown" | "ArrowUp" | "Home" | "End") => {
                let list = items();
                if list.is_empty() {
                    return;
                }
                let active = document().active_element();
                let at = list
                    .iter()
                    .position(|el| active.as_ref().is_some_and(|a| a == &**el));
                let n = list.len();
                let next = match (k, at) {
                    ("Home", _) => 0,
                    ("End", _) => n - 1,
                    ("ArrowDown", Some(i)) => (i + 1) % n,
                    ("ArrowUp", Some(i)) => (i + n - 1) % n,
                    ("ArrowDown", None) => 0,
                    _ => n - 1,
                };
                e.prevent_default();
                let _ = list[next].focus();
            }
            _ => {}
        }
    };

    let save = move |format: RenderFormat, animated: bool| {
        let Some(t) = target(state) else {
            status.set(Some(Status::error("Nothing to export: choose a package.")));
            return;
        };
        let path = if animated {
            match installed() {
                Some(b) => Some((b, resolver())),
                None => {
                    status.set(Some(Status::error(
                        "Choose the installed bundle in the simulation first.",
                    )));
                    return;
                }
            }
        } else {
            None
        };
        let name = t.file(animated.then_some("path"), format.extension());
        let result = t
            .render(format, path)
            .and_then(|r| download_text(&name, format.media_type(), &r.text).map(|_| r));
        status.set(Some(match result {
            Ok(r) if r.warnings.is_empty() => Status::ok(format!("Saved {name}")),
            Ok(r) => Status::ok(format!(
                "Saved {name} (warnings: {})",
                r.warnings.join("; ")
            )),
            Err(e) => Status::error(format!("Could not export {name}: {e}")),
        }));
        close(true);
    };
    let save_png = move || {
        let Some(t) = target(state) else {
            status.set(Some(Status::error("Nothing to export: choose a package.")));
            return;
        };
        let name = t.file(None, "png");
        close(true);
        let svg = match t.render(RenderFormat::Svg, None) {
            Ok(r) => r.text,
            Err(e) => {
                status.set(Some(Status::error(format!("Could not export {name}: {e}"))));
                return;
            }
        };
        status.set(Some(Status {
            state: "busy",
            text: format!("Drawing {name}…"),
            png: None,
        }));
        let started = now_ms();
        spawn_local(async move {
            let result = svg_to_png(&svg)
                .await
                .and_then(|(blob, w, h)| download_blob(&name, &blob).map(|_| (w, h)));
            let ms = now_ms() - started;
            status.set(Some(match result {
                Ok((w, h)) => Status {
                    state: "ok",
                    text: format!("Saved {name} ({w}×{h} px, {ms:.0} ms)"),
                    png: Some((ms, w, h)),
                },
                Err(e) => Status::error(format!("Could not export {name}: {e}")),
            }));
        });
    };

    let link_text = move || embed::link(&embed::page_href(), &embed::current_parts(state), false);
    let snippet = move || {
        catalog_url()?;
        let parts = embed_parts(state);
        let src = embed::link(&embed::page_href(), &parts, true);
        let title = format!(
            "Upgrade graph of {} / {}",
            parts.view.package.clone().unwrap_or_default(),
            state
                .shown_channel
                .get()
                .unwrap_or_else(|| "all channels".into())
        );
        Some(embed::iframe_snippet(&src, &title))
    };
    let copy = move |text: String| {
        copied.set(None);
        spawn_local(async move {
            copied.set(Some(copy_to_clipboard(&text).await));
        });
    };

    let animated_title = move || {
        if installed().is_some() {
            let r = sim
                .map(|s| s.inputs.with(|i| i.resolver.clone()))
                .unwrap_or_default();
            let note = if r == "both" {
                " (v0's path; the simulation shows both)"
            } else {
                ""
            };
            "The upgrade path from the simulation's installed bundle, hop by hop (olm-graph render --from B --animate)".to_string() + note
        } else {
            "Needs an installed bundle: choose one in the simulation panel (or add installed= to the URL)".to_string()
        }
    };
    let copied_note = move || {
        copied.get().map(|ok| {
            if ok {
                view! { <span class="export-copied" data-testid="copy-result" data-ok="true">"Copied."</span> }
            } else {
                view! { <span class="export-copied" data-testid="copy-result" data-ok="false">"The clipboard is not available: select the text and copy it."</span> }
            }
        })
    };

    view! {
        <div class="export-menu" node_ref=root on:keydown=on_key>
            <button class="button" type="button" node_ref=button data-testid="export-menu-button"
                aria-haspopup="menu" aria-controls="export-menu"
                aria-expanded=move || open.get().to_string()
                title="Save the graph as a file, copy a link, or embed it"
                on:click=toggle>
                "Export ▾"
            </button>
            <div class="export-popover" id="export-menu" node_ref=menu hidden=move || !open.get()
                data-testid="export-menu">
                <div role="menu" aria-label="Export" class="export-items">
                    <button type="button" role="menuitem" class="export-item" data-testid="export-svg"
                        aria-disabled=move || (!has_view()).to_string()
                        title="The graph as a standalone SVG (olm-graph render --format svg)"
                        on:click=move |_| save(RenderFormat::Svg, false)>"SVG"</button>
                    <button type="button" role="menuitem" class="export-item" data-testid="export-svg-animated"
                        aria-disabled=move || (installed().is_none() || !has_view()).to_string()
                        title=animated_title
                        on:click=move |_| save(RenderFormat::Svg, true)>
                        "Animated SVG (upgrade path)"
                        {move || installed().is_none().then(|| view! { <span class="export-why">"choose an installed bundle first"</span> })}
                    </button>
                    <button type="button" role="menuitem" class="export-item" data-testid="export-png"
                        aria-disabled=move || (!has_view()).to_string()
                        title="The SVG drawn as a PNG image at twice its size"
                        on:click=move |_| save_png()>"PNG (2×)"</button>
                    <button type="button" role="menuitem" class="export-item" data-testid="export-mermaid"
                        aria-disabled=move || (!has_view()).to_string()
                        title="Mermaid flowchart as opm alpha render-graph writes it (.mmd)"
                        on:click=move |_| save(RenderFormat::Mermaid, false)>"Mermaid (.mmd)"</button>
                    <button type="button" role="menuitem" class="export-item" data-testid="export-dot"
                        aria-disabled=move || (!has_view()).to_string()
                        title="Graphviz DOT (.dot)"
                        on:click=move |_| save(RenderFormat::Dot, false)>"DOT (.dot)"</button>
                    <div role="separator" class="export-sep"></div>
                    <button type="button" role="menuitem" class="export-item" data-testid="copy-link"
                        title="Copy a link to this view (it names the catalog's URL when it came from one)"
                        on:click=move |_| {
                            panel.set(Some(Panel::Link));
                            copy(link_text());
                        }>"Copy link"</button>
                    <button type="button" role="menuitem" class="export-item" data-testid="embed-snippet"
                        title="An <iframe> that shows only this graph on another page"
                        on:click=move |_| {
                            copied.set(None);
                            panel.set(Some(Panel::Embed));
                        }>"Embed snippet…"</button>
                </div>
                {move || match panel.get() {
                    None => None,
                    Some(Panel::Link) => Some(view! {
                        <div class="export-panel" data-testid="copy-link-panel">
                            <label>"Link to this view"
                                <input class="mono" readonly data-testid="copy-link-text" prop:value=link_text
                                    on:focus=|e| select_target(&e)/>
                            </label>
                            {(catalog_url().is_none()).then(|| view! {
                                <p class="export-note">"The catalog on screen was not loaded from a URL, so the link opens the view once someone loads a catalog that has it."</p>
                            })}
                            {copied_note}
                        </div>
                    }.into_any()),
                    Some(Panel::Embed) => Some(match snippet() {
                        Some(code) => {
                            let for_copy = code.clone();
                            view! {
                                <div class="export-panel" data-testid="embed-panel">
                                    <label>"Paste this where the graph should appear"
                                        <textarea class="mono" readonly rows="4" data-testid="embed-snippet-text"
                                            prop:value=code on:focus=|e| select_target(&e)></textarea>
                                    </label>
                                    <button class="button" type="button" data-testid="embed-snippet-copy"
                                        on:click=move |_| copy(for_copy.clone())>"Copy"</button>
                                    {copied_note}
                                    <p class="export-note">"The catalog URL must allow cross-origin requests (CORS) from this app's address."</p>
                                </div>
                            }.into_any()
                        }
                        None => view! {
                            <div class="export-panel" data-testid="embed-panel">
                                <p class="export-note" data-testid="embed-needs-url">
                                    "Embedding needs a catalog URL: files and pasted text cannot be linked. Load the catalog from an http(s) URL (it must allow cross-origin requests), then copy the snippet."
                                </p>
                            </div>
                        }.into_any(),
                    }),
                }}
            </div>
            <div class="export-status-region" role="status" aria-live="polite">
                {move || status.get().map(|s| {
                    let (ms, w, h) = match s.png {
                        Some((ms, w, h)) => (Some(format!("{ms:.0}")), Some(w.to_string()), Some(h.to_string())),
                        None => (None, None, None),
                    };
                    view! {
                        <div class="export-status" data-testid="export-status" data-state=s.state
                            data-ms=ms data-width=w data-height=h>
                            <span>{s.text}</span>
                            <button class="export-dismiss" type="button" aria-label="Dismiss" on:click=move |_| status.set(None)>"×"</button>
                        </div>
                    }
                })}
            </div>
        </div>
    }
}

fn select_target(e: &web_sys::FocusEvent) {
    let Some(t) = e.target() else { return };
    if let Some(i) = t.dyn_ref::<web_sys::HtmlInputElement>() {
        i.select();
    } else if let Some(a) = t.dyn_ref::<web_sys::HtmlTextAreaElement>() {
        a.select();
    }
}
