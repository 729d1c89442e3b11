//! The CRD-safety lint: an upgrade edge OLM v1's CRD Upgrade Safety preflight refuses is an
//! error finding (`crd.upgrade-unsafe`), with operator-controller's message
//! ([spec/crd-safety.md](../../../../docs/spec/crd-safety.md)). Only for packages whose bundles
//! carry their manifests (a catalog loaded with `LoadOptions::keep_crds`).

use crate::crd::limits::CrdLimits;
use crate::crd::pairs::{upgrade_pairs, Judge};
use crate::crd::Verdict;
use crate::diag::{Diagnostic, Rule};
use crate::model::Package;

/// One error per distinct upgrade pair OLM v1 refuses, at the `to` bundle.
///
/// # Complexity
/// O(E log E) for E edges, plus one judgement per distinct pair of CRD contents.
pub(super) fn lint_crd_safety(pkg: &Package) -> Vec<Diagnostic> {
    if !Judge::carries_manifests(pkg) {
        return Vec::new();
    }
    let mut judge = Judge::new(pkg, None, CrdLimits::default());
    let mut out = Vec::new();
    for p in upgrade_pairs(pkg, None) {
        let Some(j) = judge.pair(&p.from, &p.to) else {
            continue;
        };
        if j.olm_v1.verdict != Verdict::Unsafe {
            continue;
        }
        let msg = format!(
            "upgrade {} -> {} (channel {}): OLM v1 refuses it: {}",
            p.from,
            p.to,
            p.channels.join(", "),
            j.olm_v1.message
        );
        let mut d = Diagnostic::error(Rule::CrdUpgradeUnsafe, msg)
            .package(&pkg.name)
            .bundle(&p.to);
        if let Some(loc) = pkg.bundle(&p.to).and_then(|b| b.location.clone()) {
            d = d.at(loc);
        }
        out.push(d);
    }
    out
}
