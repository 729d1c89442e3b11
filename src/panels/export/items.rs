//! The menu's file items (SVG, animated SVG, PNG, Mermaid, DOT, the `<olm-graph>` element)
//! and what saving reports.

use leptos::prelude::*;
use leptos::task::spawn_local;
use olm_graph_core::export::{embed_snippet_for_url, RenderFormat, RenderRequest};

use crate::panels::export::files::ExportTarget;
use crate::panels::export::menu::{Menu, Status, StatusKind};
use crate::panels::export::png::svg_to_png;
use crate::services::download::{download_blob, download_text};
use crate::services::url::{link, page_href};
use crate::state::Stores;

/// The installed bundle of the simulation, if one is chosen.
pub fn installed(stores: &Stores) -> Option<String> {
    Some(
        stores
            .simulation
            .inputs
            .with(|i| i.installed.trim().to_string()),
    )
    .filter(|b| !b.is_empty())
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Saves the view as `format` (with the simulation's path, animated); reports in the menu.
pub fn save(stores: Stores, menu: Menu, format: RenderFormat, animated: bool) {
    let Some(target) = ExportTarget::on_screen(&stores) else {
        return menu.report(Status::new(
            StatusKind::Error,
            "Nothing to export: choose a package.",
        ));
    };
    let path = match (animated, installed(&stores)) {
        (false, _) => None,
        (true, Some(b)) => Some((
            b,
            stores
                .simulation
                .inputs
                .with(|i| i.resolver.path_resolver()),
        )),
        (true, None) => {
            return menu.report(Status::new(
                StatusKind::Error,
                "Choose the installed bundle in the simulation first.",
            ))
        }
    };
    let name = target.file(animated.then_some("path"), format.extension());
    let result = target
        .render(format, path)
        .and_then(|r| download_text(&name, format.media_type(), &r.text).map(|_| r));
    menu.report(match result {
        Ok(r) if r.warnings.is_empty() => Status::new(StatusKind::Ok, format!("Saved {name}")),
        Ok(r) => Status::new(
            StatusKind::Ok,
            format!("Saved {name} (warnings: {})", r.warnings.join("; ")),
        ),
        Err(e) => Status::new(StatusKind::Error, format!("Could not export {name}: {e}")),
    });
    menu.close(true);
}

/// Saves the view as a PNG (drawn and encoded asynchronously).
pub fn save_png(stores: Stores, menu: Menu) {
    let Some(target) = ExportTarget::on_screen(&stores) else {
        return menu.report(Status::new(
            StatusKind::Error,
            "Nothing to export: choose a package.",
        ));
    };
    let name = target.file(None, "png");
    menu.close(true);
    let svg = match target.render(RenderFormat::Svg, None) {
        Ok(r) => r.text,
        Err(e) => {
            return menu.report(Status::new(
                StatusKind::Error,
                format!("Could not export {name}: {e}"),
            ))
        }
    };
    menu.report(Status::new(StatusKind::Busy, format!("Drawing {name}…")));
    let started = now_ms();
    spawn_local(async move {
        let result = svg_to_png(&svg)
            .await
            .and_then(|(blob, w, h)| download_blob(&name, &blob).map(|_| (w, h)));
        let ms = now_ms() - started;
        menu.report(match result {
            Ok((w, h)) => Status {
                kind: StatusKind::Ok,
                text: format!("Saved {name} ({w}×{h} px, {ms:.0} ms)"),
                png: Some((ms, w, h)),
            },
            Err(e) => Status::new(StatusKind::Error, format!("Could not export {name}: {e}")),
        });
    });
}

/// Saves the `<olm-graph>` element of the view for a docs page (as `olm-graph render -f embed`
/// writes it, with the catalog's URL as `src` and this app as `app`), beside the `<iframe>`
/// snippet; like that snippet it needs a catalog loaded from a URL.
pub fn save_element(stores: Stores, menu: Menu) {
    let (Some(target), Some(data)) = (
        ExportTarget::on_screen(&stores),
        stores.graph.package_data.get_untracked(),
    ) else {
        return menu.report(Status::new(
            StatusKind::Error,
            "Nothing to export: choose a package.",
        ));
    };
    let Some(src) = stores.load.catalog_url() else {
        return menu.report(Status::new(
            StatusKind::Error,
            "The <olm-graph> element needs the catalog's URL: load it from an http(s) URL, or write the snippet with olm-graph render -f embed.",
        ));
    };
    let request = RenderRequest {
        channel: target.channel.clone(),
        from: installed(&stores),
        resolver: stores
            .simulation
            .inputs
            .with(|i| i.resolver.path_resolver()),
        ..RenderRequest::new(target.package.clone(), RenderFormat::Svg)
    };
    let app = link(&page_href(), &Default::default());
    let name = target.file(Some("element"), "html");
    let result = embed_snippet_for_url(&data.loaded.catalog, &request, &src, Some(&app))
        .map_err(|e| e.to_string())
        .and_then(|text| download_text(&name, "text/html;charset=utf-8", &text));
    menu.report(match result {
        Ok(_) => Status::new(StatusKind::Ok, format!("Saved {name}")),
        Err(e) => Status::new(StatusKind::Error, format!("Could not export {name}: {e}")),
    });
    menu.close(true);
}

/// The animated item's tooltip: what it draws, or why it is disabled.
fn animated_title(stores: Stores) -> String {
    if installed(&stores).is_none() {
        return "Needs an installed bundle: choose one in the simulation panel (or add installed= to the URL)".to_string();
    }
    let both = stores
        .simulation
        .inputs
        .with(|i| i.resolver == crate::state::simulation::ResolverChoice::Both);
    let note = if both {
        " (v0's path; the simulation shows both)"
    } else {
        ""
    };
    format!("The upgrade path from the simulation's installed bundle, hop by hop (olm-graph render --from B --animate){note}")
}

/// The file items.
#[component]
pub fn FileItems(menu: Menu) -> impl IntoView {
    let stores = Stores::get();
    let no_view = move || stores.graph.view.with(Option::is_none).to_string();
    let item = move |testid: &'static str,
                     title: &'static str,
                     label: &'static str,
                     format: RenderFormat| {
        view! {
            <button type="button" role="menuitem" class="export-item" data-testid=testid
                aria-disabled=no_view title=title on:click=move |_| save(stores, menu, format, false)>{label}</button>
        }
    };
    view! {
        {item("export-svg", "The graph as a standalone SVG (olm-graph render --format svg)", "SVG", RenderFormat::Svg)}
        <button type="button" role="menuitem" class="export-item" data-testid="export-svg-animated"
            aria-disabled=move || (installed(&stores).is_none() || stores.graph.view.with(Option::is_none)).to_string()
            title=move || animated_title(stores)
            on:click=move |_| save(stores, menu, RenderFormat::Svg, true)>
            "Animated SVG (upgrade path)"
            {move || installed(&stores).is_none().then(|| view! { <span class="export-why">"choose an installed bundle first"</span> })}
        </button>
        <button type="button" role="menuitem" class="export-item" data-testid="export-png"
            aria-disabled=no_view title="The SVG drawn as a PNG image at twice its size"
            on:click=move |_| save_png(stores, menu)>"PNG (2×)"</button>
        {item("export-mermaid", "Mermaid flowchart as opm alpha render-graph writes it (.mmd)", "Mermaid (.mmd)", RenderFormat::Mermaid)}
        {item("export-dot", "Graphviz DOT (.dot)", "DOT (.dot)", RenderFormat::Dot)}
        <button type="button" role="menuitem" class="export-item" data-testid="export-element"
            aria-disabled=move || (stores.load.catalog_url().is_none() || stores.graph.view.with(Option::is_none)).to_string()
            title="The <olm-graph> element for a docs page, with the catalog's URL and the SVG inside (olm-graph render -f embed); needs a catalog loaded from a URL"
            on:click=move |_| save_element(stores, menu)>"<olm-graph> element (.html)"</button>
    }
}
