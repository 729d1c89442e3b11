//! "Why am I stuck?": one plain sentence when a path ends before the channel head, naming the
//! edge or bundle responsible, with a suggested catalog change as a YAML snippet. The reasons
//! are those of the resolvers' rules (spec/olm.md §5.2, §8) and of fail-forward (§6).

use serde::Serialize;

use super::index::ChannelIndex;
use super::{Alternative, Failure, FailureKind, Installed, Outcome, Resolver, UpgradeStrategy};
use crate::graph::{EdgeKind, Head};
use crate::model::{ChannelEntry, Package};

/// Why a path ends where it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// A stable code: `skips-not-transitive`, `not-in-channel`, `no-successor`, `prohibited-v0`,
    /// `stranded-v0`, `v1-deprecated`, `v1-lower`, `v1-unknown-version`, `several-heads`,
    /// `unknown-version`, `failed-blocked`, `failed-waiting`, `cycle`.
    pub code: &'static str,
    /// The sentence.
    pub message: String,
    /// The bundle responsible, when one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bundle: Option<String>,
    /// The edge responsible (from, to, kind), when one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edge: Option<(String, String, EdgeKind)>,
    /// The suggested catalog change in words.
    pub suggestion: String,
    /// The same change as an FBC YAML snippet to copy, when it is a catalog edit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet: Option<String>,
}

impl Explanation {
    /// The path would go back to `to` from `at`: it stops instead of looping.
    pub fn cycle(at: &str, to: &str) -> Explanation {
        Explanation {
            code: "cycle",
            message: format!(
                "the path would return to {to} from {at}: it stops here instead of looping"
            ),
            bundle: Some(to.to_string()),
            edge: None,
            suggestion: "remove the upgrade edge that leads back to an earlier bundle".into(),
            snippet: None,
        }
    }
}

fn yaml_str(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c))
        && !s.starts_with(['-', '.'])
        && s.parse::<f64>().is_err();
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "''"))
    }
}

/// An FBC channel snippet holding one entry.
fn entry_snippet(package: &str, channel: &str, e: &ChannelEntry) -> String {
    let mut s = format!(
        "schema: olm.channel\npackage: {}\nname: {}\nentries:\n- name: {}\n",
        yaml_str(package),
        yaml_str(channel),
        yaml_str(&e.name)
    );
    if let Some(r) = &e.replaces {
        s += &format!("  replaces: {}\n", yaml_str(r));
    }
    if !e.skips.is_empty() {
        s += "  skips:\n";
        for k in &e.skips {
            s += &format!("  - {}\n", yaml_str(k));
        }
    }
    if let Some(r) = &e.skip_range {
        s += &format!("  skipRange: {}\n", yaml_str(r));
    }
    s
}

/// What every explanation of one stop needs.
struct Stop<'s, 'a> {
    pkg: &'a Package,
    index: &'s ChannelIndex<'a>,
    current: &'s Installed,
    head_name: String,
}

impl Stop<'_, '_> {
    fn cur(&self) -> &str {
        &self.current.name
    }

    fn ch(&self) -> &str {
        &self.index.channel.name
    }

    /// The head's entry with one change, as a snippet.
    fn head_snippet(&self, change: impl FnOnce(&mut ChannelEntry)) -> Option<String> {
        self.index.entry_named(&self.head_name).map(|h| {
            let mut fixed = h.clone();
            change(&mut fixed);
            entry_snippet(&self.pkg.name, self.ch(), &fixed)
        })
    }
}

/// Explains why a path stopped at `current` with no further hop; `None` when that is the head.
///
/// # Complexity
/// O(A + L) for A alternatives and L the size of the snippet: every lookup goes through the
/// resolver's channel index.
pub(super) fn explain_stop(
    pkg: &Package,
    index: Option<&ChannelIndex>,
    rules: Resolver,
    current: &Installed,
    alternatives: &[Alternative],
) -> Option<Explanation> {
    let index = index?;
    let head = &index.head;
    if head.name() == Some(current.name.as_str()) {
        return None;
    }
    if let Head::Multiple(heads) = head {
        return Some(several_heads(&index.channel.name, &current.name, heads));
    }
    let stop = Stop {
        pkg,
        index,
        current,
        head_name: head.name().unwrap_or_default().to_string(),
    };
    let by_rules = match rules {
        Resolver::V0 => explain_v0(&stop, alternatives),
        Resolver::V1 => explain_v1(&stop, alternatives),
    };
    by_rules
        .or_else(|| unknown_version(&stop))
        .or_else(|| Some(no_successor(&stop)))
}

