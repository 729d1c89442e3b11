//! The curator lint over blang's range reading: each [`RangeQuirk`] is a place where a
//! `skipRange` means something other than what its author (or npm or Cargo semver) would
//! expect (spec/olm.md §4, the cases that surprise), with the message and the suggested rewrite
//! `validate` reports.

use super::parse::{
    build_version_range, expand_token, split_and_trim, split_comparator_version, split_or_parts,
    wildcard_type, Wildcard,
};
use super::Op;
use crate::semver::go_quote;

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
pub(super) fn token_builds(ap: &str) -> bool {
    split_comparator_version(ap).is_ok_and(|(op, v)| build_version_range(op, v, ap).is_ok())
}

/// The expansion of one token, joined with spaces, or `(error)` text for the messages.
pub(super) fn expansion_text(token: &str) -> String {
    match expand_token(token) {
        Ok(parts) => parts.join(" "),
        Err(e) => e.to_string(),
    }
}
