//! The one URL module: every query parameter the app reads or writes, parsed and written here.
//!
//! | parameter | meaning |
//! |---|---|
//! | `embed=1` | the embed view: only the graph |
//! | `url=` | the catalog to fetch at start (and that a link reloads) |
//! | `package=`, `channel=` or `view=all`, `bundle=` | the view |
//! | `installed=`, `resolver=`, `fail=`, `failure=`, `strategy=` | the simulation |
//! | `inspector=details\|simulate\|plan\|findings\|cluster\|mirror` | the inspector's open task |
//! | `focus=1` | the graph has the window (both side columns hidden) |
//! | `lifecycle=1`, `asof=YYYY-MM-DD`, `platform=MAJOR.MINOR` | the support lifecycle overlay, its day (default today) and OpenShift version |
//! | `mirror=1` | the mirror cut drawn on the graph (an ImageSetConfiguration opened beside the catalog) |
//!
//! [`UrlParams`] parses a query and writes one (pure, tested natively); [`link`] puts a query
//! on the app's address; [`sync_address_bar`] keeps the address bar in step with the stores
//! (user navigation pushes a history entry, automatic changes replace the current one; while a
//! linked view waits for its catalog the address is left alone) and follows back and forward.

use gloo_events::EventListener;
use leptos::prelude::*;
use olm_graph_core::export::svg::xml_attr;
use olm_graph_core::resolve::UpgradeStrategy;
use wasm_bindgen::JsValue;

use crate::state::selection::{ChannelChoice, LinkedView};
use crate::state::simulation::{failure_choice, failure_param, ResolverChoice, SimInputs};
use crate::state::support::OverlayInputs;
use crate::state::workspace::InspectorTab;
use crate::state::Stores;

/// Everything a query names.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct UrlParams {
    /// `embed=1` (or `true`, `yes`): only the graph.
    pub embed: bool,
    /// `url=`: the catalog's http(s) URL.
    pub catalog_url: Option<String>,
    pub view: LinkedView,
    pub simulation: SimInputs,
    /// `inspector=`: the inspector's open task (`None`: as the app chooses).
    pub inspector: Option<InspectorTab>,
    /// `focus=1`: the graph has the window.
    pub focus: bool,
    /// `lifecycle=1`, `asof=`, `platform=`: the support lifecycle overlay.
    pub support: OverlayInputs,
    /// `mirror=1`: the mirror cut is drawn on the graph.
    pub mirror: bool,
}