fn several_heads(ch: &str, cur: &str, heads: &[String]) -> Explanation {
    Explanation {
        code: "several-heads",
        message: format!(
            "channel {ch:?} has several heads ({}): nothing links them, so {cur} can end on a head other than the newest",
            heads.join(", ")
        ),
        bundle: heads.first().cloned(),
        edge: None,
        suggestion: format!("let the newest head replace or skip the others ({})", heads.join(", ")),
        snippet: None,
    }
}

/// OLM v0: something upgrades us, but v0 never offers it.
fn explain_v0(stop: &Stop, alternatives: &[Alternative]) -> Option<Explanation> {
    let (cur, head_name) = (stop.cur(), stop.head_name.as_str());
    if let Some(alt) = alternatives
        .iter()
        .find(|a| a.why.starts_with("never offered: skipped by"))
    {
        let skipper = stop
            .index
            .skippers(&alt.bundle)
            .next()
            .map(|i| stop.index.entry(i));
        let skipper_name = skipper.map(|e| e.name.clone()).unwrap_or_default();
        let kind = alt.via.first().map_or(EdgeKind::Replaces, |r| r.kind);
        let snippet = skipper.map(|e| {
            let mut fixed = e.clone();
            fixed.skips.push(cur.to_string());
            entry_snippet(&stop.pkg.name, stop.ch(), &fixed)
        });
        return Some(Explanation {
            code: "skips-not-transitive",
            message: format!(
                "{cur} is stuck: {} upgrades it ({}), but {} is skipped by {skipper_name}, and OLM v0 never upgrades to a skipped entry; {skipper_name} does not replace, skip or range over {cur} itself (skips are not transitive)",
                alt.bundle,
                super::via_label(&alt.via),
                alt.bundle
            ),
            bundle: Some(alt.bundle.clone()),
            edge: Some((cur.to_string(), alt.bundle.clone(), kind)),
            suggestion: format!("add {cur} to the skips of {skipper_name} (or give {skipper_name} a skipRange that includes {cur})"),
            snippet,
        });
    }
    if let Some(alt) = alternatives
        .iter()
        .find(|a| a.why.starts_with("prohibited"))
    {
        return Some(Explanation {
            code: "prohibited-v0",
            message: format!(
                "the only successor of {cur}, {}, carries the legacy olm.deprecated property, which OLM v0 prohibits: the subscription stays on {cur}",
                alt.bundle
            ),
            bundle: Some(alt.bundle.clone()),
            edge: alt.via.first().map(|r| (cur.to_string(), alt.bundle.clone(), r.kind)),
            suggestion: format!("remove olm.deprecated from {} or publish a bundle that replaces {cur}", alt.bundle),
            snippet: None,
        });
    }
    let alt = alternatives.iter().find(|a| {
        a.why
            .starts_with("never offered: not on the replaces chain")
    })?;
    Some(Explanation {
        code: "stranded-v0",
        message: format!(
            "{} upgrades {cur}, but it is not on the replaces chain from the head {head_name}, so OLM v0 never offers it",
            alt.bundle
        ),
        bundle: Some(alt.bundle.clone()),
        edge: alt.via.first().map(|r| (cur.to_string(), alt.bundle.clone(), r.kind)),
        suggestion: format!("make the replaces chain from {head_name} pass through {}", alt.bundle),
        snippet: None,
    })
}

