//! The catalog model: packages, channels with their entries, bundles and deprecations.
//!
//! Built by [`crate::load`] from FBC objects (or legacy package manifests). Everything is kept
//! per package; lookups by name are through the `*_index` maps. Names are unique within a
//! package after loading (duplicates are reported and the first one is kept, as opm rejects them).

pub mod support_blob;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::diag::{Diagnostic, Location};
use crate::semver::Version;
use crate::sort::SortWith;

/// A whole loaded catalog.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Catalog {
    /// Packages sorted by name.
    pub packages: Vec<Package>,
    /// Objects whose schema is not one olm-graph knows (kept and counted, never an error).
    pub others: Vec<OtherObject>,
    /// Every file that was read, in the order read.
    pub files: Vec<FileSummary>,
    /// Support lifecycle blobs, in the order read (also kept in `others`, as opm keeps them).
    pub lifecycles: Vec<support_blob::LifecycleBlob>,
    /// Problems found while reading and converting, in input order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Catalog {
    /// The package with this name.
    ///
    /// # Complexity
    /// O(log P) for P packages (binary search).
    pub fn package(&self, name: &str) -> Option<&Package> {
        self.packages
            .binary_search_by(|p| p.name.as_str().cmp(name))
            .ok()
            .map(|i| &self.packages[i])
    }
}

/// What was read from one file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct FileSummary {
    /// The file's path, as findings name it.
    pub path: String,
    /// How it was read: a YAML stream, a JSON stream or array, a legacy manifest, or not at all.
    pub format: FileFormat,
    /// Its size in bytes.
    pub bytes: usize,
    /// Objects read from the file, by kind: `olm.package` objects.
    pub packages: usize,
    /// `olm.channel` objects.
    pub channels: usize,
    /// `olm.bundle` objects.
    pub bundles: usize,
    /// `olm.deprecations` objects.
    pub deprecations: usize,
    /// Objects of any other schema.
    pub others: usize,
    /// Channel entries over all channel objects of the file.
    pub entries: usize,
    /// Documents or objects that could not be read.
    pub failed: usize,
    /// The schema of the catalog template the file holds (`olm.template.basic`, `olm.semver`,
    /// `olm.template.substitutes`), when it is one: its objects are the ones the template stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<String>,
}

/// How a file was read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileFormat {
    /// A YAML stream (one or more documents).
    #[default]
    Yaml,
    /// Concatenated JSON objects.
    JsonStream,
    /// A top-level JSON array of objects.
    JsonArray,
    /// A file of a legacy package-manifest directory (package.yaml or a ClusterServiceVersion).
    LegacyManifest,
    /// A file that was not read (wrong extension, `.indexignore`).
    Skipped,
}

/// An object of an unknown schema, kept verbatim by reference to where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OtherObject {
    /// Its `schema`.
    pub schema: String,
    /// Its `package`, when it has one.
    pub package: Option<String>,
    /// Its `name`, when it has one.
    pub name: Option<String>,
    /// Where it starts.
    pub location: Location,
    /// Byte range of the object in its file, to re-emit it verbatim.
    pub span: (usize, usize),
}

/// An `olm.package` and everything that belongs to it.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Package {
    /// The package's name (`olm.package`'s `name`, or the name others give it).
    pub name: String,
    /// False when no `olm.package` object declared it (channels or bundles name an unknown package).
    pub declared: bool,
    /// `defaultChannel`: the channel a Subscription without one follows.
    pub default_channel: Option<String>,
    /// `description`, as written.
    pub description: Option<String>,
    /// Icon, kept as data only: never rendered except as an `<img>` data URL of a raster or SVG type.
    pub icon: Option<Icon>,
    /// Channels sorted by name.
    pub channels: Vec<Channel>,
    /// Bundles sorted by name.
    pub bundles: Vec<Bundle>,
    /// What the package's `olm.deprecations` object deprecates.
    pub deprecations: Deprecations,
    /// Where its `olm.package` object starts.
    pub location: Option<Location>,
    /// Set when the package comes from a catalog template rather than a rendered catalog.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template: Option<TemplateOrigin>,
    /// Read from an operator directory in replaces-mode: each channel as its bundles'
    /// annotations name it, every bundle that names it an entry with its CSV's `replaces`,
    /// `skips` and `olm.skipRange`, on the chain or not (spec/operator-repo.md §3.5). The
    /// pipelines' upgrade-graph checks read these (spec/preflight.md §2.5). Empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub annotated_channels: Vec<Channel>,
}

/// The catalog template a package was read from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TemplateOrigin {
    /// `olm.template.basic`, `olm.semver` or `olm.template.substitutes`.
    pub schema: String,
    /// The template file.
    pub file: String,
    /// Bundle images of the template whose bundle name is unknown without a bundle source: the
    /// channel entries naming their bundles have no bundle in the model.
    pub unnamed_images: Vec<String>,
}

