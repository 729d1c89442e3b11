//! The Web Worker that parses catalogs off the main thread (built by Trunk with
//! `data-type="worker"`; started by the page as `worker-boot.js`). It serves catalogs read as
//! File-Based Catalog and passes the rest on to the tools worker (`src/bin/tools.rs`), so its
//! wasm does not link the template renderer.

fn main() {
    console_error_panic_hook::set_once();
    olm_graph_web::worker::run(olm_graph_web::worker::parsing::serve);
}
