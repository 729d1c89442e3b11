//! What the lifecycle data says about a bundle on a given day and platform: its stream, its
//! support phase, when that phase ends, when the stream reaches end of life, and whether it
//! runs on the platform.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::date::Date;
use crate::model::support_blob::{LifecycleBlob, StreamEntry};
use crate::model::{Bundle, Package};
use crate::semver::Version;

/// The phase name after a stream's last `endDate`.
pub const END_OF_LIFE: &str = "end of life";
/// The phase name before a stream's first `startDate`.
pub const NOT_YET_SUPPORTED: &str = "not yet supported";

/// The question: which day, and which platform (`MAJOR.MINOR` of OpenShift), if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AsOf {
    /// The day.
    pub date: Date,
    /// The OpenShift version asked about (`4.16`), if any.
    pub platform: Option<String>,
}

/// Where a day falls in a stream's phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhaseAt<'b> {
    /// Within this phase (index in the stream's list).
    In(usize, &'b str),
    /// After the stream's end of life.
    EndOfLife,
    /// Before its first phase.
    NotYetSupported,
    /// Between two phases, or no phase has readable dates.
    Gap,
}

/// The lifecycle facts of one bundle, as `lifecycle --json` writes them (the app draws them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BundleSupport {
    /// The bundle's name.
    pub bundle: String,
    /// The bundle's version as written (`None` without one).
    pub version: Option<String>,
    /// MAJOR.MINOR of the version (`None` without a version).
    pub stream: Option<String>,
    /// The phase's name, `end of life`, `not yet supported`, or `None` (a gap, no entry).
    pub phase: Option<String>,
    /// The last day of that phase, when known.
    pub phase_ends: Option<Date>,
    /// The stream's end of life, when known.
    pub end_of_life: Option<Date>,
    /// Whether the stream's `openshift` platforms list the platform asked (`None`: no
    /// platform asked, or no such list).
    pub compatible: Option<bool>,
}

impl BundleSupport {
    /// Past the stream's last day.
    pub fn is_end_of_life(&self) -> bool {
        self.phase.as_deref() == Some(END_OF_LIFE)
    }
}

/// The stream of a version: `MAJOR.MINOR`, pre-release and build metadata ignored.
pub fn stream_of(version: &Version) -> String {
    format!("{}.{}", version.major, version.minor)
}

/// A phase's dates when both are real days.
fn dates(p: &crate::model::support_blob::Phase) -> Option<(Date, Date)> {
    let d = |t: &crate::model::support_blob::Text| t.text.as_deref()?.parse::<Date>().ok();
    Some((d(&p.start_date)?, d(&p.end_date)?))
}

impl StreamEntry {
    /// Where `day` falls: the first phase (in order) with `startDate ≤ day ≤ endDate`, else end
    /// of life after the last `endDate`, not yet supported before the first `startDate`, else
    /// a gap. Phases whose dates are not real days are left out.
    ///
    /// # Complexity
    /// O(p) for p phases.
    pub fn phase_at(&self, day: Date) -> PhaseAt<'_> {
        let mut first: Option<Date> = None;
        let mut last: Option<Date> = None;
        for (i, p) in self.phases.iter().enumerate() {
            let Some((start, end)) = dates(p) else {
                continue;
            };
            if start <= day && day <= end {
                return PhaseAt::In(i, p.name.text.as_deref().unwrap_or_default());
            }
            first = Some(first.map_or(start, |f| f.min(start)));
            last = Some(last.map_or(end, |l| l.max(end)));
        }
        match (first, last) {
            (_, Some(l)) if day > l => PhaseAt::EndOfLife,
            (Some(f), _) if day < f => PhaseAt::NotYetSupported,
            _ => PhaseAt::Gap,
        }
    }

    /// The stream's last `endDate` (the latest real one).
    ///
    /// # Complexity
    /// O(p) for p phases.
    pub fn end_of_life(&self) -> Option<Date> {
        self.phases
            .iter()
            .filter_map(|p| dates(p).map(|d| d.1))
            .max()
    }

    /// Whether the `openshift` platforms list `platform`; `None` without such an entry.
    ///
    /// # Complexity
    /// O(v) for v platform versions.
    pub fn compatible_with(&self, platform: &str) -> Option<bool> {
        let os = self.openshift()?;
        Some(
            os.versions
                .iter()
                .any(|v| v.text.as_deref() == Some(platform)),
        )
    }
}

