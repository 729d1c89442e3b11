//! Konflux's `fbc-target-index-pruning-check`: an FBC fragment may not drop a channel, or an
//! entry of a channel, that its target index publishes, unless the channel's name contains
//! `dev-preview`, `pre-ga` or `candidate` (spec/preflight.md §3).

use std::collections::{HashMap, HashSet};

use crate::model::{Catalog, Package};
use crate::sort::SortWith;

use super::{Check, Outcome};

/// The task's name.
pub(super) const CHECK: &str = "fbc-target-index-pruning-check";

/// The task's exemption: a channel whose name contains one of these may be pruned
/// (spec/preflight.md §3.2).
pub(super) const EXEMPT: &[&str] = &["dev-preview", "pre-ga", "candidate"];

/// Whether the task lets `channel` be pruned.
pub(super) fn exempt(channel: &str) -> bool {
    EXEMPT.iter().any(|e| channel.contains(e))
}

/// A character `grep -w` counts as part of a word.
fn word_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Names the way the task looks them up: `echo "${names[@]}" | grep -Fwq NAME` finds NAME as
/// a whole word anywhere in the space-joined names, so `stable` is found in `stable-v2` and
/// `op.v1.0` in `op.v1.0.1` (spec/preflight.md §3.3).
struct WordList<'a> {
    exact: HashSet<&'a str>,
    names: Vec<&'a str>,
    parts: Option<HashSet<&'a str>>,
}

impl<'a> WordList<'a> {
    fn new(names: Vec<&'a str>) -> WordList<'a> {
        WordList {
            exact: names.iter().copied().collect(),
            names,
            parts: None,
        }
    }

    /// `grep -Fwq needle`. The pieces between word boundaries are listed once, on the first
    /// name not found whole.
    ///
    /// # Complexity
    /// O(L) for a name found whole; the first other lookup lists O(Σ l²) pieces of the names
    /// (l a name's length; names are short), later ones O(L).
    fn finds(&mut self, needle: &str) -> bool {
        if self.exact.contains(needle) {
            return true;
        }
        let names = &self.names;
        let parts = self.parts.get_or_insert_with(|| {
            let mut set = HashSet::new();
            for name in names {
                let b = name.as_bytes();
                let starts = (0..b.len()).filter(|&p| p == 0 || !word_char(b[p - 1]));
                for p in starts {
                    for e in p + 1..=b.len() {
                        let ends_word = e == b.len() || !word_char(b[e]);
                        if ends_word && name.is_char_boundary(p) && name.is_char_boundary(e) {
                            set.insert(&name[p..e]);
                        }
                    }
                }
            }
            set
        });
        parts.contains(needle)
    }
}

/// The packages that have channels, by name, as the task lists them (`sort -u`).
fn channel_packages(catalog: &Catalog) -> Vec<&Package> {
    let mut packages: Vec<&Package> = catalog
        .packages
        .iter()
        .filter(|p| !p.channels.is_empty())
        .collect();
    packages.sort_with(|a, b| a.name.cmp(&b.name));
    packages
}

/// One package's channels and entries against the target's (spec/preflight.md §3.1).
///
/// # Complexity
/// O(N) for N channels and entries of the package in both catalogs, plus the first lookup
/// that misses ([`WordList::finds`]).
fn compare_package(pkg: &str, fragment: &Package, target: &Package, out: &mut Vec<String>) -> bool {
    let mut passed = true;
    let mut kept = Vec::new();
    let mut names = WordList::new(fragment.channels.iter().map(|c| c.name.as_str()).collect());
    for chan in &target.channels {
        let c = chan.name.as_str();
        if names.finds(c) {
            kept.push(chan);
        } else if exempt(c) {
            out.push(format!(
                "FBC fragment prunes entire {pkg}.{c} channel. Pruning in {c} channel is allowed."
            ));
        } else {
            out.push(format!(
                "!FAILURE! - FBC fragment prunes entire {pkg}.{c} channel."
            ));
            passed = false;
        }
    }
    // The fragment's entries of each channel, by the channel's exact name.
    let mut by_name: HashMap<&str, Vec<&str>> = HashMap::new();
    for f in &fragment.channels {
        let names = f.entries.iter().map(|e| e.name.as_str());
        by_name.entry(f.name.as_str()).or_default().extend(names);
    }
    for chan in kept {
        let c = chan.name.as_str();
        let mut entries = WordList::new(by_name.get(c).cloned().unwrap_or_default());
        for entry in &chan.entries {
            let e = entry.name.as_str();
            if entries.finds(e) {
                continue;
            }
            if exempt(c) {
                out.push(format!(
                    "FBC fragment prunes {e} from {pkg}.{c} channel. Pruning in {c} channel is allowed."
                ));
            } else {
                out.push(format!(
                    "!FAILURE! - FBC fragment prunes {e} from {pkg}.{c} channel."
                ));
                passed = false;
            }
        }
    }
    passed
}

/// The task's run against one target index: whether it passed, and its lines.
///
/// # Complexity
/// O(N) for N packages, channels and entries in both catalogs, plus the lookups that miss.
fn against(fragment: &Catalog, target: &Catalog, out: &mut Vec<String>) -> bool {
    let failed = |out: &mut Vec<String>, what: &str| {
        out.push(format!(
            "Task {CHECK} failed: No OLM packages detected in {what}."
        ));
        false
    };
    let fbc_pkgs = channel_packages(fragment);
    if fbc_pkgs.is_empty() {
        return failed(out, "FBC fragment");
    }
    let ndx_pkgs = channel_packages(target);
    if ndx_pkgs.is_empty() {
        return failed(out, "target index");
    }
    let mut ndx_names = WordList::new(ndx_pkgs.iter().map(|p| p.name.as_str()).collect());
    let ndx_by_name: HashMap<&str, &Package> =
        ndx_pkgs.iter().map(|p| (p.name.as_str(), *p)).collect();
    let mut passed = true;
    let mut tested = 0;
    for pkg in fbc_pkgs {
        if !ndx_names.finds(&pkg.name) {
            continue;
        }
        tested += 1;
        // The task selects the target's channels by the exact package name.
        if let Some(target_pkg) = ndx_by_name.get(pkg.name.as_str()) {
            passed &= compare_package(&pkg.name, pkg, target_pkg, out);
        }
    }
    if tested == 0 {
        out.push("FBC fragment is not modifying any existing channels in the target index.".into());
    }
    passed
}

/// `fbc-target-index-pruning-check` of `fragment` against each of `targets` (each a rendered
/// target index); `skip` without one (spec/preflight.md §3).
///
/// # Complexity
/// O(T · N) for T targets and N packages, channels and entries, plus the lookups that miss.
pub(super) fn target_index_pruning(fragment: &Catalog, targets: &[Catalog]) -> Check {
    if targets.is_empty() {
        return Check::skipped(
            CHECK,
            "needs the target index: give it as local FBC (--target-index)",
        );
    }
    let mut messages = Vec::new();
    let mut passed = true;
    for target in targets {
        passed &= against(fragment, target, &mut messages);
    }
    Check {
        name: CHECK.to_string(),
        result: if passed { Outcome::Pass } else { Outcome::Fail },
        messages,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dev_preview_and_pre_ga_channels_may_be_pruned() {
        assert!(exempt("stable-dev-preview"));
        assert!(exempt("pre-ga"));
        assert!(!exempt("stable"));
    }
}
