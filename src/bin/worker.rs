//! The Web Worker that parses catalogs off the main thread (built by Trunk with
//! `data-type="worker"`; started by the page as `worker-boot.js`).

fn main() {
    console_error_panic_hook::set_once();
    olm_graph_web::worker::run();
}
