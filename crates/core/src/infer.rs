//! Versions of bundles known only by name or by image, for catalogs that lack the `olm.bundle`
//! objects: a file of a split catalog opened alone, or a catalog template whose bundles are only
//! image references (`docs/spec/template-rules.md` §6, "Offline rendering in olm-graph").
//!
//! The rules, in order of trust:
//! 1. the bundle's own `olm.package` property ([`VersionSource::BundleProperty`]);
//! 2. a CSV-style bundle name `<anything>.v<semver>`: the first `.v` of the name whose rest blang
//!    reads strictly ([`VersionSource::NameSuffix`]);
//! 3. for image references `repo:tag` (never a digest): a tag `<package>.v<semver>` gives the
//!    name and version, a tag `v<semver>` or `<semver>` gives the version and the name
//!    `<package>.v<version>` ([`VersionSource::ImageTag`]).
//!
//! Versions are parsed strictly with [`Version::parse`] (blang `Parse`): `v1.2` or `1.2` give
//! nothing.

use serde::{Deserialize, Serialize};

use crate::model::Package;
use crate::semver::Version;

/// Where a bundle's version came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VersionSource {
    /// The `version` of the bundle's `olm.package` property.
    BundleProperty,
    /// The `.v<semver>` suffix of the bundle name.
    NameSuffix,
    /// The tag of the bundle image reference.
    ImageTag,
}

impl VersionSource {
    /// Short words for messages: "bundle property", "bundle name", "image tag".
    pub fn as_str(self) -> &'static str {
        match self {
            VersionSource::BundleProperty => "bundle property",
            VersionSource::NameSuffix => "bundle name",
            VersionSource::ImageTag => "image tag",
        }
    }
}

/// A bundle name with its version and where the version came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedVersion {
    /// The bundle's name.
    pub name: String,
    /// Its version.
    pub version: Version,
    /// Where the version came from.
    pub source: VersionSource,
}

/// A CSV-style bundle name cut at its version: the part before the first `.v` whose rest parses
/// strictly as a version, and that version (`etcdoperator.v0.9.4` gives `etcdoperator` and
/// 0.9.4, `my.vendor.v1.0.0-rc.1` gives `my.vendor` and 1.0.0-rc.1; `etcd-0.9.2` and
/// `etcd.v1.2` give nothing).
///
/// # Complexity
/// O(L²) for a name of L bytes in the worst case (each `.v` occurrence is tried once).
pub fn split_name(name: &str) -> Option<(&str, Version)> {
    name.match_indices(".v")
        .find_map(|(i, _)| Version::parse(&name[i + 2..]).ok().map(|v| (&name[..i], v)))
}

/// The version in a CSV-style bundle name ([`split_name`]).
///
/// # Complexity
/// O(L²) for a name of L bytes in the worst case.
pub fn version_from_name(name: &str) -> Option<Version> {
    split_name(name).map(|(_, v)| v)
}

/// The name and version an image reference's tag gives (rule 3 of the module documentation);
/// `None` for a digest reference, a reference without a tag, or a tag without a strict semver.
///
/// # Complexity
/// O(L²) for a reference of L bytes.
pub fn from_image_tag(package: &str, image: &str) -> Option<NamedVersion> {
    if image.contains('@') {
        return None;
    }
    let last_segment = image.rsplit('/').next().unwrap_or(image);
    let (_, tag) = last_segment.rsplit_once(':')?;
    let named = |name: String, version: Version| NamedVersion {
        name,
        version,
        source: VersionSource::ImageTag,
    };
    if let Ok(v) = Version::parse(tag.strip_prefix('v').unwrap_or(tag)) {
        return Some(named(format!("{package}.v{v}"), v));
    }
    let (_, v) = split_name(tag)?;
    Some(named(tag.to_string(), v))
}

/// The version olm-graph uses for `name` in `package`: the bundle's property when the package
/// has the bundle (`None` when that version is missing or invalid: a bundle object is never
/// second-guessed), else the version in the name.
///
/// # Complexity
/// O(log B + L²) for B bundles and a name of L bytes.
pub fn bundle_version(package: &Package, name: &str) -> Option<(Version, VersionSource)> {
    match package.bundle(name) {
        Some(b) => b
            .version
            .clone()
            .map(|v| (v, VersionSource::BundleProperty)),
        None => version_from_name(name).map(|v| (v, VersionSource::NameSuffix)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        Version::parse(s).expect("test version")
    }

    #[test]
    fn names_give_their_csv_style_suffix() {
        assert_eq!(
            version_from_name("lightspeed-operator.v1.0.8"),
            Some(v("1.0.8"))
        );
        assert_eq!(
            split_name("submariner.v0.19.3"),
            Some(("submariner", v("0.19.3")))
        );
        // The first .v whose rest parses.
        assert_eq!(
            split_name("my.vendor.v1.0.0-rc.1"),
            Some(("my.vendor", v("1.0.0-rc.1")))
        );
        assert_eq!(
            version_from_name("rhbk-operator.v24.0.3-opr.1"),
            Some(v("24.0.3-opr.1"))
        );
        for bad in ["etcd-0.9.2", "etcd.v1.2", "etcd.v01.2.3", "etcd", "", ".v"] {
            assert_eq!(version_from_name(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn image_tags_give_name_and_version() {
        let t = from_image_tag("testoperator", "quay.io/foo/olm:testoperator.v0.1.0").unwrap();
        assert_eq!(
            (t.name.as_str(), t.version, t.source),
            ("testoperator.v0.1.0", v("0.1.0"), VersionSource::ImageTag)
        );
        let t = from_image_tag("etcd", "localhost:5000/etcd-bundle:v0.9.2").unwrap();
        assert_eq!((t.name.as_str(), t.version), ("etcd.v0.9.2", v("0.9.2")));
        let t = from_image_tag("etcd", "registry/etcd-bundle:1.0.0").unwrap();
        assert_eq!(t.name, "etcd.v1.0.0");
        assert_eq!(from_image_tag("etcd", "registry/etcd@sha256:abcd"), None);
        assert_eq!(from_image_tag("etcd", "registry:5000/etcd"), None);
        assert_eq!(from_image_tag("etcd", "registry/etcd:latest"), None);
    }
}
