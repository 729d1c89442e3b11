//! What the parsing worker serves (`src/bin/worker.rs`): catalogs and series read as
//! File-Based Catalog only. A request it does not serve (a catalog template, preflight) and
//! one whose files might hold a catalog template, cluster state or an ImageSetConfiguration
//! ([`for_the_tools_worker`]) go as they came to the tools worker ([`super::relay`]), whose
//! replies the page gets as if this worker had posted them; so this worker's wasm links
//! neither core's template renderer nor its cluster-state and ImageSetConfiguration readers.

use olm_graph_core::cluster::is_cluster_state;
use olm_graph_core::mirror::looks_like_isc;
use olm_graph_core::open::load_fbc_files_with_progress;
use olm_graph_core::template::might_hold_template;
use wasm_bindgen::JsValue;
use web_sys::DedicatedWorkerGlobalScope;

use super::protocol::{self, WorkerReply};
use super::{decode_files, post, relay, request_id, request_kind, serve_catalog, serve_series};

/// Serves one request of the page.
///
/// # Complexity
/// Deciding where it goes is O(B) in the B bytes of its files; then that of the loader.
pub fn serve(scope: &DedicatedWorkerGlobalScope, data: JsValue) {
    let id = request_id(&data);
    let kind = request_kind(&data);
    let series = match kind.as_deref() {
        Some(protocol::KIND_SERIES) => true,
        Some(protocol::KIND_CATALOG) | None => false,
        Some(_) => return relay::forward(scope, id, &data),
    };
    let files = match decode_files(&data) {
        Ok(f) => f,
        Err(message) => return post(scope, &WorkerReply::Failed { id, message }),
    };
    if files.iter().any(|f| for_the_tools_worker(&f.text)) {
        drop(files);
        return relay::forward(scope, id, &data);
    }
    if series {
        serve_series(scope, id, files, load_fbc_files_with_progress);
    } else {
        serve_catalog(scope, id, &data, files, load_fbc_files_with_progress);
    }
}

/// Whether a file of a request sends the whole request to the tools worker: it might hold a
/// catalog template (core's `template::might_hold_template`), or it is cluster state (core's
/// `cluster::is_cluster_state`) or an ImageSetConfiguration (`mirror::looks_like_isc`). These
/// are opened rarely; the readers they need would make this worker's wasm, which every page
/// loads, 12.5 KB larger gzipped (docs/performance.md, "First draw").
///
/// # Complexity
/// O(n) in the length of the text.
pub fn for_the_tools_worker(text: &str) -> bool {
    might_hold_template(text) || is_cluster_state(text) || looks_like_isc(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    // The unit tests run as wasm (wasm-bindgen-test, in Node): the app's own target.
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn cluster_state_configurations_and_templates_go_to_the_tools_worker_and_catalogs_stay() {
        let to_tools = [
            include_str!("../../tests/e2e/fixtures/cluster-stuck.yaml"),
            r#"{"apiVersion":"operators.coreos.com/v1alpha1","kind":"Subscription"}"#,
            include_str!("../../tests/e2e/fixtures/mirror-neuron.yaml"),
            include_str!("../../tests/e2e/fixtures/replaces-template.yaml"),
        ];
        for text in to_tools {
            assert!(
                for_the_tools_worker(text),
                "{}",
                text.lines().next().unwrap_or_default()
            );
        }
        let stays = [
            include_str!("../../tests/e2e/fixtures/lifecycle.yaml"),
            // A package manifest's CSV is the catalog's (it has no namespace).
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../shared/catalogs/legacy-package-manifests/community-operators-2021/etcd/0.9.4/etcdoperator.v0.9.4.clusterserviceversion.yaml"
            )),
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../shared/catalogs/certified-operators/v4.22/gpu-operator-certified.yaml"
            )),
        ];
        for text in stays {
            assert!(
                !for_the_tools_worker(text),
                "{}",
                text.lines().next().unwrap_or_default()
            );
        }
    }
}
