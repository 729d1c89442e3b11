//! The Web Worker for the app's rare tools (built by Trunk with `data-type="worker"`; started
//! as `tools-boot.js` on the first request for one, by the page or by the parsing worker):
//! catalog templates, and catalogs read with templates expanded.

fn main() {
    console_error_panic_hook::set_once();
    olm_graph_web::worker::run(olm_graph_web::worker::tools::serve);
}
