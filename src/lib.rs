//! olm-graph's web app (Leptos, client-side rendering, built by Trunk): a thin view over
//! `olm-graph-core`. Nothing here computes OLM semantics; it asks core. Layers, from the top,
//! each importing only its own layer and the ones below it (ARCHITECTURE.md numbers them):
//!
//! - [`app`]: the full and embed shells, composition only;
//! - [`panels`]: one module per panel (loading, packages, channels, details, findings,
//!   problems, simulation, catalog tools, export);
//! - [`graph`]: the drawing (node, edge and band components, pan and zoom, keyboard moves,
//!   every text and shape it computes), over [`widgets`];
//! - [`services`]: the parsing worker's client and the loader, catalog sources, the one URL
//!   module, clipboard, downloads, playback, over [`worker`];
//! - [`widgets`]: small reusable pieces;
//! - [`worker`]: the parsing Web Worker's side (its protocol and what it does with files);
//! - [`state`]: small stores provided through the context, over core alone.

/// The global allocator of the wasm builds: Talc, which makes them smaller than Rust's default
/// dlmalloc (0.5-3 KB gzipped each; their first-draw timings moved within the noise:
/// docs/performance.md, "First draw").
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub mod app;
pub mod graph;
pub mod panels;
pub mod services;
pub mod state;
pub mod widgets;
pub mod worker;

pub use app::App;
