//! The support lifecycle overlay: each node of a view with its bundle's [`BundleSupport`]
//! (phase, phase end, end of life, platform compatibility, from [`crate::support`]) and the
//! [`PhaseClass`] it is tinted by, for the app and the SVG export alike. Nothing here decides a
//! phase: the facts come from [`PackageLifecycle::bundle`].

use crate::model::Package;
use crate::sort::SortWith;
use crate::support::{unlisted_streams, AsOf, BundleSupport, LifecycleBlob, PackageLifecycle};
use crate::text::plural;

use super::phase::PhaseClass;
use super::GraphView;

/// The overlay of one package on one day (and platform): every bundle's facts, and the
/// streams the package ships without lifecycle data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SupportOverlay {
    /// The day (and platform) the facts are for.
    pub as_of: AsOf,
    /// The package has at least one lifecycle blob.
    pub has_data: bool,
    /// The shipped streams without an entry, in version order.
    pub unlisted_streams: Vec<String>,
    /// Every bundle's facts, sorted by bundle name.
    facts: Vec<BundleSupport>,
}

impl SupportOverlay {
    /// The overlay of `package` from `blobs` (a catalog's [`crate::model::Catalog::lifecycles`]).
    ///
    /// # Complexity
    /// O(n + s + B · (p + v) + B log B) for n blobs, s stream entries and B bundles of p phases
    /// and v platform versions.
    pub fn of(blobs: &[LifecycleBlob], package: &Package, as_of: AsOf) -> SupportOverlay {
        let lifecycle = PackageLifecycle::of(blobs, &package.name);
        let mut facts = lifecycle.package(package, &as_of);
        facts.sort_with(|a, b| a.bundle.cmp(&b.bundle));
        let has_data = !lifecycle.is_empty();
        SupportOverlay {
            unlisted_streams: if has_data {
                unlisted_streams(&lifecycle, package)
            } else {
                Vec::new()
            },
            as_of,
            has_data,
            facts,
        }
    }

    /// The facts of bundle `name`.
    ///
    /// # Complexity
    /// O(log B) for B bundles.
    pub fn facts(&self, name: &str) -> Option<&BundleSupport> {
        self.facts
            .binary_search_by(|f| f.bundle.as_str().cmp(name))
            .ok()
            .map(|i| &self.facts[i])
    }

    /// The notice about shipped streams without data: "2 shipped streams of submariner have
    /// no lifecycle data: 0.23, 0.24"; `None` when every stream has an entry.
    ///
    /// # Complexity
    /// O(S) for S such streams.
    pub fn notice(&self, package: &str) -> Option<String> {
        let n = self.unlisted_streams.len();
        (n > 0).then(|| {
            let have = if n == 1 { "has" } else { "have" };
            format!(
                "{} of {package} {have} no lifecycle data: {}",
                plural(n, "shipped stream", "shipped streams"),
                self.unlisted_streams.join(", ")
            )
        })
    }
}

impl GraphView {
    /// Puts `overlay`'s facts on the nodes that are bundles of the package (a node that is not,
    /// such as a name only a `replaces` gives, gets none), and marks the view as drawn with the
    /// overlay ([`GraphView::support`]).
    ///
    /// # Complexity
    /// O(V log B) for V nodes and B bundles.
    pub fn apply_support(&mut self, overlay: &SupportOverlay) {
        for n in &mut self.nodes {
            n.support = overlay.facts(&n.name).cloned();
        }
        self.support = Some(overlay.as_of.clone());
    }

    /// The phase classes of the nodes drawn with a tint, each once, in the legend's order
    /// (empty without the overlay).
    ///
    /// # Complexity
    /// O(V) for V nodes.
    pub fn phase_classes(&self) -> Vec<PhaseClass> {
        let mut seen = [false; 6];
        for n in &self.nodes {
            if let Some(c) = n.phase_class() {
                seen[c as usize] = true;
            }
        }
        PhaseClass::ALL
            .into_iter()
            .filter(|c| seen[*c as usize])
            .collect()
    }
}

/// The lines the overlay adds to a node's tooltip and details: the phase (and until when), the
/// end of life, and whether it runs on the platform asked.
///
/// # Complexity
/// O(1).
pub fn support_lines(s: &BundleSupport, as_of: &AsOf) -> Vec<String> {
    let mut out = Vec::with_capacity(3);
    let phase = match (&s.phase, s.phase_ends) {
        (Some(p), Some(end)) => format!("support on {}: {p} (until {end})", as_of.date),
        (Some(p), None) => format!("support on {}: {p}", as_of.date),
        (None, _) => format!("support on {}: no lifecycle data", as_of.date),
    };
    out.push(phase);
    if let Some(eol) = s.end_of_life {
        out.push(format!("end of life: {eol}"));
    }
    if let (Some(p), Some(ok)) = (&as_of.platform, s.compatible) {
        let word = if ok { "yes" } else { "no" };
        out.push(format!("runs on OpenShift {p}: {word}"));
    }
    out
}
