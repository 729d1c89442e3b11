//! Semantic versions exactly as blang/semver v4.0.0 (`github.com/blang/semver/v4`) reads,
//! prints and orders them. OLM and opm use that library for bundle versions, so this module
//! reproduces its behaviour, including its error texts, rather than any other semver reading.
//!
//! - [`Version::parse`] is blang `Parse`: strict SemVer 2.0.0 text, no `v` prefix, no leading
//!   zeroes, identifiers of `[0-9A-Za-z-]` only, no empty identifiers.
//! - [`Version::parse_tolerant`] is blang `ParseTolerant`: trims white space, drops one `v`,
//!   removes leading zeroes of the first three dot-separated parts and fills `1` / `1.2` up to
//!   three parts.
//! - [`Version::compare`] is blang `Compare`: build metadata never takes part, so `==` on
//!   [`Version`] ignores it too.
//!
//! Nothing here panics, whatever the input.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

/// One dot-separated identifier of a pre-release (`rc`, `1`, `beta-2`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PrereleaseId {
    /// Only ASCII digits (without a leading zero); compared numerically.
    Numeric(u64),
    /// Anything else made of `[0-9A-Za-z-]`; compared bytewise (ASCII), so `RC` < `rc`.
    Alpha(String),
}

impl PrereleaseId {
    /// Reads one pre-release identifier like blang `NewPRVersion`.
    pub fn parse(s: &str) -> Result<PrereleaseId, SemverError> {
        if s.is_empty() {
            return Err(SemverError::PrereleaseEmpty);
        }
        if contains_only_digits(s) {
            if has_leading_zeroes(s) {
                return Err(SemverError::PrereleaseLeadingZeroes(s.to_string()));
            }
            return parse_uint(s).map(PrereleaseId::Numeric);
        }
        if contains_only_alphanum(s) {
            return Ok(PrereleaseId::Alpha(s.to_string()));
        }
        Err(SemverError::InvalidPrerelease(s.to_string()))
    }

    /// blang `PRVersion.Compare`: numeric identifiers sort before alphanumeric ones, numbers
    /// numerically, strings bytewise.
    pub fn compare(&self, other: &PrereleaseId) -> Ordering {
        match (self, other) {
            (PrereleaseId::Numeric(a), PrereleaseId::Numeric(b)) => a.cmp(b),
            (PrereleaseId::Numeric(_), PrereleaseId::Alpha(_)) => Ordering::Less,
            (PrereleaseId::Alpha(_), PrereleaseId::Numeric(_)) => Ordering::Greater,
            (PrereleaseId::Alpha(a), PrereleaseId::Alpha(b)) => a.as_bytes().cmp(b.as_bytes()),
        }
    }

    /// True for a numeric identifier.
    pub fn is_numeric(&self) -> bool {
        matches!(self, PrereleaseId::Numeric(_))
    }
}

impl fmt::Display for PrereleaseId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrereleaseId::Numeric(n) => write!(f, "{n}"),
            PrereleaseId::Alpha(s) => f.write_str(s),
        }
    }
}

/// A version as blang/semver holds it.
///
/// Equality, ordering and hashing follow [`Version::compare`], which ignores `build`:
/// `1.0.0+a == 1.0.0+b`. Compare `build` (or the [`Display`](fmt::Display) text) yourself when
/// the metadata matters.
#[derive(Debug, Clone)]
pub struct Version {
    /// Major number.
    pub major: u64,
    /// Minor number.
    pub minor: u64,
    /// Patch number.
    pub patch: u64,
    /// Pre-release identifiers (`-rc.1` gives `[Alpha("rc"), Numeric(1)]`); empty for a release.
    pub pre: Vec<PrereleaseId>,
    /// Build metadata identifiers (`+build.5` gives `["build", "5"]`); no precedence.
    pub build: Vec<String>,
}

/// A version that blang/semver rejects; `Display` is blang's message, word for word (strings
/// quoted as Go's `%q` quotes them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SemverError {
    /// `Version string empty`.
    Empty,
    /// `No Major.Minor.Patch elements found`.
    NoMajorMinorPatch,
    /// `Short version cannot contain PreRelease/Build meta data` (tolerant parsing).
    ShortWithMetadata,
    /// `Invalid character(s) found in major number "x"`.
    InvalidNumber {
        /// The number's place.
        part: NumberPart,
        /// Its text.
        text: String,
    },
    /// `Major number must not contain leading zeroes "01"`.
    NumberLeadingZeroes {
        /// The number's place.
        part: NumberPart,
        /// Its text.
        text: String,
    },
    /// `strconv.ParseUint: parsing "…": invalid syntax`.
    UintSyntax(String),
    /// `strconv.ParseUint: parsing "…": value out of range`.
    UintRange(String),
    /// `Prerelease is empty`.
    PrereleaseEmpty,
    /// `Numeric PreRelease version must not contain leading zeroes "01"`.
    PrereleaseLeadingZeroes(String),
    /// `Invalid character(s) found in prerelease "…"`.
    InvalidPrerelease(String),
    /// `Build meta data is empty`.
    BuildEmpty,
    /// `Invalid character(s) found in build meta data "…"`.
    InvalidBuild(String),
}

