//! What an editor asks about a name in a [`Workspace`]: what a bundle is (hover, with the
//! OLM v0 path to its channel head as `olm-graph path` prints it), where it is defined and
//! written, the symbols of a file or of the whole folder, and the bundle names a `replaces` or
//! `skips` can take ([docs/spec/lsp.md](../../../../docs/spec/lsp.md) §2).

use std::fmt::Write as _;

use super::names::{occurrences, token_at, value_after, Role, Span, Token};
use super::Workspace;
use crate::diag::Location;
use crate::model::{Bundle, Package};
use crate::resolve::{resolve_path, via_label, PathOptions, Resolver};
use crate::sort::SortWith;

/// How far below an object's location its `name:` is looked for.
const NAME_SEARCH_LINES: usize = 20_000;

/// A symbol of the catalog: a package, a channel or a bundle, where its name is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// The name.
    pub name: String,
    /// A package, a channel or a bundle.
    pub kind: SymbolKind,
    /// The package it belongs to (for a package, its own name).
    pub package: String,
    /// Where its name is written.
    pub span: Span,
}

/// What a [`Symbol`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymbolKind {
    /// An `olm.package`.
    Package,
    /// An `olm.channel`.
    Channel,
    /// An `olm.bundle`.
    Bundle,
}

/// A bundle name a `replaces` or `skips` can take, with its version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// The bundle's name.
    pub name: String,
    /// Its version, when the catalog gives one.
    pub version: Option<String>,
    /// 0 for the newest version of the package, then up.
    pub rank: usize,
}

impl Workspace {
    /// The name at 1-based `line`, `column` of `path`.
    pub fn token_at(&self, path: &str, line: usize, column: usize) -> Option<Token> {
        token_at(path, self.text(path)?, line, column)
    }

    /// The package that has a bundle or channel entry called `name`: one of `path`'s packages
    /// first, then any.
    ///
    /// # Complexity
    /// O(P·(log B + C·log E)) over P packages.
    pub fn package_of_bundle(&self, path: &str, name: &str) -> Option<&Package> {
        let has = |p: &&Package| {
            p.bundle(name).is_some() || p.channels.iter().any(|c| c.entry(name).is_some())
        };
        let mine = self.packages_of(path).into_iter().find(has);
        mine.or_else(|| self.catalog().packages.iter().find(has))
    }

    /// Where the `olm.bundle` called `name` says its name.
    ///
    /// # Complexity
    /// O(P·log B) to find it, then O(S) for the S bytes of its document read.
    pub fn definition(&self, path: &str, name: &str) -> Option<Span> {
        let pkg = self.package_of_bundle(path, name)?;
        let loc = pkg.bundle(name)?.location.as_ref()?;
        Some(self.name_span(loc, name))
    }

    /// Where the object at `loc` writes `name` as its `name:`, or the location itself.
    fn name_span(&self, loc: &Location, name: &str) -> Span {
        let line = loc.line.unwrap_or(1);
        let found = self
            .text(&loc.file)
            .and_then(|t| value_after(&loc.file, t, line, "name", name, NAME_SEARCH_LINES));
        found.unwrap_or_else(|| {
            let start = loc.column.unwrap_or(1);
            Span {
                file: loc.file.clone(),
                line,
                start,
                end: start,
            }
        })
    }

    /// Every place `name` is written, in every file (the definition among them).
    ///
    /// # Complexity
    /// O(B) for B bytes of text in the workspace.
    pub fn references(&self, name: &str) -> Vec<Span> {
        let texts = self.paths().filter_map(|p| Some((p, self.text(p)?)));
        texts.flat_map(|(p, t)| occurrences(p, t, name)).collect()
    }

    /// The packages, channels and bundles whose objects `path` holds, where they say their
    /// names.
    ///
    /// # Complexity
    /// O(C + B) objects, each found in O(S) bytes of its document.
    pub fn document_symbols(&self, path: &str) -> Vec<Symbol> {
        let mut out = Vec::new();
        for pkg in self.packages_of(path) {
            self.package_symbols(pkg, Some(path), &mut out);
        }
        out
    }

    /// Every package, channel and bundle whose name contains `query` (case ignored), at most
    /// `limit`.
    ///
    /// # Complexity
    /// O(P + C + B) names tested, then O(S) bytes read for each symbol returned.
    pub fn workspace_symbols(&self, query: &str, limit: usize) -> Vec<Symbol> {
        let q = query.to_lowercase();
        let mut out = Vec::new();
        for pkg in &self.catalog().packages {
            let mut all = Vec::new();
            self.package_symbols(pkg, None, &mut all);
            out.extend(
                all.into_iter()
                    .filter(|s| s.name.to_lowercase().contains(&q)),
            );
            if out.len() >= limit {
                out.truncate(limit);
                break;
            }
        }
        out
    }

    /// A package's symbols, those of `file` only when one is given.
    fn package_symbols(&self, pkg: &Package, file: Option<&str>, out: &mut Vec<Symbol>) {
        let wanted = |l: &Option<Location>| {
            l.as_ref()
                .filter(|l| file.is_none_or(|f| l.file == f))
                .cloned()
        };
        let mut push = |name: &str, kind, loc: Location| {
            out.push(Symbol {
                name: name.to_string(),
                kind,
                package: pkg.name.clone(),
                span: self.name_span(&loc, name),
            })
        };
        if let Some(l) = wanted(&pkg.location) {
            push(&pkg.name, SymbolKind::Package, l);
        }
        for c in &pkg.channels {
            if let Some(l) = wanted(&c.location) {
                push(&c.name, SymbolKind::Channel, l);
            }
        }
        for b in &pkg.bundles {
            if let Some(l) = wanted(&b.location) {
                push(&b.name, SymbolKind::Bundle, l);
            }
        }
    }

