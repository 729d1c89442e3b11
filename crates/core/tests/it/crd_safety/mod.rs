//! CRD upgrade safety (`olm_graph_core::crd`, docs/spec/crd-safety.md): crdify's and
//! operator-controller's test tables ported (`crdify_tables`), OLM v0's stored-version check,
//! hostile CRDs bounded by named limits (`hostile`), the three input forms agreeing, and every
//! real catalog that carries `olm.bundle.object` judged edge by edge (`real`).

mod crdify_tables;
mod forms;
mod hostile;
mod real;

use olm_graph_core::crd::limits::CrdLimits;
use olm_graph_core::crd::schema::Crd;
use serde_json::{json, Value};

/// A v1 CRD `widgets.example.com` with one version per `(name, served, storage, schema)`.
pub fn crd(versions: &[(&str, bool, bool, Value)]) -> Value {
    let versions: Vec<Value> = versions
        .iter()
        .map(|(name, served, storage, schema)| {
            json!({"name": name, "served": served, "storage": storage,
                   "schema": {"openAPIV3Schema": schema}})
        })
        .collect();
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": "widgets.example.com"},
        "spec": {"group": "example.com", "scope": "Namespaced",
                 "names": {"kind": "Widget", "plural": "widgets"},
                 "versions": versions}
    })
}

/// A one-version CRD whose schema holds `field` at `^.spec.field`.
pub fn with_field(field: Value) -> Value {
    crd(&[(
        "v1",
        true,
        true,
        json!({"type": "object", "properties": {"spec": {"type": "object",
            "properties": {"field": field}}}}),
    )])
}

pub fn typed(v: &Value) -> Crd {
    Crd::from_value(v, CrdLimits::default())
        .expect("within the limits")
        .expect("a CRD")
}
