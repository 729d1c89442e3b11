//! A bundle's release, and the version-then-release order OLM v1 picks bundles by.
//!
//! - [`Release`] is operator-registry's `model.Release` (spec/olm.md §1.1, §10): at
//!   most 20 characters of dot-separated pre-release identifiers, parsed by `NewRelease` with
//!   its messages, compared as a pre-release, and above no release at all.
//! - [`VersionRelease`] is `model.VersionRelease`: blang version first, then release.
//! - [`version_release`] is how operator-controller reads a bundle
//!   (`bundleutil.GetVersionAndRelease`): an explicit `release` of the `olm.package` property
//!   is the release (its `BundleReleaseSupport` reading); without one,
//!   `ParseLegacyVersionRelease` turns build metadata that parses as a release into the
//!   release and drops it from the version, so `1.0.0+2` sorts above `1.0.0+1`.
//! - [`parse_bundle_release`] is opm's check of an explicit release while it builds its model
//!   (spec/olm.md §2.1, §10), with opm's message.

use std::cmp::Ordering;
use std::fmt;

use crate::semver::{go_quote, PrereleaseId, SemverError, Version};

/// operator-registry's `versionReleaseMaxLength` (the CSV CRD's limit on a release).
pub const RELEASE_MAX_LEN: usize = 20;

/// A release: dot-separated identifiers (`2`, `alpha.1`, `rc-1`); empty for none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Release(Vec<PrereleaseId>);

/// One identifier of a release that blang's `NewPRVersion` rejects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentError {
    /// The identifier's position, from 0.
    pub index: usize,
    /// blang's message, such as `Invalid character(s) found in prerelease "!!!"`.
    pub error: SemverError,
}

/// A release operator-registry's `NewRelease` rejects; `Display` is its message word for word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReleaseError {
    /// `invalid release "…": exceeds maximum length of 20 characters`.
    TooLong {
        /// The release as written.
        release: String,
    },
    /// `invalid release "…": segment 0: …` with every failing identifier, one per line.
    Segments {
        /// The release as written.
        release: String,
        /// Each failing identifier.
        segments: Vec<SegmentError>,
    },
}

impl fmt::Display for ReleaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReleaseError::TooLong { release } => write!(
                f,
                "invalid release {}: exceeds maximum length of {RELEASE_MAX_LEN} characters",
                go_quote(release)
            ),
            ReleaseError::Segments { release, segments } => {
                write!(f, "invalid release {}: ", go_quote(release))?;
                for (i, s) in segments.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    write!(f, "segment {}: {}", s.index, s.error)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ReleaseError {}

impl Release {
    /// operator-registry `NewRelease`: the empty text is no release; otherwise at most 20
    /// bytes, every dot-separated identifier valid for a pre-release.
    pub fn parse(text: &str) -> Result<Release, ReleaseError> {
        if text.is_empty() {
            return Ok(Release::default());
        }
        if text.len() > RELEASE_MAX_LEN {
            return Err(ReleaseError::TooLong {
                release: text.to_string(),
            });
        }
        let mut ids = Vec::new();
        let mut segments = Vec::new();
        for (index, part) in text.split('.').enumerate() {
            match PrereleaseId::parse(part) {
                Ok(id) => ids.push(id),
                Err(error) => segments.push(SegmentError { index, error }),
            }
        }
        if segments.is_empty() {
            Ok(Release(ids))
        } else {
            Err(ReleaseError::Segments {
                release: text.to_string(),
                segments,
            })
        }
    }

    /// Its dot-separated identifiers.
    ///
    /// # Complexity
    /// O(1).
    pub fn identifiers(&self) -> &[PrereleaseId] {
        &self.0
    }

    /// No release (the bundle has none).
    ///
    /// # Complexity
    /// O(1).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Release.Compare`: any release is above none; two releases compare as pre-releases
    /// (identifier by identifier, numbers below words, the longer list above its prefix).
    pub fn compare(&self, other: &Release) -> Ordering {
        match (self.is_empty(), other.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (false, false) => {
                let as_version = |r: &Release| Version {
                    pre: r.0.clone(),
                    ..Version::new(0, 0, 0)
                };
                as_version(self).compare(&as_version(other))
            }
        }
    }
}

impl fmt::Display for Release {
    /// The identifiers joined by dots (empty for no release).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, id) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{id}")?;
        }
        Ok(())
    }
}

/// Two release texts in [`Release::compare`] order; a text that does not parse sorts below
/// every one that does, and two such texts tie.
pub fn compare_release_text(a: &str, b: &str) -> Ordering {
    match (Release::parse(a), Release::parse(b)) {
        (Ok(x), Ok(y)) => x.compare(&y),
        (Ok(_), Err(_)) => Ordering::Greater,
        (Err(_), Ok(_)) => Ordering::Less,
        (Err(_), Err(_)) => Ordering::Equal,
    }
}

/// A bundle's version and release, in the order OLM v1 ranks bundles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionRelease {
    /// The version; for a legacy release its build metadata is gone.
    pub version: Version,
    /// The release (empty when there is none).
    pub release: Release,
}

