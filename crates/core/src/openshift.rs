//! OpenShift versions, `MAJOR.MINOR`: the one type preflight's version table, plans across
//! platform versions, support data and cluster state read them as, and the Kubernetes version
//! each one runs (OpenShift 4.N runs Kubernetes 1.(N + 13)).

use std::fmt;

use crate::semver::Version;

/// An OpenShift minor version (`4.17`). Ordered by major, then minor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OpenShiftVersion {
    /// The major version (`4`).
    pub major: u64,
    /// The minor version (`17`).
    pub minor: u64,
}

/// Decimal digits only, at least one.
fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

impl OpenShiftVersion {
    /// `major.minor`.
    pub const fn new(major: u64, minor: u64) -> Self {
        OpenShiftVersion { major, minor }
    }

    /// Exactly `MAJOR.MINOR` in decimal digits, around it spaces and a leading `v` (`4.17`,
    /// `v4.17`); nothing else.
    ///
    /// # Complexity
    /// O(length of `s`).
    pub fn parse(s: &str) -> Option<Self> {
        let (major, minor) = s.trim().trim_start_matches('v').split_once('.')?;
        if !digits(major) || !digits(minor) {
            return None;
        }
        Some(OpenShiftVersion::new(
            major.parse().ok()?,
            minor.parse().ok()?,
        ))
    }

    /// The `MAJOR.MINOR` a longer label starts with: a series folder (`v4.16`), a cluster's
    /// version (`4.16.3`), a bundle's `olm.maxOpenShiftVersion` (`4.16`); what follows the
    /// second number is ignored.
    ///
    /// # Complexity
    /// O(length of `s`).
    pub fn of_label(s: &str) -> Option<Self> {
        let mut parts = s.trim().trim_start_matches('v').split('.');
        let major = parts.next()?.parse().ok()?;
        let minor = parts.next()?.parse().ok()?;
        Some(OpenShiftVersion::new(major, minor))
    }

    /// The Kubernetes version the release runs: 1.(N + 13).0 for OpenShift 4.N, `None` for
    /// any other major version.
    ///
    /// # Complexity
    /// O(1).
    pub fn kube(self) -> Option<Version> {
        (self.major == 4).then(|| Version::new(1, self.minor.saturating_add(13), 0))
    }

    /// How the pipelines' version service names it: `v4.17`.
    pub fn label(self) -> String {
        format!("v{self}")
    }
}

/// `4.17`.
impl fmt::Display for OpenShiftVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_is_exact_and_of_label_takes_the_first_two_numbers() {
        let v = OpenShiftVersion::new;
        assert_eq!(OpenShiftVersion::parse(" v4.17 "), Some(v(4, 17)));
        assert_eq!(OpenShiftVersion::parse("4.16.3"), None);
        assert_eq!(OpenShiftVersion::parse("4.x"), None);
        assert_eq!(OpenShiftVersion::of_label("4.16.3"), Some(v(4, 16)));
        assert_eq!(OpenShiftVersion::of_label("v4.16"), Some(v(4, 16)));
        assert_eq!(OpenShiftVersion::of_label("stable"), None);
        assert!(v(4, 9) < v(4, 10) && v(4, 21) < v(5, 0));
        assert_eq!(v(4, 16).to_string(), "4.16");
        assert_eq!(v(4, 16).label(), "v4.16");
    }

    #[test]
    fn openshift_4_n_runs_kubernetes_1_n_plus_13() {
        let kube = OpenShiftVersion::new(4, 16).kube().unwrap();
        assert_eq!((kube.major, kube.minor, kube.patch), (1, 29, 0));
        assert_eq!(OpenShiftVersion::new(3, 11).kube(), None);
        assert!(OpenShiftVersion::new(4, u64::MAX).kube().is_some());
    }
}
