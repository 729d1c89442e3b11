//! Reading an ImageSetConfiguration's `mirror.operators` stanza (spec/mirror.md §1), with the
//! bottom reader's bounded YAML tree (`crate::yaml`): every problem is a [`Diagnostic`] naming file, line
//! and field, and the rest of the file is still read.

use serde::{Deserialize, Serialize};

use crate::diag::{Diagnostic, Location, Rule};
use crate::yaml::positioned::parse_first_document;
use crate::yaml::tree::{MapEntry, Node, NodeValue, Pos};
use crate::yaml::Limits;

/// The apiVersions read (spec/mirror.md §1.1).
pub const API_VERSIONS: [&str; 2] = [
    "mirror.openshift.io/v2alpha1",
    "mirror.openshift.io/v1alpha2",
];

/// An ImageSetConfiguration as far as operators go.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct MirrorConfig {
    /// The file's `apiVersion` (v2alpha1 or v1alpha2).
    pub api_version: String,
    /// `mirror.operators[]`, in file order.
    pub operators: Vec<OperatorEntry>,
    /// Problems found while reading (errors stop nothing: what could be read is kept).
    pub diagnostics: Vec<Diagnostic>,
}

/// One `mirror.operators[]` entry: a catalog and what to keep of it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OperatorEntry {
    /// `catalog`: the catalog image reference.
    pub catalog: String,
    /// `full`: keep every bundle of the listed channels, not only the heads.
    pub full: bool,
    /// `packages`: what to keep, package by package (empty: every package).
    pub packages: Vec<PackageFilter>,
    /// Where the entry is in the file.
    pub location: Option<Location>,
}

/// One `packages[]` entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackageFilter {
    /// `name`: the package.
    pub name: String,
    /// `channels`: the channels kept (empty: every channel).
    pub channels: Vec<ChannelFilter>,
    /// `defaultChannel`: the default channel the kept package gets.
    pub default_channel: Option<String>,
    /// `minVersion`: the lowest version kept in every channel.
    pub min_version: Option<String>,
    /// `maxVersion`: the highest version kept in every channel.
    pub max_version: Option<String>,
}

/// One `channels[]` entry of a package.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChannelFilter {
    /// `name`: the channel.
    pub name: String,
    /// `minVersion`: the lowest version kept in the channel.
    pub min_version: Option<String>,
    /// `maxVersion`: the highest version kept in the channel.
    pub max_version: Option<String>,
}

impl MirrorConfig {
    /// The entry for catalog `reference`, or the only entry when none is named.
    ///
    /// # Complexity
    /// O(E) for E entries.
    pub fn entry(&self, reference: Option<&str>) -> Result<&OperatorEntry, String> {
        let refs = || {
            let names: Vec<&str> = self.operators.iter().map(|o| o.catalog.as_str()).collect();
            names.join(", ")
        };
        match reference {
            Some(r) => self
                .operators
                .iter()
                .find(|o| o.catalog == r)
                .ok_or_else(|| format!("no mirror.operators entry has catalog {r:?} (entries: {})", refs())),
            None => match self.operators.as_slice() {
                [one] => Ok(one),
                [] => Err("the configuration has no mirror.operators entry".into()),
                _ => Err(format!(
                    "the configuration has several mirror.operators entries; pick one with --catalog ({})",
                    refs()
                )),
            },
        }
    }

    /// True when a reading problem is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// True when a text looks like an ImageSetConfiguration (`kind: ImageSetConfiguration` on a
/// line of its own), the sniff the app uses. Only the lines where the word occurs are looked
/// at (found with memchr's substring search): the parsing worker asks this of every catalog
/// file before reading it, and a look at each line cost a cold worker ~10 ms on an 800 KB
/// catalog (docs/performance.md, "First draw").
///
/// # Complexity
/// O(n) in the text's length: each line is looked at once at most.
pub fn looks_like_isc(text: &str) -> bool {
    let mut looked_to = 0;
    memchr::memmem::find_iter(text.as_bytes(), "ImageSetConfiguration").any(|at| {
        if at < looked_to {
            return false;
        }
        let start = memchr::memrchr(b'\n', &text.as_bytes()[..at]).map_or(0, |i| i + 1);
        let end = memchr::memchr(b'\n', &text.as_bytes()[at..]).map_or(text.len(), |i| at + i);
        looked_to = end;
        is_isc_kind_line(&text[start..end])
    })
}

/// `kind: ImageSetConfiguration` (quoted or not), with nothing else on the line but spaces.
fn is_isc_kind_line(line: &str) -> bool {
    line.trim().strip_prefix("kind:").is_some_and(|v| {
        v.trim().trim_matches(|c| c == '"' || c == '\'') == "ImageSetConfiguration"
    })
}

/// Where a field is, and the reader's problems.
struct Reader<'a> {
    path: &'a str,
    diags: Vec<Diagnostic>,
    /// True for v1alpha2 (which also has `minBundle`).
    v1: bool,
}