/// Where a fact about a bundle named by a catalog template came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", rename_all = "kebab-case")]
pub enum FactSource {
    /// An `olm.bundle` of a bundle source (a rendered catalog loaded with the template) whose
    /// image matches the template's reference.
    BundleSource {
        /// The bundle source's file.
        file: String,
        /// How the images matched.
        matched_by: ImageMatch,
    },
    /// The bundle's own `name` in the template (the version from its `.v<semver>` suffix).
    BundleName,
    /// The tag of the bundle's image reference.
    ImageTag,
    /// The template's only `olm.package`.
    TemplatePackage,
}

/// How a template's image reference matched a bundle source's image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ImageMatch {
    /// The same string.
    Exact,
    /// The same `@sha256:` digest.
    Digest,
    /// The same repository and tag.
    Tag,
}

/// What is known about a bundle a template names only by image, and where each fact came from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BundleFacts {
    /// Where the bundle's name came from (`None`: not known).
    pub name: Option<FactSource>,
    /// Where its version came from.
    pub version: Option<FactSource>,
    /// Where its package came from.
    pub package: Option<FactSource>,
    /// Not found in any bundle source: rendered FBC has only its schema, package, name and image.
    pub stub: bool,
}

/// What [`Package::linkage`] finds.
#[derive(Debug, Clone)]
pub struct Linkage<'p> {
    /// Bundles that no channel lists, in bundle (name) order.
    pub unlisted_bundles: Vec<&'p Bundle>,
    /// For each channel, in channel order, the names of its entries that no `olm.bundle`
    /// defines, in entry order.
    pub entries_without_bundles: Vec<Vec<&'p str>>,
}

impl Package {
    /// The package's deprecation entries by reference: `olm.package`, `olm.channel/<c>`,
    /// `olm.bundle/<b>`, sorted.
    ///
    /// # Complexity
    /// O(D log D) for D deprecation entries.
    pub fn deprecation_refs(&self) -> std::collections::BTreeSet<String> {
        let d = &self.deprecations;
        let mut out = std::collections::BTreeSet::new();
        if d.package.is_some() {
            out.insert("olm.package".to_string());
        }
        out.extend(d.channels.keys().map(|c| format!("olm.channel/{c}")));
        out.extend(d.bundles.keys().map(|b| format!("olm.bundle/{b}")));
        out
    }

    /// The channel with this name.
    ///
    /// # Complexity
    /// O(log C) for C channels (binary search).
    pub fn channel(&self, name: &str) -> Option<&Channel> {
        self.channels
            .binary_search_by(|c| c.name.as_str().cmp(name))
            .ok()
            .map(|i| &self.channels[i])
    }

    /// Index of the bundle with this name.
    ///
    /// # Complexity
    /// O(log B) for B bundles (binary search).
    pub fn bundle_index(&self, name: &str) -> Option<usize> {
        self.bundles
            .binary_search_by(|b| b.name.as_str().cmp(name))
            .ok()
    }

    /// The index of each name's bundle, in the order of `names`: a hash map of the bundle names
    /// when there are many names to look up, binary searches when there are few.
    ///
    /// # Complexity
    /// O(min(B + N, N log B)) expected for B bundles and N names.
    pub fn bundle_indices<'n>(
        &self,
        names: impl ExactSizeIterator<Item = &'n str>,
    ) -> Vec<Option<usize>> {
        let n = names.len();
        let log_b = (usize::BITS - self.bundles.len().leading_zeros()) as usize;
        if self.bundles.len() > n.saturating_mul(log_b) {
            return names.map(|name| self.bundle_index(name)).collect();
        }
        let by_name: foldhash::HashMap<&str, usize> = self
            .bundles
            .iter()
            .enumerate()
            .map(|(i, b)| (b.name.as_str(), i))
            .collect();
        names.map(|name| by_name.get(name).copied()).collect()
    }

    /// Where the channels and the bundles fail to meet: bundles no channel lists, and each
    /// channel's entries without an `olm.bundle` (what opm's validation reports, and what marks
    /// part of a split catalog opened alone).
    ///
    /// # Complexity
    /// O(V + B) expected for V channel entries and B bundles (two hash sets).
    pub fn linkage(&self) -> Linkage<'_> {
        let listed: foldhash::HashSet<&str> = self
            .channels
            .iter()
            .flat_map(|c| c.entries.iter().map(|e| e.name.as_str()))
            .collect();
        let defined: foldhash::HashSet<&str> =
            self.bundles.iter().map(|b| b.name.as_str()).collect();
        Linkage {
            unlisted_bundles: (self.bundles.iter())
                .filter(|b| !listed.contains(b.name.as_str()))
                .collect(),
            entries_without_bundles: (self.channels.iter())
                .map(|c| {
                    (c.entries.iter())
                        .map(|e| e.name.as_str())
                        .filter(|n| !defined.contains(n))
                        .collect()
                })
                .collect(),
        }
    }

    /// The bundle with this name.
    ///
    /// # Complexity
    /// O(log B) for B bundles.
    pub fn bundle(&self, name: &str) -> Option<&Bundle> {
        self.bundle_index(name).map(|i| &self.bundles[i])
    }

    /// Whether `name` is a bundle of the package (an `olm.bundle`) or an entry of one of its
    /// channels: a name a path, a plan or a selection can stand on.
    ///
    /// # Complexity
    /// O(log B) for B bundles, plus O(V) for V entries over all channels when it is no bundle.
    pub fn knows_bundle(&self, name: &str) -> bool {
        self.bundle(name).is_some() || self.channels.iter().any(|c| c.entry(name).is_some())
    }

    /// Names of the channels that have an entry for this bundle, in channel-name order.
    ///
    /// # Complexity
    /// O(V) for V entries over all channels: call it for one bundle, not for each (for every
    /// bundle, build a map from the channels' entries instead).
    pub fn channels_of(&self, bundle: &str) -> Vec<&str> {
        self.channels
            .iter()
            .filter(|c| c.entry(bundle).is_some())
            .map(|c| c.name.as_str())
            .collect()
    }

    /// True when a bundle-level `olm.deprecations` entry names this bundle, or it carries the
    /// legacy `olm.deprecated` property.
    ///
    /// # Complexity
    /// O(log B) for B bundles and deprecation entries.
    pub fn is_bundle_deprecated(&self, bundle: &str) -> bool {
        self.deprecations.bundles.contains_key(bundle)
            || self.bundle(bundle).is_some_and(|b| b.legacy_deprecated)
    }
}

