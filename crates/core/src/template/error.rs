//! The errors that stop a template from rendering, with opm's messages word for word.
//!
//! [`TemplateError`]'s `Display` is the whole text `opm alpha render-template` prints after
//! `Error: ` (prefixes included); [`TemplateError::location`] says where in the template it is.
//! The few errors that are olm-graph's own (a bundle whose version nobody knows without a
//! registry) say so in their text.

use std::fmt;

use crate::diag::{Diagnostic, Location, Rule};
use crate::load::{LimitKind, Limits};

/// A template that cannot be rendered: what failed (opm's message) and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError {
    /// What failed (boxed: the error travels through every rendering step).
    pub kind: Box<TemplateErrorKind>,
    /// The file, and the line and column of the node at fault when known.
    pub location: Location,
}

impl TemplateError {
    /// # Complexity
    /// O(1).
    pub(crate) fn new(kind: TemplateErrorKind, location: Location) -> Self {
        TemplateError {
            kind: Box::new(kind),
            location,
        }
    }

    /// The error as a diagnostic (code `template.error`, or `load.limit` for a crossed input
    /// limit, as the loader reports it), with its position.
    ///
    /// # Complexity
    /// O(length of the message).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let code = match self.kind.as_ref() {
            TemplateErrorKind::Limit(_) => Rule::LoadLimit,
            _ => Rule::TemplateError,
        };
        Diagnostic::error(code, self.to_string()).at(self.location.clone())
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for TemplateError {}

/// What failed, by phase, as opm words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateErrorKind {
    /// `auto-detecting template type: …`
    Detect(DetectError),
    /// `invalid template type %q, must be one of: [basic semver substitutes]`
    InvalidType(String),
    /// `rendering template: …` from the basic template.
    Basic(BasicError),
    /// `rendering template: …` from the semver template.
    Semver(SemverError),
    /// `rendering template: …` from the substitutes template.
    Substitutes(SubstitutesError),
    /// olm-graph's own: the template crosses one of the loader's input limits, so it is not
    /// read (a template is untrusted input like any catalog).
    Limit(LimitError),
}

impl fmt::Display for TemplateErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TemplateErrorKind::Detect(e) => write!(f, "auto-detecting template type: {e}"),
            TemplateErrorKind::InvalidType(t) => write!(
                f,
                "invalid template type {}, must be one of: [basic semver substitutes]",
                go_quote(t)
            ),
            TemplateErrorKind::Basic(e) => write!(f, "rendering template: {e}"),
            TemplateErrorKind::Semver(e) => write!(f, "rendering template: {e}"),
            TemplateErrorKind::Substitutes(e) => write!(f, "rendering template: {e}"),
            TemplateErrorKind::Limit(e) => e.fmt(f),
        }
    }
}

pub use crate::yaml::LimitError;

/// The total-bytes limit's error for the file that crosses it (at its start).
///
/// # Complexity
/// O(length of the path).
pub(crate) fn total_bytes_error(path: &str, limits: &Limits) -> TemplateError {
    let limit = LimitError::Crossed {
        kind: LimitKind::TotalBytes,
        limit: limits.max_total_bytes,
    };
    let at = Location::at(path.to_string(), 1, 1, None);
    TemplateError::new(TemplateErrorKind::Limit(limit), at)
}

/// Reading the first document to pick the template type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DetectError {
    /// The first document is not YAML or JSON.
    Decode(String),
    /// The first document is not an object.
    NotAnObject(String),
    /// No `schema`, or an empty one.
    MissingSchema,
    /// A schema that is no template's (`olm.channel`, …).
    UnknownSchema(String),
}

impl fmt::Display for DetectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DetectError::Decode(m) => write!(f, "decoding template input: {m}"),
            DetectError::NotAnObject(m) => write!(f, "unmarshalling template schema: {m}"),
            DetectError::MissingSchema => {
                f.write_str("template input missing required 'schema' field")
            }
            DetectError::UnknownSchema(s) => write!(f, "unknown template schema: {s}"),
        }
    }
}

/// Reading a basic or substitutes template's document (`parseSpec`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecError {
    /// `decoding template schema: %v`
    Decode(String),
    /// `unmarshalling template: %v`
    Unmarshal(String),
    /// `template has unknown schema (%q), should be %q`
    WrongSchema {
        /// The schema the document has.
        found: String,
        /// The schema the template type needs.
        expected: String,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::Decode(m) => write!(f, "decoding template schema: {m}"),
            SpecError::Unmarshal(m) => write!(f, "unmarshalling template: {m}"),
            SpecError::WrongSchema { found, expected } => write!(
                f,
                "template has unknown schema ({}), should be {}",
                go_quote(found),
                go_quote(expected)
            ),
        }
    }
}

