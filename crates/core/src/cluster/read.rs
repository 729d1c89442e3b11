//! Reading cluster objects: YAML or JSON, one object, a multi-document stream, a `List` (as
//! `oc get … -o yaml` and `kubectl get … -o json` print), or the files of a must-gather tree
//! (handed over as [`InputFile`]s; the kind of each object comes from its own `apiVersion` and
//! `kind`, never from its path). Documents are cut and read by the bottom reader (`crate::yaml`), within the
//! loader's [`Limits`]; a malformed object is a diagnostic naming file, line and field, and the
//! rest is still read ([spec/cluster.md](../../../../docs/spec/cluster.md) §1).

use super::fields::Fields;
use super::objects::*;
use crate::diag::{Diagnostic, Location, Rule};
use crate::load::InputFile;
use crate::yaml::cut::{chunks, first_document, Chunk};
use crate::yaml::fast::Scratch;
use crate::yaml::positioned::{check_json_chunk, parse_object_chunk, ParseError};
use crate::yaml::tree::{Node, NodeValue};
use crate::yaml::{LimitKind, Limits};

/// The API groups olm-graph reads objects of.
const OPERATORS: &str = "operators.coreos.com";
const OLM_V1: &str = "olm.operatorframework.io";
const CONFIG: &str = "config.openshift.io";

/// Reads every object of `files` within `limits`.
///
/// # Complexity
/// O(n) in the total length n of the files: each document is cut and read once, each object's
/// fields looked up in O(k) for its k keys.
pub fn read_cluster_files(files: &[InputFile], limits: &Limits) -> ClusterState {
    let mut state = ClusterState::default();
    for f in files {
        read_text(&f.path, &f.text, limits, &mut state);
    }
    state
}

/// True when a text's first document is a cluster object of a kind olm-graph reads, or a
/// `List` whose first item is one: how the app tells cluster state from a catalog. The
/// document is read as cluster state is (the fast readers first, granit-parser for what they
/// do not read): the parsing worker asks this of every catalog file before reading it, and
/// granit-parser's code, run for a catalog's first document only, was a quarter of a cold
/// worker's time to its first picture (docs/performance.md, "First draw").
///
/// # Complexity
/// O(n) in the text's length to cut it into documents, then O(d) for the first document's
/// length d.
pub fn is_cluster_state(text: &str) -> bool {
    let text = first_document(text);
    let cut = chunks(text, 1);
    let Some(first) = cut.list.first() else {
        return false;
    };
    // An object names its `kind`: a document without the word, and without the backslash an
    // escaped spelling of it needs (an alias repeats a node written in full before it), has no
    // such key, and is not read (a catalog's first document, usually).
    let body = &text.as_bytes()[first.span.0..first.span.1];
    if memchr::memmem::find(body, b"kind").is_none() && memchr::memchr(b'\\', body).is_none() {
        return false;
    }
    // A `List`'s items are handed on as they are read, not kept in the tree: its first is
    // kept here.
    let mut first_item = None;
    let mut scratch = Scratch::default();
    let Ok(Some(node)) = parse_object_chunk(
        text,
        first,
        &Limits::DEFAULT,
        false,
        &mut scratch,
        &mut |item| {
            first_item.get_or_insert(item);
        },
    ) else {
        return false;
    };
    let Some((api, kind)) = type_of(&node) else {
        return false;
    };
    if is_list(kind) {
        return first_item.as_ref().is_some_and(|i| {
            let (a, k) = type_of(i).unwrap_or((api, item_kind(kind)));
            known_kind(group(a), k) && !is_bundle_manifest(i, k)
        });
    }
    known_kind(group(api), kind) && !is_bundle_manifest(&node, kind)
}

/// A ClusterServiceVersion without a `status` is a bundle's manifest (a package manifest
/// folder, a bundle image), which the catalog loader reads; OLM sets `status` on every CSV of a
/// cluster.
fn is_bundle_manifest(node: &Node, kind: &str) -> bool {
    kind == "ClusterServiceVersion" && node.get("status").is_none()
}

