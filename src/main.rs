//! olm-graph's web app: mounts the root component; everything else lives in the library.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(olm_graph_web::App);
}