impl Reader<'_> {
    fn at(&self, pos: Pos) -> Location {
        Location::at(self.path.to_string(), pos.line, pos.column, 1)
    }

    fn error(&mut self, pos: Pos, field: &str, message: String) {
        let d = Diagnostic::error(Rule::MirrorConfig, message)
            .at(self.at(pos))
            .field(field.to_string());
        self.diags.push(d);
    }

    /// A string field, or an error in `encoding/json`'s words for another type.
    fn string(&mut self, node: &Node, field: &str, go_field: &str) -> Option<String> {
        match &node.value {
            NodeValue::Str(s) => Some(s.clone()),
            NodeValue::Null => None,
            _ => {
                let kind = node.go_kind();
                self.error(
                    node.pos,
                    field,
                    format!("json: cannot unmarshal {kind} into Go struct field {go_field} of type string"),
                );
                None
            }
        }
    }

    fn bool(&mut self, node: &Node, field: &str, go_field: &str) -> bool {
        match &node.value {
            NodeValue::Bool(b) => *b,
            NodeValue::Null => false,
            _ => {
                let kind = node.go_kind();
                let m = format!(
                    "json: cannot unmarshal {kind} into Go struct field {go_field} of type bool"
                );
                self.error(node.pos, field, m);
                false
            }
        }
    }

    /// The entries of a mapping (an error for another type), with unknown keys reported.
    fn map<'n>(&mut self, node: &'n Node, field: &str, known: &[&str]) -> &'n [MapEntry] {
        let Some(entries) = node.as_map() else {
            if !matches!(node.value, NodeValue::Null) {
                let kind = node.go_kind();
                self.error(
                    node.pos,
                    field,
                    format!("json: cannot unmarshal {kind} into an object at {field}"),
                );
            }
            return &[];
        };
        for e in entries {
            if !known.iter().any(|k| k.eq_ignore_ascii_case(&e.key)) {
                let f = format!("{field}.{}", e.key);
                self.error(e.key_pos, &f, format!("json: unknown field {:?}", e.key));
            }
        }
        entries
    }

    fn seq<'n>(&mut self, node: &'n Node, field: &str) -> &'n [Node] {
        match &node.value {
            NodeValue::Seq(items) => items,
            NodeValue::Null => &[],
            _ => {
                let kind = node.go_kind();
                self.error(
                    node.pos,
                    field,
                    format!("json: cannot unmarshal {kind} into an array at {field}"),
                );
                &[]
            }
        }
    }
}

const OPERATOR_KEYS: [&str; 9] = [
    "catalog",
    "full",
    "packages",
    "targetCatalog",
    "targetTag",
    "skipDependencies",
    "targetCatalogSourceTemplate",
    "targetName",
    "originalRef",
];
const PACKAGE_KEYS: [&str; 6] = [
    "name",
    "channels",
    "defaultChannel",
    "minVersion",
    "maxVersion",
    "minBundle",
];
const CHANNEL_KEYS: [&str; 4] = ["name", "minVersion", "maxVersion", "minBundle"];

/// Reads an ImageSetConfiguration file within `limits` (spec/mirror.md §1).
///
/// # Complexity
/// O(n) in the text's length (the bounded YAML reader) plus O(P + C) for P packages and C
/// channels read.
pub fn read_config(path: &str, text: &str, limits: &Limits) -> MirrorConfig {
    let mut r = Reader {
        path,
        diags: Vec::new(),
        v1: false,
    };
    let mut cfg = MirrorConfig::default();
    let root = match parse_first_document(text, limits) {
        Ok(Some(n)) => n,
        Ok(None) => {
            r.error(
                Pos { line: 1, column: 1 },
                "kind",
                "configuration missing `kind`".into(),
            );
            cfg.diagnostics = r.diags;
            return cfg;
        }
        Err(e) => {
            let message = match &e.limit {
                Some(l) => l.to_string(),
                None => format!("failed to unmarshal config: {}", e.go_yaml()),
            };
            r.error(e.pos, "", message);
            cfg.diagnostics = r.diags;
            return cfg;
        }
    };
    read_root(&mut r, &root, &mut cfg);
    cfg.diagnostics = r.diags;
    cfg
}