/// A package icon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Icon {
    /// `mediatype`: the image's MIME type (`image/svg+xml`, `image/png`).
    #[serde(rename = "mediatype")]
    pub media_type: String,
    /// `base64data`: the image, base64-encoded.
    #[serde(rename = "base64data")]
    pub base64_data: String,
}

/// An `olm.channel`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Channel {
    /// The channel's name.
    pub name: String,
    /// The package it belongs to.
    pub package: String,
    /// Entries in file order.
    pub entries: Vec<ChannelEntry>,
    /// Where its `olm.channel` object starts.
    pub location: Option<Location>,
}

impl Channel {
    /// The entry for this bundle name.
    ///
    /// # Complexity
    /// O(V) for V entries (a scan): for repeated lookups, index the entries by name once.
    pub fn entry(&self, name: &str) -> Option<&ChannelEntry> {
        self.entries.iter().find(|e| e.name == name)
    }
}

/// One entry of a channel: the upgrade edges into this bundle within this channel.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChannelEntry {
    /// The bundle the entry puts in the channel.
    pub name: String,
    /// `replaces`: the one bundle this one upgrades in the chain.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaces: Option<String>,
    /// `skips`: bundles this one upgrades directly, skipping them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skips: Vec<String>,
    /// `skipRange`: a blang range; this bundle upgrades every version in it.
    #[serde(rename = "skipRange", skip_serializing_if = "Option::is_none")]
    pub skip_range: Option<String>,
}

/// How many properties of each type a bundle has: a short list in type order (a bundle has a
/// handful of types; a map would cost a tree node per bundle), written as a map.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PropertyCounts(Vec<(String, usize)>);

impl PropertyCounts {
    /// The counts of a bundle's property types, given in any order, repeats included.
    ///
    /// # Complexity
    /// O(P log P) for P properties.
    pub fn from_types(mut types: Vec<String>) -> PropertyCounts {
        types.sort_ord();
        let mut counts: Vec<(String, usize)> = Vec::new();
        for t in types {
            match counts.last_mut() {
                Some((last, n)) if *last == t => *n += 1,
                _ => counts.push((t, 1)),
            }
        }
        PropertyCounts(counts)
    }

    /// How many properties of this type.
    ///
    /// # Complexity
    /// O(log T) for T types.
    pub fn get(&self, type_: &str) -> Option<&usize> {
        let at = self
            .0
            .binary_search_by(|(t, _)| t.as_str().cmp(type_))
            .ok()?;
        Some(&self.0[at].1)
    }

    /// Each type and its count, in type order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, usize)> {
        self.0.iter().map(|(t, n)| (t.as_str(), *n))
    }

    /// How many property types the bundle has.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// The bundle has no property.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for PropertyCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for PropertyCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, usize>::deserialize(d)?;
        Ok(PropertyCounts(map.into_iter().collect()))
    }
}