impl UrlParams {
    /// Reads a query string (with or without the `?`); unknown values are ignored.
    pub fn parse(search: &str) -> UrlParams {
        let pairs: Vec<(String, String)> =
            form_urlencoded::parse(search.trim_start_matches('?').as_bytes())
                .into_owned()
                .collect();
        // The first value of a parameter counts, as URLSearchParams.get reads it.
        let get = |k: &str| {
            pairs
                .iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.clone())
                .filter(|v| !v.is_empty())
        };
        let channel = if get("view").as_deref() == Some("all") {
            ChannelChoice::All
        } else {
            get("channel").map_or(ChannelChoice::Default, ChannelChoice::Named)
        };
        let yes = |v: String| matches!(v.as_str(), "1" | "true" | "yes");
        UrlParams {
            embed: get("embed").is_some_and(yes),
            inspector: get("inspector").and_then(|t| t.parse().ok()),
            focus: get("focus").is_some_and(yes),
            mirror: get("mirror").is_some_and(yes),
            support: OverlayInputs::from_params(
                get("lifecycle").as_deref(),
                get("asof").as_deref(),
                get("platform").as_deref(),
            ),
            catalog_url: get("url")
                .map(|u| u.trim().to_string())
                .filter(|u| !u.is_empty()),
            view: LinkedView {
                package: get("package"),
                channel,
                bundle: get("bundle"),
            },
            simulation: SimInputs {
                installed: get("installed").unwrap_or_default(),
                resolver: get("resolver")
                    .and_then(|r| r.parse().ok())
                    .unwrap_or_default(),
                failure: get("failure").and_then(|f| failure_choice(&f)).flatten(),
                failing: get("fail").unwrap_or_default(),
                strategy: get("strategy")
                    .and_then(|s| s.parse().ok())
                    .unwrap_or_default(),
            },
        }
    }

    /// The query for these parameters (`?` and the pairs, or empty), in a fixed order:
    /// `embed`, `url`, `package`, `channel` / `view`, `bundle`, then the simulation's inputs
    /// that are not at their defaults, then `inspector` (unless Details) and `focus`. The view
    /// is written only with a package.
    pub fn query(&self) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        if self.embed {
            q.append_pair("embed", "1");
        }
        if let Some(u) = &self.catalog_url {
            q.append_pair("url", u);
        }
        if let Some(p) = &self.view.package {
            q.append_pair("package", p);
            match &self.view.channel {
                ChannelChoice::Default => {}
                ChannelChoice::Named(c) => {
                    q.append_pair("channel", c);
                }
                ChannelChoice::All => {
                    q.append_pair("view", "all");
                }
            }
            if let Some(b) = &self.view.bundle {
                q.append_pair("bundle", b);
            }
        }
        for (k, v) in simulation_pairs(&self.simulation) {
            q.append_pair(k, &v);
        }
        if let Some(t) = self.inspector.filter(|t| *t != InspectorTab::Details) {
            q.append_pair("inspector", t.as_str());
        }
        if self.focus {
            q.append_pair("focus", "1");
        }
        for (k, v) in self.support.params() {
            q.append_pair(k, &v);
        }
        if self.mirror {
            q.append_pair("mirror", "1");
        }
        let q = q.finish();
        if q.is_empty() {
            q
        } else {
            format!("?{q}")
        }
    }
}

/// The simulation's parameters that are not at their defaults.
fn simulation_pairs(s: &SimInputs) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let installed = s.installed.trim();
    if !installed.is_empty() {
        out.push(("installed", installed.to_string()));
    }
    if s.resolver != ResolverChoice::V0 {
        out.push(("resolver", s.resolver.to_string()));
    }
    let failing = s.failing.trim();
    if !failing.is_empty() {
        out.push(("fail", failing.to_string()));
    }
    if s.failure.is_some() {
        out.push(("failure", failure_param(s.failure).to_string()));
    }
    if s.strategy != UpgradeStrategy::Default {
        out.push(("strategy", s.strategy.olm_name().to_string()));
    }
    out
}

/// `page` (any address of the app; its query and fragment are dropped) with `params` as its
/// query.
pub fn link(page: &str, params: &UrlParams) -> String {
    let base = page.split(['?', '#']).next().unwrap_or(page);
    format!("{base}{}", params.query())
}

/// The `<iframe>` element that embeds `src` (an embed link), titled `title`, its attributes
/// escaped. No `style` attribute, so a host page with a strict CSP takes it as it is.
pub fn iframe_snippet(src: &str, title: &str) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"520\" loading=\"lazy\" referrerpolicy=\"no-referrer\"></iframe>",
        xml_attr(src),
        xml_attr(title)
    )
}

/// The parameters of what is on screen (reactive): the view, the simulation's inputs, the
/// catalog's URL and (outside the embed view) the inspector's task and focus mode; `embed` as
/// given.
pub fn current_params(stores: &Stores, embed: bool) -> UrlParams {
    let workspace = (!embed).then_some(stores.workspace);
    UrlParams {
        embed,
        catalog_url: stores.load.catalog_url(),
        view: stores.selection.linked_view(),
        simulation: stores.simulation.inputs.get(),
        inspector: workspace.map(|w| w.tab.get()),
        focus: workspace.is_some_and(|w| w.focus.get()),
        support: stores.graph.overlay.get(),
        mirror: stores.mirror.on.get(),
    }
}

/// The page's own address.
pub fn page_href() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// The page's query string.
pub fn current_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The parameters the page was opened with.
pub fn start_params() -> UrlParams {
    UrlParams::parse(&current_search())
}

