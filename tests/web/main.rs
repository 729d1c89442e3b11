//! Browser tests of the web app's components (wasm-bindgen-test in headless Chromium), one
//! module per panel: `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p olm-graph-web
//! --target wasm32-unknown-unknown --test web`. The pure helpers' unit tests (in `src/`) run as
//! wasm too, in Node (`--lib`).
//!
//! Each test mounts components over the stores fed a catalog parsed by core (no worker), then
//! checks the DOM: the graph's hooks and markings, the panels, and that catalog text is
//! rendered as text.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

#[path = "../common/mod.rs"]
mod common;

mod catalog_tools;
mod channels;
mod cluster;
mod details;
mod export;
mod findings;
mod graph;
mod inspector;
mod mirror;
mod overlay;
mod packages;
mod problems;
mod simulation;
mod templates;
