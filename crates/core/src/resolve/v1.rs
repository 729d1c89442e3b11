//! OLM v1: the ClusterExtension resolver's choice of the next bundle.
//!
//! Mirrors operator-controller's `SuccessorsOf` (legacy successor OR the installed version
//! itself, spec/olm.md §8) and its ordering (spec/olm.md §7.2, §8): non-deprecated first (bundle-level `olm.deprecations` only; the
//! legacy `olm.deprecated` property is ignored), then version and release, highest first.
//! A channel entry whose bundle object is missing is ranked by the version in its name.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::index::ChannelIndex;
use super::{Alternative, Choice, Installed, Reason, UpgradeConstraintPolicy};
use crate::masterminds::VersionRange;
use crate::model::Package;
use crate::semver::Version;
use crate::sort::SortWith;

/// What OLM v1 ranks a candidate by.
struct Ranked<'a> {
    name: &'a str,
    version: Option<Version>,
    release: Option<String>,
    deprecated: bool,
    via: Vec<Reason>,
}

/// Version then release, as `ByVersionAndRelease` (a bundle with a release sorts above one
/// without; unparsable versions last).
fn compare(a: &Ranked, b: &Ranked) -> Ordering {
    // operator-controller's reading: an explicit release, else build metadata that parses as
    // a release; a version or explicit release that does not parse sorts last.
    let read = |x: &Ranked| {
        let version = x.version.as_ref()?;
        crate::release::version_release(version, x.release.as_deref()).ok()
    };
    match (read(a), read(b)) {
        (Some(x), Some(y)) => x
            .version
            .compare(&y.version)
            .then_with(|| compare_release(&x.release.to_string(), &y.release.to_string())),
        (Some(_), None) => Ordering::Greater,
        (None, Some(_)) => Ordering::Less,
        (None, None) => Ordering::Equal,
    }
}

/// Releases are dot-separated pre-release-style identifiers: compare them as a pre-release.
fn compare_release(a: &str, b: &str) -> Ordering {
    crate::release::compare_release_text(a, b)
}

/// Each candidate name once, with every reason that held in any considered channel: the
/// installed bundle (and entries of its version and release), the successors, and under
/// SelfCertified every entry.
fn candidates<'a>(
    channels: &'a [ChannelIndex],
    installed: &Installed,
    policy: UpgradeConstraintPolicy,
) -> BTreeMap<&'a str, Vec<Reason>> {
    let mut out: BTreeMap<&str, Vec<Reason>> = BTreeMap::new();
    for index in channels {
        let mut picked: Vec<(usize, u8)> = index.successors(installed);
        picked.extend(index.position(&installed.name).map(|i| (i, 0)));
        picked.extend(index.same_version(installed).map(|i| (i, 0)));
        if policy == UpgradeConstraintPolicy::SelfCertified {
            picked.extend((0..index.channel.entries.len()).map(|i| (i, 0)));
        }
        picked.sort_keyed(|(i, _)| *i);
        let mut merged: Vec<(usize, u8)> = Vec::with_capacity(picked.len());
        for (i, kinds) in picked {
            match merged.last_mut() {
                Some((j, k)) if *j == i => *k |= kinds,
                _ => merged.push((i, kinds)),
            }
        }
        for (i, kinds) in merged {
            let e = index.entry(i);
            let is_installed = e.name == installed.name || index.is_same_version(i, installed);
            let via = if is_installed {
                Vec::new()
            } else {
                index.reasons(i, kinds)
            };
            let allowed =
                is_installed || !via.is_empty() || policy == UpgradeConstraintPolicy::SelfCertified;
            if !allowed {
                continue;
            }
            let slot = out.entry(e.name.as_str()).or_default();
            for r in via {
                if !slot.contains(&r) {
                    slot.push(r);
                }
            }
        }
    }
    out
}

/// Why OLM v1 passed over `b` for `first`.
fn passed_over(b: &Ranked, first: &Ranked, pkg: &Package) -> String {
    if b.deprecated && !first.deprecated {
        format!(
            "deprecated: OLM v1 prefers the non-deprecated {}",
            first.name
        )
    } else if b.version.is_none() && first.version.is_some() {
        let why = if pkg.bundle(b.name).is_some() {
            "its version does not parse"
        } else {
            "it has no olm.bundle in this catalog and its name carries no version"
        };
        format!(
            "lower preference: {why}, so OLM v1 ranks it below {}",
            first.name
        )
    } else {
        format!("lower preference: {} has a higher version", first.name)
    }
}