fn read_root(r: &mut Reader, root: &Node, cfg: &mut MirrorConfig) {
    let pos = root.pos;
    match root.get("kind").and_then(Node::as_str) {
        None => return r.error(pos, "kind", "configuration missing `kind`".into()),
        Some("ImageSetConfiguration") => {}
        Some(other) => {
            let m = format!("cannot parse {other:?} as \"ImageSetConfiguration\"");
            return r.error(pos, "kind", m);
        }
    }
    cfg.api_version = root
        .get("apiVersion")
        .and_then(Node::as_str)
        .unwrap_or_default()
        .to_string();
    r.v1 = cfg.api_version.ends_with("/v1alpha2");
    if !API_VERSIONS.contains(&cfg.api_version.as_str()) {
        let m = format!(
            "apiVersion {:?} is not one olm-graph reads ({}); read as v2alpha1",
            cfg.api_version,
            API_VERSIONS.join(", ")
        );
        r.diags.push(
            Diagnostic::warning(Rule::MirrorConfig, m)
                .at(r.at(pos))
                .field("apiVersion"),
        );
    }
    let Some(mirror) = root.get("mirror") else {
        return r.error(
            pos,
            "mirror",
            "configuration missing the `mirror` stanza".into(),
        );
    };
    let Some(ops) = mirror.get("operators") else {
        return;
    };
    for (i, op) in r.seq(ops, "mirror.operators").iter().enumerate() {
        let field = format!("mirror.operators[{i}]");
        cfg.operators.push(read_operator(r, op, &field));
    }
}

fn read_operator(r: &mut Reader, node: &Node, field: &str) -> OperatorEntry {
    let mut op = OperatorEntry {
        location: Some(r.at(node.pos)),
        ..OperatorEntry::default()
    };
    for e in r.map(node, field, &OPERATOR_KEYS) {
        let f = format!("{field}.{}", e.key);
        match e.key.to_ascii_lowercase().as_str() {
            "catalog" => {
                op.catalog = r
                    .string(&e.value, &f, "Operator.catalog")
                    .unwrap_or_default()
            }
            "full" => op.full = r.bool(&e.value, &f, "Operator.full"),
            "packages" => {
                for (j, p) in r.seq(&e.value, &f).iter().enumerate() {
                    let pf = format!("{f}[{j}]");
                    op.packages.push(read_package(r, p, &pf));
                }
            }
            _ => {}
        }
    }
    op
}

/// The `minVersion`/`maxVersion`/`minBundle` fields shared by packages and channels.
fn read_bounds(
    r: &mut Reader,
    e: &MapEntry,
    field: &str,
    go_type: &str,
    bounds: (&mut Option<String>, &mut Option<String>),
) {
    let go = |name: &str| format!("{go_type}.{name}");
    match e.key.to_ascii_lowercase().as_str() {
        "minversion" => *bounds.0 = r.string(&e.value, field, &go("minVersion")),
        "maxversion" => *bounds.1 = r.string(&e.value, field, &go("maxVersion")),
        "minbundle" if r.v1 => {
            let m = "minBundle is oc-mirror v1's: oc-mirror v2 does not apply it".to_string();
            r.diags.push(
                Diagnostic::warning(Rule::MirrorConfig, m)
                    .at(r.at(e.key_pos))
                    .field(field.to_string()),
            );
        }
        "minbundle" => r.error(e.key_pos, field, "json: unknown field \"minBundle\"".into()),
        _ => {}
    }
}

fn read_package(r: &mut Reader, node: &Node, field: &str) -> PackageFilter {
    let mut p = PackageFilter::default();
    for e in r.map(node, field, &PACKAGE_KEYS) {
        let f = format!("{field}.{}", e.key);
        match e.key.to_ascii_lowercase().as_str() {
            "name" => {
                p.name = r
                    .string(&e.value, &f, "IncludePackage.name")
                    .unwrap_or_default()
            }
            "defaultchannel" => {
                p.default_channel = r.string(&e.value, &f, "IncludePackage.defaultChannel");
            }
            "channels" => {
                for (j, c) in r.seq(&e.value, &f).iter().enumerate() {
                    let cf = format!("{f}[{j}]");
                    p.channels.push(read_channel(r, c, &cf));
                }
            }
            _ => read_bounds(
                r,
                e,
                &f,
                "IncludePackage",
                (&mut p.min_version, &mut p.max_version),
            ),
        }
    }
    p.min_version = p.min_version.filter(|s| !s.is_empty());
    p.max_version = p.max_version.filter(|s| !s.is_empty());
    p.default_channel = p.default_channel.filter(|s| !s.is_empty());
    p
}

fn read_channel(r: &mut Reader, node: &Node, field: &str) -> ChannelFilter {
    let mut c = ChannelFilter::default();
    for e in r.map(node, field, &CHANNEL_KEYS) {
        let f = format!("{field}.{}", e.key);
        if e.key.eq_ignore_ascii_case("name") {
            c.name = r
                .string(&e.value, &f, "IncludeChannel.name")
                .unwrap_or_default();
        } else {
            read_bounds(
                r,
                e,
                &f,
                "IncludeChannel",
                (&mut c.min_version, &mut c.max_version),
            );
        }
    }
    c.min_version = c.min_version.filter(|s| !s.is_empty());
    c.max_version = c.max_version.filter(|s| !s.is_empty());
    c
}