/// Reading template `entries` as FBC (`declcfg.LoadSlice`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// `object '<its JSON>' is missing root schema field` (the JSON ends with a newline, as opm's).
    MissingSchema(String),
    /// `parse package: %v`, `parse channel: %v`, `parse bundle: %v`, `parse deprecation: %v`.
    Parse {
        /// The kind of object: `package`, `channel`, `bundle` or `deprecation`.
        what: &'static str,
        /// The decoder's message.
        message: String,
    },
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::MissingSchema(blob) => {
                write!(f, "object '{blob}' is missing root schema field")
            }
            EntryError::Parse { what, message } => write!(f, "parse {what}: {message}"),
        }
    }
}

/// The basic template's errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BasicError {
    /// The template itself cannot be read.
    Spec(SpecError),
    /// Its `entries` are not FBC.
    Entries(EntryError),
    /// A bundle entry with a package, properties or related images, or without an image.
    UnexpectedBundleFields,
}

impl fmt::Display for BasicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BasicError::Spec(e) => e.fmt(f),
            BasicError::Entries(e) => e.fmt(f),
            BasicError::UnexpectedBundleFields => {
                f.write_str("unexpected fields present in basic template bundle")
            }
        }
    }
}

/// Which generate flag a `defaultChannelTypePreference` contradicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamKind {
    /// `generateMinorChannels`.
    Minor,
    /// `generateMajorChannels`.
    Major,
}

impl StreamKind {
    /// # Complexity
    /// O(1).
    pub fn as_str(self) -> &'static str {
        match self {
            StreamKind::Minor => "minor",
            StreamKind::Major => "major",
        }
    }
}

/// Reading the semver template (`readFile`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SemverReadError {
    /// YAML that go-yaml rejects in strict mode (`error converting YAML to JSON: …`).
    Yaml(String),
    /// A strict JSON decoding error (`error unmarshaling JSON: while decoding JSON: …`).
    Json(String),
    /// `readFile: input file has unknown schema, should be "olm.semver"`
    WrongSchema,
    /// `schema attribute mismatch: DefaultChannelTypePreference set to '…' doesn't make sense …`
    PreferenceMismatch(StreamKind),
    /// `unknown DefaultChannelTypePreference: %q` and opm's hint line.
    UnknownPreference(String),
}

impl fmt::Display for SemverReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SemverReadError::Yaml(m) => write!(f, "error converting YAML to JSON: {m}"),
            SemverReadError::Json(m) => {
                write!(f, "error unmarshaling JSON: while decoding JSON: {m}")
            }
            SemverReadError::WrongSchema => f.write_str(
                "readFile: input file has unknown schema, should be \"olm.semver\"",
            ),
            SemverReadError::PreferenceMismatch(k) => write!(
                f,
                "schema attribute mismatch: DefaultChannelTypePreference set to '{0}' doesn't make sense if not generating {0}-version channels",
                k.as_str()
            ),
            SemverReadError::UnknownPreference(p) => write!(
                f,
                "unknown DefaultChannelTypePreference: {}\nValid values are 'major' or 'minor'",
                go_quote(p)
            ),
        }
    }
}

/// Checking the bundles of one channel archetype (`getVersionsFromChannel`, `validateVersions`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PostProcessError {
    /// `supplied bundle image name %q not found in rendered bundle images`
    NotRendered(String),
    /// `parse properties for bundle %q: %v`
    Properties {
        /// The bundle.
        bundle: String,
        /// The decoder's message.
        message: String,
    },
    /// `bundle %q has multiple "olm.package" properties, expected exactly 1`
    PackageProperties(String),
    /// `bundle %q has invalid version %q: %v`
    InvalidVersion {
        /// The bundle.
        bundle: String,
        /// Its version, as written.
        version: String,
        /// blang's message.
        message: String,
    },
    /// `bundle %q does not belong to this package: %q` (the bundle's package, the template's).
    WrongPackage {
        /// The bundle's package.
        found: String,
        /// The template's package.
        expected: String,
    },
    /// `duplicate bundle name %q`
    DuplicateName(String),
    /// Versions equal once build metadata is stripped: (full version, stripped version) pairs.
    BuildMetadata(Vec<(String, String)>),
}

