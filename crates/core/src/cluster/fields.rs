//! Each kind's fields taken from its tree, as OLM's API types name them. A field of the wrong
//! type is an error naming the object, the field and its line; the field is then left empty
//! and the rest of the object is still read ([spec/cluster.md](../../../../docs/spec/cluster.md) §1).

use super::objects::*;
use crate::diag::{Diagnostic, Location, Rule};
use crate::yaml::tree::{Node, NodeValue};

/// The field reader of one object: its kind, where it is, and where problems go.
pub(super) struct Fields<'d> {
    kind: &'d str,
    origin: Origin,
    /// `namespace/name` once known, for messages.
    what: String,
    diagnostics: &'d mut Vec<Diagnostic>,
}

impl<'d> Fields<'d> {
    pub(super) fn new(kind: &'d str, origin: Origin, diagnostics: &'d mut Vec<Diagnostic>) -> Self {
        Fields {
            kind,
            origin,
            what: String::new(),
            diagnostics,
        }
    }

    /// `metadata.name` (required) and `metadata.namespace` (required when `namespaced`).
    pub(super) fn meta(&mut self, node: &Node, namespaced: bool) -> Option<Meta> {
        let name = self.string(node, &["metadata", "name"]);
        let namespace = self.string(node, &["metadata", "namespace"]);
        if name.is_empty() {
            self.missing(node, "metadata.name");
            return None;
        }
        self.what = if namespace.is_empty() {
            name.clone()
        } else {
            format!("{namespace}/{name}")
        };
        if namespaced && namespace.is_empty() {
            self.missing(node, "metadata.namespace");
            return None;
        }
        Some(Meta {
            name,
            namespace,
            origin: self.origin.clone(),
        })
    }

    /// The node at `path`, if every step is a mapping that has the key; a step that is not a
    /// mapping is reported.
    fn node<'n>(&mut self, root: &'n Node, path: &[&str]) -> Option<&'n Node> {
        let mut at = root;
        for (i, key) in path.iter().enumerate() {
            match &at.value {
                NodeValue::Map(_) => at = at.get(key)?,
                NodeValue::Null => return None,
                _ => {
                    self.wrong(at, &path[..i], "an object");
                    return None;
                }
            }
        }
        Some(at)
    }

    /// A scalar field that `pick` reads; the type's default when absent or null, and when of
    /// another type (reported as not being `what`).
    fn scalar<T: Default>(
        &mut self,
        root: &Node,
        path: &[&str],
        what: &str,
        pick: impl Fn(&NodeValue) -> Option<T>,
    ) -> T {
        let Some(n) = self.node(root, path) else {
            return T::default();
        };
        if let NodeValue::Null = n.value {
            return T::default();
        }
        pick(&n.value).unwrap_or_else(|| {
            self.wrong(n, path, what);
            T::default()
        })
    }

    /// A string field; empty when absent or null.
    pub(super) fn string(&mut self, root: &Node, path: &[&str]) -> String {
        self.scalar(root, path, "a string", |v| match v {
            NodeValue::Str(s) => Some(s.clone()),
            _ => None,
        })
    }

    /// A list of strings; an item that is not a string is reported and left out.
    pub(super) fn strings(&mut self, root: &Node, path: &[&str]) -> Vec<String> {
        self.items(root, path)
            .into_iter()
            .filter_map(|n| match &n.value {
                NodeValue::Str(s) => Some(s.clone()),
                _ => {
                    self.wrong(n, path, "a string");
                    None
                }
            })
            .collect()
    }

    /// The items of a list field; empty when absent or null.
    pub(super) fn items<'n>(&mut self, root: &'n Node, path: &[&str]) -> Vec<&'n Node> {
        match self.node(root, path) {
            None => Vec::new(),
            Some(n) => match &n.value {
                NodeValue::Seq(items) => items.iter().collect(),
                NodeValue::Null => Vec::new(),
                _ => {
                    self.wrong(n, path, "a list");
                    Vec::new()
                }
            },
        }
    }

    /// A boolean field; false when absent or null.
    pub(super) fn bool(&mut self, root: &Node, path: &[&str]) -> bool {
        self.scalar(root, path, "a boolean", |v| match v {
            NodeValue::Bool(b) => Some(*b),
            _ => None,
        })
    }

    /// An integer field; 0 when absent or null.
    pub(super) fn int(&mut self, root: &Node, path: &[&str]) -> i64 {
        self.scalar(root, path, "an integer", |v| match v {
            NodeValue::Int(i) => Some(*i),
            _ => None,
        })
    }

    /// `status.conditions` (or the list at `path`) of `{type, status, reason, message}`.
    pub(super) fn conditions(&mut self, root: &Node, path: &[&str]) -> Vec<Condition> {
        let items = self.items(root, path);
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(Condition {
                kind: self.string(item, &["type"]),
                status: self.string(item, &["status"]),
                reason: self.string(item, &["reason"]),
                message: self.string(item, &["message"]),
            });
        }
        out
    }

    fn wrong(&mut self, node: &Node, path: &[&str], expected: &str) {
        let field = path.join(".");
        let message = format!(
            "{} {}: {field}: expected {expected}, found {}",
            self.kind,
            self.what,
            node.go_kind()
        );
        self.report(node, &field, message);
    }

    fn missing(&mut self, node: &Node, field: &str) {
        let message = format!(
            "{}{}{}: missing {field}: the object is skipped",
            self.kind,
            if self.what.is_empty() { "" } else { " " },
            self.what
        );
        self.report(node, field, message);
    }

    fn report(&mut self, node: &Node, field: &str, message: String) {
        let at = Location::at(
            self.origin.file.clone(),
            node.pos.line,
            node.pos.column,
            self.origin.document,
        );
        let d = Diagnostic::error(Rule::ClusterField, message)
            .at(at)
            .schema(self.kind.to_string())
            .field(field.to_string());
        self.diagnostics.push(d);
    }
}

