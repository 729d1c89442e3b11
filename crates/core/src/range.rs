//! Version ranges exactly as blang/semver v4.0.0 `ParseRange` reads them: the syntax of OLM's
//! `skipRange`.
//!
//! The grammar is small and has surprising corners, all reproduced here:
//!
//! - The text is cut at spaces, except that a space after `>`, `<` or `=` does not cut
//!   (`>= 1.0.0` is one token). Pieces one byte long are silently dropped (so the `-` of
//!   `1.2.3 - 2.0.0` vanishes and the range means `=1.2.3 =2.0.0`). An empty range fails with
//!   `Last element in range is '||'`.
//! - A `||` token separates alternatives (OR); the other tokens of an alternative are ANDed.
//! - Any token containing a lowercase `x` is sent through wildcard expansion (`1.2.x` becomes
//!   `>=1.2.0 <1.3.0`, `1.x.x` wrongly becomes `>=1.0.0 <1.1.0`, `!=1.2.x` becomes the
//!   unsatisfiable `<1.2.0 >=1.3.0`, and an `x` inside a pre-release usually breaks the token).
//! - Operators are `=`, `==` or none (equal), `!` and `!=`, `>`, `>=`, `<`, `<=`; versions are
//!   read strictly ([`Version::parse`]). No `~`, `^`, hyphen ranges or commas.
//! - Pre-release versions are compared like any other version (no npm-style gating) and build
//!   metadata is ignored.
//!
//! [`quirks`] finds the places where blang's reading differs from what a reader expects.
//! Nothing here panics, whatever the input.

use std::fmt;

use crate::semver::{go_quote, SemverError, Version};

/// A comparison operator of a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// `=`, `==` or no operator.
    Eq,
    /// `!` or `!=`.
    Ne,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
}

impl Op {
    /// blang `parseComparator`: the operator for its text, `None` when blang rejects it.
    pub fn parse(s: &str) -> Option<Op> {
        match s {
            "" | "=" | "==" => Some(Op::Eq),
            "!" | "!=" => Some(Op::Ne),
            ">" => Some(Op::Gt),
            ">=" => Some(Op::Ge),
            "<" => Some(Op::Lt),
            "<=" => Some(Op::Le),
            _ => None,
        }
    }

    /// The operator's canonical text (`=` for equality).
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Lt => "<",
            Op::Le => "<=",
        }
    }
}

/// One `operator version` condition of a range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparator {
    /// The operator.
    pub op: Op,
    /// The bound, parsed strictly.
    pub version: Version,
}

impl Comparator {
    /// True when `v` satisfies this condition (`v op bound`, build metadata ignored).
    pub fn matches(&self, v: &Version) -> bool {
        let c = v.compare(&self.version);
        match self.op {
            Op::Eq => c.is_eq(),
            Op::Ne => c.is_ne(),
            Op::Gt => c.is_gt(),
            Op::Ge => c.is_ge(),
            Op::Lt => c.is_lt(),
            Op::Le => c.is_le(),
        }
    }
}

impl fmt::Display for Comparator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.op.as_str(), self.version)
    }
}

/// A parsed range: an OR of alternatives, each an AND of [`Comparator`]s, after wildcard
/// expansion.
///
/// An alternative can be empty (from `|| ||`): blang accepts that text but its range
/// function then crashes when evaluation reaches the empty alternative; see
/// [`Range::contains_checked`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    groups: Vec<Vec<Comparator>>,
}

/// A range that blang/semver rejects; `Display` is blang's message, word for word (for
/// example `Could not parse Range ">v0.1.0": Could not parse comparator ">v" in ">v0.1.0"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeError {
    /// `First element in range is '||'`.
    FirstIsOr,
    /// `Last element in range is '||'`.
    LastIsOr,
    /// `Could not get version from string: "…"`: a token without a digit.
    NoVersion(String),
    /// `Could not parse Range "tok": Could not parse comparator "op" in "tok"`.
    Comparator { token: String, op: String },
    /// `Could not parse Range "tok": Could not parse version "v" in "tok": <blang's error>`.
    Version {
        token: String,
        version: String,
        error: SemverError,
    },
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RangeError::FirstIsOr => f.write_str("First element in range is '||'"),
            RangeError::LastIsOr => f.write_str("Last element in range is '||'"),
            RangeError::NoVersion(s) => {
                write!(f, "Could not get version from string: {}", go_quote(s))
            }
            RangeError::Comparator { token, op } => write!(
                f,
                "Could not parse Range {}: Could not parse comparator {} in {}",
                go_quote(token),
                go_quote(op),
                go_quote(token)
            ),
            RangeError::Version {
                token,
                version,
                error,
            } => write!(
                f,
                "Could not parse Range {}: Could not parse version {} in {}: {error}",
                go_quote(token),
                go_quote(version),
                go_quote(token)
            ),
        }
    }
}

impl std::error::Error for RangeError {}

impl Range {
    /// blang `ParseRange`, with every quirk (see the module documentation).
    pub fn parse(s: &str) -> Result<Range, RangeError> {
        let parts = split_and_trim(s).tokens;
        let or_parts = split_or_parts(&parts)?;
        let expanded = expand_wildcard_version(&or_parts)?;
        let mut groups = Vec::with_capacity(expanded.len());
        for group in expanded {
            let mut comparators = Vec::with_capacity(group.len());
            for ap in group {
                let (op, v) = split_comparator_version(&ap)?;
                let comparator = build_version_range(op, v, &ap)?;
                comparators.push(comparator);
            }
            groups.push(comparators);
        }
        Ok(Range { groups })
    }

    /// blang `Range(v)`: true when some alternative has all its conditions satisfied.
    ///
    /// Where blang would crash (an empty alternative from `|| ||` reached during evaluation,
    /// see [`Range::contains_checked`]) this answers `false`.
    pub fn contains(&self, v: &Version) -> bool {
        self.contains_checked(v).unwrap_or(false)
    }