/// One file: every document, every object in it. A long stream is read in parts on the
/// machine's cores (natively), each into a state of its own, put together in order.
fn read_text(path: &str, text: &str, limits: &Limits, state: &mut ClusterState) {
    let cut = chunks(text, limits.max_documents);
    let parts = parts_for(cut.list.len());
    if parts <= 1 {
        read_chunks(path, text, &cut.list, 0, limits, state);
    } else {
        let size = cut.list.len().div_ceil(parts);
        let pieces: Vec<(usize, &[Chunk])> = cut
            .list
            .chunks(size)
            .enumerate()
            .map(|(i, c)| (i * size, c))
            .collect();
        for part in read_in_parallel(path, text, &pieces, limits) {
            state.append(part);
        }
    }
    if let Some(pos) = cut.overflow {
        let limit = crate::yaml::LimitError::Crossed {
            kind: LimitKind::Documents,
            limit: limits.max_documents,
        };
        let at = Location::at(path, pos.line, pos.column, cut.list.len() + 1);
        state
            .diagnostics
            .push(Diagnostic::error(Rule::LoadLimit, limit.to_string()).at(at));
    }
}

/// How many parts to read `documents` documents in: one per core for long streams, natively.
fn parts_for(documents: usize) -> usize {
    if cfg!(target_arch = "wasm32") || documents < 2_000 {
        return 1;
    }
    std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(4)
}

