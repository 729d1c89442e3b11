//! The edits of the rules that know their fix ([`Rule::fix`]), as an editor's code action
//! applies them ([docs/spec/lsp.md](../../../../docs/spec/lsp.md) §3).
//!
//! A dangling `replaces` (a name no entry of the channel has, spec/olm.md §2.2) leaves the
//! entry it used to name stranded, which is `opm.validate.chain`'s "stranded bundles": the fix
//! names, instead, the newest entry older than the one that replaces, among the entries no
//! other entry names.

use std::collections::BTreeSet;

use super::names::{value_after, Span};
use super::Workspace;
use crate::diag::Rule;
use crate::model::{Channel, Package};
use crate::semver::Version;

/// How far below a channel's location its entries are looked for.
const CHANNEL_SEARCH_LINES: usize = 1_000_000;

/// One fix: a title, the rule whose finding it clears, and the edits (each a span of one line
/// and its new text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What an editor offers the fix as (`Replace b instead of the missing a`).
    pub title: String,
    /// The rule whose finding it clears.
    pub rule: Rule,
    /// The channel whose finding it clears.
    pub channel: String,
    /// The 1-based line of the finding it clears (the channel's document).
    pub finding_line: Option<usize>,
    /// Each edit: a stretch of one line and the text that replaces it.
    pub edits: Vec<(Span, String)>,
}

impl Workspace {
    /// The fixes for the channels `path` holds.
    ///
    /// # Complexity
    /// O(E log E) per channel of E entries, then O(S) bytes of its document read per fix.
    pub fn fixes(&self, path: &str) -> Vec<Fix> {
        let mut out = Vec::new();
        for pkg in self.packages_of(path) {
            for c in &pkg.channels {
                let here = c.location.as_ref().is_some_and(|l| l.file == path);
                if here {
                    out.extend(self.dangling_replaces(pkg, c, path));
                }
            }
        }
        out
    }

    /// The fixes of the channel's dangling `replaces`.
    fn dangling_replaces(&self, pkg: &Package, c: &Channel, path: &str) -> Vec<Fix> {
        let entries: BTreeSet<&str> = c.entries.iter().map(|e| e.name.as_str()).collect();
        let named: BTreeSet<&str> = c
            .entries
            .iter()
            .flat_map(|e| e.replaces.iter().chain(e.skips.iter()))
            .map(String::as_str)
            .collect();
        let version = |n: &str| pkg.bundle(n).and_then(|b| b.version.clone());
        let line = c.location.as_ref().and_then(|l| l.line);
        let text = self.text(path).unwrap_or_default();
        let mut out = Vec::new();
        for e in &c.entries {
            let Some(r) = e.replaces.as_deref().filter(|r| !entries.contains(r)) else {
                continue;
            };
            let Some(mine) = version(&e.name) else {
                continue;
            };
            let best: Option<(Version, &str)> = c
                .entries
                .iter()
                .filter(|o| o.name != e.name && !named.contains(o.name.as_str()))
                .filter_map(|o| version(&o.name).map(|v| (v, o.name.as_str())))
                .filter(|(v, _)| *v < mine)
                .max();
            let Some((_, to)) = best else { continue };
            let from_line = line.unwrap_or(1);
            let Some(span) =
                value_after(path, text, from_line, "replaces", r, CHANNEL_SEARCH_LINES)
            else {
                continue;
            };
            out.push(Fix {
                title: format!("Replace {to} instead of the missing {r}"),
                rule: Rule::OpmValidateChain,
                channel: c.name.clone(),
                finding_line: line,
                edits: vec![(span, to.to_string())],
            });
        }
        out
    }
}