/// Which of major, minor and patch a number error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberPart {
    /// The first number.
    Major,
    /// The second number.
    Minor,
    /// The third number.
    Patch,
}

impl NumberPart {
    fn lower(self) -> &'static str {
        match self {
            NumberPart::Major => "major",
            NumberPart::Minor => "minor",
            NumberPart::Patch => "patch",
        }
    }

    fn upper(self) -> &'static str {
        match self {
            NumberPart::Major => "Major",
            NumberPart::Minor => "Minor",
            NumberPart::Patch => "Patch",
        }
    }
}

impl fmt::Display for SemverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SemverError::Empty => f.write_str("Version string empty"),
            SemverError::NoMajorMinorPatch => f.write_str("No Major.Minor.Patch elements found"),
            SemverError::ShortWithMetadata => {
                f.write_str("Short version cannot contain PreRelease/Build meta data")
            }
            SemverError::InvalidNumber { part, text } => write!(
                f,
                "Invalid character(s) found in {} number {}",
                part.lower(),
                go_quote(text)
            ),
            SemverError::NumberLeadingZeroes { part, text } => write!(
                f,
                "{} number must not contain leading zeroes {}",
                part.upper(),
                go_quote(text)
            ),
            SemverError::UintSyntax(t) => {
                write!(
                    f,
                    "strconv.ParseUint: parsing {}: invalid syntax",
                    go_quote(t)
                )
            }
            SemverError::UintRange(t) => {
                write!(
                    f,
                    "strconv.ParseUint: parsing {}: value out of range",
                    go_quote(t)
                )
            }
            SemverError::PrereleaseEmpty => f.write_str("Prerelease is empty"),
            SemverError::PrereleaseLeadingZeroes(t) => write!(
                f,
                "Numeric PreRelease version must not contain leading zeroes {}",
                go_quote(t)
            ),
            SemverError::InvalidPrerelease(t) => {
                write!(
                    f,
                    "Invalid character(s) found in prerelease {}",
                    go_quote(t)
                )
            }
            SemverError::BuildEmpty => f.write_str("Build meta data is empty"),
            SemverError::InvalidBuild(t) => {
                write!(
                    f,
                    "Invalid character(s) found in build meta data {}",
                    go_quote(t)
                )
            }
        }
    }
}

impl std::error::Error for SemverError {}

impl Version {
    /// `major.minor.patch` with no pre-release and no build metadata.
    pub fn new(major: u64, minor: u64, patch: u64) -> Version {
        Version {
            major,
            minor,
            patch,
            pre: Vec::new(),
            build: Vec::new(),
        }
    }

    /// Strict parse, exactly blang `Parse` (same checks, same order, same messages).
    pub fn parse(s: &str) -> Result<Version, SemverError> {
        if s.is_empty() {
            return Err(SemverError::Empty);
        }
        let parts: Vec<&str> = s.splitn(3, '.').collect();
        if parts.len() != 3 {
            return Err(SemverError::NoMajorMinorPatch);
        }

        let major = parse_number_part(parts[0], NumberPart::Major)?;
        let minor = parse_number_part(parts[1], NumberPart::Minor)?;

        let mut patch_str = parts[2];
        let mut build: Vec<&str> = Vec::new();
        let mut prerelease: Vec<&str> = Vec::new();
        if let Some(i) = patch_str.find('+') {
            build = patch_str[i + 1..].split('.').collect();
            patch_str = &patch_str[..i];
        }
        if let Some(i) = patch_str.find('-') {
            prerelease = patch_str[i + 1..].split('.').collect();
            patch_str = &patch_str[..i];
        }
        let patch = parse_number_part(patch_str, NumberPart::Patch)?;

        let mut pre = Vec::with_capacity(prerelease.len());
        for p in prerelease {
            pre.push(PrereleaseId::parse(p)?);
        }

        let mut meta = Vec::with_capacity(build.len());
        for b in build {
            if b.is_empty() {
                return Err(SemverError::BuildEmpty);
            }
            if !contains_only_alphanum(b) {
                return Err(SemverError::InvalidBuild(b.to_string()));
            }
            meta.push(b.to_string());
        }

        Ok(Version {
            major,
            minor,
            patch,
            pre,
            build: meta,
        })
    }