/// What a ClusterExtension limits its upgrades by.
pub(crate) struct Limits<'r> {
    pub policy: UpgradeConstraintPolicy,
    /// `spec.source.catalog.version`: candidates outside it are passed over.
    pub version: Option<&'r VersionRange>,
}

/// Why a candidate is outside the version range, or `None` when it is inside.
fn out_of_range(range: &VersionRange, b: &Ranked) -> Option<String> {
    let Some(v) = &b.version else {
        return Some(format!(
            "outside the version range {:?}: its version is unknown",
            range.text()
        ));
    };
    match range.explain(v) {
        Ok(()) => None,
        Err(violations) => {
            let why: Vec<String> = violations.iter().map(ToString::to_string).collect();
            Some(format!(
                "outside the version range {:?}: {}",
                range.text(),
                why.join("; ")
            ))
        }
    }
}

/// One v1 resolution step over the indexed channels.
///
/// # Complexity
/// O(C + k log k) for C channels and k candidates (every entry under SelfCertified), plus
/// O(k·r) for a version range of r constraints.
pub(super) fn next(
    pkg: &Package,
    channels: &[ChannelIndex],
    installed: &Installed,
    limits: &Limits,
) -> Choice {
    pick(pkg, channels, installed, limits).choice
}

/// OLM v1's first-ranked candidate in one catalog: what `CatalogResolver.Resolve` keeps of a
/// catalog before comparing catalogs (the installed bundle itself included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Best {
    pub name: String,
    /// Deprecated by the catalog's own `olm.deprecations`.
    pub deprecated: bool,
}

/// A resolution step with its first-ranked candidate.
#[derive(Debug, Clone)]
pub(crate) struct Pick {
    /// `None` when the catalog has no candidate at all (not even the installed bundle).
    pub best: Option<Best>,
    pub choice: Choice,
}

/// [`next`], keeping the first-ranked candidate even when it is the installed bundle.
///
/// # Complexity
/// As [`next`].
pub(crate) fn pick(
    pkg: &Package,
    channels: &[ChannelIndex],
    installed: &Installed,
    limits: &Limits,
) -> Pick {
    let mut ranked: Vec<Ranked> = candidates(channels, installed, limits.policy)
        .into_iter()
        .map(|(name, via)| {
            let b = pkg.bundle(name);
            Ranked {
                name,
                version: crate::infer::bundle_version(pkg, name).map(|(v, _)| v),
                release: b.and_then(|b| b.release.clone()),
                deprecated: pkg.deprecations.bundles.contains_key(name),
                via,
            }
        })
        .collect();
    // Stable sort: non-deprecated first, then highest version; ties keep name order.
    ranked.sort_with(|a, b| a.deprecated.cmp(&b.deprecated).then_with(|| compare(b, a)));
    let mut outside = Vec::new();
    if let Some(range) = limits.version {
        ranked.retain(|b| match out_of_range(range, b) {
            Some(why) if b.name != installed.name => {
                outside.push(Alternative {
                    bundle: b.name.to_string(),
                    why,
                    via: b.via.clone(),
                });
                false
            }
            Some(_) => false,
            None => true,
        });
    }

    let mut iter = ranked.into_iter();
    let Some(first) = iter.next() else {
        return Pick {
            best: None,
            choice: Choice {
                chosen: None,
                alternatives: outside,
            },
        };
    };
    let best = Best {
        name: first.name.to_string(),
        deprecated: first.deprecated,
    };
    let mut alternatives: Vec<Alternative> = iter
        .filter(|b| b.name != installed.name)
        .map(|b| Alternative {
            bundle: b.name.to_string(),
            why: passed_over(&b, &first, pkg),
            via: b.via,
        })
        .collect();
    alternatives.extend(outside);
    let chosen = (first.name != installed.name).then(|| (first.name.to_string(), first.via));
    Pick {
        best: Some(best),
        choice: Choice {
            chosen,
            alternatives,
        },
    }
}
