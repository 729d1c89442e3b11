//! `parseSpec` of the basic and substitutes templates: the first document decoded leniently
//! (unknown keys ignored, keys matched ignoring case) into `{schema, entries, substitutions}`,
//! each entry through `declcfg.Meta`; then `declcfg.LoadSlice` over the entries.

use serde_json::Value;

use crate::template::error::{EntryError, SpecError};
use crate::template::read::fbc::{self, Config, Meta};
use crate::template::read::file::File;
use crate::template::read::godecode::{self as go, Ctx};
use crate::yaml::tree::{Node, NodeValue, Pos};

/// One `{name, base}` of a substitutes template.
#[derive(Debug, Clone)]
pub(crate) struct Substitution {
    pub name: String,
    pub base: String,
    pub pos: Pos,
}

/// A decoded basic or substitutes template document.
pub(crate) struct Spec {
    pub entries: Vec<(Meta, Pos)>,
    pub substitutions: Vec<Substitution>,
}

/// Which template is being read: its schema and Go struct name.
pub(crate) struct SpecKind {
    pub schema: &'static str,
    pub go_struct: &'static str,
    pub with_substitutions: bool,
}

/// Decodes the document as opm's `parseSpec` (errors with the node they concern).
///
/// # Complexity
/// O(size of the document).
pub(crate) fn parse_spec(node: Option<&Node>, kind: &SpecKind) -> Result<Spec, (SpecError, Pos)> {
    let start = node.map_or(Pos { line: 1, column: 1 }, |n| n.pos);
    let unmarshal = |m: String, pos: Pos| (SpecError::Unmarshal(m), pos);
    let mut spec = Spec {
        entries: Vec::new(),
        substitutions: Vec::new(),
    };
    let Some(node) = node.filter(|n| n.value != NodeValue::Null) else {
        return Err(wrong_schema("", kind, start));
    };
    if node.as_map().is_none() {
        let msg = go::value_type_error(
            &node.to_json(),
            &format!("{}.{}", pkg_of(kind), kind.go_struct),
        );
        return Err(unmarshal(msg, start));
    }
    // Go decodes keys in sorted order: entries, schema, substitutions. Errors of an entry's
    // own decoding stop at once; type errors are kept and the first one is returned at the end.
    let mut type_error: Option<(String, Pos)> = None;
    if let Some(entries) = node.get("entries") {
        match &entries.value {
            NodeValue::Null => {}
            NodeValue::Seq(items) => {
                for item in items {
                    let m = entry_meta(item).map_err(|e| unmarshal(e, item.pos))?;
                    spec.entries.push((m, item.pos));
                }
            }
            _ => {
                let ctx = Ctx {
                    go_struct: kind.go_struct,
                    path: "entries",
                };
                type_error.get_or_insert((
                    go::type_error(&entries.to_json(), ctx, "[]*declcfg.Meta"),
                    entries.pos,
                ));
            }
        }
    }
    let schema = match node.get("schema") {
        None => String::new(),
        Some(n) => match &n.value {
            NodeValue::Null => String::new(),
            NodeValue::Str(s) => s.clone(),
            _ => {
                let ctx = Ctx {
                    go_struct: kind.go_struct,
                    path: "schema",
                };
                type_error.get_or_insert((go::type_error(&n.to_json(), ctx, "string"), n.pos));
                String::new()
            }
        },
    };
    if kind.with_substitutions {
        if let Some(subs) = node.get("substitutions") {
            spec.substitutions = substitutions(subs, kind, &mut type_error);
        }
    }
    if let Some((m, pos)) = type_error {
        return Err(unmarshal(m, pos));
    }
    if schema != kind.schema {
        let pos = node.get("schema").map_or(start, |n| n.pos);
        return Err(wrong_schema(&schema, kind, pos));
    }
    Ok(spec)
}

fn pkg_of(kind: &SpecKind) -> &'static str {
    if kind.with_substitutions {
        "substitutes"
    } else {
        "basic"
    }
}

fn wrong_schema(found: &str, kind: &SpecKind, pos: Pos) -> (SpecError, Pos) {
    (
        SpecError::WrongSchema {
            found: found.to_string(),
            expected: kind.schema.to_string(),
        },
        pos,
    )
}

/// An entry through `declcfg.Meta`; a `null` entry reads as an object without a schema.
fn entry_meta(item: &Node) -> Result<Meta, String> {
    if item.value == NodeValue::Null {
        return Ok(Meta {
            schema: String::new(),
            package: String::new(),
            blob: serde_json::Map::new(),
        });
    }
    fbc::meta(&item.to_json())
}

fn substitutions(
    subs: &Node,
    kind: &SpecKind,
    type_error: &mut Option<(String, Pos)>,
) -> Vec<Substitution> {
    let mut out = Vec::new();
    let items = match &subs.value {
        NodeValue::Null => return out,
        NodeValue::Seq(items) => items,
        _ => {
            let ctx = Ctx {
                go_struct: kind.go_struct,
                path: "substitutions",
            };
            type_error.get_or_insert((
                go::type_error(&subs.to_json(), ctx, "[]substitutes.Substitute"),
                subs.pos,
            ));
            return out;
        }
    };
    for item in items {
        let v = item.to_json();
        let Value::Object(m) = &v else {
            if item.value != NodeValue::Null {
                let ctx = Ctx {
                    go_struct: kind.go_struct,
                    path: "substitutions",
                };
                type_error
                    .get_or_insert((go::type_error(&v, ctx, "substitutes.Substitute"), item.pos));
            }
            out.push(Substitution {
                name: String::new(),
                base: String::new(),
                pos: item.pos,
            });
            continue;
        };
        let mut field = |key: &str, path: &'static str| {
            go::string(
                m,
                key,
                Ctx {
                    go_struct: "Substitute",
                    path,
                },
            )
            .unwrap_or_else(|e| {
                type_error.get_or_insert((e, item.pos));
                String::new()
            })
        };
        let base = field("base", "substitutions.base");
        let name = field("name", "substitutions.name");
        out.push(Substitution {
            name,
            base,
            pos: item.pos,
        });
    }
    out
}

/// `declcfg.LoadSlice` over the entries: the config, or the first entry that cannot be read.
///
/// # Complexity
/// O(n) for the n bytes of the entries.
pub(crate) fn load_entries(
    file: &File,
    doc_index: usize,
    entries: Vec<(Meta, Pos)>,
) -> Result<Config, (EntryError, Pos)> {
    let mut cfg = Config::default();
    for (m, pos) in entries {
        fbc::add_meta(&mut cfg, m, file.at(pos, doc_index + 1)).map_err(|e| (e, pos))?;
    }
    Ok(cfg)
}