    /// Lenient parse, exactly blang `ParseTolerant`: trims white space, removes one leading
    /// lowercase `v`, strips leading zeroes from each of the first three dot-separated parts
    /// (a part that is only zeroes becomes `0`), and fills `1` or `1.2` up to three parts
    /// (refusing a short version with `-` or `+`), then calls [`Version::parse`].
    pub fn parse_tolerant(s: &str) -> Result<Version, SemverError> {
        let s = s.trim();
        let s = s.strip_prefix('v').unwrap_or(s);
        let mut parts: Vec<String> = s.splitn(3, '.').map(str::to_string).collect();
        for p in parts.iter_mut() {
            if p.len() > 1 {
                let trimmed = p.trim_start_matches('0');
                *p = if trimmed.as_bytes().first().is_some_and(u8::is_ascii_digit) {
                    trimmed.to_string()
                } else {
                    format!("0{trimmed}")
                };
            }
        }
        if parts.len() < 3 {
            if parts
                .last()
                .is_some_and(|p| p.contains('+') || p.contains('-'))
            {
                return Err(SemverError::ShortWithMetadata);
            }
            while parts.len() < 3 {
                parts.push("0".to_string());
            }
        }
        Version::parse(&parts.join("."))
    }

    /// blang `Compare`: major, minor, patch numerically; a pre-release sorts before the same
    /// version without one; pre-release identifiers one by one ([`PrereleaseId::compare`]),
    /// the longer list winning when all shared ones are equal; build metadata ignored.
    pub fn compare(&self, other: &Version) -> Ordering {
        self.major
            .cmp(&other.major)
            .then(self.minor.cmp(&other.minor))
            .then(self.patch.cmp(&other.patch))
            .then_with(|| match (self.pre.is_empty(), other.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => {
                    for (a, b) in self.pre.iter().zip(other.pre.iter()) {
                        let c = a.compare(b);
                        if c != Ordering::Equal {
                            return c;
                        }
                    }
                    self.pre.len().cmp(&other.pre.len())
                }
            })
    }

    /// blang `FinalizeVersion`: `major.minor.patch` only.
    pub fn finalize(&self) -> String {
        format!("{}.{}.{}", self.major, self.minor, self.patch)
    }

    /// True when the version has pre-release identifiers.
    pub fn is_prerelease(&self) -> bool {
        !self.pre.is_empty()
    }
}

/// blang `String()`: `major.minor.patch[-pre][+build]`.
impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        for (i, p) in self.pre.iter().enumerate() {
            f.write_str(if i == 0 { "-" } else { "." })?;
            write!(f, "{p}")?;
        }
        for (i, b) in self.build.iter().enumerate() {
            f.write_str(if i == 0 { "+" } else { "." })?;
            f.write_str(b)?;
        }
        Ok(())
    }
}

/// Strict parse ([`Version::parse`]).
impl FromStr for Version {
    type Err = SemverError;
    fn from_str(s: &str) -> Result<Version, SemverError> {
        Version::parse(s)
    }
}

/// Equal when [`Version::compare`] says so: build metadata is ignored.
impl PartialEq for Version {
    fn eq(&self, other: &Version) -> bool {
        self.compare(other) == Ordering::Equal
    }
}

impl Eq for Version {}

/// Ordered by [`Version::compare`] (build metadata ignored).
impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Version) -> Ordering {
        self.compare(other)
    }
}

/// Hashes everything but the build metadata, consistent with `==`.
impl Hash for Version {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.major.hash(state);
        self.minor.hash(state);
        self.patch.hash(state);
        self.pre.hash(state);
    }
}

/// The major, minor or patch number check of blang `Parse`.
fn parse_number_part(s: &str, part: NumberPart) -> Result<u64, SemverError> {
    if !contains_only_digits(s) {
        return Err(SemverError::InvalidNumber {
            part,
            text: s.to_string(),
        });
    }
    if has_leading_zeroes(s) {
        return Err(SemverError::NumberLeadingZeroes {
            part,
            text: s.to_string(),
        });
    }
    parse_uint(s)
}

/// Go `strconv.ParseUint(s, 10, 64)` on text already known to be ASCII digits (or empty),
/// with Go's error text.
fn parse_uint(s: &str) -> Result<u64, SemverError> {
    if s.is_empty() {
        return Err(SemverError::UintSyntax(s.to_string()));
    }
    let mut n: u64 = 0;
    for b in s.bytes() {
        if !b.is_ascii_digit() {
            return Err(SemverError::UintSyntax(s.to_string()));
        }
        n = match n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(b - b'0')))
        {
            Some(n) => n,
            None => return Err(SemverError::UintRange(s.to_string())),
        };
    }
    Ok(n)
}