/// OLM v1: successors exist, but the installed bundle ranks above them.
fn explain_v1(stop: &Stop, alternatives: &[Alternative]) -> Option<Explanation> {
    let cur = stop.cur();
    let lower: Vec<&Alternative> = alternatives.iter().filter(|a| !a.via.is_empty()).collect();
    let names: Vec<&str> = lower.iter().map(|a| a.bundle.as_str()).collect();
    let first = names.first().map(|s| s.to_string());
    if lower.is_empty() {
        return None;
    }
    if let Some(e) = outside_range(cur, &lower) {
        return Some(e);
    }
    if lower.iter().all(|a| a.why.starts_with("deprecated")) {
        return Some(Explanation {
            code: "v1-deprecated",
            message: format!(
                "every successor of {cur} is deprecated ({}), and OLM v1 prefers staying on the non-deprecated {cur}",
                names.join(", ")
            ),
            bundle: first,
            edge: None,
            suggestion: format!("publish a non-deprecated bundle that replaces {cur}, or remove the deprecation of {}", names[0]),
            snippet: None,
        });
    }
    let unversioned = |n: &&str| {
        stop.index
            .position(n)
            .is_some_and(|i| stop.index.version(i).is_none())
    };
    if stop.current.version.is_some() && names.iter().all(unversioned) {
        let missing = names.iter().all(|n| stop.pkg.bundle(n).is_none());
        let why = if missing {
            "have no olm.bundle in this catalog and no version in their names"
        } else {
            "have no version OLM v1 can read"
        };
        return Some(Explanation {
            code: "v1-unknown-version",
            message: format!(
                "the entries that would upgrade {cur} ({}) {why}, and OLM v1 ranks a bundle without a version below {cur}",
                names.join(", ")
            ),
            bundle: first,
            edge: None,
            suggestion: "open the whole catalog (the olm.bundle objects give the versions), or give the bundles valid semver versions".into(),
            snippet: None,
        });
    }
    Some(Explanation {
        code: "v1-lower",
        message: format!(
            "the successors the catalog declares for {cur} ({}) have lower versions, and OLM v1 stays on the highest, {cur}",
            names.join(", ")
        ),
        bundle: first,
        edge: None,
        suggestion: format!("publish a higher version that replaces {cur}"),
        snippet: None,
    })
}

/// OLM v1: the successors that would rank above the installed bundle are outside the
/// ClusterExtension's version range.
fn outside_range(cur: &str, alternatives: &[&Alternative]) -> Option<Explanation> {
    const PREFIX: &str = "outside the version range ";
    let outside: Vec<&&Alternative> = alternatives
        .iter()
        .filter(|a| a.why.starts_with(PREFIX))
        .collect();
    let first = outside.first()?;
    let range = first.why[PREFIX.len()..]
        .split_once(':')
        .map_or("", |(r, _)| r);
    let names: Vec<&str> = outside.iter().map(|a| a.bundle.as_str()).collect();
    Some(Explanation {
        code: "v1-version-range",
        message: format!(
            "the successors of {cur} that OLM v1 would rank higher ({}) are outside the ClusterExtension's version range {range}, so it stays on {cur}",
            names.join(", ")
        ),
        bundle: Some(first.bundle.clone()),
        edge: None,
        suggestion: format!("widen the ClusterExtension's version range to take {}", first.bundle),
        snippet: None,
    })
}

/// The installed bundle has no version, so no skipRange can match it.
fn unknown_version(stop: &Stop) -> Option<Explanation> {
    if stop.current.version.is_some() || !stop.index.has_ranges() {
        return None;
    }
    let (cur, ch, head_name) = (stop.cur(), stop.ch(), stop.head_name.as_str());
    let why = if stop.pkg.bundle(cur).is_some() {
        format!("{cur}'s version does not parse as semver")
    } else if stop.index.position(cur).is_some() {
        format!("{cur} has no olm.bundle in this catalog and its name carries no version, so its version is unknown")
    } else {
        format!("{cur} is not a bundle of this catalog, so its version is unknown")
    };
    Some(Explanation {
        code: "unknown-version",
        message: format!("{why}, so no skipRange can match it, and no entry of channel {ch:?} replaces or skips it by name"),
        bundle: Some(cur.to_string()),
        edge: None,
        suggestion: format!("name {cur} in the skips of the head {head_name}"),
        snippet: stop.head_snippet(|h| h.skips.push(cur.to_string())),
    })
}