    /// Like [`Range::contains`], but `None` where blang's range function would panic: the
    /// alternatives are tried left to right, and reaching an empty one (from `|| ||`) before
    /// any alternative matched is a nil function call in Go.
    pub fn contains_checked(&self, v: &Version) -> Option<bool> {
        for group in &self.groups {
            if group.is_empty() {
                return None;
            }
            if group.iter().all(|c| c.matches(v)) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The alternatives (ORed) of ANDed conditions, after wildcard expansion.
    pub fn groups(&self) -> &[Vec<Comparator>] {
        &self.groups
    }
}

/// The expanded form, e.g. `1.2.x || >2.0.0` gives `>=1.2.0 <1.3.0 || >2.0.0` (not blang
/// text: blang v4.0.0 cannot print a range).
impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, group) in self.groups.iter().enumerate() {
            if i > 0 {
                f.write_str(" || ")?;
            }
            for (j, c) in group.iter().enumerate() {
                if j > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// A blang quirk that gives a range a meaning other than what a reader (or npm or Cargo
/// semver) would expect.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RangeQuirk {
    /// A one-byte token (such as the `-` of a hyphen range, or a `!` followed by a space) that
    /// blang silently drops.
    DroppedToken {
        /// The dropped text.
        token: String,
    },
    /// `1.x.x` (with `=`, no operator, `>`, `<=`, `!=`) is read as a patch wildcard: `1.x.x`
    /// means `>=1.0.0 <1.1.0`, not `>=1.0.0 <2.0.0`.
    PatchWildcardBug {
        /// The token as written (spaces removed).
        token: String,
    },
    /// `!=1.2.x` becomes `<1.2.0 >=1.3.0` in the same AND group, which nothing satisfies.
    UnsatisfiableNotEqualWildcard {
        /// The token as written (spaces removed).
        token: String,
    },
    /// A token with an `x` whose operator blang does not know (`~1.2.x`, `^1.x`, `=>1.x`):
    /// the wildcard path throws the operator away and the token means `=` the flattened
    /// version (`~1.2.x` means `=1.2.0`) instead of failing to parse.
    UnknownOperatorDropped {
        /// The token as written (spaces removed).
        token: String,
        /// The discarded operator.
        operator: String,
    },
    /// A lowercase `x` that is not a wildcard (in a pre-release or build identifier, such as
    /// `1.0.0-fix` or `<1.0.0-rc.x1`) still sends the token through wildcard expansion, which
    /// either breaks it (`Could not get version from string: "<"`) or rewrites its version.
    XOutsideWildcard {
        /// The token as written (spaces removed).
        token: String,
    },
    /// Two `||` with nothing between them: blang accepts the text, but evaluating a version
    /// that no earlier alternative matches calls a nil function and crashes.
    EmptyOrGroup,
}

impl RangeQuirk {
    /// One plain-English sentence saying what blang does with the text.
    pub fn message(&self) -> String {
        match self {
            RangeQuirk::DroppedToken { token } => {
                let consequence = match token.as_str() {
                    "-" => "so a hyphen range like \"1.2.3 - 2.0.0\" means =1.2.3 AND =2.0.0",
                    "!" => "so \"! 1.2.3\" means =1.2.3, the opposite of what was written",
                    "|" => "so \"A | B\" means A AND B, not A OR B",
                    "*" | "x" | "X" => "so it does not mean \"any version\"",
                    "~" | "^" => "so the operator has no effect and the next version is matched exactly",
                    _ => "so it has no effect on the range",
                };
                format!(
                    "the one-character token {} is silently dropped by OLM's range parser, {}",
                    go_quote(token),
                    consequence
                )
            }
            RangeQuirk::PatchWildcardBug { token } => format!(
                "OLM's range parser reads {} as a patch wildcard, so it means {}, not {}",
                go_quote(token),
                go_quote(&expansion_text(token)),
                go_quote(&expansion_text(&token.replacen(".x.x", ".x", 1)))
            ),
            RangeQuirk::UnsatisfiableNotEqualWildcard { token } => format!(
                "OLM's range parser expands {} to {}, two conditions ANDed together that no version satisfies, so this alternative matches nothing",
                go_quote(token),
                go_quote(&expansion_text(token))
            ),
            RangeQuirk::UnknownOperatorDropped { token, operator } => format!(
                "OLM's range parser does not know the operator {} but silently discards it in the wildcard token {}, which then means exactly {}",
                go_quote(operator),
                go_quote(token),
                go_quote(&expansion_text(token))
            ),
            RangeQuirk::XOutsideWildcard { token } => match expand_token(token) {
                Ok(parts) if parts.iter().all(|p| token_builds(p)) => format!(
                    "the lowercase \"x\" in {} is not a wildcard, but OLM's range parser still runs wildcard expansion on it and rewrites it to {}",
                    go_quote(token),
                    go_quote(&parts.join(" "))
                ),
                _ => format!(
                    "the lowercase \"x\" in {} is not a wildcard, but OLM's range parser still runs wildcard expansion on it, which makes the range fail to parse",
                    go_quote(token)
                ),
            },
            RangeQuirk::EmptyOrGroup => "two \"||\" with nothing between them make an empty alternative, which OLM's range parser accepts but then crashes on (a nil function call) when a version matches no earlier alternative".to_string(),
        }
    }

    /// One plain-English sentence saying what to write instead.
    pub fn suggestion(&self) -> String {
        match self {
            RangeQuirk::DroppedToken { token } => match token.as_str() {
                "-" => "write the range with explicit bounds, such as \">=1.2.3 <=2.0.0\"".to_string(),
                "|" => "separate alternatives with \"||\" surrounded by spaces".to_string(),
                "*" | "x" | "X" => "write an explicit bound such as \">=0.0.0\"".to_string(),
                "~" | "^" => "write explicit bounds such as \">=1.2.0 <1.3.0\"; OLM supports only =, !=, >, >=, < and <=".to_string(),
                "!" | "=" | "<" | ">" => format!(
                    "attach the operator to its version with no space, as in {}",
                    go_quote(&format!("{}1.2.3", if token == "!" { "!=" } else { token }))
                ),
                _ => format!(
                    "remove {} or join it to the token it belongs to",
                    go_quote(token)
                ),
            },
            RangeQuirk::PatchWildcardBug { token } => {
                let fixed = token.replacen(".x.x", ".x", 1);
                format!(
                    "write {} (which means {}) or explicit bounds",
                    go_quote(&fixed),
                    go_quote(&expansion_text(&fixed))
                )
            }
            RangeQuirk::UnsatisfiableNotEqualWildcard { token } => {
                match expand_token(token) {
                    Ok(parts) if parts.len() == 2 => format!(
                        "to exclude those versions write {} as its own alternatives",
                        go_quote(&format!("{} || {}", parts[0], parts[1]))
                    ),
                    _ => "to exclude a wildcard, write the two bounds as separate alternatives joined by \"||\"".to_string(),
                }
            }
            RangeQuirk::UnknownOperatorDropped { token, .. } => {
                match split_comparator_version(token) {
                    Ok((_, v)) => format!(
                        "write explicit bounds with =, !=, >, >=, < or <=, such as {}",
                        go_quote(&expansion_text(v))
                    ),
                    Err(_) => "write explicit bounds with =, !=, >, >=, < or <=".to_string(),
                }
            }
            RangeQuirk::XOutsideWildcard { .. } => "avoid a lowercase \"x\" in the pre-release or build part of a skipRange bound; if it cannot be avoided, use only >= or < and no identifier that starts with \"x\"".to_string(),
            RangeQuirk::EmptyOrGroup => "remove the extra \"||\"".to_string(),
        }
    }
}

/// The quirks of the raw range text, in order of appearance; works whether or not the text
/// parses (a text that fails to parse may still report quirks of its other tokens).
pub fn quirks(s: &str) -> Vec<RangeQuirk> {
    let split = split_and_trim(s);
    let mut out: Vec<RangeQuirk> = split
        .dropped
        .into_iter()
        .filter(|token| !token.trim().is_empty())
        .map(|token| RangeQuirk::DroppedToken { token })
        .collect();

    if let Ok(groups) = split_or_parts(&split.tokens) {
        if groups.iter().any(|g| g.is_empty()) {
            out.push(RangeQuirk::EmptyOrGroup);
        }
    }

    for token in split.tokens.iter().filter(|t| t.as_str() != "||") {
        if !token.contains('x') {
            continue;
        }
        let Ok((op, v)) = split_comparator_version(token) else {
            continue;
        };
        let wildcard = wildcard_type(v);
        if Op::parse(op).is_none() {
            out.push(RangeQuirk::UnknownOperatorDropped {
                token: token.clone(),
                operator: op.to_string(),
            });
            continue;
        }
        let increments = !matches!(op, ">=" | "<");
        match wildcard {
            Wildcard::Patch if increments && v.split('.').nth(1) == Some("x") => {
                out.push(RangeQuirk::PatchWildcardBug {
                    token: token.clone(),
                });
                if matches!(op, "!" | "!=") {
                    out.push(RangeQuirk::UnsatisfiableNotEqualWildcard {
                        token: token.clone(),
                    });
                }
            }
            Wildcard::Patch | Wildcard::Minor | Wildcard::Major => {
                if matches!(op, "!" | "!=") {
                    out.push(RangeQuirk::UnsatisfiableNotEqualWildcard {
                        token: token.clone(),
                    });
                }
            }
            Wildcard::None => {
                let written = format!("{op}{v}");
                if expand_token(token).ok() != Some(vec![written]) {
                    out.push(RangeQuirk::XOutsideWildcard {
                        token: token.clone(),
                    });
                }
            }
        }
    }
    out
}

/// True when an expanded token would become a condition in [`Range::parse`].
fn token_builds(ap: &str) -> bool {
    split_comparator_version(ap).is_ok_and(|(op, v)| build_version_range(op, v, ap).is_ok())
}

/// The expansion of one token, joined with spaces, or `(error)` text for the messages.
fn expansion_text(token: &str) -> String {
    match expand_token(token) {
        Ok(parts) => parts.join(" "),
        Err(e) => e.to_string(),
    }
}

/// The tokens of blang `splitAndTrim`, plus the one-byte pieces it drops.
struct Split {
    tokens: Vec<String>,
    dropped: Vec<String>,
}

/// blang `splitAndTrim`, byte for byte: cut at `' '` unless the last non-space byte was `>`,
/// `<` or `=`; keep only pieces of two bytes or more; remove the spaces inside the pieces.
fn split_and_trim(s: &str) -> Split {
    let bytes = s.as_bytes();
    let mut tokens = Vec::new();
    let mut dropped = Vec::new();
    let mut last = 0usize;
    let mut last_char = 0u8;
    let mut keep = |piece: &str, tokens: &mut Vec<String>| {
        // Go keeps `s[last:i]` only when `last < i-1`, i.e. the piece has two bytes or more.
        if piece.len() >= 2 {
            tokens.push(piece.replace(' ', ""));
        } else if piece.len() == 1 {
            dropped.push(piece.to_string());
        }
    };
    for (i, &b) in bytes.iter().enumerate() {
        if b == b' ' && !matches!(last_char, b'>' | b'<' | b'=') {
            // `last` and `i` both sit next to ASCII spaces, so they are char boundaries.
            keep(&s[last..i], &mut tokens);
            last = i + 1;
        } else if b != b' ' {
            last_char = b;
        }
    }
    if last < s.len() {
        keep(&s[last..], &mut tokens);
    }
    Split { tokens, dropped }
}

/// blang `splitORParts`.
fn split_or_parts(parts: &[String]) -> Result<Vec<Vec<String>>, RangeError> {
    let mut out = Vec::new();
    let mut last = 0usize;
    for (i, p) in parts.iter().enumerate() {
        if p == "||" {
            if i == 0 {
                return Err(RangeError::FirstIsOr);
            }
            out.push(parts[last..i].to_vec());
            last = i + 1;
        }
    }
    if last == parts.len() {
        return Err(RangeError::LastIsOr);
    }
    out.push(parts[last..].to_vec());
    Ok(out)
}

/// blang `splitComparatorVersion`: cut before the first decimal digit (Go's
/// `unicode.IsDigit`, so any Unicode `Nd` character), trimming the operator.
fn split_comparator_version(s: &str) -> Result<(&str, &str), RangeError> {
    match s.char_indices().find(|&(_, c)| is_go_digit(c)) {
        Some((i, _)) => Ok((s[..i].trim(), &s[i..])),
        None => Err(RangeError::NoVersion(s.to_string())),
    }
}

/// blang `buildVersionRange` on the token `token` cut into `op` and `v`.
fn build_version_range(op: &str, v: &str, token: &str) -> Result<Comparator, RangeError> {
    let Some(op) = Op::parse(op) else {
        return Err(RangeError::Comparator {
            token: token.to_string(),
            op: op.to_string(),
        });
    };
    match Version::parse(v) {
        Ok(version) => Ok(Comparator { op, version }),
        Err(error) => Err(RangeError::Version {
            token: token.to_string(),
            version: v.to_string(),
            error,
        }),
    }
}

/// blang's `wildcardType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wildcard {
    None,
    Major,
    Minor,
    Patch,
}

/// blang `getWildcardType`: by the number of dot-separated parts, when the last one is `x`.
fn wildcard_type(v: &str) -> Wildcard {
    let parts: Vec<&str> = v.split('.').collect();
    if parts.last() != Some(&"x") {
        return Wildcard::None;
    }
    match parts.len() {
        1 => Wildcard::Major,
        2 => Wildcard::Minor,
        3 => Wildcard::Patch,
        _ => Wildcard::None,
    }
}

/// blang `createVersionFromWildcard`: first `.x.x` to `.x`, first `.x` to `.0`, and a third
/// part `.0` added when only two remain.
fn create_version_from_wildcard(v: &str) -> String {
    let v2 = v.replacen(".x.x", ".x", 1).replacen(".x", ".0", 1);
    if v2.split('.').count() == 2 {
        format!("{v2}.0")
    } else {
        v2
    }
}

/// Go `strconv.Atoi` (base 10, optional sign, 64-bit), `None` on any error.
fn go_atoi(s: &str) -> Option<i64> {
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut n: u64 = 0;
    for b in digits.bytes() {
        n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    if negative {
        if n > 1u64 << 63 {
            return None;
        }
        Some((n as i64).wrapping_neg())
    } else {
        i64::try_from(n).ok()
    }
}

/// blang `incrementMajorVersion` / `incrementMinorVersion` (index 0 / 1), `None` where Go
/// returns an error (and blang then uses an empty string). Go's `int` wraps on overflow.
fn increment_part(v: &str, index: usize) -> Option<String> {
    let mut parts: Vec<String> = v.split('.').map(str::to_string).collect();
    let part = parts.get_mut(index)?;
    let n = go_atoi(part)?;
    *part = n.wrapping_add(1).to_string();
    Some(parts.join("."))
}

/// blang's per-token step of `expandWildcardVersion`.
fn expand_token(ap: &str) -> Result<Vec<String>, RangeError> {
    if !ap.contains('x') {
        return Ok(vec![ap.to_string()]);
    }
    let (op, v) = split_comparator_version(ap)?;
    let wildcard = wildcard_type(v);
    let flat = create_version_from_wildcard(v);
    let mut out = Vec::with_capacity(2);
    let (result_op, increment) = match op {
        ">" => (">=", true),
        ">=" => (">=", false),
        "<" => ("<", false),
        "<=" => ("<", true),
        "" | "=" | "==" => {
            out.push(format!(">={flat}"));
            ("<", true)
        }
        "!=" | "!" => {
            out.push(format!("<{flat}"));
            (">=", true)
        }
        // blang's switch has no default: the operator is lost.
        _ => ("", false),
    };
    let result_version = if increment {
        match wildcard {
            Wildcard::Patch => increment_part(&flat, 1).unwrap_or_default(),
            Wildcard::Minor => increment_part(&flat, 0).unwrap_or_default(),
            Wildcard::Major | Wildcard::None => String::new(),
        }
    } else {
        flat
    };
    out.push(format!("{result_op}{result_version}"));
    Ok(out)
}

/// blang `expandWildcardVersion`.
fn expand_wildcard_version(groups: &[Vec<String>]) -> Result<Vec<Vec<String>>, RangeError> {
    let mut out = Vec::with_capacity(groups.len());
    for group in groups {
        let mut new_parts = Vec::with_capacity(group.len());
        for ap in group {
            new_parts.extend(expand_token(ap)?);
        }
        out.push(new_parts);
    }
    Ok(out)
}

/// Go's `unicode.IsDigit`: ASCII digits, and the Unicode `Nd` blocks (Unicode 15).
fn is_go_digit(c: char) -> bool {
    if c.is_ascii_digit() {
        return true;
    }
    let u = c as u32;
    if u < 0x100 {
        return false;
    }
    const ND: &[(u32, u32)] = &[
        (0x660, 0x669),
        (0x6F0, 0x6F9),
        (0x7C0, 0x7C9),
        (0x966, 0x96F),
        (0x9E6, 0x9EF),
        (0xA66, 0xA6F),
        (0xAE6, 0xAEF),
        (0xB66, 0xB6F),
        (0xBE6, 0xBEF),
        (0xC66, 0xC6F),
        (0xCE6, 0xCEF),
        (0xD66, 0xD6F),
        (0xDE6, 0xDEF),
        (0xE50, 0xE59),
        (0xED0, 0xED9),
        (0xF20, 0xF29),
        (0x1040, 0x1049),
        (0x1090, 0x1099),
        (0x17E0, 0x17E9),
        (0x1810, 0x1819),
        (0x1946, 0x194F),
        (0x19D0, 0x19D9),
        (0x1A80, 0x1A89),
        (0x1A90, 0x1A99),
        (0x1B50, 0x1B59),
        (0x1BB0, 0x1BB9),
        (0x1C40, 0x1C49),
        (0x1C50, 0x1C59),
        (0xA620, 0xA629),
        (0xA8D0, 0xA8D9),
        (0xA900, 0xA909),
        (0xA9D0, 0xA9D9),
        (0xA9F0, 0xA9F9),
        (0xAA50, 0xAA59),
        (0xABF0, 0xABF9),
        (0xFF10, 0xFF19),
        (0x104A0, 0x104A9),
        (0x10D30, 0x10D39),
        (0x11066, 0x1106F),
        (0x110F0, 0x110F9),
        (0x11136, 0x1113F),
        (0x111D0, 0x111D9),
        (0x112F0, 0x112F9),
        (0x11450, 0x11459),
        (0x114D0, 0x114D9),
        (0x11650, 0x11659),
        (0x116C0, 0x116C9),
        (0x11730, 0x11739),
        (0x118E0, 0x118E9),
        (0x11950, 0x11959),
        (0x11C50, 0x11C59),
        (0x11D50, 0x11D59),
        (0x11DA0, 0x11DA9),
        (0x11F50, 0x11F59),
        (0x16A60, 0x16A69),
        (0x16AC0, 0x16AC9),
        (0x16B50, 0x16B59),
        (0x1D7CE, 0x1D7FF),
        (0x1E140, 0x1E149),
        (0x1E2F0, 0x1E2F9),
        (0x1E4F0, 0x1E4F9),
        (0x1E950, 0x1E959),
        (0x1FBF0, 0x1FBF9),
    ];
    ND.iter().any(|&(a, b)| (a..=b).contains(&u))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
    }

    fn r(s: &str) -> Range {
        Range::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"))
    }

    fn perr(s: &str) -> String {
        match Range::parse(s) {
            Ok(range) => panic!("{s:?} parsed as {range}"),
            Err(e) => e.to_string(),
        }
    }

    fn strings(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    // ---- The semantics table (range, version, blang result) ----

    #[test]
    fn table_01_prerelease_of_upper_bound_is_inside() {
        assert!(r(">=1.0.0 <2.0.0").contains(&v("2.0.0-rc.1")));
    }

    #[test]
    fn table_02_prerelease_inside_bounds() {
        assert!(r(">=1.0.0 <2.0.0").contains(&v("1.5.0-beta")));
    }

    #[test]
    fn table_03_prerelease_of_lower_bound_is_below() {
        assert!(!r(">=1.0.0").contains(&v("1.0.0-rc.1")));
    }

    #[test]
    fn table_04_prerelease_lower_bound() {
        assert!(r(">=4.1.0-0 <4.1.2").contains(&v("4.1.0-0")));
    }

    #[test]
    fn table_05_minor_wildcard_admits_next_major_prerelease() {
        assert!(r("1.x").contains(&v("2.0.0-alpha")));
    }

    #[test]
    fn table_06_x_x_is_a_patch_wildcard() {
        let range = r("1.x.x");
        assert!(!range.contains(&v("1.5.0")));
        assert_eq!(range.to_string(), ">=1.0.0 <1.1.0");
    }

    #[test]
    fn table_07_not_equal_wildcard_matches_nothing() {
        let range = r("!=1.2.x");
        assert!(!range.contains(&v("1.3.0")));
        assert_eq!(range.to_string(), "<1.2.0 >=1.3.0");
    }

    #[test]
    fn table_08_bang_space_drops_the_bang() {
        assert!(r("! 1.2.3").contains(&v("1.2.3")));
    }

    #[test]
    fn table_09_hyphen_range_is_two_equalities() {
        let range = r("1.2.3 - 2.0.0");
        assert!(!range.contains(&v("1.5.0")));
        assert_eq!(range.to_string(), "=1.2.3 =2.0.0");
    }

    #[test]
    fn table_10_comma_is_a_parse_error() {
        assert_eq!(
            perr(">=1.2.0,<1.3.0"),
            "Could not parse Range \">=1.2.0,<1.3.0\": Could not parse version \"1.2.0,<1.3.0\" in \">=1.2.0,<1.3.0\": Invalid character(s) found in patch number \"0,<1.3.0\""
        );
    }

    #[test]
    fn table_11_space_after_operator() {
        assert!(r(">= 1.2.0 < 1.3.0").contains(&v("1.2.9")));
    }

    #[test]
    fn table_12_or_without_spaces_is_a_parse_error() {
        assert_eq!(
            perr(">=1.0.0||<0.5.0"),
            "Could not parse Range \">=1.0.0||<0.5.0\": Could not parse version \"1.0.0||<0.5.0\" in \">=1.0.0||<0.5.0\": Invalid character(s) found in patch number \"0||<0.5.0\""
        );
    }

    #[test]
    fn table_13_build_metadata_ignored() {
        assert!(!r(">1.0.0").contains(&v("1.0.0+build.5")));
    }

    #[test]
    fn table_14_uppercase_prerelease_sorts_first() {
        assert!(r("<1.2.3-rc.1").contains(&v("1.2.3-RC.2")));
    }

    #[test]
    fn table_15_bare_version_is_equality() {
        assert!(!r("1.2.3").contains(&v("1.5.0")));
        assert!(r("1.2.3").contains(&v("1.2.3+meta")));
    }

    #[test]
    fn table_16_unsupported_syntax_errors() {
        assert_eq!(
            perr(">=1.2"),
            "Could not parse Range \">=1.2\": Could not parse version \"1.2\" in \">=1.2\": No Major.Minor.Patch elements found"
        );
        assert_eq!(
            perr("^1.2.0"),
            "Could not parse Range \"^1.2.0\": Could not parse comparator \"^\" in \"^1.2.0\""
        );
        assert_eq!(
            perr("~1.2.0"),
            "Could not parse Range \"~1.2.0\": Could not parse comparator \"~\" in \"~1.2.0\""
        );
        // One-byte tokens are dropped, leaving nothing.
        assert_eq!(perr("*"), "Last element in range is '||'");
        assert_eq!(perr("x"), "Last element in range is '||'");
        assert_eq!(
            perr(">=v1.0.0"),
            "Could not parse Range \">=v1.0.0\": Could not parse comparator \">=v\" in \">=v1.0.0\""
        );
        assert_eq!(perr(""), "Last element in range is '||'");
    }

    #[test]
    fn table_17_x_in_prerelease_goes_down_the_wildcard_path() {
        assert_eq!(
            perr("1.0.0-xyz"),
            "Could not get version from string: \"<\""
        );
        assert_eq!(
            perr("=1.0.0-fix"),
            "Could not get version from string: \"<\""
        );
    }

    #[test]
    fn table_18_prerelease_of_zero() {
        assert!(!r(">=0.0.0").contains(&v("0.0.0-0")));
    }

    // ---- Error texts and parser corners ----

    #[test]
    fn opm_message_example() {
        assert_eq!(
            perr(">v0.1.0"),
            "Could not parse Range \">v0.1.0\": Could not parse comparator \">v\" in \">v0.1.0\""
        );
        let e = Range::parse(">v0.1.0").unwrap_err();
        assert_eq!(
            format!("invalid skipRange {:?}: {e}", ">v0.1.0"),
            "invalid skipRange \">v0.1.0\": Could not parse Range \">v0.1.0\": Could not parse comparator \">v\" in \">v0.1.0\""
        );
        let boxed: Box<dyn std::error::Error> = Box::new(e);
        assert!(boxed.to_string().starts_with("Could not parse Range"));
    }

    #[test]
    fn more_error_texts() {
        assert_eq!(perr("|| 1.0.0"), "First element in range is '||'");
        assert_eq!(perr("1.0.0 ||"), "Last element in range is '||'");
        assert_eq!(perr("   "), "Last element in range is '||'");
        assert_eq!(perr("a b c"), "Last element in range is '||'");
        assert_eq!(
            perr("string"),
            "Could not get version from string: \"string\""
        );
        assert_eq!(
            perr("fo.ob.ar.x"),
            "Could not get version from string: \"fo.ob.ar.x\""
        );
        assert_eq!(
            perr(">>1.2.3"),
            "Could not parse Range \">>1.2.3\": Could not parse comparator \">>\" in \">>1.2.3\""
        );
        assert_eq!(
            perr("=>1.2.3"),
            "Could not parse Range \"=>1.2.3\": Could not parse comparator \"=>\" in \"=>1.2.3\""
        );
        assert_eq!(
            perr("1.0"),
            "Could not parse Range \"1.0\": Could not parse version \"1.0\" in \"1.0\": No Major.Minor.Patch elements found"
        );
        assert_eq!(
            perr(">=01.0.0"),
            "Could not parse Range \">=01.0.0\": Could not parse version \"01.0.0\" in \">=01.0.0\": Major number must not contain leading zeroes \"01\""
        );
        // A trailing operator with nothing after it.
        assert_eq!(
            perr("1.0.0 >="),
            "Could not get version from string: \">=\""
        );
        // Wildcard errors are reported before comparator errors of earlier tokens.
        assert_eq!(
            perr("^1.0.0 || foox"),
            "Could not get version from string: \"foox\""
        );
        // ... while the broken expansion of an x pre-release fails in token order.
        assert_eq!(
            perr("^1.0.0 || 1.0.0-xyz"),
            "Could not parse Range \"^1.0.0\": Could not parse comparator \"^\" in \"^1.0.0\""
        );
        // Only ' ' separates tokens; a tab stays inside the version text.
        assert_eq!(
            perr(">=1.0.0\t<2.0.0"),
            "Could not parse Range \">=1.0.0\\t<2.0.0\": Could not parse version \"1.0.0\\t<2.0.0\" in \">=1.0.0\\t<2.0.0\": Invalid character(s) found in patch number \"0\\t<2.0.0\""
        );
        // ... but white space between operator and version is trimmed from the operator.
        assert!(r(">=\t1.0.0").contains(&v("1.0.0")));
        // Upper-case X and * are not wildcards.
        assert_eq!(
            perr("1.2.X"),
            "Could not parse Range \"1.2.X\": Could not parse version \"1.2.X\" in \"1.2.X\": Invalid character(s) found in patch number \"X\""
        );
        // A version may not be written with a v even after a space.
        assert_eq!(
            perr(">= v1.0.0"),
            "Could not parse Range \">=v1.0.0\": Could not parse comparator \">=v\" in \">=v1.0.0\""
        );
        // Go's unicode.IsDigit finds non-ASCII decimal digits.
        assert_eq!(
            perr(">=١.0.0"),
            "Could not parse Range \">=١.0.0\": Could not parse version \"١.0.0\" in \">=١.0.0\": Invalid character(s) found in major number \"١\""
        );
        // A two-byte character is a token of length 2 and is kept.
        assert_eq!(perr("1.0.0 é"), "Could not get version from string: \"é\"");
        // A space after an operator character glues the next token on.
        assert_eq!(
            perr("1.0.0= 2.0.0"),
            "Could not parse Range \"1.0.0=2.0.0\": Could not parse version \"1.0.0=2.0.0\" in \"1.0.0=2.0.0\": Invalid character(s) found in patch number \"0=2.0.0\""
        );
    }

    #[test]
    fn or_ranges() {
        let range = r("<1.0.0 || >=3.0.0");
        assert!(range.contains(&v("0.9.9")));
        assert!(!range.contains(&v("1.0.0")));
        assert!(!range.contains(&v("2.9.9")));
        assert!(range.contains(&v("3.0.0")));
        assert!(range.contains(&v("3.0.0+b")));
        assert!(!range.contains(&v("3.0.0-rc.1")));
        assert_eq!(range.groups().len(), 2);
        assert_eq!(range.to_string(), "<1.0.0 || >=3.0.0");
        // AND binds tighter than OR.
        let range = r(">1.0.0 <2.0.0 || >3.0.0 !4.2.1");
        for (s, want) in [
            ("1.2.3", true),
            ("1.9.9", true),
            ("3.1.1", true),
            ("4.2.1", false),
            ("2.1.1", false),
        ] {
            assert_eq!(range.contains(&v(s)), want, "{s}");
        }
    }

    #[test]
    fn real_catalog_ranges() {
        let cases: &[(&str, &[(&str, bool)])] = &[
            (
                ">=2.4.18 <2.5.7",
                &[
                    ("2.4.17", false),
                    ("2.4.18", true),
                    ("2.5.6", true),
                    ("2.5.7", false),
                ],
            ),
            (
                ">= 1.18.0 < 1.28.0",
                &[
                    ("1.17.9", false),
                    ("1.18.0", true),
                    ("1.27.99", true),
                    ("1.28.0", false),
                ],
            ),
            (
                ">=0.8.0 <0.8.1-rc.1",
                &[
                    ("0.8.0", true),
                    ("0.8.1-rc.0", true),
                    ("0.8.1-beta", true),
                    ("0.8.1-rc.1", false),
                    ("0.8.1", false),
                ],
            ),
            (
                ">=5.0.0",
                &[("4.99.99", false), ("5.0.0", true), ("100.0.0", true)],
            ),
            (
                ">=2.1.x <2.2.1",
                &[
                    ("2.0.9", false),
                    ("2.1.0", true),
                    ("2.2.0", true),
                    ("2.2.1", false),
                ],
            ),
        ];
        for (text, versions) in cases {
            let range = r(text);
            for (s, want) in *versions {
                assert_eq!(range.contains(&v(s)), *want, "{text} / {s}");
            }
            assert!(quirks(text).is_empty(), "{text}: {:?}", quirks(text));
        }
        assert_eq!(r(">=2.1.x <2.2.1").to_string(), ">=2.1.0 <2.2.1");
    }

    #[test]
    fn empty_or_group_is_accepted_but_blang_would_crash() {
        let range = r(">=2.0.0 || || <1.0.0");
        assert_eq!(range.groups().len(), 3);
        assert!(range.groups()[1].is_empty());
        assert_eq!(range.contains_checked(&v("2.5.0")), Some(true));
        // Evaluation reaches the empty alternative: blang calls a nil function here.
        assert_eq!(range.contains_checked(&v("0.5.0")), None);
        assert!(!range.contains(&v("0.5.0")));
        assert_eq!(perr(">=2.0.0 || ||"), "Last element in range is '||'");
    }

    // ---- Ports of blang v4 range_test.go ----

    #[test]
    fn go_parse_comparator() {
        let cases = [
            (">", Some(Op::Gt)),
            (">=", Some(Op::Ge)),
            ("<", Some(Op::Lt)),
            ("<=", Some(Op::Le)),
            ("", Some(Op::Eq)),
            ("=", Some(Op::Eq)),
            ("==", Some(Op::Eq)),
            ("!=", Some(Op::Ne)),
            ("!", Some(Op::Ne)),
            ("-", None),
            ("<==", None),
            ("<<", None),
            (">>", None),
        ];
        for (s, want) in cases {
            assert_eq!(Op::parse(s), want, "{s:?}");
        }
        // The comparator functions (testEQ ... testLE).
        let (v1, v2, v3) = (v("1.2.2"), v("1.2.3"), v("1.2.4"));
        let c = |op, bound: &Version, x: &Version| {
            Comparator {
                op,
                version: bound.clone(),
            }
            .matches(x)
        };
        assert!(c(Op::Eq, &v1, &v1) && !c(Op::Eq, &v2, &v1));
        assert!(!c(Op::Ne, &v1, &v1) && c(Op::Ne, &v2, &v1));
        assert!(
            c(Op::Gt, &v1, &v2)
                && c(Op::Gt, &v2, &v3)
                && !c(Op::Gt, &v2, &v1)
                && !c(Op::Gt, &v1, &v1)
        );
        assert!(
            c(Op::Ge, &v1, &v2)
                && c(Op::Ge, &v2, &v3)
                && !c(Op::Ge, &v2, &v1)
                && c(Op::Ge, &v1, &v1)
        );
        assert!(
            c(Op::Lt, &v2, &v1)
                && c(Op::Lt, &v3, &v2)
                && !c(Op::Lt, &v1, &v2)
                && !c(Op::Lt, &v1, &v1)
        );
        assert!(
            c(Op::Le, &v2, &v1)
                && c(Op::Le, &v3, &v2)
                && !c(Op::Le, &v1, &v2)
                && c(Op::Le, &v1, &v1)
        );
    }

    #[test]
    fn go_split_and_trim() {
        let cases: &[(&str, &[&str])] = &[
            ("1.2.3 1.2.3", &["1.2.3", "1.2.3"]),
            ("     1.2.3     1.2.3     ", &["1.2.3", "1.2.3"]),
            ("  >=   1.2.3   <=  1.2.3   ", &[">=1.2.3", "<=1.2.3"]),
            (
                "1.2.3 || >=1.2.3 <1.2.3",
                &["1.2.3", "||", ">=1.2.3", "<1.2.3"],
            ),
            (
                "      1.2.3      ||     >=1.2.3     <1.2.3    ",
                &["1.2.3", "||", ">=1.2.3", "<1.2.3"],
            ),
            // Extra cases: one-byte pieces vanish, wherever they are.
            ("1.2.3 - 2.0.0", &["1.2.3", "2.0.0"]),
            ("a", &[]),
            ("ab", &["ab"]),
            ("a  b", &[]),
            ("1.0.0 <", &["1.0.0"]),
            ("< 1.0.0", &["<1.0.0"]),
            ("> = 1.0.0", &[">=1.0.0"]),
            ("1.0.0 >=", &["1.0.0", ">="]),
            ("é", &["é"]),
        ];
        for (input, want) in cases {
            assert_eq!(split_and_trim(input).tokens, strings(want), "{input:?}");
        }
        assert_eq!(split_and_trim("1.2.3 - 2.0.0").dropped, strings(&["-"]));
        assert_eq!(split_and_trim("a  b").dropped, strings(&["a", "b"]));
    }

    #[test]
    fn go_split_comparator_version() {
        let cases = [
            (">1.2.3", ">", "1.2.3"),
            (">=1.2.3", ">=", "1.2.3"),
            ("<1.2.3", "<", "1.2.3"),
            ("<=1.2.3", "<=", "1.2.3"),
            ("1.2.3", "", "1.2.3"),
            ("=1.2.3", "=", "1.2.3"),
            ("==1.2.3", "==", "1.2.3"),
            ("!=1.2.3", "!=", "1.2.3"),
            ("!1.2.3", "!", "1.2.3"),
        ];
        for (input, op, ver) in cases {
            assert_eq!(split_comparator_version(input).unwrap(), (op, ver));
        }
        assert_eq!(
            split_comparator_version("error").unwrap_err().to_string(),
            "Could not get version from string: \"error\""
        );
    }

    #[test]
    fn go_build_version_range() {
        for (op, want) in [
            (">", Op::Gt),
            (">=", Op::Ge),
            ("<", Op::Lt),
            ("<=", Op::Le),
            ("", Op::Eq),
            ("=", Op::Eq),
            ("==", Op::Eq),
            ("!=", Op::Ne),
            ("!", Op::Ne),
        ] {
            let c = build_version_range(op, "1.2.3", &format!("{op}1.2.3")).unwrap();
            assert_eq!(c.op, want);
            assert_eq!(c.version, v("1.2.3"));
        }
        assert_eq!(
            build_version_range(">>", "1.2.3", ">>1.2.3")
                .unwrap_err()
                .to_string(),
            "Could not parse Range \">>1.2.3\": Could not parse comparator \">>\" in \">>1.2.3\""
        );
        assert_eq!(
            build_version_range("=", "invalid", "=invalid")
                .unwrap_err()
                .to_string(),
            "Could not parse Range \"=invalid\": Could not parse version \"invalid\" in \"=invalid\": No Major.Minor.Patch elements found"
        );
    }

    #[test]
    fn go_split_or_parts() {
        let ok = split_or_parts(&strings(&[">1.2.3", "||", "<1.2.3", "||", "=1.2.3"])).unwrap();
        assert_eq!(
            ok,
            vec![
                strings(&[">1.2.3"]),
                strings(&["<1.2.3"]),
                strings(&["=1.2.3"])
            ]
        );
        let ok = split_or_parts(&strings(&[">1.2.3", "<1.2.3", "||", "=1.2.3"])).unwrap();
        assert_eq!(
            ok,
            vec![strings(&[">1.2.3", "<1.2.3"]), strings(&["=1.2.3"])]
        );
        assert_eq!(
            split_or_parts(&strings(&[">1.2.3", "||"]))
                .unwrap_err()
                .to_string(),
            "Last element in range is '||'"
        );
        assert_eq!(
            split_or_parts(&strings(&["||", ">1.2.3"]))
                .unwrap_err()
                .to_string(),
            "First element in range is '||'"
        );
        assert_eq!(
            split_or_parts(&strings(&["1.0.0", "||", "||", "2.0.0"])).unwrap(),
            vec![strings(&["1.0.0"]), vec![], strings(&["2.0.0"])]
        );
    }

    #[test]
    fn go_wildcard_helpers() {
        assert_eq!(wildcard_type("x"), Wildcard::Major);
        assert_eq!(wildcard_type("1.x"), Wildcard::Minor);
        assert_eq!(wildcard_type("1.2.x"), Wildcard::Patch);
        assert_eq!(wildcard_type("1.x.x"), Wildcard::Patch);
        assert_eq!(wildcard_type("fo.o.b.ar"), Wildcard::None);
        assert_eq!(wildcard_type("1.0.0-xyz"), Wildcard::None);

        assert_eq!(create_version_from_wildcard("1.2.x"), "1.2.0");
        assert_eq!(create_version_from_wildcard("1.x"), "1.0.0");
        assert_eq!(create_version_from_wildcard("1.x.x"), "1.0.0");
        assert_eq!(create_version_from_wildcard("1.0.0-rc.xyz"), "1.0.0-rc.0yz");

        assert_eq!(increment_part("1.2.3", 0).as_deref(), Some("2.2.3"));
        assert_eq!(increment_part("1.2", 0).as_deref(), Some("2.2"));
        assert_eq!(increment_part("foo.bar", 0), None);
        assert_eq!(increment_part("1.2.3", 1).as_deref(), Some("1.3.3"));
        assert_eq!(increment_part("1.2", 1).as_deref(), Some("1.3"));
        assert_eq!(increment_part("foo.bar", 1), None);
        assert_eq!(increment_part("1", 1), None);
        // Go's Atoi takes a sign and wraps on overflow in `i + 1`.
        assert_eq!(increment_part("+1.2", 0).as_deref(), Some("2.2"));
        assert_eq!(increment_part("-1.2", 0).as_deref(), Some("0.2"));
        assert_eq!(
            increment_part("9223372036854775807.0", 0).as_deref(),
            Some("-9223372036854775808.0")
        );
        assert_eq!(increment_part("9223372036854775808.0", 0), None);
        assert_eq!(go_atoi("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(go_atoi("-"), None);
        assert_eq!(go_atoi(""), None);
        assert_eq!(go_atoi("1_000"), None);
    }

    #[test]
    fn go_expand_wildcard_version() {
        let cases: &[(&str, &[&str])] = &[
            (">=1.2.x", &[">=1.2.0"]),
            ("<=1.2.x", &["<1.3.0"]),
            (">1.2.x", &[">=1.3.0"]),
            ("<1.2.x", &["<1.2.0"]),
            ("!=1.2.x", &["<1.2.0", ">=1.3.0"]),
            (">=1.x", &[">=1.0.0"]),
            ("<=1.x", &["<2.0.0"]),
            (">1.x", &[">=2.0.0"]),
            ("<1.x", &["<1.0.0"]),
            ("!=1.x", &["<1.0.0", ">=2.0.0"]),
            ("1.2.x", &[">=1.2.0", "<1.3.0"]),
            ("1.x", &[">=1.0.0", "<2.0.0"]),
            // Beyond the Go table.
            ("1.x.x", &[">=1.0.0", "<1.1.0"]),
            ("=1.2.x", &[">=1.2.0", "<1.3.0"]),
            ("==1.x", &[">=1.0.0", "<2.0.0"]),
            ("!1.2.x", &["<1.2.0", ">=1.3.0"]),
            ("~1.2.x", &["1.2.0"]),
            ("1.0.0-xyz", &[">=1.0.0-xyz", "<"]),
            (">=1.0.0-xyz", &[">=1.0.0-xyz"]),
            ("<1.0.0-beta.xyz", &["<1.0.0-beta.0yz"]),
            ("1.2.3", &["1.2.3"]),
        ];
        for (input, want) in cases {
            let got = expand_wildcard_version(&[vec![input.to_string()]]).unwrap();
            assert_eq!(got, vec![strings(want)], "{input:?}");
        }
        assert_eq!(
            expand_wildcard_version(&[strings(&["foox"])])
                .unwrap_err()
                .to_string(),
            "Could not get version from string: \"foox\""
        );
    }

    #[test]
    fn go_parse_range() {
        let cases: &[(&str, &[(&str, bool)])] = &[
            (
                ">1.2.3",
                &[("1.2.2", false), ("1.2.3", false), ("1.2.4", true)],
            ),
            (
                ">=1.2.3",
                &[("1.2.3", true), ("1.2.4", true), ("1.2.2", false)],
            ),
            (
                "<1.2.3",
                &[("1.2.2", true), ("1.2.3", false), ("1.2.4", false)],
            ),
            (
                "<=1.2.3",
                &[("1.2.2", true), ("1.2.3", true), ("1.2.4", false)],
            ),
            (
                "1.2.3",
                &[("1.2.2", false), ("1.2.3", true), ("1.2.4", false)],
            ),
            (
                "=1.2.3",
                &[("1.2.2", false), ("1.2.3", true), ("1.2.4", false)],
            ),
            (
                "==1.2.3",
                &[("1.2.2", false), ("1.2.3", true), ("1.2.4", false)],
            ),
            (
                "!=1.2.3",
                &[("1.2.2", true), ("1.2.3", false), ("1.2.4", true)],
            ),
            (
                "!1.2.3",
                &[("1.2.2", true), ("1.2.3", false), ("1.2.4", true)],
            ),
            (
                ">1.2.2 <1.2.4",
                &[("1.2.2", false), ("1.2.3", true), ("1.2.4", false)],
            ),
            (
                "<1.2.2 <1.2.4",
                &[
                    ("1.2.1", true),
                    ("1.2.2", false),
                    ("1.2.3", false),
                    ("1.2.4", false),
                ],
            ),
            (
                ">1.2.2 <1.2.5 !=1.2.4",
                &[
                    ("1.2.2", false),
                    ("1.2.3", true),
                    ("1.2.4", false),
                    ("1.2.5", false),
                ],
            ),
            (
                ">1.2.2 <1.2.5 !1.2.4",
                &[
                    ("1.2.2", false),
                    ("1.2.3", true),
                    ("1.2.4", false),
                    ("1.2.5", false),
                ],
            ),
            (
                ">1.2.2 || <1.2.4",
                &[("1.2.2", true), ("1.2.3", true), ("1.2.4", true)],
            ),
            (
                "<1.2.2 || >1.2.4",
                &[("1.2.2", false), ("1.2.3", false), ("1.2.4", false)],
            ),
            (
                ">1.x",
                &[
                    ("0.1.9", false),
                    ("1.2.6", false),
                    ("1.9.0", false),
                    ("2.0.0", true),
                ],
            ),
            (
                ">1.2.x",
                &[("1.1.9", false), ("1.2.6", false), ("1.3.0", true)],
            ),
            (
                ">1.2.2 <1.2.4 || >=2.0.0",
                &[
                    ("1.2.2", false),
                    ("1.2.3", true),
                    ("1.2.4", false),
                    ("2.0.0", true),
                    ("2.0.1", true),
                ],
            ),
            (
                "1.x || >=2.0.x <2.2.x",
                &[
                    ("0.9.2", false),
                    ("1.2.2", true),
                    ("2.0.0", true),
                    ("2.1.8", true),
                    ("2.2.0", false),
                ],
            ),
            (
                ">1.2.2 <1.2.4 || >=2.0.0 <3.0.0",
                &[
                    ("1.2.2", false),
                    ("1.2.3", true),
                    ("1.2.4", false),
                    ("2.0.0", true),
                    ("2.0.1", true),
                    ("2.9.9", true),
                    ("3.0.0", false),
                ],
            ),
        ];
        for (text, versions) in cases {
            let range = r(text);
            for (s, want) in *versions {
                assert_eq!(range.contains(&v(s)), *want, "{text} / {s}");
                assert_eq!(range.contains_checked(&v(s)), Some(*want));
            }
        }
        // The Go table's "simple expression errors" (its "!1.2.3" entry in fact parses).
        for bad in [
            ">>1.2.3",
            "1.0",
            "string",
            "",
            "fo.ob.ar.x",
            "invalid version",
        ] {
            assert!(Range::parse(bad).is_err(), "{bad:?}");
        }
    }

    // ---- Quirks ----

    #[test]
    fn quirk_dropped_token() {
        let q = quirks("1.2.3 - 2.0.0");
        assert_eq!(q, vec![RangeQuirk::DroppedToken { token: "-".into() }]);
        assert_eq!(
            q[0].message(),
            "the one-character token \"-\" is silently dropped by OLM's range parser, so a hyphen range like \"1.2.3 - 2.0.0\" means =1.2.3 AND =2.0.0"
        );
        assert_eq!(
            q[0].suggestion(),
            "write the range with explicit bounds, such as \">=1.2.3 <=2.0.0\""
        );
        let q = quirks("! 1.2.3");
        assert_eq!(q, vec![RangeQuirk::DroppedToken { token: "!".into() }]);
        assert!(q[0].message().contains("the opposite"));
        assert!(q[0].suggestion().contains("\"!=1.2.3\""));
        assert_eq!(
            quirks("1.0.0 | 2.0.0"),
            vec![RangeQuirk::DroppedToken { token: "|".into() }]
        );
        assert_eq!(
            quirks("*"),
            vec![RangeQuirk::DroppedToken { token: "*".into() }]
        );
        assert_eq!(
            quirks("1.0.0 <"),
            vec![RangeQuirk::DroppedToken { token: "<".into() }]
        );
        // Harmless stray white space is not reported.
        assert!(quirks("1.0.0 \t 2.0.0").is_empty());
    }

    #[test]
    fn quirk_patch_wildcard_bug() {
        let q = quirks("1.x.x");
        assert_eq!(
            q,
            vec![RangeQuirk::PatchWildcardBug {
                token: "1.x.x".into()
            }]
        );
        assert_eq!(
            q[0].message(),
            "OLM's range parser reads \"1.x.x\" as a patch wildcard, so it means \">=1.0.0 <1.1.0\", not \">=1.0.0 <2.0.0\""
        );
        assert_eq!(
            q[0].suggestion(),
            "write \"1.x\" (which means \">=1.0.0 <2.0.0\") or explicit bounds"
        );
        assert_eq!(
            quirks(">1.x.x"),
            vec![RangeQuirk::PatchWildcardBug {
                token: ">1.x.x".into()
            }]
        );
        // With >= and < the bound is the same either way.
        assert!(quirks(">=1.x.x <3.x.x").is_empty());
        assert!(quirks("1.2.x").is_empty());
    }

    #[test]
    fn quirk_unsatisfiable_not_equal_wildcard() {
        let q = quirks("!=1.2.x");
        assert_eq!(
            q,
            vec![RangeQuirk::UnsatisfiableNotEqualWildcard {
                token: "!=1.2.x".into()
            }]
        );
        assert!(q[0].message().contains("\"<1.2.0 >=1.3.0\""));
        assert_eq!(
            q[0].suggestion(),
            "to exclude those versions write \"<1.2.0 || >=1.3.0\" as its own alternatives"
        );
        // The suggestion does what it says.
        let fixed = r("<1.2.0 || >=1.3.0");
        assert!(fixed.contains(&v("1.3.0")) && !fixed.contains(&v("1.2.5")));
        assert_eq!(
            quirks("!1.x"),
            vec![RangeQuirk::UnsatisfiableNotEqualWildcard {
                token: "!1.x".into()
            }]
        );
        assert_eq!(
            quirks("!=1.x.x"),
            vec![
                RangeQuirk::PatchWildcardBug {
                    token: "!=1.x.x".into()
                },
                RangeQuirk::UnsatisfiableNotEqualWildcard {
                    token: "!=1.x.x".into()
                },
            ]
        );
    }

    #[test]
    fn quirk_unknown_operator_dropped() {
        let range = r("~1.2.x");
        assert!(range.contains(&v("1.2.0")));
        assert!(!range.contains(&v("1.2.5")));
        assert_eq!(r("^1.x").to_string(), "=1.0.0");
        assert_eq!(r("=>1.x").to_string(), "=1.0.0");
        // Anything before the first digit counts as the operator, even a "v".
        assert_eq!(r("v1.2.x").to_string(), "=1.2.0");
        assert_eq!(r(">x1.0.0").to_string(), "=1.0.0");
        assert_eq!(
            quirks("v1.2.x"),
            vec![RangeQuirk::UnknownOperatorDropped {
                token: "v1.2.x".into(),
                operator: "v".into()
            }]
        );
        let q = quirks("~1.2.x");
        assert_eq!(
            q,
            vec![RangeQuirk::UnknownOperatorDropped {
                token: "~1.2.x".into(),
                operator: "~".into()
            }]
        );
        assert_eq!(
            q[0].message(),
            "OLM's range parser does not know the operator \"~\" but silently discards it in the wildcard token \"~1.2.x\", which then means exactly \"1.2.0\""
        );
        assert_eq!(
            q[0].suggestion(),
            "write explicit bounds with =, !=, >, >=, < or <=, such as \">=1.2.0 <1.3.0\""
        );
    }

    #[test]
    fn quirk_x_outside_wildcard() {
        let q = quirks("1.0.0-xyz");
        assert_eq!(
            q,
            vec![RangeQuirk::XOutsideWildcard {
                token: "1.0.0-xyz".into()
            }]
        );
        assert!(
            q[0].message()
                .ends_with("which makes the range fail to parse"),
            "{}",
            q[0].message()
        );
        assert!(q[0].suggestion().contains(">= or <"));
        assert_eq!(
            quirks("=1.0.0-fix"),
            vec![RangeQuirk::XOutsideWildcard {
                token: "=1.0.0-fix".into()
            }]
        );
        // Rewritten rather than rejected: ".x" becomes ".0" inside the pre-release.
        let q = quirks("<1.0.0-beta.xyz");
        assert_eq!(
            q,
            vec![RangeQuirk::XOutsideWildcard {
                token: "<1.0.0-beta.xyz".into()
            }]
        );
        assert!(q[0]
            .message()
            .ends_with("rewrites it to \"<1.0.0-beta.0yz\""));
        let range = r("<1.0.0-beta.xyz");
        assert!(range.contains(&v("1.0.0-beta.1")));
        assert!(!range.contains(&v("1.0.0-beta.abc")), "beta.abc > beta.0yz");
        // Kept intact: >= and < without a dot before the x.
        assert!(quirks(">=1.0.0-xyz").is_empty());
        assert!(r(">=1.0.0-xyz").contains(&v("1.0.0-xyz")));
        assert!(quirks("<1.0.0+exp").is_empty());
    }

    #[test]
    fn quirk_empty_or_group() {
        let q = quirks("<1.0.0 || || >=2.0.0");
        assert_eq!(q, vec![RangeQuirk::EmptyOrGroup]);
        assert!(q[0].message().contains("crashes"));
        assert_eq!(q[0].suggestion(), "remove the extra \"||\"");
    }

    #[test]
    fn quirks_on_unparsable_text_and_clean_text() {
        assert_eq!(
            quirks("- 1.x.x ^1.0.0"),
            vec![
                RangeQuirk::DroppedToken { token: "-".into() },
                RangeQuirk::PatchWildcardBug {
                    token: "1.x.x".into()
                },
            ]
        );
        for clean in [
            ">=1.0.0 <2.0.0",
            "1.2.x",
            ">= 1.18.0 < 1.28.0",
            "<1.0.0 || >=3.0.0",
            "",
        ] {
            assert!(quirks(clean).is_empty(), "{clean:?}");
        }
    }

    #[test]
    fn display_of_ranges() {
        assert_eq!(r("1.2.x || >2.0.0").to_string(), ">=1.2.0 <1.3.0 || >2.0.0");
        assert_eq!(r("== 1.0.0+b").to_string(), "=1.0.0+b");
        // The display text parses back to the same range.
        for text in ["1.x || >=2.0.x <2.2.x", "!1.2.3", ">=4.1.0-0 <4.1.2"] {
            let range = r(text);
            assert_eq!(r(&range.to_string()), range);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn parse_and_quirks_never_panic(s in any::<String>()) {
            let _ = Range::parse(&s);
            for q in quirks(&s) {
                let _ = (q.message(), q.suggestion());
            }
        }

        #[test]
        fn parse_never_panics_on_rangeish_text(s in "[0-9x.<>=!|~^*, +\\-a-zé١\t]{0,24}") {
            if let Ok(range) = Range::parse(&s) {
                let _ = range.contains_checked(&Version::new(1, 2, 3));
                let _ = range.to_string();
            }
            for q in quirks(&s) {
                prop_assert!(!q.message().is_empty() && !q.suggestion().is_empty());
            }
        }

        #[test]
        fn bounds_agree_with_compare(
            a in (0u64..3, 0u64..3, 0u64..3),
            b in (0u64..3, 0u64..3, 0u64..3),
            c in (0u64..3, 0u64..3, 0u64..3, prop::option::of(0u64..3)),
        ) {
            let a = Version::new(a.0, a.1, a.2);
            let b = Version::new(b.0, b.1, b.2);
            let mut x = Version::new(c.0, c.1, c.2);
            if let Some(n) = c.3 {
                x.pre.push(crate::semver::PrereleaseId::Numeric(n));
            }
            let range = r(&format!(">={a} <{b}"));
            prop_assert_eq!(range.contains(&x), a <= x && x < b);
            let range = r(&format!("<{a} || >{b}"));
            prop_assert_eq!(range.contains(&x), x < a || x > b);
            let range = r(&format!("!{a} <={b}"));
            prop_assert_eq!(range.contains(&x), x != a && x <= b);
            let range = r(&format!("{}.{}.x", a.major, a.minor));
            prop_assert_eq!(
                range.contains(&x),
                x >= Version::new(a.major, a.minor, 0) && x < Version::new(a.major, a.minor + 1, 0)
            );
        }
    }
}