pub(super) fn subscription(f: &mut Fields, n: &Node, meta: Meta) -> Option<Subscription> {
    let package = f.string(n, &["spec", "name"]);
    if package.is_empty() {
        f.missing(n, "spec.name");
        return None;
    }
    let mut install_plan = f.string(n, &["status", "installPlanRef", "name"]);
    if install_plan.is_empty() {
        install_plan = f.string(n, &["status", "installplan", "name"]);
    }
    let mut catalog_health = Vec::new();
    for h in f.items(n, &["status", "catalogHealth"]) {
        let ns = f.string(h, &["catalogSourceRef", "namespace"]);
        let name = f.string(h, &["catalogSourceRef", "name"]);
        catalog_health.push((format!("{ns}/{name}"), f.bool(h, &["healthy"])));
    }
    Some(Subscription {
        package,
        channel: f.string(n, &["spec", "channel"]),
        source: f.string(n, &["spec", "source"]),
        source_namespace: f.string(n, &["spec", "sourceNamespace"]),
        starting_csv: f.string(n, &["spec", "startingCSV"]),
        approval: f.string(n, &["spec", "installPlanApproval"]),
        installed_csv: f.string(n, &["status", "installedCSV"]),
        current_csv: f.string(n, &["status", "currentCSV"]),
        state: f.string(n, &["status", "state"]),
        install_plan,
        conditions: f.conditions(n, &["status", "conditions"]),
        catalog_health,
        meta,
    })
}

pub(super) fn install_plan(f: &mut Fields, n: &Node, meta: Meta) -> InstallPlan {
    InstallPlan {
        csv_names: f.strings(n, &["spec", "clusterServiceVersionNames"]),
        approval: f.string(n, &["spec", "approval"]),
        approved: f.bool(n, &["spec", "approved"]),
        phase: f.string(n, &["status", "phase"]),
        conditions: f.conditions(n, &["status", "conditions"]),
        message: f.string(n, &["status", "message"]),
        meta,
    }
}

pub(super) fn csv(f: &mut Fields, n: &Node, meta: Meta) -> Csv {
    Csv {
        version: f.string(n, &["spec", "version"]),
        replaces: f.string(n, &["spec", "replaces"]),
        phase: f.string(n, &["status", "phase"]),
        reason: f.string(n, &["status", "reason"]),
        message: f.string(n, &["status", "message"]),
        meta,
    }
}

/// An OperatorGroup. `spec.upgradeStrategy` is a string in OLM's API (`Default`,
/// `TechPreviewUnsafeFailForward`); the object `{name: …}` of the fail-forward proposal's draft
/// is read too, so a hand-written dump in that shape is not misreported
/// ([spec/cluster.md](../../../../docs/spec/cluster.md) §1.2).
pub(super) fn operator_group(f: &mut Fields, n: &Node, meta: Meta) -> OperatorGroup {
    let path = ["spec", "upgradeStrategy"];
    let upgrade_strategy = match f.node(n, &path).map(|s| &s.value) {
        Some(NodeValue::Map(_)) => f.string(n, &["spec", "upgradeStrategy", "name"]),
        _ => f.string(n, &path),
    };
    OperatorGroup {
        upgrade_strategy,
        meta,
    }
}

pub(super) fn catalog_source(f: &mut Fields, n: &Node, meta: Meta) -> CatalogSource {
    CatalogSource {
        image: f.string(n, &["spec", "image"]),
        image_template: f.string(n, &["metadata", "annotations", "olm.catalogImageTemplate"]),
        last_observed_state: f.string(n, &["status", "connectionState", "lastObservedState"]),
        priority: f.int(n, &["spec", "priority"]),
        meta,
    }
}

pub(super) fn cluster_extension(f: &mut Fields, n: &Node, meta: Meta) -> Option<ClusterExtension> {
    let catalog = ["spec", "source", "catalog"];
    let at = |key: &'static str| [catalog[0], catalog[1], catalog[2], key];
    let package = f.string(n, &at("packageName"));
    if package.is_empty() {
        f.missing(n, "spec.source.catalog.packageName");
        return None;
    }
    Some(ClusterExtension {
        install_namespace: f.string(n, &["spec", "namespace"]),
        package,
        version: f.string(n, &at("version")),
        channels: f.strings(n, &at("channels")),
        policy: f.string(n, &at("upgradeConstraintPolicy")),
        installed_bundle: f.string(n, &["status", "install", "bundle", "name"]),
        installed_version: f.string(n, &["status", "install", "bundle", "version"]),
        installed_release: f.string(n, &["status", "install", "bundle", "release"]),
        conditions: f.conditions(n, &["status", "conditions"]),
        meta,
    })
}

pub(super) fn cluster_catalog(f: &mut Fields, n: &Node, meta: Meta) -> ClusterCatalog {
    ClusterCatalog {
        image: f.string(n, &["spec", "source", "image", "ref"]),
        priority: f.int(n, &["spec", "priority"]),
        availability: f.string(n, &["spec", "availabilityMode"]),
        conditions: f.conditions(n, &["status", "conditions"]),
        meta,
    }
}

pub(super) fn cluster_version(f: &mut Fields, n: &Node, meta: Meta) -> ClusterVersion {
    let mut version = f.string(n, &["status", "desired", "version"]);
    if version.is_empty() {
        for h in f.items(n, &["status", "history"]) {
            if f.string(h, &["state"]) == "Completed" {
                version = f.string(h, &["version"]);
                break;
            }
        }
    }
    ClusterVersion {
        version,
        channel: f.string(n, &["spec", "channel"]),
        meta,
    }
}
