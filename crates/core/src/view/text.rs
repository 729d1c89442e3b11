//! The words of a drawing, shared by the web app and every export: node labels (the version
//! first, with a caption for what it does not say), shortening in the middle, the deprecation
//! wording, and the CSS class of each edge kind.

use crate::graph::EdgeKind;
use crate::model::Package;

/// The one wording of the legacy `olm.deprecated` bundle property.
pub const LEGACY_DEPRECATION: &str =
    "legacy olm.deprecated property: prohibited by OLM v0, which never installs it";

/// Room one character of a node's first line (its version) takes, in layout units.
pub const PRIMARY_CHAR_WIDTH: f64 = 8.0;
/// Room one character of a node's caption (its name, when the version does not say it) takes.
pub const CAPTION_CHAR_WIDTH: f64 = 5.6;
/// Room the HEAD badge takes on a node's first line.
pub const HEAD_BADGE_WIDTH: f64 = 40.0;
/// Room the deprecation badge takes on a node's first line.
pub const DEPRECATED_BADGE_WIDTH: f64 = 19.0;
/// Horizontal padding of the first line (left of the text and right of the badges).
const PRIMARY_PAD: f64 = 18.0;
/// Horizontal padding of the caption.
const CAPTION_PAD: f64 = 14.0;

impl EdgeKind {
    /// The CSS class of edges, bands and markers of this kind, in the app and in every export:
    /// `replaces`, `skips`, `skipRange`.
    ///
    /// # Complexity
    /// O(1).
    pub fn css_class(self) -> &'static str {
        self.as_str()
    }
}

/// Whether a bundle carries the legacy `olm.deprecated` property (prohibited by OLM v0).
///
/// # Complexity
/// O(log B) for B bundles of the package.
pub fn is_legacy_deprecated(package: &Package, bundle: &str) -> bool {
    package.bundle(bundle).is_some_and(|b| b.legacy_deprecated)
}

/// Why a bundle is deprecated, in the one wording every view uses: its `olm.deprecations`
/// message (trimmed), then [`LEGACY_DEPRECATION`] on its own line when it carries the legacy
/// property. `None` when neither applies.
///
/// # Complexity
/// O(log B + log D) for B bundles and D bundle deprecations of the package.
pub fn deprecation_text(package: &Package, bundle: &str) -> Option<String> {
    let message = package.deprecations.bundles.get(bundle).map(String::as_str);
    deprecation_words(message, is_legacy_deprecated(package, bundle))
}

/// [`deprecation_text`] of a bundle with this `olm.deprecations` message and legacy flag.
pub(crate) fn deprecation_words(message: Option<&str>, legacy: bool) -> Option<String> {
    match (message.map(str::trim), legacy) {
        (Some(m), true) => Some(format!("{m}\n{LEGACY_DEPRECATION}")),
        (Some(m), false) => Some(m.to_string()),
        (None, true) => Some(LEGACY_DEPRECATION.to_string()),
        (None, false) => None,
    }
}

/// Shortens `text` to at most `max` characters with an ellipsis in the middle (texts of fewer
/// than five characters, or a `max` under five, are kept whole).
///
/// # Complexity
/// O(length of `text`).
pub fn ellipsize_middle(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max || max < 5 {
        return text.to_string();
    }
    let keep = max - 1;
    let head = keep / 2;
    let tail = keep - head;
    let mut s: String = text.chars().take(head).collect();
    s.push('…');
    s.extend(text.chars().skip(count - tail));
    s
}

/// Shortens `text` to at most `max` characters with an ellipsis at the end.
pub(crate) fn ellipsize_end(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(max.saturating_sub(1)).collect();
        t.push('…');
        t
    }
}

/// The two lines of a node's label, whole: its version (or its name when the version is
/// unknown), and a caption with what the version line does not say: the name's prefix when it
/// is not the package's name (`quay-operator` in package `project-quay`), the whole name when
/// it does not end with the version, "version unknown" for a name without a version, nothing
/// for the usual `<package>.v<version>`.
///
/// # Complexity
/// O(length of the name).
pub fn node_lines(name: &str, version: Option<&str>, package: &str) -> (String, Option<String>) {
    let Some(v) = version else {
        return (name.to_string(), Some("version unknown".into()));
    };
    let v = v.trim_start_matches('v');
    let first = format!("v{v}");
    let prefix = name
        .strip_suffix(v)
        .map(|p| p.strip_suffix('v').unwrap_or(p))
        .map(|p| p.trim_end_matches(['.', '-', '_']));
    match prefix {
        Some(p) if p == package => (first, None),
        Some(p) if !p.is_empty() => (first, Some(p.to_string())),
        _ => (first, Some(name.to_string())),
    }
}

/// A node's label as drawn: each line shortened in the middle to fit the box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeLabel {
    /// The first line: the version (or the name when the version is unknown).
    pub primary: String,
    /// The second line, when the first does not say everything.
    pub caption: Option<String>,
}