impl fmt::Display for PostProcessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PostProcessError::NotRendered(i) => write!(
                f,
                "supplied bundle image name {} not found in rendered bundle images",
                go_quote(i)
            ),
            PostProcessError::Properties { bundle, message } => {
                write!(
                    f,
                    "parse properties for bundle {}: {message}",
                    go_quote(bundle)
                )
            }
            PostProcessError::PackageProperties(b) => write!(
                f,
                "bundle {} has multiple \"olm.package\" properties, expected exactly 1",
                go_quote(b)
            ),
            PostProcessError::InvalidVersion {
                bundle,
                version,
                message,
            } => write!(
                f,
                "bundle {} has invalid version {}: {message}",
                go_quote(bundle),
                go_quote(version)
            ),
            PostProcessError::WrongPackage { found, expected } => write!(
                f,
                "bundle {} does not belong to this package: {}",
                go_quote(found),
                go_quote(expected)
            ),
            PostProcessError::DuplicateName(n) => {
                write!(f, "duplicate bundle name {}", go_quote(n))
            }
            PostProcessError::BuildMetadata(pairs) => {
                let items: Vec<String> = pairs
                    .iter()
                    .map(|(full, stripped)| {
                        format!(
                            "bundle version {} cannot be compared to {}",
                            go_quote(full),
                            go_quote(stripped)
                        )
                    })
                    .collect();
                let list = if items.len() == 1 {
                    items[0].clone()
                } else {
                    format!("[{}]", items.join(", "))
                };
                write!(f, "encountered bundle versions which differ only by build metadata, which cannot be ordered: {list}")
            }
        }
    }
}

/// The semver template's errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SemverError {
    /// `render: unable to read file: …`
    Read(SemverReadError),
    /// olm-graph's own: no bundle source has the image and neither a name nor its tag gives a
    /// version (opm would pull the image from its registry here).
    UnknownBundle(String),
    /// `render: no bundles specified or no bundles could be rendered`
    NoBundles,
    /// `render: unable to post-process bundle info: …`
    PostProcess(PostProcessError),
}

impl fmt::Display for SemverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SemverError::Read(e) => write!(f, "render: unable to read file: {e}"),
            SemverError::UnknownBundle(image) => write!(f, "{}", unknown_bundle(image)),
            SemverError::NoBundles => {
                f.write_str("render: no bundles specified or no bundles could be rendered")
            }
            SemverError::PostProcess(e) => {
                write!(f, "render: unable to post-process bundle info: {e}")
            }
        }
    }
}

/// olm-graph's text for a bundle image it cannot render without a registry.
///
/// # Complexity
/// O(length of the names).
pub(crate) fn unknown_bundle(image: &str) -> String {
    format!(
        "bundle image {}: no bundle source has it and its tag gives no version (olm-graph renders without a registry: give the rendered catalog with --bundles)",
        go_quote(image)
    )
}

/// Why one substitution failed (after `render: error processing substitution %q -> %q: `).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubstitutionReason {
    /// `substitution name cannot be empty`
    EmptyName,
    /// `substitution base cannot be empty`
    EmptyBase,
    /// `substitution name and base cannot be the same`
    Same,
    /// `failed to render bundle image reference %q: %v`
    Render {
        /// The substitute's image reference.
        image: String,
        /// Why it could not be rendered.
        message: String,
    },
    /// `rendered bundle image reference %q contains no bundles`
    NoBundles(String),
    /// `failed to get VersionRelease for substitute bundle %q: %v`
    SubstituteVersion {
        /// The substitute's image reference.
        image: String,
        /// Why its version cannot be read.
        message: String,
    },
    /// `base bundle %q does not exist in catalog`
    BaseMissing(String),
    /// `failed to get VersionRelease for base bundle %q: %v`
    BaseVersion {
        /// The base bundle.
        base: String,
        /// Why its version cannot be read.
        message: String,
    },
    /// `base bundle %q is not less than substitute bundle %q`
    NotLess {
        /// The base bundle.
        base: String,
        /// The substitute's image reference.
        image: String,
    },
    /// `resulting config is not valid FBC: %v`
    Invalid(String),
}