/// Nothing upgrades us: suggest a range on the head that covers our version.
fn no_successor(stop: &Stop) -> Explanation {
    let (cur, ch, head_name) = (stop.cur(), stop.ch(), stop.head_name.as_str());
    let head_entry = stop.index.entry_named(head_name);
    let head_version = stop
        .index
        .position(head_name)
        .and_then(|i| stop.pkg.bundle(&stop.index.entry(i).name))
        .and_then(|b| b.version.as_ref());
    let range = match (&stop.current.version, head_version) {
        (Some(v), Some(hv)) => Some(format!(">={v} <{hv}")),
        _ => None,
    };
    let snippet = stop.head_snippet(|fixed| match &range {
        Some(r) if fixed.skip_range.is_none() => fixed.skip_range = Some(r.clone()),
        _ => fixed.skips.push(cur.to_string()),
    });
    let suggestion = match (&range, head_entry.and_then(|h| h.skip_range.as_ref())) {
        (Some(r), None) => {
            format!("give the head {head_name} the skipRange {r:?} (or let an entry replace {cur})")
        }
        (_, Some(existing)) => format!(
            "widen the head's skipRange {existing:?} to include {cur}, or add {cur} to its skips"
        ),
        (None, None) => format!("add {cur} to the skips of the head {head_name}"),
    };
    let version = stop
        .current
        .version
        .as_ref()
        .map(|v| format!(" {v}"))
        .unwrap_or_default();
    let (code, message) = if stop.index.position(cur).is_some() {
        (
            "no-successor",
            format!("no entry of channel {ch:?} replaces {cur}, skips it, or has a skipRange that includes its version{version}"),
        )
    } else {
        (
            "not-in-channel",
            format!(
                "{cur} is not in channel {ch:?}, and no entry of it replaces {cur}, skips it, or has a skipRange that includes its version{version}"
            ),
        )
    };
    Explanation {
        code,
        message,
        bundle: Some(cur.to_string()),
        edge: None,
        suggestion,
        snippet,
    }
}

/// What a failed upgrade does, with the manual recovery where one is needed.
pub(super) fn failure_explanation(
    f: &Failure,
    previous: &str,
    kind: EdgeKind,
    outcome: Outcome,
    has_update: bool,
) -> Explanation {
    let failed = &f.bundle;
    let (code, message, suggestion) = match (f.kind, f.strategy, outcome) {
        (FailureKind::Csv, UpgradeStrategy::Default, _) => (
            "failed-blocked",
            format!("the CSV of {failed} reached phase Failed; with the Default upgrade strategy OLM stops: {previous} stays Replacing, {failed} stays Failed, and no newer catalog content is picked up"),
            format!("recover by hand: delete the failed CSV {failed} (and the InstallPlan that installed it), fix what made it fail, then let the Subscription resolve again; or set the OperatorGroup's upgradeStrategy to TechPreviewUnsafeFailForward and publish a bundle that replaces or skips {failed}"),
        ),
        (FailureKind::InstallPlan, UpgradeStrategy::Default, _) => (
            "failed-blocked",
            format!("the InstallPlan for {failed} failed before it was installed; with the Default upgrade strategy the Subscription keeps pointing at the failed InstallPlan, so the cluster stays on {previous} and resolution stops"),
            "recover by hand: delete the failed InstallPlan and remove the Subscription's reference to it (delete and recreate the Subscription), after fixing the cause; or switch the OperatorGroup to TechPreviewUnsafeFailForward".to_string(),
        ),
        (FailureKind::Csv, _, Outcome::WaitingForCatalogUpdate) => (
            "failed-waiting",
            format!("the CSV of {failed} failed; fail-forward lets OLM upgrade away from {failed}, but the catalog has no bundle that replaces, skips or ranges over {failed} yet"),
            format!("publish a bundle that replaces {failed} (or skips it, or whose skipRange includes its version){}", if has_update { "; the updated catalog does not have one" } else { "" }),
        ),
        (FailureKind::InstallPlan, _, Outcome::WaitingForCatalogUpdate) => (
            "failed-waiting",
            format!("the InstallPlan for {failed} failed; fail-forward retries resolution from {previous}, but the catalog still offers {failed}, so the same InstallPlan would be produced"),
            format!("publish a bundle that upgrades {previous} and is preferred over {failed} (for example one that skips {failed} and replaces {previous}){}", if has_update { "; the updated catalog does not have one" } else { "" }),
        ),
        (_, _, _) => (
            "failed-forward",
            format!("the upgrade to {failed} failed and fail-forward moved past it"),
            String::new(),
        ),
    };
    Explanation {
        code,
        message,
        bundle: Some(failed.clone()),
        edge: Some((previous.to_string(), failed.clone(), kind)),
        suggestion,
        snippet: None,
    }
}