/// The lifecycle data of one package: its blobs in load order, and their entries by stream.
#[derive(Debug, Clone, Default)]
pub struct PackageLifecycle<'c> {
    /// The package's lifecycle blobs, in load order.
    pub blobs: Vec<&'c LifecycleBlob>,
    /// The first entry of each stream name.
    entries: HashMap<&'c str, &'c StreamEntry>,
}

impl<'c> PackageLifecycle<'c> {
    /// The blobs of `package` among `blobs`.
    ///
    /// # Complexity
    /// O(n + s) for n blobs and s entries of the package's.
    pub fn of(blobs: &'c [LifecycleBlob], package: &str) -> Self {
        Self::from_blobs(blobs.iter().filter(|b| b.package == package).collect())
    }

    /// One package's blobs, in load order.
    ///
    /// # Complexity
    /// O(s) for s entries over the blobs.
    pub fn from_blobs(blobs: Vec<&'c LifecycleBlob>) -> Self {
        let mut entries = HashMap::new();
        for e in blobs.iter().flat_map(|b| b.versions.iter()) {
            if let Some(name) = e.name.text.as_deref() {
                entries.entry(name).or_insert(e);
            }
        }
        PackageLifecycle { blobs, entries }
    }

    /// True when the package has no lifecycle blob.
    pub fn is_empty(&self) -> bool {
        self.blobs.is_empty()
    }

    /// The entry of `stream` (the first one when several blobs or entries name it).
    ///
    /// # Complexity
    /// O(1) expected (hashed).
    pub fn entry(&self, stream: &str) -> Option<&'c StreamEntry> {
        self.entries.get(stream).copied()
    }

    /// The facts of one bundle on the day and platform asked.
    ///
    /// # Complexity
    /// O(p + v): the entry lookup (hashed), its phases and its platform versions.
    pub fn bundle(&self, bundle: &Bundle, as_of: &AsOf) -> BundleSupport {
        BundleSupport {
            version: bundle.version_text.clone(),
            ..self.facts(&bundle.name, bundle.version.as_ref(), as_of)
        }
    }

    /// The facts of a bundle known by its name and version (`version` is then written from
    /// the parsed version).
    ///
    /// # Complexity
    /// O(p + v), as [`PackageLifecycle::bundle`].
    pub fn facts(&self, name: &str, version: Option<&Version>, as_of: &AsOf) -> BundleSupport {
        let stream = version.map(stream_of);
        let entry = stream.as_deref().and_then(|s| self.entry(s));
        let (phase, phase_ends) = match entry.map(|e| (e, e.phase_at(as_of.date))) {
            Some((e, PhaseAt::In(i, name))) => {
                (Some(name.to_string()), dates(&e.phases[i]).map(|d| d.1))
            }
            Some((_, PhaseAt::EndOfLife)) => (Some(END_OF_LIFE.to_string()), None),
            Some((_, PhaseAt::NotYetSupported)) => (Some(NOT_YET_SUPPORTED.to_string()), None),
            Some((_, PhaseAt::Gap)) | None => (None, None),
        };
        let compatible = match (entry, &as_of.platform) {
            (Some(e), Some(p)) => e.compatible_with(p),
            _ => None,
        };
        BundleSupport {
            bundle: name.to_string(),
            version: version.map(ToString::to_string),
            stream,
            phase,
            phase_ends,
            end_of_life: entry.and_then(StreamEntry::end_of_life),
            compatible,
        }
    }

    /// The facts of every bundle of `pkg`, in the package's bundle order.
    ///
    /// # Complexity
    /// O(B · (p + v)) for B bundles.
    pub fn package(&self, pkg: &Package, as_of: &AsOf) -> Vec<BundleSupport> {
        pkg.bundles.iter().map(|b| self.bundle(b, as_of)).collect()
    }
}