impl fmt::Display for SubstitutionReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SubstitutionReason as R;
        match self {
            R::EmptyName => f.write_str("substitution name cannot be empty"),
            R::EmptyBase => f.write_str("substitution base cannot be empty"),
            R::Same => f.write_str("substitution name and base cannot be the same"),
            R::Render { image, message } => write!(
                f,
                "failed to render bundle image reference {}: {message}",
                go_quote(image)
            ),
            R::NoBundles(i) => write!(
                f,
                "rendered bundle image reference {} contains no bundles",
                go_quote(i)
            ),
            R::SubstituteVersion { image, message } => write!(
                f,
                "failed to get VersionRelease for substitute bundle {}: {message}",
                go_quote(image)
            ),
            R::BaseMissing(b) => write!(f, "base bundle {} does not exist in catalog", go_quote(b)),
            R::BaseVersion { base, message } => write!(
                f,
                "failed to get VersionRelease for base bundle {}: {message}",
                go_quote(base)
            ),
            R::NotLess { base, image } => write!(
                f,
                "base bundle {} is not less than substitute bundle {}",
                go_quote(base),
                go_quote(image)
            ),
            R::Invalid(m) => write!(f, "resulting config is not valid FBC: {m}"),
        }
    }
}

/// The substitutes template's errors (each after `render: `).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubstitutesError {
    /// `unable to parse template: …`
    Parse(SpecError),
    /// `unable to create declarative config from entries: …`
    Entries(EntryError),
    /// `entries are not valid FBC: …`
    InvalidEntries(String),
    /// `cannot reuse the same substitution base %q`
    ReusedBase(String),
    /// `cannot reuse the same substitution %q for different bases (%q and %q)`
    ReusedName {
        /// The substitution's name.
        name: String,
        /// The base it substituted first.
        earlier: String,
        /// The other base.
        this: String,
    },
    /// `error processing substitution %q -> %q: %v` (base, name, reason)
    Substitution {
        /// The bundle substituted.
        base: String,
        /// The substitute.
        name: String,
        /// Why it failed.
        reason: SubstitutionReason,
    },
}

impl fmt::Display for SubstitutesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("render: ")?;
        match self {
            SubstitutesError::Parse(e) => write!(f, "unable to parse template: {e}"),
            SubstitutesError::Entries(e) => {
                write!(f, "unable to create declarative config from entries: {e}")
            }
            SubstitutesError::InvalidEntries(m) => write!(f, "entries are not valid FBC: {m}"),
            SubstitutesError::ReusedBase(b) => {
                write!(f, "cannot reuse the same substitution base {}", go_quote(b))
            }
            SubstitutesError::ReusedName {
                name,
                earlier,
                this,
            } => write!(
                f,
                "cannot reuse the same substitution {} for different bases ({} and {})",
                go_quote(name),
                go_quote(earlier),
                go_quote(this)
            ),
            SubstitutesError::Substitution { base, name, reason } => write!(
                f,
                "error processing substitution {} -> {}: {reason}",
                go_quote(base),
                go_quote(name)
            ),
        }
    }
}

/// Go's `%q` for a string: double quotes, `\"`, `\\`, and escapes for control characters.
///
/// # Complexity
/// O(length of the text).
pub(crate) fn go_quote(s: &str) -> String {
    crate::semver::go_quote(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_opms() {
        let e = TemplateErrorKind::Semver(SemverError::Read(SemverReadError::PreferenceMismatch(
            StreamKind::Minor,
        )));
        assert_eq!(e.to_string(), "rendering template: render: unable to read file: schema attribute mismatch: DefaultChannelTypePreference set to 'minor' doesn't make sense if not generating minor-version channels");
        let e = TemplateErrorKind::Detect(DetectError::UnknownSchema("olm.channel".into()));
        assert_eq!(
            e.to_string(),
            "auto-detecting template type: unknown template schema: olm.channel"
        );
        let one = PostProcessError::BuildMetadata(vec![("1.0.0+a".into(), "1.0.0".into())]);
        assert_eq!(one.to_string(), "encountered bundle versions which differ only by build metadata, which cannot be ordered: bundle version \"1.0.0+a\" cannot be compared to \"1.0.0\"");
        let two = PostProcessError::BuildMetadata(vec![
            ("1.0.0+a".into(), "1.0.0".into()),
            ("1.0.0+b".into(), "1.0.0".into()),
        ]);
        assert!(two.to_string().ends_with(": [bundle version \"1.0.0+a\" cannot be compared to \"1.0.0\", bundle version \"1.0.0+b\" cannot be compared to \"1.0.0\"]"));
        assert_eq!(go_quote("a\"b\n"), "\"a\\\"b\\n\"");
    }
}
