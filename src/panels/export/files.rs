//! What the export items write: the view on screen rendered by core's `export::render` (the
//! function `olm-graph render` calls, so the app and the CLI write the same bytes), under a
//! file name that names the view.

use leptos::prelude::*;
use olm_graph_core::export::{render, RenderFormat, RenderRequest, Rendered};
use olm_graph_core::layout::FanMode;
use olm_graph_core::resolve::Resolver;
use olm_graph_core::support::AsOf;

use crate::services::download::file_name_part;
use crate::state::load::Loaded;
use crate::state::shared::Shared;
use crate::state::Stores;

/// A file name for an export: `<package>-<channel>[-<tag>].<ext>` (`all-channels` for the
/// package view), with anything but letters, digits, `.`, `_`, `-` replaced by `_`.
pub fn file_name(package: &str, channel: Option<&str>, tag: Option<&str>, ext: &str) -> String {
    let mut out = format!(
        "{}-{}",
        file_name_part(package),
        file_name_part(channel.unwrap_or("all-channels"))
    );
    if let Some(t) = tag {
        out.push('-');
        out.push_str(&file_name_part(t));
    }
    out.push('.');
    out.push_str(ext);
    out
}

/// What the export items draw: the view on screen.
pub struct ExportTarget {
    catalog: Shared<Loaded>,
    pub package: String,
    pub channel: Option<String>,
    fans: FanMode,
    /// The lifecycle overlay's day and platform, when it is on (the SVG follows it).
    support: Option<AsOf>,
}

impl ExportTarget {
    /// The view on screen, if there is one.
    pub fn on_screen(stores: &Stores) -> Option<ExportTarget> {
        let data = stores.graph.package_data.get_untracked()?;
        Some(ExportTarget {
            catalog: data.loaded.clone(),
            package: data.package().name.clone(),
            channel: stores.graph.shown_channel.get_untracked(),
            fans: stores.graph.fans.get_untracked(),
            support: stores
                .graph
                .support
                .get_untracked()
                .map(|o| o.as_of.clone()),
        })
    }

    /// Renders it; with `path`, the upgrade path from that bundle under that resolver,
    /// animated.
    pub fn render(
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
            support: self.support.clone(),
            ..RenderRequest::new(self.package.clone(), format)
        };
        render(&self.catalog.catalog, &request).map_err(|e| e.to_string())
    }

    /// The file name of an export with `tag` and extension `ext`.
    pub fn file(&self, tag: Option<&str>, ext: &str) -> String {
        file_name(&self.package, self.channel.as_deref(), tag, ext)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn export_file_names_are_safe_and_name_the_view() {
        assert_eq!(
            file_name("gpu-operator-certified", Some("stable"), None, "svg"),
            "gpu-operator-certified-stable.svg"
        );
        assert_eq!(
            file_name("etcd", Some("alpha"), Some("path"), "svg"),
            "etcd-alpha-path.svg"
        );
        assert_eq!(
            file_name("etcd", None, None, "mmd"),
            "etcd-all-channels.mmd"
        );
        // Separators, dots in front and odd characters never reach the file system.
        assert_eq!(
            file_name("../evil", Some("a/b c\"<x>"), None, "png"),
            "_evil-a_b_c__x_.png"
        );
        assert_eq!(file_name("", Some(".."), None, "dot"), "_-_.dot");
        assert!(file_name(&"x".repeat(500), Some("c"), None, "svg").len() < 100);
    }
}