    /// The bundle names a `replaces` or `skips` at `token` can take: the bundles of the
    /// package the file holds, newest first.
    ///
    /// # Complexity
    /// O(B log B) for the package's B bundles.
    pub fn completions(&self, path: &str, role: Role) -> Vec<Candidate> {
        if !matches!(role, Role::Replaces | Role::Skips) {
            return Vec::new();
        }
        let mut bundles: Vec<&Bundle> = self
            .packages_of(path)
            .into_iter()
            .flat_map(|p| p.bundles.iter())
            .collect();
        bundles.sort_with(|a, b| b.version.cmp(&a.version).then_with(|| a.name.cmp(&b.name)));
        bundles
            .into_iter()
            .enumerate()
            .map(|(rank, b)| Candidate {
                name: b.name.clone(),
                version: b.version.as_ref().map(ToString::to_string),
                rank,
            })
            .collect()
    }

    /// What a bundle is, as Markdown: version, channels, what it replaces and skips, what
    /// replaces it, deprecation, and the OLM v0 path from it to each channel's head.
    ///
    /// # Complexity
    /// O(C·E) to read its channels, then [`resolve_path`] once per channel holding it.
    pub fn hover(&self, path: &str, name: &str) -> Option<String> {
        let Some(pkg) = self.package_of_bundle(path, name) else {
            return self.hover_unknown(path, name);
        };
        let mut md = format!("**{name}** (package `{}`)\n\n", pkg.name);
        match pkg.bundle(name) {
            Some(b) => {
                let v = b.version.as_ref().map(ToString::to_string);
                let _ = writeln!(md, "- version: {}", v.as_deref().unwrap_or("unknown"));
            }
            None => md.push_str("- no `olm.bundle` document (known by name only)\n"),
        }
        let channels = pkg.channels_of(name);
        let _ = writeln!(md, "- channels: {}", list(&channels));
        for c in pkg
            .channels
            .iter()
            .filter(|c| channels.contains(&c.name.as_str()))
        {
            let Some(e) = c.entry(name) else { continue };
            let by: Vec<&str> = c
                .entries
                .iter()
                .filter(|o| {
                    o.replaces.as_deref() == Some(name) || o.skips.iter().any(|s| s == name)
                })
                .map(|o| o.name.as_str())
                .collect();
            let _ = writeln!(
                md,
                "- in `{}`: replaces {}; skips {}{}; replaced or skipped by {}",
                c.name,
                e.replaces
                    .as_deref()
                    .map(|r| format!("`{r}`"))
                    .unwrap_or_else(|| "nothing".into()),
                list(&e.skips.iter().map(String::as_str).collect::<Vec<_>>()),
                e.skip_range
                    .as_deref()
                    .map(|r| format!("; skipRange `{r}`"))
                    .unwrap_or_default(),
                list(&by)
            );
        }
        if let Some(m) = pkg.deprecations.bundles.get(name) {
            let _ = writeln!(md, "- **deprecated**: {m}");
        } else if pkg.is_bundle_deprecated(name) {
            md.push_str("- **deprecated** (olm.deprecated property)\n");
        }
        for c in channels {
            md.push_str(&self.path_text(pkg, c, name));
        }
        Some(md)
    }

    /// A name that no bundle or entry has, in a file of a package that names bundles: what a
    /// `replaces` or `skips` of it means.
    fn hover_unknown(&self, path: &str, name: &str) -> Option<String> {
        let pkg = self.packages_of(path).into_iter().next()?;
        let named = pkg
            .channels
            .iter()
            .flat_map(|c| &c.entries)
            .any(|e| e.replaces.as_deref() == Some(name) || e.skips.iter().any(|s| s == name));
        named.then(|| {
            format!(
                "**{name}**: no bundle and no channel entry of package `{}` has this name; the graph keeps it as a node outside the channel (a bundle pruned from the catalog, or a typo)\n",
                pkg.name
            )
        })
    }

    /// The OLM v0 path from `from` in `channel`, as `olm-graph path` prints it.
    fn path_text(&self, pkg: &Package, channel: &str, from: &str) -> String {
        let options = PathOptions {
            resolver: Resolver::V0,
            channel: Some(channel.to_string()),
            ..PathOptions::default()
        };
        let mut out = format!("\nOLM v0 path in `{channel}`:\n\n```text\n");
        match resolve_path(self.catalog(), &pkg.name, from, &options, None) {
            Ok(p) => {
                if p.hops.is_empty() {
                    out.push_str("  no upgrade\n");
                }
                for (i, h) in p.hops.iter().enumerate() {
                    let _ = writeln!(
                        out,
                        "  {}. {} -> {}  via {}",
                        i + 1,
                        h.from,
                        h.to,
                        via_label(&h.via)
                    );
                }
                let _ = writeln!(out, "  ends on {}: {}", p.end, p.outcome.as_str());
                if let Some(e) = &p.explanation {
                    let _ = writeln!(out, "  why: {}", e.message);
                }
            }
            Err(e) => {
                let _ = writeln!(out, "  {}", e.message);
            }
        }
        out.push_str("```\n");
        out
    }
}

/// Names in backquotes, or "nothing".
fn list(names: &[&str]) -> String {
    if names.is_empty() {
        return "nothing".into();
    }
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