fn contains_only_digits(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

/// blang's `alphanum` set: `[0-9A-Za-z-]`.
fn contains_only_alphanum(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn has_leading_zeroes(s: &str) -> bool {
    s.len() > 1 && s.as_bytes()[0] == b'0'
}

/// Go's `%q` (`strconv.Quote`) for the texts that go into blang's messages.
///
/// ASCII is handled exactly as Go does; for other characters "printable" is approximated
/// (controls, separators other than the ASCII space, format characters, private-use
/// characters and noncharacters are escaped; unassigned code points are not recognised).
pub(crate) fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if go_is_print(c) => out.push(c),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// An approximation of Go's `unicode.IsPrint` (exact for ASCII).
fn go_is_print(c: char) -> bool {
    let u = c as u32;
    if u < 0x80 {
        return (0x20..0x7f).contains(&u);
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    let format_chars: &[(u32, u32)] = &[
        (0x00AD, 0x00AD),
        (0x0600, 0x0605),
        (0x061C, 0x061C),
        (0x06DD, 0x06DD),
        (0x070F, 0x070F),
        (0x0890, 0x0891),
        (0x08E2, 0x08E2),
        (0x180E, 0x180E),
        (0x200B, 0x200F),
        (0x2028, 0x202E),
        (0x2060, 0x2064),
        (0x2066, 0x206F),
        (0xD800, 0xDFFF),
        (0xE000, 0xF8FF),
        (0xFDD0, 0xFDEF),
        (0xFEFF, 0xFEFF),
        (0xFFF0, 0xFFFB),
        (0x110BD, 0x110BD),
        (0x110CD, 0x110CD),
        (0x13430, 0x1343F),
        (0x1BCA0, 0x1BCA3),
        (0x1D173, 0x1D17A),
        (0xE0000, 0xE0FFF),
        (0xF0000, 0x10FFFF),
    ];
    if format_chars.iter().any(|&(a, b)| (a..=b).contains(&u)) {
        return false;
    }
    // Noncharacters U+nFFFE and U+nFFFF.
    (u & 0xFFFE) != 0xFFFE
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
    }

    fn pa(s: &str) -> PrereleaseId {
        PrereleaseId::Alpha(s.to_string())
    }

    fn pn(n: u64) -> PrereleaseId {
        PrereleaseId::Numeric(n)
    }

    fn ver(major: u64, minor: u64, patch: u64, pre: Vec<PrereleaseId>, build: &[&str]) -> Version {
        Version {
            major,
            minor,
            patch,
            pre,
            build: build.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn err(s: &str) -> String {
        match Version::parse(s) {
            Ok(v) => panic!("{s:?} parsed as {v}"),
            Err(e) => e.to_string(),
        }
    }

    /// blang's own `formatTests` (spec/olm.md §10): String() and Parse().
    fn format_tests() -> Vec<(Version, &'static str)> {
        vec![
            (ver(1, 2, 3, vec![], &[]), "1.2.3"),
            (ver(0, 0, 1, vec![], &[]), "0.0.1"),
            (
                ver(0, 0, 1, vec![pa("alpha"), pa("preview")], &["123", "456"]),
                "0.0.1-alpha.preview+123.456",
            ),
            (
                ver(1, 2, 3, vec![pa("alpha"), pn(1)], &["123", "456"]),
                "1.2.3-alpha.1+123.456",
            ),
            (ver(1, 2, 3, vec![pa("alpha"), pn(1)], &[]), "1.2.3-alpha.1"),
            (ver(1, 2, 3, vec![], &["123", "456"]), "1.2.3+123.456"),
            (
                ver(1, 2, 3, vec![pa("alpha"), pa("b-eta")], &["123", "b-uild"]),
                "1.2.3-alpha.b-eta+123.b-uild",
            ),
            (ver(1, 2, 3, vec![], &["123", "b-uild"]), "1.2.3+123.b-uild"),
            (
                ver(1, 2, 3, vec![pa("alpha"), pa("b-eta")], &[]),
                "1.2.3-alpha.b-eta",
            ),
        ]
    }

    #[test]
    fn go_stringer_and_parse() {
        for (version, text) in format_tests() {
            assert_eq!(version.to_string(), text);
            let parsed = v(text);
            assert_eq!(parsed.compare(&version), Ordering::Equal);
            assert_eq!(parsed.pre, version.pre);
            assert_eq!(parsed.build, version.build);
            assert_eq!(parsed.to_string(), text);
            assert_eq!(text.parse::<Version>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn go_parse_tolerant() {
        let cases = [
            (ver(1, 2, 3, vec![], &[]), "v1.2.3"),
            (ver(1, 2, 0, vec![pa("alpha")], &[]), "1.2.0-alpha"),
            (ver(1, 2, 0, vec![], &[]), "1.2.00"),
            (ver(1, 2, 3, vec![], &[]), "\t1.2.3 "),
            (ver(1, 2, 3, vec![], &[]), "01.02.03"),
            (ver(0, 0, 3, vec![], &[]), "00.0.03"),
            (ver(0, 0, 3, vec![], &[]), "000.0.03"),
            (ver(1, 2, 0, vec![], &[]), "1.2"),
            (ver(1, 0, 0, vec![], &[]), "1"),
            // From the brief.
            (ver(1, 2, 0, vec![], &[]), "v1.2"),
            (ver(1, 2, 3, vec![], &[]), " 1.2.3 "),
            (ver(1, 2, 3, vec![], &[]), "01.2.3"),
        ];
        for (version, text) in cases {
            let parsed = Version::parse_tolerant(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
            assert_eq!(parsed, version, "{text:?}");
            assert_eq!(parsed.pre, version.pre, "{text:?}");
        }
    }

    #[test]
    fn go_wrong_tolerant_format() {
        assert_eq!(
            Version::parse_tolerant("1.0+abc").unwrap_err().to_string(),
            "Short version cannot contain PreRelease/Build meta data"
        );
        // "1.0-rc.1" has three dot-separated parts, so it is not "short".
        assert_eq!(
            Version::parse_tolerant("1.0-rc.1").unwrap_err().to_string(),
            "Invalid character(s) found in minor number \"0-rc\""
        );
        assert_eq!(
            Version::parse_tolerant("1-rc").unwrap_err().to_string(),
            "Short version cannot contain PreRelease/Build meta data"
        );
        // Only one lowercase v goes; a part that does not start with a digit after the
        // zeroes are trimmed gets a "0" put in front.
        assert_eq!(
            Version::parse_tolerant("vv1.2.3").unwrap_err().to_string(),
            "Invalid character(s) found in major number \"0v1\""
        );
        assert_eq!(
            Version::parse_tolerant("V1.2.3").unwrap_err().to_string(),
            "Invalid character(s) found in major number \"0V1\""
        );
        assert_eq!(
            Version::parse_tolerant("1.2.03-rc").unwrap().to_string(),
            "1.2.3-rc"
        );
        assert_eq!(
            Version::parse_tolerant("1.2.0-rc").unwrap().to_string(),
            "1.2.0-rc"
        );
        // "00-rc" loses its zeroes and gets one back in front of the '-'.
        assert_eq!(
            Version::parse_tolerant("1.2.00-rc").unwrap().to_string(),
            "1.2.0-rc"
        );
        assert_eq!(
            Version::parse_tolerant("").unwrap_err().to_string(),
            "strconv.ParseUint: parsing \"\": invalid syntax"
        );
        assert_eq!(
            Version::parse_tolerant("1.2.3-01").unwrap_err().to_string(),
            "Numeric PreRelease version must not contain leading zeroes \"01\""
        );
    }

    #[test]
    fn go_wrong_format() {
        let cases = [
            "",
            ".",
            "1.",
            ".1",
            "a.b.c",
            "1.a.b",
            "1.1.a",
            "1.a.1",
            "a.1.1",
            "..",
            "1..",
            "1.1.",
            "1..1",
            "1.1.+123",
            "1.1.-beta",
            "-1.1.1",
            "1.-1.1",
            "1.1.-1",
            "20000000000000000000.1.1",
            "1.20000000000000000000.1",
            "1.1.20000000000000000000",
            "1.1.1-20000000000000000000",
            "01.1.1",
            "001.1.1",
            "1.01.1",
            "1.001.1",
            "1.1.01",
            "1.1.001",
            "1.1.1-01",
            "1.1.1-001",
            "1.1.1-beta.01",
            "1.1.1-beta.001",
            "0.0.0-!",
            "0.0.0+!",
            "0.0.0-.alpha",
            "0.0.0-alpha+",
            "0.0.0-alpha+test.",
        ];
        for s in cases {
            assert!(Version::parse(s).is_err(), "{s:?} should not parse");
        }
    }

    #[test]
    fn exact_error_texts() {
        assert_eq!(err(""), "Version string empty");
        assert_eq!(err("1.2"), "No Major.Minor.Patch elements found");
        assert_eq!(err("."), "No Major.Minor.Patch elements found");
        assert_eq!(
            err("v1.2.3"),
            "Invalid character(s) found in major number \"v1\""
        );
        assert_eq!(
            err("01.2.3"),
            "Major number must not contain leading zeroes \"01\""
        );
        assert_eq!(
            err("1.02.3"),
            "Minor number must not contain leading zeroes \"02\""
        );
        assert_eq!(
            err("1.2.03"),
            "Patch number must not contain leading zeroes \"03\""
        );
        assert_eq!(
            err("1.a.b"),
            "Invalid character(s) found in minor number \"a\""
        );
        assert_eq!(
            err("1.1.a"),
            "Invalid character(s) found in patch number \"a\""
        );
        assert_eq!(
            err("1..1"),
            "strconv.ParseUint: parsing \"\": invalid syntax"
        );
        assert_eq!(
            err("1.1."),
            "strconv.ParseUint: parsing \"\": invalid syntax"
        );
        assert_eq!(
            err("20000000000000000000.1.1"),
            "strconv.ParseUint: parsing \"20000000000000000000\": value out of range"
        );
        assert_eq!(
            err("1.1.1-20000000000000000000"),
            "strconv.ParseUint: parsing \"20000000000000000000\": value out of range"
        );
        assert_eq!(err("1.2.3-"), "Prerelease is empty");
        assert_eq!(err("0.0.0-.alpha"), "Prerelease is empty");
        assert_eq!(err("1.2.3-rc..1"), "Prerelease is empty");
        assert_eq!(
            err("1.1.1-beta.01"),
            "Numeric PreRelease version must not contain leading zeroes \"01\""
        );
        assert_eq!(
            err("0.0.0-!"),
            "Invalid character(s) found in prerelease \"!\""
        );
        assert_eq!(err("0.0.0-alpha+"), "Build meta data is empty");
        assert_eq!(err("0.0.0-alpha+test."), "Build meta data is empty");
        assert_eq!(
            err("0.0.0+!"),
            "Invalid character(s) found in build meta data \"!\""
        );
        // Checks run in blang's order: patch, then pre-release, then build.
        assert_eq!(
            err("1.2.3-!+!"),
            "Invalid character(s) found in prerelease \"!\""
        );
        assert_eq!(
            err("1.2.x-!"),
            "Invalid character(s) found in patch number \"x\""
        );
        // The first '+' starts the build, the first '-' before it the pre-release.
        assert_eq!(v("1.2.3-a+b-c").build, vec!["b-c".to_string()]);
        assert_eq!(v("1.2.3-a-b.c").pre, vec![pa("a-b"), pa("c")]);
        assert_eq!(
            err("1.2.3+a+b"),
            "Invalid character(s) found in build meta data \"a+b\""
        );
        // Quoting like Go's %q.
        assert_eq!(
            err("1.2.3 "),
            "Invalid character(s) found in patch number \"3 \""
        );
        assert_eq!(
            err("1.2.3\t"),
            "Invalid character(s) found in patch number \"3\\t\""
        );
        assert_eq!(
            err("1.2.3-\"é\u{200b}"),
            "Invalid character(s) found in prerelease \"\\\"é\\u200b\""
        );
        assert_eq!(
            err("1.2.١"),
            "Invalid character(s) found in patch number \"١\""
        );
    }

    #[test]
    fn go_compare_table() {
        let cases = [
            (ver(1, 0, 0, vec![], &[]), ver(1, 0, 0, vec![], &[]), 0),
            (ver(2, 0, 0, vec![], &[]), ver(1, 0, 0, vec![], &[]), 1),
            (ver(0, 1, 0, vec![], &[]), ver(0, 1, 0, vec![], &[]), 0),
            (ver(0, 2, 0, vec![], &[]), ver(0, 1, 0, vec![], &[]), 1),
            (ver(0, 0, 1, vec![], &[]), ver(0, 0, 1, vec![], &[]), 0),
            (ver(0, 0, 2, vec![], &[]), ver(0, 0, 1, vec![], &[]), 1),
            (ver(1, 2, 3, vec![], &[]), ver(1, 2, 3, vec![], &[]), 0),
            (ver(2, 2, 4, vec![], &[]), ver(1, 2, 4, vec![], &[]), 1),
            (ver(1, 3, 3, vec![], &[]), ver(1, 2, 3, vec![], &[]), 1),
            (ver(1, 2, 4, vec![], &[]), ver(1, 2, 3, vec![], &[]), 1),
            // Spec examples #11
            (ver(1, 0, 0, vec![], &[]), ver(2, 0, 0, vec![], &[]), -1),
            (ver(2, 0, 0, vec![], &[]), ver(2, 1, 0, vec![], &[]), -1),
            (ver(2, 1, 0, vec![], &[]), ver(2, 1, 1, vec![], &[]), -1),
            // Spec examples #9
            (
                ver(1, 0, 0, vec![], &[]),
                ver(1, 0, 0, vec![pa("alpha")], &[]),
                1,
            ),
            (
                ver(1, 0, 0, vec![pa("alpha")], &[]),
                ver(1, 0, 0, vec![pa("alpha"), pn(1)], &[]),
                -1,
            ),
            (
                ver(1, 0, 0, vec![pa("alpha"), pn(1)], &[]),
                ver(1, 0, 0, vec![pa("alpha"), pa("beta")], &[]),
                -1,
            ),
            (
                ver(1, 0, 0, vec![pa("alpha"), pa("beta")], &[]),
                ver(1, 0, 0, vec![pa("beta")], &[]),
                -1,
            ),
            (
                ver(1, 0, 0, vec![pa("beta")], &[]),
                ver(1, 0, 0, vec![pa("beta"), pn(2)], &[]),
                -1,
            ),
            (
                ver(1, 0, 0, vec![pa("beta"), pn(2)], &[]),
                ver(1, 0, 0, vec![pa("beta"), pn(11)], &[]),
                -1,
            ),
            (
                ver(1, 0, 0, vec![pa("beta"), pn(11)], &[]),
                ver(1, 0, 0, vec![pa("rc"), pn(1)], &[]),
                -1,
            ),
            (
                ver(1, 0, 0, vec![pa("rc"), pn(1)], &[]),
                ver(1, 0, 0, vec![], &[]),
                -1,
            ),
            // Build metadata ignored
            (
                ver(1, 0, 0, vec![], &["1", "2", "3"]),
                ver(1, 0, 0, vec![], &[]),
                0,
            ),
        ];
        for (a, b, want) in cases {
            let want = want.cmp(&0);
            assert_eq!(a.compare(&b), want, "{a} vs {b}");
            assert_eq!(b.compare(&a), want.reverse(), "{b} vs {a}");
            assert_eq!(a.cmp(&b), want);
            assert_eq!(a == b, want == Ordering::Equal);
        }
    }

    #[test]
    fn go_compare_helpers() {
        let a = ver(1, 0, 0, vec![pa("alpha")], &[]);
        let b = ver(1, 0, 0, vec![], &[]);
        assert!(a == a.clone());
        assert!(a != b);
        assert!(a <= a.clone() && a >= a.clone());
        assert!(a < b && a <= b);
        assert!(b > a && b >= a);
    }

    #[test]
    fn semantics_doc_ordering() {
        assert!(v("1.2.3-RC.2") < v("1.2.3-rc.1"), "uppercase sorts first");
        assert!(v("1.0.0-1") < v("1.0.0-a"), "numeric before alphanumeric");
        assert!(v("1.0.0-2") < v("1.0.0-10"), "numbers numerically");
        assert!(v("1.0.0-a10") < v("1.0.0-a2"), "strings bytewise");
        assert!(v("1.0.0-rc.1") < v("1.0.0-rc.1.0"), "longer list wins");
        assert!(v("1.0.0-0") < v("1.0.0"));
        assert!(v("0.0.0-0") < v("0.0.0"));
        assert!(v("1.9.0") < v("1.10.0"));
        assert_eq!(v("1.0.0+a"), v("1.0.0+b"));
        assert_eq!(v("1.0.0+a").to_string(), "1.0.0+a");
        assert_eq!(
            v("18446744073709551615.0.0").major,
            u64::MAX,
            "the full u64 range parses"
        );
    }

    #[test]
    fn hash_ignores_build() {
        use std::collections::HashSet;
        let mut set = HashSet::new();
        set.insert(v("1.0.0+a"));
        assert!(set.contains(&v("1.0.0+b")));
        assert!(set.contains(&v("1.0.0")));
        assert!(!set.contains(&v("1.0.0-0")));
    }

    #[test]
    fn finalize_and_misc() {
        assert_eq!(v("1.2.3-alpha.b-eta+123.b-uild").finalize(), "1.2.3");
        assert!(v("1.2.3-rc").is_prerelease());
        assert!(!v("1.2.3+rc").is_prerelease());
        assert_eq!(Version::new(1, 2, 3).to_string(), "1.2.3");
        assert_eq!(PrereleaseId::parse("123"), Ok(pn(123)));
        assert_eq!(PrereleaseId::parse("alpha"), Ok(pa("alpha")));
        assert!(pn(123).is_numeric() && !pa("alpha").is_numeric());
        let e: Box<dyn std::error::Error> = Box::new(SemverError::Empty);
        assert_eq!(e.to_string(), "Version string empty");
    }

    fn arb_pre_id() -> impl Strategy<Value = PrereleaseId> {
        prop_oneof![
            (0u64..20).prop_map(PrereleaseId::Numeric),
            any::<u64>().prop_map(PrereleaseId::Numeric),
            "[0-9A-Za-z-]{0,5}[A-Za-z-][0-9A-Za-z-]{0,5}".prop_map(PrereleaseId::Alpha),
            prop::sample::select(vec!["alpha", "beta", "rc", "RC", "a", "0a"])
                .prop_map(|s| PrereleaseId::Alpha(s.to_string())),
        ]
    }

    fn arb_version() -> impl Strategy<Value = Version> {
        (
            prop_oneof![0u64..4, any::<u64>()],
            prop_oneof![0u64..4, any::<u64>()],
            prop_oneof![0u64..4, any::<u64>()],
            prop::collection::vec(arb_pre_id(), 0..4),
            prop::collection::vec("[0-9A-Za-z-]{1,6}", 0..3),
        )
            .prop_map(|(major, minor, patch, pre, build)| Version {
                major,
                minor,
                patch,
                pre,
                build,
            })
    }

    fn arb_close_version() -> impl Strategy<Value = Version> {
        (
            0u64..2,
            0u64..2,
            prop::collection::vec(
                prop_oneof![
                    (0u64..3).prop_map(PrereleaseId::Numeric),
                    prop::sample::select(vec!["a", "b", "A"])
                        .prop_map(|s| PrereleaseId::Alpha(s.to_string())),
                ],
                0..3,
            ),
            prop::collection::vec("[ab]", 0..2),
        )
            .prop_map(|(minor, patch, pre, build)| Version {
                major: 1,
                minor,
                patch,
                pre,
                build,
            })
    }

    /// `a <= b <= c` implies `a <= c`, strictly too, and equality is transitive.
    fn check_transitive(a: &Version, b: &Version, c: &Version) -> Result<(), TestCaseError> {
        let (ab, bc, ac) = (a.compare(b), b.compare(c), a.compare(c));
        if ab.is_le() && bc.is_le() {
            prop_assert!(ac.is_le(), "{a} <= {b} <= {c} but {a} > {c}");
        }
        if ab.is_lt() && bc.is_lt() {
            prop_assert!(ac.is_lt(), "{a} < {b} < {c} but not {a} < {c}");
        }
        if ab.is_eq() && bc.is_eq() {
            prop_assert!(ac.is_eq(), "{a} == {b} == {c} but {a} != {c}");
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn compare_is_reflexive_and_antisymmetric(a in arb_version(), b in arb_version()) {
            prop_assert_eq!(a.compare(&a), Ordering::Equal);
            prop_assert_eq!(a.compare(&b), b.compare(&a).reverse());
            prop_assert_eq!(a == b, a.compare(&b) == Ordering::Equal);
        }

        #[test]
        fn compare_is_transitive(a in arb_version(), b in arb_version(), c in arb_version()) {
            check_transitive(&a, &b, &c)?;
        }

        #[test]
        fn compare_is_transitive_on_close_versions(
            a in arb_close_version(), b in arb_close_version(), c in arb_close_version()
        ) {
            // A small domain, so that equal and adjacent versions are frequent.
            for (x, y, z) in [(&a, &b, &c), (&a, &c, &b), (&b, &a, &c), (&b, &c, &a), (&c, &a, &b), (&c, &b, &a)] {
                check_transitive(x, y, z)?;
            }
        }

        #[test]
        fn build_metadata_never_matters(a in arb_version(), b in arb_version(),
                                        extra in prop::collection::vec("[0-9A-Za-z-]{1,6}", 1..3)) {
            let mut a2 = a.clone();
            a2.build = extra.clone();
            prop_assert_eq!(a2.compare(&a), Ordering::Equal);
            prop_assert_eq!(a2.compare(&b), a.compare(&b));
            prop_assert_eq!(b.compare(&a2), b.compare(&a));
            prop_assert_eq!(&a2, &a);
            let mut base = a.clone();
            base.build.clear();
            let with = format!("{}+{}", base, extra.join("."));
            let parsed_with = Version::parse(&with).unwrap();
            prop_assert_eq!(&parsed_with, &Version::parse(&base.to_string()).unwrap());
            prop_assert_eq!(parsed_with.compare(&b), base.compare(&b));
            prop_assert_eq!(parsed_with.to_string(), with);
        }

        #[test]
        fn display_parse_round_trip(a in arb_version()) {
            let text = a.to_string();
            let back = Version::parse(&text).unwrap();
            prop_assert_eq!(&back, &a);
            prop_assert_eq!(&back.pre, &a.pre);
            prop_assert_eq!(&back.build, &a.build);
            prop_assert_eq!(back.to_string(), text.clone());
            prop_assert_eq!(Version::parse_tolerant(&text).unwrap().to_string(), text);
        }

        #[test]
        fn parse_never_panics(s in any::<String>()) {
            let _ = Version::parse(&s);
            let _ = Version::parse_tolerant(&s);
        }

        #[test]
        fn parse_never_panics_on_versionish(s in "[0-9vV.+\\-a-zé١ \t]{0,16}") {
            if let Ok(v) = Version::parse(&s) {
                prop_assert_eq!(v.to_string(), s.clone());
            }
            let _ = Version::parse_tolerant(&s);
        }
    }
}