impl VersionRelease {
    /// `VersionRelease.Compare`: blang version order (build metadata ignored), then release.
    pub fn compare(&self, other: &VersionRelease) -> Ordering {
        self.version
            .compare(&other.version)
            .then_with(|| self.release.compare(&other.release))
    }
}

/// operator-controller `bundleutil.ParseLegacyVersionRelease` on a version blang parsed: when
/// the build metadata, joined by dots, is a valid non-empty release, it becomes the release and
/// the build metadata is dropped; otherwise the version is kept whole, without a release.
pub fn legacy_version_release(version: &Version) -> VersionRelease {
    match Release::parse(&version.build.join(".")) {
        Ok(release) if !release.is_empty() => VersionRelease {
            version: Version {
                build: Vec::new(),
                ..version.clone()
            },
            release,
        },
        _ => VersionRelease {
            version: version.clone(),
            release: Release::default(),
        },
    }
}

/// A bundle's version and release as operator-controller reads them: the explicit `release`
/// of its `olm.package` property when there is one (`ParseExplicitRelease`; the version keeps
/// its build metadata), else the legacy reading of the build metadata.
///
/// operator-controller reads an explicit release only with its `BundleReleaseSupport` feature
/// gate on (alpha, off by default); passing `None` for every bundle gives the gate-off order.
pub fn version_release(
    version: &Version,
    explicit_release: Option<&str>,
) -> Result<VersionRelease, ReleaseError> {
    match explicit_release {
        Some(text) => Ok(VersionRelease {
            version: version.clone(),
            release: Release::parse(text)?,
        }),
        None => Ok(legacy_version_release(version)),
    }
}

/// operator-controller `ExactVersionRelease`: whether two bundles, each given by its version
/// and explicit release, read as the same version and release (build metadata that is no
/// release does not count). A bundle whose explicit release does not parse matches nothing.
/// This is how OLM v1 recognises the installed bundle among the candidates: `1.0.0+1` and
/// `1.0.0+2` are different bundles to it, although blang calls the versions equal.
pub fn same_version_release(
    a: &Version,
    a_release: Option<&str>,
    b: &Version,
    b_release: Option<&str>,
) -> bool {
    match (version_release(a, a_release), version_release(b, b_release)) {
        (Ok(x), Ok(y)) => x.compare(&y) == Ordering::Equal,
        _ => false,
    }
}

/// An explicit release opm refuses while building its model; `Display` is opm's message, such
/// as `error parsing bundle "foo.v0.1.0" release version "!!!": invalid release "!!!":
/// segment 0: Invalid character(s) found in prerelease "!!!"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BundleReleaseError {
    /// The bundle's release is not one.
    Invalid {
        /// The bundle.
        bundle: String,
        /// Its release as written.
        release: String,
        /// Why it is not one.
        error: ReleaseError,
    },
}

impl fmt::Display for BundleReleaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BundleReleaseError::Invalid {
                bundle,
                release,
                error,
            } => write!(
                f,
                "error parsing bundle {} release version {}: {error}",
                go_quote(bundle),
                go_quote(release)
            ),
        }
    }
}

impl std::error::Error for BundleReleaseError {}

/// opm's reading of a bundle's explicit `release` (`ConvertToModel`): the empty text is no
/// release; anything else must be a valid [`Release`].
pub fn parse_bundle_release(bundle: &str, release: &str) -> Result<Release, BundleReleaseError> {
    Release::parse(release).map_err(|error| BundleReleaseError::Invalid {
        bundle: bundle.to_string(),
        release: release.to_string(),
        error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_joins_identifiers_and_round_trips() {
        for text in ["", "2", "alpha.1", "rc-1.beta-2", "12345678901234567890"] {
            let r = Release::parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(r.to_string(), text);
        }
    }

    #[test]
    fn the_installed_bundle_is_recognised_by_version_and_release() {
        let v = |t: &str| Version::parse(t).unwrap_or_else(|e| panic!("{t:?}: {e}"));
        let same = |a: &str, ra: Option<&str>, b: &str, rb: Option<&str>| {
            same_version_release(&v(a), ra, &v(b), rb)
        };
        assert!(same("1.0.0+1", None, "1.0.0+1", None));
        assert!(!same("1.0.0+1", None, "1.0.0+2", None));
        assert!(!same("1.0.0+1", None, "1.0.0", None));
        assert!(same("1.0.0+2", None, "1.0.0", Some("2")));
        // Build metadata that is no release is ignored, as blang ignores it.
        assert!(same("1.0.0+001", None, "1.0.0+002", None));
        assert!(!same("1.0.0", Some("01"), "1.0.0", Some("01")));
    }

    #[test]
    fn unparsable_texts_sort_below_parsable_ones() {
        assert_eq!(compare_release_text("1", "01"), Ordering::Greater);
        assert_eq!(compare_release_text("01", ""), Ordering::Less);
        assert_eq!(compare_release_text("01", "!!"), Ordering::Equal);
        assert_eq!(compare_release_text("2", "10"), Ordering::Less);
    }
}