impl NodeLabel {
    /// The label of a node named `name` of `package`, in a box `width` wide whose first line
    /// also holds the HEAD badge (`head`) and the deprecation badge (`deprecated`).
    ///
    /// # Complexity
    /// O(length of the name).
    pub fn new(
        name: &str,
        version: Option<&str>,
        package: &str,
        width: f64,
        badges: (bool, bool),
    ) -> NodeLabel {
        let (primary, caption) = node_lines(name, version, package);
        let room = |w: f64, per_char: f64, least: usize| {
            let chars = (w / per_char).floor();
            if chars.is_finite() && chars > least as f64 {
                chars as usize
            } else {
                least
            }
        };
        let badge_w = badge_width(badges);
        let max_primary = room(width - PRIMARY_PAD - badge_w, PRIMARY_CHAR_WIDTH, 6);
        let max_caption = room(width - CAPTION_PAD, CAPTION_CHAR_WIDTH, 8);
        NodeLabel {
            primary: ellipsize_middle(&primary, max_primary),
            caption: caption.map(|c| ellipsize_middle(&c, max_caption)),
        }
    }

    /// The narrowest box that shows the whole label of this node (see [`NodeLabel::new`]).
    ///
    /// # Complexity
    /// O(length of the name).
    pub fn width_needed(
        name: &str,
        version: Option<&str>,
        package: &str,
        badges: (bool, bool),
    ) -> f64 {
        let (primary, caption) = node_lines(name, version, package);
        let first =
            primary.chars().count() as f64 * PRIMARY_CHAR_WIDTH + PRIMARY_PAD + badge_width(badges);
        let second = caption.map_or(0.0, |c| {
            c.chars().count() as f64 * CAPTION_CHAR_WIDTH + CAPTION_PAD
        });
        first.max(second).ceil()
    }
}

fn badge_width((head, deprecated): (bool, bool)) -> f64 {
    let mut w = 0.0;
    if head {
        w += HEAD_BADGE_WIDTH;
    }
    if deprecated {
        w += DEPRECATED_BADGE_WIDTH;
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ellipsizing_keeps_both_ends() {
        assert_eq!(ellipsize_middle("abcdefghij", 7), "abc…hij");
        assert_eq!(ellipsize_middle("abcdefghij", 10), "abcdefghij");
        assert_eq!(ellipsize_middle("abcdefghij", 4), "abcdefghij");
        assert_eq!(ellipsize_middle("ääääääääää", 5), "ää…ää");
        assert_eq!(ellipsize_end("abcdef", 4), "abc…");
        assert_eq!(ellipsize_end("abc", 4), "abc");
    }

    #[test]
    fn labels_say_the_version_first() {
        let lines = |n, v| node_lines(n, v, "project-quay");
        assert_eq!(
            lines("project-quay.v3.10.1", Some("3.10.1")),
            ("v3.10.1".into(), None)
        );
        assert_eq!(
            lines("quay-operator.v3.6.2", Some("3.6.2")),
            ("v3.6.2".into(), Some("quay-operator".into()))
        );
        assert_eq!(
            lines("odd-name", Some("1.0.0")),
            ("v1.0.0".into(), Some("odd-name".into()))
        );
        assert_eq!(
            lines("gone.v0.9.0", None),
            ("gone.v0.9.0".into(), Some("version unknown".into()))
        );
    }

    #[test]
    fn labels_fit_their_box() {
        let name = "hive-operator.v1.2.4355-e5f809f";
        let full = NodeLabel::new(
            name,
            Some("1.2.4355-e5f809f"),
            "other",
            1000.0,
            (true, true),
        );
        assert_eq!(full.primary, "v1.2.4355-e5f809f");
        assert_eq!(full.caption.as_deref(), Some("hive-operator"));
        let narrow = NodeLabel::new(
            name,
            Some("1.2.4355-e5f809f"),
            "other",
            128.0,
            (true, false),
        );
        // (128 - 18 - 40) / 8 = 8 characters.
        assert_eq!(narrow.primary, "v1.…809f");
        assert_eq!(narrow.primary.chars().count(), 8);
        let need = NodeLabel::width_needed(name, Some("1.2.4355-e5f809f"), "other", (true, true));
        let fitted = NodeLabel::new(name, Some("1.2.4355-e5f809f"), "other", need, (true, true));
        assert_eq!(fitted, full);
        // Nonsense widths never panic and keep a few characters.
        for w in [f64::NAN, -5.0, 0.0, f64::INFINITY] {
            let l = NodeLabel::new(name, None, "p", w, (false, false));
            assert!(l.primary.chars().count() >= 6, "{w}: {l:?}");
        }
    }

    #[test]
    fn one_class_per_edge_kind() {
        assert_eq!(EdgeKind::Replaces.css_class(), "replaces");
        assert_eq!(EdgeKind::Skips.css_class(), "skips");
        assert_eq!(EdgeKind::SkipRange.css_class(), "skipRange");
    }
}