/// Each piece read on a thread of its own (never called on wasm: [`parts_for`] is 1 there).
fn read_in_parallel(
    path: &str,
    text: &str,
    pieces: &[(usize, &[Chunk])],
    limits: &Limits,
) -> Vec<ClusterState> {
    std::thread::scope(|scope| {
        let handles: Vec<_> = pieces
            .iter()
            .map(|&(first, list)| {
                scope.spawn(move || {
                    let mut part = ClusterState::default();
                    read_chunks(path, text, list, first, limits, &mut part);
                    part
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// Documents `first + 1 ..` of a file.
fn read_chunks(
    path: &str,
    text: &str,
    list: &[Chunk],
    first: usize,
    limits: &Limits,
    state: &mut ClusterState,
) {
    let mut scratch = Scratch::default();
    for (i, chunk) in list.iter().enumerate() {
        let document = first + i + 1;
        let at = Document {
            path,
            text,
            chunk,
            number: document,
            limits,
        };
        let read = if json_checked_beside(chunk) {
            at.read_checking_beside(&mut scratch, state)
        } else {
            at.read(&mut scratch, false, state)
        };
        if let Err(e) = read {
            let code = if e.limit.is_some() {
                Rule::LoadLimit
            } else {
                Rule::ClusterSyntax
            };
            let at = Location::at(path, e.pos.line, e.pos.column, document);
            state
                .diagnostics
                .push(Diagnostic::error(code, e.message.clone()).at(at));
        }
    }
}

/// True when a JSON document is long enough to be checked on a second thread while it is read
/// (natively): a `kubectl get -o json` List of many objects.
fn json_checked_beside(chunk: &Chunk) -> bool {
    const LONG: usize = 1 << 20;
    !cfg!(target_arch = "wasm32") && chunk.json && chunk.span.1 - chunk.span.0 >= LONG
}

/// One document of a file and what reading it needs.
struct Document<'a> {
    path: &'a str,
    text: &'a str,
    chunk: &'a Chunk,
    number: usize,
    limits: &'a Limits,
}

impl Document<'_> {
    /// Reads the document's objects into `state`; `json_checked` when the caller checks a JSON
    /// document itself (see [`parse_object_chunk`]).
    fn read<'t>(
        &self,
        scratch: &mut Scratch<'t>,
        json_checked: bool,
        state: &mut ClusterState,
    ) -> Result<(), ParseError>
    where
        Self: 't,
    {
        // A List's items come one by one as they are read; one without its own apiVersion
        // and kind waits for the List's (written after the items by kubectl).
        let mut untyped = Vec::new();
        let (path, document) = (self.path, self.number);
        let read = parse_object_chunk(
            self.text,
            self.chunk,
            self.limits,
            json_checked,
            scratch,
            &mut |item| {
                if type_of(&item).is_some() {
                    Reader::at_document(path, document, state).object(&item, None);
                } else {
                    untyped.push(item);
                }
            },
        )?;
        if let Some(node) = read {
            let mut reader = Reader::at_document(path, document, state);
            reader.object(&node, None);
            let inherited = type_of(&node).and_then(|(api, kind)| list_items_type(api, kind));
            for item in &untyped {
                reader.object(item, inherited);
            }
        }
        Ok(())
    }

    /// As [`Document::read`] for a long JSON document, with the JSON check on a second thread
    /// beside the reading: what was read is kept only when the check passes (the check's
    /// message is the error otherwise, as when it runs first).
    fn read_checking_beside<'t>(
        &self,
        scratch: &mut Scratch<'t>,
        state: &mut ClusterState,
    ) -> Result<(), ParseError>
    where
        Self: 't,
    {
        std::thread::scope(|scope| {
            let check = scope.spawn(|| check_json_chunk(self.text, self.chunk, self.limits));
            let mut part = ClusterState::default();
            let read = self.read(scratch, true, &mut part);
            let checked = check
                .join()
                .unwrap_or_else(|_| check_json_chunk(self.text, self.chunk, self.limits));
            checked?;
            state.append(part);
            read
        })
    }
}

/// The type a typed list gives items written without one: its `apiVersion` and the kind
/// without `List` (a plain `List` gives none).
fn list_items_type<'a>(api: &'a str, kind: &'a str) -> Option<(&'a str, &'a str)> {
    let of = item_kind(kind);
    (is_list(kind) && !of.is_empty()).then_some((api, of))
}

/// The object's `apiVersion` and `kind`, when both are strings.
fn type_of(node: &Node) -> Option<(&str, &str)> {
    Some((
        node.get("apiVersion")?.as_str()?,
        node.get("kind")?.as_str()?,
    ))
}

fn group(api_version: &str) -> &str {
    api_version.rsplit_once('/').map_or("", |(g, _)| g)
}

fn is_list(kind: &str) -> bool {
    kind.ends_with("List")
}

/// The kind of the items of a list kind: `SubscriptionList` holds `Subscription`s; a plain
/// `List` says nothing.
fn item_kind(list_kind: &str) -> &str {
    list_kind.strip_suffix("List").unwrap_or("")
}

fn known_kind(group: &str, kind: &str) -> bool {
    matches!(
        (group, kind),
        (
            OPERATORS,
            "Subscription"
                | "InstallPlan"
                | "ClusterServiceVersion"
                | "OperatorGroup"
                | "CatalogSource"
        ) | (OLM_V1, "ClusterExtension" | "ClusterCatalog")
            | (CONFIG, "ClusterVersion")
    )
}

struct Reader<'r> {
    path: &'r str,
    document: usize,
    state: &'r mut ClusterState,
}

impl<'r> Reader<'r> {
    fn at_document(path: &'r str, document: usize, state: &'r mut ClusterState) -> Self {
        Reader {
            path,
            document,
            state,
        }
    }

    /// One object, or the items of a list; `inherited` is a typed list's `apiVersion` and
    /// item kind, for items written without them.
    fn object(&mut self, node: &Node, inherited: Option<(&str, &str)>) {
        if node.as_map().is_none() {
            let d = Diagnostic::warning(
                Rule::ClusterKind,
                format!(
                    "a document is a {}, not a Kubernetes object: skipped",
                    node.go_kind()
                ),
            );
            self.push(d.at(self.at(node)));
            return;
        }
        let Some((api, kind)) = type_of(node).or(inherited) else {
            let d = Diagnostic::warning(
                Rule::ClusterKind,
                "an object without apiVersion and kind: skipped",
            );
            self.push(d.at(self.at(node)).field("kind"));
            return;
        };
        if is_list(kind) {
            self.list(node, api, kind);
            return;
        }
        if !known_kind(group(api), kind) {
            *self.state.skipped.entry(kind.to_string()).or_insert(0) += 1;
            if group(api).contains('.') {
                let mut v = node.to_json();
                if let Some(m) = v.as_object_mut() {
                    m.entry("apiVersion").or_insert_with(|| api.into());
                    m.entry("kind").or_insert_with(|| kind.into());
                }
                self.state.others.push(v);
            }
            return;
        }
        self.typed(node, group(api), kind);
    }

    fn list(&mut self, node: &Node, api: &str, kind: &str) {
        let items = match node.get("items") {
            None => return,
            Some(Node {
                value: NodeValue::Seq(items),
                ..
            }) => items,
            Some(Node {
                value: NodeValue::Null,
                ..
            }) => return,
            Some(other) => {
                let d = Diagnostic::error(
                    Rule::ClusterField,
                    format!("{kind}: items: expected a list, found {}", other.go_kind()),
                );
                self.push(d.at(self.at(other)).field("items"));
                return;
            }
        };
        let inherited = list_items_type(api, kind);
        for item in items {
            self.object(item, inherited);
        }
    }

    fn typed(&mut self, node: &Node, group: &str, kind: &str) {
        let origin = Origin {
            file: self.path.to_string(),
            line: node.pos.line,
            document: self.document,
        };
        let mut diagnostics = Vec::new();
        let mut f = Fields::new(kind, origin, &mut diagnostics);
        let meta = f.meta(node, group != OLM_V1 && group != CONFIG);
        if let Some(meta) = meta {
            Self::store(&mut f, self.state, node, kind, meta);
        }
        self.state.diagnostics.append(&mut diagnostics);
    }

    fn store(f: &mut Fields, s: &mut ClusterState, node: &Node, kind: &str, meta: Meta) {
        let f = &mut *f;
        match kind {
            "Subscription" => {
                if let Some(o) = super::fields::subscription(f, node, meta) {
                    s.subscriptions.push(o);
                }
            }
            "InstallPlan" => s
                .install_plans
                .push(super::fields::install_plan(f, node, meta)),
            "ClusterServiceVersion" => s.csvs.push(super::fields::csv(f, node, meta)),
            "OperatorGroup" => s
                .operator_groups
                .push(super::fields::operator_group(f, node, meta)),
            "CatalogSource" => s
                .catalog_sources
                .push(super::fields::catalog_source(f, node, meta)),
            "ClusterExtension" => {
                if let Some(o) = super::fields::cluster_extension(f, node, meta) {
                    s.cluster_extensions.push(o);
                }
            }
            "ClusterCatalog" => s
                .cluster_catalogs
                .push(super::fields::cluster_catalog(f, node, meta)),
            _ => s
                .cluster_versions
                .push(super::fields::cluster_version(f, node, meta)),
        }
    }

    fn at(&self, node: &Node) -> Location {
        Location::at(self.path, node.pos.line, node.pos.column, self.document)
    }

    fn push(&mut self, d: Diagnostic) {
        self.state.diagnostics.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_state_is_told_from_a_catalog_by_its_first_document() {
        let sub =
            "apiVersion: operators.coreos.com/v1alpha1\nkind: Subscription\nmetadata:\n  name: s\n";
        let og = "apiVersion: operators.coreos.com/v1\nkind: OperatorGroup\nmetadata:\n  name: g\n";
        assert!(is_cluster_state(sub));
        // A stream, with or without a leading separator and comments.
        assert!(is_cluster_state(&format!("{sub}---\n{og}")));
        assert!(is_cluster_state(&format!(
            "# dump\n---\n\n{sub}---\n{og}---\n"
        )));
        assert!(is_cluster_state(
            "apiVersion: v1\nkind: List\nitems:\n- apiVersion: operators.coreos.com/v1alpha1\n  kind: InstallPlan\n"
        ));
        assert!(is_cluster_state(
            r#"{"apiVersion":"olm.operatorframework.io/v1","kind":"ClusterExtension"}
{"apiVersion":"v1","kind":"Pod"}"#
        ));
        // Catalogs and other kinds are not.
        assert!(!is_cluster_state(
            "---\nschema: olm.package\nname: p\n---\nkind: Subscription\n"
        ));
        assert!(!is_cluster_state(r#"{"schema":"olm.package","name":"p"}"#));
        assert!(!is_cluster_state("apiVersion: v1\nkind: Pod\n---\n"));
        assert!(!is_cluster_state("---\n# nothing\n"));
        // A CSV without a status is a bundle manifest (package manifests), a catalog's.
        let csv = "apiVersion: operators.coreos.com/v1alpha1\nkind: ClusterServiceVersion\nmetadata:\n  name: etcdoperator.v0.9.4\n  namespace: placeholder\n";
        assert!(!is_cluster_state(csv));
        assert!(is_cluster_state(&format!(
            "{csv}status:\n  phase: Failed\n"
        )));
    }
}
