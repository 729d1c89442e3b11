//! OLM v1: the ClusterExtension resolver's choice of the next bundle.
//!
//! Mirrors operator-controller's `SuccessorsOf` (legacy successor OR the installed version
//! itself) and its ordering: non-deprecated first (bundle-level `olm.deprecations` only; the
//! legacy `olm.deprecated` property is ignored), then version and release, highest first.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::{successor_reasons, Alternative, Choice, Installed, Reason, UpgradeConstraintPolicy};
use crate::model::{Bundle, Channel, Package};

/// Version then release, as `ByVersionAndRelease` (a bundle with a release sorts above one
/// without; unparsable versions last).
fn compare(a: &Bundle, b: &Bundle) -> Ordering {
    // operator-controller's reading: an explicit release, else build metadata that parses as
    // a release; a version or explicit release that does not parse sorts last.
    let read = |x: &Bundle| {
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

/// One v1 resolution step over the selected channels.
pub(super) fn next(
    pkg: &Package,
    channels: &[&Channel],
    installed: &Installed,
    policy: UpgradeConstraintPolicy,
) -> Choice {
    // Each bundle once, with every reason that held in any considered channel.
    let mut candidates: BTreeMap<&str, Vec<Reason>> = BTreeMap::new();
    for c in channels {
        for e in &c.entries {
            let is_installed = e.name == installed.name
                || pkg
                    .bundle(&e.name)
                    .is_some_and(|b| match (&b.version, &installed.version) {
                        (Some(bv), Some(iv)) => crate::release::same_version_release(
                            bv,
                            b.release.as_deref(),
                            iv,
                            installed.release.as_deref(),
                        ),
                        _ => false,
                    });
            let via = if is_installed {
                Vec::new()
            } else {
                successor_reasons(e, installed)
            };
            let allowed =
                is_installed || !via.is_empty() || policy == UpgradeConstraintPolicy::SelfCertified;
            if !allowed || pkg.bundle(&e.name).is_none() {
                continue;
            }
            let slot = candidates.entry(e.name.as_str()).or_default();
            for r in via {
                if !slot.contains(&r) {
                    slot.push(r);
                }
            }
        }
    }
    let mut ranked: Vec<(&Bundle, Vec<Reason>)> = candidates
        .into_iter()
        .filter_map(|(n, via)| pkg.bundle(n).map(|b| (b, via)))
        .collect();
    let deprecated = |b: &Bundle| pkg.deprecations.bundles.contains_key(&b.name);
    // Stable sort: non-deprecated first, then highest version; ties keep name order.
    ranked.sort_by(|(a, _), (b, _)| {
        deprecated(a)
            .cmp(&deprecated(b))
            .then_with(|| compare(b, a))
    });

    let mut iter = ranked.into_iter();
    let Some((first, via)) = iter.next() else {
        return Choice {
            chosen: None,
            alternatives: Vec::new(),
        };
    };
    let first_name = first.name.clone();
    let mut alternatives = Vec::new();
    for (b, via) in iter {
        if b.name == installed.name {
            continue;
        }
        let why = if deprecated(b) && !deprecated(first) {
            format!("deprecated: OLM v1 prefers the non-deprecated {first_name}")
        } else {
            format!("lower preference: {first_name} has a higher version")
        };
        alternatives.push(Alternative {
            bundle: b.name.clone(),
            via,
            why,
        });
    }
    if first.name == installed.name {
        return Choice {
            chosen: None,
            alternatives,
        };
    }
    Choice {
        chosen: Some((first_name, via)),
        alternatives,
    }
}
