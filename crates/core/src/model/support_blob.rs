//! The lifecycle blob (`io.openshift.operators.lifecycles.v1alpha1`) as read: every value as
//! written with its line, unknown fields kept. Whether the values are right is
//! `crate::support`'s business; reading never fails on a value.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::yaml::written::{self as tree, Node};

/// The schema of a lifecycle blob.
pub const SCHEMA: &str = "io.openshift.operators.lifecycles.v1alpha1";

/// A text as written in the blob (a scalar's text; `None` when the field is missing or not a
/// scalar), and its 1-based line in the file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    /// The scalar as written.
    pub text: Option<String>,
    /// Its line in the file.
    pub line: Option<usize>,
}

/// One lifecycle blob.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct LifecycleBlob {
    /// The `package` it describes.
    pub package: String,
    /// The file it was read from.
    pub file: String,
    /// The line where the object starts.
    pub line: Option<usize>,
    /// The `versions` list (empty when missing or not a list).
    pub versions: Vec<StreamEntry>,
    /// Line of `versions` when it is there but not a list.
    pub versions_not_a_list: Option<usize>,
    /// Fields other than `schema`, `package` and `versions`, as JSON.
    pub extra: BTreeMap<String, Value>,
}

/// One MAJOR.MINOR stream of a package (an item of `versions`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct StreamEntry {
    /// `name`: the stream, MAJOR.MINOR.
    pub name: Text,
    /// The line where the item starts.
    pub line: Option<usize>,
    /// `phases`, in order.
    pub phases: Vec<Phase>,
    /// `platformCompatibility`; `None` when the field is missing.
    pub platform_compatibility: Option<Vec<Platform>>,
    /// Fields other than these, as JSON.
    pub extra: BTreeMap<String, Value>,
}

/// One support phase of a stream.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Phase {
    /// `name` (`Full support`, `Maintenance support`…).
    pub name: Text,
    /// `startDate`, a date as written.
    pub start_date: Text,
    /// `endDate`, a date as written.
    pub end_date: Text,
    /// The line where the phase starts.
    pub line: Option<usize>,
    /// Fields other than these, as JSON.
    pub extra: BTreeMap<String, Value>,
}

/// One platform a stream runs on, and its versions.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Platform {
    /// `name` (`openshift`).
    pub name: Text,
    /// `versions`: the platform versions the stream runs on, as written.
    pub versions: Vec<Text>,
    /// The line where the item starts.
    pub line: Option<usize>,
    /// Fields other than these, as JSON.
    pub extra: BTreeMap<String, Value>,
}

/// A node's line in the file.
fn at(node: &Node) -> Option<usize> {
    Some(node.line())
}

fn text(node: Option<&Node>) -> Text {
    Text {
        text: node.and_then(Node::text).map(str::to_string),
        line: node.and_then(at),
    }
}

/// The fields of a mapping other than `known`, as JSON.
fn extra(node: &Node, known: &[&str]) -> BTreeMap<String, Value> {
    match node {
        Node::Map { entries, .. } => entries
            .iter()
            .filter(|(k, _)| !known.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.to_json()))
            .collect(),
        _ => BTreeMap::new(),
    }
}

impl LifecycleBlob {
    /// The blob of a document tree of `file` (its lines the file's).
    ///
    /// # Complexity
    /// O(n) in the nodes of the tree.
    pub(crate) fn from_tree(tree: &Node, file: &str) -> LifecycleBlob {
        let versions = tree.get("versions");
        let list = versions.and_then(Node::items).unwrap_or_default();
        LifecycleBlob {
            package: tree
                .get("package")
                .and_then(Node::text)
                .unwrap_or_default()
                .to_string(),
            file: file.to_string(),
            line: at(tree),
            versions: list.iter().map(StreamEntry::from_tree).collect(),
            versions_not_a_list: versions.filter(|v| v.items().is_none()).and_then(at),
            extra: extra(tree, &["schema", "package", "versions"]),
        }
    }
}

impl StreamEntry {
    fn from_tree(node: &Node) -> StreamEntry {
        let phases = node.get("phases").and_then(Node::items).unwrap_or_default();
        let platforms = node.get("platformCompatibility");
        StreamEntry {
            name: text(node.get("name")),
            line: at(node),
            phases: phases.iter().map(Phase::from_tree).collect(),
            platform_compatibility: platforms.map(|p| {
                let items = p.items().unwrap_or_default();
                items.iter().map(Platform::from_tree).collect()
            }),
            extra: extra(node, &["name", "phases", "platformCompatibility"]),
        }
    }

    /// The stream's `openshift` platform entry, when it has one.
    pub fn openshift(&self) -> Option<&Platform> {
        self.platform_compatibility
            .as_deref()?
            .iter()
            .find(|p| p.name.text.as_deref() == Some("openshift"))
    }
}

impl Phase {
    fn from_tree(node: &Node) -> Phase {
        Phase {
            name: text(node.get("name")),
            start_date: text(node.get("startDate")),
            end_date: text(node.get("endDate")),
            line: at(node),
            extra: extra(node, &["name", "startDate", "endDate"]),
        }
    }
}

impl Platform {
    fn from_tree(node: &Node) -> Platform {
        let versions = node
            .get("versions")
            .and_then(Node::items)
            .unwrap_or_default();
        Platform {
            name: text(node.get("name")),
            versions: versions.iter().map(|v| text(Some(v))).collect(),
            line: at(node),
            extra: extra(node, &["name", "versions"]),
        }
    }
}

/// Reads a lifecycle blob from the text of one document (its span in the file) whose object
/// starts at line `object_line` of `file`. `None` when the text is not a mapping.
///
/// # Complexity
/// O(n) in the length of the text.
pub(crate) fn read_blob(text: &str, file: &str, object_line: usize) -> Option<LifecycleBlob> {
    let tree = tree::read_tree_at(text, object_line)?;
    matches!(tree, Node::Map { .. }).then(|| LifecycleBlob::from_tree(&tree, file))
}