/// Keeps the address bar in step with the stores (`embed` stays as the page was opened) and
/// follows back and forward.
pub fn sync_address_bar(stores: Stores, embed: bool) {
    Effect::new(move |_| {
        let wanted = current_params(&stores, embed);
        let waiting = stores.selection.pending.with(Option::is_some);
        let push = stores.selection.take_user_navigation();
        if waiting || wanted.view.package.is_none() {
            return;
        }
        write_address(&wanted.query(), push);
    });
    if let Some(window) = web_sys::window() {
        EventListener::new(&window, "popstate", move |_| {
            stores.selection.apply_link(start_params().view);
        })
        .forget();
    }
}

fn write_address(search: &str, push: bool) {
    if search == current_search() {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(history) = window.history() else {
        return;
    };
    let path = window.location().pathname().unwrap_or_else(|_| "/".into());
    let url = format!("{path}{search}");
    let _ = if push {
        history.push_state_with_url(&JsValue::NULL, "", Some(&url))
    } else {
        history.replace_state_with_url(&JsValue::NULL, "", Some(&url))
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use olm_graph_core::resolve::FailureKind;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn pairs(url: &str) -> Vec<(String, String)> {
        let query = url.split_once('?').map_or("", |(_, q)| q);
        form_urlencoded::parse(query.as_bytes())
            .into_owned()
            .collect()
    }

    fn get(url: &str, key: &str) -> Option<String> {
        pairs(url)
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    #[test]
    fn the_view_round_trips() {
        let view = LinkedView {
            package: Some("acme operator&x".into()),
            channel: ChannelChoice::Named("stable-3.1".into()),
            bundle: Some("a.v1.0.0+build".into()),
        };
        let params = UrlParams {
            view: view.clone(),
            ..UrlParams::default()
        };
        assert_eq!(UrlParams::parse(&params.query()).view, view);
        let all = UrlParams {
            view: LinkedView {
                package: Some("p".into()),
                channel: ChannelChoice::All,
                bundle: None,
            },
            ..UrlParams::default()
        };
        assert_eq!(all.query(), "?package=p&view=all");
        assert_eq!(UrlParams::parse(&all.query()), all);
        assert_eq!(UrlParams::parse(""), UrlParams::default());
        assert_eq!(UrlParams::default().query(), "");
    }

    #[test]
    fn start_options() {
        let s = UrlParams::parse("?embed=1&url=http%3A%2F%2Fc.example%2Fa.yaml&package=p");
        assert!(s.embed);
        assert_eq!(s.catalog_url.as_deref(), Some("http://c.example/a.yaml"));
        assert_eq!(s.view.package.as_deref(), Some("p"));
        assert!(!UrlParams::parse("?embed=0&url=").embed);
        assert_eq!(UrlParams::parse("?url=%20").catalog_url, None);
    }

    #[test]
    fn simulation_parameters_round_trip() {
        let s = UrlParams::parse("?installed=f1&resolver=both&fail=f2&failure=installplan&strategy=TechPreviewUnsafeFailForward");
        assert_eq!(s.simulation.installed, "f1");
        assert_eq!(s.simulation.resolver, ResolverChoice::Both);
        assert_eq!(s.simulation.failure, Some(FailureKind::InstallPlan));
        assert_eq!(
            s.simulation.strategy,
            UpgradeStrategy::TechPreviewUnsafeFailForward
        );
        let params: Vec<String> = simulation_pairs(&s.simulation)
            .into_iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        assert_eq!(
            params,
            [
                "installed=f1",
                "resolver=both",
                "fail=f2",
                "failure=installplan",
                "strategy=TechPreviewUnsafeFailForward"
            ]
        );
        // Unknown values fall back to the defaults.
        let odd = UrlParams::parse("?resolver=v9&failure=boom&strategy=fast");
        assert_eq!(odd.simulation, SimInputs::default());
    }

    #[test]
    fn the_mirror_toggle_round_trips() {
        let s = UrlParams::parse("?package=p&mirror=1");
        assert!(s.mirror);
        assert_eq!(s.query(), "?package=p&mirror=1");
        assert!(!UrlParams::parse("?package=p&mirror=0").mirror);
    }

    #[test]
    fn inspector_and_focus_round_trip() {
        let s = UrlParams::parse("?package=p&inspector=plan&focus=1");
        assert_eq!(s.inspector, Some(InspectorTab::Plan));
        assert!(s.focus);
        assert_eq!(s.query(), "?package=p&inspector=plan&focus=1");
        assert_eq!(UrlParams::parse(&s.query()), s);
        // Details is the default and is not written; unknown values are ignored.
        let d = UrlParams::parse("?package=p&inspector=details&focus=0");
        assert_eq!(d.inspector, Some(InspectorTab::Details));
        assert!(!d.focus);
        assert_eq!(d.query(), "?package=p");
        assert_eq!(UrlParams::parse("?inspector=graph").inspector, None);
    }

    #[test]
    fn the_lifecycle_overlay_round_trips() {
        let s = UrlParams::parse("?package=p&lifecycle=1&asof=2026-11-26&platform=4.20");
        assert!(s.support.on);
        assert_eq!(s.support.platform.as_deref(), Some("4.20"));
        assert_eq!(
            s.query(),
            "?package=p&lifecycle=1&asof=2026-11-26&platform=4.20"
        );
        assert_eq!(UrlParams::parse(&s.query()), s);
        assert_eq!(
            UrlParams::parse("?package=p&asof=soon").query(),
            "?package=p"
        );
    }

    #[test]
    fn links_and_the_iframe_snippet() {
        let parts = UrlParams {
            embed: true,
            catalog_url: Some("http://c.example/x.yaml?a=1&b=2".into()),
            view: LinkedView {
                package: Some("gpu operator".into()),
                channel: ChannelChoice::Named("stable".into()),
                bundle: None,
            },
            simulation: SimInputs {
                installed: "gpu.v1&2".into(),
                ..SimInputs::default()
            },
            ..UrlParams::default()
        };
        let page = "http://127.0.0.1:8080/index.html?package=old&embed=1#frag";
        let embed = link(page, &parts);
        assert!(embed.starts_with("http://127.0.0.1:8080/index.html?embed=1&url="));
        assert!(!embed.contains('#'));
        assert_eq!(get(&embed, "embed").as_deref(), Some("1"));
        assert_eq!(
            get(&embed, "url").as_deref(),
            Some("http://c.example/x.yaml?a=1&b=2")
        );
        assert_eq!(get(&embed, "package").as_deref(), Some("gpu operator"));
        assert_eq!(get(&embed, "channel").as_deref(), Some("stable"));
        assert_eq!(get(&embed, "installed").as_deref(), Some("gpu.v1&2"));
        let app = link(
            page,
            &UrlParams {
                embed: false,
                ..parts.clone()
            },
        );
        assert_eq!(get(&app, "embed"), None);
        assert_eq!(get(&app, "package").as_deref(), Some("gpu operator"));
        let all = UrlParams {
            view: LinkedView {
                package: Some("p".into()),
                channel: ChannelChoice::All,
                bundle: Some("b".into()),
            },
            ..UrlParams::default()
        };
        let all = link(page, &all);
        assert_eq!(get(&all, "view").as_deref(), Some("all"));
        assert_eq!(get(&all, "bundle").as_deref(), Some("b"));
        assert_eq!(get(&all, "url"), None);

        // The snippet escapes its attributes, so no catalog text can close them.
        let html = iframe_snippet(&embed, "Upgrade graph of \"x\" <y>");
        assert!(html.starts_with("<iframe src=\"http://127.0.0.1:8080/index.html?embed=1&amp;url="));
        assert!(html.contains("title=\"Upgrade graph of &quot;x&quot; &lt;y&gt;\""));
        assert!(html.ends_with("></iframe>"));
        assert_eq!(html.matches('"').count() % 2, 0);
    }
}