/// An `olm.bundle`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Bundle {
    /// The bundle's name, which channel entries name.
    pub name: String,
    /// Its `package`.
    pub package: String,
    /// Its `image`: the bundle image reference (`None` for a legacy manifest).
    pub image: Option<String>,
    /// The `version` of the single `olm.package` property, as written.
    pub version_text: Option<String>,
    /// That version parsed strictly (blang `Parse`); `None` when absent or invalid.
    pub version: Option<Version>,
    /// The `release` of the `olm.package` property, when present.
    pub release: Option<String>,
    /// How many `olm.package` properties the bundle has (opm wants exactly one).
    pub package_property_count: usize,
    /// The `packageName` of the first `olm.package` property.
    pub package_property_name: Option<String>,
    /// Carries the legacy `olm.deprecated` property (prohibited by OLM v0, ignored by v1).
    pub legacy_deprecated: bool,
    /// `olm.maxOpenShiftVersion` property value.
    pub max_openshift_version: Option<String>,
    /// From `olm.csv.metadata` (or a legacy CSV).
    pub display_name: Option<String>,
    /// The CSV's description, from the same place.
    pub description: Option<String>,
    /// The CSV's `minKubeVersion`, as written.
    pub min_kube_version: Option<String>,
    /// The CSV's provider's name.
    pub provider: Option<String>,
    /// Number of `olm.bundle.object` properties.
    pub bundle_objects: usize,
    /// The bundle's CustomResourceDefinitions as read, and the CRDs its CSV owns: kept only
    /// when [`crate::load::LoadOptions::keep_crds`] asks, so a model without them is no
    /// bigger ([spec/crd-safety.md §1](../../../../docs/spec/crd-safety.md)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crds: Option<Box<BundleCrds>>,
    /// Number of properties of each type.
    pub property_counts: PropertyCounts,
    /// Related images.
    pub related_images: usize,
    /// True when converted from a legacy package manifest (no image there).
    pub from_legacy_manifest: bool,
    /// Where its `olm.bundle` object (or legacy CSV) starts.
    pub location: Option<Location>,
    /// For a bundle named by a catalog template: where its name, version and package came from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facts: Option<BundleFacts>,
}

/// What a bundle carries of its CustomResourceDefinitions: the CRD objects (as JSON, whole),
/// the names of the CRDs its ClusterServiceVersion owns (`spec.customresourcedefinitions.owned`),
/// and how many manifests were read in all (CRDs, the CSV and other objects).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct BundleCrds {
    /// The CRD objects, whole, as JSON.
    pub objects: Vec<serde_json::Value>,
    /// The names of the CRDs the CSV owns.
    pub owned: Vec<String>,
    /// How many manifests were read in all.
    pub manifests: usize,
    /// The bundle's `olm.gvk` properties as `<group>/<version>, Kind=<kind>` (only with
    /// `LoadOptions::keep_gvks`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub gvks: Vec<String>,
}

/// The `olm.deprecations` of a package, scoped to it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Deprecations {
    /// Message of a package-level entry.
    pub package: Option<String>,
    /// Channel name → message.
    pub channels: BTreeMap<String, String>,
    /// Bundle name → message.
    pub bundles: BTreeMap<String, String>,
    /// Where the `olm.deprecations` object starts.
    pub location: Option<Location>,
}

impl Deprecations {
    /// True when there is no entry at all.
    pub fn is_empty(&self) -> bool {
        self.package.is_none() && self.channels.is_empty() && self.bundles.is_empty()
    }
}

/// Versions travel as their text (`1.2.3-rc.1+build`), so the model can cross a worker boundary.
impl Serialize for Version {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Version::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_round_trips_through_json() {
        let text = "schema: olm.package\nname: p\ndefaultChannel: s\nicon:\n  base64data: PHN2Zy8+\n  mediatype: image/svg+xml\n---\nschema: olm.channel\npackage: p\nname: s\nentries:\n- name: p.v1.0.0-rc.1\n- name: p.v1.0.0\n  replaces: p.v1.0.0-rc.1\n  skipRange: '<1.0.0'\n---\nschema: olm.bundle\npackage: p\nname: p.v1.0.0\nimage: x\nproperties:\n- {type: olm.package, value: {packageName: p, version: 1.0.0}}\n- {type: olm.deprecated, value: {}}\n";
        let c = crate::load_files(vec![crate::InputFile::new("a.yaml", text)]);
        let json = serde_json::to_string(&c).expect("serializes");
        let back: Catalog = serde_json::from_str(&json).expect("deserializes");
        let (p, q) = (c.package("p").unwrap(), back.package("p").unwrap());
        assert_eq!(p.channels[0].entries, q.channels[0].entries);
        assert_eq!(p.bundles[0].version, q.bundles[0].version);
        assert!(q.bundles[0].legacy_deprecated);
        assert_eq!(p.icon, q.icon);
        assert_eq!(c.diagnostics, back.diagnostics);
        assert_eq!(c.files, back.files);
    }
}
