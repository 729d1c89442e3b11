//! olm-graph's web app (Leptos, client-side rendering, built by Trunk): a thin view over
//! `olm-graph-core`. Catalogs are parsed in a Web Worker ([`worker`], [`worker_client`]); graphs,
//! layout, details and findings all come from core; components only render them.

pub mod app;
pub mod channel_tabs;
pub mod details;
pub mod diff_panel;
pub mod download;
pub mod drop_zone;
pub mod embed;
pub mod error_panel;
pub mod export_menu;
pub mod fuzzy;
pub mod graph_view;
pub mod icons;
pub mod legend;
pub mod lifecycle_panel;
pub mod lint_panel;
pub mod loader;
pub mod package_list;
pub mod progress;
pub mod protocol;
pub mod simulation;
pub mod sources;
pub mod state;
pub mod template_editor;
pub mod truncate_panel;
pub mod url_state;
pub mod worker;
pub mod worker_client;

pub use app::App;
