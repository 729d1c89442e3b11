//! The panels around the graph, one module (or folder) each: loading ([`load_bar`],
//! [`drop_zone`]), the package list ([`packages`]), the channel tabs ([`channels`]), the
//! bundle or package [`details`], the [`findings`], the [`problems`] of the last load (folded to a line with [`fold`]), the
//! [`simulation`], the route [`plan`], the [`cluster`] state, the [`mirror`] preview (with [`mirror_from_state`]), the
//! [`lifecycle`] tools (opened from the graph toolbar's [`tools_menu`]), the [`export`] menu,
//! [`notices`], and the template
//! studio ([`templates`]).
//! Panels read the stores, call services, and show the graph's pieces; the shells in
//! `app.rs` place them.

pub mod bundle_search;
pub mod catalog_tools;
pub mod channels;
pub mod cluster;
pub mod details;
pub mod drop_zone;
pub mod export;
pub mod findings;
pub mod fold;
pub mod inspector;
pub mod load_bar;
pub mod mirror;
pub mod mirror_from_state;
pub mod notices;
pub mod packages;
pub mod plan;
pub mod problems;
pub mod simulation;
pub mod split_notice;
pub mod templates;
pub mod tools_menu;
